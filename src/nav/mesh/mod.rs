//! The mesh stage: the data every later stage shares (the free space, the navmesh with its ids,
//! adjacency, components and triangle costs) and what reads it alone: point location, the
//! convex polygons the exact search sweeps (and their packing for the anytime search, with the
//! landmark distances), ray casts, clearance widths.

pub mod bits;
pub mod clearance;
pub mod components;
pub mod convex;
pub mod cost_map;
pub mod face_edges;
pub mod faces;
pub mod fan_chains;
pub mod free_space;
pub mod grouped;
pub mod hanging_trees;
pub mod hint_grid;
pub mod hub_fans;
pub mod ids;
pub mod landmarks;
pub mod live_locate;
pub mod locate;
pub mod location;
pub mod navmesh;
pub mod packed_polys;
pub mod raycast;
pub mod reshaped;
pub mod tri_links;
