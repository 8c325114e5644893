//! Navigation: from a scene to a navmesh (repair, inflate, triangulate) and from a start/goal
//! to a corridor and paths (locate, astar, funnel, ...), and the radius-aware side on the raw
//! mesh (clearance widths, clearance A*, tangent and offset funnels). The only module that uses
//! spade and i_overlay.

mod astar;
mod bottleneck;
mod build;
mod clearance;
mod convex;
mod corridor;
mod corridor_opt;
mod detour;
mod diagnose;
mod diagnosis;
mod free_space;
mod funnel;
mod inflate;
pub mod invariants;
mod locate;
mod mesh;
mod midpoint;
mod offset_funnel;
mod optimal;
mod path;
mod polygon_ops;
mod query;
mod raw;
mod raw_query;
mod raycast;
mod repair;
mod seam;
mod search_replay;
mod smooth;
mod tangent_funnel;
mod triangulate;

pub use astar::{BlockedCrossing, SearchEvent, SearchOutcome, astar, astar_trace};
pub use bottleneck::Bottleneck;
pub use build::{Build, BuildError, BuildOptions, Timings, build, build_with};
pub use clearance::{Widths, clearance_astar, shared_vertex};
pub use corridor::{Corridor, Portal};
pub use corridor_opt::{
    CorridorOptions, Optimized, funnel_length, optimize_corridor, optimize_query,
};
pub use detour::{Detour, detour};
pub use diagnose::{Blocker, blocker, closest_in_component, nearest_free_point};
pub use diagnosis::{Diagnosis, Outside, Unreachable, diagnose};
pub use free_space::{Contour, FreeSpace};
pub use funnel::{
    FunnelEvent, FunnelMove, Hand, PortalEnd, funnel_ends, funnel_trace, string_pull,
};
pub use inflate::inflate;
pub use locate::Location;
pub use mesh::{ComponentId, NavMesh, TriId, VertexId};
pub use midpoint::midpoint_path;
pub use offset_funnel::offset_path;
pub use optimal::optimal_path;
pub use path::{Path, PathSegment};
pub use query::{
    Metrics, QueryResult, QueryTimings, Status, Variant, flatten_tolerance, query, query_build,
    query_with,
};
pub use raw::RawNav;
pub use raw_query::{RawQuery, query_raw};
pub use raycast::{raycast, raycast_triangles};
pub use repair::{Repaired, repair};
pub use search_replay::{SearchNode, SearchReplay};
pub use smooth::smooth_midpoints;
pub use tangent_funnel::{Pinch, TangentFunnelEvent, tangent_funnel_trace, tangent_path};
pub use triangulate::triangulate;
