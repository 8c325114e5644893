//! What one mesh answers about a start/goal query: a [`Side`]. The query pass (`query`) makes
//! two, the shrunk mesh's and the raw mesh's; the explanations (`diagnosis`, `detour`) read
//! them. Here too the names every stage shares: the [`Status`] of a side and the [`Variant`]s
//! of a path, and how a side begins (locating its ends).
//!
//! Expected outcomes (outside, unreachable, blocked) are statuses, not errors.

use super::measure::Stretch;
use super::path::Path;
use crate::geom::Point;
use crate::nav::mesh::ids::TriId;
use crate::nav::mesh::locate::Location;
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::search::astar::BlockedCrossing;
use crate::nav::search::corridor::Corridor;
use crate::nav::search::links::Leg;
use std::time::Instant;

/// Outcome of a query on one mesh.
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
    pub const ALL: [Status; 5] = [
        Status::Found,
        Status::StartOutside,
        Status::GoalOutside,
        Status::Unreachable,
        Status::Blocked,
    ];

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

    /// The variants made on the shrunk mesh.
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

/// How far flattened arcs may stray from the true arc: 0.1% of the radius.
pub fn flatten_tolerance(radius: f64) -> f64 {
    1e-3 * radius
}

/// What the corridor optimisations changed on a side.
#[derive(Clone, Debug)]
pub struct Optimized {
    /// The corridor A* found.
    pub before: Corridor,
    /// Its funnel path (when the funnel variant was asked for).
    pub funnel_before: Option<Path>,
    /// Time spent optimising, in microseconds.
    pub time_us: f64,
}

/// Microseconds spent per stage of one side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideTimings {
    pub locate_us: f64,
    /// The corridor search (every round of it on the raw side; on the shrunk side with the
    /// search for a route through off-mesh links, when the build has links).
    pub astar_us: f64,
    /// Time to make each variant's path, in `Variant` order: from the corridor (the tangent
    /// path's every round on the raw side), or the optimal path's own search.
    pub variants_us: Vec<(Variant, f64)>,
}

impl SideTimings {
    /// The time of `variant`'s path alone (0 when it was not made).
    pub fn variant_us(&self, variant: Variant) -> f64 {
        self.variants_us
            .iter()
            .find(|(v, _)| *v == variant)
            .map_or(0.0, |(_, t)| *t)
    }
}

/// Everything one mesh answers about a query.
#[derive(Clone, Debug)]
pub struct Side {
    pub status: Status,
    pub start_location: Location,
    pub goal_location: Location,
    /// The corridor the paths go through (after the optimisations, when on); through
    /// off-mesh links, the corridor from the start to the first link taken.
    pub corridor: Option<Corridor>,
    /// The off-mesh links taken, in order, each with the corridor walked after it (empty
    /// without links; on a side that failed part way, the legs up to the failing piece).
    pub legs: Vec<Leg>,
    /// Raw side: crossings the search refused, narrower than 2r by their widths or found
    /// narrow by measuring a tangent path (then `width` is twice the clearance found).
    pub blocked: Vec<BlockedCrossing>,
    /// One path per variant made and found, in `Variant` order.
    pub paths: Vec<(Variant, Path)>,
    /// Raw side: where the offset path comes closer than r to a wall.
    pub offset_cuts: Vec<Stretch>,
    /// What the corridor optimisations changed (`None` when off or without a corridor).
    pub optimized: Option<Optimized>,
    pub timings: SideTimings,
}

impl Side {
    pub fn path(&self, variant: Variant) -> Option<&Path> {
        self.paths
            .iter()
            .find(|(v, _)| *v == variant)
            .map(|(_, p)| p)
    }

    /// Makes every path of the side run from `start` to `goal` (see [`Path::reach`]).
    pub(crate) fn reach(&mut self, start: Point, goal: Point) {
        let funnel_before = self
            .optimized
            .as_mut()
            .and_then(|o| o.funnel_before.as_mut());
        for path in self.paths.iter_mut().map(|(_, p)| p).chain(funnel_before) {
            *path = std::mem::replace(path, Path::from_points(&[start])).reach(start, goal);
        }
    }
}

/// The triangles holding the start and the goal.
pub(crate) type EndTriangles = (Vec<TriId>, Vec<TriId>);

/// Locates `start` and `goal` on `mesh`: the side so far, and the triangles holding them when
/// both are inside the free space and in one component (otherwise the side's status says why
/// a search cannot succeed).
pub(crate) fn locate_ends(
    mesh: &NavMesh,
    start: Point,
    goal: Point,
) -> (Side, Option<EndTriangles>) {
    let t0 = Instant::now();
    let (start_location, goal_location) = (mesh.locate(start), mesh.locate(goal));
    let mut side = Side {
        status: Status::Found,
        start_location,
        goal_location,
        corridor: None,
        legs: Vec::new(),
        blocked: Vec::new(),
        paths: Vec::new(),
        offset_cuts: Vec::new(),
        optimized: None,
        timings: SideTimings {
            locate_us: micros(t0),
            ..SideTimings::default()
        },
    };
    let (s, g) = (&side.start_location, &side.goal_location);
    let ends = match (s.is_inside(), g.is_inside()) {
        (true, true) => {
            // A point where parts of the free space touch (a vertex they share) lies in each:
            // the ends are in one component when any of the triangles holding them are, and
            // the search starts and ends in those.
            let (mut from, mut to) = (mesh.triangles_at(s), mesh.triangles_at(g));
            let shared = |t: &TriId, other: &[TriId]| {
                other
                    .iter()
                    .any(|&u| mesh.component(u) == mesh.component(*t))
            };
            from.retain(|t| shared(t, &to));
            to.retain(|t| shared(t, &from));
            if from.is_empty() {
                Err(Status::Unreachable)
            } else {
                Ok((from, to))
            }
        }
        (true, false) => Err(Status::GoalOutside),
        (false, _) => Err(Status::StartOutside),
    };
    match ends {
        Ok(tris) => (side, Some(tris)),
        Err(status) => {
            side.status = status;
            (side, None)
        }
    }
}

pub(crate) fn micros(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1e6
}
