//! Reader for navscope's own navmesh JSON (format `navscope-navmesh`, as `build --format json`
//! writes it): its convex `polygons` when present, else its triangles.

use super::clip;
use super::navmesh_file::ReadError;
use crate::export::{NAVMESH_FORMAT, NavMeshFile};
use crate::geom::Point;
use crate::nav::PolygonMesh;

/// The polygons of a navmesh JSON file.
pub fn navmesh_json(text: &str) -> Result<PolygonMesh, ReadError> {
    let file: NavMeshFile = serde_json::from_str(text).map_err(|e| (e.line(), e.to_string()))?;
    if file.format != NAVMESH_FORMAT {
        return Err((
            0,
            format!("format is `{}`, not `{NAVMESH_FORMAT}`", clip(&file.format)),
        ));
    }
    let polygons = if file.polygons.is_empty() {
        file.triangles.iter().map(|t| t.to_vec()).collect()
    } else {
        file.polygons
    };
    Ok(PolygonMesh {
        vertices: file
            .vertices
            .iter()
            .map(|&[x, y]| Point::new(x, y))
            .collect(),
        polygons,
    })
}
