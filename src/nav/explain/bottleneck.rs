//! The bottleneck of a blocked radius-aware query: of the routes a point agent could take
//! through the raw mesh, the one whose narrowest crossing is widest (a maximin search over
//! triangles entered by an edge, with the crossing widths of `clearance`), and that narrowest
//! crossing: the passage that would have to widen for the agent to get through.

use crate::geom::{Aabb, Point, Segment, orient};
use crate::nav::build::raw::RawNav;
use crate::nav::mesh::clearance::{crossing_width, shared_vertex};
use crate::nav::mesh::ids::TriId;
use crate::nav::search::astar::BlockedCrossing;
use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap, HashSet};

/// The narrowest passage on the widest route.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bottleneck {
    /// The middle of the narrow place.
    pub at: Point,
    /// Its width: the diameter of the largest disc that passes there.
    pub width: f64,
    /// The narrow place, from the corner the crossing turns round to the nearest wall point
    /// across (the exit edge when leaving the start triangle; both ends the corner when no wall
    /// point at that distance was found).
    pub across: [Point; 2],
    pub crossing: BlockedCrossing,
}

/// A triangle entered across an edge (`None`: the start triangle).
type State = (TriId, Option<usize>);

/// The widest width reaching each state, and the crossing (from which state) that reached it.
type Reached = HashMap<State, (f64, Option<(State, BlockedCrossing)>)>;

struct Entry {
    width: f64,
    state: State,
}

impl PartialEq for Entry {
    fn eq(&self, o: &Self) -> bool {
        self.width.total_cmp(&o.width) == Ordering::Equal
    }
}

impl Eq for Entry {}

impl Ord for Entry {
    fn cmp(&self, o: &Self) -> Ordering {
        self.width.total_cmp(&o.width)
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// The narrowest crossing of the widest route from any of `start_tris` to any of `goal_tris`
/// (`refused` crossings offer at most their recorded width); `None` when no route exists or
/// the route needs no crossing.
pub fn bottleneck(
    raw: &RawNav,
    start_tris: &[TriId],
    goal_tris: &[TriId],
    refused: &[BlockedCrossing],
) -> Option<Bottleneck> {
    let mesh = &raw.mesh;
    let offered = |t: TriId, entry: Option<usize>, exit: usize| {
        let width = crossing_width(mesh, &raw.widths, t, entry, exit);
        refused
            .iter()
            .filter(|f| (f.triangle, f.entry, f.exit) == (t, entry, exit))
            .fold(width, |w, f| w.min(f.width))
    };
    let mut reached: Reached = HashMap::new();
    let mut heap = BinaryHeap::new();
    for &t in start_tris {
        reached.insert((t, None), (f64::INFINITY, None));
        heap.push(Entry {
            width: f64::INFINITY,
            state: (t, None),
        });
    }
    let mut done = HashSet::new();
    while let Some(Entry { width, state }) = heap.pop() {
        if !done.insert(state) {
            continue;
        }
        let (t, entry) = state;
        if goal_tris.contains(&t) {
            return narrowest(raw, &reached, state);
        }
        for (k, n) in mesh.neighbors(t).into_iter().enumerate() {
            let Some(n) = n else { continue };
            if Some(k) == entry {
                continue;
            }
            let w = offered(t, entry, k);
            let next = (n, mesh.shared_edge(n, t));
            let through = width.min(w);
            if reached.get(&next).is_none_or(|(best, _)| through > *best) {
                let crossing = BlockedCrossing {
                    triangle: t,
                    entry,
                    exit: k,
                    width: w,
                };
                reached.insert(next, (through, Some((state, crossing))));
                heap.push(Entry {
                    width: through,
                    state: next,
                });
            }
        }
    }
    None
}

/// The narrowest crossing on the way back from `end`, located.
fn narrowest(raw: &RawNav, reached: &Reached, end: State) -> Option<Bottleneck> {
    let mut narrowest: Option<BlockedCrossing> = None;
    let mut state = end;
    while let Some((_, Some((from, crossing)))) = reached.get(&state) {
        if narrowest.is_none_or(|n| crossing.width < n.width) {
            narrowest = Some(*crossing);
        }
        state = *from;
    }
    narrowest.map(|c| locate(raw, c))
}

/// Where the narrow place of `crossing` is: from the corner C it turns round to the nearest wall
/// point across the triangle's edge AB opposite C.
fn locate(raw: &RawNav, crossing: BlockedCrossing) -> Bottleneck {
    let pts = raw.mesh.triangle_points(crossing.triangle);
    let across = match crossing.entry {
        None => [pts[crossing.exit], pts[(crossing.exit + 1) % 3]],
        Some(entry) => {
            let k = shared_vertex(entry, crossing.exit);
            let (c, a, b) = (pts[k], pts[(k + 1) % 3], pts[(k + 2) % 3]);
            let reach = crossing.width * (1.0 + 1e-6) + 1e-12 * raw.walls().bounds().diagonal();
            let witness = raw
                .walls()
                .candidates(Aabb::from_points([c]), reach)
                .into_iter()
                .filter_map(|i| across(raw.walls().segment(i as usize), a, b, c))
                .map(|s| s.closest_point(c))
                .filter(|q| q.distance(c) <= reach)
                .min_by(|p, q| p.distance_sq(c).total_cmp(&q.distance_sq(c)));
            [c, witness.unwrap_or(c)]
        }
    };
    Bottleneck {
        at: across[0].midpoint(across[1]),
        width: crossing.width,
        across,
        crossing,
    }
}

/// The part of wall `s` on the far side of line AB from C, or on it (where the width at C is
/// measured), if any.
fn across(s: Segment, a: Point, b: Point, c: Point) -> Option<Segment> {
    let side = orient(a, b, c).signum();
    let (fp, fq) = (side * orient(a, b, s.a), side * orient(a, b, s.b));
    match (fp <= 0.0, fq <= 0.0) {
        (true, true) => Some(s),
        (false, false) => None,
        (true, false) => Some(Segment::new(s.a, s.a.lerp(s.b, fp / (fp - fq)))),
        (false, true) => Some(Segment::new(s.a.lerp(s.b, fp / (fp - fq)), s.b)),
    }
}
