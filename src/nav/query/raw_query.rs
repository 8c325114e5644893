//! A radius-aware query on the raw mesh, for any agent radius: locate, clearance A*, then the
//! tangent and corner-offset paths from the one corridor.
//!
//! Status (`Side::status`), as for the shrunk mesh but measured on the raw free space:
//! `start_outside` / `goal_outside` mean inside an obstacle or off the walkable area (a point
//! merely closer than r to a wall is inside, and the tangent path leaves it sensibly);
//! `unreachable` means no path even for a point; `blocked` means a point could pass but nothing
//! 2r wide can (`blocked` lists the crossings refused). The shrunk mesh may disagree near the
//! limits: it rounds corners by polygons (a gap a hair over 2r can close there) and rejects a
//! start closer than r to a wall, which the raw mesh accepts.
//!
//! Clearance is checked, not assumed: the crossing widths judge a triangle at a time, and the
//! start triangle only by its exit edge, so a narrow place can slip through (a corner near a
//! wall edge whose ends are far apart). The tangent path is measured against the raw walls;
//! where it comes closer than r (allowing the 0.1% arc flattening, and except on a stretch
//! leaving a start, or reaching a goal, itself closer than r, that gets no closer), the
//! corridor crossing nearest that place is refused with the width found there and A* runs
//! again, a bounded number of times; a pinch of two corners (see `tangent_funnel`) is refused
//! the same way.

use crate::geom::{Point, Segment};
use crate::nav::build::raw::RawNav;
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::paths::measure::{close_stretches, wall_clearance};
use crate::nav::paths::offset_funnel::offset_path_among;
use crate::nav::paths::path::Path;
use crate::nav::paths::side::{Side, Status, Variant, flatten_tolerance, locate_ends, micros};
use crate::nav::paths::tangent_funnel::tangent_path_among;
use crate::nav::search::astar::BlockedCrossing;
use crate::nav::search::clearance_astar::clearance_astar;
use crate::nav::search::corridor::Corridor;
use std::time::Instant;

/// How many crossings a query may refuse after measuring its tangent path.
const MAX_REFUSED: usize = 16;

/// Answers a start/goal query for an agent of radius `radius` on the raw mesh: the tangent
/// path, and the offset path too when `offset` is true.
pub fn query_raw(raw: &RawNav, radius: f64, start: Point, goal: Point, offset: bool) -> Side {
    query_raw_measured(raw, radius, (start, goal), offset).0
}

/// [`query_raw`], with the clearance of the tangent path when there is one: its smallest
/// distance to the raw walls ([`wall_clearance`] of its points).
pub(crate) fn query_raw_measured(
    raw: &RawNav,
    radius: f64,
    (start, goal): (Point, Point),
    offset: bool,
) -> (Side, Option<f64>) {
    let mesh = &raw.mesh;
    let (mut side, ends) = locate_ends(mesh, start, goal);
    let Some((start_tris, goal_tris)) = ends else {
        return (side, None);
    };
    // The vertices of cost outlines inside the free space are no walls: the paths need not keep
    // the radius from them.
    let near = 1e-9 * raw.walls().bounds().diagonal();
    let no_costs = mesh.cost_map().is_empty();
    let is_corner = |p: Point| no_costs || raw.walls().distance_to_point(p, 2.0 * near) <= near;
    let mut refused: Vec<BlockedCrossing> = Vec::new();
    let mut tangent_us = 0.0;
    let (corridor, tangent, measured) = loop {
        let t1 = Instant::now();
        let outcome = clearance_astar(
            mesh,
            &raw.widths,
            radius,
            (start, &start_tris),
            (goal, &goal_tris),
            &refused,
        );
        side.timings.astar_us += micros(t1);
        side.blocked = outcome.blocked;
        let Some(corridor) = outcome.corridor else {
            side.status = Status::Blocked;
            return (side, None);
        };
        let portals = corridor.portals(mesh);
        let (by_start, by_goal) = corridor.loose_corners(mesh);
        let t2 = Instant::now();
        let tangent = tangent_path_among(&portals, (&by_start, &by_goal), radius, &is_corner);
        tangent_us += micros(t2);
        let (at, width) = match tangent {
            Ok(path) => {
                // Measured here as the query pass measures every path: the same points.
                let points = path.points(flatten_tolerance(radius));
                let measured = wall_clearance(&points, raw.walls());
                match too_close(&path, &points, raw, radius, measured) {
                    None => break (corridor, path, measured),
                    Some(narrow) => narrow,
                }
            }
            Err(pinch) => (pinch.left.midpoint(pinch.right), pinch.width()),
        };
        let crossing = crossing_near(mesh, &corridor, at).filter(|_| refused.len() < MAX_REFUSED);
        let Some(crossing) = crossing else {
            side.status = Status::Blocked;
            side.corridor = Some(corridor);
            return (side, None);
        };
        refused.push(BlockedCrossing { width, ..crossing });
    };
    side.timings
        .variants_us
        .push((Variant::Tangent, tangent_us));
    side.paths.push((Variant::Tangent, tangent));
    if offset {
        let t3 = Instant::now();
        let portals = corridor.portals(mesh);
        let (by_start, by_goal) = corridor.loose_corners(mesh);
        let outer = (
            by_start.first().copied().unwrap_or(start),
            by_goal.first().copied().unwrap_or(goal),
        );
        let points = offset_path_among(&portals, outer, radius, &is_corner);
        side.timings.variants_us.push((Variant::Offset, micros(t3)));
        side.offset_cuts = close_stretches(&points, raw.walls(), radius);
        side.paths
            .push((Variant::Offset, Path::from_points(&points)));
    }
    side.corridor = Some(corridor);
    (side, Some(measured))
}

/// Where the path, flattened to `points` (as for `radius`) with the clearance `measured` there,
/// comes closer than `radius` to a raw wall (beyond the arc flattening, and beyond the spacing
/// of doubles at the path's coordinates: an arc of a radius under that spacing, 1e-15 at
/// x = 14.5, cannot be placed any nearer), and twice the clearance there. A start (goal) already closer than `radius` to a wall may leave (reach) it
/// on a stretch that gets no closer than it is.
fn too_close(
    path: &Path,
    points: &[Point],
    raw: &RawNav,
    radius: f64,
    measured: f64,
) -> Option<(Point, f64)> {
    let extent = (points.iter()).fold(0.0f64, |m, p| m.max(p.x.abs()).max(p.y.abs()));
    let slack = 2.0 * flatten_tolerance(radius) + 8.0 * f64::EPSILON * extent;
    if measured >= radius - slack {
        return None; // no stretch comes that close
    }
    let (start, goal) = (path.start, path.end());
    let own = |p: Point| raw.walls().distance_to_point(p, radius) - slack;
    close_stretches(points, raw.walls(), radius - slack)
        .into_iter()
        .find(|s| {
            !(s.from == start && s.clearance >= own(start)
                || s.to == goal && s.clearance >= own(goal))
        })
        .map(|s| (s.from.midpoint(s.to), 2.0 * s.clearance))
}

/// The crossing of the corridor nearest to `p`: leaving the triangle nearest to `p` (leaving
/// the last but one, when that is the goal triangle); `None` for a one-triangle corridor.
fn crossing_near(mesh: &NavMesh, corridor: &Corridor, p: Point) -> Option<BlockedCrossing> {
    let distance = |k: usize| {
        let pts = mesh.triangle_points(corridor.triangles[k]);
        let inside = (0..3).all(|i| crate::geom::orient(pts[i], pts[(i + 1) % 3], p) >= 0.0);
        if inside {
            0.0
        } else {
            (0..3)
                .map(|i| Segment::new(pts[i], pts[(i + 1) % 3]).distance_to_point(p))
                .fold(f64::INFINITY, f64::min)
        }
    };
    let last = corridor.triangles.len().checked_sub(2)?;
    let nearest = (0..corridor.triangles.len())
        .min_by(|&a, &b| distance(a).total_cmp(&distance(b)))?
        .min(last);
    let t = corridor.triangles[nearest];
    let exit = mesh.shared_edge(t, corridor.triangles[nearest + 1])?;
    let entry = nearest
        .checked_sub(1)
        .and_then(|k| mesh.shared_edge(t, corridor.triangles[k]));
    Some(BlockedCrossing {
        triangle: t,
        entry,
        exit,
        width: 0.0,
    })
}
