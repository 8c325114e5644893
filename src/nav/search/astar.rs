//! A* over triangles. A search node is a triangle entered at a point (the start, or a point of
//! the portal it was entered through); moving to a neighbour costs the distance to the point
//! where the shared edge is crossed times the triangle's cost (1 without cost areas), and the
//! heuristic is the straight distance to the goal times the mesh's smallest cost and the links'
//! scale, whichever is less (so it never
//! overestimates, even where ground is cheaper than the floor).
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
//!
//! A [`Passage`] decides which moves are allowed: every move for a point agent ([`astar`]), or
//! only moves wide enough for a disc (`clearance_astar`). When the rule depends on the edge a triangle was entered
//! through, a triangle whose ways out were refused for the entry it was expanded from is searched
//! again from its other entry edges, so a narrow turn reached first does not hide a wide one
//! reached later; a triangle expanded with every way out open is done, as for a point.
//!
//! Off-mesh links (`links`) add moves: from a triangle holding a link's start, walk straight to
//! it and jump to its end, entering the triangles there at that point (see `links::Jumps`).

use super::corridor::Corridor;
use super::links::{Jumps, Leg};
use super::queue_key::{from_total_key, total_key};
use crate::geom::Point;
use crate::nav::mesh::clearance::shared_vertex;
use crate::nav::mesh::ids::TriId;
use crate::nav::mesh::navmesh::NavMesh;
use std::cell::Cell;
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
            Some(entry) => pts[shared_vertex(entry, self.exit)],
            None => pts[self.exit].midpoint(pts[(self.exit + 1) % 3]),
        }
    }
}

/// What a search found: a corridor, and every move it was refused on the way.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchOutcome {
    /// The corridor from the start (to the first link taken, when the search takes links).
    pub corridor: Option<Corridor>,
    /// The links taken in order, each with the corridor walked after it.
    pub legs: Vec<Leg>,
    pub blocked: Vec<BlockedCrossing>,
}

struct Node {
    tri: TriId,
    /// The edge of `tri` this node entered through (`None` for start nodes, and for every node
    /// when the passage rule ignores entries).
    entry: Option<usize>,
    parent: Option<u32>,
    g: f64,
    at: Point,
    closed: bool,
    /// Expanded, and every way out was open (the triangle needs no other entry).
    free: bool,
    /// Index + 1 of the next node of the same triangle (0: none).
    next: u32,
    /// The jump (of `Jumps`) taken to enter `tri`, if it was entered across a link.
    link: Option<u32>,
}

impl Node {
    /// A node not yet expanded: `tri` entered across edge `entry` at `at`, from node `parent`,
    /// at cost `g`.
    fn open(tri: TriId, entry: Option<usize>, parent: u32, g: f64, at: Point) -> Node {
        Node {
            tri,
            entry,
            parent: Some(parent),
            g,
            at,
            closed: false,
            free: false,
            next: 0,
            link: None,
        }
    }
}

#[derive(PartialEq, Eq)]
struct Entry {
    /// f and g as their queue keys.
    f: u64,
    g: u64,
    node: u32,
    /// True for a finished path (node is a goal triangle and `g` includes the last leg).
    done: bool,
}

impl Entry {
    fn new(f: f64, g: f64, node: u32, done: bool) -> Self {
        Entry {
            f: total_key(f),
            g: total_key(g),
            node,
            done,
        }
    }
}

impl Ord for Entry {
    fn cmp(&self, o: &Self) -> Ordering {
        // Min-heap on f; among equal f prefer finished paths, then deeper nodes.
        (o.f.cmp(&self.f))
            .then_with(|| self.done.cmp(&o.done))
            .then_with(|| self.g.cmp(&o.g))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// One step of the search, as [`astar_trace`] reports it. `g` is the (weighted) cost from the
/// start to the point the triangle is entered at, `h` the heuristic from there to the goal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SearchEvent {
    /// `tri` joined the open list, or its open entry became cheaper: reached from `parent`
    /// (`None` for a start triangle).
    Open {
        tri: TriId,
        parent: Option<TriId>,
        g: f64,
        h: f64,
    },
    /// The cheapest open triangle was taken off the open list and closed (expanded).
    Close { tri: TriId, g: f64, h: f64 },
    /// The cheapest entry was a finished path through goal triangle `tri`, of weighted length
    /// `length` (its length without cost areas): the search ends.
    Found { tri: TriId, length: f64 },
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
    search(
        mesh,
        (start, start_tris),
        (goal, goal_tris),
        &PointPassage,
        &Jumps::default(),
        |_| {},
    )
    .corridor
}

/// [`astar`] that may also take the off-mesh links of `jumps`: the corridor from the start
/// (to the first link taken) and the legs after each link taken.
pub fn astar_linked(
    mesh: &NavMesh,
    (start, start_tris): (Point, &[TriId]),
    (goal, goal_tris): (Point, &[TriId]),
    jumps: &Jumps,
) -> Option<(Corridor, Vec<Leg>)> {
    let outcome = search(
        mesh,
        (start, start_tris),
        (goal, goal_tris),
        &PointPassage,
        jumps,
        |_| {},
    );
    Some((outcome.corridor?, outcome.legs))
}

/// [`astar`] step by step: every event of the same search, in order (replay them with
/// [`SearchReplay`](super::search_replay::SearchReplay)).
pub fn astar_trace(
    mesh: &NavMesh,
    start: Point,
    start_tris: &[TriId],
    goal: Point,
    goal_tris: &[TriId],
) -> Vec<SearchEvent> {
    let mut events = Vec::new();
    search(
        mesh,
        (start, start_tris),
        (goal, goal_tris),
        &PointPassage,
        &Jumps::default(),
        |e| events.push(e),
    );
    events
}

/// The memory of a search, kept per thread between searches so that a query never grows a
/// mesh-sized table: `slot[t]` is the index + 1 of the first node of triangle `t` (0: none yet),
/// its other nodes chained through `next`. A search leaves its nodes behind; the next one clears
/// their slots before it starts ([`Scratch::reset`]).
#[derive(Default)]
struct Scratch {
    slot: Vec<u32>,
    nodes: Vec<Node>,
    heap: BinaryHeap<Entry>,
}

impl Scratch {
    /// Makes every slot 0 for a search over `triangles` triangles. A table of up to 256k slots
    /// (1 MiB, well within a core's L2 cache), or one the last search touched a 32nd of, is
    /// cleared whole in one sequential pass, which also brings it into the cache for the random
    /// slot reads of this search: left cold, each was a cache miss (in the query bench, where
    /// another engine's search runs between ours, an eighth of the A* time). Otherwise only the
    /// last search's slots are cleared, so a short search on a huge mesh stays short.
    fn reset(&mut self, triangles: usize) {
        let whole = self.slot.len().max(triangles) <= 1 << 18
            || self.nodes.len().saturating_mul(32) >= self.slot.len();
        if whole {
            self.slot.fill(0);
        } else {
            for node in &self.nodes {
                self.slot[node.tri.index()] = 0;
            }
        }
        if self.slot.len() < triangles {
            self.slot.resize(triangles, 0);
        }
        self.nodes.clear();
        self.heap.clear();
    }
}

thread_local! {
    static SCRATCH: Cell<Scratch> = Cell::default();
}

/// The search under a passage rule, telling `observe` every step (a no-op closure costs
/// nothing: the normal entry points pass one).
pub(crate) fn search<P: Passage>(
    mesh: &NavMesh,
    (start, start_tris): (Point, &[TriId]),
    (goal, goal_tris): (Point, &[TriId]),
    passage: &P,
    jumps: &Jumps,
    observe: impl FnMut(SearchEvent),
) -> SearchOutcome {
    // Taken, not borrowed: a search started from `observe` gets fresh memory.
    let mut scratch = SCRATCH.take();
    scratch.reset(mesh.triangle_count());
    let outcome = search_in(
        &mut scratch,
        mesh,
        (start, start_tris),
        (goal, goal_tris),
        (passage, jumps),
        observe,
    );
    SCRATCH.set(scratch);
    outcome
}

/// [`search`] in `scratch` (all slots 0, no nodes, empty heap).
fn search_in<P: Passage>(
    scratch: &mut Scratch,
    mesh: &NavMesh,
    (start, start_tris): (Point, &[TriId]),
    (goal, goal_tris): (Point, &[TriId]),
    (passage, jumps): (&P, &Jumps),
    mut observe: impl FnMut(SearchEvent),
) -> SearchOutcome {
    let Scratch { slot, nodes, heap } = scratch;
    // Walking costs at least the smallest area cost per unit, a jump at least its scale.
    let scale = jumps.heuristic_scale().min(mesh.cost_map().min_cost());
    let h = |p: Point| scale * p.distance(goal);
    let mut outcome = SearchOutcome::default();
    for &t in start_tris {
        if slot[t.index()] == 0 {
            nodes.push(Node {
                tri: t,
                entry: None,
                parent: None,
                g: 0.0,
                at: start,
                closed: false,
                free: false,
                next: 0,
                link: None,
            });
            slot[t.index()] = nodes.len() as u32;
            observe(SearchEvent::Open {
                tri: t,
                parent: None,
                g: 0.0,
                h: h(start),
            });
            heap.push(Entry::new(h(start), 0.0, nodes.len() as u32 - 1, false));
        }
    }
    while let Some(Entry { g, node, done, .. }) = heap.pop() {
        let g = from_total_key(g);
        let current = &nodes[node as usize];
        if done {
            observe(SearchEvent::Found {
                tri: current.tri,
                length: g,
            });
            let (first, legs) = route(mesh, nodes, node, (start, goal), jumps);
            outcome.corridor = Some(first);
            outcome.legs = legs;
            return outcome;
        }
        if g > current.g || current.closed {
            continue; // stale entry
        }
        let (tri, entry, at) = (current.tri, current.entry, current.at);
        nodes[node as usize].closed = true;
        nodes[node as usize].free = true;
        observe(SearchEvent::Close { tri, g, h: h(at) });
        let cost = mesh.cost(tri);
        if goal_tris.contains(&tri) {
            let total = g + cost * at.distance(goal);
            heap.push(Entry::new(total, total, node, true));
        }
        let verts = mesh.triangle_points(tri);
        for (k, n) in mesh.neighbors(tri).into_iter().enumerate() {
            let Some(n) = n else { continue };
            if Some(k) == entry {
                continue;
            }
            if let Err(width) = passage.check(tri, entry, k) {
                nodes[node as usize].free = false;
                outcome.blocked.push(BlockedCrossing {
                    triangle: tri,
                    entry,
                    exit: k,
                    width,
                });
                continue;
            }
            let cross = crossing_point(at, verts[k], verts[(k + 1) % 3], goal);
            let n_entry = if P::BY_ENTRY {
                mesh.shared_edge(n, tri)
            } else {
                None
            };
            let next = Node::open(n, n_entry, node, g + cost * at.distance(cross), cross);
            relax(slot, nodes, heap, next, tri, h(cross), &mut observe);
        }
        for j in jumps.starting_in(tri) {
            let jump = jumps.jump(j);
            let ng = g + cost * at.distance(jump.from) + jump.cost;
            for &t in &jump.to_tris {
                let next = Node {
                    link: Some(j),
                    ..Node::open(t, None, node, ng, jump.to)
                };
                relax(slot, nodes, heap, next, tri, h(jump.to), &mut observe);
            }
        }
    }
    outcome
}

/// Offers `next`, reached from triangle `from`, to the search: a new or cheaper node is told
/// to `observe` and queued at its cost plus the heuristic `h`.
#[inline(always)]
fn relax(
    slot: &mut [u32],
    nodes: &mut Vec<Node>,
    heap: &mut BinaryHeap<Entry>,
    next: Node,
    from: TriId,
    h: f64,
    observe: &mut impl FnMut(SearchEvent),
) {
    let (tri, g) = (next.tri, next.g);
    let Some(node) = offer(slot, nodes, next) else {
        return;
    };
    observe(SearchEvent::Open {
        tri,
        parent: Some(from),
        g,
        h,
    });
    heap.push(Entry::new(g + h, g, node, false));
}

/// The point q of segment [a, b] minimising |from - q| + |q - to|.
#[inline]
pub(crate) fn crossing_point(from: Point, a: Point, b: Point, to: Point) -> Point {
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

/// Offers the move `next` to the open list: the index of the node now holding it, or `None`
/// when it is refused. A triangle expanded with every way out open is done; one whose ways out
/// were refused for its entry is searched again from each other entry edge.
#[inline(always)]
fn offer(slot: &mut [u32], nodes: &mut Vec<Node>, next: Node) -> Option<u32> {
    let n = next.tri;
    let mut same = None;
    let mut cursor = slot[n.index()];
    while cursor != 0 {
        let other = &nodes[cursor as usize - 1];
        if other.closed && other.free {
            return None;
        }
        if other.entry == next.entry {
            same = Some(cursor - 1);
        }
        cursor = other.next;
    }
    match same {
        None => {
            nodes.push(Node {
                next: slot[n.index()],
                ..next
            });
            slot[n.index()] = nodes.len() as u32;
            Some(nodes.len() as u32 - 1)
        }
        Some(i) => {
            // Expanded nodes stay closed; open ones take the cheaper arrival.
            let existing = &mut nodes[i as usize];
            if existing.closed || next.g >= existing.g {
                return None;
            }
            *existing = Node {
                next: existing.next,
                ..next
            };
            Some(i)
        }
    }
}

/// The corridor from `start` ending at node `last`, split where a link was taken: the first
/// piece and the legs after each link.
fn route(
    mesh: &NavMesh,
    nodes: &[Node],
    last: u32,
    (start, goal): (Point, Point),
    jumps: &Jumps,
) -> (Corridor, Vec<Leg>) {
    // Walking back from the goal: each piece's triangles (reversed) and the jump entering it.
    let mut pieces: Vec<(Vec<TriId>, Option<u32>)> = vec![(Vec::new(), None)];
    let mut cursor = Some(last);
    while let Some(i) = cursor {
        let n = &nodes[i as usize];
        if let Some(piece) = pieces.last_mut() {
            piece.0.push(n.tri);
            piece.1 = n.link;
        }
        if n.link.is_some() {
            pieces.push((Vec::new(), None));
        }
        cursor = n.parent;
    }
    pieces.reverse();
    let ends = |k: usize| {
        let from = pieces[k].1.map_or(start, |j| jumps.jump(j).to);
        let to = pieces
            .get(k + 1)
            .and_then(|p| p.1)
            .map_or(goal, |j| jumps.jump(j).from);
        (from, to)
    };
    let piece = |k: usize| {
        let mut triangles = pieces[k].0.clone();
        triangles.reverse();
        corridor(mesh, triangles, ends(k))
    };
    let legs = (1..pieces.len())
        .filter_map(|k| {
            let j = pieces[k].1?;
            Some(Leg {
                link: jumps.jump(j).link,
                corridor: piece(k),
            })
        })
        .collect();
    (piece(0), legs)
}

/// The corridor through `triangles` (consecutive ones neighbours) from `start` to `goal`.
pub(crate) fn corridor(
    mesh: &NavMesh,
    triangles: Vec<TriId>,
    (start, goal): (Point, Point),
) -> Corridor {
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

    /// The corridor from (1, 1) to the far corner of a `n` x `n` grid of squares.
    fn corner_to_corner(mesh: &NavMesh, n: usize) -> Option<Corridor> {
        let (s, g) = (p(1.0, 1.0), p(10.0 * n as f64 - 1.0, 10.0 * n as f64 - 1.0));
        let tri = |q: Point| vec![mesh.locate(q).triangle().expect("inside")];
        astar(mesh, s, &tri(s), g, &tri(g))
    }

    #[test]
    fn the_reused_search_memory_gives_every_search_a_clean_start() {
        use crate::nav::build::pipeline::build;
        use crate::scene::generate::rotated_squares;
        let small = build(&rotated_squares(4, 4, 10.0, 0.5, 3)).unwrap().mesh;
        let big = build(&rotated_squares(9, 9, 10.0, 0.5, 3)).unwrap().mesh;
        let first_small = corner_to_corner(&small, 4);
        let first_big = corner_to_corner(&big, 9);
        assert!(first_small.is_some() && first_big.is_some());
        // Small after big, big after small, and a search run from inside another's observer
        // (which must get memory of its own) all answer as the first time.
        for _ in 0..2 {
            assert_eq!(corner_to_corner(&small, 4), first_small);
            assert_eq!(corner_to_corner(&big, 9), first_big);
        }
        let (s, g) = (p(1.0, 1.0), p(89.0, 89.0));
        let tri = |q: Point| vec![big.locate(q).triangle().unwrap()];
        let mut nested = Vec::new();
        let (ends, none) = ((s, tri(s)), Jumps::default());
        let outer = search(
            &big,
            (ends.0, &ends.1),
            (g, &tri(g)),
            &PointPassage,
            &none,
            |_| {
                if nested.is_empty() {
                    nested.push(corner_to_corner(&small, 4));
                }
            },
        );
        assert_eq!(outer.corridor, first_big);
        assert_eq!(nested, vec![first_small.clone()]);
        assert_eq!(corner_to_corner(&small, 4), first_small);
    }

    #[test]
    fn reset_clears_every_slot_a_search_left_small_or_large() {
        let node = |t: u32| Node::open(TriId(t), None, 0, 0.0, p(0.0, 0.0));
        // A few slots of a huge table are cleared one by one; a small table, or many slots of
        // a huge one, by a whole-table pass.
        let huge = (1 << 18) + 1000;
        for (table, touched) in [(huge, 2u32), (huge, 9000), (1000, 2)] {
            let mut scratch = Scratch {
                slot: vec![0; table],
                ..Scratch::default()
            };
            for t in 0..touched {
                scratch.slot[(t * 7) as usize] = t + 1;
                scratch.nodes.push(node(t * 7));
            }
            scratch.reset(1200);
            assert!(scratch.slot.len() >= 1200);
            assert!(scratch.slot.iter().all(|&s| s == 0), "{touched} of {table}");
            assert!(scratch.nodes.is_empty());
        }
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
