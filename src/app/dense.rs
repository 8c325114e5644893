//! Level of detail for the canvas: geometry too fine to stroke on screen is drawn as a flat fill
//! that looks the same at that size, so a zoomed-out 100k-triangle navmesh costs a few hundred
//! thousand vertices instead of millions.
//! - Edges (a `Segments` item such as the navmesh wireframe) whose mean length on screen is
//!   below [`DENSE_EDGE_POINTS`] are drawn as the triangles they bound, filled with the edge
//!   colour at the fraction of the area the strokes would cover.
//! - A polygon whose outline would cover most of it (see [`is_tiny`]) is filled with its outline
//!   colour instead of filled and stroked.
//! - An outline or a path is stroked through fewer points: those closer than [`THIN_POINTS`] on
//!   screen to the last one kept are left out (see [`thin`]). A zoomed-out game map's outlines
//!   are mostly sub-point segments, drawn as a quad each.

use crate::geom::{Aabb, Point};
use crate::nav::{FreeSpace, NavMesh};
use egui::Pos2;

/// A stroke leaves out the points closer than this to the last point it kept, in screen points.
/// Strokes are at least a point wide, so the line drawn stays within it of the full one.
pub const THIN_POINTS: f32 = 1.0;

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
    /// The triangles of `mesh`, standing for the edges `segments` drawn from it, over the
    /// free space `free` that it triangulates (whose area is the mesh's, and quicker to sum).
    pub fn of_mesh(mesh: &NavMesh, free: &FreeSpace, segments: &[[Point; 2]]) -> EdgeFill {
        // The triangles are copied while the edges and the area are measured.
        let (indices, (total, area)) = rayon::join(
            || {
                let mut indices = Vec::with_capacity(3 * mesh.triangle_count());
                for t in mesh.triangle_ids() {
                    indices.extend(mesh.triangle(t).map(|v| v.index() as u32));
                }
                indices
            },
            || {
                let total: f64 = segments.iter().map(|[a, b]| a.distance(*b)).sum();
                (total, free.area())
            },
        );
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

/// Leaves out of the screen polyline `points` each point closer than [`THIN_POINTS`] to the
/// last point kept, always keeping the first and the last; unchanged if fewer than `keep`
/// points would be left (a closed ring repeats its first point at the end: 4 keeps a
/// triangle).
pub fn thin(points: &mut Vec<Pos2>, keep: usize) {
    let Some(&last) = points.last() else { return };
    let near = |a: Pos2, b: Pos2| (a - b).length_sq() < THIN_POINTS * THIN_POINTS;
    // The points kept, into `points[..kept]` when `write`; the count with the last point.
    let pass = |points: &mut [Pos2], write: bool| {
        let mut kept = 0;
        let mut at = points[0];
        for i in 0..points.len() {
            let p = points[i];
            if kept == 0 || !near(p, at) {
                if write {
                    points[kept] = p;
                }
                (at, kept) = (p, kept + 1);
            }
        }
        (kept, at != last)
    };
    let (kept, add_last) = pass(points, false);
    if kept + usize::from(add_last) < keep || kept == points.len() {
        return;
    }
    pass(points, true);
    points.truncate(kept);
    if add_last {
        points.push(last);
    }
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

    /// The fill of a built mesh holds its triangles, and its density is the edges' length over
    /// the mesh's area (taken from the free space it triangulates).
    #[test]
    fn a_mesh_fill_holds_its_triangles_and_measures_its_edges_over_its_area() {
        let json = include_str!("../../assets/scenes/gaps.json");
        let scene = crate::scene::from_json(json.as_bytes(), "gaps").expect("example scene");
        let build = crate::nav::build(&scene).expect("the example builds");
        let mut list = crate::viz::DrawList::default();
        crate::viz::draw_mesh(&build.mesh, &mut list);
        let crate::viz::Primitive::Segments(segments) = &list.items[0].primitive else {
            panic!("the mesh is drawn as segments");
        };
        let fill = EdgeFill::of_mesh(&build.mesh, &build.free_space, segments);
        let mesh = &build.mesh;
        assert_eq!(fill.vertices, mesh.vertices());
        let triangles: Vec<u32> = (mesh.triangle_ids())
            .flat_map(|t| mesh.triangle(t).map(|v| v.index() as u32))
            .collect();
        assert_eq!(fill.indices, triangles);
        let total: f64 = segments.iter().map(|[a, b]| a.distance(*b)).sum();
        let density = total / mesh.area();
        assert!((fill.edge_density - density).abs() <= 1e-9 * density);
        assert_eq!(fill.mean_edge, total / segments.len() as f64);
    }

    #[test]
    fn thinning_keeps_the_ends_and_no_two_points_nearer_than_the_step_between_them() {
        // A staircase of half-point steps, then a long run: every other step goes.
        let mut points: Vec<Pos2> = (0..10)
            .map(|k| Pos2::new(0.5 * k as f32, 0.5 * (k / 2) as f32))
            .chain([Pos2::new(20.0, 20.0), Pos2::new(20.2, 20.0)])
            .collect();
        let original = points.clone();
        thin(&mut points, 2);
        assert_eq!(points.first(), original.first());
        assert_eq!(points.last(), original.last(), "the end stays");
        assert!(points.len() < original.len() - 3, "{points:?}");
        // Every kept point is an original one, in order, and only the end may be near the
        // point before it.
        let mut rest = original.iter();
        assert!(points.iter().all(|p| rest.any(|q| q == p)));
        let inner = &points[..points.len() - 1];
        assert!(
            inner
                .windows(2)
                .all(|w| (w[1] - w[0]).length() >= THIN_POINTS)
        );
        // Each original point lies within the step of the line drawn (of a kept point).
        for q in &original {
            let nearest = points
                .iter()
                .map(|p| (*p - *q).length())
                .fold(f32::MAX, f32::min);
            assert!(nearest < THIN_POINTS, "{q:?}");
        }
    }

    #[test]
    fn a_ring_smaller_than_the_step_keeps_its_points() {
        let ring = [(0.0, 0.0), (0.5, 0.0), (0.5, 0.5), (0.0, 0.0)];
        let mut points: Vec<Pos2> = ring.iter().map(|&(x, y)| Pos2::new(x, y)).collect();
        thin(&mut points, 4);
        assert_eq!(points.len(), 4, "a triangle stays a triangle");
        // Apart, its points stay too; an empty line is left alone.
        let mut wide: Vec<Pos2> = ring
            .iter()
            .map(|&(x, y)| Pos2::new(9.0 * x, 9.0 * y))
            .collect();
        thin(&mut wide, 4);
        assert_eq!(wide.len(), 4);
        let mut empty = Vec::new();
        thin(&mut empty, 2);
        assert!(empty.is_empty());
    }

    #[test]
    fn tiny_is_relative_to_the_stroke() {
        let b = Aabb::from_points([Point::new(0.0, 0.0), Point::new(2.0, 1.0)]);
        assert!(is_tiny(&b, 1.5, 2.0)); // 4 points < 4.5
        assert!(!is_tiny(&b, 1.5, 3.0)); // 6 points
    }
}
