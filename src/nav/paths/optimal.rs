//! The exact Euclidean shortest path of a point agent through the navmesh: Polyanya (Cui,
//! Harabor and Grastien, IJCAI 2017) run on the mesh's triangles. It is the reference every
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
//! triangle behind it. Every point of that triangle inside the cone is visible from the root.
//! Expanding a node carries the cone on through the triangle's two other edges:
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
//! turns out longer are skipped. A node with a single child is carried on without a round trip
//! through the queue, and a triangle walled on both other sides is never entered (Polyanya's
//! intermediate and dead-end pruning).
//!
//! Grazing a corner, running along a wall and a start or goal on a vertex or an edge all follow
//! from the closed cones; a gap that is a single vertex is never passed, as in the rest of the
//! navmesh. Only the heuristic (the distance from the root through the visible part of the edge
//! to the goal, mirrored across the edge when needed) uses computed points.

use crate::geom::{Point, orient};
use crate::nav::mesh::ids::{TriId, VertexId};
use crate::nav::mesh::navmesh::NavMesh;
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
    let mut search = Search {
        mesh,
        start_tris,
        goal,
        goal_tris,
        roots: vec![Root {
            at: start,
            g: 0.0,
            parent: None,
            turn: None,
        }],
        nodes: Vec::new(),
        fans: Vec::new(),
        fan_slots: vec![0; 3 * mesh.triangle_count()],
        heap: BinaryHeap::new(),
    };
    search.expand_root(0);
    while let Some(entry) = search.heap.pop() {
        match entry.item {
            Item::Goal(root) => return Some(search.path(root)),
            Item::Node(node) => search.expand_node(node),
        }
    }
    None
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

/// Where a turning root's search goes: the triangles around its vertex from the one it was
/// reached in, counter-clockwise to the wall when the path bends left (clockwise when it bends
/// right), on the left of `keep`.
#[derive(Clone, Copy)]
struct Turn {
    vertex: VertexId,
    from: TriId,
    left: bool,
    keep: Line,
    /// Index of the vertex fan's pruning record.
    fan: u32,
}

/// One fan of a vertex (a vertex where two obstacles touch has two) as the search met it: its
/// walls and the g of its best root. An arrival that is not shorter is pruned whichever way it
/// bends (Polyanya's root pruning): an optimal path through it may as well come the kept way,
/// and then it bends the kept root's way (from one parent only one side passes the wall test in
/// `turn`) or goes straight on, which the kept root's parent covers.
struct FanRecord {
    /// The far vertices of the walls that end the fan [counter-clockwise, clockwise]; `None`
    /// when the triangles close around the vertex.
    walls: Option<[VertexId; 2]>,
    g: f64,
}

/// A cone from a root through edge `entry` of triangle `tri`, into `tri`.
#[derive(Clone, Copy)]
struct Node {
    root: u32,
    tri: TriId,
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

#[derive(PartialEq)]
struct Entry {
    f: f64,
    g: f64,
    item: Item,
}

impl Eq for Entry {}

impl Ord for Entry {
    fn cmp(&self, o: &Self) -> Ordering {
        // Min-heap on f; among equal f prefer the goal, then deeper entries.
        let goal = |e: &Entry| matches!(e.item, Item::Goal(_));
        o.f.total_cmp(&self.f)
            .then(goal(self).cmp(&goal(o)))
            .then(self.g.total_cmp(&o.g))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

struct Search<'a> {
    mesh: &'a NavMesh,
    start_tris: &'a [TriId],
    goal: Point,
    goal_tris: &'a [TriId],
    roots: Vec<Root>,
    nodes: Vec<Node>,
    fans: Vec<FanRecord>,
    /// `fan_slots[3 * t + i]` = index + 1 of the fan record of corner i of triangle t, 0 until
    /// the search meets that fan (zeroed memory is free to allocate).
    fan_slots: Vec<u32>,
    heap: BinaryHeap<Entry>,
}

impl Search<'_> {
    fn push(&mut self, f: f64, g: f64, item: Item) {
        self.heap.push(Entry { f, g, item });
    }

    /// False once a shorter path to the root's vertex fan was found.
    fn is_current(&self, root: u32) -> bool {
        let r = &self.roots[root as usize];
        r.turn.is_none_or(|t| self.fans[t.fan as usize].g == r.g)
    }

    fn push_goal(&mut self, root: u32) {
        let r = &self.roots[root as usize];
        let length = r.g + r.at.distance(self.goal);
        self.push(length, length, Item::Goal(root));
    }

    /// Starts cones from a new root through the far edges of each of its triangles.
    fn expand_root(&mut self, root: u32) {
        let (at, turn) = (self.roots[root as usize].at, self.roots[root as usize].turn);
        let mesh = self.mesh;
        let start_tris = if turn.is_none() { self.start_tris } else { &[] };
        let fan = turn.map(|t| mesh.fan(t.vertex, t.from, t.left));
        for t in start_tris.iter().copied().chain(fan.into_iter().flatten()) {
            if self.goal_tris.contains(&t) {
                self.push_goal(root);
            }
            let points = mesh.triangle_points(t);
            for (k, n) in mesh.neighbors(t).into_iter().enumerate() {
                // Walking out across edge k: vertex k+1 on the left, vertex k on the right.
                let (l, r) = (points[(k + 1) % 3], points[k]);
                let Some(n) = n else { continue };
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
                    cone.and_then(|cone| self.child(root, cone, t, k, n, [true, true]))
                {
                    self.queue(child);
                }
            }
        }
    }

    /// Expands a queued node. A node with a single child and nothing else to report is carried
    /// on at once, without a round trip through the queue (Polyanya's intermediate pruning).
    fn expand_node(&mut self, index: u32) {
        let mut node = self.nodes[index as usize];
        if !self.is_current(node.root) {
            return;
        }
        loop {
            let queued = self.heap.len();
            match self.carry(node) {
                [Some(child), None] | [None, Some(child)] if self.heap.len() == queued => {
                    node = child.1
                }
                children => {
                    for child in children.into_iter().flatten() {
                        self.queue(child);
                    }
                    return;
                }
            }
        }
    }

    fn queue(&mut self, (f, node): (f64, Node)) {
        let g = self.roots[node.root as usize].g;
        self.nodes.push(node);
        self.push(f, g, Item::Node(self.nodes.len() as u32 - 1));
    }

    /// Carries a node's cone through its triangle: queues the goal and turns at newly seen
    /// corners, and returns the children with their f.
    fn carry(&mut self, node: Node) -> [Option<(f64, Node)>; 2] {
        let j = node.entry as usize;
        let ids = self.mesh.triangle(node.tri);
        let (l, r, o) = (ids[j], ids[(j + 1) % 3], ids[(j + 2) % 3]);
        if self.goal_tris.contains(&node.tri) && node.cone.contains(self.goal) {
            self.push_goal(node.root);
        }
        if node.turn_left {
            self.turn(node.root, l, node.tri, true);
        }
        if node.turn_right {
            self.turn(node.root, r, node.tri, false);
        }
        let o_point = self.mesh.vertex(o);
        let neighbors = self.mesh.neighbors(node.tri);
        // Left child through edge j+2 (O -> L) keeps L at its left end; right child through
        // edge j+1 (R -> O) keeps R at its right end.
        let left = match neighbors[(j + 2) % 3] {
            Some(n) if node.cone.left.side(o_point) < 0.0 => self.child(
                node.root,
                node.cone,
                node.tri,
                (j + 2) % 3,
                n,
                [false, true],
            ),
            _ => None,
        };
        let right = match neighbors[(j + 1) % 3] {
            Some(n) if node.cone.right.side(o_point) > 0.0 => self.child(
                node.root,
                node.cone,
                node.tri,
                (j + 1) % 3,
                n,
                [true, false],
            ),
            _ => None,
        };
        [left, right]
    }

    /// The node for `cone` leaving triangle `from` across its edge `k` into `into`, narrowed to
    /// that edge, with its f; `new_ends` says which of the edge's ends (left, right) the parent
    /// did not see. `None` for a dead end: a triangle walled on its two other sides that does
    /// not hold the goal (no cone or turn can leave it).
    fn child(
        &self,
        root: u32,
        cone: Cone,
        from: TriId,
        k: usize,
        into: TriId,
        new_ends: [bool; 2],
    ) -> Option<(f64, Node)> {
        if self.mesh.neighbors(into).iter().flatten().count() == 1
            && !self.goal_tris.contains(&into)
        {
            return None;
        }
        let (at, g) = (self.roots[root as usize].at, self.roots[root as usize].g);
        let ids = self.mesh.triangle(from);
        let (l, r) = (self.mesh.vertex(ids[(k + 1) % 3]), self.mesh.vertex(ids[k]));
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
        let entry = self.mesh.shared_edge(into, from).unwrap_or(0) as u8;
        let (turn_left, turn_right) = (
            left_at_vertex && new_ends[0],
            right_at_vertex && new_ends[1],
        );
        Some((
            f,
            Node {
                root,
                tri: into,
                entry,
                cone,
                turn_left,
                turn_right,
            },
        ))
    }

    /// Makes `v` (a visible vertex of `t`, on the left or right edge of the cone) a root where
    /// the path from `parent` bends left (or right) around a wall, if there is one to bend
    /// around and this is the shortest such way to it found so far.
    fn turn(&mut self, parent: u32, v: VertexId, t: TriId, left: bool) {
        let p = &self.roots[parent as usize];
        let at = self.mesh.vertex(v);
        // Bending left keeps the points left of the line parent -> v; bending right, its right.
        let keep = if left {
            Line::new(p.at, at)
        } else {
            Line::new(at, p.at)
        };
        let g = p.g + p.at.distance(at);
        let fan = self.fan_record(v, t);
        let side = usize::from(!left);
        let record = &mut self.fans[fan as usize];
        // The triangles from t round to the wall on that side hold points hidden from the
        // parent only if the wall lies strictly on that side (v is then a reflex corner).
        let Some(walls) = record.walls else { return };
        if record.g <= g || keep.side(self.mesh.vertex(walls[side])) <= 0.0 {
            return;
        }
        record.g = g;
        let turn = Turn {
            vertex: v,
            from: t,
            left,
            keep,
            fan,
        };
        let index = self.roots.len() as u32;
        self.roots.push(Root {
            at,
            g,
            parent: Some(parent),
            turn: Some(turn),
        });
        self.expand_root(index);
    }

    /// The record of the fan of `v` holding `t`, made (and noted at every corner of the fan) on
    /// first use.
    fn fan_record(&mut self, v: VertexId, t: TriId) -> u32 {
        let mesh = self.mesh;
        let slot = 3 * t.index() + mesh.corner_of(v, t);
        if self.fan_slots[slot] != 0 {
            return self.fan_slots[slot] - 1;
        }
        let walls = match (mesh.fan_wall(v, t, true), mesh.fan_wall(v, t, false)) {
            (Some((_, ccw)), Some((_, cw))) => Some([ccw, cw]),
            _ => None,
        };
        self.fans.push(FanRecord {
            walls,
            g: f64::INFINITY,
        });
        let index = self.fans.len() as u32;
        for u in mesh.fan(v, t, true).chain(mesh.fan(v, t, false).skip(1)) {
            self.fan_slots[3 * u.index() + mesh.corner_of(v, u)] = index;
        }
        index - 1
    }

    /// The path from the start to the goal through `root`, without repeated points or corners
    /// that do not turn (ties between equally short paths can leave those).
    fn path(&self, root: u32) -> Vec<Point> {
        let mut points = vec![self.goal];
        let mut cursor = Some(root);
        while let Some(i) = cursor {
            points.push(self.roots[i as usize].at);
            cursor = self.roots[i as usize].parent;
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
fn heuristic(root: Point, a: Point, b: Point, l: Point, r: Point, goal: Point) -> f64 {
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
