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

use crate::geom::{Point, orient};
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
    // A shortcut from midpoint i to j may cross no dearer ground than the corridor does there
    // (`dearest` is the dearest corridor triangle from i to j).
    let no_dearer = |i: usize, j: usize, dearest: f64| {
        costs.is_empty() || {
            let straight = point(i).distance(point(j));
            costs.weighted_length(&[point(i), point(j)]) <= dearest * straight * (1.0 + 1e-9)
        }
    };
    let mut path = vec![first.midpoint()];
    let mut i = 0;
    while i + 1 < n {
        let mut j = i + 1;
        // The corridor's view from midpoint i through the portals up to j: a midpoint strictly
        // inside it is reached by a straight line through those triangles, so only the others
        // need the raycast (which keeps this linear along a corridor that is seen through).
        let mut view = View::new(point(i), portals[j]);
        let mut dearest = mesh.cost(triangle(i)).max(mesh.cost(triangle(j)));
        while j + 1 < n {
            let next = point(j + 1);
            let dearer = dearest.max(mesh.cost(triangle(j + 1)));
            let seen = view.sees(next) || raycast(mesh, triangle(i), point(i), next);
            if !(seen && no_dearer(i, j + 1, dearer)) {
                break;
            }
            j += 1;
            dearest = dearer;
            view.narrow(portals[j]);
        }
        if path.last() != Some(&point(j)) {
            path.push(point(j));
        }
        i = j;
    }
    path
}

/// The wedge seen from a point through a run of portals: its left and right edges pass through
/// the most restrictive left and right portal ends so far. Once they cross, nothing is seen.
struct View {
    eye: Point,
    left: Point,
    right: Point,
    open: bool,
}

impl View {
    fn new(eye: Point, through: Portal) -> Self {
        View {
            eye,
            left: through.left,
            right: through.right,
            open: orient(eye, through.right, through.left) > 0.0,
        }
    }

    /// True when `p` lies strictly inside the wedge (the wedge is under half a turn wide, so
    /// the two half-planes meet in it alone).
    fn sees(&self, p: Point) -> bool {
        self.open && orient(self.eye, self.left, p) < 0.0 && orient(self.eye, self.right, p) > 0.0
    }

    /// Narrows the wedge to what is also seen through `portal`.
    fn narrow(&mut self, portal: Portal) {
        if orient(self.eye, self.left, portal.left) < 0.0 {
            self.left = portal.left;
        }
        if orient(self.eye, self.right, portal.right) > 0.0 {
            self.right = portal.right;
        }
        self.open &= orient(self.eye, self.right, self.left) > 0.0;
    }
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
            invariants::check_clearance(&smooth, b.raw.as_ref().unwrap().walls(), b.radius, 1e-9)
                .unwrap();
        }
    }

    /// The smoothing as first written: a raycast for every candidate midpoint (quadratic along a
    /// corridor seen through from end to end, the case the wedge test takes over).
    fn raycasts_only(mesh: &NavMesh, corridor: &Corridor, portals: &[Portal]) -> Vec<Point> {
        let point = |k: usize| portals[k].midpoint();
        let last = *corridor.triangles.last().unwrap();
        let triangle = |k: usize| corridor.triangles.get(k).copied().unwrap_or(last);
        let mut path = vec![point(0)];
        let mut i = 0;
        while i + 1 < portals.len() {
            let mut j = i + 1;
            while j + 1 < portals.len() && raycast(mesh, triangle(i), point(i), point(j + 1)) {
                j += 1;
            }
            if path.last() != Some(&point(j)) {
                path.push(point(j));
            }
            i = j;
        }
        path
    }

    #[test]
    fn the_wedge_test_keeps_the_raycast_answer() {
        let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/scenes"));
        let mut compared = 0;
        for name in [
            "rooms", "maze", "u_turn", "gaps", "field", "islands", "door",
        ] {
            let s = scene::load(&dir.join(format!("{name}.json"))).unwrap();
            let b = build(&s).unwrap();
            for q in &s.queries {
                let r = query_mesh(&b.mesh, q.start, q.goal, &Default::default());
                let Some(c) = r.corridor else { continue };
                let portals = c.portals(&b.mesh);
                assert_eq!(
                    smooth_midpoints(&b.mesh, &c, &portals),
                    raycasts_only(&b.mesh, &c, &portals),
                    "{name} {}",
                    q.name
                );
                compared += 1;
            }
        }
        assert!(compared >= 10, "only {compared} queries compared");
    }
}
