//! One entry for every navmesh writer: a format, triangles or convex polygons, and the text,
//! so the CLI (`build --format`, `convert`) and the editor's File > Export write alike.

use super::convex::is_convex;
use super::{
    GodotError, convex_polygons, godot_tres, navmesh_gltf, navmesh_json_with_polygons, navmesh_obj,
    polyanya_mesh,
};
use crate::nav::{NavMesh, PolygonMesh};
use thiserror::Error;

/// A navmesh file format navscope writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NavmeshFormat {
    /// navscope navmesh JSON.
    Json,
    /// Wavefront OBJ (triangles).
    Obj,
    /// Polyanya mesh v2.
    Mesh,
    /// Godot 4 `NavigationPolygon` `.tres`.
    Godot,
    /// glTF 2.0 with an embedded buffer (triangles).
    Gltf,
}

impl NavmeshFormat {
    /// Whether the format stores polygons (so `--polygons convex` applies).
    pub fn takes_polygons(self) -> bool {
        matches!(
            self,
            NavmeshFormat::Json | NavmeshFormat::Mesh | NavmeshFormat::Godot
        )
    }

    /// The format a file name asks for: `.mesh`, `.tres`, `.gltf`, `.obj`, or `.json`.
    pub fn from_file_name(name: &str) -> Option<NavmeshFormat> {
        let lower = name.to_lowercase();
        let ext = lower.rsplit_once('.').map_or("", |(_, e)| e);
        Some(match ext {
            "json" => NavmeshFormat::Json,
            "obj" => NavmeshFormat::Obj,
            "mesh" => NavmeshFormat::Mesh,
            "tres" => NavmeshFormat::Godot,
            "gltf" => NavmeshFormat::Gltf,
            _ => return None,
        })
    }
}

/// Which polygons a polygon format gets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Polygons {
    /// The mesh's triangles (or the polygons of a navmesh opened as it is).
    #[default]
    Triangles,
    /// Triangles merged into convex polygons of at most `max_vertices` vertices.
    Convex { max_vertices: Option<usize> },
}

/// Why a navmesh could not be written.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum ExportError {
    #[error(
        "--polygons convex applies to the json (.navmesh.json), mesh (.mesh) and godot (.tres) formats only"
    )]
    ConvexNotSupported,
    /// Transparent: its message once came twice in a chained report (`{:#}`).
    #[error(transparent)]
    Godot(#[from] GodotError),
    #[error("{0}")]
    Gltf(String),
}

/// A written navmesh.
#[derive(Clone, Debug, PartialEq)]
pub struct Written {
    pub text: String,
    /// How many polygons a polygon format got.
    pub polygon_count: Option<usize>,
    /// The `kept` polygons were written as they are (not triangles, not merged ones).
    pub kept: bool,
    /// Something the user must know (e.g. the Godot cell size to set on the map).
    pub note: Option<String>,
}

/// Writes `mesh` (for agent radius `radius`) in `format`. `kept` are polygons to write as they
/// are instead of the triangles (a navmesh opened as it is, over the same vertices as `mesh`,
/// as `PolygonMesh::to_navmesh` makes it); convex merging replaces them.
pub fn write_navmesh(
    mesh: &NavMesh,
    radius: f64,
    format: NavmeshFormat,
    polygons: Polygons,
    kept: Option<&PolygonMesh>,
) -> Result<Written, ExportError> {
    let chosen = match polygons {
        Polygons::Convex { .. } if !format.takes_polygons() => {
            return Err(ExportError::ConvexNotSupported);
        }
        Polygons::Convex { max_vertices } => Some(convex_polygons(mesh, max_vertices)),
        Polygons::Triangles => kept.cloned(),
    };
    // The formats of convex polygons get no other: a kept polygon that is not convex makes
    // them merge the triangles instead (merged polygons are convex already).
    let needs_check = matches!(polygons, Polygons::Triangles)
        && matches!(format, NavmeshFormat::Mesh | NavmeshFormat::Godot);
    let (total, concave) = match (&chosen, needs_check) {
        (Some(p), true) => {
            let concave = (p.polygons.iter()).filter(|ring| !is_convex(p, ring));
            (p.polygons.len(), concave.count())
        }
        _ => (0, 0),
    };
    // What a polygon format writes is the kept polygons themselves.
    let kept_written = kept.is_some() && matches!(polygons, Polygons::Triangles) && concave == 0;
    let (chosen, concave_note) = if concave > 0 {
        let note = format!(
            "{concave} of {total} polygons not convex, which this format needs: written as convex polygons merged from the triangles"
        );
        (Some(convex_polygons(mesh, None)), Some(note))
    } else {
        (chosen, None)
    };
    let notes = |other: Option<String>| {
        let all: Vec<String> = concave_note.iter().cloned().chain(other).collect();
        (!all.is_empty()).then(|| all.join("; "))
    };
    let as_polygons = || {
        chosen
            .clone()
            .unwrap_or_else(|| PolygonMesh::from_triangles(mesh))
    };
    let count = |p: &PolygonMesh| Some(p.polygons.len());
    Ok(match format {
        NavmeshFormat::Json => Written {
            polygon_count: chosen.as_ref().and_then(count),
            text: navmesh_json_with_polygons(mesh, radius, chosen.as_ref()),
            kept: kept_written,
            note: None,
        },
        NavmeshFormat::Obj => Written {
            text: navmesh_obj(mesh, radius),
            polygon_count: None,
            kept: false,
            note: None,
        },
        NavmeshFormat::Mesh => {
            let p = as_polygons();
            Written {
                text: polyanya_mesh(&p),
                polygon_count: count(&p),
                kept: kept_written,
                note: notes(None),
            }
        }
        NavmeshFormat::Godot => {
            let p = as_polygons();
            let (text, cell_size) = godot_tres(&p, radius)?;
            Written {
                text,
                polygon_count: count(&p),
                kept: kept_written,
                note: notes((cell_size != 1.0).then(|| {
                    format!(
                        "Godot cell_size {cell_size}: set the navigation map's cell size to the same"
                    )
                })),
            }
        }
        NavmeshFormat::Gltf => Written {
            text: navmesh_gltf(mesh).map_err(ExportError::Gltf)?,
            polygon_count: None,
            kept: false,
            note: None,
        },
    })
}
