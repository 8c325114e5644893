//! `Segment`: a straight line piece, with closest-point and segment-segment distance.

use super::{Point, Side, side_of};

/// The closed segment from `a` to `b`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    pub a: Point,
    pub b: Point,
}

impl Segment {
    pub const fn new(a: Point, b: Point) -> Self {
        Segment { a, b }
    }

    pub fn length(&self) -> f64 {
        self.a.distance(self.b)
    }

    /// The point of the segment nearest to `p`.
    pub fn closest_point(&self, p: Point) -> Point {
        let d = self.b - self.a;
        let len_sq = d.length_sq();
        if len_sq == 0.0 {
            return self.a;
        }
        let t = ((p - self.a).dot(d) / len_sq).clamp(0.0, 1.0);
        self.a.lerp(self.b, t)
    }

    pub fn distance_to_point(&self, p: Point) -> f64 {
        self.closest_point(p).distance(p)
    }

    /// True when the two closed segments share at least one point (decided exactly).
    pub fn intersects(&self, o: &Segment) -> bool {
        let d1 = side_of(o.a, o.b, self.a);
        let d2 = side_of(o.a, o.b, self.b);
        let d3 = side_of(self.a, self.b, o.a);
        let d4 = side_of(self.a, self.b, o.b);
        let opposite = |x: Side, y: Side| {
            matches!(
                (x, y),
                (Side::Left, Side::Right) | (Side::Right, Side::Left)
            )
        };
        if opposite(d1, d2) && opposite(d3, d4) {
            return true;
        }
        let on = |s: &Segment, p: Point, side: Side| side == Side::On && within_box(s, p);
        on(o, self.a, d1) || on(o, self.b, d2) || on(self, o.a, d3) || on(self, o.b, d4)
    }
}

fn within_box(s: &Segment, p: Point) -> bool {
    p.x >= s.a.x.min(s.b.x)
        && p.x <= s.a.x.max(s.b.x)
        && p.y >= s.a.y.min(s.b.y)
        && p.y <= s.a.y.max(s.b.y)
}

/// Shortest distance between two closed segments (0 when they touch or cross).
pub fn segment_distance(s: &Segment, o: &Segment) -> f64 {
    // Segments whose boxes are apart cannot meet: the exact test only when they overlap.
    let apart = s.a.x.max(s.b.x) < o.a.x.min(o.b.x)
        || o.a.x.max(o.b.x) < s.a.x.min(s.b.x)
        || s.a.y.max(s.b.y) < o.a.y.min(o.b.y)
        || o.a.y.max(o.b.y) < s.a.y.min(s.b.y);
    if !apart && s.intersects(o) {
        return 0.0;
    }
    // Squared, one root at the end (the same value: the root is monotone).
    let to = |s: &Segment, p: Point| s.closest_point(p).distance_sq(p);
    to(s, o.a)
        .min(to(s, o.b))
        .min(to(o, s.a))
        .min(to(o, s.b))
        .sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(ax: f64, ay: f64, bx: f64, by: f64) -> Segment {
        Segment::new(Point::new(ax, ay), Point::new(bx, by))
    }

    #[test]
    fn crossing_touching_and_apart() {
        assert!(seg(0.0, 0.0, 2.0, 2.0).intersects(&seg(0.0, 2.0, 2.0, 0.0)));
        assert!(seg(0.0, 0.0, 2.0, 0.0).intersects(&seg(2.0, 0.0, 3.0, 5.0)));
        assert!(seg(0.0, 0.0, 4.0, 0.0).intersects(&seg(1.0, 0.0, 2.0, 0.0)));
        assert!(!seg(0.0, 0.0, 1.0, 0.0).intersects(&seg(2.0, 0.0, 3.0, 0.0)));
        assert_eq!(
            segment_distance(&seg(0.0, 0.0, 1.0, 0.0), &seg(2.0, 0.0, 3.0, 0.0)),
            1.0
        );
        assert_eq!(
            segment_distance(&seg(0.0, 0.0, 4.0, 0.0), &seg(2.0, 3.0, 2.0, 1.0)),
            1.0
        );
    }

    #[test]
    fn closest_point_clamps_to_ends() {
        let s = seg(0.0, 0.0, 2.0, 0.0);
        assert_eq!(s.closest_point(Point::new(-1.0, 1.0)), Point::new(0.0, 0.0));
        assert_eq!(s.closest_point(Point::new(1.0, 1.0)), Point::new(1.0, 0.0));
        assert_eq!(
            seg(1.0, 1.0, 1.0, 1.0).distance_to_point(Point::new(1.0, 2.0)),
            1.0
        );
    }
}
