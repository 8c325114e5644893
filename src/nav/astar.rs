//! A* over triangles. A search node is a triangle entered at a point (the start, or the midpoint
//! of the portal it was entered through); moving to a neighbour costs the distance to the
//! midpoint of the shared edge, and the heuristic is the straight distance to the goal, which
//! never overestimates.
//!
//! A [`Passage`] decides which moves are allowed: every move for a point agent ([`astar`]), or
//! only moves wide enough for a disc (`clearance::DiscPassage`). When the rule depends on the
//! edge a triangle was entered through, a triangle is searched once per entry edge, so a narrow
//! turn reached first does not hide a wide one reached later.

use super::corridor::Corridor;
use super::mesh::{NavMesh, TriId};
use crate::geom::Point;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Which moves between triangles a search may make.
pub(crate) trait Passage {
    /// True when the rule depends on the entry edge, so a triangle is searched once per entry.
    const BY_ENTRY: bool;
    /// `Err(width)` when leaving `t` across edge `exit` (having entered across `entry`, `None`
    /// in a start triangle) is too narrow; `width` is what the move offers.
    fn check(&self, t: TriId, entry: Option<usize>, exit: usize) -> Result<(), f64>;
}

/// A point agent may make every move.
struct PointPassage;

impl Passage for PointPassage {
    const BY_ENTRY: bool = false;

    fn check(&self, _: TriId, _: Option<usize>, _: usize) -> Result<(), f64> {
        Ok(())
    }
}

/// A move a search could not make: leaving `triangle` across edge `exit` after entering across
/// `entry` (`None`: from the start point), where only `width` was available.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BlockedCrossing {
    pub triangle: TriId,
    pub entry: Option<usize>,
    pub exit: usize,
    pub width: f64,
}

impl BlockedCrossing {
    /// Where the narrow place is: the vertex the crossing turns round, or the middle of the exit
    /// edge when leaving a start triangle.
    pub fn at(&self, mesh: &NavMesh) -> Point {
        let pts = mesh.triangle_points(self.triangle);
        match self.entry {
            Some(entry) => pts[super::clearance::shared_vertex(entry, self.exit)],
            None => pts[self.exit].midpoint(pts[(self.exit + 1) % 3]),
        }
    }
}

/// What a search found: a corridor, and every move it was refused on the way.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchOutcome {
    pub corridor: Option<Corridor>,
    pub blocked: Vec<BlockedCrossing>,
}

struct Node {
    tri: TriId,
    /// The edge of `tri` this node entered through (`None` for start nodes).
    entry: Option<usize>,
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
        o.f.total_cmp(&self.f).then(self.done.cmp(&o.done)).then(self.g.total_cmp(&o.g))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// Finds a corridor from `start` (in any of `start_tris`) to `goal` (in any of `goal_tris`).
/// Returns `None` when no goal triangle can be reached.
pub fn astar(mesh: &NavMesh, start: Point, start_tris: &[TriId], goal: Point, goal_tris: &[TriId]) -> Option<Corridor> {
    search(mesh, start, start_tris, goal, goal_tris, &PointPassage, |_| {}).corridor
}

/// The search under a passage rule, with a callback on every expanded triangle (for
/// step-through views and tests).
pub(crate) fn search<P: Passage>(
    mesh: &NavMesh,
    start: Point,
    start_tris: &[TriId],
    goal: Point,
    goal_tris: &[TriId],
    passage: &P,
    mut on_expand: impl FnMut(TriId),
) -> SearchOutcome {
    let key = |t: TriId, entry: Option<usize>| if P::BY_ENTRY { t.index() * 4 + entry.unwrap_or(3) } else { t.index() };
    // slot[key] = index + 1 of the node of that key; zeroed memory is free to allocate.
    let mut slot = vec![0u32; mesh.triangle_count() * if P::BY_ENTRY { 4 } else { 1 }];
    let mut nodes: Vec<Node> = Vec::new();
    let mut heap = BinaryHeap::new();
    let mut outcome = SearchOutcome::default();
    for &t in start_tris {
        if slot[key(t, None)] == 0 {
            nodes.push(Node { tri: t, entry: None, parent: None, g: 0.0, at: start });
            slot[key(t, None)] = nodes.len() as u32;
            heap.push(Entry { f: start.distance(goal), g: 0.0, node: nodes.len() as u32 - 1, done: false });
        }
    }
    while let Some(Entry { g, node, done, .. }) = heap.pop() {
        let current = &nodes[node as usize];
        if done {
            outcome.corridor = Some(corridor(mesh, &nodes, node, start, goal));
            return outcome;
        }
        if g > current.g {
            continue; // stale entry
        }
        let (tri, entry, at) = (current.tri, current.entry, current.at);
        on_expand(tri);
        if goal_tris.contains(&tri) {
            let total = g + at.distance(goal);
            heap.push(Entry { f: total, g: total, node, done: true });
        }
        let verts = mesh.triangle_points(tri);
        for (k, n) in mesh.neighbors(tri).into_iter().enumerate() {
            let Some(n) = n else { continue };
            if Some(k) == entry {
                continue;
            }
            if let Err(width) = passage.check(tri, entry, k) {
                outcome.blocked.push(BlockedCrossing { triangle: tri, entry, exit: k, width });
                continue;
            }
            let mid = verts[k].midpoint(verts[(k + 1) % 3]);
            let ng = g + at.distance(mid);
            let n_entry = if P::BY_ENTRY { mesh.shared_edge(n, tri) } else { None };
            let s = slot[key(n, n_entry)];
            let node_of_n = Node { tri: n, entry: n_entry, parent: Some(node), g: ng, at: mid };
            let index = if s == 0 {
                nodes.push(node_of_n);
                slot[key(n, n_entry)] = nodes.len() as u32;
                nodes.len() as u32 - 1
            } else {
                let existing = &mut nodes[s as usize - 1];
                if ng >= existing.g {
                    continue;
                }
                *existing = node_of_n;
                s - 1
            };
            heap.push(Entry { f: ng + mid.distance(goal), g: ng, node: index, done: false });
        }
    }
    outcome
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
    Corridor { start, goal, triangles, edges }
}
