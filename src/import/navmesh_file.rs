//! Opening an engine's navmesh file as a navmesh, as it is (`--as-navmesh`, the library's
//! `load_navmesh`): Polyanya `.mesh`, Godot `.tres`, Wavefront `.obj`, glTF `.gltf`/`.glb` or
//! navscope navmesh `.json`, chosen by extension. Its polygons are kept (triangulated inside
//! themselves only), nothing is shrunk, and the result is a `Build` every query, variant,
//! diagnosis and the lab run on; its raw (radius-aware) side is the same polygons.

use super::{gltf_mesh, godot_tres, navmesh_json, obj_mesh, parse_polyanya_polygons};
use crate::nav::{Build, FreeSpace, PolygonMesh, PolygonMeshError, RawNav, Timings};
use crate::scene::Scene;
use std::path::Path;
use std::time::Instant;
use thiserror::Error;

/// Why a navmesh file could not be opened; the message names the file.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum NavmeshFileError {
    /// The file could not be read, or is too large (see [`crate::fileio`]): the whole message.
    #[error("{0}")]
    Read(String),
    #[error(
        "{path}: cannot open `.{extension}` files as a navmesh (expected .mesh, .tres, .obj, .gltf, .glb or .json)"
    )]
    Extension { path: String, extension: String },
    /// `line` is 1-based (a problem of the file as a whole is `Invalid`).
    #[error("{path}: line {line}: {message}")]
    Syntax {
        path: String,
        line: usize,
        message: String,
    },
    #[error("{path}: {message}")]
    Invalid { path: String, message: String },
}

/// True when the editor opens `path` as a navmesh rather than as a scene: an engine navmesh file
/// (`.tres`, `.tscn`, `.obj`, `.gltf`, `.glb`) or navscope navmesh JSON (`"format":
/// "navscope-navmesh"`). A Polyanya `.mesh` opens as a scene unless asked for as a navmesh; a
/// file that cannot be read is left to the scene loader, which names the problem.
pub fn opens_as_navmesh(path: &Path) -> bool {
    has_navmesh_extension(path)
        || extension(path) == "json"
            && crate::fileio::read_input(path).is_ok_and(|bytes| is_navmesh_json(&bytes))
}

/// True when `path` has the extension of an engine's navmesh format that no scene has
/// (`.tres`, `.tscn`, `.obj`, `.gltf`, `.glb`).
pub fn has_navmesh_extension(path: &Path) -> bool {
    ["tres", "tscn", "obj", "gltf", "glb"].contains(&extension(path).as_str())
}

/// True when `bytes` are navscope navmesh JSON (`"format": "navscope-navmesh"`).
pub fn is_navmesh_json(bytes: &[u8]) -> bool {
    crate::fileio::json_format(bytes).is_some_and(|f| f == crate::export::NAVMESH_FORMAT)
}

/// The extension of `path` in lower case (empty without one).
fn extension(path: &Path) -> String {
    (path.extension())
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default()
}

/// A reader's complaint before the file name is added: a line (0 = the file) and a message.
pub(super) type ReadError = (usize, String);

/// The polygons of a navmesh file, as the file has them (y up, counter-clockwise), and the agent
/// radius it says they were made for (navmesh JSON and Godot resources record one).
pub fn load_polygon_mesh(path: &Path) -> Result<(PolygonMesh, Option<f64>), NavmeshFileError> {
    let name = path.display().to_string();
    let bytes =
        crate::fileio::read_input(path).map_err(|e| NavmeshFileError::Read(e.to_string()))?;
    let extension = extension(path);
    let bytes = crate::fileio::without_bom(&bytes);
    let text = || crate::fileio::text_of(bytes).map_err(|e| (0, format!("not UTF-8 text: {e}")));
    let unrecorded = |mesh| (mesh, None);
    let read: Result<(PolygonMesh, Option<f64>), ReadError> = match extension.as_str() {
        "mesh" => text().and_then(|t| {
            parse_polyanya_polygons(t)
                .map(unrecorded)
                .map_err(|e| match e {
                    super::PolyanyaMeshError::Syntax { line, message } => (line, message),
                    other => (0, other.to_string()),
                })
        }),
        "tres" | "tscn" => text().and_then(godot_tres),
        "obj" => text().and_then(obj_mesh).map(unrecorded),
        // Without its magic, the glTF reader would take a .glb for JSON and complain of that.
        "glb" if !bytes.starts_with(b"glTF") => Err((
            0,
            "not a binary glTF: a .glb file starts with the bytes `glTF`".to_string(),
        )),
        "gltf" | "glb" => gltf_mesh(bytes, path.parent()).map(unrecorded),
        "json" => text().and_then(navmesh_json),
        _ => {
            return Err(NavmeshFileError::Extension {
                path: name,
                extension,
            });
        }
    };
    let (mesh, agent_radius) = read.map_err(|(line, message)| match line {
        0 => NavmeshFileError::Invalid {
            path: name.clone(),
            message,
        },
        _ => NavmeshFileError::Syntax {
            path: name.clone(),
            line,
            message,
        },
    })?;
    mesh.validate().map_err(|e| NavmeshFileError::Invalid {
        path: name,
        message: e.to_string(),
    })?;
    Ok((mesh, agent_radius))
}

/// Opens a navmesh file as a navmesh (see the module docs); `radius` serves the radius-aware
/// variants on the same polygons (0 for a point agent: the engine's mesh is already shrunk).
pub fn load_navmesh(path: &Path, radius: f64) -> Result<(Scene, Build), NavmeshFileError> {
    let (mesh, _) = load_polygon_mesh(path)?;
    build_polygon_mesh(&mesh, radius).map_err(|e| NavmeshFileError::Invalid {
        path: path.display().to_string(),
        message: e.to_string(),
    })
}

/// The build of a polygon mesh kept as it is, and the scene it stands for (free space = union
/// of its polygons: outer contours walkable, holes obstacles).
pub fn build_polygon_mesh(
    polygons: &PolygonMesh,
    radius: f64,
) -> Result<(Scene, Build), PolygonMeshError> {
    let started = Instant::now();
    let (free_space, mesh) = polygons.to_navmesh()?;
    let triangulate_us = started.elapsed().as_micros() as u64;
    let started = Instant::now();
    let raw = RawNav::new(free_space.clone(), mesh.clone());
    let raw_us = started.elapsed().as_micros() as u64;
    let scene = scene_of(&free_space, radius);
    let build = Build {
        radius,
        warnings: Vec::new(),
        free_space,
        mesh,
        raw: Some(raw),
        links: Vec::new(),
        timings: Timings {
            triangulate_us,
            raw_us,
            ..Timings::default()
        },
    };
    Ok((scene, build))
}

/// A scene whose free space (at radius 0) is `free`: contours at even nesting depth are walkable
/// areas, the others obstacles named `hole N`, painted by depth (islands in holes are kept).
pub fn scene_of(free: &FreeSpace, radius: f64) -> Scene {
    // A contour pinched at a vertex becomes rings touching there, none touching itself.
    let loops = (free.contours.iter())
        .flat_map(|c| super::areas::simple_loops(&c.points))
        .filter(|l| l.len() >= 3)
        .collect();
    let mut scene = super::areas::scene_from_loops(loops);
    scene.agent_radius = radius;
    for (i, o) in scene.obstacles.iter_mut().enumerate() {
        o.name = format!("hole {i}");
    }
    scene
}

/// Reverses any clockwise polygon, for formats whose winding is not fixed. A polygon naming a
/// vertex that does not exist is left for `PolygonMesh::validate` to report.
pub(super) fn counter_clockwise(mut mesh: PolygonMesh) -> PolygonMesh {
    let count = mesh.vertices.len();
    for i in 0..mesh.polygons.len() {
        let exists = mesh.polygons[i].iter().all(|&v| (v as usize) < count);
        if exists && crate::geom::signed_area(&mesh.points(i)) < 0.0 {
            mesh.polygons[i].reverse();
        }
    }
    mesh
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_files_and_navmesh_json_open_as_navmeshes_scenes_do_not() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| {
            let path = dir.path().join(name);
            std::fs::write(&path, text).unwrap();
            path
        };
        for name in ["a.tres", "a.TSCN", "a.obj", "a.gltf", "a.glb"] {
            assert!(opens_as_navmesh(Path::new(name)), "{name}");
        }
        let navmesh = write("level.navmesh.json", r#"{"format": "navscope-navmesh"}"#);
        assert!(opens_as_navmesh(&navmesh));
        let scene = write(
            "level.json",
            r#"{"format": "navscope-scene", "version": 2}"#,
        );
        assert!(!opens_as_navmesh(&scene));
        let broken = write("broken.json", "{");
        assert!(!opens_as_navmesh(&broken), "left to the scene loader");
        assert!(!opens_as_navmesh(Path::new("level.mesh")));
        assert!(!opens_as_navmesh(Path::new("level.map")));
    }
}
