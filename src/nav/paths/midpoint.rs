//! The edge-midpoint path: start, the midpoint of every portal, goal.

use crate::geom::Point;
use crate::nav::search::corridor::Portal;

/// Midpoints of all portals (the first and last portals are the start and goal points).
pub fn midpoint_path(portals: &[Portal]) -> Vec<Point> {
    let mut path: Vec<Point> = Vec::with_capacity(portals.len());
    for p in portals {
        let m = p.midpoint();
        if path.last() != Some(&m) {
            path.push(m);
        }
    }
    path
}
