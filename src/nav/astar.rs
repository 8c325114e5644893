//! A* over triangles. A search node is a triangle entered at a point (the start, or the midpoint
//! of the portal it was entered through); moving to a neighbour costs the distance to the
//! midpoint of the shared edge, and the heuristic is the straight distance to the goal, which
//! never overestimates.

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
        if g > current.g {
            continue; // stale entry
        }
        let (tri, at) = (current.tri, current.at);
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
            let mid = verts[k].midpoint(verts[(k + 1) % 3]);
            let ng = g + at.distance(mid);
            let s = slot[n.index()];
            let index = if s == 0 {
                nodes.push(Node {
                    tri: n,
                    parent: Some(node),
                    g: ng,
                    at: mid,
                });
                slot[n.index()] = nodes.len() as u32;
                nodes.len() as u32 - 1
            } else {
                let existing = &mut nodes[s as usize - 1];
                if ng >= existing.g {
                    continue;
                }
                *existing = Node {
                    tri: n,
                    parent: Some(node),
                    g: ng,
                    at: mid,
                };
                s - 1
            };
            heap.push(Entry {
                f: ng + mid.distance(goal),
                g: ng,
                node: index,
                done: false,
            });
        }
    }
    None
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
