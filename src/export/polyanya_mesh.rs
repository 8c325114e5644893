//! Polyanya mesh, version 2 (the text format Polyanya and the engines built on it read, e.g.
//! Bevy's vleue_navigator): `mesh`, `2`, `V P`, then per vertex `x y n p1 .. pn` (the polygons
//! around it counter-clockwise, -1 for each stretch of wall between them), then per polygon
//! `n v1 .. vn p1 .. pn` with pj the polygon across edge v(j-1) -> vj (-1 = wall).

use crate::nav::PolygonMesh;
use std::fmt::Write;

/// The mesh as Polyanya v2 text. Polygons must be counter-clockwise (as navscope makes them).
pub fn polyanya_mesh(mesh: &PolygonMesh) -> String {
    let neighbors = mesh.neighbors();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "mesh\n2\n{} {}",
        mesh.vertices.len(),
        mesh.polygons.len()
    );
    for (v, around) in around_vertices(mesh, &neighbors).iter().enumerate() {
        let p = mesh.vertices[v];
        let _ = write!(out, "{} {} {}", p.x + 0.0, p.y + 0.0, around.len());
        for n in around {
            let _ = write!(out, " {n}");
        }
        out.push('\n');
    }
    for (poly, across) in mesh.polygons.iter().zip(&neighbors) {
        let _ = write!(out, "{}", poly.len());
        for v in poly {
            let _ = write!(out, " {v}");
        }
        // Polyanya's pj lies across v(j-1) -> vj: our edge k (vk -> vk+1) shifted by one.
        for j in 0..poly.len() {
            let n = across[(j + poly.len() - 1) % poly.len()];
            let _ = write!(out, " {}", n.map_or(-1, i64::from));
        }
        out.push('\n');
    }
    out
}

/// For each vertex, the polygons around it counter-clockwise, with -1 wherever a wall
/// separates two of them (or closes the fan).
fn around_vertices(mesh: &PolygonMesh, neighbors: &[Vec<Option<u32>>]) -> Vec<Vec<i64>> {
    // Every corner: (vertex, polygon, index of the vertex in the polygon).
    let mut corners: Vec<Vec<(u32, usize)>> = vec![Vec::new(); mesh.vertices.len()];
    for (i, poly) in mesh.polygons.iter().enumerate() {
        for (k, &v) in poly.iter().enumerate() {
            corners[v as usize].push((i as u32, k));
        }
    }
    corners
        .iter()
        .enumerate()
        .map(|(v, list)| {
            let centre = mesh.vertices[v];
            // Sort by the direction of each polygon's outgoing edge: counter-clockwise order.
            let mut list: Vec<(f64, u32, usize)> = list
                .iter()
                .map(|&(p, k)| {
                    let poly = &mesh.polygons[p as usize];
                    let next = mesh.vertices[poly[(k + 1) % poly.len()] as usize];
                    ((next.y - centre.y).atan2(next.x - centre.x), p, k)
                })
                .collect();
            list.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let mut out = Vec::new();
            for &(_, p, k) in &list {
                out.push(i64::from(p));
                // The edge into the vertex (k-1 -> k) is a wall: a gap follows counter-clockwise.
                let poly_len = mesh.polygons[p as usize].len();
                if neighbors[p as usize][(k + poly_len - 1) % poly_len].is_none() {
                    out.push(-1);
                }
            }
            out
        })
        .collect()
}
