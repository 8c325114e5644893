//! The picture of a diagnosis and of the detour: nearest free points, the free-space
//! components in distinct colours with the closest reachable point and the partial paths
//! (dashed), the bottleneck with its width, and the corridor triangles off the optimal path.

use crate::geom::Point;
use crate::nav::{Detour, Diagnosis, NavMesh};
use crate::viz::{DrawList, Layer, Primitive, Style};

/// Draws `diagnosis` of the query from `start` to `goal` on `mesh` (the shrunk mesh).
pub fn draw_diagnosis(
    mesh: &NavMesh,
    diagnosis: &Diagnosis,
    (start, goal): (Point, Point),
    list: &mut DrawList,
) {
    let mark = |at: Point, text: String, list: &mut DrawList| {
        list.push(
            Layer::Diagnosis,
            Style::Diagnosis,
            Primitive::Marker { at, size: 11.0 },
        );
        list.push(
            Layer::Diagnosis,
            Style::Diagnosis,
            Primitive::Label { at, text },
        );
    };
    for (end, at, outside) in [
        ("start", start, &diagnosis.start),
        ("goal", goal, &diagnosis.goal),
    ] {
        if let Some(nearest) = outside.as_ref().and_then(|o| o.nearest) {
            list.push(
                Layer::Diagnosis,
                Style::Diagnosis,
                Primitive::Polyline(vec![at, nearest]),
            );
            mark(nearest, format!("nearest free point to the {end}"), list);
        }
    }
    if let Some(u) = &diagnosis.unreachable {
        let mut parts: Vec<Vec<[Point; 3]>> = vec![Vec::new(); mesh.component_count()];
        for t in mesh.triangle_ids() {
            if let Some(part) = parts.get_mut(mesh.component(t).0 as usize) {
                part.push(mesh.triangle_points(t));
            }
        }
        for (k, tris) in parts.into_iter().enumerate() {
            list.push(
                Layer::Diagnosis,
                Style::Component(k as u32),
                Primitive::Triangles(tris),
            );
        }
        for (variant, path) in &u.partial_paths {
            let tolerance = 1e-3 * mesh.bounds().diagonal().max(1e-9);
            list.push(
                Layer::Path(*variant),
                Style::Partial(*variant),
                Primitive::Polyline(path.points(tolerance)),
            );
        }
        mark(u.closest_reachable, "closest reachable".to_string(), list);
    }
    if let Some(b) = &diagnosis.bottleneck {
        list.push(
            Layer::Diagnosis,
            Style::Diagnosis,
            Primitive::Polyline(b.across.to_vec()),
        );
        let text = format!(
            "bottleneck {:.3} wide < 2r = {:.3}",
            b.width,
            2.0 * diagnosis.radius
        );
        mark(b.at, text, list);
    }
}

/// Draws the corridor triangles off the optimal path's way, labelled with the funnel's excess.
pub fn draw_detour(mesh: &NavMesh, detour: &Detour, list: &mut DrawList) {
    let tris: Vec<[Point; 3]> = detour
        .off_path
        .iter()
        .map(|&t| mesh.triangle_points(t))
        .collect();
    let Some(first) = detour.off_path.first() else {
        return;
    };
    list.push(
        Layer::WhyNotShortest,
        Style::Detour,
        Primitive::Triangles(tris),
    );
    list.push(
        Layer::WhyNotShortest,
        Style::Detour,
        Primitive::Label {
            at: mesh.centroid(*first),
            text: format!("funnel +{:.2} % over optimal", 100.0 * detour.excess),
        },
    );
}
