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
    let Some(first) = portals.first() else { return Vec::new() };
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
