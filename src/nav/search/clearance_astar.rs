//! Clearance A* on the raw mesh: the A* passage rule for a disc of radius r, built on the
//! clearance widths (`mesh::clearance`), so one raw mesh answers queries for any agent radius.
//!
//! The search rule ([`DiscPassage`]), for an agent of radius r:
//! - crossing a triangle from one edge to another needs `2r <= width` at their shared vertex;
//! - leaving a start triangle (entered at the start point, not through an edge) needs the exit
//!   edge to be at least 2r long: the agent is already inside, only the way out is checked;
//! - entering the goal triangle needs nothing more: its entry edge was the exit of the previous
//!   crossing, already at least 2r long, and the goal itself is where the agent must end.
//!
//! Start and goal may lie closer than r to a wall; the tangent funnel then wraps the corners
//! near them at their own distance (see `tangent_funnel`).

use super::astar::{BlockedCrossing, Passage, SearchOutcome, search};
use super::links::Jumps;
use crate::geom::Point;
use crate::nav::mesh::clearance::{Widths, crossing_width};
use crate::nav::mesh::ids::TriId;
use crate::nav::mesh::navmesh::NavMesh;

/// The A* rule for a disc of radius `radius` on a raw mesh with its widths, less the crossings
/// a caller found too narrow by other means.
struct DiscPassage<'a> {
    mesh: &'a NavMesh,
    widths: &'a Widths,
    radius: f64,
    forbidden: &'a [BlockedCrossing],
}

impl Passage for DiscPassage<'_> {
    const BY_ENTRY: bool = true;

    fn check(&self, t: TriId, entry: Option<usize>, exit: usize) -> Result<(), f64> {
        if let Some(f) = self
            .forbidden
            .iter()
            .find(|f| (f.triangle, f.entry, f.exit) == (t, entry, exit))
        {
            return Err(f.width);
        }
        let width = crossing_width(self.mesh, self.widths, t, entry, exit);
        if 2.0 * self.radius <= width {
            Ok(())
        } else {
            Err(width)
        }
    }
}

/// A* on a raw mesh for a disc of radius `radius` (see the module docs for the rule), never
/// making a `forbidden` crossing: the corridor if one is wide enough, and every crossing the
/// search was refused.
pub fn clearance_astar(
    mesh: &NavMesh,
    widths: &Widths,
    radius: f64,
    (start, start_tris): (Point, &[TriId]),
    (goal, goal_tris): (Point, &[TriId]),
    forbidden: &[BlockedCrossing],
) -> SearchOutcome {
    search(
        mesh,
        (start, start_tris),
        (goal, goal_tris),
        &DiscPassage {
            mesh,
            widths,
            radius,
            forbidden,
        },
        &Jumps::default(),
        |_| {},
    )
}
