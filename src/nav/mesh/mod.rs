//! The mesh stage: the data every later stage shares (the free space, the navmesh with its ids,
//! adjacency and components) and what reads it alone: point location, vertex fans, ray casts,
//! clearance widths.

pub mod clearance;
pub mod fan;
pub mod free_space;
pub mod ids;
pub mod locate;
pub mod navmesh;
pub mod raycast;
