//! A query: locate start and goal, check components, run A*, and make every path variant from
//! the corridor. Expected outcomes (outside, unreachable) are statuses, not errors.
//!
//! [`query`] answers on one (shrunk) mesh with its variants: midpoint, funnel, smoothed
//! midpoints and the exact optimal path ([`query_with`] picks a subset). [`query_build`] adds the
//! radius-aware variants of the build's raw mesh (tangent, offset; see `raw_query`) and the
//! metrics of every path. The two sides have their own status: `status` is the shrunk mesh's,
//! `raw.status` the raw mesh's, and a variant has a path exactly when its side found one, so
//! either side may find a path the other does not.

use super::raw_query::{RawQuery, query_raw};
use crate::geom::{Point, SegmentGrid};
use crate::nav::build::pipeline::Build;
use crate::nav::mesh::ids::TriId;
use crate::nav::mesh::locate::Location;
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::paths::funnel::string_pull;
use crate::nav::paths::measure::min_clearance;
use crate::nav::paths::midpoint::midpoint_path;
use crate::nav::paths::optimal::optimal_path;
use crate::nav::paths::path::Path;
use crate::nav::paths::smooth::smooth_midpoints;
use crate::nav::search::astar::astar;
use crate::nav::search::corridor::{Corridor, Portal};
use std::time::Instant;

/// Outcome of a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Found,
    StartOutside,
    GoalOutside,
    Unreachable,
    /// Radius-aware side only: a point agent could pass, but no corridor is 2r wide.
    Blocked,
}

impl Status {
    /// The name used in CLI output and files.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Found => "found",
            Status::StartOutside => "start_outside",
            Status::GoalOutside => "goal_outside",
            Status::Unreachable => "unreachable",
            Status::Blocked => "blocked",
        }
    }
}

/// The ways a path is made from a corridor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Start, every portal midpoint, goal.
    Midpoint,
    /// The string-pulled shortest path through the corridor.
    Funnel,
    /// The midpoint path with redundant points removed by raycasts through the shrunk mesh.
    MidpointSmoothed,
    /// Radius-aware: tangents and arcs round corner circles, on the raw mesh.
    Tangent,
    /// Radius-aware (naive): the raw mesh's funnel with corners pushed out along their normals.
    Offset,
    /// The exact shortest path through the whole (shrunk) free space, whatever the corridor.
    Optimal,
}

impl Variant {
    pub const ALL: [Variant; 6] = [
        Variant::Midpoint,
        Variant::Funnel,
        Variant::MidpointSmoothed,
        Variant::Tangent,
        Variant::Offset,
        Variant::Optimal,
    ];

    /// The variants made on the shrunk mesh, which [`query`] answers.
    pub const SHRUNK: [Variant; 4] = [
        Variant::Midpoint,
        Variant::Funnel,
        Variant::MidpointSmoothed,
        Variant::Optimal,
    ];

    /// The name used in CLI output and files.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Midpoint => "midpoint",
            Variant::Funnel => "funnel",
            Variant::MidpointSmoothed => "midpoint_smoothed",
            Variant::Tangent => "tangent",
            Variant::Offset => "offset",
            Variant::Optimal => "optimal",
        }
    }

    /// True for the variants made on the raw mesh (any radius); the others use the shrunk mesh.
    pub fn uses_raw_mesh(self) -> bool {
        !Variant::SHRUNK.contains(&self)
    }
}

/// Measurements of one path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metrics {
    pub length: f64,
    /// Corner points (segment ends plus the start).
    pub vertices: usize,
    /// Smallest distance to a raw wall (arcs flattened to 0.1% of the radius).
    pub min_clearance: f64,
    /// Time to make the path, including the A* search of its corridor, in microseconds.
    pub time_us: f64,
}

/// Microseconds spent per stage of a query.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct QueryTimings {
    pub locate_us: f64,
    pub astar_us: f64,
    /// Time to make each variant's path from the corridor.
    pub variants_us: Vec<(Variant, f64)>,
}

impl QueryTimings {
    pub fn total_us(&self) -> f64 {
        self.locate_us + self.astar_us + self.variants_us.iter().map(|(_, t)| t).sum::<f64>()
    }
}

/// Everything a query produces.
#[derive(Clone, Debug)]
pub struct QueryResult {
    pub start: Point,
    pub goal: Point,
    pub status: Status,
    pub start_location: Location,
    pub goal_location: Location,
    pub corridor: Option<Corridor>,
    /// One path per variant whose side found one, in `Variant` order.
    pub paths: Vec<(Variant, Path)>,
    pub timings: QueryTimings,
    /// The radius-aware side on the raw mesh ([`query_build`] only).
    pub raw: Option<RawQuery>,
    /// Measurements of every path ([`query_build`] only), in `Variant` order.
    pub metrics: Vec<(Variant, Metrics)>,
}

impl QueryResult {
    pub fn path(&self, variant: Variant) -> Option<&Path> {
        self.paths
            .iter()
            .find(|(v, _)| *v == variant)
            .map(|(_, p)| p)
    }

    pub fn metrics(&self, variant: Variant) -> Option<&Metrics> {
        self.metrics
            .iter()
            .find(|(v, _)| *v == variant)
            .map(|(_, m)| m)
    }
}

/// How far flattened arcs may stray from the true arc: 0.1% of the radius.
pub fn flatten_tolerance(radius: f64) -> f64 {
    1e-3 * radius
}

/// Answers one start/goal query on `mesh` with every shrunk-mesh variant ([`Variant::SHRUNK`]).
pub fn query(mesh: &NavMesh, start: Point, goal: Point) -> QueryResult {
    query_with(mesh, start, goal, &Variant::SHRUNK)
}

/// Answers one start/goal query making only the listed shrunk-mesh variants (raw-mesh ones are
/// ignored; the optimal path is a search of its own that corridor-only callers skip). The
/// status is `Found` when A* found a corridor or the optimal search a path.
pub fn query_with(mesh: &NavMesh, start: Point, goal: Point, variants: &[Variant]) -> QueryResult {
    let t0 = Instant::now();
    let start_location = mesh.locate(start);
    let goal_location = mesh.locate(goal);
    let mut result = QueryResult {
        start,
        goal,
        status: Status::Found,
        start_location,
        goal_location,
        corridor: None,
        paths: Vec::new(),
        timings: QueryTimings {
            locate_us: micros(t0),
            ..Default::default()
        },
        raw: None,
        metrics: Vec::new(),
    };
    let (start_tris, goal_tris) = match endpoint_triangles(mesh, &start_location, &goal_location) {
        Ok(tris) => tris,
        Err(status) => {
            result.status = status;
            return result;
        }
    };
    let t1 = Instant::now();
    let corridor = astar(mesh, start, &start_tris, goal, &goal_tris);
    result.timings.astar_us = micros(t1);
    let portals = corridor.as_ref().map(|c| c.portals(mesh));
    for variant in Variant::SHRUNK.into_iter().filter(|v| variants.contains(v)) {
        let t = Instant::now();
        // The optimal path does not need the corridor; it is searched even if A* found none.
        let points = match (variant, &corridor, &portals) {
            (Variant::Optimal, _, _) => optimal_path(mesh, start, &start_tris, goal, &goal_tris),
            (_, Some(corridor), Some(portals)) => {
                Some(corridor_path(mesh, variant, corridor, portals))
            }
            _ => None,
        };
        let Some(points) = points else { continue };
        result.timings.variants_us.push((variant, micros(t)));
        result.paths.push((variant, Path::from_points(&points)));
    }
    if corridor.is_none() && result.paths.is_empty() {
        result.status = Status::Unreachable;
    }
    result.corridor = corridor;
    result
}

/// The path of a corridor variant (midpoint, funnel or smoothed midpoints) through `corridor`
/// with its `portals`.
pub(crate) fn corridor_path(
    mesh: &NavMesh,
    variant: Variant,
    corridor: &Corridor,
    portals: &[Portal],
) -> Vec<Point> {
    match variant {
        Variant::Funnel => string_pull(portals),
        Variant::MidpointSmoothed => smooth_midpoints(mesh, corridor, portals),
        _ => midpoint_path(portals),
    }
}

/// Answers a query with every variant: the shrunk mesh's from [`query`], the raw mesh's for the
/// build's radius, and the metrics of each path (only the first when the build skipped its raw
/// mesh). Paths are in `Variant` order.
pub fn query_build(build: &Build, start: Point, goal: Point) -> QueryResult {
    let mut result = query(&build.mesh, start, goal);
    let Some(raw_nav) = &build.raw else {
        return result;
    };
    let raw = query_raw(raw_nav, build.radius, start, goal);
    result.paths.extend(raw.paths.iter().cloned());
    result
        .timings
        .variants_us
        .extend(raw.variants_us.iter().copied());
    result.paths.sort_by_key(|(v, _)| *v);
    result.metrics = measure(&result, &raw, &raw_nav.walls, build.radius);
    result.raw = Some(raw);
    result
}

/// The metrics of every path of `result`, with `raw` its radius-aware side.
pub(crate) fn measure(
    result: &QueryResult,
    raw: &RawQuery,
    walls: &SegmentGrid,
    radius: f64,
) -> Vec<(Variant, Metrics)> {
    let limit = walls.bounds().diagonal();
    result
        .paths
        .iter()
        .map(|(variant, path)| {
            let points = path.points(flatten_tolerance(radius));
            let astar_us = match variant {
                Variant::Optimal => 0.0, // its own search, no corridor
                v if v.uses_raw_mesh() => raw.astar_us,
                _ => result.timings.astar_us,
            };
            let own_us = result
                .timings
                .variants_us
                .iter()
                .find(|(v, _)| v == variant)
                .map_or(0.0, |(_, t)| *t);
            let metrics = Metrics {
                length: path.length,
                vertices: path.vertex_count(),
                min_clearance: min_clearance(&points, walls, limit),
                time_us: astar_us + own_us,
            };
            (*variant, metrics)
        })
        .collect()
}

/// The triangles holding start and goal when both are inside the free space and in one
/// component; otherwise the status that says why a search cannot succeed.
pub(crate) fn endpoint_triangles(
    mesh: &NavMesh,
    start: &Location,
    goal: &Location,
) -> Result<(Vec<TriId>, Vec<TriId>), Status> {
    let (Some(s), Some(g)) = (start.triangle(), goal.triangle()) else {
        return Err(if start.is_inside() {
            Status::GoalOutside
        } else {
            Status::StartOutside
        });
    };
    if mesh.component(s) != mesh.component(g) {
        return Err(Status::Unreachable);
    }
    Ok((mesh.triangles_at(start), mesh.triangles_at(goal)))
}

pub(crate) fn micros(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1e6
}
