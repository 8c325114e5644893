//! `SegmentGrid`: a spatial index over a set of segments (usually the walls of a region) that
//! answers even-odd containment, box and nearest-distance queries without scanning every
//! segment. It is an R-tree (rstar, bulk-loaded), so it adapts to the density of the segments: a
//! uniform grid of sqrt(n) cells held thousands of segments per cell along a dense ring (an
//! obstacle of 40k corners), and every query round it scanned them (issue 11 item 9). Its
//! leaves are runs of consecutive segments (see [`Run`]), so that a path along such a ring
//! passes most of them at once.

mod along;

pub use along::Nearby;

use super::{Aabb, ChordBox, Point, Segment, segment_distance};
use rstar::{AABB, Envelope, ParentNode, RTree, RTreeNode, RTreeObject, SelectionFunction};
use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::ops::Range;
use std::sync::Arc;

/// Most segments in a [`Run`].
const RUN_LEN: usize = 8;

/// A run turns by less than this in all (radians): its box along its chord stays thin.
const RUN_TURN: f64 = 0.5;

/// Consecutive segments `start..start + len` of the input, each beginning where the one before
/// ends and turning little: the tree's leaves. Along a finely divided curve the segments' boxes
/// straddle a path that keeps a radius from the curve, their run's box along its chord does
/// not, so a run is passed over at once (issue 11 item 9).
#[derive(Clone, Debug)]
struct Run {
    start: u32,
    len: u32,
    envelope: AABB<[f64; 2]>,
    /// The box along the chord of a run of several segments (boxed: most walls are runs of
    /// one).
    chord: Option<Box<ChordBox>>,
    /// In the overlay of changes, not the base tree (see [`SegmentGrid::updated`]).
    overlay: bool,
}

impl RTreeObject for Run {
    type Envelope = AABB<[f64; 2]>;

    fn envelope(&self) -> Self::Envelope {
        self.envelope
    }
}

impl Run {
    /// The run of `segments[range]`, which are consecutive.
    fn of(segments: &[Segment], range: Range<usize>) -> Run {
        let run = &segments[range.clone()];
        let points = || std::iter::once(run[0].a).chain(run.iter().map(|s| s.b));
        let b = Aabb::from_points(points());
        Run {
            start: range.start as u32,
            len: range.len() as u32,
            envelope: AABB::from_corners([b.min.x, b.min.y], [b.max.x, b.max.y]),
            chord: (run.len() > 1)
                .then(|| Box::new(ChordBox::of_run(&points().collect::<Vec<_>>()))),
            overlay: false,
        }
    }

    /// The same run in the overlay, its segments numbered `by` further on.
    fn in_overlay(mut self, by: usize) -> Run {
        self.start += by as u32;
        self.overlay = true;
        self
    }

    fn range(&self) -> Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }

    fn aabb(&self) -> Aabb {
        to_aabb(&self.envelope)
    }

    /// A lower bound of the distance from `p` to every segment of the run.
    fn bound_to_point(&self, p: Point) -> f64 {
        let gap = box_to_point(&self.aabb(), p);
        let Some(chord) = &self.chord else {
            return gap;
        };
        let p = chord.to_frame(p);
        gap.max(box_to_point(&chord.in_frame(), p) - frame_slack(&[p]))
    }

    /// A lower bound of the distance from `q` (whose box is `q_box`) to every segment of the
    /// run, exact enough where it matters against `beat` (see [`box_bound`]; for a q shorter
    /// than `beat`, by boxes only).
    fn bound_to_segment(&self, q: &Segment, q_box: &Aabb, beat: f64) -> f64 {
        // A short q is bounded by its box about as tightly as by itself (in the chord's frame
        // the run's band is thin), at a fraction of the cost.
        let short = q_box.diagonal() < beat;
        let gap = if short {
            box_to_box(&self.aabb(), q_box)
        } else {
            box_bound(&self.aabb(), q, q_box, beat)
        };
        let Some(chord) = self.chord.as_ref().filter(|_| gap <= beat) else {
            return gap;
        };
        let ends = [chord.to_frame(q.a), chord.to_frame(q.b)];
        let (q, q_box) = (Segment::new(ends[0], ends[1]), Aabb::from_points(ends));
        let framed = if short {
            box_to_box(&chord.in_frame(), &q_box)
        } else {
            box_bound(&chord.in_frame(), &q, &q_box, beat)
        };
        gap.max(framed - frame_slack(&ends))
    }
}

/// A bound on the rounding of points taken into a chord box's frame.
fn frame_slack(points: &[Point]) -> f64 {
    1e-14 * points.iter().map(|p| p.x.abs() + p.y.abs()).sum::<f64>()
}

/// The runs of `segments[range]`, in order.
fn runs_of(segments: &[Segment], range: Range<usize>) -> Vec<Run> {
    let mut out = Vec::new();
    let mut start = range.start;
    let mut turned = 0.0;
    for i in range.clone() {
        if i > start {
            let (prev, next) = (&segments[i - 1], &segments[i]);
            let (d1, d2) = (prev.b - prev.a, next.b - next.a);
            let turn = d1.cross(d2).atan2(d1.dot(d2)).abs();
            turned += turn;
            // A NaN turn (from NaN coordinates) ends the run too.
            let turns_little = turned < RUN_TURN;
            if next.a != prev.b || i - start == RUN_LEN || !turns_little {
                out.push(Run::of(segments, start..i));
                (start, turned) = (i, 0.0);
            }
        }
    }
    if start < range.end {
        out.push(Run::of(segments, start..range.end));
    }
    out
}

/// A base run marked gone in `gone` (by its first segment); an overlay run never is.
fn taken_out(gone: &[bool], run: &Run) -> bool {
    !run.overlay && gone.get(run.start as usize).copied().unwrap_or(false)
}

/// The box of the runs' boxes.
fn boxes_bounds<'a>(runs: impl Iterator<Item = &'a Run>) -> Aabb {
    Aabb::from_points(runs.flat_map(|r| {
        let b = r.aabb();
        [b.min, b.max]
    }))
}

/// Box `inner`, inside `outer`, reaches one of its sides.
fn reaches_edge(inner: &Aabb, outer: &Aabb) -> bool {
    inner.min.x <= outer.min.x
        || inner.min.y <= outer.min.y
        || inner.max.x >= outer.max.x
        || inner.max.y >= outer.max.y
}

/// Selects the run that holds this segment.
struct Same<'a> {
    segment: Segment,
    segments: Numbered<'a>,
}

impl SelectionFunction<Run> for Same<'_> {
    fn should_unpack_parent(&self, envelope: &AABB<[f64; 2]>) -> bool {
        let (a, b) = (self.segment.a, self.segment.b);
        envelope.contains_envelope(&AABB::from_corners([a.x, a.y], [b.x, b.y]))
    }

    fn should_unpack_leaf(&self, leaf: &Run) -> bool {
        self.segments.run(leaf).contains(&self.segment)
    }
}

fn to_aabb(e: &AABB<[f64; 2]>) -> Aabb {
    let (lo, hi) = (e.lower(), e.upper());
    Aabb {
        min: Point::new(lo[0], lo[1]),
        max: Point::new(hi[0], hi[1]),
    }
}

/// The segments by number: those of the base tree, then those added since.
#[derive(Clone, Copy)]
struct Numbered<'a> {
    base: &'a [Segment],
    added: &'a [Segment],
}

impl<'a> Numbered<'a> {
    fn get(&self, i: usize) -> &'a Segment {
        match i.checked_sub(self.base.len()) {
            None => &self.base[i],
            Some(k) => &self.added[k],
        }
    }

    /// The segments of `run` (never across the two parts).
    fn run(&self, run: &Run) -> &'a [Segment] {
        let range = run.range();
        match range.start.checked_sub(self.base.len()) {
            None => &self.base[range],
            Some(k) => &self.added[k..k + range.len()],
        }
    }
}

/// The index as last made in full: segments by number and the R-tree of their runs.
#[derive(Debug)]
struct Base {
    segments: Vec<Segment>,
    tree: RTree<Run>,
}

/// Segments in an R-tree of runs. Build once (O(n log n)), query many times (O(log n) for a
/// nearest segment). Updates leave the base tree as it is (shared between versions) and keep
/// their changes in a small overlay tree (see [`SegmentGrid::updated`]).
#[derive(Clone, Debug)]
pub struct SegmentGrid {
    base: Arc<Base>,
    /// Segments added since the base was made, numbered after the base's.
    added: Vec<Segment>,
    /// By first segment: the base's runs taken out (empty when none is).
    gone: Vec<bool>,
    /// The runs of the added segments and the kept parts of base runs split by a removal.
    overlay: RTree<Run>,
    bounds: Aabb,
}

/// An update makes the index again in full once its overlay holds more runs than this share of
/// the base's (and at least `MIN_OVERLAY`): queries then stop paying for two trees.
const OVERLAY_SHARE: usize = 8;
const MIN_OVERLAY: usize = 256;

impl SegmentGrid {
    pub fn new(segments: Vec<Segment>) -> Self {
        let bounds = Aabb::from_points(segments.iter().flat_map(|s| [s.a, s.b]));
        let tree = RTree::bulk_load(runs_of(&segments, 0..segments.len()));
        SegmentGrid {
            base: Arc::new(Base { segments, tree }),
            added: Vec::new(),
            gone: Vec::new(),
            overlay: RTree::new(),
            bounds,
        }
    }

    /// This index with the segments `removed` (as given before) taken out and `added` put
    /// in, for a local change of a big set of walls: the kept segments keep their numbers,
    /// the added ones come after them, and the numbers of the removed ones are no longer
    /// returned by any query. A segment not found is ignored. The base tree is shared, not
    /// copied: a removal marks its base run gone and puts the run's other segments in the
    /// overlay, so an update costs the change and the overlay, not the whole index.
    pub fn updated(&self, removed: &[Segment], added: &[Segment]) -> SegmentGrid {
        let base = &self.base;
        let base_len = base.segments.len();
        let mut overlay = self.overlay.clone();
        let mut gone = self.gone.clone();
        let segments = Numbered {
            base: &base.segments,
            added: &self.added,
        };
        // The box stays unless a run taken out reaches its edge (then it is measured again).
        let mut bounds = Some(self.bounds);
        for &segment in removed {
            let same = || Same { segment, segments };
            let run = match overlay.remove_with_selection_function(same()) {
                Some(run) => run,
                None => {
                    let live = |r: &&Run| !taken_out(&gone, r);
                    let Some(run) = base.tree.locate_with_selection_function(same()).find(live)
                    else {
                        continue;
                    };
                    gone.resize(base_len, false);
                    gone[run.start as usize] = true;
                    run.clone()
                }
            };
            if bounds.is_some_and(|b| reaches_edge(&run.aabb(), &b)) {
                bounds = None;
            }
            // The run's segments before and after the removed one stay, as runs of their own.
            let range = run.range();
            let at = range.start
                + segments
                    .run(&run)
                    .iter()
                    .position(|s| *s == segment)
                    .expect("the run holds it");
            for part in [range.start..at, at + 1..range.end] {
                if part.is_empty() {
                    continue;
                }
                overlay.insert(match part.start.checked_sub(base_len) {
                    None => Run::of(&base.segments, part).in_overlay(0),
                    Some(k) => Run::of(&self.added, k..k + part.len()).in_overlay(base_len),
                });
            }
        }
        let mut all_added = self.added.clone();
        let first = all_added.len();
        all_added.extend_from_slice(added);
        for run in runs_of(&all_added, first..all_added.len()) {
            bounds = bounds.map(|b| b.union(run.aabb()));
            overlay.insert(run.in_overlay(base_len));
        }
        let grid = SegmentGrid {
            base: base.clone(),
            added: all_added,
            gone,
            overlay,
            bounds: bounds.unwrap_or(self.bounds),
        };
        if grid.overlay.size() > MIN_OVERLAY.max(base.tree.size() / OVERLAY_SHARE) {
            grid.remade()
        } else if bounds.is_none() {
            SegmentGrid {
                bounds: grid.live_bounds(),
                ..grid
            }
        } else {
            grid
        }
    }

    /// The same index made in full, keeping every number.
    fn remade(&self) -> SegmentGrid {
        let mut segments = Vec::with_capacity(self.base.segments.len() + self.added.len());
        segments.extend_from_slice(&self.base.segments);
        segments.extend_from_slice(&self.added);
        let runs: Vec<Run> = (self.live_runs())
            .map(|r| Run {
                overlay: false,
                ..r.clone()
            })
            .collect();
        let bounds = boxes_bounds(runs.iter());
        SegmentGrid {
            base: Arc::new(Base {
                segments,
                tree: RTree::bulk_load(runs),
            }),
            added: Vec::new(),
            gone: Vec::new(),
            overlay: RTree::new(),
            bounds,
        }
    }

    /// The runs still in the index.
    fn live_runs(&self) -> impl Iterator<Item = &Run> {
        let base = self.base.tree.iter().filter(|r| self.live(r));
        base.chain(self.overlay.iter())
    }

    /// The box of the runs still in the index.
    fn live_bounds(&self) -> Aabb {
        boxes_bounds(self.live_runs())
    }

    /// The run is in the index: in the overlay, or a base run not taken out.
    fn live(&self, run: &Run) -> bool {
        !taken_out(&self.gone, run)
    }

    fn numbered(&self) -> Numbered<'_> {
        Numbered {
            base: &self.base.segments,
            added: &self.added,
        }
    }

    /// The live runs whose boxes meet `envelope`.
    fn runs_meeting(&self, envelope: AABB<[f64; 2]>) -> impl Iterator<Item = &Run> {
        let base = self.base.tree.locate_in_envelope_intersecting(envelope);
        base.filter(|r| self.live(r))
            .chain(self.overlay.locate_in_envelope_intersecting(envelope))
    }

    /// Segment number `i` (a number no query returns may be a removed segment: see
    /// [`SegmentGrid::updated`]).
    pub fn segment(&self, i: usize) -> Segment {
        *self.numbered().get(i)
    }

    pub fn bounds(&self) -> Aabb {
        self.bounds
    }

    /// Even-odd containment: true when a ray from `p` towards +x crosses the segments an odd
    /// number of times. Meant for segment sets that form closed rings.
    pub fn contains(&self, p: Point) -> bool {
        if !self.bounds.contains(p) {
            return false;
        }
        let ray = AABB::from_corners([p.x, p.y], [self.bounds.max.x, p.y]);
        let mut inside = false;
        let segments = self.numbered();
        for &s in self.runs_meeting(ray).flat_map(|run| segments.run(run)) {
            if (s.a.y > p.y) != (s.b.y > p.y) {
                let (lo, hi) = if s.a.y < s.b.y {
                    (s.a, s.b)
                } else {
                    (s.b, s.a)
                };
                if super::orient(lo, hi, p) > 0.0 {
                    inside = !inside;
                }
            }
        }
        inside
    }

    /// Distance from `p` to the nearest segment, or `limit` when none is closer than `limit`.
    pub fn distance_to_point(&self, p: Point, limit: f64) -> f64 {
        self.nearest(p, limit).map_or(limit, |(_, d)| d)
    }

    /// Distance from segment `q` to the nearest segment, or `limit` when none is closer.
    pub fn distance_to_segment(&self, q: &Segment, limit: f64) -> f64 {
        self.nearest_to_segment(q, limit).map_or(limit, |(_, d)| d)
    }

    /// The segment nearest to segment `q` and its distance, if one lies closer than `limit`
    /// (of equally near ones, the first).
    pub fn nearest_to_segment(&self, q: &Segment, limit: f64) -> Option<(usize, f64)> {
        let q_box = Aabb::from_points([q.a, q.b]);
        self.nearest_by(
            limit,
            |b, best| box_bound(b, q, &q_box, best),
            |run, best| run.bound_to_segment(q, &q_box, best),
            |s, best| {
                // A leaf whose box is farther than the best cannot win (nor tie).
                let gap = box_to_box(&Aabb::from_points([s.a, s.b]), &q_box);
                if gap > best {
                    gap
                } else {
                    segment_distance(s, q)
                }
            },
        )
    }

    /// Indices (ascending) of segments whose boxes come within `margin` of `area`.
    pub fn candidates(&self, area: Aabb, margin: f64) -> Vec<u32> {
        let area = area.expanded(margin);
        // An index with nothing left has an empty box, which meets no area.
        if !area.intersects(&self.bounds) {
            return Vec::new();
        }
        let envelope = AABB::from_corners([area.min.x, area.min.y], [area.max.x, area.max.y]);
        let segments = self.numbered();
        let mut out: Vec<u32> = self
            .runs_meeting(envelope)
            .flat_map(|run| run.range())
            .filter(|&i| {
                let s = segments.get(i);
                Aabb::from_points([s.a, s.b]).intersects(&area)
            })
            .map(|i| i as u32)
            .collect();
        out.sort_unstable();
        out
    }

    /// Indices (ascending) of segments closer than `radius` to segment `q`: the tree is walked
    /// inside the capsule round `q`, not its bounding box (along a dense ring the box held ten
    /// times the segments the capsule does).
    pub fn near_segment(&self, q: &Segment, radius: f64) -> Vec<u32> {
        let within = || WithinCapsule {
            q: *q,
            q_box: Aabb::from_points([q.a, q.b]),
            radius,
        };
        let base = self.base.tree.locate_with_selection_function(within());
        let runs = (base.filter(|r| self.live(r)))
            .chain(self.overlay.locate_with_selection_function(within()));
        let near = self.within_in(runs, q, radius);
        near.into_iter().map(|(i, _)| i).collect()
    }

    /// The point of the segments nearest to `p`, with the segment's index, if one lies closer than
    /// `limit`.
    pub fn closest_point(&self, p: Point, limit: f64) -> Option<(Point, usize)> {
        self.nearest(p, limit)
            .map(|(i, _)| (self.segment(i).closest_point(p), i))
    }

    /// The segment nearest to `p` and its distance, if one lies closer than `limit` (of equally
    /// near ones, the first).
    pub fn nearest(&self, p: Point, limit: f64) -> Option<(usize, f64)> {
        self.nearest_by(
            limit,
            |b, _| box_to_point(b, p),
            |run, _| run.bound_to_point(p),
            |s, _| s.distance_to_point(p),
        )
    }

    /// Best-first search: nodes in order of `box_distance` (a lower bound of `distance` for
    /// everything inside; given the distance to beat, it and `distance` may answer any bound at
    /// least that), stopping once that bound passes the best found; a run's segments are
    /// measured unless `run_distance` (a bound of the same kind) passes it. Of equally near
    /// segments, the one of the lowest index wins.
    fn nearest_by(
        &self,
        limit: f64,
        box_distance: impl Fn(&Aabb, f64) -> f64,
        run_distance: impl Fn(&Run, f64) -> f64,
        distance: impl Fn(&Segment, f64) -> f64,
    ) -> Option<(usize, f64)> {
        let mut best: Option<(u32, f64)> = None;
        let mut heap = BinaryHeap::new();
        heap.push(Pending(0.0, self.base.tree.root()));
        if self.overlay.size() > 0 {
            heap.push(Pending(0.0, self.overlay.root()));
        }
        let segments = self.numbered();
        while let Some(Pending(bound, node)) = heap.pop() {
            if bound >= limit || best.is_some_and(|(_, b)| bound > b) {
                break;
            }
            for child in node.children() {
                match child {
                    RTreeNode::Leaf(run) => {
                        let beat = best.map_or(limit, |(_, b)| b.min(limit));
                        if !self.live(run) || run_distance(run, beat) > beat {
                            continue;
                        }
                        for index in run.range() {
                            let beat = best.map_or(limit, |(_, b)| b.min(limit));
                            let d = distance(segments.get(index), beat);
                            let index = index as u32;
                            let better = best.is_none_or(|(i, b)| d < b || (d == b && index < i));
                            if d < limit && better {
                                best = Some((index, d));
                            }
                        }
                    }
                    RTreeNode::Parent(p) => {
                        let beat = best.map_or(limit, |(_, b)| b.min(limit));
                        let d = box_distance(&to_aabb(&p.envelope()), beat);
                        if d < limit && best.is_none_or(|(_, b)| d <= b) {
                            heap.push(Pending(d, p));
                        }
                    }
                }
            }
        }
        best.map(|(i, d)| (i as usize, d))
    }
}

/// Selects the segments closer than `radius` to `q`.
struct WithinCapsule {
    q: Segment,
    q_box: Aabb,
    radius: f64,
}

impl SelectionFunction<Run> for WithinCapsule {
    fn should_unpack_parent(&self, envelope: &AABB<[f64; 2]>) -> bool {
        box_bound(&to_aabb(envelope), &self.q, &self.q_box, self.radius) < self.radius
    }

    /// The run may hold a segment closer than the radius (its segments are then tested).
    fn should_unpack_leaf(&self, run: &Run) -> bool {
        run.bound_to_segment(&self.q, &self.q_box, self.radius) < self.radius
    }
}

/// A tree node waiting in the best-first search, nearest lower bound first.
struct Pending<'a>(f64, &'a ParentNode<Run>);

impl PartialEq for Pending<'_> {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Pending<'_> {}
impl Ord for Pending<'_> {
    fn cmp(&self, o: &Self) -> Ordering {
        o.0.total_cmp(&self.0)
    }
}
impl PartialOrd for Pending<'_> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// Distance from `p` to the box (0 inside).
fn box_to_point(b: &Aabb, p: Point) -> f64 {
    box_to_point_sq(b, p).sqrt()
}

/// Squared distance from `p` to the box.
fn box_to_point_sq(b: &Aabb, p: Point) -> f64 {
    let dx = (b.min.x - p.x).max(p.x - b.max.x).max(0.0);
    let dy = (b.min.y - p.y).max(p.y - b.max.y).max(0.0);
    Point::new(dx, dy).length_sq()
}

/// A lower bound of the distance from segment `q` (whose box is `q_box`) to box `b`, exact
/// where it matters against `beat`: the gap between the boxes is cheap, and the exact distance
/// is at most the gap plus q's box diagonal, so the exact one is computed only when it could
/// reach `beat` where the gap does not (along a dense ring most nodes are nearer than that).
fn box_bound(b: &Aabb, q: &Segment, q_box: &Aabb, beat: f64) -> f64 {
    let gap = box_to_box(b, q_box);
    if gap >= beat || gap + q_box.diagonal() < beat {
        gap
    } else {
        box_to_segment(b, q)
    }
}

/// Gap between two boxes (0 when they meet).
fn box_to_box(a: &Aabb, b: &Aabb) -> f64 {
    let dx = (a.min.x - b.max.x).max(b.min.x - a.max.x).max(0.0);
    let dy = (a.min.y - b.max.y).max(b.min.y - a.max.y).max(0.0);
    Point::new(dx, dy).length()
}

/// Distance from segment `q` to the box (0 when they meet). Two disjoint convex polygons are
/// nearest at a corner of one, so it is the nearest of q's ends to the box and of the box's
/// corners to q; a clip of q against the box (Liang-Barsky) tells whether they meet.
fn box_to_segment(b: &Aabb, q: &Segment) -> f64 {
    if clips(b, q) {
        return 0.0;
    }
    let corners = [
        b.min,
        Point::new(b.max.x, b.min.y),
        b.max,
        Point::new(b.min.x, b.max.y),
    ];
    // Squared distances, one root at the end.
    corners
        .iter()
        .map(|&c| (q.closest_point(c) - c).length_sq())
        .fold(
            box_to_point_sq(b, q.a).min(box_to_point_sq(b, q.b)),
            f64::min,
        )
        .sqrt()
}

/// True when segment `q` has a point in the closed box.
fn clips(b: &Aabb, q: &Segment) -> bool {
    let d = q.b - q.a;
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for (start, delta, min, max) in [
        (q.a.x, d.x, b.min.x, b.max.x),
        (q.a.y, d.y, b.min.y, b.max.y),
    ] {
        if delta == 0.0 {
            if start < min || start > max {
                return false;
            }
            continue;
        }
        let (t0, t1) = ((min - start) / delta, (max - start) / delta);
        lo = lo.max(t0.min(t1));
        hi = hi.min(t0.max(t1));
        if lo > hi {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Ring;

    fn ring_segments(points: &[(f64, f64)]) -> Vec<Segment> {
        Ring::new(points.iter().map(|&(x, y)| Point::new(x, y)).collect())
            .edges()
            .collect()
    }

    /// Every segment the index holds (by its coordinates' bits), sorted.
    fn live(g: &SegmentGrid) -> Vec<[u64; 4]> {
        let mut v: Vec<[u64; 4]> = (g.candidates(g.bounds(), 1.0).iter())
            .map(|&i| g.segment(i as usize))
            .map(|s| [s.a.x, s.a.y, s.b.x, s.b.y].map(f64::to_bits))
            .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn an_updated_index_answers_as_a_new_one_of_the_same_segments() {
        let outline = ring_segments(&[(0.0, 0.0), (30.0, 0.0), (30.0, 20.0), (0.0, 20.0)]);
        let hole = |x: f64| ring_segments(&[(x, 8.0), (x, 12.0), (x + 4.0, 12.0), (x + 4.0, 8.0)]);
        let before: Vec<Segment> = outline.iter().copied().chain(hole(5.0)).collect();
        let after: Vec<Segment> = outline.iter().copied().chain(hole(20.0)).collect();
        let updated = SegmentGrid::new(before).updated(&hole(5.0), &hole(20.0));
        let fresh = SegmentGrid::new(after);
        assert_eq!(updated.bounds(), fresh.bounds());
        assert_eq!(live(&updated), live(&fresh));
        for p in [
            Point::new(7.0, 10.0),
            Point::new(22.0, 10.0),
            Point::new(15.0, 3.0),
        ] {
            assert_eq!(updated.contains(p), fresh.contains(p), "{p}");
            assert_eq!(
                updated.distance_to_point(p, 100.0),
                fresh.distance_to_point(p, 100.0),
                "{p}"
            );
        }
        // The old hole is gone: nothing is within 1 of where it was.
        assert!(updated.distance_to_point(Point::new(7.0, 10.0), 1.0) >= 1.0);
    }

    /// Many updates in a row, past the point where the overlay is folded into a new base: after
    /// each, the index answers as a new one of the segments left, and every number it returns
    /// is the segment it was given as.
    #[test]
    fn updates_in_a_row_and_the_remake_answer_as_a_new_index() {
        let square = |x: f64, y: f64| {
            ring_segments(&[(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)])
        };
        let mut squares: Vec<Vec<Segment>> = (0..400)
            .map(|k| square((k % 20) as f64 * 3.0, (k / 20) as f64 * 3.0))
            .collect();
        let mut grid = SegmentGrid::new(squares.concat());
        let mut rng = crate::rng::Rng::new(11);
        let mut remade = false;
        for step in 0..120 {
            let k = (rng.next_u64() % squares.len() as u64) as usize;
            let moved = square(rng.range(0.0, 60.0), rng.range(0.0, 60.0));
            let next = grid.updated(&squares[k], &moved);
            remade |= next.overlay.size() == 0 && grid.overlay.size() > 0;
            (grid, squares[k]) = (next, moved);
            if step % 10 != 9 {
                continue;
            }
            let fresh = SegmentGrid::new(squares.concat());
            assert_eq!(live(&grid), live(&fresh), "step {step}");
            assert_eq!(grid.bounds(), fresh.bounds(), "step {step}");
            for _ in 0..50 {
                let p = Point::new(rng.range(-2.0, 62.0), rng.range(-2.0, 62.0));
                let q = Segment::new(p, p + Point::new(rng.range(-3.0, 3.0), 1.0));
                assert_eq!(grid.contains(p), fresh.contains(p), "step {step}, {p}");
                let (near, fresh_near) = (grid.nearest(p, 100.0), fresh.nearest(p, 100.0));
                assert_eq!(
                    near.map(|n| n.1),
                    fresh_near.map(|n| n.1),
                    "step {step}, {p}"
                );
                let (i, _) = near.expect("a segment is near");
                assert!(
                    squares.concat().contains(&grid.segment(i)),
                    "step {step}: {i} is gone"
                );
                assert_eq!(
                    grid.distance_to_segment(&q, 100.0),
                    fresh.distance_to_segment(&q, 100.0)
                );
            }
        }
        assert!(remade, "the overlay was never folded into a new base");
    }

    /// A regular `n`-gon of radius `r` round the origin, as segments.
    fn dense_ring(n: usize, r: f64) -> Vec<Segment> {
        let at = |k: usize| Point::from_angle(k as f64 * std::f64::consts::TAU / n as f64) * r;
        (0..n).map(|k| Segment::new(at(k), at(k + 1))).collect()
    }

    #[test]
    fn a_dense_ring_is_held_in_runs_and_sharp_corners_end_them() {
        assert_eq!(
            SegmentGrid::new(dense_ring(4000, 6.0)).base.tree.size(),
            4000 / RUN_LEN
        );
        let square = ring_segments(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]);
        assert_eq!(SegmentGrid::new(square).base.tree.size(), 4);
    }

    /// Segments taken out of the middle of runs, and new ones put in: the index answers as a
    /// new one of the segments left.
    #[test]
    fn an_update_inside_runs_answers_as_a_new_index() {
        let ring = dense_ring(400, 6.0);
        let removed = [ring[3], ring[4], ring[100], ring[399]];
        let added = dense_ring(40, 2.0);
        let updated = SegmentGrid::new(ring.clone()).updated(&removed, &added);
        let left: Vec<Segment> = ring
            .iter()
            .filter(|s| !removed.contains(s))
            .chain(&added)
            .copied()
            .collect();
        let fresh = SegmentGrid::new(left);
        let mut rng = crate::rng::Rng::new(5);
        let near = |g: &SegmentGrid, q: &Segment, r: f64| -> Vec<[u64; 4]> {
            let mut v: Vec<[u64; 4]> = (g.near_segment(q, r).iter())
                .map(|&i| g.segment(i as usize))
                .map(|s| [s.a.x, s.a.y, s.b.x, s.b.y].map(f64::to_bits))
                .collect();
            v.sort_unstable();
            v
        };
        for _ in 0..300 {
            let p = Point::new(rng.range(-8.0, 8.0), rng.range(-8.0, 8.0));
            let q = Segment::new(
                p,
                p + Point::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)),
            );
            assert_eq!(
                updated.distance_to_point(p, 100.0),
                fresh.distance_to_point(p, 100.0)
            );
            assert_eq!(
                updated.distance_to_segment(&q, 100.0),
                fresh.distance_to_segment(&q, 100.0)
            );
            assert_eq!(near(&updated, &q, 0.5), near(&fresh, &q, 0.5), "{q:?}");
            assert_eq!(updated.contains(p), fresh.contains(p), "{p}");
        }
    }

    /// A path kept at exactly the radius from a dense ring (each segment touching the circle
    /// of radius 6.5 round a 20,000-gon of radius 6): every bound is tight there, and every
    /// distance still matches a scan of the ring's segments.
    #[test]
    fn distances_along_a_path_hugging_a_dense_ring_match_brute_force() {
        let ring = dense_ring(20_000, 6.0);
        let g = SegmentGrid::new(ring.clone());
        let path: Vec<Point> = (0..400)
            .map(|k| Point::from_angle(0.3 + k as f64 * 1e-3) * 6.5)
            .collect();
        for w in path.windows(2) {
            let q = Segment::new(w[0], w[1]);
            let brute = ring
                .iter()
                .map(|s| segment_distance(s, &q))
                .fold(f64::INFINITY, f64::min);
            assert_eq!(g.distance_to_segment(&q, f64::INFINITY), brute);
            assert_eq!(g.distance_to_segment(&q, brute * (1.0 + 1e-12)), brute);
            assert_eq!(
                g.distance_to_point(w[0], 1.0),
                ring.iter()
                    .map(|s| s.distance_to_point(w[0]))
                    .fold(f64::INFINITY, f64::min)
            );
        }
    }

    #[test]
    fn containment_with_a_hole() {
        let mut segs = ring_segments(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]);
        segs.extend(ring_segments(&[
            (4.0, 4.0),
            (6.0, 4.0),
            (6.0, 6.0),
            (4.0, 6.0),
        ]));
        let g = SegmentGrid::new(segs);
        assert!(g.contains(Point::new(1.0, 1.0)));
        assert!(!g.contains(Point::new(5.0, 5.0)));
        assert!(g.contains(Point::new(7.0, 5.0)));
        assert!(!g.contains(Point::new(11.0, 5.0)));
        // On the level of a vertex: the half-open rule counts the corner once.
        assert!(g.contains(Point::new(2.0, 4.0)));
    }

    #[test]
    fn the_nearest_segment_is_found_from_far_outside_the_grid() {
        let g = SegmentGrid::new(ring_segments(&[
            (0.0, 0.0),
            (10.0, 0.0),
            (10.0, 10.0),
            (0.0, 10.0),
        ]));
        for far in [1e5, 1e9, 1e12] {
            let (q, _) = g
                .closest_point(Point::new(far, far), f64::INFINITY)
                .unwrap();
            assert_eq!(q, Point::new(10.0, 10.0), "from ({far}, {far})");
        }
    }

    #[test]
    fn distances_match_brute_force() {
        let segs = ring_segments(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]);
        let g = SegmentGrid::new(segs.clone());
        for p in [
            Point::new(3.0, 2.0),
            Point::new(-5.0, 20.0),
            Point::new(9.5, 9.0),
        ] {
            let brute = segs
                .iter()
                .map(|s| s.distance_to_point(p))
                .fold(f64::INFINITY, f64::min);
            assert!((g.distance_to_point(p, f64::INFINITY) - brute).abs() < 1e-12);
        }
        assert_eq!(g.distance_to_point(Point::new(5.0, 5.0), 1.0), 1.0);
        let q = Segment::new(Point::new(2.0, 5.0), Point::new(8.0, 5.0));
        assert!((g.distance_to_segment(&q, f64::INFINITY) - 2.0).abs() < 1e-12);
    }

    /// Random segments of every length (many tiny ones in a dense ring, a few long ones):
    /// every query agrees with a scan of all segments, ties going to the lowest index.
    #[test]
    fn queries_match_brute_force() {
        let mut rng = crate::rng::Rng::new(3);
        let mut segs: Vec<Segment> = (0..2000)
            .map(|k| {
                let a = k as f64 * std::f64::consts::TAU / 2000.0;
                let b = (k + 1) as f64 * std::f64::consts::TAU / 2000.0;
                Segment::new(Point::from_angle(a) * 6.0, Point::from_angle(b) * 6.0)
            })
            .collect();
        for _ in 0..50 {
            let p = |rng: &mut crate::rng::Rng| {
                Point::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0))
            };
            segs.push(Segment::new(p(&mut rng), p(&mut rng)));
        }
        segs.push(segs[7]); // an exact duplicate: the tie goes to index 7
        let g = SegmentGrid::new(segs.clone());
        for _ in 0..300 {
            let p = Point::new(rng.range(-12.0, 12.0), rng.range(-12.0, 12.0));
            let q = Segment::new(
                p,
                p + Point::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)),
            );
            let brute = |f: &dyn Fn(&Segment) -> f64| {
                (0..segs.len())
                    .map(|i| (i, f(&segs[i])))
                    .fold(None, |best: Option<(usize, f64)>, (i, d)| match best {
                        Some((_, b)) if b <= d => best,
                        _ => Some((i, d)),
                    })
                    .unwrap()
            };
            assert_eq!(
                g.nearest(p, f64::INFINITY),
                Some(brute(&|s| s.distance_to_point(p)))
            );
            let d = brute(&|s| segment_distance(s, &q)).1;
            assert_eq!(g.distance_to_segment(&q, f64::INFINITY), d);
            assert_eq!(
                g.distance_to_segment(&q, d),
                d,
                "nothing nearer than the limit"
            );
            let area = Aabb::from_points([q.a, q.b]);
            let boxes: Vec<u32> = (0..segs.len() as u32)
                .filter(|&i| {
                    let s = segs[i as usize];
                    Aabb::from_points([s.a, s.b]).intersects(&area.expanded(0.5))
                })
                .collect();
            assert_eq!(g.candidates(area, 0.5), boxes);
            let near: Vec<u32> = (0..segs.len() as u32)
                .filter(|&i| segment_distance(&segs[i as usize], &q) < 0.5)
                .collect();
            assert_eq!(g.near_segment(&q, 0.5), near);
        }
        let at_seven = segs[7].a.lerp(segs[7].b, 0.5);
        assert_eq!(g.nearest(at_seven, 1.0).map(|(i, _)| i), Some(7));
    }

    /// The box-to-segment bound is the exact distance: it matches the nearest of the box's
    /// four sides (or 0 with an end inside), for segments crossing, touching, missing the box.
    #[test]
    fn box_to_segment_is_the_distance_to_the_box() {
        let mut rng = crate::rng::Rng::new(11);
        let b = Aabb {
            min: Point::new(-1.0, -0.5),
            max: Point::new(2.0, 1.5),
        };
        let sides = [
            Segment::new(b.min, Point::new(b.max.x, b.min.y)),
            Segment::new(Point::new(b.max.x, b.min.y), b.max),
            Segment::new(b.max, Point::new(b.min.x, b.max.y)),
            Segment::new(Point::new(b.min.x, b.max.y), b.min),
        ];
        let mut qs: Vec<Segment> = (0..2000)
            .map(|_| {
                let mut p = || Point::new(rng.range(-4.0, 5.0), rng.range(-4.0, 5.0));
                Segment::new(p(), p())
            })
            .collect();
        qs.push(Segment::new(Point::new(-3.0, -2.5), Point::new(-1.0, -0.5))); // at a corner
        qs.push(Segment::new(Point::new(-3.0, 0.0), Point::new(5.0, 0.0))); // through
        qs.push(Segment::new(Point::new(3.0, 3.0), Point::new(3.0, 3.0))); // a point
        for q in qs {
            let expected = if b.contains(q.a) {
                0.0
            } else {
                sides
                    .iter()
                    .map(|s| segment_distance(s, &q))
                    .fold(f64::INFINITY, f64::min)
            };
            assert!((box_to_segment(&b, &q) - expected).abs() < 1e-12, "{q:?}");
        }
    }

    /// Issue 11 item 9: round a ring of 40k corners a uniform grid held hundreds of segments
    /// per cell and each clearance query scanned them all (N^1.5 for a path along the ring).
    /// The tree answers them right; their time is measured by `cargo bench --bench dense` (no
    /// timed unit tests: a loaded machine would fail them).
    #[test]
    fn clearance_along_a_dense_ring() {
        let n = 40_000;
        let corner = |k: usize| Point::from_angle(k as f64 * std::f64::consts::TAU / n as f64);
        let g = SegmentGrid::new(
            (0..n)
                .map(|k| Segment::new(corner(k) * 6.0, corner(k + 1) * 6.0))
                .collect(),
        );
        for k in 0..n {
            let q = Segment::new(corner(k) * 6.5, corner(k + 1) * 6.5);
            assert!((g.distance_to_segment(&q, 100.0) - 0.5).abs() < 1e-3);
        }
    }
}
