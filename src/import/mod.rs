//! Readers for navigation data made by other tools (the counterpart of `export`).

mod gltf_mesh;
mod godot_tres;
mod navmesh_file;
mod navmesh_json;
mod obj_mesh;
mod polyanya_mesh;

pub use gltf_mesh::gltf_mesh;
pub use godot_tres::godot_tres;
pub use navmesh_file::{
    NavmeshFileError, build_polygon_mesh, load_navmesh, load_polygon_mesh, scene_of,
};
pub use navmesh_json::navmesh_json;
pub use obj_mesh::obj_mesh;
pub use polyanya_mesh::{
    PolyanyaMeshError, load_polyanya_mesh, parse_polyanya_mesh, parse_polyanya_polygons,
};
