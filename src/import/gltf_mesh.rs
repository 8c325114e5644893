//! Reader for a navmesh stored as glTF 2.0 triangles in the y = 0 plane (`.gltf` with embedded
//! or external buffers, or `.glb`), through the `gltf` crate: every triangle primitive of every
//! mesh, in mesh coordinates (node transforms are not applied), the vertex (x, y, z) becoming
//! the point (x, -z) as in navscope's glTF export; triangles are made counter-clockwise.

use super::navmesh_file::{ReadError, counter_clockwise};
use crate::geom::Point;
use crate::nav::PolygonMesh;
use base64::Engine;
use std::path::Path;

/// The triangles of a glTF document; `dir` resolves external buffer files.
pub fn gltf_mesh(bytes: &[u8], dir: Option<&Path>) -> Result<PolygonMesh, ReadError> {
    let document = gltf::Gltf::from_slice(bytes).map_err(|e| (0, format!("invalid glTF: {e}")))?;
    let buffers = document
        .buffers()
        .map(|b| buffer_data(&b, document.blob.as_deref(), dir))
        .collect::<Result<Vec<Vec<u8>>, _>>()?;
    let mut mesh = PolygonMesh::default();
    for gmesh in document.meshes() {
        for primitive in gmesh.primitives() {
            if primitive.mode() != gltf::mesh::Mode::Triangles {
                return Err((
                    0,
                    format!("mesh {}: only triangle primitives are read", gmesh.index()),
                ));
            }
            let reader = primitive.reader(|b| buffers.get(b.index()).map(Vec::as_slice));
            let base = mesh.vertices.len() as u32;
            let positions = reader.read_positions().ok_or_else(|| {
                (
                    0,
                    format!("mesh {}: a primitive has no positions", gmesh.index()),
                )
            })?;
            mesh.vertices
                .extend(positions.map(|[x, _, z]| Point::new(f64::from(x), -f64::from(z) + 0.0)));
            let count = mesh.vertices.len() as u32 - base;
            let indices: Vec<u32> = match reader.read_indices() {
                Some(i) => i.into_u32().collect(),
                None => (0..count).collect(),
            };
            if !indices.len().is_multiple_of(3) || indices.iter().any(|&i| i >= count) {
                return Err((
                    0,
                    format!(
                        "mesh {}: indices are not whole triangles of its vertices",
                        gmesh.index()
                    ),
                ));
            }
            mesh.polygons.extend(
                indices
                    .chunks(3)
                    .map(|t| t.iter().map(|&i| base + i).collect()),
            );
        }
    }
    if mesh.polygons.is_empty() {
        return Err((0, "no triangles in any mesh".into()));
    }
    Ok(counter_clockwise(mesh))
}

/// The bytes of one buffer: the GLB binary chunk, a base64 data URI or a file beside the document.
fn buffer_data(
    buffer: &gltf::Buffer,
    blob: Option<&[u8]>,
    dir: Option<&Path>,
) -> Result<Vec<u8>, ReadError> {
    let data = match buffer.source() {
        gltf::buffer::Source::Bin => blob
            .map(<[u8]>::to_vec)
            .ok_or_else(|| (0, "the GLB binary chunk is missing".to_string()))?,
        gltf::buffer::Source::Uri(uri) => match uri.strip_prefix("data:") {
            Some(rest) => {
                let (_, encoded) = rest
                    .split_once(";base64,")
                    .ok_or_else(|| (0, "a data URI buffer is not base64".to_string()))?;
                base64::engine::general_purpose::STANDARD
                    .decode(encoded)
                    .map_err(|e| (0, format!("a data URI buffer is not valid base64: {e}")))?
            }
            None => {
                let path = dir.unwrap_or(Path::new(".")).join(uri);
                std::fs::read(&path).map_err(|e| (0, format!("buffer {}: {e}", path.display())))?
            }
        },
    };
    if data.len() < buffer.length() {
        return Err((
            0,
            format!(
                "buffer {} holds {} bytes, fewer than its byteLength {}",
                buffer.index(),
                data.len(),
                buffer.length()
            ),
        ));
    }
    Ok(data)
}
