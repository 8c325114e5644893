//! Wavefront OBJ: the navmesh triangles in the y = 0 plane. A scene point (x, y) becomes the
//! vertex (x, 0, -y), so counter-clockwise triangles face up (+y) in a y-up viewer.

use crate::nav::NavMesh;
use std::fmt::Write;

pub fn navmesh_obj(mesh: &NavMesh, agent_radius: f64) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# navscope navmesh, agent radius {agent_radius}");
    let _ = writeln!(
        out,
        "# {} vertices, {} triangles; scene (x, y) -> (x, 0, -y)",
        mesh.vertex_count(),
        mesh.triangle_count()
    );
    out.push_str("o navmesh\n");
    for p in mesh.vertices() {
        let _ = writeln!(out, "v {} 0 {}", p.x, -p.y + 0.0);
    }
    for t in mesh.triangle_ids() {
        let [a, b, c] = mesh.triangle(t);
        let _ = writeln!(out, "f {} {} {}", a.0 + 1, b.0 + 1, c.0 + 1);
    }
    out
}
