//! Smoothed midpoints, the common "midpoints + smoothing" baseline: the edge-midpoint path with
//! redundant points removed. From each kept point the path goes straight to the furthest of the
//! following midpoints that a walkability raycast through the SHRUNK mesh reaches without a
//! break; since every shrunk triangle keeps clearance r, so does the smoothed path. With cost
//! areas a shortcut may cross no ground dearer than the corridor triangles it skips, so
//! smoothing never cuts through the mud the corridor went round.
//! ```text
//!   midpoints:  S --m1--m2--m3--m4-- G      kept: S, then the last midpoint in the unbroken run
//!   smoothed:   S ---------m3------- G      of visible ones from S, and so on
//! ```

use crate::geom::Point;
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::mesh::raycast::raycast;
use crate::nav::search::corridor::{Corridor, Portal};

/// The smoothed midpoint path of `corridor` (with its `portals`) on the shrunk mesh `mesh`.
pub fn smooth_midpoints(mesh: &NavMesh, corridor: &Corridor, portals: &[Portal]) -> Vec<Point> {
    let n = portals.len();
    let (Some(&first), Some(&last_tri)) = (portals.first(), corridor.triangles.last()) else {
        return Vec::new();
    };
    // Midpoint k lies on the edge into triangle k (the start in triangle 0).
    let point = |k: usize| portals[k].midpoint();
    let triangle = |k: usize| corridor.triangles.get(k).copied().unwrap_or(last_tri);
    let costs = mesh.cost_map();
    // A shortcut from midpoint i to j may cross no dearer ground than the corridor does there.
    let no_dearer = |i: usize, j: usize| {
        let dearest = (i..=j).map(|k| mesh.cost(triangle(k))).fold(0.0, f64::max);
        let straight = point(i).distance(point(j));
        costs.is_empty()
            || costs.weighted_length(&[point(i), point(j)]) <= dearest * straight * (1.0 + 1e-9)
    };
    let mut path = vec![first.midpoint()];
    let mut i = 0;
    while i + 1 < n {
        let mut j = i + 1;
        while j + 1 < n && raycast(mesh, triangle(i), point(i), point(j + 1)) && no_dearer(i, j + 1)
        {
            j += 1;
        }
        if path.last() != Some(&point(j)) {
            path.push(point(j));
        }
        i = j;
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::build::pipeline::build;
    use crate::nav::invariants;
    use crate::nav::paths::midpoint::midpoint_path;
    use crate::nav::query::pass::query_mesh;
    use crate::scene;

    #[test]
    fn smoothing_shortens_and_keeps_clearance() {
        let path = std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/scenes/rooms.json"
        ));
        let s = scene::load(path).unwrap();
        let b = build(&s).unwrap();
        for q in &s.queries {
            let r = query_mesh(&b.mesh, q.start, q.goal, &Default::default());
            let c = r.corridor.unwrap();
            let portals = c.portals(&b.mesh);
            let smooth = smooth_midpoints(&b.mesh, &c, &portals);
            let mid = midpoint_path(&portals);
            assert!(smooth.len() < mid.len());
            assert!(invariants::polyline_length(&smooth) <= invariants::polyline_length(&mid));
            invariants::check_endpoints(&smooth, q.start, q.goal).unwrap();
            invariants::check_clearance(&smooth, &b.raw.as_ref().unwrap().walls, b.radius, 1e-9)
                .unwrap();
        }
    }
}
