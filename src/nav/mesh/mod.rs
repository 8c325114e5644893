//! The mesh stage: the navmesh data (triangles, ids, adjacency, components) and what reads it
//! alone: point location, vertex fans, ray casts, clearance widths.

pub mod clearance;
pub mod fan;
pub mod ids;
pub mod locate;
pub mod navmesh;
pub mod raycast;
