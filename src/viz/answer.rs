//! The picture of a query's [`Answer`]: the corridor with its portals (every piece of a route
//! through off-mesh links), every path variant (its walked pieces, and each link it takes as a
//! dashed arc; the funnel before the corridor optimisations dashed, where they changed it), the agent discs,
//! the start and goal, the diagnosis (nearest free points, the free-space components in
//! distinct colours, the closest reachable point and the partial paths dashed, the bottleneck
//! with its width, and the diagnosis sentence) and the detour (the corridor triangles off the
//! optimal path). The editor's canvas paints it; `navscope path --svg/--png` writes it.

use super::{
    DrawList, Layer, Primitive, Style, draw_corridor, draw_free_space, draw_mesh, draw_scene,
    link_arc,
};
use crate::geom::Point;
use crate::nav::{Answer, Build, Detour, Diagnosis, NavMesh, Variant};
use crate::scene::Scene;

/// Draws `answer`, a query answered on a build whose shrunk mesh is `mesh`.
pub fn draw_answer(mesh: &NavMesh, answer: &Answer, list: &mut DrawList) {
    let shrunk = &answer.shrunk;
    for c in shrunk
        .corridor
        .iter()
        .chain(shrunk.legs.iter().map(|l| &l.corridor))
    {
        draw_corridor(mesh, c, list);
    }
    // Arcs (radius-aware paths) within 1% of their radius, everything else within 0.1% of the map.
    let map_tolerance = 1e-3 * mesh.bounds().diagonal().max(1e-9);
    let tolerance = match &answer.raw {
        Some(_) => map_tolerance.min(0.01 * answer.radius).max(1e-9),
        None => map_tolerance,
    };
    for (variant, path) in answer.paths() {
        for run in path.runs(tolerance) {
            list.push(
                Layer::Path(variant),
                Style::Path(variant),
                Primitive::Polyline(run),
            );
        }
        for (from, to) in path.links() {
            list.push(
                Layer::Path(variant),
                Style::PathLink(variant),
                Primitive::Polyline(link_arc(from, to)),
            );
        }
    }
    // Where the offset path comes closer than the radius to a wall.
    for cut in answer.raw.iter().flat_map(|raw| &raw.offset_cuts) {
        list.push(
            Layer::Path(Variant::Offset),
            Style::Error,
            Primitive::Polyline(vec![cut.from, cut.to]),
        );
    }
    // The funnel before the optimisations, dashed, when they changed the corridor.
    if let Some(o) = &shrunk.optimized
        && Some(&o.before) != shrunk.corridor.as_ref()
        && let Some(path) = &o.funnel_before
    {
        list.push(
            Layer::Path(Variant::Funnel),
            Style::PathBefore(Variant::Funnel),
            Primitive::Polyline(path.points(0.0)),
        );
    }
    draw_agent_discs(answer, list);
    for (style, at) in [(Style::Start, answer.start), (Style::Goal, answer.goal)] {
        list.push(Layer::Endpoints, style, Primitive::Marker { at, size: 9.0 });
    }
    if let Some(d) = &answer.diagnosis {
        draw_diagnosis(mesh, d, (answer.start, answer.goal), list);
    }
    if let Some(d) = &answer.detour {
        draw_detour(mesh, d, list);
    }
}

/// A disc of the agent radius at the corners of every path of the query, leaving out corners
/// closer than one radius to the previous disc of the same path.
fn draw_agent_discs(answer: &Answer, list: &mut DrawList) {
    let radius = answer.radius;
    if radius <= 0.0 {
        return;
    }
    for (_, path) in answer.paths() {
        let mut last: Option<Point> = None;
        let corners = std::iter::once(path.start).chain(path.segments.iter().map(|s| s.end()));
        for center in corners {
            if last.is_none_or(|l| l.distance(center) >= radius) {
                list.push(
                    Layer::Agent,
                    Style::Agent,
                    Primitive::Circle { center, radius },
                );
                last = Some(center);
            }
        }
    }
}

/// Draws `diagnosis` of the query from `start` to `goal` on `mesh` (the shrunk mesh), with its
/// sentence at the top left of the mesh.
fn draw_diagnosis(
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
    if let Some(text) = diagnosis.sentence() {
        let b = mesh.bounds();
        list.push(
            Layer::Diagnosis,
            Style::Diagnosis,
            Primitive::Label {
                at: Point::new(b.min.x, b.max.y),
                text: format!("why: {text}"),
            },
        );
    }
}

/// Draws the corridor triangles off the optimal path's way, labelled with the funnel's excess.
fn draw_detour(mesh: &NavMesh, detour: &Detour, list: &mut DrawList) {
    let Some(first) = detour.off_path.first() else {
        return;
    };
    let tris: Vec<[Point; 3]> = detour
        .off_path
        .iter()
        .map(|&t| mesh.triangle_points(t))
        .collect();
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

/// The whole picture of a query on `build` (made from `scene`): the scene, the free space, the
/// mesh and [`draw_answer`], as `navscope path --svg` writes it.
pub fn answer_picture(scene: &Scene, build: &Build, answer: &Answer) -> DrawList {
    let mut list = DrawList::default();
    draw_scene(scene, &mut list);
    draw_free_space(&build.free_space, &mut list);
    draw_mesh(&build.mesh, &mut list);
    draw_answer(&build.mesh, answer, &mut list);
    list
}
