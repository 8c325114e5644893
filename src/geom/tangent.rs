//! Tangent segments between circles that a path wraps, and the arcs that join them.
//!
//! A [`Circle`] carries the way a path goes round it: [`Wrap::Ccw`] keeps the circle on the path's
//! left (the path turns counter-clockwise around it), [`Wrap::Cw`] on its right. A point is a
//! circle of radius 0. The tangent from one circle to the next touches each on its own wrap side,
//! so two circles with the same wrap are joined by an OUTER tangent and two with opposite wraps
//! by an INNER one (it crosses between them):
//! ```text
//!   outer (Ccw -> Ccw): both on the left        inner (Ccw -> Cw): left, then right
//!
//!      .-.          .-.                            .-.
//!     ( a )        ( b )                          ( a )
//!      `*'----------`*'---->                       `*'.
//!                                                      `-.  .-.
//!                                                         `*( b )
//!                                                            `-'  ->
//! ```
//! The segment runs from the touching point on `a` to the touching point on `b`; an outer tangent
//! exists unless one circle lies inside the other, an inner one only when the circles are apart.

use super::{Arc, Point, Segment};
use std::f64::consts::TAU;

/// The way a path goes round a circle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wrap {
    /// Counter-clockwise: the circle is on the path's left.
    Ccw,
    /// Clockwise: the circle is on the path's right.
    Cw,
}

impl Wrap {
    /// +1 for counter-clockwise, -1 for clockwise: the side of the path the circle lies on, as
    /// the sign of a left normal.
    pub fn sign(self) -> f64 {
        match self {
            Wrap::Ccw => 1.0,
            Wrap::Cw => -1.0,
        }
    }
}

/// A circle a path wraps in a given direction (radius 0 for a point).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    pub center: Point,
    pub radius: f64,
    pub wrap: Wrap,
}

/// Sweeps closer than this to a full turn are taken as rounding noise around zero.
const FULL_TURN_SLACK: f64 = 1e-9;

impl Circle {
    pub fn new(center: Point, radius: f64, wrap: Wrap) -> Self {
        Circle {
            center,
            radius,
            wrap,
        }
    }

    /// A point as a circle of radius 0.
    pub fn point(p: Point) -> Self {
        Circle {
            center: p,
            radius: 0.0,
            wrap: Wrap::Ccw,
        }
    }

    /// The arc of this circle from `from` to `to` (both on the circle) in the wrap direction:
    /// a sweep in [0, 2pi) counter-clockwise, or in (-2pi, 0] clockwise. A sweep within rounding
    /// noise of a full turn is zero (the two points coincide).
    pub fn arc(&self, from: Point, to: Point) -> Arc {
        let a0 = (from - self.center).angle();
        let a1 = (to - self.center).angle();
        let turn = match self.wrap {
            Wrap::Ccw => (a1 - a0).rem_euclid(TAU),
            Wrap::Cw => (a0 - a1).rem_euclid(TAU),
        };
        let turn = if turn > TAU - FULL_TURN_SLACK {
            0.0
        } else {
            turn
        };
        Arc {
            center: self.center,
            radius: self.radius,
            start_angle: a0,
            sweep: self.wrap.sign() * turn,
        }
    }

    /// True when the segment passes this circle on the wrong side or cuts into it: it comes
    /// closer to the centre than the radius (less a relative `slack`), or it runs past the centre
    /// (the centre projects strictly inside it) with the centre on the side opposite the wrap.
    pub fn blocks(&self, s: &Segment, slack: f64) -> bool {
        if self.radius <= 0.0 {
            return false;
        }
        if s.distance_to_point(self.center) < self.radius * (1.0 - slack) {
            return true;
        }
        let d = s.b - s.a;
        let t = (self.center - s.a).dot(d);
        let passes = t > 0.0 && t < d.length_sq();
        passes && d.cross(self.center - s.a) * self.wrap.sign() < 0.0
    }
}

/// A directed tangent: from the touching point on the first circle to the one on the second,
/// with its unit direction (defined even when the two points coincide).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tangent {
    pub from: Point,
    pub to: Point,
    pub dir: Point,
}

impl Tangent {
    pub fn segment(&self) -> Segment {
        Segment::new(self.from, self.to)
    }

    pub fn length(&self) -> f64 {
        self.from.distance(self.to)
    }
}

/// The tangent leaving `from` and arriving at `to`, touching each on its wrap side (outer
/// tangent for equal wraps, inner for opposite ones). `None` when it does not exist: the centres
/// coincide, one circle lies inside the other (outer), or the circles overlap (inner).
pub fn tangent(from: &Circle, to: &Circle) -> Option<Tangent> {
    let d = to.center - from.center;
    let len_sq = d.length_sq();
    if len_sq == 0.0 || !len_sq.is_finite() {
        return None;
    }
    // The segment's left normal n satisfies n . (c2 - c1) = delta: each centre lies at signed
    // distance sign * radius from the line.
    let (s1, s2) = (from.wrap.sign() * from.radius, to.wrap.sign() * to.radius);
    let delta = s2 - s1;
    let h_sq = len_sq - delta * delta;
    let h = if h_sq >= 0.0 {
        h_sq.sqrt()
    } else if h_sq > -1e-12 * len_sq {
        0.0 // tangent at a touching point, lost to rounding
    } else {
        return None;
    };
    let u = (d * h - d.perp() * delta) * (1.0 / len_sq);
    let n = u.perp();
    Some(Tangent {
        from: from.center - n * s1,
        to: to.center - n * s2,
        dir: u,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(x: f64, y: f64, r: f64, wrap: Wrap) -> Circle {
        Circle::new(Point::new(x, y), r, wrap)
    }

    fn close(a: Point, b: Point) -> bool {
        a.distance(b) < 1e-12
    }

    /// A tangent touches each circle once, perpendicular to the radius, on the wrap side.
    fn check(from: &Circle, to: &Circle, t: &Tangent) {
        let dir = t.dir;
        assert!((dir.length() - 1.0).abs() < 1e-12);
        if t.length() > 0.0 {
            assert!((t.to - t.from).normalized().unwrap().distance(dir) < 1e-12);
        }
        for (circle, p) in [(from, t.from), (to, t.to)] {
            assert!((p.distance(circle.center) - circle.radius).abs() < 1e-12);
            if circle.radius > 0.0 {
                assert!(
                    (p - circle.center).dot(dir).abs() < 1e-12,
                    "not perpendicular"
                );
                let side = dir.cross(circle.center - p) * circle.wrap.sign();
                assert!(side > 0.0, "circle on the wrong side");
            }
        }
    }

    #[test]
    fn outer_tangent_of_equal_circles_is_parallel() {
        let (a, b) = (c(0.0, 0.0, 1.0, Wrap::Ccw), c(10.0, 0.0, 1.0, Wrap::Ccw));
        let s = tangent(&a, &b).unwrap();
        assert!(close(s.from, Point::new(0.0, -1.0)) && close(s.to, Point::new(10.0, -1.0)));
        check(&a, &b, &s);
        let (a, b) = (c(0.0, 0.0, 1.0, Wrap::Cw), c(10.0, 0.0, 1.0, Wrap::Cw));
        let s = tangent(&a, &b).unwrap();
        assert!(close(s.from, Point::new(0.0, 1.0)) && close(s.to, Point::new(10.0, 1.0)));
    }

    #[test]
    fn outer_tangent_of_overlapping_and_unequal_circles() {
        let (a, b) = (c(0.0, 0.0, 1.0, Wrap::Ccw), c(0.5, 0.0, 1.0, Wrap::Ccw));
        check(&a, &b, &tangent(&a, &b).unwrap());
        let (a, b) = (c(0.0, 0.0, 2.0, Wrap::Cw), c(5.0, 1.0, 0.5, Wrap::Cw));
        check(&a, &b, &tangent(&a, &b).unwrap());
        // One circle inside the other: no outer tangent.
        assert!(tangent(&c(0.0, 0.0, 2.0, Wrap::Ccw), &c(0.5, 0.0, 1.0, Wrap::Ccw)).is_none());
    }

    #[test]
    fn inner_tangent_crosses_between() {
        let (a, b) = (c(0.0, 0.0, 1.0, Wrap::Ccw), c(10.0, 0.0, 1.0, Wrap::Cw));
        let s = tangent(&a, &b).unwrap();
        check(&a, &b, &s);
        let h = 96f64.sqrt() / 10.0;
        assert!(close(s.from, Point::new(0.2, -h)) && close(s.to, Point::new(9.8, h)));
        // The segment crosses the line of centres halfway.
        assert!(s.from.y < 0.0 && s.to.y > 0.0);
        let (a, b) = (c(0.0, 0.0, 1.0, Wrap::Cw), c(3.0, 4.0, 2.0, Wrap::Ccw));
        check(&a, &b, &tangent(&a, &b).unwrap());
        // Overlapping circles have no inner tangent; touching ones have one through the contact.
        assert!(tangent(&c(0.0, 0.0, 1.0, Wrap::Ccw), &c(1.5, 0.0, 1.0, Wrap::Cw)).is_none());
        let s = tangent(&c(0.0, 0.0, 1.0, Wrap::Ccw), &c(2.0, 0.0, 1.0, Wrap::Cw)).unwrap();
        assert!(close(s.from, Point::new(1.0, 0.0)) && close(s.to, Point::new(1.0, 0.0)));
    }

    #[test]
    fn point_circle_tangents() {
        let p = Circle::point(Point::new(0.0, 0.0));
        let ccw = c(2.0, 0.0, 1.0, Wrap::Ccw);
        let s = tangent(&p, &ccw).unwrap();
        check(&p, &ccw, &s);
        assert!(close(s.from, p.center));
        assert!(close(s.to, Point::new(1.5, -(0.75f64).sqrt())));
        let cw = c(2.0, 0.0, 1.0, Wrap::Cw);
        let s = tangent(&cw, &Circle::point(Point::new(0.0, 5.0))).unwrap();
        check(&cw, &Circle::point(Point::new(0.0, 5.0)), &s);
        // From a point on the circle the tangent starts right there; from inside there is none.
        let s = tangent(&Circle::point(Point::new(1.0, 0.0)), &ccw).unwrap();
        assert!(close(s.to, Point::new(1.0, 0.0)));
        assert!(tangent(&Circle::point(Point::new(1.5, 0.0)), &ccw).is_none());
        // Point to point is the plain segment.
        let s = tangent(&p, &Circle::point(Point::new(3.0, 4.0))).unwrap();
        assert!(close(s.to, Point::new(3.0, 4.0)));
        assert!(tangent(&p, &p).is_none());
    }

    #[test]
    fn arcs_follow_the_wrap() {
        let ccw = c(0.0, 0.0, 1.0, Wrap::Ccw);
        let a = ccw.arc(Point::new(1.0, 0.0), Point::new(0.0, 1.0));
        assert!((a.sweep - std::f64::consts::FRAC_PI_2).abs() < 1e-12);
        let a = ccw.arc(Point::new(0.0, 1.0), Point::new(1.0, 0.0));
        assert!((a.sweep - 1.5 * std::f64::consts::PI).abs() < 1e-12);
        let cw = c(0.0, 0.0, 1.0, Wrap::Cw);
        let a = cw.arc(Point::new(1.0, 0.0), Point::new(0.0, 1.0));
        assert!((a.sweep + 1.5 * std::f64::consts::PI).abs() < 1e-12);
        // The same point (up to rounding) is a zero sweep, never a full turn.
        let p = Point::from_angle(0.3);
        let q = Point::from_angle(0.3 - 1e-15);
        assert_eq!(ccw.arc(p, q).sweep, 0.0);
        assert_eq!(cw.arc(q, p).sweep, 0.0);
    }

    #[test]
    fn blocking_circles() {
        let s = Segment::new(Point::new(0.0, 0.0), Point::new(10.0, 0.0));
        // Too close, on either side.
        assert!(c(5.0, 0.5, 1.0, Wrap::Ccw).blocks(&s, 1e-9));
        // Far enough and on its wrap side: fine; on the other side: passed wrongly.
        assert!(!c(5.0, 2.0, 1.0, Wrap::Ccw).blocks(&s, 1e-9));
        assert!(c(5.0, -2.0, 1.0, Wrap::Ccw).blocks(&s, 1e-9));
        assert!(!c(5.0, -2.0, 1.0, Wrap::Cw).blocks(&s, 1e-9));
        // Beyond the end of the segment the side does not matter.
        assert!(!c(12.0, -2.0, 1.0, Wrap::Ccw).blocks(&s, 1e-9));
        // Touching (a tangent) is not blocking.
        assert!(!c(5.0, 1.0, 1.0, Wrap::Ccw).blocks(&s, 1e-9));
        assert!(!Circle::point(Point::new(5.0, 0.0)).blocks(&s, 1e-9));
    }
}
