//! Exact orientation and in-circle predicates (Shewchuk's adaptive arithmetic via the `robust`
//! crate).

use super::Point;

/// Which side of a directed line a point lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Left,
    On,
    Right,
}

/// Twice the signed area of triangle `abc`, with an exact sign: positive when `a, b, c` turn
/// counter-clockwise (c is left of a->b), zero when collinear.
pub fn orient(a: Point, b: Point, c: Point) -> f64 {
    robust::orient2d(
        robust::Coord { x: a.x, y: a.y },
        robust::Coord { x: b.x, y: b.y },
        robust::Coord { x: c.x, y: c.y },
    )
}

/// Positive when `d` lies strictly inside the circle through the counter-clockwise triangle
/// `abc`, negative when outside, zero when the four points are cocircular; the sign is exact.
pub fn in_circle(a: Point, b: Point, c: Point, d: Point) -> f64 {
    let coord = |p: Point| robust::Coord { x: p.x, y: p.y };
    robust::incircle(coord(a), coord(b), coord(c), coord(d))
}

/// The side of the directed line `a -> b` that `p` lies on, decided exactly.
pub fn side_of(a: Point, b: Point, p: Point) -> Side {
    let o = orient(a, b, p);
    if o > 0.0 {
        Side::Left
    } else if o < 0.0 {
        Side::Right
    } else {
        Side::On
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ccw_is_positive() {
        let (a, b) = (Point::new(0.0, 0.0), Point::new(1.0, 0.0));
        assert_eq!(side_of(a, b, Point::new(0.5, 1.0)), Side::Left);
        assert_eq!(side_of(a, b, Point::new(0.5, -1.0)), Side::Right);
        assert_eq!(side_of(a, b, Point::new(7.0, 0.0)), Side::On);
    }

    #[test]
    fn in_circle_sign() {
        let (a, b, c) = (
            Point::new(0.0, 0.0),
            Point::new(2.0, 0.0),
            Point::new(0.0, 2.0),
        );
        assert!(in_circle(a, b, c, Point::new(1.0, 1.0)) > 0.0);
        assert!(in_circle(a, b, c, Point::new(3.0, 3.0)) < 0.0);
        assert_eq!(in_circle(a, b, c, Point::new(2.0, 2.0)), 0.0);
    }

    #[test]
    fn exact_for_nearly_collinear_points() {
        let a = Point::new(0.1, 0.1);
        let b = Point::new(0.3, 0.3);
        let c = Point::new(0.7, 0.7 + 1e-17);
        // The naive cross product rounds to zero or the wrong sign here; the exact one does not.
        assert_eq!(
            side_of(a, b, c),
            side_of(a, b, Point::new(0.7, 0.7 + 1e-17))
        );
        assert_eq!(side_of(a, b, Point::new(0.7, 0.7)), Side::On);
    }
}
