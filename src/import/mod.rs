//! Readers for navigation data made by other tools (the counterpart of `export`): Polyanya meshes
//! and MovingAI grid maps become scenes (chosen by file extension in [`crate::scene::load`]),
//! scenario files (`.scen`) become queries with published lengths, and engine navmesh files open
//! as navmeshes (`navmesh_file`).

mod areas;
mod gltf_mesh;
mod godot_tres;
mod joined_lines;
mod movingai_map;
mod navmesh_file;
mod navmesh_json;
mod obj_mesh;
mod polyanya_mesh;
mod scen;
mod svg;
mod svg_uses;

pub use gltf_mesh::gltf_mesh;
pub use godot_tres::godot_tres;
pub use movingai_map::{MapError, map_size, parse_movingai_map};
pub use navmesh_file::{
    NavmeshFileError, build_polygon_mesh, has_navmesh_extension, is_navmesh_json, load_navmesh,
    load_polygon_mesh, opens_as_navmesh, scene_of,
};
pub use navmesh_json::navmesh_json;
pub use obj_mesh::obj_mesh;
pub use polyanya_mesh::{
    PolyanyaMeshError, load_polyanya_mesh, parse_polyanya_mesh, parse_polyanya_polygons,
};
pub use scen::{ScenCoordinates, ScenError, ScenQuery, parse_scen};
pub use svg::{FLATTEN_TOLERANCE, SvgArea, SvgError, parse_svg, svg_scene};

use crate::scene::Scene;
use std::path::Path;

/// At most 40 characters of a field, for one-line messages (see [`escape_controls`]).
pub(crate) fn clip(s: &str) -> String {
    escape_controls(&s.chars().take(40).collect::<String>())
}

/// `s` with its control characters escaped (a line break or a tab inside a garbled field, or in
/// a parser's message quoting one), so that a message stays one line.
pub(crate) fn escape_controls(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A scene format of another tool, recognised by its file extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SceneFormat {
    /// Polyanya mesh, versions 2 and 3 (`.mesh`).
    PolyanyaMesh,
    /// MovingAI grid map (`.map`).
    MovingAiMap,
    /// SVG drawing (`.svg`): shapes become obstacles, or walkable areas (see [`parse_svg`]).
    Svg,
}

impl SceneFormat {
    /// The format of `path` by its extension (case-insensitive); `None` for navscope's own JSON
    /// and anything else.
    pub fn of(path: &Path) -> Option<SceneFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "mesh" => Some(SceneFormat::PolyanyaMesh),
            "map" => Some(SceneFormat::MovingAiMap),
            "svg" => Some(SceneFormat::Svg),
            _ => None,
        }
    }

    /// Reads a file of this format into a scene (radius 0); errors name the line.
    pub fn read(self, bytes: &[u8]) -> Result<Scene, String> {
        let text = crate::fileio::text_of(bytes)
            .map_err(|e| format!("not UTF-8 text (byte {})", e.valid_up_to()))?;
        match self {
            SceneFormat::PolyanyaMesh => {
                let free = parse_polyanya_mesh(text).map_err(|e| e.to_string())?;
                Ok(scene_of(&free, 0.0))
            }
            SceneFormat::MovingAiMap => parse_movingai_map(text).map_err(|e| e.to_string()),
            SceneFormat::Svg => svg_scene(text).map_err(|e| e.to_string()),
        }
    }
}
