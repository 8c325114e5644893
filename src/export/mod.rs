//! Writers for derived data: the navmesh as JSON, Wavefront OBJ, Polyanya mesh, Godot
//! `NavigationPolygon` or glTF (triangles, or convex polygons where the format takes polygons),
//! and pictures as SVG or PNG. Same input, same bytes.

mod convex;
mod gltf;
mod godot;
mod navmesh_format;
mod navmesh_json;
mod obj;
mod png;
mod polyanya_mesh;
mod svg;

pub use convex::convex_polygons;
pub use gltf::navmesh_gltf;
pub use godot::{GodotError, godot_tres};
pub use navmesh_format::{ExportError, NavmeshFormat, Polygons, Written, write_navmesh};
pub use navmesh_json::{
    NAVMESH_FORMAT, NAVMESH_VERSION, NavMeshFile, navmesh_json, navmesh_json_with_polygons,
};
pub use obj::navmesh_obj;
pub use png::{png, png_of_view};
pub use polyanya_mesh::polyanya_mesh;
pub use svg::svg;
