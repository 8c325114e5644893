//! Agent playback: where a disc of radius r is after walking `s` along a path (lines and arcs;
//! across a link it moves straight from end to end), and the stretches of `s` during which it
//! overlaps a wall of the unshrunk scene (never while taking a link).
//!
//! ```text
//!   wall ────────────┐
//!                    │      s:  0 ......... from ====== to ......... length
//!   ──●──────────────┼──▶              the disc overlaps the corner here
//!     disc of radius r
//! ```

use crate::geom::{Arc, Point, SegmentGrid};
use crate::nav::paths::measure::near_spans;
use crate::nav::paths::path::{Path, PathSegment};

/// A stretch of arc length during which the agent's disc overlaps a wall.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Collision {
    /// Arc length where the overlap begins.
    pub from: f64,
    /// Arc length where it ends.
    pub to: f64,
    /// The smallest distance from the disc's centre to a wall during the stretch (below r).
    pub clearance: f64,
}

/// Relative depth an overlap must exceed to count: a tangent path runs at exactly r from its
/// corners, and rounding must not turn that into a collision.
const TOUCH: f64 = 1e-9;

/// Relative gap below which stretches on consecutive segments are one.
const JOIN: f64 = 1e-9;

/// Bisection steps that place the ends of an overlap on an arc (2^-48 of one sampling step).
const REFINE_STEPS: usize = 48;

/// The point `s` along `path` (clamped to the path's ends).
pub fn position_at(path: &Path, s: f64) -> Point {
    let mut rest = s.max(0.0);
    for segment in &path.segments {
        let len = segment.length();
        if rest <= len {
            let t = if len > 0.0 { rest / len } else { 0.0 };
            return point_on(segment, t);
        }
        rest -= len;
    }
    path.end()
}

/// The point a fraction `t` (0..=1) along one segment.
fn point_on(segment: &PathSegment, t: f64) -> Point {
    match segment {
        PathSegment::Line { from, to } | PathSegment::Link { from, to, .. } => from.lerp(*to, t),
        PathSegment::Arc(a) => a.point_at_angle(a.start_angle + a.sweep * t),
    }
}

/// Every stretch of `path` during which a disc of `radius` centred on it overlaps a wall (comes
/// closer than `radius`, by more than a billionth of it), in path order; stretches that meet at
/// a segment end are one. Exact on lines (the near set of a wall is one interval of a line); on
/// arcs sampled every 1/32 of the radius and the ends refined by bisection.
pub fn collisions(path: &Path, walls: &SegmentGrid, radius: f64) -> Vec<Collision> {
    let inside = radius * (1.0 - TOUCH);
    let mut out: Vec<Collision> = Vec::new();
    let mut offset = 0.0;
    for segment in &path.segments {
        let len = segment.length();
        let spans = match segment {
            PathSegment::Line { from, to } => {
                near_spans(&crate::geom::Segment::new(*from, *to), walls, inside)
            }
            PathSegment::Arc(a) => arc_spans(a, walls, inside),
            // A link is taken, not walked: no wall lies on its way.
            PathSegment::Link { .. } => Vec::new(),
        };
        for (lo, hi) in spans {
            let clearance = span_clearance(segment, lo, hi, walls, radius);
            let (from, to) = (offset + lo * len, offset + hi * len);
            match out.last_mut() {
                // Arc lengths summed along different segments may differ in the last bits.
                Some(last) if from <= last.to + JOIN * (1.0 + last.to) => {
                    last.to = last.to.max(to);
                    last.clearance = last.clearance.min(clearance);
                }
                _ => out.push(Collision {
                    from,
                    to,
                    clearance,
                }),
            }
        }
        offset += len;
    }
    if path.segments.is_empty() && walls.distance_to_point(path.start, inside) < inside {
        out.push(Collision {
            from: 0.0,
            to: 0.0,
            clearance: walls.distance_to_point(path.start, radius),
        });
    }
    out
}

/// The parameter intervals (0..=1) of an arc closer than `inside` to a wall.
fn arc_spans(arc: &Arc, walls: &SegmentGrid, inside: f64) -> Vec<(f64, f64)> {
    let steps = ((arc.length() / (inside / 32.0)).ceil() as usize).clamp(8, 1 << 16);
    let near = |t: f64| {
        let p = arc.point_at_angle(arc.start_angle + arc.sweep * t);
        walls.distance_to_point(p, inside) < inside
    };
    // The boundary between parameters `a` (near == side) and `b` (the other side).
    let refine = |mut a: f64, mut b: f64, side: bool| {
        for _ in 0..REFINE_STEPS {
            let m = 0.5 * (a + b);
            if near(m) == side { a = m } else { b = m }
        }
        0.5 * (a + b)
    };
    let mut spans = Vec::new();
    let mut open = near(0.0).then_some(0.0);
    let mut prev = 0.0;
    for i in 1..=steps {
        let t = i as f64 / steps as f64;
        let now = near(t);
        match (open, now) {
            (None, true) => open = Some(refine(t, prev, true)),
            (Some(lo), false) => {
                spans.push((lo, refine(prev, t, true)));
                open = None;
            }
            _ => {}
        }
        prev = t;
    }
    if let Some(lo) = open {
        spans.push((lo, 1.0));
    }
    spans
}

/// The smallest distance to a wall over parameters `lo..=hi` of a segment: exact for a line,
/// the smallest of the samples for an arc.
fn span_clearance(
    segment: &PathSegment,
    lo: f64,
    hi: f64,
    walls: &SegmentGrid,
    radius: f64,
) -> f64 {
    match segment {
        PathSegment::Line { .. } => walls.distance_to_segment(
            &crate::geom::Segment::new(point_on(segment, lo), point_on(segment, hi)),
            radius,
        ),
        PathSegment::Link { .. } => radius,
        PathSegment::Arc(_) => (0..=64)
            .map(|i| lo + (hi - lo) * i as f64 / 64.0)
            .map(|t| walls.distance_to_point(point_on(segment, t), radius))
            .fold(radius, f64::min),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Segment;
    use std::f64::consts::PI;

    fn wall(a: (f64, f64), b: (f64, f64)) -> SegmentGrid {
        SegmentGrid::new(vec![Segment::new(
            Point::new(a.0, a.1),
            Point::new(b.0, b.1),
        )])
    }

    #[test]
    fn positions_along_lines_and_arcs() {
        let arc = Arc {
            center: Point::new(10.0, 1.0),
            radius: 1.0,
            start_angle: -PI / 2.0,
            sweep: PI / 2.0,
        };
        let path = Path::from_segments(
            Point::new(0.0, 0.0),
            vec![
                PathSegment::Line {
                    from: Point::new(0.0, 0.0),
                    to: Point::new(10.0, 0.0),
                },
                PathSegment::Arc(arc),
            ],
        );
        assert_eq!(position_at(&path, -1.0), Point::new(0.0, 0.0));
        assert!(position_at(&path, 4.0).distance(Point::new(4.0, 0.0)) < 1e-12);
        // Half way round the quarter circle: 45 degrees below its centre's +x axis.
        let half = 10.0 + PI / 4.0;
        let h = std::f64::consts::FRAC_1_SQRT_2;
        assert!(position_at(&path, half).distance(Point::new(10.0 + h, 1.0 - h)) < 1e-12);
        assert!(position_at(&path, 100.0).distance(Point::new(11.0, 1.0)) < 1e-12);
    }

    #[test]
    fn a_link_across_a_wall_is_taken_not_walked() {
        // Two walked stretches 2 away from a wall, joined by a link straight through it.
        let walls = wall((0.0, -5.0), (0.0, 5.0));
        let (a, b) = (Point::new(-2.0, 0.0), Point::new(2.0, 0.0));
        let pieces = [
            Path::from_points(&[Point::new(-4.0, 0.0), a]),
            Path::from_points(&[b, Point::new(4.0, 0.0)]),
        ];
        let path = Path::join(&pieces, &[1.0]).unwrap();
        assert_eq!(path.length, 5.0);
        assert!(collisions(&path, &walls, 0.5).is_empty());
        // Half way across the link (cost 1) the disc is half way between its ends.
        assert!(position_at(&path, 2.5).distance(Point::new(0.0, 0.0)) < 1e-12);
        assert_eq!(position_at(&path, 3.0), b);
    }

    #[test]
    fn a_line_past_a_wall_end_collides_from_where_the_disc_reaches_it() {
        // The path runs at height 0.3 along a wall from x = 0 to 10; radius 0.5: the disc
        // reaches the wall's end when x = -0.4, 4.6 after the path's start at x = -5.
        let walls = wall((0.0, 0.0), (10.0, 0.0));
        let path = Path::from_points(&[Point::new(-5.0, 0.3), Point::new(5.0, 0.3)]);
        let hits = collisions(&path, &walls, 0.5);
        assert_eq!(hits.len(), 1);
        assert!((hits[0].from - 4.6).abs() < 1e-6, "{hits:?}");
        assert_eq!(hits[0].to, 10.0);
        assert!((hits[0].clearance - 0.3).abs() < 1e-12);
        // A path exactly r away touches but does not collide.
        let path = Path::from_points(&[Point::new(-5.0, 0.5), Point::new(5.0, 0.5)]);
        assert!(collisions(&path, &walls, 0.5).is_empty());
    }

    #[test]
    fn an_arc_under_a_wall_end_collides_where_the_end_is_within_r() {
        // The unit upper half circle under a wall end at (0, 1.3): the distance to the end is
        // below 0.5 exactly where sin(angle) > (1 + 1.69 - 0.25) / 2.6.
        let walls = wall((0.0, 1.3), (0.0, 3.0));
        let arc = Arc {
            center: Point::new(0.0, 0.0),
            radius: 1.0,
            start_angle: 0.0,
            sweep: PI,
        };
        let path = Path::from_segments(arc.start(), vec![PathSegment::Arc(arc)]);
        let hits = collisions(&path, &walls, 0.5);
        let enter = (2.44f64 / 2.6).asin();
        assert_eq!(hits.len(), 1);
        assert!((hits[0].from - enter).abs() < 1e-9, "{hits:?}");
        assert!((hits[0].to - (PI - enter)).abs() < 1e-9, "{hits:?}");
        assert!((hits[0].clearance - 0.3).abs() < 1e-3);
    }

    #[test]
    fn overlaps_meeting_at_a_corner_are_one_collision() {
        let walls = wall((0.0, 0.0), (10.0, 0.0));
        let path = Path::from_points(&[
            Point::new(1.0, 0.3),
            Point::new(5.0, 0.3),
            Point::new(5.0, 0.4),
            Point::new(9.0, 3.0),
        ]);
        let hits = collisions(&path, &walls, 0.5);
        assert_eq!(hits.len(), 1, "{hits:?}");
        assert_eq!(hits[0].from, 0.0);
        // Also when the segment lengths do not add up exactly in floating point.
        let path = Path::from_points(&[
            Point::new(0.1, 0.3),
            Point::new(0.7, 0.3),
            Point::new(3.3, 0.3),
            Point::new(9.1, 0.3),
        ]);
        assert_eq!(collisions(&path, &walls, 0.5).len(), 1);
    }
}
