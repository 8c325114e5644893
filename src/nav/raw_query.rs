//! A radius-aware query on the raw mesh, for any agent radius: locate, clearance A*, then the
//! tangent and corner-offset paths from the one corridor.
//!
//! Status (`RawQuery::status`), as for the shrunk mesh but measured on the raw free space:
//! `start_outside` / `goal_outside` mean inside an obstacle or off the walkable area (a point
//! merely closer than r to a wall is inside, and the tangent path leaves it sensibly);
//! `unreachable` means no path even for a point; `blocked` means a point could pass but every
//! corridor has a crossing narrower than 2r (`blocked` lists them), or the tangent funnel met two
//! corners nearer than 2r (`pinch`). The shrunk mesh may disagree near the limits: it rounds
//! corners by polygons (a gap a hair over 2r can close there) and rejects a start closer than r
//! to a wall, which the raw mesh accepts.

use super::astar::BlockedCrossing;
use super::corridor::Corridor;
use super::invariants::{Stretch, close_stretches};
use super::locate::Location;
use super::path::Path;
use super::query::{Status, Variant, micros};
use super::{Pinch, RawNav, clearance_astar, offset_path, tangent_path};
use crate::geom::Point;
use std::time::Instant;

/// Everything a radius-aware query produces.
#[derive(Clone, Debug)]
pub struct RawQuery {
    pub radius: f64,
    pub status: Status,
    pub start_location: Location,
    pub goal_location: Location,
    pub corridor: Option<Corridor>,
    /// Crossings the clearance A* refused as narrower than 2r (where a bottleneck is sought).
    pub blocked: Vec<BlockedCrossing>,
    /// Two corners nearer than 2r that the tangent path would have to pass between.
    pub pinch: Option<Pinch>,
    /// The tangent and offset paths (when found), in `Variant` order.
    pub paths: Vec<(Variant, Path)>,
    /// Where the offset path comes closer than r to a wall.
    pub offset_cuts: Vec<Stretch>,
    pub locate_us: f64,
    pub astar_us: f64,
    pub variants_us: Vec<(Variant, f64)>,
}

/// Answers a start/goal query for an agent of radius `radius` on the raw mesh.
pub fn query_raw(raw: &RawNav, radius: f64, start: Point, goal: Point) -> RawQuery {
    let mesh = &raw.mesh;
    let t0 = Instant::now();
    let start_location = mesh.locate(start);
    let goal_location = mesh.locate(goal);
    let mut result = RawQuery {
        radius,
        status: Status::Found,
        start_location,
        goal_location,
        corridor: None,
        blocked: Vec::new(),
        pinch: None,
        paths: Vec::new(),
        offset_cuts: Vec::new(),
        locate_us: micros(t0),
        astar_us: 0.0,
        variants_us: Vec::new(),
    };
    let (Some(s), Some(g)) = (start_location.triangle(), goal_location.triangle()) else {
        result.status = if start_location.is_inside() { Status::GoalOutside } else { Status::StartOutside };
        return result;
    };
    if mesh.component(s) != mesh.component(g) {
        result.status = Status::Unreachable;
        return result;
    }
    let t1 = Instant::now();
    let (start_tris, goal_tris) = (mesh.triangles_at(&start_location), mesh.triangles_at(&goal_location));
    let outcome = clearance_astar(mesh, &raw.widths, radius, (start, &start_tris), (goal, &goal_tris));
    result.astar_us = micros(t1);
    result.blocked = outcome.blocked;
    let Some(corridor) = outcome.corridor else {
        result.status = Status::Blocked;
        return result;
    };
    let portals = corridor.portals(mesh);
    let outer = corridor.outer_corners(mesh);
    let t2 = Instant::now();
    match tangent_path(&portals, outer, radius) {
        Ok(path) => {
            result.variants_us.push((Variant::Tangent, micros(t2)));
            result.paths.push((Variant::Tangent, path));
        }
        Err(pinch) => {
            result.status = Status::Blocked;
            result.pinch = Some(pinch);
            result.corridor = Some(corridor);
            return result;
        }
    }
    let t3 = Instant::now();
    let points = offset_path(&portals, outer, radius);
    result.variants_us.push((Variant::Offset, micros(t3)));
    result.offset_cuts = close_stretches(&points, &raw.walls, radius);
    result.paths.push((Variant::Offset, Path::from_points(&points)));
    result.corridor = Some(corridor);
    result
}
