//! The corner-offset funnel (the "non-point agents" method of the agent-offset seed): the point
//! funnel on the raw corridor, with every corner pushed out by r along its vertex normal. It is
//! the naive form designers meet in the wild, shown for comparison: its clearance is measured,
//! not promised, since the straight legs between pushed corners can cut closer than r to a wall.
//! ```text
//!   prev ------- V            left-side corner V (the wall runs prev -> V -> next as seen
//!                |\           walking): the normal bisects the two wall directions, turned
//!                | \          towards the corridor (right of the left wall, left of the right
//!                |  * V + r n wall); the path goes through V + r n instead of V.
//!              next
//! ```

use super::funnel::funnel_ends;
use crate::geom::Point;
use crate::nav::search::corridor::{Hand, Portal, PortalEnd};

/// The offset path through `portals` (first = start, last = goal) for radius `radius`.
/// `outer` holds a wall corner just outside the corridor's first portal and one just outside its
/// last portal (see [`loose_corners`](crate::nav::search::corridor::Corridor::loose_corners)), which end the side chains.
pub fn offset_path(portals: &[Portal], outer: (Point, Point), radius: f64) -> Vec<Point> {
    offset_path_among(portals, outer, radius, &|_| true)
}

/// [`offset_path`] where only the funnel corners `is_corner` accepts are wall corners offset by
/// the radius; the others (vertices of cost-area outlines) stay where they are.
pub fn offset_path_among(
    portals: &[Portal],
    outer: (Point, Point),
    radius: f64,
    is_corner: &dyn Fn(Point) -> bool,
) -> Vec<Point> {
    let ends = funnel_ends(portals);
    let last = ends.len().saturating_sub(1);
    ends.iter()
        .enumerate()
        .map(|(i, &e)| {
            let p = portals[e.portal].end(e.hand);
            if i == 0 || i == last || !is_corner(p) {
                p
            } else {
                p + normal(portals, e, outer) * radius
            }
        })
        .collect()
}

/// The unit vertex normal of a corner, pointing into the corridor (zero if undefined).
fn normal(portals: &[Portal], corner: PortalEnd, (before, after): (Point, Point)) -> Point {
    let v = portals[corner.portal].end(corner.hand);
    let inner = 1..portals.len().saturating_sub(1);
    let side = |k: usize| portals[k].end(corner.hand);
    let prev = (inner.start..corner.portal)
        .rev()
        .map(side)
        .find(|&p| p != v)
        .unwrap_or(before);
    let next = (corner.portal + 1..inner.end)
        .map(side)
        .find(|&p| p != v)
        .unwrap_or(after);
    let (d_in, d_out) = ((v - prev).normalized(), (next - v).normalized());
    let along = match (d_in, d_out) {
        (Some(a), Some(b)) => (a + b).normalized().unwrap_or(a),
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => return Point::ZERO,
    };
    match corner.hand {
        Hand::Left => Point::new(along.y, -along.x),
        Hand::Right => along.perp(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_moves_along_its_normal() {
        // Turning left round the corner (5, 1) of a wall running east then north.
        let p = |x, y| Point::new(x, y);
        let s = p(0.0, 0.0);
        let g = p(8.0, 10.0);
        let portals = [
            Portal { left: s, right: s },
            Portal {
                left: p(5.0, 1.0),
                right: p(5.0, -3.0),
            },
            Portal {
                left: p(5.0, 1.0),
                right: p(9.0, -3.0),
            },
            Portal {
                left: p(5.0, 1.0),
                right: p(9.0, 5.0),
            },
            Portal { left: g, right: g },
        ];
        let path = offset_path(&portals, (p(0.0, 1.0), p(5.0, 10.0)), 0.5);
        assert_eq!(path.len(), 3);
        // prev (0, 1) -> V (5, 1) -> next (5, 10): directions east and north, bisector
        // north-east, turned right (into the corridor): south-east.
        let h = 0.5 / 2f64.sqrt();
        assert!(path[1].distance(p(5.0 + h, 1.0 - h)) < 1e-12, "{}", path[1]);
        assert_eq!((path[0], path[2]), (s, g));
    }
}
