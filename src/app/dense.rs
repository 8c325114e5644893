//! Level of detail for the canvas: geometry too fine to stroke on screen is drawn as a flat fill
//! that looks the same at that size, so a zoomed-out 100k-triangle navmesh costs a few hundred
//! thousand vertices instead of millions.
//! - Edges (a `Segments` item such as the navmesh wireframe) whose mean length on screen is
//!   below [`DENSE_EDGE_POINTS`] are drawn as the triangles they bound, filled with the edge
//!   colour at the fraction of the area the strokes would cover.
//! - A polygon whose outline would cover most of it (see [`is_tiny`]) is filled with its outline
//!   colour instead of filled and stroked.

use crate::geom::{Aabb, Point};
use crate::nav::NavMesh;

/// Edges shorter than this on screen, on average (in points), are drawn as a fill.
pub const DENSE_EDGE_POINTS: f64 = 4.0;

/// The triangles under a set of edges, drawn in their place when the edges are dense.
#[derive(Debug, Default)]
pub struct EdgeFill {
    pub vertices: Vec<Point>,
    /// Three indices into `vertices` per triangle.
    pub indices: Vec<u32>,
    /// Mean edge length, in world units.
    mean_edge: f64,
    /// Total edge length per unit of area, in 1 / world units.
    edge_density: f64,
}

impl EdgeFill {
    /// The triangles of `mesh`, standing for the edges `segments` drawn from it.
    pub fn of_mesh(mesh: &NavMesh, segments: &[[Point; 2]]) -> EdgeFill {
        let mut indices = Vec::with_capacity(3 * mesh.triangle_count());
        for t in mesh.triangle_ids() {
            indices.extend(mesh.triangle(t).map(|v| v.index() as u32));
        }
        let total: f64 = segments.iter().map(|[a, b]| a.distance(*b)).sum();
        let area = mesh.area();
        EdgeFill {
            vertices: mesh.vertices().to_vec(),
            indices,
            mean_edge: total / segments.len().max(1) as f64,
            edge_density: if area > 0.0 { total / area } else { 0.0 },
        }
    }

    /// Whether the edges are drawn as this fill at `scale` (screen points per world unit).
    pub fn applies(&self, scale: f64) -> bool {
        self.mean_edge * scale < DENSE_EDGE_POINTS
    }

    /// The fraction of the area that strokes `width` points wide cover at `scale`.
    pub fn coverage(&self, width: f32, scale: f64) -> f32 {
        (self.edge_density * width as f64 / scale).clamp(0.0, 1.0) as f32
    }
}

/// Whether a polygon with world bounds `bounds`, stroked `width` points wide, is so small at
/// `scale` that its outline covers most of it.
pub fn is_tiny(bounds: &Aabb, width: f32, scale: f64) -> bool {
    bounds.width().max(bounds.height()) * scale < 3.0 * width as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coverage_grows_as_the_view_zooms_out() {
        let fill = EdgeFill {
            mean_edge: 1.0,
            edge_density: 2.0,
            ..EdgeFill::default()
        };
        assert!(fill.applies(3.0) && !fill.applies(5.0));
        assert_eq!(fill.coverage(1.0, 4.0), 0.5);
        assert_eq!(fill.coverage(1.0, 1.0), 1.0);
    }

    #[test]
    fn tiny_is_relative_to_the_stroke() {
        let b = Aabb::from_points([Point::new(0.0, 0.0), Point::new(2.0, 1.0)]);
        assert!(is_tiny(&b, 1.5, 2.0)); // 4 points < 4.5
        assert!(!is_tiny(&b, 1.5, 3.0)); // 6 points
    }
}
