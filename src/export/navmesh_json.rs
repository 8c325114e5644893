//! Navmesh JSON: `{"format":"navscope-navmesh","version":1,"agent_radius":r,"vertices":[[x,y],..],
//! "triangles":[[a,b,c],..],"neighbors":[[n0,n1,n2],..],"components":[c,..]}`. Triangles are
//! counter-clockwise; `n_k` is the triangle across edge v_k -> v_(k+1), -1 for a wall;
//! `components` (an extension) labels each triangle's connected component.

use crate::nav::{NavMesh, PolygonMesh};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Value of the `format` field.
pub const NAVMESH_FORMAT: &str = "navscope-navmesh";

/// The navmesh JSON version written, and the newest read.
pub const NAVMESH_VERSION: u32 = 1;

/// The file's shape, for writing and for tools (and tests) that read it back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NavMeshFile {
    pub format: String,
    pub version: u32,
    pub agent_radius: f64,
    pub vertices: Vec<[f64; 2]>,
    pub triangles: Vec<[u32; 3]>,
    pub neighbors: Vec<[i64; 3]>,
    #[serde(default)]
    pub components: Vec<u32>,
    /// Convex polygons over the same vertices (counter-clockwise), written with
    /// `--polygons convex`; absent otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub polygons: Vec<Vec<u32>>,
}

impl NavMeshFile {
    pub fn new(mesh: &NavMesh, agent_radius: f64) -> Self {
        NavMeshFile {
            format: NAVMESH_FORMAT.to_string(),
            version: NAVMESH_VERSION,
            agent_radius,
            vertices: mesh.vertices().iter().map(|p| [p.x, p.y]).collect(),
            triangles: mesh
                .triangle_ids()
                .map(|t| mesh.triangle(t).map(|v| v.0))
                .collect(),
            neighbors: mesh
                .triangle_ids()
                .map(|t| mesh.neighbors(t).map(|n| n.map_or(-1, |n| n.0 as i64)))
                .collect(),
            components: mesh.triangle_ids().map(|t| mesh.component(t).0).collect(),
            polygons: Vec::new(),
        }
    }
}

/// The navmesh as one line of JSON (plus a newline).
pub fn navmesh_json(mesh: &NavMesh, agent_radius: f64) -> String {
    navmesh_json_with_polygons(mesh, agent_radius, None)
}

/// The navmesh as one line of JSON, with `polygons` when given (over their own vertices, each
/// at the position of one of the mesh's: they are written by the mesh's vertex numbers, which
/// a navmesh file's kept polygons need, the triangulation having numbered its points anew).
pub fn navmesh_json_with_polygons(
    mesh: &NavMesh,
    agent_radius: f64,
    polygons: Option<&PolygonMesh>,
) -> String {
    let mut file = NavMeshFile::new(mesh, agent_radius);
    if let Some(p) = polygons {
        let vertex_at: HashMap<(u64, u64), u32> = (mesh.vertices().iter().enumerate())
            .map(|(i, &q)| (q.position_key(), i as u32))
            .collect();
        let number = |v: u32| {
            let at = p.vertices.get(v as usize).map(|&q| q.position_key());
            at.and_then(|k| vertex_at.get(&k).copied()).unwrap_or(v)
        };
        file.polygons = (p.polygons.iter())
            .map(|ring| ring.iter().map(|&v| number(v)).collect())
            .collect();
    }
    let mut s = crate::numbers::to_json(&file).unwrap_or_default();
    s.push('\n');
    s
}
