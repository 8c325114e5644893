//! A* over triangles. A search node is a triangle entered at a point (the start, or a point of
//! the portal it was entered through); moving to a neighbour costs the distance to the point
//! where the shared edge is crossed, and the heuristic is the straight distance to the goal.
//!
//! The crossing point is the point q of the edge that minimises |entry - q| + |q - goal| (where
//! the straight line to the goal crosses the edge, or the edge point nearest that line), so
//! costs follow real path lengths closely and the search stays narrow. Any choice of crossing
//! points keeps the heuristic consistent (triangle inequality), hence admissible.
//! ```text
//!        l                      goal'  (the goal mirrored across the edge when it lies on
//!   at --+-- q ------> goal            the entry's side; q is clamped to the edge [l, r])
//!        r
//! ```

use super::corridor::Corridor;
use super::mesh::{NavMesh, TriId};
use crate::geom::Point;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

struct Node {
    tri: TriId,
    parent: Option<u32>,
    g: f64,
    at: Point,
    closed: bool,
}

#[derive(PartialEq)]
struct Entry {
    f: f64,
    g: f64,
    node: u32,
    /// True for a finished path (node is a goal triangle and `g` includes the last leg).
    done: bool,
}

impl Eq for Entry {}

impl Ord for Entry {
    fn cmp(&self, o: &Self) -> Ordering {
        // Min-heap on f; among equal f prefer finished paths, then deeper nodes.
        o.f.total_cmp(&self.f)
            .then(self.done.cmp(&o.done))
            .then(self.g.total_cmp(&o.g))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// Finds a corridor from `start` (in any of `start_tris`) to `goal` (in any of `goal_tris`).
/// Returns `None` when no goal triangle can be reached.
pub fn astar(
    mesh: &NavMesh,
    start: Point,
    start_tris: &[TriId],
    goal: Point,
    goal_tris: &[TriId],
) -> Option<Corridor> {
    search(mesh, start, start_tris, goal, goal_tris, |_| {})
}

/// The search with a callback on every expanded triangle (for step-through views and tests).
pub(crate) fn search(
    mesh: &NavMesh,
    start: Point,
    start_tris: &[TriId],
    goal: Point,
    goal_tris: &[TriId],
    mut on_expand: impl FnMut(TriId),
) -> Option<Corridor> {
    // slot[t] = index + 1 of the node of triangle t; zeroed memory is free to allocate.
    let mut slot = vec![0u32; mesh.triangle_count()];
    let mut nodes: Vec<Node> = Vec::new();
    let mut heap = BinaryHeap::new();
    for &t in start_tris {
        if slot[t.index()] == 0 {
            nodes.push(Node {
                tri: t,
                parent: None,
                g: 0.0,
                at: start,
                closed: false,
            });
            slot[t.index()] = nodes.len() as u32;
            heap.push(Entry {
                f: start.distance(goal),
                g: 0.0,
                node: nodes.len() as u32 - 1,
                done: false,
            });
        }
    }
    while let Some(Entry { g, node, done, .. }) = heap.pop() {
        let current = &nodes[node as usize];
        if done {
            return Some(corridor(mesh, &nodes, node, start, goal));
        }
        if g > current.g || current.closed {
            continue; // stale entry
        }
        nodes[node as usize].closed = true;
        let (tri, at) = (nodes[node as usize].tri, nodes[node as usize].at);
        on_expand(tri);
        if goal_tris.contains(&tri) {
            let total = g + at.distance(goal);
            heap.push(Entry {
                f: total,
                g: total,
                node,
                done: true,
            });
        }
        let verts = mesh.triangle_points(tri);
        for (k, n) in mesh.neighbors(tri).into_iter().enumerate() {
            let Some(n) = n else { continue };
            let cross = crossing_point(at, verts[k], verts[(k + 1) % 3], goal);
            let ng = g + at.distance(cross);
            let next = Node {
                tri: n,
                parent: Some(node),
                g: ng,
                at: cross,
                closed: false,
            };
            let s = slot[n.index()];
            let index = if s == 0 {
                nodes.push(next);
                slot[n.index()] = nodes.len() as u32;
                nodes.len() as u32 - 1
            } else {
                // Expanded triangles stay closed; open ones take the cheaper entry.
                let existing = &mut nodes[s as usize - 1];
                if existing.closed || ng >= existing.g {
                    continue;
                }
                *existing = next;
                s - 1
            };
            heap.push(Entry {
                f: ng + cross.distance(goal),
                g: ng,
                node: index,
                done: false,
            });
        }
    }
    None
}

/// The point q of segment [a, b] minimising |from - q| + |q - to|.
fn crossing_point(from: Point, a: Point, b: Point, to: Point) -> Point {
    let d = b - a;
    let len_sq = d.length_sq();
    if len_sq == 0.0 {
        return a;
    }
    // Signed distances (scaled by |d|) of both points from the edge's line.
    let side_from = d.cross(from - a);
    let mut target = to;
    let side_to = d.cross(to - a);
    if side_from * side_to > 0.0 {
        // Same side: mirror the target so the straight line has to cross.
        target = to - d.perp() * (2.0 * side_to / len_sq);
    }
    let side_target = d.cross(target - a);
    let denominator = side_from - side_target;
    let t = if denominator != 0.0 {
        // Where the segment from -> target meets the line, as a parameter along a -> b.
        let hit = from + (target - from) * (side_from / denominator);
        (hit - a).dot(d) / len_sq
    } else {
        // from and target both on the line: the nearer end of the overlap.
        (from - a).dot(d) / len_sq
    };
    if t.is_finite() {
        a.lerp(b, t.clamp(0.0, 1.0))
    } else {
        a.midpoint(b)
    }
}

fn corridor(mesh: &NavMesh, nodes: &[Node], last: u32, start: Point, goal: Point) -> Corridor {
    let mut triangles = Vec::new();
    let mut cursor = Some(last);
    while let Some(i) = cursor {
        triangles.push(nodes[i as usize].tri);
        cursor = nodes[i as usize].parent;
    }
    triangles.reverse();
    let edges = triangles
        .windows(2)
        .map(|w| mesh.edge_left_right(w[0], mesh.shared_edge(w[0], w[1]).unwrap_or(0)))
        .collect();
    Corridor {
        start,
        goal,
        triangles,
        edges,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn crossing_point_follows_the_straight_line_or_the_nearest_end() {
        let (a, b) = (p(0.0, -1.0), p(0.0, 1.0));
        assert_eq!(crossing_point(p(-2.0, 0.5), a, b, p(2.0, 0.5)), p(0.0, 0.5));
        // The line to the goal misses the edge: the end nearer to it.
        assert_eq!(crossing_point(p(-2.0, 5.0), a, b, p(2.0, 5.0)), p(0.0, 1.0));
        // Goal on the same side: mirrored, so the crossing minimises the detour.
        let q = crossing_point(p(-2.0, 0.0), a, b, p(-2.0, 0.4));
        assert!((q.y - 0.2).abs() < 1e-12 && q.x == 0.0, "{q}");
        // Degenerate edge.
        assert_eq!(
            crossing_point(p(-1.0, 0.0), p(3.0, 3.0), p(3.0, 3.0), p(1.0, 0.0)),
            p(3.0, 3.0)
        );
    }

    #[test]
    fn crossing_point_minimises_the_detour() {
        let mut rng = crate::rng::Rng::new(1);
        for _ in 0..500 {
            let mut q = || p(rng.range(-5.0, 5.0), rng.range(-5.0, 5.0));
            let (from, a, b, to) = (q(), q(), q(), q());
            let best = crossing_point(from, a, b, to);
            let cost = |x: Point| from.distance(x) + x.distance(to);
            for i in 0..=100 {
                let other = a.lerp(b, i as f64 / 100.0);
                assert!(
                    cost(best) <= cost(other) + 1e-9,
                    "{from} {a} {b} {to}: {best} vs {other}"
                );
            }
        }
    }
}
