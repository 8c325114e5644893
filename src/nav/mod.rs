//! Navigation: from a scene to a navmesh (repair, inflate, triangulate) and from a start/goal
//! to a corridor and paths (locate, astar, funnel, ...), and the radius-aware side on the raw
//! mesh (clearance widths, clearance A*, tangent and offset funnels). The only module that uses
//! spade and i_overlay.

// Stages, in data-flow order: mesh, build, search, paths, explain, query, then invariants. Each
// imports only from the ones before it, by full path (`crate::nav::mesh::navmesh::NavMesh`),
// never through this file, which is only the public face (tests/layering.rs checks this).
pub(crate) mod build;
mod explain;
pub mod invariants;
mod mesh;
mod paths;
mod query;
mod search;

pub use build::error::BuildError;
pub use build::incremental::Incremental;
pub use build::inflate::inflate;
pub use build::pipeline::{Build, BuildOptions, Timings, build, build_with};
pub use build::polygon_mesh::{PolygonMesh, PolygonMeshError, wall_loops};
pub use build::raw::RawNav;
pub use build::repair::{Repaired, repair};
pub use build::triangulate::{triangulate, triangulate_in_one_piece, triangulate_with_costs};
pub use explain::bottleneck::Bottleneck;
pub use explain::detour::{Detour, detour};
pub use explain::diagnose::{Blocker, blocker, closest_in_component, nearest_free_point};
pub use explain::diagnosis::{Diagnosis, LinkOutside, Outside, Unreachable, diagnose};
pub use explain::playback::{Collision, collisions, position_at};
pub use mesh::clearance::{Widths, shared_vertex};
pub use mesh::cost_map::CostMap;
pub use mesh::free_space::{Contour, FreeSpace};
pub use mesh::ids::{ComponentId, TriId, VertexId};
pub use mesh::locate::Location;
pub use mesh::navmesh::NavMesh;
pub use mesh::raycast::{raycast, raycast_triangles};
pub use paths::funnel::{FunnelEvent, FunnelMove, funnel_ends, funnel_trace, string_pull};
pub use paths::midpoint::midpoint_path;
pub use paths::offset_funnel::offset_path;
pub use paths::optimal::optimal_path;
pub use paths::path::{Path, PathSegment};
pub use paths::side::{Optimized, Side, SideTimings, Status, Variant, flatten_tolerance};
pub use paths::smooth::smooth_midpoints;
pub use paths::tangent_funnel::{Pinch, TangentFunnelEvent, tangent_funnel_trace, tangent_path};
pub use query::answer::{Answer, Metrics};
pub use query::anytime_search::anytime_corridor;
pub use query::corridor_opt::{
    ANYTIME_BUDGET, CorridorOptions, CorridorSearch, Optimization, TOPOLOGY_BUDGET, funnel_length,
    optimize_corridor,
};
pub use query::pass::{QueryOptions, query, query_mesh};
pub use query::raw_query::query_raw;
pub use search::astar::{
    BlockedCrossing, SearchEvent, SearchOutcome, astar, astar_linked, astar_trace,
};
pub use search::clearance_astar::clearance_astar;
pub use search::corridor::{Corridor, Hand, Portal, PortalEnd};
pub use search::links::{Jump, Jumps, Leg, link_ends};
pub use search::search_replay::{SearchNode, SearchReplay};
