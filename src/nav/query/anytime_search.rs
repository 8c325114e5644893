//! The anytime corridor search (after Demyen and Buro's TA*): a best-first search whose cost to
//! a portal is measured along the funnel of the corridor that reached it, not along a chain of
//! edge points, and which keeps searching after the first corridor it finds while an open node
//! could still lead to a shorter funnel path, within a budget.
//!
//! It searches the convex polygons merged from the triangles (`mesh::convex`), as the exact
//! search does: a straight way between two edges of a convex polygon crosses only the
//! triangles between them, so the polygons' funnel is the triangles' funnel, with a third as
//! many portals to cross. It reads them packed for it (`mesh::packed_polys`): the search waits
//! mostly for memory. The corridor found is handed out as triangles, read from the same packing.
//! It never enters a tree of polygons hanging off the rest of the mesh (`mesh::hanging_trees`)
//! that does not hold the goal: a way into one comes back out across the same edge.
//!
//! A node is a polygon entered across one edge, carrying the funnel of its corridor so far as
//! the deque funnel keeps it (`funnel_deque`): the apex, the length of the path to it, and the
//! two concave sides, each of at most [`CHAIN`] ends (a longer side forgets its end nearest the
//! apex, which only shortens the lengths below).
//! ```text
//!    l2 --- l1 ------ l          The node's lower bound: the length of the shortest path from
//!             \                  the start through the corridor's portals and on straight to
//!             apex   --> goal    the goal (the funnel with the goal added as its next end), a
//!             /                  bound of every path through the corridor, and its length
//!    r2 --- r1 ------ r          where the goal is in view.
//! ```
//! Open nodes are expanded in the order of an estimate: the larger of the lower bound and the
//! way to the portal (the path to the apex, then straight to the portal) plus the landmarks'
//! bound from the portal to the goal (`landmarks`, which sees the detours a straight line does
//! not). On a map of long detours that keeps the search on the way it will take. A goal
//! polygon ends a corridor: its lower bound is its funnel path's length (measured by string
//! pulling if a side forgot ends), and the shortest is kept. The search then goes on for at
//! most `budget` more expansions, skipping every node whose lower bound is not below that
//! length, and stops once the least estimate open is not below it either (the landmarks' part
//! of an estimate may overstate a way a little, so that stop is measured, not exact).
//! Up to [`ARRIVALS_PER_PORTAL`] corridors may arrive at one polygon across one edge (one, as
//! in A*, often keeps a corridor that looks short there but ends longer than one that arrived
//! later), so the search always ends. With cost areas (whose costs a funnel length does not
//! weigh) it is the plain A* (`astar`).

use super::corridor_opt::{Open, funnel_length};
use crate::geom::{Point, Segment, orient};
use crate::nav::mesh::convex::ConvexMesh;
use crate::nav::mesh::ids::TriId;
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::mesh::packed_polys::{LocalTri, OUT, Packed, PackedPolys, Slot};
use crate::nav::paths::optimal::heuristic;
use crate::nav::search::astar::astar;
use crate::nav::search::corridor::{Corridor, Hand};
use smallvec::SmallVec;
use std::cell::Cell;
use std::collections::BinaryHeap;

/// How many corridors may arrive at one polygon across one edge (1 makes it an A*).
const ARRIVALS_PER_PORTAL: u8 = 3;

/// Finds a corridor from `start` (in any of `start_tris`) to `goal` (in any of `goal_tris`)
/// whose funnel path is short, expanding at most `budget` polygons after the first corridor
/// found. `None` when no goal triangle can be reached.
pub fn anytime_corridor(
    mesh: &NavMesh,
    (start, start_tris): (Point, &[TriId]),
    (goal, goal_tris): (Point, &[TriId]),
    budget: usize,
) -> Option<Corridor> {
    if !mesh.cost_map().is_empty() {
        return astar(mesh, start, start_tris, goal, goal_tris);
    }
    let packed = mesh.packed_polys();
    let mut scratch = SCRATCH.take();
    scratch.reset(packed.slot_count() + packed.polygon_count());
    let search = Search {
        mesh,
        convex: mesh.convex(),
        packed,
        start: (start, start_tris),
        goal: (goal, goal_tris),
        goal_distances: goal_tris.first().map_or_else(Vec::new, |&t| {
            let rows = mesh.triangle(t).map(|v| packed.row(v));
            packed.landmarks().goal(goal, rows, mesh.triangle_points(t))
        }),
    };
    let found = search.run(&mut scratch, budget);
    SCRATCH.set(scratch);
    found
}

/// Most ends a funnel side keeps; a side that grows longer forgets its end nearest the apex.
const CHAIN: usize = 8;

/// One side of a funnel: the portal ends it bends at, from the apex outwards.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Chain {
    ends: [Point; CHAIN],
    len: u8,
}

impl Chain {
    const EMPTY: Chain = Chain {
        ends: [Point::new(0.0, 0.0); CHAIN],
        len: 0,
    };

    fn first(&self) -> Option<Point> {
        (self.len > 0).then(|| self.ends[0])
    }

    fn last(&self) -> Option<Point> {
        (self.len > 0).then(|| self.ends[self.len as usize - 1])
    }

    /// Adds `p` at the far end; true when that made the side forget its first end.
    fn push(&mut self, p: Point) -> bool {
        let full = self.len as usize == CHAIN;
        if full {
            self.pop_first();
        }
        self.ends[self.len as usize] = p;
        self.len += 1;
        full
    }

    fn pop_first(&mut self) {
        self.ends.copy_within(1..self.len as usize, 0);
        self.len -= 1;
    }
}

/// The funnel of a corridor so far (Lee and Preparata's deque, as `funnel_deque`): the apex,
/// the length of the path to it, and the two concave sides.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Funnel {
    apex: Point,
    apex_length: f64,
    sides: [Chain; 2],
    /// A side forgot an end: the lengths measured are then only lower bounds.
    shortened: bool,
}

impl Funnel {
    /// The funnel at the start.
    fn at(start: Point) -> Funnel {
        Funnel {
            apex: start,
            apex_length: 0.0,
            sides: [Chain::EMPTY; 2],
            shortened: false,
        }
    }

    /// The funnel after crossing the portal (`l`, `r`) (left and right seen walking through
    /// it), and the length of the shortest path through it and on to `goal` (at least).
    fn through(self, l: Point, r: Point, goal: Point) -> (Funnel, f64) {
        let mut f = self;
        f.add(Hand::Right, r);
        f.add(Hand::Left, l);
        if orient(r, l, goal) > 0.0 {
            // The goal lies back across the portal's line, where the deque's step does not
            // go (it would take the way round the right side's end even when the left end is
            // nearer). The apex is on the way to every point of the portal: bound the rest
            // by the straight ways from it through the portal and back to the goal.
            return (f, f.apex_length + heuristic(f.apex, l, r, l, r, goal));
        }
        let mut to_goal = f;
        to_goal.add(Hand::Right, goal);
        let right = &to_goal.sides[Hand::Right as usize];
        let mut length = to_goal.apex_length;
        let mut at = to_goal.apex;
        for &p in &right.ends[..right.len as usize] {
            length += at.distance(p);
            at = p;
        }
        (f, length)
    }

    /// Adds the new end `x` of side `hand` (the deque funnel's step).
    fn add(&mut self, hand: Hand, x: Point) {
        let (side, other) = (hand as usize, 1 - hand as usize);
        let inside = |a: Point, b: Point, x: Point| {
            let o = orient(a, b, x);
            match hand {
                Hand::Right => o >= 0.0,
                Hand::Left => o <= 0.0,
            }
        };
        while let Some(tip) = self.sides[side].last() {
            if tip == x {
                return;
            }
            let chain = &self.sides[side];
            let before = match chain.len {
                1 => self.apex,
                n => chain.ends[n as usize - 2],
            };
            if !inside(before, tip, x) {
                self.shortened |= self.sides[side].push(x);
                return;
            }
            self.sides[side].len -= 1;
        }
        while let Some(first) = self.sides[other].first() {
            if self.apex == x || !inside(self.apex, first, x) {
                break;
            }
            self.apex_length += self.apex.distance(first);
            self.apex = first;
            self.sides[other].pop_first();
        }
        if self.apex != x {
            self.shortened |= self.sides[side].push(x);
        }
    }
}

/// A convex polygon (see `mesh::convex`, numbered as packed) entered from the polygon `from`
/// (`None` for a start polygon) by the corridor of the chain of `parent`s.
struct Node {
    poly: Packed,
    from: Option<Packed>,
    parent: Option<usize>,
    /// The slot of the edge of `from` crossed into `poly` (unused for a start polygon).
    via: u32,
    funnel: Funnel,
    /// The length of the shortest path through the corridor's portals and on to the goal.
    lower: f64,
}

/// The memory of a search, kept per thread: per portal key (the slot of the polygon edge
/// crossed, `PackedPolys::slot`; past the slots, one per start polygon) the corridors that
/// arrived there; the keys touched are listed so the next search clears only them.
#[derive(Default)]
struct Scratch {
    arrivals: Vec<u8>,
    touched: Vec<usize>,
    nodes: Vec<Node>,
    heap: BinaryHeap<Open>,
}

impl Scratch {
    /// Clears what the last search left, for a search with `keys` portal keys.
    fn reset(&mut self, keys: usize) {
        for &key in &self.touched {
            self.arrivals[key] = 0;
        }
        if self.arrivals.len() < keys {
            self.arrivals.resize(keys, 0);
        }
        self.touched.clear();
        self.nodes.clear();
        self.heap.clear();
    }

    /// Opens `node` with estimate `f` unless as many corridors as allowed arrived at its
    /// portal, whose key is `key`.
    fn offer(&mut self, node: Node, f: f64, key: usize) {
        if self.arrivals[key] >= ARRIVALS_PER_PORTAL {
            return;
        }
        if self.arrivals[key] == 0 {
            self.touched.push(key);
        }
        self.arrivals[key] += 1;
        self.nodes.push(node);
        self.heap.push(Open {
            f,
            node: self.nodes.len() - 1,
        });
    }
}

thread_local! {
    static SCRATCH: Cell<Scratch> = Cell::default();
}

/// One query's search.
struct Search<'a> {
    mesh: &'a NavMesh,
    convex: &'a ConvexMesh,
    packed: &'a PackedPolys,
    start: (Point, &'a [TriId]),
    goal: (Point, &'a [TriId]),
    goal_distances: Vec<[f32; 2]>,
}

impl Search<'_> {
    fn run(&self, s: &mut Scratch, budget: usize) -> Option<Corridor> {
        let (start, start_tris) = self.start;
        let (goal, goal_tris) = self.goal;
        let (convex, packed) = (self.convex, self.packed);
        let polygons_of = |tris: &[TriId]| {
            let mut polys: Vec<Packed> = (tris.iter())
                .map(|&t| packed.packed(convex.poly_of(t)))
                .collect();
            polys.sort_unstable();
            polys.dedup();
            polys
        };
        let (start_polys, goal_polys) = (polygons_of(start_tris), polygons_of(goal_tris));
        let straight = start.distance(goal);
        for &poly in &start_polys {
            let node = Node {
                poly,
                from: None,
                parent: None,
                via: u32::MAX,
                funnel: Funnel::at(start),
                lower: straight,
            };
            s.offer(node, straight, packed.slot_count() + poly as usize);
        }
        // The shortest funnel length found and its node.
        let mut best: Option<(f64, usize)> = None;
        let mut spent = 0;
        while let Some(Open { node, f }) = s.heap.pop() {
            let bound = best.as_ref().map_or(f64::INFINITY, |b| b.0);
            if best.is_some() && (spent >= budget || f >= bound) {
                // Out of budget, or no open node is estimated to lead to a shorter path.
                break;
            }
            if s.nodes[node].lower >= bound {
                continue;
            }
            let (poly, from, funnel, lower) = {
                let n = &s.nodes[node];
                (n.poly, n.from, n.funnel, n.lower)
            };
            if best.is_some() {
                spent += 1;
            }
            if goal_polys.contains(&poly) {
                // The lower bound of a goal polygon is the funnel path's length, unless a
                // funnel side forgot ends.
                let length = if funnel.shortened {
                    let corridor = self.corridor(&s.nodes, node);
                    corridor.map_or(f64::INFINITY, |c| funnel_length(self.mesh, &c))
                } else {
                    lower
                };
                if length < bound {
                    best = Some((length, node));
                }
                continue;
            }
            let corners = packed.corners(poly);
            for (k, right) in corners.iter().enumerate() {
                let n = right.neighbor();
                let Some(n) = n.filter(|&n| Some(n) != from && !start_polys.contains(&n)) else {
                    continue;
                };
                if right.hangs() && !packed.leads_to(n, &goal_polys) {
                    // A tree without the goal: a way in must come back out this way.
                    continue;
                }
                // Edge k runs from corner k to corner k + 1, counter-clockwise: walking out
                // across it, corner k is on the right.
                let left = &corners[(k + 1) % corners.len()];
                let (l, r) = (left.point, right.point);
                let (next, lower) = funnel.through(l, r, goal);
                if lower >= bound {
                    continue;
                }
                // The way to the portal (at least the straight way from the apex) and on to
                // the goal as the landmarks see it.
                let to_portal =
                    funnel.apex_length + Segment::new(l, r).distance_to_point(funnel.apex);
                let beyond =
                    (packed.landmarks()).bound((left.row, l), (right.row, r), &self.goal_distances);
                let f = lower.max(to_portal + beyond);
                let via = packed.slot(poly) + k;
                let next = Node {
                    poly: n,
                    from: Some(poly),
                    parent: Some(node),
                    via: via as u32,
                    funnel: next,
                    lower,
                };
                s.offer(next, f, via);
            }
        }
        best.and_then(|(_, node)| self.corridor(&s.nodes, node))
    }

    /// The corridor of the chain of polygons ending at node `last`: in each polygon, the
    /// triangles from where the corridor enters it to where it leaves (or to a goal triangle).
    /// A straight way between two edges of a convex polygon crosses just these triangles, so
    /// the funnel is the polygons' funnel. `None` on a mesh whose triangles do not fit its
    /// polygons (`NavMesh::validate` finds that).
    fn corridor(&self, nodes: &[Node], last: usize) -> Option<Corridor> {
        let packed = self.packed;
        let mut chain = Vec::new();
        let mut cursor = Some(last);
        while let Some(i) = cursor {
            chain.push(&nodes[i]);
            cursor = nodes[i].parent;
        }
        chain.reverse();
        let (start_tris, goal_tris) = (self.start.1, self.goal.1);
        let starts = |t: &LocalTri| start_tris.contains(&t.id);
        let mut at = packed.triangles(chain[0].poly).iter().position(starts)? as u8;
        let (mut triangles, mut edges) = (Vec::new(), Vec::new());
        let mut walk = Vec::new();
        for (i, node) in chain.iter().enumerate() {
            let (tris, corners) = (packed.triangles(node.poly), packed.corners(node.poly));
            // The way out: the edge from corner `k` and the triangles along it on either side.
            let exit = chain.get(i + 1).map(|next| {
                let k = next.via as usize - packed.slot(node.poly);
                (k, packed.edge_triangles(next.via as usize))
            });
            walk.clear();
            let walked = match exit {
                Some((_, [leave, _])) => {
                    let point = |c: u8| corners[c as usize].point;
                    let [a, b, c] = tris.get(leave as usize)?.corners.map(point);
                    let toward = (a + b + c) * (1.0 / 3.0);
                    walk_within(tris, corners, (at, OUT), toward, &|l| l == leave, &mut walk)
                }
                None => {
                    let arrives = |l: u8| goal_tris.contains(&tris[l as usize].id);
                    walk_within(tris, corners, (at, OUT), self.goal.0, &arrives, &mut walk)
                }
            };
            if !walked {
                return None;
            }
            if i == 0 {
                // Begin at the start triangle nearest the way out: the start may lie on an
                // edge between two.
                let first = walk.iter().rposition(|&l| starts(&tris[l as usize]))?;
                walk.drain(..first);
            }
            for (j, &l) in walk.iter().enumerate() {
                let tri = &tris[l as usize];
                triangles.push(tri.id);
                // The edge to the next triangle: within the polygon, or out across edge k.
                let out = match (walk.get(j + 1), exit) {
                    (Some(&m), _) => tri.links.iter().position(|&n| n == m),
                    (None, Some((k, _))) => {
                        (0..3).position(|e| tri.links[e] == OUT && tri.corners[e] as usize == k)
                    }
                    (None, None) => continue,
                };
                let e = out?;
                edges.push((tri.vertices[(e + 1) % 3], tri.vertices[e]));
            }
            if let Some((_, [_, enter])) = exit {
                at = enter;
            }
        }
        let (start, goal) = (self.start.0, self.goal.0);
        Some(Corridor {
            start,
            goal,
            triangles,
            edges,
        })
    }
}

/// Walks a polygon's triangles `tris` (with its `corners`) from triangle `t` (entered from
/// `came`, [`OUT`] from outside) to one that `done` accepts, pushing their numbers onto
/// `path`; false if there is none. Inside a convex polygon the triangles form a tree: it is
/// searched depth first, first across the edges that `toward` lies beyond, which is the way
/// whenever `toward` lies where `done` holds.
fn walk_within(
    tris: &[LocalTri],
    corners: &[Slot],
    (t, came): (u8, u8),
    toward: Point,
    done: &impl Fn(u8) -> bool,
    path: &mut Vec<u8>,
) -> bool {
    let Some(tri) = tris.get(t as usize) else {
        return false;
    };
    path.push(t);
    if done(t) {
        return true;
    }
    let points = tri.corners.map(|c| corners[c as usize].point);
    let mut next: SmallVec<[(bool, u8); 3]> = (0..3)
        .filter(|&e| tri.links[e] != OUT && tri.links[e] != came)
        .map(|e| {
            (
                orient(points[e], points[(e + 1) % 3], toward) >= 0.0,
                tri.links[e],
            )
        })
        .collect();
    next.sort_by_key(|&(behind, _)| behind);
    if next
        .into_iter()
        .any(|(_, n)| walk_within(tris, corners, (n, t), toward, done, path))
    {
        return true;
    }
    path.pop();
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_goal_back_across_the_portal_gets_a_bound_below_every_way_through_it() {
        // From aurora (query 333): the start lies just behind a long portal, the goal far back
        // on the start's side. The deque's step alone went round the right end: 170.2, longer
        // than the way through the left end, so the search dropped the optimal corridor.
        let start = Point::new(609.0, 299.0);
        let (l, r) = (Point::new(606.0, 308.0), Point::new(625.0, 279.0));
        let goal = Point::new(508.0, 364.0);
        let (_, lower) = Funnel::at(start).through(l, r, goal);
        let via_left = start.distance(l) + l.distance(goal);
        assert!(
            lower <= via_left + 1e-9,
            "bound {lower}, a way of {via_left}"
        );
        assert!(lower >= start.distance(goal) - 1e-9);
        // A goal beyond the portal keeps the funnel's exact length.
        let ahead = Point::new(640.0, 320.0);
        let (_, lower) = Funnel::at(start).through(l, r, ahead);
        assert!((lower - start.distance(ahead)).abs() < 1e-9);
    }
}
