//! A box turned along the chord of a run of points (from its first point to its last), holding
//! every point of the run. A run along a gentle curve lies in a thin one, where an axis-aligned
//! box is as thick as the run is long; the box of two consecutive runs is made from theirs in
//! constant time, a little looser than the runs' own (by about a third of the sag at most).

use super::{Aabb, Point};

/// A box along the chord of a run of points: every point is `origin + u along + w across`
/// with `u` in `u`, `w` in `w` (`across` is `along` turned a quarter counter-clockwise).
#[derive(Clone, Copy, Debug)]
pub struct ChordBox {
    origin: Point,
    end: Point,
    along: Point,
    u: (f64, f64),
    w: (f64, f64),
}

impl ChordBox {
    /// The box of `points`, a run from its first to its last point (at least one point).
    pub fn of_run(points: &[Point]) -> ChordBox {
        let (origin, end) = (points[0], points[points.len() - 1]);
        Self::holding(origin, end, points.iter().copied())
    }

    /// The box of the run of `self` followed by the run of `next`.
    pub fn then(&self, next: &ChordBox) -> ChordBox {
        let corners = [self, next].into_iter().flat_map(|b| b.corners());
        Self::holding(self.origin, next.end, corners)
    }

    /// The box along `origin -> end` holding `points`, widened by a bound on the rounding of
    /// the projections, so that it holds every point for certain.
    fn holding(origin: Point, end: Point, points: impl Iterator<Item = Point>) -> ChordBox {
        let along = (end - origin).normalized().unwrap_or(Point::new(1.0, 0.0));
        let across = along.perp();
        let (mut u, mut w) = (
            (f64::INFINITY, f64::NEG_INFINITY),
            (f64::INFINITY, f64::NEG_INFINITY),
        );
        let mut scale = origin.x.abs() + origin.y.abs();
        for p in points {
            let d = p - origin;
            let (pu, pw) = (d.dot(along), d.dot(across));
            u = (u.0.min(pu), u.1.max(pu));
            w = (w.0.min(pw), w.1.max(pw));
            scale = scale.max(p.x.abs() + p.y.abs());
        }
        let slack = 1e-13 * scale;
        ChordBox {
            origin,
            end,
            along,
            u: (u.0 - slack, u.1 + slack),
            w: (w.0 - slack, w.1 + slack),
        }
    }

    fn corner(&self, u: f64, w: f64) -> Point {
        self.origin + self.along * u + self.along.perp() * w
    }

    /// The corners of the box, counter-clockwise.
    pub fn corners(&self) -> [Point; 4] {
        [
            self.corner(self.u.0, self.w.0),
            self.corner(self.u.1, self.w.0),
            self.corner(self.u.1, self.w.1),
            self.corner(self.u.0, self.w.1),
        ]
    }

    /// `p` in the box's frame: (along, across) from its origin.
    pub fn to_frame(&self, p: Point) -> Point {
        let d = p - self.origin;
        Point::new(d.dot(self.along), d.dot(self.along.perp()))
    }

    /// The box in its own frame (see [`ChordBox::to_frame`]).
    pub fn in_frame(&self) -> Aabb {
        Aabb {
            min: Point::new(self.u.0, self.w.0),
            max: Point::new(self.u.1, self.w.1),
        }
    }

    /// The corner of the box where `m . p` is least.
    pub fn lowest(&self, m: Point) -> Point {
        let (mu, mw) = (m.dot(self.along), m.dot(self.along.perp()));
        self.corner(
            if mu > 0.0 { self.u.0 } else { self.u.1 },
            if mw > 0.0 { self.w.0 } else { self.w.1 },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::f64::consts::TAU;

    /// Every point of a run lies in the box made of its halves' boxes, and no further below a
    /// line than the box's lowest corner.
    #[test]
    fn a_joined_box_holds_its_runs_and_its_lowest_corner_bounds_them() {
        let mut rng = Rng::new(11);
        for _ in 0..200 {
            let (c, r) = (
                Point::new(rng.range(-1e3, 1e3), rng.range(-1e3, 1e3)),
                rng.range(0.1, 50.0),
            );
            let (a0, step) = (rng.range(0.0, TAU), rng.range(1e-5, 0.05));
            let run: Vec<Point> = (0..64)
                .map(|k| c + Point::from_angle(a0 + step * k as f64) * (r + rng.range(0.0, 1e-3)))
                .collect();
            let joined = ChordBox::of_run(&run[..20]).then(&ChordBox::of_run(&run[20..]));
            for _ in 0..20 {
                let m = Point::from_angle(rng.range(0.0, TAU));
                let low = m.dot(joined.lowest(m));
                assert!(
                    run.iter().all(|p| m.dot(*p) >= low),
                    "a point below the box"
                );
            }
        }
    }

    /// Along a gentle arc, slanted across the axes, the box is thin: its thickness is the
    /// arc's sag (6 (1 - cos 0.05) = 0.0075 for this one, 0.6 long) and a third more at most.
    #[test]
    fn the_box_of_a_gentle_arc_is_thin() {
        let run: Vec<Point> = (0..1000)
            .map(|k| Point::from_angle(TAU / 8.0 + 1e-4 * k as f64) * 6.0)
            .collect();
        let b = ChordBox::of_run(&run[..500]).then(&ChordBox::of_run(&run[500..]));
        let sag = 6.0 * (1.0 - 0.05f64.cos());
        assert!(b.w.1 - b.w.0 < sag * 4.0 / 3.0, "{b:?}");
        assert!(b.w.1 - b.w.0 >= sag * 0.999, "{b:?}");
    }
}
