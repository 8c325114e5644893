//! Distances from a polyline (a path) to the segments of a [`SegmentGrid`], a chunk of
//! consecutive segments at a time (up to 16 short ones, in a box no wider than the distance
//! measured; a longer segment is a chunk of its own).
//! The tree is walked once for each chunk, not for each segment. A run is passed over for the
//! whole chunk when the chunk's chord box, taken into the run's chord frame, lies far enough
//! from the run's own. A path hugging a finely divided curve has thousands of tiny segments;
//! measuring them one at a time from the tree's root took 13 of the 30 ms of a query round a
//! 40k-gon (issue 11 item 9).

use super::{Run, SegmentGrid, box_bound, box_to_box, frame_slack, to_aabb};
use crate::geom::{Aabb, ChordBox, Point, Segment, segment_distance};
use rstar::{ParentNode, RTreeNode};
use std::ops::Range;

/// Segments of a polyline measured together.
const CHUNK: usize = 16;

impl SegmentGrid {
    /// Smallest distance from the polyline `points` to any segment, or `limit` when none is
    /// closer: the smallest [`SegmentGrid::distance_to_segment`] of its segments (of its one
    /// point, [`SegmentGrid::distance_to_point`]; `limit` without points).
    pub fn distance_to_polyline(&self, points: &[Point], limit: f64) -> f64 {
        match points {
            [] => limit,
            [p] => self.distance_to_point(*p, limit),
            _ => {
                // A point's distance bounds the whole polyline's: the first chunk then walks
                // only the tree near it, not all of it.
                let mut best = self.distance_to_point(points[0], limit);
                let mut runs = Vec::new();
                let mut start = 0;
                while start + 1 < points.len() {
                    let end = chunk_end(points, start, best);
                    self.runs_near(&points[start..=end], best, &mut runs);
                    for w in points[start..=end].windows(2) {
                        best = self.nearest_among(&runs, &Segment::new(w[0], w[1]), best);
                    }
                    start = end;
                }
                best
            }
        }
    }

    /// The segments of polyline `points` (segment `i` from `points[i]` to `points[i + 1]`) in
    /// chunks, each with the runs of the index that may come closer than `radius` to it (the
    /// chunks that have none are left out).
    pub fn near_polyline(&self, points: &[Point], radius: f64) -> Vec<Nearby<'_>> {
        let mut out = Vec::new();
        let mut runs = Vec::new();
        let mut start = 0;
        while start + 1 < points.len() {
            let end = chunk_end(points, start, radius);
            self.runs_near(&points[start..=end], radius, &mut runs);
            if !runs.is_empty() {
                out.push(Nearby {
                    grid: self,
                    segments: start..end,
                    runs: runs.clone(),
                });
            }
            start = end;
        }
        out
    }

    /// Into `out`, the live runs that may hold a segment closer than `limit` to the polyline
    /// `points` (of one segment: to the segment itself, the tree walked inside the capsule
    /// round it, as [`SegmentGrid::near_segment`] does).
    fn runs_near<'a>(&'a self, points: &[Point], limit: f64, out: &mut Vec<&'a Run>) {
        out.clear();
        let chunk_box = Aabb::from_points(points.iter().copied());
        let shape = match points {
            [a, b] => Shape::One(Segment::new(*a, *b)),
            // The chunk's box along its chord holds it as tightly as its points do.
            _ => Shape::Hull(ChordBox::of_run(points).corners()),
        };
        let mut pending: Vec<&ParentNode<Run>> = vec![self.base.tree.root()];
        if self.overlay.size() > 0 {
            pending.push(self.overlay.root());
        }
        while let Some(node) = pending.pop() {
            for child in node.children() {
                match child {
                    RTreeNode::Parent(p) => {
                        let b = to_aabb(&p.envelope());
                        let bound = match &shape {
                            Shape::One(q) => box_bound(&b, q, &chunk_box, limit),
                            Shape::Hull(_) => box_to_box(&b, &chunk_box),
                        };
                        if bound <= limit {
                            pending.push(p);
                        }
                    }
                    RTreeNode::Leaf(run) => {
                        let bound = match &shape {
                            Shape::One(q) => run.bound_to_segment(q, &chunk_box, limit),
                            Shape::Hull(corners) => run.bound_to_points(corners, &chunk_box, limit),
                        };
                        if self.live(run) && bound <= limit {
                            out.push(run);
                        }
                    }
                }
            }
        }
    }

    /// The smallest of `limit` and the distances from `q` to the segments of `runs`.
    fn nearest_among(&self, runs: &[&Run], q: &Segment, mut limit: f64) -> f64 {
        let q_box = Aabb::from_points([q.a, q.b]);
        let segments = self.numbered();
        for run in runs {
            if run.bound_to_segment(q, &q_box, limit) > limit {
                continue;
            }
            let across = run.chord.as_ref().map(|chord| Across::new(chord, q, run));
            for s in segments.run(run) {
                // In its run's frame a segment is bounded by its stretch along the chord and the
                // gap across: its box would add little.
                let near = match &across {
                    Some(a) => a.bound(s) <= limit,
                    None => box_to_box(&Aabb::from_points([s.a, s.b]), &q_box) <= limit,
                };
                if near {
                    limit = limit.min(segment_distance(s, q));
                }
            }
        }
        limit
    }

    /// The segments of `runs` closer than `radius` to segment `q`, by index (ascending), with
    /// their distances to `q`.
    pub(super) fn within_in<'a>(
        &self,
        runs: impl Iterator<Item = &'a Run>,
        q: &Segment,
        radius: f64,
    ) -> Vec<(u32, f64)> {
        let segments = self.numbered();
        let mut out: Vec<(u32, f64)> = Vec::new();
        for run in runs {
            let across = run.chord.as_ref().map(|chord| Across::new(chord, q, run));
            for i in run.range() {
                let s = segments.get(i);
                if across.as_ref().is_none_or(|a| a.bound(s) < radius) {
                    let d = segment_distance(s, q);
                    if d < radius {
                        out.push((i as u32, d));
                    }
                }
            }
        }
        out.sort_unstable_by_key(|&(i, _)| i);
        out
    }
}

/// Segment `q` in the frame of a run's chord box, to bound its distance to each segment of the
/// run cheaply: the run's segments lie in the box's band across the chord, each over its own
/// stretch along it. Round a finely divided curve most segments of a run that a path passes
/// close by are farther along the chord than across it, where the plain boxes of the segments
/// cannot tell them apart (issue 11 item 9).
struct Across<'a> {
    chord: &'a ChordBox,
    /// q's stretch along the chord.
    along: (f64, f64),
    /// The gap across the chord between q and the run's band.
    gap: f64,
    /// A bound on the rounding of the coordinates in the frame.
    slack: f64,
}

impl<'a> Across<'a> {
    fn new(chord: &'a ChordBox, q: &Segment, run: &Run) -> Self {
        let (a, b) = (chord.to_frame(q.a), chord.to_frame(q.b));
        let band = chord.in_frame();
        let run_box = run.aabb();
        let scale = [q.a, q.b, run_box.min, run_box.max]
            .iter()
            .map(|p| p.x.abs() + p.y.abs())
            .fold(0.0, f64::max);
        Across {
            chord,
            along: (a.x.min(b.x), a.x.max(b.x)),
            gap: (a.y.min(b.y) - band.max.y)
                .max(band.min.y - a.y.max(b.y))
                .max(0.0),
            slack: 1e-13 * scale,
        }
    }

    /// A lower bound of the distance from q to segment `s` of the run.
    fn bound(&self, s: &Segment) -> f64 {
        let (u, v) = (self.chord.to_frame(s.a).x, self.chord.to_frame(s.b).x);
        let gap = (u.min(v) - self.along.1).max(self.along.0 - u.max(v));
        if gap > 0.0 {
            (gap * gap + self.gap * self.gap).sqrt() - self.slack
        } else {
            self.gap - self.slack
        }
    }
}

/// A chunk of a polyline as [`SegmentGrid::runs_near`] bounds its distances: one segment, or
/// the corners of a box holding several.
enum Shape {
    One(Segment),
    Hull([Point; 4]),
}

/// A chunk of a polyline's segments with the runs of an index near it (see
/// [`SegmentGrid::near_polyline`]): for a segment inside the chunk's convex hull it finds the
/// segments of the index closer than the chunk's radius, as the whole index does.
pub struct Nearby<'a> {
    grid: &'a SegmentGrid,
    /// The chunk's segments, by number in the polyline.
    pub segments: Range<usize>,
    runs: Vec<&'a Run>,
}

impl Nearby<'_> {
    /// As [`SegmentGrid::near_segment`] for a `radius` up to the chunk's, with each segment's
    /// distance to `q`.
    pub fn near_segment(&self, q: &Segment, radius: f64) -> Vec<(u32, f64)> {
        let q_box = Aabb::from_points([q.a, q.b]);
        let runs = (self.runs.iter().copied())
            .filter(|run| run.bound_to_segment(q, &q_box, radius) < radius);
        self.grid.within_in(runs, q, radius)
    }
}

impl Run {
    /// A lower bound of the distance from everything in the convex hull of `points` (whose box
    /// is `points_box`) to every segment of the run, by the boxes, then, when that could beat
    /// `beat`, by the points' box in the run's chord frame.
    fn bound_to_points(&self, points: &[Point], points_box: &Aabb, beat: f64) -> f64 {
        let gap = box_to_box(&self.aabb(), points_box);
        let Some(chord) = self.chord.as_ref().filter(|_| gap < beat) else {
            return gap;
        };
        let framed = Aabb::from_points(points.iter().map(|&p| chord.to_frame(p)));
        let reach = Point::new(
            framed.min.x.abs().max(framed.max.x.abs()),
            framed.min.y.abs().max(framed.max.y.abs()),
        );
        gap.max(box_to_box(&chord.in_frame(), &framed) - frame_slack(&[reach]))
    }
}

/// The last point of the chunk of polyline `points` that begins at point `start` (before its
/// last): up to `CHUNK` segments while their box's diagonal stays within `reach`, and at least
/// one (a chunk's box must stay small beside the distance measured: a path of long segments
/// is measured one segment at a time).
fn chunk_end(points: &[Point], start: usize, reach: f64) -> usize {
    let last = (start + CHUNK).min(points.len() - 1);
    let mut b = Aabb::from_points([points[start], points[start + 1]]);
    let mut end = start + 1;
    while end < last {
        let mut grown = b;
        grown.include(points[end + 1]);
        if grown.diagonal() > reach {
            break;
        }
        (b, end) = (grown, end + 1);
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::f64::consts::TAU;

    /// A regular `n`-gon of radius `r` round the origin, as segments.
    fn dense_ring(n: usize, r: f64) -> Vec<Segment> {
        let at = |k: usize| Point::from_angle(k as f64 * TAU / n as f64) * r;
        (0..n).map(|k| Segment::new(at(k), at(k + 1))).collect()
    }

    /// The smallest distance from any segment of the polyline to any of `walls`, by a scan.
    fn brute(walls: &[Segment], points: &[Point]) -> f64 {
        (points.windows(2))
            .flat_map(|w| {
                walls
                    .iter()
                    .map(|s| segment_distance(s, &Segment::new(w[0], w[1])))
            })
            .fold(f64::INFINITY, f64::min)
    }

    /// Polylines hugging a dense ring at the radius (every bound is tight there), crossing it,
    /// and wandering about, over an index with some segments taken out and others added: the
    /// polyline queries answer as a scan, and as the index does one segment at a time.
    #[test]
    fn polyline_queries_match_a_scan_and_single_segment_queries() {
        let ring = dense_ring(8000, 6.0);
        let removed = [ring[10], ring[11], ring[4000]];
        let added = dense_ring(30, 1.0);
        let walls: Vec<Segment> = (ring.iter().filter(|s| !removed.contains(s)))
            .chain(&added)
            .copied()
            .collect();
        let grid = SegmentGrid::new(ring.clone()).updated(&removed, &added);
        let mut rng = Rng::new(11);
        let hugging: Vec<Point> = (0..300)
            .map(|k| Point::from_angle(0.2 + k as f64 * 7e-4) * 6.5)
            .collect();
        let crossing: Vec<Point> = (0..50)
            .map(|k| Point::new(-8.0 + k as f64 * 0.33, 0.01 * k as f64))
            .collect();
        let mut wandering = vec![Point::new(0.0, 0.0)];
        for _ in 0..200 {
            let last = *wandering.last().unwrap();
            wandering.push(last + Point::new(rng.range(-0.7, 0.7), rng.range(-0.7, 0.7)));
        }
        for points in [&hugging[..], &crossing, &wandering, &hugging[..1], &[]] {
            let scan = brute(&walls, points);
            let limit = 100.0;
            let expected = match points {
                [p] => grid.distance_to_point(*p, limit),
                _ => scan.min(limit),
            };
            assert_eq!(grid.distance_to_polyline(points, limit), expected);
            if points.len() > 1 {
                // Nothing is nearer than the scan's distance.
                assert_eq!(grid.distance_to_polyline(points, scan), scan);
            }
            // The median of the segments' distances too: a bound looser than the spread of
            // the distances round it (under a micrometre along the hugging path) shows there.
            let mut each: Vec<f64> = (points.windows(2))
                .map(|w| grid.distance_to_segment(&Segment::new(w[0], w[1]), f64::INFINITY))
                .collect();
            each.sort_by(f64::total_cmp);
            let median = each.get(each.len() / 2).copied().unwrap_or(1.0);
            for radius in [0.3, 0.5, 0.5 + 1e-9, 2.0, median] {
                let chunks = grid.near_polyline(points, radius);
                let covered: Vec<usize> = chunks.iter().flat_map(|c| c.segments.clone()).collect();
                for (i, w) in points.windows(2).enumerate() {
                    let q = Segment::new(w[0], w[1]);
                    let chunk = chunks.iter().find(|c| c.segments.contains(&i));
                    let near = grid.near_segment(&q, radius);
                    let indices =
                        |near: Vec<(u32, f64)>| near.iter().map(|n| n.0).collect::<Vec<_>>();
                    let from_chunk = chunk.map_or(Vec::new(), |c| c.near_segment(&q, radius));
                    for &(i, d) in &from_chunk {
                        assert_eq!(d, segment_distance(&grid.segment(i as usize), &q));
                    }
                    assert_eq!(indices(from_chunk), near);
                    // A part of the segment is answered by its chunk too.
                    let part = Segment::new(q.a.lerp(q.b, 0.25), q.a.lerp(q.b, 0.5));
                    if let Some(c) = chunk {
                        assert_eq!(
                            indices(c.near_segment(&part, radius)),
                            grid.near_segment(&part, radius)
                        );
                    }
                }
                assert!(covered.windows(2).all(|w| w[0] < w[1]), "chunks in order");
            }
        }
    }
}
