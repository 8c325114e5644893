//! Long polygon fans ("hubs"): the polygons around a vertex that many polygons share (a room
//! corner facing a finely divided curved obstacle has thousands of thin triangles), in
//! counter-clockwise order, with a tree of bounding boxes over their far corners (each node
//! both axis-aligned and along its run's chord: a line leaving a curved obstacle along an edge
//! cuts the first kind near the curve, not the second), so that the exact search can carry a
//! cone across a run of them in logarithmic time.
//!
//! A cone entering a hub polygon across an edge at the hub vertex `v`, with `v` strictly on one
//! side of it and every other corner of the polygon strictly on the other, leaves it across
//! the polygon's other edge at `v` and does nothing else there (no corner to turn around, one
//! child). [`HubFans::first_stop`] finds the first polygon from a position on where that fails:
//! by the far corners' convex runs first (see `fan_chains`; a cone leaving a curve along one of
//! its edges clears the rest of the curve at once), then by the tree.
//! ```text
//!   v (hub) ____________________
//!      |\ \  \    \     \       cone crossing the fan: v above it,
//!      | \ \  \    \     \      every far corner x below it
//!      x  x  x  x    x     x
//! ```

use super::bits::Bits;
use super::convex::{ConvexMesh, PolyId};
use super::fan_chains::FanChains;
use super::ids::VertexId;
use crate::geom::{ChordBox, Point, orient};

/// Polygons [`HubFans::first_stop`] tests one by one before it searches the tree.
const PROBE: usize = 4;

/// The far corners' box of a polygon or of a run of polygons (empty: `lo > hi`).
#[derive(Clone, Copy, Debug)]
struct Bounds {
    lo: Point,
    hi: Point,
}

impl Bounds {
    const EMPTY: Bounds = Bounds {
        lo: Point {
            x: f64::INFINITY,
            y: f64::INFINITY,
        },
        hi: Point {
            x: f64::NEG_INFINITY,
            y: f64::NEG_INFINITY,
        },
    };

    fn add(self, p: Point) -> Bounds {
        Bounds {
            lo: Point::new(self.lo.x.min(p.x), self.lo.y.min(p.y)),
            hi: Point::new(self.hi.x.max(p.x), self.hi.y.max(p.y)),
        }
    }

    fn join(self, o: Bounds) -> Bounds {
        self.add(o.lo).add(o.hi)
    }

    /// Certainly strictly on the `side` (+1 left, -1 right) of the line `a -> b`: the
    /// floating-point side of every box corner clears a bound on its rounding error.
    fn clearly_on(self, a: Point, b: Point, side: f64) -> bool {
        let (dx, dy) = (side * (b.x - a.x), side * (b.y - a.y));
        // The corner where the side is least: low y when it grows with y (dx > 0), and so on.
        let least = Point::new(
            if dy > 0.0 { self.hi.x } else { self.lo.x },
            if dx > 0.0 { self.lo.y } else { self.hi.y },
        );
        self.clears(least, a, b, side)
    }

    /// `p`, a point near the box, is strictly on the `side` of the line `a -> b` by more than
    /// a bound on the rounding error of the side of a point of the box.
    fn clears(self, p: Point, a: Point, b: Point, side: f64) -> bool {
        let (dx, dy) = (side * (b.x - a.x), side * (b.y - a.y));
        let reach = (self.lo.x - a.x).abs().max((self.hi.x - a.x).abs())
            + (self.lo.y - a.y).abs().max((self.hi.y - a.y).abs());
        dx * (p.y - a.y) - dy * (p.x - a.x) > 1e-14 * (dx.abs() + dy.abs()) * reach
    }
}

/// One hub's fan: `polys[start..start + len]`, its box tree at `trees[tree..]`.
#[derive(Clone, Debug)]
struct Hub {
    vertex: VertexId,
    start: u32,
    len: u32,
    tree: u32,
}

/// Every hub of a convex mesh.
#[derive(Clone, Debug, Default)]
pub(crate) struct HubFans {
    hubs: Vec<Hub>,
    /// The fans' polygons, hub after hub, each counter-clockwise from the clockwise wall.
    polys: Vec<PolyId>,
    /// The hub of each entry of `polys`.
    hub_of: Vec<u32>,
    /// Per polygon corner slot (see `ConvexMesh::slot`): the index in `polys` when the corner
    /// is a hub vertex, else `u32::MAX`.
    place: Vec<u32>,
    /// The polygons with a hub corner (checked before `place`, which is far bigger).
    touched: Bits,
    /// Segment trees of the boxes of the polygons' corners other than the hub vertex, one per
    /// hub (node 1 is the root, node i has children 2i and 2i + 1).
    trees: Vec<Bounds>,
    /// The same corners' boxes along their chords, node by node: a line that runs along a
    /// curved run of corners cuts their axis-aligned box, not the thin box along the run.
    chords: Vec<ChordBox>,
    /// The polygons' far corners as chains, for the walks along a curve (see `fan_chains`).
    chains: FanChains,
}

/// Where a hub fan passes through a polygon: the hub and the position in its fan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HubPlace {
    hub: u32,
    pub(crate) position: usize,
}

impl HubPlace {
    /// Both places are in the same fan.
    pub(crate) fn same_fan(self, o: HubPlace) -> bool {
        self.hub == o.hub
    }
}

impl HubFans {
    /// Finds the hubs of `convex` (over `vertices`): the long fans it lists.
    pub(crate) fn new(vertices: &[Point], convex: &ConvexMesh) -> HubFans {
        let mut out = HubFans {
            place: vec![u32::MAX; convex.slot_count()],
            touched: Bits::new(convex.polygon_count()),
            ..HubFans::default()
        };
        for (p, i) in convex.long_fans() {
            let v = convex.corners(p)[i];
            // Counter-clockwise from the clockwise wall.
            let Some((first, _)) = convex.fan_wall(v, p, false) else {
                continue;
            };
            let fan: Vec<PolyId> = convex.fan(v, first, true).collect();
            let hub = out.hubs.len() as u32;
            let start = out.polys.len();
            for (k, &q) in fan.iter().enumerate() {
                out.place[convex.slot(q) + convex.corner_of(v, q)] = (start + k) as u32;
                out.polys.push(q);
                out.touched.insert(q.index());
                out.hub_of.push(hub);
            }
            // The far corners of each polygon in fan order (the polygon's order from after v).
            let mut points = Vec::new();
            let mut ends = vec![0];
            for &q in &fan {
                let corners = convex.corners(q);
                let at = convex.corner_of(v, q);
                points.extend(
                    (1..corners.len()).map(|k| vertices[corners[(at + k) % corners.len()].index()]),
                );
                ends.push(points.len());
            }
            let runs = ends.windows(2).map(|w| &points[w[0]..w[1]]);
            out.chains.push_fan(runs.clone());
            let far: Vec<(Bounds, ChordBox)> = runs
                .map(|run| {
                    let bounds = run.iter().fold(Bounds::EMPTY, |b, &p| b.add(p));
                    (bounds, ChordBox::of_run(run))
                })
                .collect();
            let tree = out.trees.len();
            out.trees.resize(tree + 4 * fan.len(), Bounds::EMPTY);
            out.chords.resize(tree + 4 * fan.len(), far[0].1);
            out.build(tree, &far, 1, 0, fan.len());
            out.hubs.push(Hub {
                vertex: v,
                start: start as u32,
                len: fan.len() as u32,
                tree: tree as u32,
            });
        }
        out
    }

    /// Fills node `node` of the tree at `tree` over positions `lo..hi` of a fan whose
    /// polygons' far corners have the boxes `far`; returns the node's boxes.
    fn build(
        &mut self,
        tree: usize,
        far: &[(Bounds, ChordBox)],
        node: usize,
        lo: usize,
        hi: usize,
    ) -> (Bounds, ChordBox) {
        let (b, c) = if hi - lo == 1 {
            far[lo]
        } else {
            let mid = (lo + hi) / 2;
            let (lb, lc) = self.build(tree, far, 2 * node, lo, mid);
            let (rb, rc) = self.build(tree, far, 2 * node + 1, mid, hi);
            (lb.join(rb), lc.then(&rc))
        };
        self.trees[tree + node] = b;
        self.chords[tree + node] = c;
        (b, c)
    }

    /// Some corner of `p` is a hub.
    pub(crate) fn touches(&self, p: PolyId) -> bool {
        self.touched.contains(p.index())
    }

    /// The hub fan of the polygon whose corner slot is `slot`, if that corner is a hub.
    pub(crate) fn place(&self, slot: usize) -> Option<HubPlace> {
        let at = *self.place.get(slot)?;
        (at != u32::MAX).then(|| {
            let hub = self.hub_of[at as usize];
            HubPlace {
                hub,
                position: at as usize - self.hubs[hub as usize].start as usize,
            }
        })
    }

    /// The number of polygons in the fan of `place`.
    pub(crate) fn len(&self, place: HubPlace) -> usize {
        self.hubs[place.hub as usize].len as usize
    }

    /// The polygon at `position` of the fan of `place`.
    pub(crate) fn poly(&self, place: HubPlace, position: usize) -> PolyId {
        self.polys[self.hubs[place.hub as usize].start as usize + position]
    }

    /// The first position from `place` on (counter-clockwise when `ccw`, else clockwise) whose
    /// polygon has a corner other than the hub vertex not strictly on the `side` (+1 left, -1
    /// right) of the line `a -> b`; `None` when every polygon to the fan's end is clear.
    pub(crate) fn first_stop(
        &self,
        vertices: &[Point],
        convex: &ConvexMesh,
        place: HubPlace,
        ccw: bool,
        (a, b): (Point, Point),
        side: f64,
    ) -> Option<usize> {
        let hub = &self.hubs[place.hub as usize];
        let mut search = Stop {
            fans: self,
            vertices,
            convex,
            hub,
            ccw,
            from: place.position,
            line: (a, b),
            side,
        };
        // Most cones stop at once: look at the first few polygons before the tree.
        if let Err(stop) = search.probe() {
            return stop;
        }
        // Along a curve, a line leaving it along an edge clears long runs of the fan at once,
        // and a stop is often just after.
        let (start, end) = (hub.start as usize, search.end());
        if let Some(clear) =
            self.chains
                .clear_until(start + search.from, start + end, ccw, (a, b), side)
        {
            search.from = match clear - start {
                last if last == end => return None,
                last if ccw => last + 1,
                last => last - 1,
            };
            if let Err(stop) = search.probe() {
                return stop;
            }
        }
        search.first(1, 0, hub.len as usize)
    }
}

#[cfg(test)]
thread_local! {
    /// Tree nodes visited by [`Stop::first`] on this thread (tests count the work).
    static VISITS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One [`HubFans::first_stop`] query.
struct Stop<'a> {
    fans: &'a HubFans,
    vertices: &'a [Point],
    convex: &'a ConvexMesh,
    hub: &'a Hub,
    ccw: bool,
    from: usize,
    line: (Point, Point),
    side: f64,
}

impl Stop<'_> {
    /// The walk's last position (the fan's end).
    fn end(&self) -> usize {
        if self.ccw {
            self.hub.len as usize - 1
        } else {
            0
        }
    }

    /// Tests the next few positions one by one: `Err` holds the first stop among them
    /// (`Err(None)`: the fan ended, clear), `Ok` means they were clear and `from` moved past.
    fn probe(&mut self) -> Result<(), Option<usize>> {
        for _ in 0..PROBE {
            if !self.clear(self.from) {
                return Err(Some(self.from));
            }
            if self.from == self.end() {
                return Err(None);
            }
            self.from = if self.ccw {
                self.from + 1
            } else {
                self.from - 1
            };
        }
        Ok(())
    }

    /// The first stop within positions `lo..hi` (tree node `node`) in the walk's direction.
    fn first(&self, node: usize, lo: usize, hi: usize) -> Option<usize> {
        #[cfg(test)]
        VISITS.with(|v| v.set(v.get() + 1));
        let outside_walk = if self.ccw {
            hi <= self.from
        } else {
            lo > self.from
        };
        if outside_walk || self.clear_node(node) {
            return None;
        }
        if hi - lo == 1 {
            return (!self.clear(lo)).then_some(lo);
        }
        let mid = (lo + hi) / 2;
        let (near, far) = if self.ccw {
            ((2 * node, lo, mid), (2 * node + 1, mid, hi))
        } else {
            ((2 * node + 1, mid, hi), (2 * node, lo, mid))
        };
        self.first(near.0, near.1, near.2)
            .or_else(|| self.first(far.0, far.1, far.2))
    }

    /// Every corner of the polygons under tree node `node` but the hub vertex lies strictly on
    /// the side, for certain (`false` may be wrong): by their box, else by their box along
    /// their chord.
    fn clear_node(&self, node: usize) -> bool {
        let at = self.hub.tree as usize + node;
        let (a, b) = self.line;
        let bounds = self.fans.trees[at];
        let lowest = self.fans.chords[at].lowest((b - a).perp() * self.side);
        bounds.clearly_on(a, b, self.side) || bounds.clears(lowest, a, b, self.side)
    }

    /// Every corner of the polygon at `position` but the hub vertex lies strictly on the side
    /// (exact test).
    fn clear(&self, position: usize) -> bool {
        let p = self.fans.polys[self.hub.start as usize + position];
        self.convex.corners(p).iter().all(|&u| {
            u == self.hub.vertex
                || self.side * orient(self.line.0, self.line.1, self.vertices[u.index()]) > 0.0
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::build::triangulate::triangulate;
    use crate::nav::mesh::free_space::{Contour, FreeSpace};
    use crate::rng::Rng;
    use std::f64::consts::TAU;

    /// A 40 x 30 room round a regular `n`-gon of radius 6: each room corner fans out to a
    /// quarter of the ring.
    fn room_with_disc(n: usize) -> FreeSpace {
        let p = Point::new;
        let room = vec![p(0.0, 0.0), p(40.0, 0.0), p(40.0, 30.0), p(0.0, 30.0)];
        let disc: Vec<Point> = (0..n)
            .rev()
            .map(|k| p(20.0, 15.0) + Point::from_angle(TAU * k as f64 / n as f64) * 6.0)
            .collect();
        let contour = |points: Vec<Point>| Contour::without_corners(points);
        FreeSpace {
            contours: vec![contour(room), contour(disc)],
        }
    }

    #[test]
    fn first_stop_matches_a_walk_along_the_fan() {
        let mesh = triangulate(&room_with_disc(400)).unwrap();
        let convex = mesh.convex();
        let hubs = mesh.hub_fans();
        assert_eq!(hubs.hubs.len(), 4, "one hub per room corner");
        for p in convex.polygons() {
            let slots = convex.slot(p)..convex.slot(p) + convex.corners(p).len();
            let has_hub = slots.clone().any(|slot| hubs.place(slot).is_some());
            assert_eq!(hubs.touches(p), has_hub, "{p:?}");
        }
        let mut rng = Rng::new(7);
        let mut stops = 0;
        for _ in 0..2000 {
            let hub = &hubs.hubs[(rng.next_u64() % 4) as usize];
            let len = hub.len as usize;
            let place = HubPlace {
                hub: (hubs.hubs.iter().position(|h| h.start == hub.start).unwrap()) as u32,
                position: (rng.next_u64() % len as u64) as usize,
            };
            // Lines through a point near the disc, in any direction.
            let a = Point::new(rng.range(10.0, 30.0), rng.range(5.0, 25.0));
            let b = a + Point::from_angle(rng.range(0.0, TAU));
            let ccw = rng.next_u64().is_multiple_of(2);
            let side = if rng.next_u64().is_multiple_of(2) {
                1.0
            } else {
                -1.0
            };
            let clear = |i: usize| {
                convex
                    .corners(hubs.poly(place, i))
                    .iter()
                    .all(|&u| u == hub.vertex || side * orient(a, b, mesh.vertex(u)) > 0.0)
            };
            let walk: Vec<usize> = if ccw {
                (place.position..len).collect()
            } else {
                (0..=place.position).rev().collect()
            };
            let expected = walk.into_iter().find(|&i| !clear(i));
            stops += usize::from(expected.is_some_and(|i| i != place.position));
            let found = hubs.first_stop(mesh.vertices(), convex, place, ccw, (a, b), side);
            assert_eq!(found, expected, "{a} -> {b}, side {side}, ccw {ccw}");
        }
        assert!(stops > 100, "only {stops} stops away from the start");
    }

    /// A line leaving the disc along one of its edges passes every later corner of the disc on
    /// its way across a room corner's fan. The walk to the fan's end follows the disc's convex
    /// run of corners in a few steps, and the box tree alone stays logarithmic (the corners'
    /// axis-aligned boxes straddle such a line near the disc; their boxes along their chords
    /// do not); both find what a walk along the fan finds.
    #[test]
    fn a_line_along_a_dense_disc_crosses_a_fan_in_logarithmic_work() {
        let n = 20_000;
        let mesh = triangulate(&room_with_disc(n)).unwrap();
        let (convex, hubs) = (mesh.convex(), mesh.hub_fans());
        let centre = Point::new(20.0, 15.0);
        let (mut calls, mut longest, mut tree_visits) = (0, 0, 0);
        VISITS.with(|v| v.set(0));
        for (h, hub) in hubs.hubs.iter().enumerate() {
            let len = hub.len as usize;
            for i in (0..len - 1).step_by(len / 50) {
                let place = HubPlace {
                    hub: h as u32,
                    position: i + 1,
                };
                // The polygon's corners on the disc, in fan order, and a line through the first
                // passing just outside the second.
                let on_disc: Vec<Point> = convex
                    .corners(hubs.poly(place, i))
                    .iter()
                    .map(|&u| mesh.vertex(u))
                    .filter(|p| (p.distance(centre) - 6.0).abs() < 1e-9)
                    .collect();
                let [p, q] = on_disc[..] else { continue };
                let next = convex.corners(hubs.poly(place, i + 1));
                let (p, q) = if next.iter().any(|&u| mesh.vertex(u) == q) {
                    (p, q)
                } else {
                    (q, p)
                };
                let b = q + (q - centre) * 1e-9;
                let side = orient(p, b, centre).signum();
                let clear = |k: usize| {
                    convex
                        .corners(hubs.poly(place, k))
                        .iter()
                        .all(|&u| u == hub.vertex || side * orient(p, b, mesh.vertex(u)) > 0.0)
                };
                let expected = (i + 1..len).find(|&k| !clear(k));
                let found = hubs.first_stop(mesh.vertices(), convex, place, true, (p, b), side);
                assert_eq!(found, expected, "hub {h} from {}", i + 1);
                // The tree alone, from the same place.
                let walks = VISITS.with(|v| v.get());
                let tree = Stop {
                    fans: hubs,
                    vertices: mesh.vertices(),
                    convex,
                    hub,
                    ccw: true,
                    from: i + 1,
                    line: (p, b),
                    side,
                };
                assert_eq!(
                    tree.first(1, 0, len),
                    expected,
                    "tree of hub {h} from {}",
                    i + 1
                );
                tree_visits += VISITS.with(|v| v.get()) - walks;
                VISITS.with(|v| v.set(walks));
                longest = longest.max(expected.unwrap_or(len) - i);
                calls += 1;
            }
        }
        let visits = VISITS.with(|v| v.get());
        assert!(
            calls > 100 && longest > 1000,
            "{calls} walks, the longest {longest}"
        );
        // About 1.5 per walk here; about 40 by the tree alone, and over 200 by the
        // axis-aligned boxes alone.
        assert!(
            visits < 4 * calls,
            "{visits} tree nodes visited in {calls} walks"
        );
        assert!(
            tree_visits < 80 * calls,
            "{tree_visits} tree nodes visited in {calls} walks of the tree alone"
        );
    }
}
