//! The exact Euclidean shortest path of a point agent through the navmesh: Polyanya (Cui,
//! Harabor and Grastien, IJCAI 2017) run on the mesh's triangles merged into convex polygons
//! (see `convex`; fewer, bigger cells mean fewer search nodes). It is the reference every
//! corridor path is measured against.
//!
//! Why Polyanya rather than A* over a visibility graph of reflex corners: it is exact, needs no
//! preprocessing (the mesh changes with every edit), and it sweeps the triangles lazily in order
//! of f = g + h, so a query only touches the part of the map the answer needs; a visibility graph
//! is quadratic to build and lazily built it still computes a whole visibility polygon per
//! expanded corner.
//!
//! A search node is a root (the start, or a corner turned around, with the exact length g of the
//! path to it) and a cone of directions from the root passing through one mesh edge into the
//! polygon behind it. Every point of that convex polygon inside the cone is visible from the
//! root. Expanding a node carries the cone on through the polygon's other edges (drawn for a
//! triangle; a polygon's far corners each split the cone the same way):
//! ```text
//!                 O              The cone keeps points right of (or on) its left line and left
//!           left / \ right       of (or on) its right line. Both lines pass through the root
//!          child/   \child       and an exact point (a mesh vertex, or the previous root for a
//!              /tri  \           turn), never through a computed intersection, so every side
//!             L-------R          test is an exact orientation predicate.
//!              \ ... /           O strictly inside the cone splits it at the ray root->O into a
//!        left   \ . /   right    left child (through L-O) and a right child (through O-R); O
//!        line    \./    line     outside keeps one child. Walls end a cone.
//!               root
//! ```
//! When a cone's left line passes exactly through L (L is visible, at the left end of what the
//! cone sees of the entry edge) and the wall around L lies strictly left of the ray root->L (L
//! is a reflex corner), points beyond L on the left of that ray may be hidden from the root: L
//! becomes a new root with g + |root L|, whose cones cover the triangles around L from there
//! counter-clockwise to the wall, left of the ray only (a taut path bends left there). Mirrored
//! on the right. Roots are pruned per vertex fan by g as in Polyanya: a shorter arrival prunes
//! longer ones, an equal one is kept only if it bends the other way, and nodes of a root that
//! turns out longer are skipped. A node's best child (its own or a new root's) is carried on
//! without a round trip through the queue while its f is within a hair of the queue's least,
//! and a polygon walled on all its other sides is never entered (Polyanya's intermediate and
//! dead-end pruning, the first loosened: see [`CARRY_SLACK`]).
//!
//! Grazing a corner, running along a wall and a start or goal on a vertex or an edge all follow
//! from the closed cones; a gap that is a single vertex is never passed, as in the rest of the
//! navmesh. Only the heuristic (the distance from the root through the visible part of the edge
//! to the goal, mirrored across the edge when needed) uses computed points.

use crate::geom::{Point, orient};
use crate::nav::mesh::convex::{ConvexMesh, PolyId};
use crate::nav::mesh::ids::TriId;
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::search::queue_key::{from_total_key, total_key};
use std::cell::Cell;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// The shortest path from `start` (lying in each of `start_tris`) to `goal` (lying in each of
/// `goal_tris`): the start, the reflex corners it bends around, the goal. `None` when no goal
/// triangle can be reached. A start equal to the goal gives a single point.
pub fn optimal_path(
    mesh: &NavMesh,
    start: Point,
    start_tris: &[TriId],
    goal: Point,
    goal_tris: &[TriId],
) -> Option<Vec<Point>> {
    let convex = mesh.convex();
    SCRATCH.with(|cell| {
        let mut search = Search {
            mesh,
            convex,
            goal,
            scratch: cell.take(),
        };
        search.scratch.reset(convex, start_tris, goal_tris);
        search.scratch.roots.push(Root {
            at: start,
            g: 0.0,
            parent: None,
            turn: None,
        });
        let path = search.run();
        cell.set(search.scratch);
        path
    })
}

/// How far above the least f in the queue (relative to it) a node's best child may lie and
/// still be carried on without a round trip through the queue. Going a little out of f order
/// only costs work: the queue holds every other open node whenever the least is taken, so
/// the goal still comes out only once no open node can lead to a shorter path, and a root
/// reached first the long way is replaced when the short way reaches it. Without the slack,
/// two ways of nearly equal length (round either side of an obstacle) took turns, one step
/// each, through the queue (on a 40k-gon: 7.3 ms, now 5.7 ms; see benches/README.md).
const CARRY_SLACK: f64 = 1e-3;

thread_local! {
    /// Each thread's search buffers, kept between queries so a query allocates nothing once
    /// the buffers have grown (Polyanya's own search allocates its nodes per query).
    static SCRATCH: Cell<Scratch> = Cell::default();
}

/// The buffers of one search, reused by the next.
#[derive(Default)]
struct Scratch {
    roots: Vec<Root>,
    nodes: Vec<Node>,
    /// Per fan of the convex mesh (see `ConvexMesh::fan_of`): the g of its best root, valid
    /// when its `query` is this search's (stamping spares clearing every fan every query).
    fans: Vec<FanRecord>,
    /// The polygons holding the start, and those holding the goal.
    start_polys: Vec<PolyId>,
    goal_polys: Vec<PolyId>,
    /// The children of the node being carried on, and of the roots it turned at.
    children: Vec<(f64, Node)>,
    /// This search's stamp.
    query: u32,
    heap: BinaryHeap<Entry>,
    /// Polygons the search carried cones through (the tests' measure of its work).
    #[cfg(test)]
    carried: usize,
}

impl Scratch {
    /// Empties the buffers and takes a new stamp for a search on `convex` between points in
    /// `start_tris` and in `goal_tris`.
    fn reset(&mut self, convex: &ConvexMesh, start_tris: &[TriId], goal_tris: &[TriId]) {
        for (polys, tris) in [
            (&mut self.start_polys, start_tris),
            (&mut self.goal_polys, goal_tris),
        ] {
            polys.clear();
            polys.extend(tris.iter().map(|&t| convex.poly_of(t)));
            polys.sort_unstable();
            polys.dedup();
        }
        self.roots.clear();
        self.nodes.clear();
        self.heap.clear();
        #[cfg(test)]
        {
            self.carried = 0;
        }
        self.query = self.query.wrapping_add(1);
        if self.query == 0 {
            // Stamps wrapped round: forget every old one.
            self.fans.fill(FanRecord::default());
            self.query = 1;
        }
        self.fans.resize(convex.fan_count(), FanRecord::default());
    }
}

/// The directed line through two exact points.
#[derive(Clone, Copy, Debug)]
struct Line {
    a: Point,
    b: Point,
}

impl Line {
    fn new(a: Point, b: Point) -> Line {
        Line { a, b }
    }

    /// Positive when `p` is left of the line, zero on it (exact sign).
    fn side(self, p: Point) -> f64 {
        orient(self.a, self.b, p)
    }

    fn reversed(self) -> Line {
        Line {
            a: self.b,
            b: self.a,
        }
    }
}

/// Directions from a root, less than a half-turn wide: points on or right of `left` and on or
/// left of `right`; both lines pass through the root.
#[derive(Clone, Copy, Debug)]
struct Cone {
    left: Line,
    right: Line,
}

impl Cone {
    fn contains(&self, p: Point) -> bool {
        self.left.side(p) <= 0.0 && self.right.side(p) >= 0.0
    }

    /// The part of this cone strictly left of `keep` (a line through the root), or `None` when
    /// only the line itself or nothing remains. `l` and `r` are the cone's own edge points.
    fn keep_left_of(self, keep: Line, l: Point, r: Point) -> Option<Cone> {
        let (sl, sr) = (keep.side(l), keep.side(r));
        if sl <= 0.0 && sr <= 0.0 {
            None
        } else if sl > 0.0 && sr < 0.0 {
            Some(Cone {
                right: keep,
                ..self
            })
        } else if sl < 0.0 && sr > 0.0 {
            Some(Cone {
                left: keep.reversed(),
                ..self
            })
        } else {
            Some(self)
        }
    }
}

/// The start, or a corner the path turns around.
struct Root {
    at: Point,
    /// Length of the path from the start.
    g: f64,
    parent: Option<u32>,
    turn: Option<Turn>,
}

/// Where a turning root's search goes: the polygons around its vertex (corner `corner` of the
/// polygon `from` it was reached in) counter-clockwise to the wall when the path bends left
/// (clockwise when it bends right), on the left of `keep`.
#[derive(Clone, Copy)]
struct Turn {
    from: PolyId,
    corner: u8,
    left: bool,
    keep: Line,
    /// The vertex's fan (index of its pruning record).
    fan: u32,
}

/// One fan of a vertex (a vertex where two obstacles touch has two) as the search met it: the
/// g of its best root, in search `query`. An arrival that is not shorter is pruned whichever way it
/// bends (Polyanya's root pruning): an optimal path through it may as well come the kept way,
/// and then it bends the kept root's way (from one parent only one side passes the wall test in
/// `turn`) or goes straight on, which the kept root's parent covers.
#[derive(Clone, Copy, Default)]
struct FanRecord {
    query: u32,
    g: f64,
}

/// A cone from a root through edge `entry` of polygon `poly`, into `poly`.
#[derive(Clone, Copy)]
struct Node {
    root: u32,
    poly: PolyId,
    entry: u8,
    cone: Cone,
    /// The cone's left line passes through the entry edge's left vertex (which is visible) and
    /// the parent's did not: the path may bend around it, and no node has tried yet.
    turn_left: bool,
    turn_right: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Item {
    Node(u32),
    /// The goal is visible from this root.
    Goal(u32),
}

/// A queued item, ordered for the max-heap: least f first; among equal f the goal, then the
/// deeper entry (greater g). f and g are kept as their queue keys.
#[derive(PartialEq, Eq)]
struct Entry {
    f: u64,
    g: u64,
    item: Item,
}

impl Entry {
    fn f(&self) -> f64 {
        from_total_key(self.f)
    }
}

impl Ord for Entry {
    fn cmp(&self, o: &Self) -> Ordering {
        let goal = |e: &Entry| matches!(e.item, Item::Goal(_));
        (o.f.cmp(&self.f))
            .then_with(|| goal(self).cmp(&goal(o)))
            .then_with(|| self.g.cmp(&o.g))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

struct Search<'a> {
    mesh: &'a NavMesh,
    convex: &'a ConvexMesh,
    goal: Point,
    scratch: Scratch,
}

impl Search<'_> {
    /// Searches from the start root (the first root) until the goal is reached.
    fn run(&mut self) -> Option<Vec<Point>> {
        self.scratch.children.clear();
        self.expand_root(0);
        for i in 0..self.scratch.children.len() {
            self.queue(self.scratch.children[i]);
        }
        while let Some(entry) = self.scratch.heap.pop() {
            match entry.item {
                Item::Goal(root) => return Some(self.path(root)),
                Item::Node(node) => self.expand_node(node),
            }
        }
        None
    }

    fn push(&mut self, f: f64, g: f64, item: Item) {
        self.scratch.heap.push(Entry {
            f: total_key(f),
            g: total_key(g),
            item,
        });
    }

    /// False once a shorter path to the root's vertex fan was found.
    fn is_current(&self, root: u32) -> bool {
        let r = &self.scratch.roots[root as usize];
        r.turn
            .is_none_or(|t| self.scratch.fans[t.fan as usize].g == r.g)
    }

    fn push_goal(&mut self, root: u32) {
        let r = &self.scratch.roots[root as usize];
        let length = r.g + r.at.distance(self.goal);
        self.push(length, length, Item::Goal(root));
    }

    fn holds_goal(&self, p: PolyId) -> bool {
        self.scratch.goal_polys.contains(&p)
    }

    /// Starts cones from a new root through the far edges of each of its polygons, into
    /// `scratch.children`.
    fn expand_root(&mut self, root: u32) {
        let convex = self.convex;
        match self.scratch.roots[root as usize].turn {
            None => {
                for i in 0..self.scratch.start_polys.len() {
                    self.expand_root_in(root, self.scratch.start_polys[i]);
                }
            }
            Some(turn) => {
                for (p, _) in convex.fan_corners(turn.from, turn.corner.into(), turn.left) {
                    self.expand_root_in(root, p);
                }
            }
        }
    }

    /// Starts cones from a root in polygon `p` through its edges the root is not on.
    fn expand_root_in(&mut self, root: u32, p: PolyId) {
        let (at, turn) = (
            self.scratch.roots[root as usize].at,
            self.scratch.roots[root as usize].turn,
        );
        if self.holds_goal(p) {
            self.push_goal(root);
        }
        let convex = self.convex;
        let corners = convex.corners(p);
        let n = corners.len();
        for (k, &across) in convex.neighbors(p).iter().enumerate() {
            // Walking out across edge k: corner k+1 on the left, corner k on the right.
            let (l, r) = (
                self.mesh.vertex(corners[(k + 1) % n]),
                self.mesh.vertex(corners[k]),
            );
            let Some(into) = across else { continue };
            if orient(r, l, at) <= 0.0 {
                continue; // the root is on this edge
            }
            let cone = Cone {
                left: Line::new(at, l),
                right: Line::new(at, r),
            };
            let cone = match turn {
                None => Some(cone),
                Some(turn) => cone.keep_left_of(turn.keep, l, r),
            };
            if let Some(child) =
                cone.and_then(|cone| self.child(root, cone, p, k, into, [true, true]))
            {
                self.scratch.children.push(child);
            }
        }
    }

    /// Expands a queued node. Its best child, when nothing was reported on the way and its f
    /// is within [`CARRY_SLACK`] of the queue's least, is carried on at once, without a round
    /// trip through the queue (Polyanya's intermediate pruning); the others are queued.
    fn expand_node(&mut self, index: u32) {
        let mut node = self.scratch.nodes[index as usize];
        if !self.is_current(node.root) {
            return;
        }
        loop {
            let Some(crossed) = self.cross_hub(node) else {
                return;
            };
            node = crossed;
            let queued = self.scratch.heap.len();
            self.carry(node);
            let children = &self.scratch.children;
            let least =
                (0..children.len()).min_by(|&a, &b| children[a].0.total_cmp(&children[b].0));
            let carried = least.filter(|&i| {
                let f = children[i].0;
                self.scratch.heap.len() == queued
                    && self.is_current(children[i].1.root)
                    && (self.scratch.heap.peek())
                        .is_none_or(|top| f <= top.f() + CARRY_SLACK * top.f().abs())
            });
            for i in 0..self.scratch.children.len() {
                if Some(i) != carried {
                    self.queue(self.scratch.children[i]);
                }
            }
            match carried {
                Some(i) => node = self.scratch.children[i].1,
                None => return,
            }
        }
    }

    /// Carries a node entering a hub fan's polygon across its edge at the hub vertex, with the
    /// hub vertex strictly outside the cone on one side, over the polygons of the fan after it
    /// whose other corners all lie strictly outside on the other side: the cone crosses each of
    /// them from edge to edge at the hub, with no corner to turn around and one child. Returns
    /// the node entering the first polygon where that fails (the node itself when it is that
    /// one), or `None` when that polygon is a dead end. Goal polygons are not crossed.
    fn cross_hub(&self, node: Node) -> Option<Node> {
        let convex = self.convex;
        let hubs = self.mesh.hub_fans();
        if !hubs.touches(node.poly) {
            return Some(node);
        }
        let corners = convex.corners(node.poly);
        let (j, n) = (node.entry as usize, corners.len());
        let slot = convex.slot(node.poly);
        let at = |i: usize| self.mesh.vertex(corners[i % n]);
        // At the entry's left end the fan turns counter-clockwise, at its right end clockwise.
        let (place, hub, ccw, line, side) = if let Some(place) = hubs
            .place(slot + j)
            .filter(|_| node.cone.left.side(at(j)) > 0.0)
        {
            (place, corners[j], true, node.cone.right, -1.0)
        } else if let Some(place) = hubs
            .place(slot + (j + 1) % n)
            .filter(|_| node.cone.right.side(at(j + 1)) < 0.0)
        {
            (place, corners[(j + 1) % n], false, node.cone.left, 1.0)
        } else {
            return Some(node);
        };
        let from = place.position;
        let end = if ccw { hubs.len(place) - 1 } else { 0 };
        let mut to = hubs
            .first_stop(
                self.mesh.vertices(),
                convex,
                place,
                ccw,
                (line.a, line.b),
                side,
            )
            .unwrap_or(end);
        for &g in &self.scratch.goal_polys {
            let Some(i) = convex.corners(g).iter().position(|&v| v == hub) else {
                continue;
            };
            if let Some(goal) = hubs.place(convex.slot(g) + i).filter(|p| p.same_fan(place)) {
                let before = |a: usize, b: usize| if ccw { a < b } else { a > b };
                if !before(goal.position, from) && before(goal.position, to) {
                    to = goal.position;
                }
            }
        }
        if to == from {
            return Some(node);
        }
        let last = hubs.poly(place, if ccw { to - 1 } else { to + 1 });
        let into = hubs.poly(place, to);
        let k = convex.shared_edge(last, into)?;
        self.child(node.root, node.cone, last, k, into, [false, false])
            .map(|(_, node)| node)
    }

    fn queue(&mut self, (f, node): (f64, Node)) {
        let g = self.scratch.roots[node.root as usize].g;
        self.scratch.nodes.push(node);
        self.push(f, g, Item::Node(self.scratch.nodes.len() as u32 - 1));
    }

    /// Carries a node's cone through its polygon: queues the goal and turns at newly seen
    /// corners, and leaves the children (its own and the new roots') with their f in
    /// `scratch.children`.
    fn carry(&mut self, node: Node) {
        #[cfg(test)]
        {
            self.scratch.carried += 1;
        }
        let convex = self.convex;
        let corners = convex.corners(node.poly);
        let n = corners.len();
        let j = node.entry as usize;
        if self.holds_goal(node.poly) && node.cone.contains(self.goal) {
            self.push_goal(node.root);
        }
        self.scratch.children.clear();
        if node.turn_left {
            self.turn(node.root, node.poly, j, true);
        }
        if node.turn_right {
            self.turn(node.root, node.poly, (j + 1) % n, false);
        }
        let neighbors = convex.neighbors(node.poly);
        // The far edges from right to left as the root sees them: edge k = j+s runs from its
        // right end, corner k, to its left end, corner k+1. It meets the inside of the cone when
        // its right end lies strictly right of the cone's left line and its left end strictly
        // left of the right line; R (s = 1) and L (s = n - 1) always do. A child keeps R or L
        // at its end; the far corners in between are new ends.
        for s in 1..n {
            let k = (j + s) % n;
            if s > 1 && node.cone.left.side(self.mesh.vertex(corners[k])) >= 0.0 {
                break; // this and every later edge lie left of the cone
            }
            let Some(into) = neighbors[k] else { continue };
            if s + 1 < n && node.cone.right.side(self.mesh.vertex(corners[(k + 1) % n])) <= 0.0 {
                continue; // right of the cone
            }
            if let Some(child) =
                self.child(node.root, node.cone, node.poly, k, into, [s + 1 < n, s > 1])
            {
                self.scratch.children.push(child);
            }
        }
    }

    /// The node for `cone` leaving polygon `from` across its edge `k` into `into`, narrowed to
    /// that edge, with its f; `new_ends` says which of the edge's ends (left, right) the parent
    /// did not see. `None` for a dead end: a polygon walled on all its other sides that does not
    /// hold the goal (no cone or turn can leave it).
    fn child(
        &self,
        root: u32,
        cone: Cone,
        from: PolyId,
        k: usize,
        into: PolyId,
        new_ends: [bool; 2],
    ) -> Option<(f64, Node)> {
        let convex = self.convex;
        if convex.is_dead_end(into) && !self.holds_goal(into) {
            return None;
        }
        let (at, g) = (
            self.scratch.roots[root as usize].at,
            self.scratch.roots[root as usize].g,
        );
        let corners = convex.corners(from);
        let (l, r) = (
            self.mesh.vertex(corners[(k + 1) % corners.len()]),
            self.mesh.vertex(corners[k]),
        );
        let left_at_vertex = cone.left.side(l) <= 0.0;
        let right_at_vertex = cone.right.side(r) >= 0.0;
        let cone = Cone {
            left: if left_at_vertex {
                Line::new(at, l)
            } else {
                cone.left
            },
            right: if right_at_vertex {
                Line::new(at, r)
            } else {
                cone.right
            },
        };
        let a = if left_at_vertex {
            l
        } else {
            crossing(cone.left, l, r)
        };
        let b = if right_at_vertex {
            r
        } else {
            crossing(cone.right, l, r)
        };
        let f = g + heuristic(at, a, b, l, r, self.goal);
        let entry = convex.entry_edge(from, k) as u8;
        let (turn_left, turn_right) = (
            left_at_vertex && new_ends[0],
            right_at_vertex && new_ends[1],
        );
        Some((
            f,
            Node {
                root,
                poly: into,
                entry,
                cone,
                turn_left,
                turn_right,
            },
        ))
    }

    /// Makes corner `i` of `t` (visible, on the left or right edge of the cone) a root where
    /// the path from `parent` bends left (or right) around a wall, if there is one to bend
    /// around and this is the shortest such way to it found so far.
    fn turn(&mut self, parent: u32, t: PolyId, i: usize, left: bool) {
        let convex = self.convex;
        let slot = convex.slot(t) + i;
        if !convex.is_reflex(slot) {
            return; // the walls leave no point beyond v hidden on either side
        }
        // The polygons from t round to the wall on that side hold points hidden from the
        // parent only if the wall lies strictly on that side.
        let (fan, Some(walls)) = convex.fan_at(slot) else {
            return;
        };
        let p = &self.scratch.roots[parent as usize];
        let at = self.mesh.vertex(convex.corners(t)[i]);
        // Bending left keeps the points left of the line parent -> v; bending right, its right.
        let keep = if left {
            Line::new(p.at, at)
        } else {
            Line::new(at, p.at)
        };
        let g = p.g + p.at.distance(at);
        let query = self.scratch.query;
        let record = &mut self.scratch.fans[fan as usize];
        if record.query == query && record.g <= g {
            return;
        }
        if keep.side(self.mesh.vertex(walls[usize::from(!left)])) <= 0.0 {
            return;
        }
        *record = FanRecord { query, g };
        let turn = Turn {
            from: t,
            corner: i as u8,
            left,
            keep,
            fan,
        };
        let index = self.scratch.roots.len() as u32;
        self.scratch.roots.push(Root {
            at,
            g,
            parent: Some(parent),
            turn: Some(turn),
        });
        self.expand_root(index);
    }

    /// The path from the start to the goal through `root`, without repeated points or corners
    /// that do not turn (ties between equally short paths can leave those).
    fn path(&self, root: u32) -> Vec<Point> {
        let mut points = vec![self.goal];
        let mut cursor = Some(root);
        while let Some(i) = cursor {
            points.push(self.scratch.roots[i as usize].at);
            cursor = self.scratch.roots[i as usize].parent;
        }
        points.reverse();
        points.dedup();
        let mut out: Vec<Point> = Vec::with_capacity(points.len());
        for (i, &p) in points.iter().enumerate() {
            let straight = match (out.last(), points.get(i + 1)) {
                (Some(&prev), Some(&next)) => orient(prev, p, next) == 0.0,
                _ => false,
            };
            if !straight {
                out.push(p);
            }
        }
        out
    }
}

// The heuristic and the interval ends it uses are plain floating point: they only order the
// search, and rounding there moves a length by an ulp at most. Decisions use `Line::side`.

/// Where `line` crosses the segment `l`-`r` (the line separates the two points).
fn crossing(line: Line, l: Point, r: Point) -> Point {
    let (sl, sr) = (area(line.a, line.b, l), area(line.a, line.b, r));
    let t = if sl != sr { sl / (sl - sr) } else { 0.0 };
    l.lerp(r, t.clamp(0.0, 1.0))
}

/// A lower bound on the length of a path from `root` through the interval `a`-`b` (left and
/// right end as seen from the root) of the edge line `l`-`r` to `goal`: the goal is mirrored
/// across the edge line when it lies on the root's side; then the straight line if it passes
/// through the interval, else the way round the nearer end.
pub(crate) fn heuristic(root: Point, a: Point, b: Point, l: Point, r: Point, goal: Point) -> f64 {
    // The root is always strictly on the left of r -> l (the side the cone comes from).
    let target = if area(r, l, goal) > 0.0 {
        mirror(goal, l, r)
    } else {
        goal
    };
    if area(root, target, a) >= 0.0 && area(root, target, b) <= 0.0 {
        root.distance(target)
    } else {
        (root.distance(a) + a.distance(goal)).min(root.distance(b) + b.distance(goal))
    }
}

/// Twice the signed area of `a b p` in plain floating point (positive when `p` is left of
/// `a -> b`), for estimates only.
fn area(a: Point, b: Point, p: Point) -> f64 {
    (b - a).cross(p - a)
}

/// `p` reflected across the line through `a` and `b`.
fn mirror(p: Point, a: Point, b: Point) -> Point {
    let d = b - a;
    let t = (p - a).dot(d) / d.length_sq();
    let foot = a + d * t;
    foot * 2.0 - p
}

#[cfg(test)]
mod tests;
