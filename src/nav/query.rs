//! A query: locate start and goal, check components, run A*, and make every path variant from
//! the corridor. Expected outcomes (outside, unreachable) are statuses, not errors.

use super::corridor::Corridor;
use super::locate::Location;
use super::mesh::NavMesh;
use super::path::Path;
use super::{astar, midpoint_path, optimal_path, string_pull};
use crate::geom::Point;
use std::time::Instant;

/// Outcome of a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Found,
    StartOutside,
    GoalOutside,
    Unreachable,
}

impl Status {
    /// The name used in CLI output and files.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Found => "found",
            Status::StartOutside => "start_outside",
            Status::GoalOutside => "goal_outside",
            Status::Unreachable => "unreachable",
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
    /// The exact shortest path through the whole free space, whatever the corridor.
    Optimal,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::Midpoint, Variant::Funnel, Variant::Optimal];

    /// The name used in CLI output and files.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Midpoint => "midpoint",
            Variant::Funnel => "funnel",
            Variant::Optimal => "optimal",
        }
    }
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
    /// One path per variant asked for (empty unless found), in `Variant` order.
    pub paths: Vec<(Variant, Path)>,
    pub timings: QueryTimings,
}

impl QueryResult {
    pub fn path(&self, variant: Variant) -> Option<&Path> {
        self.paths
            .iter()
            .find(|(v, _)| *v == variant)
            .map(|(_, p)| p)
    }
}

/// Answers one start/goal query on `mesh` with every path variant.
pub fn query(mesh: &NavMesh, start: Point, goal: Point) -> QueryResult {
    query_with(mesh, start, goal, &Variant::ALL)
}

/// Answers one start/goal query making only the listed path variants (the optimal one is a
/// search of its own; corridor-only callers skip it). The status is `Found` when A* found a
/// corridor or the optimal search a path.
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
    };
    let (Some(s), Some(g)) = (start_location.triangle(), goal_location.triangle()) else {
        result.status = if start_location.is_inside() {
            Status::GoalOutside
        } else {
            Status::StartOutside
        };
        return result;
    };
    if mesh.component(s) != mesh.component(g) {
        result.status = Status::Unreachable;
        return result;
    }
    let (start_tris, goal_tris) = (
        mesh.triangles_at(&start_location),
        mesh.triangles_at(&goal_location),
    );
    let t1 = Instant::now();
    let corridor = astar(mesh, start, &start_tris, goal, &goal_tris);
    result.timings.astar_us = micros(t1);
    let portals = corridor.as_ref().map(|c| c.portals(mesh));
    for variant in Variant::ALL.into_iter().filter(|v| variants.contains(v)) {
        let t = Instant::now();
        // The optimal path does not need the corridor; it is searched even if A* found none.
        let points = match (variant, &portals) {
            (Variant::Midpoint, Some(portals)) => Some(midpoint_path(portals)),
            (Variant::Funnel, Some(portals)) => Some(string_pull(portals)),
            (Variant::Optimal, _) => optimal_path(mesh, start, &start_tris, goal, &goal_tris),
            (_, None) => None,
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

fn micros(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1e6
}
