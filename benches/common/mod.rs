//! Shared bench helpers: the peer measured beside navscope (crate polyanya 0.18 on the same
//! input) and percentiles.

#![allow(dead_code)] // each bench uses part of these helpers

use glam::{Vec2, vec2};
use navscope::nav::NavMesh;
use navscope::scene::Scene;

/// polyanya's navmesh for the scene's obstacles at `radius` (outline shrunk too, like ours).
pub fn polyanya_build(scene: &Scene, radius: f32) -> polyanya::Mesh {
    let b = scene.bounds();
    let outline = [
        vec2(b.min.x as f32, b.min.y as f32),
        vec2(b.max.x as f32, b.min.y as f32),
        vec2(b.max.x as f32, b.max.y as f32),
        vec2(b.min.x as f32, b.max.y as f32),
    ];
    let mut t = polyanya::Triangulation::from_outer_edges(&outline);
    t.add_obstacles(scene.obstacles.iter().map(|o| {
        o.ring
            .points()
            .iter()
            .map(|p| vec2(p.x as f32, p.y as f32))
            .collect::<Vec<Vec2>>()
    }));
    if radius > 0.0 {
        t.set_agent_radius(radius);
        t.agent_radius_on_outer_edge(true);
    }
    t.as_navmesh()
}

/// polyanya's mesh made of exactly our triangles, baked for searching.
pub fn polyanya_from(mesh: &NavMesh) -> polyanya::Mesh {
    let trimesh = polyanya::Trimesh {
        vertices: mesh
            .vertices()
            .iter()
            .map(|p| vec2(p.x as f32, p.y as f32))
            .collect(),
        triangles: mesh
            .triangle_ids()
            .map(|t| mesh.triangle(t).map(|v| v.index()))
            .collect(),
    };
    let mut m =
        polyanya::Mesh::try_from(trimesh).expect("our triangles form a valid polyanya mesh");
    m.bake();
    m
}

/// Median and 99th percentile of a sample (sorted in place).
pub fn percentiles(samples: &mut [f64]) -> (f64, f64) {
    samples.sort_by(f64::total_cmp);
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99))
}
