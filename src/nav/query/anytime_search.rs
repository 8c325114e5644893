//! The anytime corridor search (after Demyen and Buro's TA*): a best-first search over triangles
//! whose cost to a portal is measured along the funnel of the corridor that reached it, not
//! along a chain of edge points, and which keeps searching after the first corridor it finds
//! while an open portal could still lead to a shorter funnel path, within a budget.
//!
//! A node is a triangle entered across one edge, with the funnel of its corridor so far kept in
//! constant size: the apex (the last corner of the path), the length of the path to it, and the
//! end points of the two sides. Crossing a portal moves the sides as the funnel algorithm does;
//! when a portal end crosses the other side, that side's end becomes the apex, and the funnel
//! from it keeps the other side's end only if that came from a later portal. The portal ends
//! in between are forgotten, so the kept funnel is an approximation of the corridor's own: its
//! lengths are mostly a little short, sometimes long where a forgotten end was a corner.
//! ```text
//!        left      portal        The node's estimate f: the apex's path length plus the
//!     apex ---------- l          shortest way from the apex through the part of the portal
//!       \    f = g + |a q| +     inside the funnel (q), or round a side's end to the part
//!        \        |q goal|       beyond it, then straight to the goal: near the length of
//!         right ----- r          the best path through the corridor where the goal is in view.
//! ```
//! The open node with the smallest estimate is expanded first. A goal triangle ends a corridor:
//! its funnel path is measured (string pulling) and the shortest kept. The search then goes on
//! while the smallest open estimate is below that length, for at most `budget` more expansions;
//! with budget 0 it is an A* whose costs follow the funnel. A triangle entered across one edge
//! is searched again only by a corridor that reaches it with a smaller estimate, at most
//! [`EXPANSIONS_PER_PORTAL`] times, so the search always ends. With cost areas (whose costs a
//! funnel length does not weigh) it is the plain A* (`astar`).

use crate::geom::{Point, orient};
use crate::nav::mesh::ids::TriId;
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::paths::funnel::string_pull;
use crate::nav::paths::measure::polyline_length;
use crate::nav::search::astar::{astar, corridor, crossing_point};
use crate::nav::search::corridor::{Corridor, Hand};
use std::cell::Cell;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// How many times one triangle entered across one edge may be expanded.
const EXPANSIONS_PER_PORTAL: u8 = 3;

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
    let search = Search {
        mesh,
        start: (start, start_tris),
        goal: (goal, goal_tris),
    };
    let found = search.run(&mut scratch, budget);
    SCRATCH.set(scratch);
    found
}

/// A funnel kept in constant size: the apex, the length of the path to it, the end points of
/// its left and right sides (the apex itself while that side is open) and the number of the
/// portal each side's end came from (portals are numbered from 1 as they are crossed).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Funnel {
    apex: Point,
    apex_length: f64,
    left: (Point, u32),
    right: (Point, u32),
    portals: u32,
}

/// How often the path may turn at one portal: at most at the ends of both sides and then of
/// the portal, each turn moving the apex to a later portal's end (a bound, so a degenerate
/// portal cannot loop).
const TURNS_PER_PORTAL: usize = 4;

impl Funnel {
    /// The funnel at the start: both sides open.
    fn at(start: Point) -> Funnel {
        Funnel {
            apex: start,
            apex_length: 0.0,
            left: (start, 0),
            right: (start, 0),
            portals: 0,
        }
    }

    /// The funnel after crossing the portal (`l`, `r`) (left and right seen walking through
    /// it), and the estimate of a path through it to `goal`.
    fn through(self, l: Point, r: Point, goal: Point) -> (Funnel, f64) {
        let mut f = Funnel {
            portals: self.portals + 1,
            ..self
        };
        for _ in 0..TURNS_PER_PORTAL {
            match f.tighten(l, r) {
                Ok(tightened) => return (tightened, tightened.estimate(l, r, goal)),
                Err(turned) => f = turned,
            }
        }
        // Past the bound: the last apex, with the portal as its funnel.
        let f = Funnel {
            left: (l, f.portals),
            right: (r, f.portals),
            ..f
        };
        (f, f.estimate(l, r, goal))
    }

    /// Moves the sides to the portal's ends where they narrow the funnel (the funnel
    /// algorithm's step); `Err` with the funnel after the turn when an end crosses the other
    /// side, whose end is then a corner of the path.
    fn tighten(mut self, l: Point, r: Point) -> Result<Funnel, Funnel> {
        let apex = self.apex;
        let n = self.portals;
        // A portal end at the apex itself leaves its side as it is.
        let open = |side: (Point, u32)| side.0 == apex;
        if r != apex && (open(self.right) || orient(apex, self.right.0, r) >= 0.0) {
            if !open(self.left) && orient(apex, self.left.0, r) >= 0.0 {
                return self.turn(Hand::Left);
            }
            self.right = (r, n);
        }
        if l != apex && (open(self.left) || orient(apex, self.left.0, l) <= 0.0) {
            if !open(self.right) && orient(apex, self.right.0, l) <= 0.0 {
                return self.turn(Hand::Right);
            }
            self.left = (l, n);
        }
        Ok(self)
    }

    /// `Err` with the funnel after its path turns at the end of side `hand`: that end is the
    /// new apex; the other side keeps its end if it came from a later portal than the corner's
    /// (it still bounds what the corner sees), otherwise it opens. An end of the portal being
    /// crossed is no corner: the apex sees that portal the wrong way round because the
    /// portals since it are forgotten, so the funnel opens (`Ok`, every way from the apex).
    fn turn(self, hand: Hand) -> Result<Funnel, Funnel> {
        let (corner, other) = match hand {
            Hand::Left => (self.left, self.right),
            Hand::Right => (self.right, self.left),
        };
        let open = corner;
        let other = if other.1 > corner.1 { other } else { open };
        let (left, right) = match hand {
            Hand::Left => (open, other),
            Hand::Right => (other, open),
        };
        Err(Funnel {
            apex: corner.0,
            apex_length: self.apex_length + self.apex.distance(corner.0),
            left,
            right,
            portals: self.portals,
        })
    }

    /// The shortest path from the start through this funnel's corridor and the portal (`l`,
    /// `r`) it ends at, then straight to `goal`: the part of the portal inside the funnel is
    /// reached straight from the apex, the parts beyond a side round that side's end.
    fn estimate(&self, l: Point, r: Point, goal: Point) -> f64 {
        // A side that does not end at the portal's end cuts the portal where its ray meets it.
        let mut from = if self.left.0 == l {
            0.0
        } else {
            self.cut(self.left.0, l, r, 0.0)
        };
        let mut to = if self.right.0 == r {
            1.0
        } else {
            self.cut(self.right.0, l, r, 1.0)
        };
        if from > to {
            (from, to) = ((from + to) / 2.0, (from + to) / 2.0);
        }
        let (a, b) = (l.lerp(r, from), l.lerp(r, to));
        let via = |corner: Point, a: Point, b: Point| {
            let q = crossing_point(corner, a, b, goal);
            corner.distance(q) + q.distance(goal)
        };
        let mut best = via(self.apex, a, b);
        if from > 0.0 {
            best = best.min(self.apex.distance(self.left.0) + via(self.left.0, l, a));
        }
        if to < 1.0 {
            best = best.min(self.apex.distance(self.right.0) + via(self.right.0, b, r));
        }
        self.apex_length + best
    }

    /// Where the ray from the apex through `side` meets the line through `l` and `r`, as a
    /// parameter along `l` -> `r` clamped to [0, 1]; `default` when they are parallel.
    fn cut(&self, side: Point, l: Point, r: Point, default: f64) -> f64 {
        let d = side - self.apex;
        let t = d.cross(self.apex - l) / d.cross(r - l);
        if t.is_finite() {
            t.clamp(0.0, 1.0)
        } else {
            default
        }
    }
}

/// A triangle entered across one edge (`entry`, `None` for a start triangle) by the corridor
/// of the chain of `parent`s.
struct Node {
    tri: TriId,
    entry: Option<usize>,
    parent: Option<u32>,
    funnel: Funnel,
}

#[derive(PartialEq)]
struct Open {
    f: f64,
    node: u32,
}

impl Eq for Open {}

impl Ord for Open {
    fn cmp(&self, o: &Self) -> Ordering {
        // Min-heap on f; among equal f the earlier node (deterministic).
        o.f.total_cmp(&self.f).then(o.node.cmp(&self.node))
    }
}

impl PartialOrd for Open {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// The memory of a search, kept per thread: per portal key (triangle * 4 + entry edge, 3 for a
/// start triangle) the smallest estimate seen and the expansions made; the keys touched are
/// listed so the next search clears only them.
#[derive(Default)]
struct Scratch {
    best: Vec<f64>,
    expansions: Vec<u8>,
    touched: Vec<usize>,
    nodes: Vec<Node>,
    heap: BinaryHeap<Open>,
}

impl Scratch {
    /// Clears what the last search left, for a search over `triangles` triangles.
    fn reset(&mut self, triangles: usize) {
        for &key in &self.touched {
            self.best[key] = f64::INFINITY;
            self.expansions[key] = 0;
        }
        if self.best.len() < 4 * triangles {
            self.best.resize(4 * triangles, f64::INFINITY);
            self.expansions.resize(4 * triangles, 0);
        }
        self.touched.clear();
        self.nodes.clear();
        self.heap.clear();
    }

    /// Opens `node` with estimate `f` unless its portal was reached with an estimate as small
    /// or expanded as often as allowed.
    fn offer(&mut self, node: Node, f: f64) {
        let key = node.tri.index() * 4 + node.entry.unwrap_or(3);
        if f >= self.best[key] || self.expansions[key] >= EXPANSIONS_PER_PORTAL {
            return;
        }
        if self.best[key] == f64::INFINITY {
            self.touched.push(key);
        }
        self.best[key] = f;
        self.nodes.push(node);
        self.heap.push(Open {
            f,
            node: self.nodes.len() as u32 - 1,
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
}

impl Search<'_> {
    fn run(&self, s: &mut Scratch, budget: usize) -> Option<Corridor> {
        let (start, start_tris) = self.start;
        let (goal, goal_tris) = self.goal;
        for &tri in start_tris {
            let node = Node {
                tri,
                entry: None,
                parent: None,
                funnel: Funnel::at(start),
            };
            s.offer(node, start.distance(goal));
        }
        let mut best: Option<(f64, Corridor)> = None;
        let mut spent = 0;
        while let Some(Open { f, node }) = s.heap.pop() {
            let bound = best.as_ref().map_or(f64::INFINITY, |b| b.0);
            if f >= bound || (best.is_some() && spent >= budget) {
                break;
            }
            let (tri, entry, funnel) = {
                let n = &s.nodes[node as usize];
                (n.tri, n.entry, n.funnel)
            };
            let key = tri.index() * 4 + entry.unwrap_or(3);
            if f > s.best[key] {
                continue; // a later arrival at the same portal is better
            }
            s.expansions[key] += 1;
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
                let (l, r) = self.mesh.edge_left_right(tri, k);
                let (l, r) = (self.mesh.vertex(l), self.mesh.vertex(r));
                let (next, f) = funnel.through(l, r, goal);
                if f >= bound {
                    continue;
                }
                let next = Node {
                    tri: n,
                    entry: self.mesh.shared_edge(n, tri),
                    parent: Some(node),
                    funnel: next,
                };
                s.offer(next, f);
            }
        }
        best.map(|(_, corridor)| corridor)
    }

    /// The corridor of the chain ending at node `last`.
    fn corridor(&self, nodes: &[Node], last: u32) -> Corridor {
        let mut triangles = Vec::new();
        let mut cursor = Some(last);
        while let Some(i) = cursor {
            triangles.push(nodes[i as usize].tri);
            cursor = nodes[i as usize].parent;
        }
        triangles.reverse();
        corridor(self.mesh, triangles, (self.start.0, self.goal.0))
    }
}
