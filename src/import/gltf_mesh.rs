//! Reader for a navmesh stored as glTF 2.0 triangles in the y = 0 plane (`.gltf` with embedded
//! or external buffers, or `.glb`), through the `gltf` crate: every triangle primitive of every
//! mesh a node instances, placed by the node's transform composed down the hierarchy (`matrix`
//! or translation-rotation-scale, from the root nodes of the default scene, else of the first
//! scene, else every root node), the world vertex (x, y, z) becoming the point (x, -z) as in
//! navscope's glTF export (y is dropped); triangles are made counter-clockwise. A file without
//! nodes has its meshes read as they are.

use super::clip;
use super::navmesh_file::{ReadError, counter_clockwise};
use crate::geom::Point;
use crate::nav::PolygonMesh;
use base64::Engine;
use std::path::Path;

/// A column-major 4 x 4 affine transform, as glTF stores them.
type Matrix = [[f64; 4]; 4];

const IDENTITY: Matrix = [
    [1.0, 0.0, 0.0, 0.0],
    [0.0, 1.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
    [0.0, 0.0, 0.0, 1.0],
];

/// The triangles of a glTF document; `dir` resolves external buffer files.
pub fn gltf_mesh(bytes: &[u8], dir: Option<&Path>) -> Result<PolygonMesh, ReadError> {
    let unchecked = gltf::Gltf::from_slice_without_validation(bytes).map_err(invalid)?;
    // The crate's own validation and readers index without checking what this checks first.
    check_read_accessors(unchecked.as_json()).map_err(invalid)?;
    let document = gltf::Gltf {
        blob: unchecked.blob,
        document: gltf::Document::from_json(unchecked.document.into_json()).map_err(invalid)?,
    };
    let buffers = document
        .buffers()
        .map(|b| buffer_data(&b, document.blob.as_deref(), dir))
        .collect::<Result<Vec<Vec<u8>>, _>>()?;
    let mut mesh = PolygonMesh::default();
    let placed = placed_meshes(&document)?;
    for (gmesh, transform) in placed {
        read_mesh(&gmesh, &transform, &buffers, &mut mesh)?;
    }
    if mesh.polygons.is_empty() {
        return Err((0, "no triangles in any mesh".into()));
    }
    Ok(counter_clockwise(mesh))
}

/// The reader's complaint about a document the gltf crate or [`check_read_accessors`] refuses.
fn invalid(e: impl std::fmt::Display) -> ReadError {
    (0, format!("invalid glTF: {e}"))
}

/// Checks what the gltf crate takes for granted of the accessors a mesh reader reads (its
/// validation and readers panic otherwise): every accessor a primitive names exists, positions
/// are float VEC3 and indices unsigned SCALAR, neither sparse, and each lies, whole, inside its
/// buffer view, which names an existing buffer.
fn check_read_accessors(root: &gltf::json::Root) -> Result<(), String> {
    use gltf::json::accessor::{ComponentType, Type};
    use gltf::json::mesh::Semantic;
    use gltf::json::validation::Checked::Valid;
    for (m, mesh) in root.meshes.iter().enumerate() {
        for primitive in &mesh.primitives {
            let named = primitive
                .attributes
                .iter()
                .map(|(semantic, &i)| (Some(semantic), i));
            for (semantic, index) in named.chain(primitive.indices.map(|i| (None, i))) {
                let Some(accessor) = root.get(index) else {
                    return Err(format!(
                        "mesh {m} names accessor {index}, which does not exist"
                    ));
                };
                let expected: Option<(Type, &[ComponentType], &str)> = match semantic {
                    Some(Valid(Semantic::Positions)) => {
                        Some((Type::Vec3, &[ComponentType::F32], "float VEC3"))
                    }
                    Some(_) => None, // not read
                    None => Some((
                        Type::Scalar,
                        &[ComponentType::U8, ComponentType::U16, ComponentType::U32],
                        "unsigned SCALAR",
                    )),
                };
                let Some((kind, components, what)) = expected else {
                    continue;
                };
                let component = match &accessor.component_type {
                    Valid(c) => Some(c.0),
                    _ => None,
                };
                let fits = component.is_some_and(|c| components.contains(&c));
                if !fits || accessor.type_ != Valid(kind) || accessor.sparse.is_some() {
                    return Err(format!("accessor {index} is not a plain {what} accessor"));
                }
                let size = component.map_or(0, |c| c.size()) * kind.multiplicity();
                check_accessor_range(root, accessor, size)
                    .map_err(|e| format!("accessor {index}: {e}"))?;
            }
        }
    }
    Ok(())
}

/// An accessor of `count` elements of `size` bytes fits its buffer view, and the view names an
/// existing buffer whose length it fits.
fn check_accessor_range(
    root: &gltf::json::Root,
    accessor: &gltf::json::Accessor,
    size: usize,
) -> Result<(), String> {
    let view_index = accessor.buffer_view.ok_or("it has no buffer view")?;
    let view = root
        .get(view_index)
        .ok_or("its buffer view does not exist")?;
    let buffer = root
        .get(view.buffer)
        .ok_or("its buffer view's buffer does not exist")?;
    if let Some(s) = view.byte_stride.filter(|s| s.0 < size) {
        return Err(format!(
            "its buffer view's byteStride {} is smaller than its {size}-byte element",
            s.0
        ));
    }
    let count = accessor.count.0;
    let stride = view.byte_stride.map_or(size as u64, |s| s.0 as u64);
    let end = (count.checked_sub(1))
        .and_then(|c| c.checked_mul(stride))
        .and_then(|x| x.checked_add(size as u64))
        .and_then(|x| x.checked_add(accessor.byte_offset.map_or(0, |o| o.0)))
        .ok_or("it has no elements or too many")?;
    let view_end = view
        .byte_offset
        .map_or(0, |o| o.0)
        .checked_add(view.byte_length.0);
    if end > view.byte_length.0 || view_end.is_none_or(|e| e > buffer.byte_length.0) {
        return Err("its data lies outside its buffer".into());
    }
    Ok(())
}

/// Every mesh a node of the shown scene (the default one, else the first; without scenes,
/// every root node) instances with the node's world transform, parents before children and
/// nodes in file order; without nodes, every mesh untransformed. A node that is its own
/// ancestor (invalid glTF) is an error, not a hang.
fn placed_meshes<'a>(document: &'a gltf::Gltf) -> Result<Vec<(gltf::Mesh<'a>, Matrix)>, ReadError> {
    if document.nodes().len() == 0 {
        return Ok(document.meshes().map(|m| (m, IDENTITY)).collect());
    }
    let mut is_child = vec![false; document.nodes().len()];
    for node in document.nodes() {
        for child in node.children() {
            is_child[child.index()] = true;
        }
    }
    // The scene shown: the default one, else the first; nodes in no scene are not placed.
    let shown = document
        .default_scene()
        .or_else(|| document.scenes().next());
    let roots: Vec<gltf::Node> = match shown {
        Some(scene) => scene.nodes().collect(),
        None => (document.nodes())
            .filter(|n| !is_child[n.index()])
            .collect(),
    };
    let mut placed = Vec::new();
    let mut stack: Vec<(gltf::Node, Matrix, usize)> =
        roots.into_iter().map(|n| (n, IDENTITY, 0)).collect();
    stack.reverse();
    while let Some((node, parent, depth)) = stack.pop() {
        if depth > is_child.len() {
            return Err((0, format!("node {} is its own ancestor", node.index())));
        }
        let world = multiply(&parent, &to_f64(node.transform().matrix()));
        if let Some(m) = node.mesh() {
            placed.push((m, world));
        }
        let children: Vec<_> = node.children().collect();
        stack.extend(children.into_iter().rev().map(|c| (c, world, depth + 1)));
    }
    Ok(placed)
}

/// Appends the triangles of `gmesh`, placed by `transform`, to `mesh`.
fn read_mesh(
    gmesh: &gltf::Mesh,
    transform: &Matrix,
    buffers: &[Vec<u8>],
    mesh: &mut PolygonMesh,
) -> Result<(), ReadError> {
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
        mesh.vertices.extend(positions.map(|p| {
            let [x, _, z] = apply(transform, p.map(f64::from));
            Point::new(x + 0.0, -z + 0.0)
        }));
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
    Ok(())
}

fn to_f64(m: [[f32; 4]; 4]) -> Matrix {
    m.map(|column| column.map(f64::from))
}

/// `a * b` of column-major matrices.
fn multiply(a: &Matrix, b: &Matrix) -> Matrix {
    std::array::from_fn(|col| {
        std::array::from_fn(|row| (0..4).map(|k| a[k][row] * b[col][k]).sum())
    })
}

/// The point `p` moved by the affine transform `m`.
fn apply(m: &Matrix, p: [f64; 3]) -> [f64; 3] {
    std::array::from_fn(|row| m[0][row] * p[0] + m[1][row] * p[1] + m[2][row] * p[2] + m[3][row])
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
                let path = dir.unwrap_or(Path::new(".")).join(relative_path(uri)?);
                crate::fileio::read_input(&path).map_err(|e| (0, format!("buffer {e}")))?
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

/// The file a buffer's relative URI reference names: percent-escapes decoded (`my%20mesh.bin`
/// is `my mesh.bin`, as exporters write names with spaces); a URI of another scheme
/// (`http:`, `file:`), an absolute path or one with a `..` is refused, since only embedded data
/// and files in the glTF's folder or below it are read.
fn relative_path(uri: &str) -> Result<String, ReadError> {
    let scheme = uri.split_once(':').map(|(s, _)| s).filter(|s| {
        s.len() > 1
            && s.starts_with(|c: char| c.is_ascii_alphabetic())
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    });
    if let Some(scheme) = scheme {
        return Err((
            0,
            format!(
                "buffer URI \"{uri}\" is a {scheme}: URI; only data: URIs and files beside the glTF are read"
            ),
        ));
    }
    let bytes = uri.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok())
            .flatten()
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escaped {
            Some(byte) => {
                decoded.push(byte);
                i += 3;
            }
            None => {
                decoded.push(bytes[i]);
                i += 1;
            }
        }
    }
    let path = String::from_utf8(decoded).map_err(|_| {
        (
            0,
            format!("buffer URI \"{uri}\" does not decode to UTF-8 text"),
        )
    })?;
    let beside = Path::new(&path).components().all(|c| {
        matches!(
            c,
            std::path::Component::Normal(_) | std::path::Component::CurDir
        )
    });
    if !beside {
        return Err((
            0,
            format!(
                "buffer URI \"{}\" leaves the glTF's folder; only data: URIs and files in the glTF's folder or below it (no ..) are read",
                clip(uri)
            ),
        ));
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One triangle (0,0,0), (1,0,0), (0,0,-1) — the points (0,0), (1,0), (0,1) — instanced by
    /// a child node (translation (0,0,-5), a quarter turn about +y, scale (2,1,2)) of a parent
    /// whose `matrix` translates by (10,0,0).
    const PLACED: &str = r#"{
      "asset": {"version": "2.0"},
      "scene": 0,
      "scenes": [{"nodes": [0]}],
      "nodes": [
        {"matrix": [1,0,0,0, 0,1,0,0, 0,0,1,0, 10,0,0,1], "children": [1]},
        {"mesh": 0, "translation": [0, 0, -5],
         "rotation": [0, 0.7071067811865476, 0, 0.7071067811865476], "scale": [2, 1, 2]}
      ],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                     "min": [0, 0, -1], "max": [1, 0, 0]}],
      "bufferViews": [{"buffer": 0, "byteLength": 36}],
      "buffers": [{"byteLength": 36,
                   "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAAAAAAIC/"}]
    }"#;

    /// References the gltf crate takes for granted (its validation or reader panicked on each
    /// of the first two, found by fuzzing) are refused with a message.
    #[test]
    fn accessors_the_crate_would_panic_on_are_refused() {
        let cases = [
            (
                r#""POSITION": 0}"#,
                r#""POSITION": 7}"#,
                "accessor 7, which does not exist",
            ),
            (
                r#""POSITION": 0}"#,
                r#""POSITION": 0}, "indices": 0"#,
                "plain unsigned SCALAR",
            ),
            (r#""count": 3"#, r#""count": 4"#, "outside its buffer"),
            (r#""count": 3"#, r#""count": 0"#, "no elements"),
            (r#""buffer": 0"#, r#""buffer": 3"#, "buffer does not exist"),
            // Found by a hostile review: the reader asserted each element fits its stride.
            (
                r#""buffer": 0"#,
                r#""buffer": 0, "byteStride": 8"#,
                "byteStride 8 is smaller than its 12-byte element",
            ),
        ];
        for (from, to, expected) in cases {
            let text = PLACED.replace(from, to);
            assert_ne!(text, PLACED);
            let (_, message) = gltf_mesh(text.as_bytes(), None).expect_err(to);
            assert!(message.contains(expected), "{to}: {message}");
        }
    }

    #[test]
    fn node_transforms_place_the_mesh_through_the_hierarchy() {
        let mesh = gltf_mesh(PLACED.as_bytes(), None).unwrap();
        // By hand, each vertex: scale (2,1,2), then the quarter turn (x, y, z) -> (z, y, -x),
        // then + (0,0,-5), then + (10,0,0); the point is (x, -z).
        //   (0,0,0)  -> (0,0,0)  -> (0,0,0)  -> (0,0,-5)  -> (10,0,-5) -> (10, 5)
        //   (1,0,0)  -> (2,0,0)  -> (0,0,-2) -> (0,0,-7)  -> (10,0,-7) -> (10, 7)
        //   (0,0,-1) -> (0,0,-2) -> (-2,0,0) -> (-2,0,-5) -> (8,0,-5)  -> (8, 5)
        let expected = [(10.0, 5.0), (10.0, 7.0), (8.0, 5.0)];
        assert_eq!(mesh.vertices.len(), 3);
        // glTF stores single-precision numbers: about 1e-7 relative.
        for (v, (x, y)) in mesh.vertices.iter().zip(expected) {
            assert!(
                (v.x - x).abs() < 1e-5 && (v.y - y).abs() < 1e-5,
                "{v} is not ({x}, {y})"
            );
        }
        assert_eq!(
            mesh.polygons,
            vec![vec![0, 1, 2]],
            "already counter-clockwise"
        );
    }

    #[test]
    fn buffer_files_are_found_by_their_percent_decoded_names() {
        let dir = tempfile::tempdir().unwrap();
        let data = base64::engine::general_purpose::STANDARD
            .decode("AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAAAAAAIC/")
            .unwrap();
        std::fs::write(dir.path().join("my mesh.bin"), data).unwrap();
        let uri = |u: &str| {
            PLACED.replace(
                "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAAAAAAIC/",
                u,
            )
        };
        let mesh = gltf_mesh(uri("my%20mesh.bin").as_bytes(), Some(dir.path())).unwrap();
        assert_eq!(mesh.vertices.len(), 3);
        for (u, says) in [
            ("http://example.com/my%20mesh.bin", "is a http: URI"),
            ("file:///tmp/my%20mesh.bin", "is a file: URI"),
            ("my%ff.bin", "does not decode to UTF-8"),
            ("../my%20mesh.bin", "leaves the glTF's folder"),
            ("sub/../../my%20mesh.bin", "leaves the glTF's folder"),
            ("/tmp/my%20mesh.bin", "leaves the glTF's folder"),
            ("%2Fetc%2Fpasswd", "leaves the glTF's folder"),
        ] {
            let (_, message) = gltf_mesh(uri(u).as_bytes(), Some(dir.path())).expect_err(u);
            assert!(message.contains(says), "{u}: {message}");
        }
    }

    #[test]
    fn only_the_shown_scene_s_nodes_are_placed() {
        let mut json: serde_json::Value = serde_json::from_str(PLACED).unwrap();
        let far: serde_json::Value =
            serde_json::from_str(r#"{"mesh": 0, "translation": [100, 0, 0]}"#).unwrap();
        json["nodes"].as_array_mut().unwrap().push(far);
        let xs = |json: &serde_json::Value| {
            let mesh = gltf_mesh(json.to_string().as_bytes(), None).unwrap();
            let mut xs: Vec<i64> = mesh.vertices.iter().map(|p| p.x.round() as i64).collect();
            xs.sort();
            xs
        };
        // Node 2 is in no scene: the default scene places node 0's tree only.
        assert_eq!(xs(&json), vec![8, 10, 10]);
        // The default scene is the second, which holds node 2.
        json["scenes"]
            .as_array_mut()
            .unwrap()
            .push(serde_json::json!({"nodes": [2]}));
        json["scene"] = serde_json::json!(1);
        assert_eq!(xs(&json), vec![100, 100, 101]);
        // Without a default scene, the first is shown.
        json.as_object_mut().unwrap().remove("scene");
        assert_eq!(xs(&json), vec![8, 10, 10]);
        // Without scenes, every root node is placed.
        json.as_object_mut().unwrap().remove("scenes");
        assert_eq!(xs(&json), vec![8, 10, 10, 100, 100, 101]);
    }

    #[test]
    fn without_nodes_meshes_are_read_as_they_are() {
        let mut json: serde_json::Value = serde_json::from_str(PLACED).unwrap();
        for key in ["scene", "scenes", "nodes"] {
            json.as_object_mut().unwrap().remove(key);
        }
        let mesh = gltf_mesh(json.to_string().as_bytes(), None).unwrap();
        let points: Vec<(f64, f64)> = mesh.vertices.iter().map(|p| (p.x, p.y)).collect();
        assert_eq!(points, vec![(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]);
    }
}
