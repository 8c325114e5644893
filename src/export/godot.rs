//! Godot 4 `NavigationPolygon` resource (`.tres`), ready for a `NavigationRegion2D`:
//! `vertices` (`PackedVector2Array`) and `polygons` (`Array[PackedInt32Array]`, convex when the
//! polygons are). Godot's y axis points down, so a navscope point (x, y) becomes (x, -y) and each
//! polygon's order is reversed to keep the winding Godot's own baker writes (positive area in
//! Godot's coordinates). Godot joins polygons through vertices snapped to a grid of `cell_size`
//! (keys floor(x / cell_size) in 32-bit floats) and silently loses connectivity where two
//! distinct vertices share a cell: `cell_size` is the largest power of two up to 1 that keeps
//! every vertex in its own cell, and the navigation map's cell size must be set to the same.

use crate::nav::PolygonMesh;
use std::fmt::Write;
use thiserror::Error;

/// Smallest cell size tried: 2^-24 world units.
const MIN_CELL_SIZE_LOG2: i32 = -24;

/// Why no Godot resource could be written.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum GodotError {
    #[error(
        "vertices {0} and {1} are too close for Godot: they share a cell even at cell_size 2^{MIN_CELL_SIZE_LOG2} (32-bit floats)"
    )]
    Collision(usize, usize),
}

/// The resource text, and the cell size it sets.
pub fn godot_tres(mesh: &PolygonMesh, agent_radius: f64) -> Result<(String, f64), GodotError> {
    let cell_size = cell_size(mesh)?;
    let mut out = String::from("[gd_resource type=\"NavigationPolygon\" format=3]\n\n[resource]\n");
    out.push_str("vertices = PackedVector2Array(");
    for (i, p) in mesh.vertices.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        let _ = write!(out, "{sep}{}, {}", p.x + 0.0, -p.y + 0.0);
    }
    out.push_str(")\npolygons = Array[PackedInt32Array]([");
    for (i, poly) in mesh.polygons.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        let ids: Vec<String> = poly.iter().rev().map(u32::to_string).collect();
        let _ = write!(out, "{sep}PackedInt32Array({})", ids.join(", "));
    }
    let _ = writeln!(out, "])\nagent_radius = {}", float(agent_radius));
    let _ = writeln!(out, "cell_size = {}", float(cell_size));
    Ok((out, cell_size))
}

/// A float property as Godot writes one: always with a decimal point (`1.0`, not `1`).
fn float(v: f64) -> String {
    let s = format!("{}", v + 0.0);
    if s.contains('.') { s } else { format!("{s}.0") }
}

/// The largest power of two up to 1 at which Godot's vertex keys (floor of the 32-bit
/// coordinate over the cell size) are all distinct.
fn cell_size(mesh: &PolygonMesh) -> Result<f64, GodotError> {
    let points: Vec<(f32, f32)> = mesh
        .vertices
        .iter()
        .map(|p| (p.x as f32, -p.y as f32))
        .collect();
    let mut clash = (0, 0);
    for log2 in (MIN_CELL_SIZE_LOG2..=0).rev() {
        let cell = 2f32.powi(log2);
        let mut keys: Vec<((i64, i64), usize)> = points
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| (((x / cell).floor() as i64, (y / cell).floor() as i64), i))
            .collect();
        keys.sort_unstable();
        match keys.windows(2).find(|w| w[0].0 == w[1].0) {
            None => return Ok(f64::from(cell)),
            Some(w) => clash = (w[0].1, w[1].1),
        }
    }
    Err(GodotError::Collision(clash.0, clash.1))
}
