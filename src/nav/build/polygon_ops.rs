//! The thin layer over i_overlay: union, offset and difference of polygon sets in f64 points.
//! Every call uses the 64-bit integer engine, whose grid (about 2^-61 of the input's extent) is
//! finer than f64 spacing, so snapping never moves a vertex by a visible amount.

use crate::geom::{Point, signed_area};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::relate::FloatRelate;
use i_overlay::float::simplify::SimplifyShape;
use i_overlay::float::single::SingleFloatOverlay;
use i_overlay::i_float::float::compatible::FloatPointCompatible;
use i_overlay::mesh::float::outline::offset::OutlineOffset;
use i_overlay::mesh::float::style::{LineJoin, OutlineStyle};

/// A polygon with holes: the first contour is the outer boundary (counter-clockwise), the others
/// are holes (clockwise).
pub type Shape = Vec<Vec<Point>>;

impl FloatPointCompatible for Point {
    type Scalar = f64;

    fn from_xy(x: f64, y: f64) -> Self {
        Point::new(x, y)
    }

    fn x(&self) -> f64 {
        self.x
    }

    fn y(&self) -> f64 {
        self.y
    }
}

/// The region covered by the contours under the non-zero rule, as clean shapes.
pub fn union(contours: &[Vec<Point>]) -> Vec<Shape> {
    if contours.is_empty() {
        return Vec::new();
    }
    contours
        .to_vec()
        .simplify_shape_as::<i64>(FillRule::NonZero)
}

/// The union of a set of shapes (each already oriented: outer CCW, holes CW).
pub fn union_shapes(shapes: &[Shape]) -> Vec<Shape> {
    if shapes.is_empty() {
        return Vec::new();
    }
    shapes.to_vec().simplify_shape_as::<i64>(FillRule::NonZero)
}

/// `a` minus `b`, both read with the non-zero rule.
pub fn difference(a: &[Shape], b: &[Shape]) -> Vec<Shape> {
    if a.is_empty() || b.is_empty() {
        return a.to_vec();
    }
    a.to_vec()
        .overlay_as::<i64>(&b.to_vec(), OverlayRule::Difference, FillRule::NonZero)
}

/// Shapes offset by `distance` (negative shrinks) with round joins whose chord step is `step`
/// radians. i_overlay puts the arc points on the circle of radius |distance|, so chords cut
/// inside it by up to `|distance| * (1 - cos(step / 2))`.
pub fn outline(shapes: &[Shape], distance: f64, step: f64) -> Vec<Shape> {
    if shapes.is_empty() {
        return Vec::new();
    }
    let style = OutlineStyle::new(distance).line_join(LineJoin::Round(step));
    shapes.to_vec().outline_as::<i64>(&style)
}

/// The smallest and largest join step i_overlay accepts, in radians.
pub const MIN_STEP: f64 = 0.01 * std::f64::consts::PI;
pub const MAX_STEP: f64 = 0.25 * std::f64::consts::PI;

/// True when the interiors of two shapes overlap (touching boundaries do not count).
pub fn interiors_intersect(a: &Shape, b: &Shape) -> bool {
    a.interiors_intersect_as::<i64>(b)
}

/// Signed area of a set of shapes (holes count negative).
pub fn area(shapes: &[Shape]) -> f64 {
    shapes.iter().flatten().map(|c| signed_area(c)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Vec<Point> {
        vec![
            Point::new(x0, y0),
            Point::new(x1, y0),
            Point::new(x1, y1),
            Point::new(x0, y1),
        ]
    }

    #[test]
    fn union_merges_overlaps() {
        let shapes = union(&[rect(0.0, 0.0, 2.0, 2.0), rect(1.0, 1.0, 3.0, 2.0)]);
        assert_eq!(shapes.len(), 1);
        assert!((area(&shapes) - 5.0).abs() < 1e-9);
    }

    #[test]
    fn a_single_clockwise_ring_comes_out_counter_clockwise() {
        let mut cw = rect(1.0, 1.0, 3.0, 2.0);
        cw.reverse();
        let shapes = union(&[cw]);
        assert_eq!(shapes.len(), 1);
        assert!(signed_area(&shapes[0][0]) > 0.0);
    }

    #[test]
    fn difference_makes_a_hole() {
        let a = union(&[rect(0.0, 0.0, 10.0, 10.0)]);
        let b = union(&[rect(4.0, 4.0, 6.0, 6.0)]);
        let d = difference(&a, &b);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].len(), 2);
        assert!((area(&d) - 96.0).abs() < 1e-9);
    }

    #[test]
    fn negative_outline_shrinks() {
        let a = union(&[rect(0.0, 0.0, 10.0, 10.0)]);
        let s = outline(&a, -1.0, 0.2);
        assert!((area(&s) - 64.0).abs() < 1e-6);
    }
}
