//! `Ring`: a closed polygon boundary stored without repeating its first point.

use super::{Aabb, Point, Segment};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// A closed ring of points (the closing edge from the last point back to the first is implied).
/// Orientation is free in files; counter-clockwise rings have positive [`signed_area`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Ring(pub Vec<Point>);

/// Shoelace area of a closed ring: positive when counter-clockwise.
pub fn signed_area(points: &[Point]) -> f64 {
    let n = points.len();
    if n < 3 {
        return 0.0;
    }
    let o = points[0];
    let mut twice = 0.0;
    for i in 1..n - 1 {
        twice += (points[i] - o).cross(points[i + 1] - o);
    }
    0.5 * twice
}

impl Ring {
    pub fn new(points: Vec<Point>) -> Self {
        Ring(points)
    }

    pub fn points(&self) -> &[Point] {
        &self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn signed_area(&self) -> f64 {
        signed_area(&self.0)
    }

    pub fn aabb(&self) -> Aabb {
        Aabb::from_points(self.0.iter().copied())
    }

    /// The ring's edges, including the closing one.
    pub fn edges(&self) -> impl Iterator<Item = Segment> + '_ {
        let n = self.0.len();
        (0..n).map(move |i| Segment::new(self.0[i], self.0[(i + 1) % n]))
    }

    /// Non-zero winding containment (points on the boundary may go either way).
    pub fn contains(&self, p: Point) -> bool {
        winding_number(&self.0, p) != 0
    }

    /// Number of distinct points (bitwise), counted up to `cap`: in one pass without sorting
    /// (validation asks whether a ring has 3 on every edit of a big map).
    pub fn distinct_points_up_to(&self, cap: usize) -> usize {
        let mut seen: SmallVec<[(u64, u64); 3]> = SmallVec::new();
        for p in &self.0 {
            if seen.len() == cap {
                break;
            }
            let bits = (p.x.to_bits(), p.y.to_bits());
            if !seen.contains(&bits) {
                seen.push(bits);
            }
        }
        seen.len()
    }

    /// The same ring translated by `d`.
    pub fn translated(&self, d: Point) -> Ring {
        Ring(self.0.iter().map(|&p| p + d).collect())
    }
}

/// Winding number of a closed ring around `p` (Sunday's crossing rule).
pub fn winding_number(points: &[Point], p: Point) -> i32 {
    let n = points.len();
    let mut w = 0;
    for i in 0..n {
        let a = points[i];
        let b = points[(i + 1) % n];
        if a.y <= p.y {
            if b.y > p.y && super::orient(a, b, p) > 0.0 {
                w += 1;
            }
        } else if b.y <= p.y && super::orient(a, b, p) < 0.0 {
            w -= 1;
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Ring {
        Ring::new(vec![
            Point::new(0.0, 0.0),
            Point::new(2.0, 0.0),
            Point::new(2.0, 2.0),
            Point::new(0.0, 2.0),
        ])
    }

    #[test]
    fn area_sign_follows_orientation() {
        assert_eq!(square().signed_area(), 4.0);
        let mut cw = square();
        cw.0.reverse();
        assert_eq!(cw.signed_area(), -4.0);
    }

    #[test]
    fn containment_in_either_orientation() {
        let mut r = square();
        assert!(r.contains(Point::new(1.0, 1.0)));
        assert!(!r.contains(Point::new(3.0, 1.0)));
        r.0.reverse();
        assert!(r.contains(Point::new(1.0, 1.0)));
    }

    #[test]
    fn distinct_points_ignores_repeats() {
        let r = Ring::new(vec![
            Point::new(0.0, 0.0),
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
        ]);
        assert_eq!(r.distinct_points_up_to(3), 2);
        assert_eq!(r.distinct_points_up_to(1), 1);
        let signed_zero = Ring::new(vec![
            Point::new(0.0, 0.0),
            Point::new(-0.0, 0.0),
            Point::new(0.0, 0.0),
            Point::new(1.0, 1.0),
        ]);
        assert_eq!(signed_zero.distinct_points_up_to(3), 3);
        assert_eq!(signed_zero.distinct_points_up_to(2), 2);
    }
}
