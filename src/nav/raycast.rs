//! Walkability raycast: walks the mesh triangle by triangle along a segment and tells whether
//! the segment stays on walkable triangles all the way (it never crosses a wall edge).
//! ```text
//!      +-------+-------+
//!      | a *---|-------|--* b     the walk leaves each triangle through the edge the segment
//!      |    \  |  \    |  /       crosses (decided exactly) and stops at a wall edge
//!      +-------+-------+
//! ```
//! A segment through a mesh vertex continues through either edge at it, so the answer is
//! conservative there: a wall on one of them counts as blocking.

use super::mesh::{NavMesh, TriId};
use crate::geom::{Point, orient};

/// True when the segment from `a` (in or on triangle `from`) to `b` stays on walkable
/// triangles.
pub fn raycast(mesh: &NavMesh, from: TriId, a: Point, b: Point) -> bool {
    let mut t = from;
    for _ in 0..=mesh.triangle_count() {
        let pts = mesh.triangle_points(t);
        let outside = |k: usize| orient(pts[k], pts[(k + 1) % 3], b) < 0.0;
        if !(0..3).any(outside) {
            return true;
        }
        // The edge b lies beyond and the segment passes through (its start right of the ray,
        // its end left of it, as seen from inside a counter-clockwise triangle).
        let exit = (0..3).find(|&k| outside(k) && orient(a, b, pts[k]) <= 0.0 && orient(a, b, pts[(k + 1) % 3]) >= 0.0);
        match exit.and_then(|k| mesh.neighbors(t)[k]) {
            Some(next) => t = next,
            None => return false,
        }
    }
    false
}
