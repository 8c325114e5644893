//! navscope: build navmeshes of 2D scenes for agents of a given radius and inspect the paths
//! made from them.
//!
//! Pipeline (each stage is a module; nothing is hidden in between):
//! ```text
//! Scene --validate/repair--> issues (warnings shown, errors stop the build)
//!   -> inflate(scene, r)      FreeSpace: union(walkable) shrunk by r minus union(obstacles) grown by r
//!   -> triangulate(free)      NavMesh: CCW triangles, neighbours, components (spade CDT)
//!   -> locate(point)          in a triangle, on an edge, on a vertex, or outside
//!   -> astar(start, goal)     Corridor: triangles and portals (left/right as seen walking)
//!   -> paths                  midpoint, funnel (string pulled), smoothed midpoints; each a Path
//!   -> viz::draw              DrawList shared by the GUI, SVG export and tests
//! and alongside, for any radius without rebuilding (nav::RawNav, nav::query_raw):
//!   raw mesh (radius 0)       NavMesh of the unshrunk free space + clearance widths per triangle
//!   -> clearance_astar(r)     Corridor of crossings at least 2r wide
//!   -> tangent_path(r)        lines and arcs round corner circles; offset_path (naive)
//! ```
//! Conventions: world units are f64, y points up, angles are radians counter-clockwise from +x,
//! outer rings are counter-clockwise and holes clockwise wherever orientation matters.

pub mod cli;
pub mod document;
pub mod export;
pub mod fileio;
pub mod geom;
pub mod import;
pub mod lab;
pub mod nav;
pub mod numbers;
pub mod rng;
pub mod scenario;
pub mod scene;
pub mod viz;

#[cfg(feature = "gui")]
pub mod app;
