//! The build stage: from a scene to its free space and navmeshes (repair, polygon operations,
//! inflate, triangulate, the raw mesh) and the one-call `pipeline`.

pub mod budget;
mod bulk_load;
pub mod error;
pub mod incremental;
pub mod inflate;
pub mod live_mesh;
pub mod pipeline;
pub mod polygon_mesh;
pub mod polygon_ops;
pub mod raw;
pub mod repair;
pub mod seam;
mod spare;
pub mod stitch;
mod tangent_polygon;
pub mod triangulate;
