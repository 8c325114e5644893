//! The tangent polygon of a convex obstacle grown by the agent radius r: a polygon of lines
//! tangent to the grown ring (so it holds it, and clearance >= r holds outside it) whose
//! corners stray from it by at most the arc tolerance.
//!
//! Round each corner of the ring the offset arc is covered by tangents at most `max_step`
//! radians apart, as for any arc. A finely divided curve (a circle of 40k corners, an SVG
//! curve) turns by far less than that at each corner: one tangent a corner kept every corner
//! of the curve in the shrunk mesh, and every search and path round it walked all of them
//! (issue 11 item 9: a query round a 40k-gon took 12.7 ms). Tangents are therefore left out
//! while the corner the kept ones meet at stays within the same reach of a ring corner as the
//! arcs' corners do: a 40k-gon of radius 6 grown by 0.5 keeps 81 corners.
//! ```text
//!    kept tangent   X  kept tangent        X: within r / cos(max_step / 2) of a ring corner
//!   ______________/ \______________
//!  . . . . . . . . . . . . . . . . .   <- the ring's corners, each turning a little
//! ```

use crate::geom::Point;

/// Tangents further apart than this (radians) meet where rounding cannot move them far; nearer
/// ones are taken further apart or not merged.
const MIN_MERGED_TURN: f64 = 1e-3;

/// The tangent polygon of the convex counter-clockwise `ring` grown by `r`, counter-clockwise,
/// each corner with the index of a ring corner: the one whose arc it covers, or, where tangents
/// were left out, the nearest of those between its two. Its corners lie within
/// `r / cos(max_step / 2)` of a ring corner, as the corners of tangents `max_step` apart round a
/// single corner do.
pub(super) fn tangent_polygon(ring: &[Point], r: f64, max_step: f64) -> Vec<(Point, usize)> {
    let n = ring.len();
    let normal = |i: usize| {
        let d = ring[(i + 1) % n] - ring[i];
        Point::new(d.y, -d.x).normalized().unwrap_or(Point::ZERO)
    };
    // Every tangent, in turn order, and where each meets the next.
    let mut lines = Vec::with_capacity(n);
    let mut tight = Vec::with_capacity(n);
    for (i, &at) in ring.iter().enumerate() {
        let (n_in, n_out) = (normal((i + n - 1) % n), normal(i));
        let turn = n_in.cross(n_out).atan2(n_in.dot(n_out));
        if turn <= 0.0 {
            continue; // collinear: the two offset edges continue each other
        }
        let m = (turn / max_step).ceil().max(1.0);
        let step = turn / m;
        let reach = r / (0.5 * step).cos();
        let start = n_in.angle();
        for k in 0..m as usize {
            let along = if k == 0 {
                n_in
            } else {
                Point::from_angle(start + step * k as f64)
            };
            lines.push(Tangent { along, corner: i });
            tight.push(at + Point::from_angle(start + step * (k as f64 + 0.5)) * reach);
        }
    }
    merge(&lines, &tight, ring, (r, r / (0.5 * max_step).cos()))
}

/// A line tangent to the circle of radius r round a corner of a convex ring (or two, along an
/// edge): the points x with `along . (x - ring[corner]) = r`, the ring on the side `along`
/// points away from.
struct Tangent {
    along: Point,
    corner: usize,
}

/// Where two tangents meet.
enum Meet {
    /// Too little apart to tell.
    Narrow,
    /// Beyond the reach of the ring corners between them, or behind.
    Far,
    /// At a point within reach of the ring corner named.
    Within(Point, usize),
}

/// The corners of the polygon the `lines` (in turn order, each meeting the next at its `tight`
/// corner) bound, leaving lines out: from each line kept, the next kept is the farthest whose
/// corner with it lies within `reach` of a ring corner between the two (so within `reach - r`
/// of the grown ring, as the tight corners are), found by doubling then halving the span. The
/// polygon still holds the grown ring: each line kept is tangent to it. Each corner comes with
/// the ring corner nearest it (a tight corner, with its own line's).
fn merge(
    lines: &[Tangent],
    tight: &[Point],
    ring: &[Point],
    (r, reach): (f64, f64),
) -> Vec<(Point, usize)> {
    let l = lines.len();
    let n = ring.len();
    // Where lines `a` and `b` (b up to l: line 0 again) meet.
    let meet = |a: usize, b: usize| -> Meet {
        if b > l {
            return Meet::Far;
        }
        let (p, q) = (&lines[a], &lines[b % l]);
        let (sin, cos) = (p.along.cross(q.along), p.along.dot(q.along));
        if cos < 0.0 {
            return Meet::Far;
        }
        if sin < MIN_MERGED_TURN {
            return Meet::Narrow;
        }
        // Solved from p's ring corner, so that coordinates far from the origin (1e6) do not
        // cancel in the offsets: p.along . (x - o) = r, q.along . (x - o) = dq.
        let o = ring[p.corner];
        let dq = q.along.dot(ring[q.corner] - o) + r;
        let x = o + Point::new(
            (r * q.along.y - dq * p.along.y) / sin,
            (p.along.x * dq - q.along.x * r) / sin,
        );
        let span = (q.corner + n - p.corner) % n;
        let nearest = (0..=span)
            .map(|k| (p.corner + k) % n)
            .map(|i| (i, (ring[i] - x).length_sq()))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        match nearest {
            Some((i, d2)) if d2 <= reach * reach => Meet::Within(x, i),
            _ => Meet::Far,
        }
    };
    let mut out = Vec::new();
    let mut a = 0;
    while a < l {
        // Lines up to `lo` are too near or meet within reach (`found`: the farthest that
        // does); `far` meets too far.
        let (mut lo, mut found) = (a + 1, None);
        let mut span = 2;
        let mut far = loop {
            let b = a + span;
            match meet(a, b) {
                Meet::Far => break b,
                Meet::Narrow => lo = b,
                Meet::Within(x, i) => (lo, found) = (b, Some((b, x, i))),
            }
            span *= 2;
        };
        while far - lo > 1 {
            let mid = lo + (far - lo) / 2;
            match meet(a, mid) {
                Meet::Far => far = mid,
                Meet::Narrow => lo = mid,
                Meet::Within(x, i) => (lo, found) = (mid, Some((mid, x, i))),
            }
        }
        let (next, x, i) = found.unwrap_or((a + 1, tight[a], lines[a].corner));
        out.push((x, i));
        a = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::signed_area;
    use crate::rng::Rng;
    use std::f64::consts::TAU;

    /// A counter-clockwise regular `n`-gon of radius `radius` round `(cx, cy)`.
    fn regular(n: usize, radius: f64, (cx, cy): (f64, f64)) -> Vec<Point> {
        (0..n)
            .map(|k| Point::new(cx, cy) + Point::from_angle(TAU * k as f64 / n as f64) * radius)
            .collect()
    }

    /// The largest step of the default arc tolerance (1% of the radius).
    fn step() -> f64 {
        2.0 * (1.0 / 1.01f64).acos()
    }

    /// Checks that `grown` (the tangent polygon of `ring` at `r` with steps up to `max_step`)
    /// holds the ring grown by `r` (every ring corner at least `r` inside each of its edges'
    /// lines) and strays from it by at most the arcs' tolerance (each corner within reach of
    /// the ring corner it names), up to rounding relative to the coordinates.
    fn check(ring: &[Point], grown: &[(Point, usize)], r: f64, max_step: f64) {
        let scale = ring
            .iter()
            .fold(0.0f64, |m, p| m.max(p.x.abs() + p.y.abs()));
        let rounding = 1e-9 * (scale + r);
        let reach = r / (0.5 * max_step).cos();
        let points: Vec<Point> = grown.iter().map(|g| g.0).collect();
        assert!(signed_area(&points) > 0.0, "counter-clockwise");
        let k = points.len();
        for j in 0..k {
            let (a, b) = (points[j], points[(j + 1) % k]);
            let inward = (b - a).perp().normalized().expect("no repeated corner");
            for (i, &v) in ring.iter().enumerate() {
                let depth = (v - a).dot(inward);
                assert!(
                    depth >= r - rounding,
                    "ring corner {i} is {depth} inside edge {j}"
                );
            }
        }
        for (j, &(x, corner)) in grown.iter().enumerate() {
            let named = ring[corner].distance(x);
            assert!(
                named <= reach + rounding,
                "corner {j}: {named} from its ring corner"
            );
        }
    }

    #[test]
    fn a_finely_divided_circle_grows_into_few_corners_that_hold_it() {
        let r = 0.5;
        let ring = regular(40_000, 6.0, (20.0, 15.0));
        let grown = tangent_polygon(&ring, r, step());
        check(&ring, &grown, r, step());
        // One tangent a ring corner kept all 40,000 of them.
        assert!(grown.len() < 400, "{} corners", grown.len());
    }

    #[test]
    fn corners_turning_more_than_a_step_keep_every_tangent() {
        // A square: each corner's quarter arc in steps of at most `step()`, as before.
        let r = 1.0;
        let square =
            [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)].map(|(x, y)| Point::new(x, y));
        let grown = tangent_polygon(&square, r, step());
        check(&square, &grown, r, step());
        let per_corner = (0.25 * TAU / step()).ceil() as usize;
        assert_eq!(grown.len(), 4 * per_corner);
        for (k, &(x, corner)) in grown.iter().enumerate() {
            assert_eq!(corner, k / per_corner);
            let reach = r / (0.25 * TAU / per_corner as f64 / 2.0).cos();
            assert!((x.distance(square[corner]) - reach).abs() < 1e-12);
        }
    }

    /// Random convex rings, from a few sharp corners to hundreds of gentle ones, some with long
    /// straight stretches between dense ones, at radii from a hundredth to ten times their size.
    #[test]
    fn random_convex_rings_grow_into_polygons_that_hold_them_within_the_tolerance() {
        let mut rng = Rng::new(11);
        for case in 0..300 {
            let n = [3, 8, 50, 400, 2000][case % 5];
            let size = rng.range(0.1, 100.0);
            // Sorted random angles (a convex ring on an ellipse) with clumps of close ones.
            let mut angles: Vec<f64> = (0..n).map(|_| rng.range(0.0, TAU)).collect();
            angles.sort_by(f64::total_cmp);
            angles.dedup_by(|a, b| *a - *b < 1e-6);
            let squash = rng.range(0.2, 1.0);
            let ring: Vec<Point> = angles
                .iter()
                .map(|&t| Point::new(size * t.cos(), size * squash * t.sin()))
                .collect();
            if ring.len() < 3 {
                continue;
            }
            let r = size * [0.01, 0.1, 1.0, 10.0][case % 4];
            let max_step = [step(), 0.05, 0.3][case % 3];
            let grown = tangent_polygon(&ring, r, max_step);
            check(&ring, &grown, r, max_step);
        }
    }
}
