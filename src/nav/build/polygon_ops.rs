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
use i_overlay::mesh::float::stroke::offset::StrokeOffset;
use i_overlay::mesh::float::style::{LineJoin, OutlineStyle, StrokeStyle};

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
    filled(contours, false)
}

/// The region the contours fill under the even-odd rule (`even_odd`) or the non-zero rule,
/// as clean shapes.
pub fn filled(contours: &[Vec<Point>], even_odd: bool) -> Vec<Shape> {
    if contours.is_empty() {
        return Vec::new();
    }
    let rule = if even_odd {
        FillRule::EvenOdd
    } else {
        FillRule::NonZero
    };
    contours.to_vec().simplify_shape_as::<i64>(rule)
}

/// The common part of `a` and `b`, both read with the non-zero rule.
pub fn intersection(a: &[Shape], b: &[Shape]) -> Vec<Shape> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    a.to_vec()
        .overlay_as::<i64>(&b.to_vec(), OverlayRule::Intersect, FillRule::NonZero)
}

/// The rings of simple polygons, without holes, that together cover `shape` and meet only
/// along their edges: the shape cut by a vertical line through every hole (a ring round a
/// hole would cross that hole's line). A shape without holes is its outer ring.
pub fn without_holes(shape: &Shape) -> Vec<Vec<Point>> {
    let Some((outer, holes)) = shape.split_first() else {
        return Vec::new();
    };
    if holes.is_empty() {
        return vec![outer.clone()];
    }
    let bounds = crate::geom::Aabb::from_points(outer.iter().copied()).expanded(1.0);
    let mut cuts: Vec<f64> = (holes.iter())
        .map(|h| crate::geom::Aabb::from_points(h.iter().copied()).center().x)
        .collect();
    cuts.sort_by(f64::total_cmp);
    cuts.dedup();
    let edges = std::iter::once(bounds.min.x)
        .chain(cuts)
        .chain(std::iter::once(bounds.max.x));
    let edges: Vec<f64> = edges.collect();
    let whole = std::slice::from_ref(shape);
    (edges.windows(2))
        .flat_map(|w| {
            let slab = vec![vec![
                Point::new(w[0], bounds.min.y),
                Point::new(w[1], bounds.min.y),
                Point::new(w[1], bounds.max.y),
                Point::new(w[0], bounds.max.y),
            ]];
            intersection(whole, &[slab])
        })
        .flat_map(|piece| piece.into_iter().take(1))
        .collect()
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

/// The band within `distance` of the closed rings' segments, with round joins of chord step
/// `step` radians (arc points on the circle of radius `distance`, as in [`outline`]).
pub fn stroke(rings: Vec<Vec<Point>>, distance: f64, step: f64) -> Vec<Shape> {
    if rings.is_empty() {
        return Vec::new();
    }
    let style = StrokeStyle::new(2.0 * distance).line_join(LineJoin::Round(step));
    rings.stroke_as::<i64>(style, true)
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
    fn a_shape_with_holes_is_cut_into_pieces_without_holes() {
        let field = union(&[rect(0.0, 0.0, 10.0, 10.0)]);
        let holes = union(&[rect(2.0, 2.0, 4.0, 8.0), rect(6.0, 3.0, 8.0, 4.0)]);
        let shape = &difference(&field, &holes)[0];
        assert_eq!(shape.len(), 3);
        let pieces = without_holes(shape);
        assert!(pieces.len() >= 3, "{pieces:?}");
        let total: f64 = pieces.iter().map(|p| signed_area(p)).sum();
        assert!((total - (100.0 - 12.0 - 2.0)).abs() < 1e-9, "{total}");
        // Painted one after another they cover the shape and nothing of its holes.
        for hole_point in [Point::new(3.0, 5.0), Point::new(7.0, 3.5)] {
            assert!(
                pieces
                    .iter()
                    .all(|p| crate::geom::winding_number(p, hole_point) == 0)
            );
        }
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
