//! Navigation: from a scene to a navmesh (repair, inflate, triangulate) and from a start/goal
//! to a corridor and paths (locate, astar, funnel, ...). The only module that uses spade and
//! i_overlay.

mod astar;
mod build;
mod corridor;
mod diagnose;
mod fan;
mod free_space;
mod funnel;
mod inflate;
pub mod invariants;
mod locate;
mod mesh;
mod midpoint;
mod optimal;
mod path;
mod polygon_ops;
mod query;
mod repair;
mod seam;
mod triangulate;

pub use astar::astar;
pub use build::{Build, BuildError, BuildOptions, Timings, build, build_with};
pub use corridor::{Corridor, Portal};
pub use diagnose::{Blocker, blocker, closest_in_component, nearest_free_point};
pub use free_space::{Contour, FreeSpace};
pub use funnel::string_pull;
pub use inflate::inflate;
pub use locate::Location;
pub use mesh::{ComponentId, NavMesh, TriId, VertexId};
pub use midpoint::midpoint_path;
pub use optimal::optimal_path;
pub use path::{Path, PathSegment};
pub use query::{QueryResult, QueryTimings, Status, Variant, query, query_with};
pub use repair::{Repaired, repair};
pub use triangulate::triangulate;
