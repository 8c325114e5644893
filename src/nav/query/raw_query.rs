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
use crate::nav::paths::measure::{
    Stretch, close_stretches, runs_clearance, wall_clearance_in_halves,
};
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
    query_raw_measured(raw, radius, (start, goal), offset, false).0
}

/// [`query_raw`], with the clearances of the paths made (their smallest distances to the raw
/// walls, as [`runs_clearance`] measures them): the tangent path's, which the query measures
/// to check it, and, when `measure` is true, the offset path's.
///
/// The offset path is made from the first corridor beside the tangent path's checks (on
/// another core when one is free), and made again in the rare case the checks refuse that
/// corridor.
pub(crate) fn query_raw_measured(
    raw: &RawNav,
    radius: f64,
    (start, goal): (Point, Point),
    offset: bool,
    measure: bool,
) -> (Side, Vec<(Variant, f64)>) {
    let mesh = &raw.mesh;
    let (mut side, ends) = locate_ends(mesh, start, goal);
    let Some((start_tris, goal_tris)) = ends else {
        return (side, Vec::new());
    };
    // The vertices of cost outlines inside the free space are no walls: the paths need not keep
    // the radius from them.
    let near = 1e-9 * raw.walls().bounds().diagonal();
    let no_costs = mesh.cost_map().is_empty();
    let is_corner = |p: Point| no_costs || raw.walls().distance_to_point(p, 2.0 * near) <= near;
    let search = |refused: &[BlockedCrossing], side: &mut Side| {
        let t = Instant::now();
        let outcome = clearance_astar(
            mesh,
            &raw.widths,
            radius,
            (start, &start_tris),
            (goal, &goal_tris),
            refused,
        );
        side.timings.astar_us += micros(t);
        side.blocked = outcome.blocked;
        outcome.corridor
    };
    let Some(first) = search(&[], &mut side) else {
        side.status = Status::Blocked;
        return (side, Vec::new());
    };
    let ends = (start, goal);
    let offset_of = |corridor: &Corridor| {
        offset.then(|| offset_through(raw, radius, corridor, ends, measure, &is_corner))
    };
    let (checked, offset_first) = rayon::join(
        || {
            let mut side = side;
            let tangent =
                tangent_checked(raw, radius, first.clone(), &mut side, &search, &is_corner);
            (side, tangent)
        },
        || offset_of(&first),
    );
    let (mut side, tangent) = checked;
    let Some((corridor, tangent, tangent_us, clearance)) = tangent else {
        return (side, Vec::new());
    };
    side.timings
        .variants_us
        .push((Variant::Tangent, tangent_us));
    side.paths.push((Variant::Tangent, tangent));
    let mut measured = vec![(Variant::Tangent, clearance)];
    let made = match offset_first {
        Some(_) if corridor != first => offset_of(&corridor),
        made => made,
    };
    if let Some(made) = made {
        side.timings.variants_us.push((Variant::Offset, made.us));
        side.offset_cuts = made.cuts;
        side.paths.push((Variant::Offset, made.path));
        measured.extend(made.clearance.map(|c| (Variant::Offset, c)));
    }
    side.corridor = Some(corridor);
    (side, measured)
}

/// The tangent path through `corridor`, checked against the raw walls: where it comes closer
/// than the radius, or two corners pinch it, the crossing nearest that place is refused and
/// `search` finds another corridor, a bounded number of times. The corridor kept, the path, the
/// time its making took and its clearance; `None` (with `side` blocked and holding the last
/// corridor) when no corridor passes.
fn tangent_checked(
    raw: &RawNav,
    radius: f64,
    mut corridor: Corridor,
    side: &mut Side,
    mut search: impl FnMut(&[BlockedCrossing], &mut Side) -> Option<Corridor>,
    is_corner: &dyn Fn(Point) -> bool,
) -> Option<(Corridor, Path, f64, f64)> {
    let mesh = &raw.mesh;
    let mut refused: Vec<BlockedCrossing> = Vec::new();
    let mut tangent_us = 0.0;
    loop {
        let portals = corridor.portals(mesh);
        let (by_start, by_goal) = corridor.loose_corners(mesh);
        let t = Instant::now();
        let tangent = tangent_path_among(&portals, (&by_start, &by_goal), radius, is_corner);
        tangent_us += micros(t);
        let (at, width) = match tangent {
            Ok(path) => {
                // Measured here as the query pass measures every path: the same points.
                let points = path.points(flatten_tolerance(radius));
                let measured = wall_clearance_in_halves(&points, raw.walls());
                match too_close(&path, &points, raw, radius, measured) {
                    None => return Some((corridor, path, tangent_us, measured)),
                    Some(narrow) => narrow,
                }
            }
            Err(pinch) => (pinch.left.midpoint(pinch.right), pinch.width()),
        };
        let crossing = crossing_near(mesh, &corridor, at).filter(|_| refused.len() < MAX_REFUSED);
        let Some(crossing) = crossing else {
            side.status = Status::Blocked;
            side.corridor = Some(corridor);
            return None;
        };
        refused.push(BlockedCrossing { width, ..crossing });
        let Some(next) = search(&refused, side) else {
            side.status = Status::Blocked;
            return None;
        };
        corridor = next;
    }
}

/// An offset path with the stretches of it closer than the radius to a wall, the time its
/// making took and, when asked, its clearance.
struct Offset {
    path: Path,
    cuts: Vec<Stretch>,
    us: f64,
    clearance: Option<f64>,
}

/// The corner-offset path through `corridor` from `start` to `goal`, its cuts, and its
/// clearance when `measure` is true.
fn offset_through(
    raw: &RawNav,
    radius: f64,
    corridor: &Corridor,
    (start, goal): (Point, Point),
    measure: bool,
    is_corner: &dyn Fn(Point) -> bool,
) -> Offset {
    let t = Instant::now();
    let portals = corridor.portals(&raw.mesh);
    let (by_start, by_goal) = corridor.loose_corners(&raw.mesh);
    let outer = (
        by_start.first().copied().unwrap_or(start),
        by_goal.first().copied().unwrap_or(goal),
    );
    let points = offset_path_among(&portals, outer, radius, is_corner);
    let us = micros(t);
    let path = Path::from_points(&points);
    let clearance =
        measure.then(|| runs_clearance(&path.runs(flatten_tolerance(radius)), raw.walls()));
    Offset {
        cuts: close_stretches(&points, raw.walls(), radius),
        path,
        us,
        clearance,
    }
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
