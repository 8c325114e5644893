//! glTF 2.0 (`.gltf`, JSON with the buffer embedded as a base64 data URI) of the navmesh
//! triangles in the y = 0 plane, for Unity, Unreal, Blender and any engine. As in the OBJ
//! export, a navscope point (x, y) becomes (x, 0, -y), so counter-clockwise triangles face up
//! (+y). Positions are 32-bit floats (as glTF requires), indices 32-bit. The document is built
//! with `gltf-json` and checked with the `gltf` crate's validator before it is returned.

use crate::geom::{Point, orient};
use crate::nav::NavMesh;
use crate::numbers::compact;
use base64::Engine;
use gltf::json;
use json::validation::Checked::Valid;
use json::validation::USize64;
use std::collections::BTreeMap;

/// The navmesh as a self-contained glTF document, or the validator's complaint.
pub fn navmesh_gltf(mesh: &NavMesh) -> Result<String, String> {
    let positions: Vec<[f32; 3]> = mesh
        .vertices()
        .iter()
        .map(|p| [p.x as f32, 0.0, -p.y as f32 + 0.0])
        .collect();
    // A triangle that 32-bit floats flatten or flip would be read back as a hole or a fold.
    for t in mesh.triangle_ids() {
        let [a, b, c] = mesh
            .triangle(t)
            .map(|v| positions[v.index()])
            .map(|p| Point::new(p[0] as f64, -p[2] as f64));
        if orient(a, b, c) <= 0.0 {
            let at = mesh.triangle_points(t)[0];
            return Err(format!(
                "triangle {} at ({}, {}) has no area in 32-bit floats, which glTF stores: move the scene nearer the origin (0, 0) or scale it",
                t.index(),
                compact(at.x),
                compact(at.y)
            ));
        }
    }
    let indices: Vec<u32> = mesh
        .triangle_ids()
        .flat_map(|t| mesh.triangle(t).map(|v| v.0))
        .collect();
    let mut bytes: Vec<u8> = positions
        .iter()
        .flatten()
        .flat_map(|c| c.to_le_bytes())
        .collect();
    let positions_len = bytes.len();
    bytes.extend(indices.iter().flat_map(|i| i.to_le_bytes()));
    let mut min = [f32::INFINITY; 3];
    let mut max = [f32::NEG_INFINITY; 3];
    for p in &positions {
        for k in 0..3 {
            min[k] = min[k].min(p[k]);
            max[k] = max[k].max(p[k]);
        }
    }
    let mut root = json::Root::default();
    let uri = format!(
        "data:application/octet-stream;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(&bytes)
    );
    let buffer = root.push(json::Buffer {
        byte_length: USize64::from(bytes.len()),
        extensions: None,
        extras: Default::default(),
        name: Some("navmesh".into()),
        uri: Some(uri),
    });
    let view = |root: &mut json::Root, offset: usize, length: usize, target| {
        root.push(json::buffer::View {
            buffer,
            byte_length: USize64::from(length),
            byte_offset: Some(USize64::from(offset)),
            byte_stride: None,
            extensions: None,
            extras: Default::default(),
            name: None,
            target: Some(Valid(target)),
        })
    };
    let position_view = view(
        &mut root,
        0,
        positions_len,
        json::buffer::Target::ArrayBuffer,
    );
    let index_view = view(
        &mut root,
        positions_len,
        bytes.len() - positions_len,
        json::buffer::Target::ElementArrayBuffer,
    );
    let accessor = |view, count: usize, component, type_, bounds: Option<([f32; 3], [f32; 3])>| {
        json::Accessor {
            buffer_view: Some(view),
            byte_offset: Some(USize64(0)),
            count: USize64::from(count),
            component_type: Valid(json::accessor::GenericComponentType(component)),
            extensions: None,
            extras: Default::default(),
            type_: Valid(type_),
            min: bounds.map(|(lo, _)| json::Value::from(lo.to_vec())),
            max: bounds.map(|(_, hi)| json::Value::from(hi.to_vec())),
            name: None,
            normalized: false,
            sparse: None,
        }
    };
    let position_accessor = root.push(accessor(
        position_view,
        positions.len(),
        json::accessor::ComponentType::F32,
        json::accessor::Type::Vec3,
        Some((min, max)),
    ));
    let index_accessor = root.push(accessor(
        index_view,
        indices.len(),
        json::accessor::ComponentType::U32,
        json::accessor::Type::Scalar,
        None,
    ));
    let primitive = json::mesh::Primitive {
        attributes: BTreeMap::from([(Valid(json::mesh::Semantic::Positions), position_accessor)]),
        extensions: None,
        extras: Default::default(),
        indices: Some(index_accessor),
        material: None,
        mode: Valid(json::mesh::Mode::Triangles),
        targets: None,
    };
    let gltf_mesh = root.push(json::Mesh {
        extensions: None,
        extras: Default::default(),
        name: Some("navmesh".into()),
        primitives: vec![primitive],
        weights: None,
    });
    let node = root.push(json::Node {
        mesh: Some(gltf_mesh),
        name: Some("navmesh".into()),
        ..Default::default()
    });
    let scene = root.push(json::Scene {
        extensions: None,
        extras: Default::default(),
        name: Some("navscope".into()),
        nodes: vec![node],
    });
    root.scene = Some(scene);
    root.asset.generator = Some(format!("navscope {}", env!("CARGO_PKG_VERSION")));
    let mut text = json::serialize::to_string(&root).map_err(|e| e.to_string())?;
    gltf::Gltf::from_slice(text.as_bytes()).map_err(|e| format!("invalid glTF: {e}"))?;
    text.push('\n');
    Ok(text)
}
