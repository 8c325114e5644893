//! Measurements of finished paths used in production (metrics, offset cuts) as well as by the
//! checkers: length, smallest clearance to the walls and the stretches closer than a radius.

use crate::geom::{Nearby, Point, Segment, SegmentGrid, segment_distance};
use rayon::prelude::*;

/// Length of a polyline.
pub fn polyline_length(points: &[Point]) -> f64 {
    points.windows(2).map(|w| w[0].distance(w[1])).sum()
}

/// Smallest distance from the polyline to any wall (at most `limit`).
pub fn min_clearance(points: &[Point], walls: &SegmentGrid, limit: f64) -> f64 {
    walls.distance_to_polyline(points, limit)
}

/// The clearance a query reports for a walked polyline: [`min_clearance`] with no limit
/// short of the walls' own extent.
pub fn wall_clearance(points: &[Point], walls: &SegmentGrid) -> f64 {
    min_clearance(points, walls, walls.bounds().diagonal())
}

/// [`wall_clearance`] of a long polyline measured in two halves side by side (the second on
/// another core when one is free): the same value. The radius-aware query waits for its
/// tangent path's clearance before it answers (issue 11 item 9: 2.2 of the 7.3 ms of a query
/// round a 40k-gon, while the other core had finished).
pub fn wall_clearance_in_halves(points: &[Point], walls: &SegmentGrid) -> f64 {
    if points.len() < 2 * HALF_MIN {
        return wall_clearance(points, walls);
    }
    let mid = points.len() / 2;
    let (a, b) = rayon::join(
        || wall_clearance(&points[..=mid], walls),
        || wall_clearance(&points[mid..], walls),
    );
    a.min(b)
}

/// Fewest points in a half of [`wall_clearance_in_halves`].
const HALF_MIN: usize = 512;

/// The clearance of a path's walked runs (see `Path::runs`): the smallest [`wall_clearance`]
/// among them.
pub fn runs_clearance(runs: &[Vec<Point>], walls: &SegmentGrid) -> f64 {
    (runs.iter())
        .map(|points| wall_clearance(points, walls))
        .fold(f64::INFINITY, f64::min)
}

/// `shorter` is not longer than `longer` (up to `relative` rounding).
pub fn check_not_longer(
    shorter: f64,
    longer: f64,
    relative: f64,
    what: &str,
) -> Result<(), String> {
    if shorter > longer * (1.0 + relative) + 1e-12 {
        return Err(format!("{what}: {shorter} is longer than {longer}"));
    }
    Ok(())
}

/// A stretch of a path that comes closer than the agent radius to a wall.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stretch {
    pub from: Point,
    pub to: Point,
    /// The smallest distance to a wall along the stretch.
    pub clearance: f64,
}

/// Where near spans of a segment start (0 at its start), the spans and their clearances.
type Parts = Vec<(f64, Segment, f64)>;

/// The stretches of the polyline that come closer than `radius` to a wall, in path order
/// (overlapping or touching ones merged, also across the polyline's corners). Only segments
/// closer than `radius` to a wall have near stretches: they are found a chunk of the polyline at
/// a time (a path along a dense ring has thousands of segments), then measured in parallel and
/// joined in order.
pub fn close_stretches(points: &[Point], walls: &SegmentGrid, radius: f64) -> Vec<Stretch> {
    // A part of a segment is measured against the walls near the segment: those closer than
    // the radius to the part, up to the rounding of the part's ends, which `reach` allows for.
    let scale = (points.iter()).fold(0.0, |m: f64, p| m.max(p.x.abs() + p.y.abs()));
    let reach = radius + 1e-12 * scale;
    let near = |nearby: &Nearby, i: usize| {
        let s = Segment::new(points[i], points[i + 1]);
        let near = nearby.near_segment(&s, reach);
        if near.is_empty() {
            return None;
        }
        let near_walls: Vec<Segment> = near
            .iter()
            .map(|&(w, _)| walls.segment(w as usize))
            .collect();
        // The spans come from the walls closer than the radius to the segment itself.
        let within = (near.iter().zip(&near_walls))
            .filter(|((_, d), _)| *d < radius)
            .map(|(_, w)| w);
        let at = |t: f64| {
            if t == 0.0 {
                s.a
            } else if t == 1.0 {
                s.b
            } else {
                s.a.lerp(s.b, t)
            }
        };
        let parts: Parts = (spans_near(&s, within.copied(), radius).into_iter())
            .map(|(lo, hi)| {
                let part = Segment::new(at(lo), at(hi));
                let clearance = (near_walls.iter())
                    .map(|w| segment_distance(w, &part))
                    .fold(radius, f64::min);
                (lo, part, clearance)
            })
            .collect();
        Some((i, parts))
    };
    // The chunks near a wall in parallel (a path along a dense ring has thousands of segments).
    let parts: Vec<(usize, Parts)> = (walls.near_polyline(points, reach))
        .par_iter()
        .with_min_len(4)
        .flat_map_iter(|nearby| nearby.segments.clone().filter_map(|i| near(nearby, i)))
        .collect();
    let mut out: Vec<Stretch> = Vec::new();
    for (i, parts) in parts {
        for (lo, part, clearance) in parts {
            match out.last_mut() {
                Some(last) if lo == 0.0 && last.to == points[i] => {
                    last.to = part.b;
                    last.clearance = last.clearance.min(clearance);
                }
                _ => out.push(Stretch {
                    from: part.a,
                    to: part.b,
                    clearance,
                }),
            }
        }
    }
    out
}

/// The parameter intervals (0..=1) of segment `s` closer than `radius` to some wall, in order,
/// overlapping ones merged.
pub fn near_spans(s: &Segment, walls: &SegmentGrid, radius: f64) -> Vec<(f64, f64)> {
    let near = walls.near_segment(s, radius);
    spans_near(s, near.iter().map(|&i| walls.segment(i as usize)), radius)
}

/// [`near_spans`] given the walls closer than `radius` to `s`.
fn spans_near(s: &Segment, near: impl Iterator<Item = Segment>, radius: f64) -> Vec<(f64, f64)> {
    let mut spans: Vec<(f64, f64)> = near
        .filter_map(|wall| near_span(s, &wall, radius))
        .collect();
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut merged: Vec<(f64, f64)> = Vec::new();
    for (lo, hi) in spans {
        match merged.last_mut() {
            Some(last) if lo <= last.1 => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    merged
}

/// The parameter interval of segment `s` closer than `radius` to `wall`, if not empty. The
/// distance to a segment is convex along a line, so the near set is one interval: the union of
/// the parts near either end of the wall and near its middle.
fn near_span(s: &Segment, wall: &Segment, radius: f64) -> Option<(f64, f64)> {
    let d = s.b - s.a;
    let near_point = |c: Point| {
        // |s.a + t d - c|^2 < r^2
        let (a, b, k) = (
            d.length_sq(),
            2.0 * d.dot(s.a - c),
            (s.a - c).length_sq() - radius * radius,
        );
        if a == 0.0 {
            return (k < 0.0).then_some((0.0, 1.0));
        }
        let disc = b * b - 4.0 * a * k;
        (disc > 0.0).then(|| {
            (
                (-b - disc.sqrt()) / (2.0 * a),
                (-b + disc.sqrt()) / (2.0 * a),
            )
        })
    };
    let near_middle = || {
        let along = wall.b - wall.a;
        let len = along.length();
        let e = along.normalized()?;
        let n = e.perp();
        // Linear conditions c0 + c1 t in (lo, hi), intersected.
        let mut span = (f64::NEG_INFINITY, f64::INFINITY);
        for (c0, c1, lo, hi) in [
            (n.dot(s.a - wall.a), n.dot(d), -radius, radius),
            (e.dot(s.a - wall.a), e.dot(d), 0.0, len),
        ] {
            if c1 == 0.0 {
                if c0 <= lo || c0 >= hi {
                    return None;
                }
            } else {
                let (t0, t1) = ((lo - c0) / c1, (hi - c0) / c1);
                span = (span.0.max(t0.min(t1)), span.1.min(t0.max(t1)));
            }
        }
        (span.0 < span.1).then_some(span)
    };
    let pieces = [near_point(wall.a), near_point(wall.b), near_middle()];
    let (lo, hi) = pieces
        .into_iter()
        .flatten()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), (a, b)| {
            (lo.min(a), hi.max(b))
        });
    let (lo, hi) = (lo.max(0.0), hi.min(1.0));
    (lo < hi).then_some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A long path measured in halves gives the clearance measured whole, wherever its nearest
    /// approach is: on either half, or on a segment at either side of the split.
    #[test]
    fn a_long_path_measured_in_halves_keeps_every_segment() {
        let n = 4 * HALF_MIN + 1;
        let path: Vec<Point> = (0..n).map(|x| Point::new(x as f64, 1.0)).collect();
        let mid = n / 2;
        for k in [0, 7, mid - 2, mid - 1, mid, mid + 1, n - 2] {
            // A wall 3 below the whole path, and a point 1 below the middle of segment k only.
            let under = Point::new(k as f64 + 0.5, 0.0);
            let walls = SegmentGrid::new(vec![
                Segment::new(Point::new(-10.0, -2.0), Point::new(n as f64 + 10.0, -2.0)),
                Segment::new(under, under),
            ]);
            assert_eq!(wall_clearance(&path, &walls), 1.0, "segment {k}");
            assert_eq!(wall_clearance_in_halves(&path, &walls), 1.0, "segment {k}");
        }
    }

    #[test]
    fn close_stretches_of_a_path_past_a_wall() {
        // A wall from (0, 0) to (10, 0); the path runs at height 0.3 from x = -5 to x = 5, then
        // leaves upwards. Radius 0.5: near the wall from x = -0.4 (the end disc) round the corner
        // of the path and up until y = 0.5, one stretch.
        let walls = SegmentGrid::new(vec![Segment::new(
            Point::new(0.0, 0.0),
            Point::new(10.0, 0.0),
        )]);
        let path = [
            Point::new(-5.0, 0.3),
            Point::new(5.0, 0.3),
            Point::new(5.0, 3.0),
        ];
        let stretches = close_stretches(&path, &walls, 0.5);
        assert_eq!(stretches.len(), 1);
        assert!(stretches[0].from.distance(Point::new(-0.4, 0.3)) < 1e-12);
        assert!(stretches[0].to.distance(Point::new(5.0, 0.5)) < 1e-12);
        assert!((stretches[0].clearance - 0.3).abs() < 1e-12);
        // Two separate approaches are two stretches.
        let path = [
            Point::new(1.0, 0.3),
            Point::new(3.0, 0.3),
            Point::new(5.0, 3.0),
            Point::new(7.0, 0.3),
            Point::new(9.0, 0.3),
        ];
        assert_eq!(close_stretches(&path, &walls, 0.5).len(), 2);
        assert!(
            close_stretches(&[Point::new(0.0, 1.0), Point::new(10.0, 1.0)], &walls, 0.5).is_empty()
        );
    }

    /// A path of a thousand short segments, measured in parallel pieces, past two walls: one
    /// stretch per wall, each joined across every segment (and piece) it spans.
    #[test]
    fn close_stretches_of_a_long_path_are_joined_across_its_segments() {
        let wall = |x0: f64, x1: f64| Segment::new(Point::new(x0, 0.0), Point::new(x1, 0.0));
        let walls = SegmentGrid::new(vec![wall(0.0, 10.0), wall(12.0, 13.0)]);
        let path: Vec<Point> = (0..=1000)
            .map(|k| Point::new(-5.0 + 0.02 * k as f64, 0.3))
            .collect();
        let stretches = close_stretches(&path, &walls, 0.5);
        assert_eq!(stretches.len(), 2, "{stretches:?}");
        for (s, (from, to)) in stretches.iter().zip([(-0.4, 10.4), (11.6, 13.4)]) {
            assert!(
                (s.from.x - from).abs() < 1e-9 && (s.to.x - to).abs() < 1e-9,
                "{s:?}"
            );
            assert!((s.clearance - 0.3).abs() < 1e-12, "{s:?}");
        }
    }
}
