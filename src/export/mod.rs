//! Writers for derived data: the navmesh as JSON or Wavefront OBJ, and pictures as SVG or PNG.
//! Same input, same bytes.

mod navmesh_json;
mod obj;
mod png;
mod svg;

pub use navmesh_json::{NAVMESH_FORMAT, NavMeshFile, navmesh_json};
pub use obj::navmesh_obj;
pub use png::png;
pub use svg::svg;
