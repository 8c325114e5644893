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

use super::ids::TriId;
use super::navmesh::NavMesh;
use crate::geom::{Point, orient};

/// True when the segment from `a` (in or on triangle `from`) to `b` stays on walkable
/// triangles.
pub fn raycast(mesh: &NavMesh, from: TriId, a: Point, b: Point) -> bool {
    walk(mesh, from, a, b, |_| {})
}

/// The triangles the segment from `a` (in or on triangle `from`) to `b` walks through, from
/// `from` to the one holding `b`; `None` when it meets a wall on the way.
pub fn raycast_triangles(mesh: &NavMesh, from: TriId, a: Point, b: Point) -> Option<Vec<TriId>> {
    let mut visited = Vec::new();
    walk(mesh, from, a, b, |t| visited.push(t)).then_some(visited)
}

/// The walk of [`raycast`], calling `visit` on every triangle entered (`from` included).
fn walk(mesh: &NavMesh, from: TriId, a: Point, b: Point, mut visit: impl FnMut(TriId)) -> bool {
    let mut t = from;
    for _ in 0..=mesh.triangle_count() {
        visit(t);
        let pts = mesh.triangle_points(t);
        let outside = |k: usize| orient(pts[k], pts[(k + 1) % 3], b) < 0.0;
        if !(0..3).any(outside) {
            return true;
        }
        // The edge b lies beyond and the segment passes through (its start right of the ray,
        // its end left of it, as seen from inside a counter-clockwise triangle).
        let exit = (0..3).find(|&k| {
            outside(k) && orient(a, b, pts[k]) <= 0.0 && orient(a, b, pts[(k + 1) % 3]) >= 0.0
        });
        match exit.and_then(|k| mesh.neighbors(t)[k]) {
            Some(next) => t = next,
            None => return false,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Ring;
    use crate::nav::build::inflate::inflate;
    use crate::nav::build::repair::repair;
    use crate::nav::build::triangulate::triangulate;
    use crate::scene::{Obstacle, ObstacleId, Scene};

    fn square(x0: f64, y0: f64, x1: f64, y1: f64) -> Ring {
        Ring::new(vec![
            Point::new(x0, y0),
            Point::new(x1, y0),
            Point::new(x1, y1),
            Point::new(x0, y1),
        ])
    }

    #[test]
    fn rays_stop_at_walls_and_pass_elsewhere() {
        let scene = Scene {
            walkable: vec![square(0.0, 0.0, 10.0, 10.0)],
            obstacles: vec![Obstacle {
                id: ObstacleId(0),
                name: "block".into(),
                ring: square(4.0, 4.0, 6.0, 6.0),
            }],
            ..Scene::default()
        };
        let mesh = triangulate(&inflate(&repair(&scene).unwrap(), 0.0, 0.0)).unwrap();
        let a = Point::new(1.0, 5.0);
        let from = mesh.locate(a).triangle().unwrap();
        assert!(
            !raycast(&mesh, from, a, Point::new(9.0, 5.0)),
            "through the block"
        );
        assert!(
            raycast(&mesh, from, a, Point::new(9.0, 1.0)),
            "below the block"
        );
        assert!(raycast(&mesh, from, a, Point::new(1.0, 9.5)));
        assert!(
            !raycast(&mesh, from, a, Point::new(11.0, 5.0)),
            "out of the room"
        );
        // Ending exactly on the block's corner is fine; going on through the block is not.
        assert!(raycast(
            &mesh,
            from,
            Point::new(1.0, 1.0),
            Point::new(4.0, 4.0)
        ));
        assert!(!raycast(
            &mesh,
            from,
            Point::new(1.0, 1.0),
            Point::new(5.0, 5.0)
        ));
        assert!(raycast(&mesh, from, a, a));
    }
}
