//! The simple stupid funnel algorithm (Mononen, 2010), restart-on-corner form: the shortest path
//! through a sequence of portals. Sides are decided with exact orientation tests.
//! ```text
//!        left           The funnel is the apex and two rays through the current left and
//!    \     |     /      right points. A new portal point tightens its side if it lies inside
//!     \    |    /       the funnel; if it crosses the other side, that side's point becomes a
//!      \   |   /        corner of the path, the apex moves there and the scan restarts just
//!       \  |  /         after the portal that set it.
//!        apex
//! ```

use super::corridor::Portal;
use crate::geom::{Point, orient};

/// String-pulls a portal sequence (first portal = start point, last = goal point) into the
/// corner points of the shortest path through it: start, corners, goal, with no point repeated.
pub fn string_pull(portals: &[Portal]) -> Vec<Point> {
    let Some(first) = portals.first() else {
        return Vec::new();
    };
    let mut path = vec![first.left];
    let mut apex = first.left;
    let (mut left, mut right) = (first.left, first.right);
    let (mut left_index, mut right_index) = (0usize, 0usize);
    let mut i = 1;
    while i < portals.len() {
        let p = portals[i];
        // Right side: p.right tightens the funnel if it is not to the right of the right ray.
        if orient(apex, right, p.right) >= 0.0 {
            if apex == right || orient(apex, left, p.right) < 0.0 {
                right = p.right;
                right_index = i;
            } else {
                // Right crosses over left: left becomes a corner.
                push_distinct(&mut path, left);
                apex = left;
                right = left;
                right_index = left_index;
                i = left_index + 1;
                continue;
            }
        }
        // Left side, mirrored.
        if orient(apex, left, p.left) <= 0.0 {
            if apex == left || orient(apex, right, p.left) > 0.0 {
                left = p.left;
                left_index = i;
            } else {
                push_distinct(&mut path, right);
                apex = right;
                left = right;
                left_index = right_index;
                i = right_index + 1;
                continue;
            }
        }
        i += 1;
    }
    if let Some(last) = portals.last() {
        push_distinct(&mut path, last.left);
    }
    path
}

fn push_distinct(path: &mut Vec<Point>, p: Point) {
    if path.last() != Some(&p) {
        path.push(p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::invariants::{check_no_repeats, polyline_length, shortest_through_portals};

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    fn portal(l: Point, r: Point) -> Portal {
        Portal { left: l, right: r }
    }

    fn with_ends(start: Point, inner: &[(Point, Point)], goal: Point) -> Vec<Portal> {
        let mut v = vec![portal(start, start)];
        v.extend(inner.iter().map(|&(l, r)| portal(l, r)));
        v.push(portal(goal, goal));
        v
    }

    fn check(portals: &[Portal]) -> Vec<Point> {
        let path = string_pull(portals);
        assert_eq!(path.first(), Some(&portals[0].left));
        assert_eq!(path.last(), Some(&portals[portals.len() - 1].left));
        check_no_repeats(&path).unwrap();
        let best = shortest_through_portals(portals);
        assert!(
            (polyline_length(&path) - best).abs() <= 1e-12 * best.max(1.0),
            "{path:?} vs {best}"
        );
        path
    }

    #[test]
    fn same_triangle_is_a_straight_line() {
        assert_eq!(
            check(&with_ends(p(0.0, 0.0), &[], p(3.0, 4.0))),
            vec![p(0.0, 0.0), p(3.0, 4.0)]
        );
    }

    #[test]
    fn start_equals_goal_is_one_point() {
        assert_eq!(
            string_pull(&with_ends(p(1.0, 1.0), &[], p(1.0, 1.0))),
            vec![p(1.0, 1.0)]
        );
    }

    #[test]
    fn straight_corridor_has_no_corners() {
        // Walking +x: left is +y.
        let inner: Vec<_> = (1..5)
            .map(|i| (p(i as f64, 1.0), p(i as f64, -1.0)))
            .collect();
        assert_eq!(check(&with_ends(p(0.0, 0.0), &inner, p(5.0, 0.0))).len(), 2);
    }

    #[test]
    fn turns_around_a_right_corner() {
        // Corridor going +x then the goal is far down-right: the right end (2,-1) is a corner.
        let inner = [(p(1.0, 1.0), p(1.0, -1.0)), (p(2.0, 1.0), p(2.0, -1.0))];
        let path = check(&with_ends(p(0.0, 0.0), &inner, p(3.0, -10.0)));
        assert_eq!(path, vec![p(0.0, 0.0), p(2.0, -1.0), p(3.0, -10.0)]);
    }

    #[test]
    fn turns_around_a_left_corner() {
        let inner = [(p(1.0, 1.0), p(1.0, -1.0)), (p(2.0, 1.0), p(2.0, -1.0))];
        let path = check(&with_ends(p(0.0, 0.0), &inner, p(3.0, 10.0)));
        assert_eq!(path, vec![p(0.0, 0.0), p(2.0, 1.0), p(3.0, 10.0)]);
    }

    #[test]
    fn start_on_a_portal_endpoint() {
        // The start is the left end of the first two portals (a fan around it).
        let s = p(0.0, 1.0);
        let inner = [
            (s, p(1.0, -1.0)),
            (s, p(2.0, -1.0)),
            (p(3.0, 1.0), p(3.0, -1.0)),
        ];
        check(&with_ends(s, &inner, p(4.0, -5.0)));
    }

    #[test]
    fn goal_on_the_last_portal_corner_is_not_repeated() {
        // Regression: the goal equals the corner the funnel adds last; it must appear once.
        let g = p(2.0, -1.0);
        let inner = [(p(1.0, 1.0), p(1.0, -1.0)), (p(2.0, 1.0), g)];
        let path = check(&with_ends(p(0.0, 0.0), &inner, g));
        assert_eq!(path.iter().filter(|&&q| q == g).count(), 1);
    }

    #[test]
    fn collinear_portal_endpoints() {
        // All left ends on one line, all right ends on another, goal straight ahead.
        let inner: Vec<_> = (1..6)
            .map(|i| (p(i as f64, 2.0), p(i as f64 * 0.5 + 1.0, 0.0)))
            .collect();
        check(&with_ends(p(0.0, 1.0), &inner, p(7.0, 1.0)));
        // And a goal that forces the funnel along the collinear left ends.
        check(&with_ends(p(0.0, 1.0), &inner, p(6.0, 9.0)));
    }

    #[test]
    fn zigzag_needs_several_corners() {
        let inner = [
            (p(1.0, 1.0), p(1.0, -1.0)),
            (p(2.0, 3.0), p(2.0, 0.5)),
            (p(3.0, -0.5), p(3.0, -3.0)),
            (p(4.0, 3.0), p(4.0, 0.5)),
        ];
        let path = check(&with_ends(p(0.0, 0.0), &inner, p(5.0, 0.0)));
        assert!(path.len() >= 4, "{path:?}");
    }
}
