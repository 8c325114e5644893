//! The anytime corridor search (after Demyen and Buro's TA*): a best-first search over triangles
//! whose cost to a portal is measured along the funnel of the corridor that reached it, not
//! along a chain of edge points, and which keeps searching after the first corridor it finds
//! while an open node could still lead to a shorter funnel path, within a budget.
//!
//! A node is a triangle entered across one edge, carrying the funnel of its corridor so far as
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
//! not). On a map of long detours that keeps the search on the way it will take: on aurora's
//! published queries it creates about 3 nodes per corridor triangle (p50). A goal triangle ends
//! a corridor: its funnel path is measured (string pulling) and the shortest kept. The search
//! then goes on for at most `budget` more expansions, skipping every node whose lower bound is
//! not below that length.
//! Up to [`ARRIVALS_PER_PORTAL`] corridors may arrive at one triangle across one edge (one, as
//! in A*, often keeps a corridor that looks short there but ends longer than one that arrived
//! later), so the search always ends. With cost areas (whose costs a funnel length does not
//! weigh) it is the plain A* (`astar`).

use super::corridor_opt::Open;
use crate::geom::{Point, Segment, orient};
use crate::nav::mesh::ids::TriId;
use crate::nav::mesh::landmarks::Landmarks;
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::paths::funnel::string_pull;
use crate::nav::paths::measure::polyline_length;
use crate::nav::search::astar::{astar, corridor};
use crate::nav::search::corridor::{Corridor, Hand};
use std::cell::Cell;
use std::collections::BinaryHeap;

/// How many corridors may arrive at one triangle across one edge (1 makes it an A*).
const ARRIVALS_PER_PORTAL: u8 = 3;

/// Finds a corridor from `start` (in any of `start_tris`) to `goal` (in any of `goal_tris`)
/// whose funnel path is short, expanding at most `budget` triangles after the first corridor
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
    let mut scratch = SCRATCH.take();
    scratch.reset(mesh.triangle_count());
    let landmarks = mesh.landmarks();
    let search = Search {
        mesh,
        start: (start, start_tris),
        goal: (goal, goal_tris),
        landmarks,
        goal_distances: goal_tris.first().map_or_else(Vec::new, |&t| {
            landmarks.goal(goal, mesh.triangle(t), mesh.triangle_points(t))
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

    fn push(&mut self, p: Point) {
        if self.len as usize == CHAIN {
            self.pop_first();
        }
        self.ends[self.len as usize] = p;
        self.len += 1;
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
}

impl Funnel {
    /// The funnel at the start.
    fn at(start: Point) -> Funnel {
        Funnel {
            apex: start,
            apex_length: 0.0,
            sides: [Chain::EMPTY; 2],
        }
    }

    /// The funnel after crossing the portal (`l`, `r`) (left and right seen walking through
    /// it), and the length of the shortest path through it and on to `goal`.
    fn through(self, l: Point, r: Point, goal: Point) -> (Funnel, f64) {
        let mut f = self;
        f.add(Hand::Right, r);
        f.add(Hand::Left, l);
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
                self.sides[side].push(x);
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
            self.sides[side].push(x);
        }
    }
}

/// A triangle entered across one edge (`entry`, `None` for a start triangle) by the corridor
/// of the chain of `parent`s.
struct Node {
    tri: TriId,
    entry: Option<usize>,
    parent: Option<usize>,
    funnel: Funnel,
    /// The length of the shortest path through the corridor's portals and on to the goal.
    lower: f64,
}

/// The memory of a search, kept per thread: per portal key (triangle * 4 + entry edge, 3 for a
/// start triangle) the corridors that arrived there; the keys touched are listed so the next
/// search clears only them.
#[derive(Default)]
struct Scratch {
    arrivals: Vec<u8>,
    touched: Vec<usize>,
    nodes: Vec<Node>,
    heap: BinaryHeap<Open>,
}

impl Scratch {
    /// Clears what the last search left, for a search over `triangles` triangles.
    fn reset(&mut self, triangles: usize) {
        for &key in &self.touched {
            self.arrivals[key] = 0;
        }
        if self.arrivals.len() < 4 * triangles {
            self.arrivals.resize(4 * triangles, 0);
        }
        self.touched.clear();
        self.nodes.clear();
        self.heap.clear();
    }

    /// Opens `node` with estimate `f` unless as many corridors as allowed arrived at its portal.
    fn offer(&mut self, node: Node, f: f64) {
        let key = node.tri.index() * 4 + node.entry.unwrap_or(3);
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
    start: (Point, &'a [TriId]),
    goal: (Point, &'a [TriId]),
    landmarks: &'a Landmarks,
    goal_distances: Vec<[f32; 2]>,
}

impl Search<'_> {
    fn run(&self, s: &mut Scratch, budget: usize) -> Option<Corridor> {
        let (start, start_tris) = self.start;
        let (goal, goal_tris) = self.goal;
        let straight = start.distance(goal);
        for &tri in start_tris {
            let node = Node {
                tri,
                entry: None,
                parent: None,
                funnel: Funnel::at(start),
                lower: straight,
            };
            s.offer(node, straight);
        }
        let mut best: Option<(f64, Corridor)> = None;
        let mut spent = 0;
        while let Some(Open { node, .. }) = s.heap.pop() {
            let bound = best.as_ref().map_or(f64::INFINITY, |b| b.0);
            if best.is_some() && spent >= budget {
                break;
            }
            if s.nodes[node].lower >= bound {
                continue;
            }
            let (tri, entry, funnel) = {
                let n = &s.nodes[node];
                (n.tri, n.entry, n.funnel)
            };
            if best.is_some() {
                spent += 1;
            }
            if goal_tris.contains(&tri) {
                let corridor = self.corridor(&s.nodes, node);
                let length = polyline_length(&string_pull(&corridor.portals(self.mesh)));
                if length < bound {
                    best = Some((length, corridor));
                }
                continue;
            }
            for (k, n) in self.mesh.neighbors(tri).into_iter().enumerate() {
                let Some(n) = n.filter(|n| Some(k) != entry && !start_tris.contains(n)) else {
                    continue;
                };
                let (lv, rv) = self.mesh.edge_left_right(tri, k);
                let (l, r) = (self.mesh.vertex(lv), self.mesh.vertex(rv));
                let (next, lower) = funnel.through(l, r, goal);
                if lower >= bound {
                    continue;
                }
                // The way to the portal (at least the straight way from the apex) and on to
                // the goal as the landmarks see it.
                let to_portal =
                    funnel.apex_length + Segment::new(l, r).distance_to_point(funnel.apex);
                let f = lower
                    .max(to_portal + self.landmarks.bound((lv, l), (rv, r), &self.goal_distances));
                let next = Node {
                    tri: n,
                    entry: self.mesh.shared_edge(n, tri),
                    parent: Some(node),
                    funnel: next,
                    lower,
                };
                s.offer(next, f);
            }
        }
        best.map(|(_, corridor)| corridor)
    }

    /// The corridor of the chain ending at node `last`.
    fn corridor(&self, nodes: &[Node], last: usize) -> Corridor {
        let mut triangles = Vec::new();
        let mut cursor = Some(last);
        while let Some(i) = cursor {
            triangles.push(nodes[i].tri);
            cursor = nodes[i].parent;
        }
        triangles.reverse();
        corridor(self.mesh, triangles, (self.start.0, self.goal.0))
    }
}
