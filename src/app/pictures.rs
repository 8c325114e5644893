//! What the canvas draws besides the build and the query: the scene with its problems, and
//! the editor overlay (hover, selection, agent disc at the cursor). All through `viz`.

use super::group::Item;
use super::live::Failure;
use super::paint::Picture;
use super::selection::Selection;
use crate::geom::Point;
use crate::nav::NavMesh;
use crate::scene::{Hit, Issue, RingRef, Scene};
use crate::viz::{self, DrawList, Layer, Primitive, Style};

/// The scene rings; the fills of rings unchanged since the `previous` picture are taken from
/// it.
pub fn rings_picture(scene: &Scene, previous: Option<&Picture>) -> Picture {
    let mut list = DrawList::default();
    viz::draw_scene(scene, &mut list);
    Picture::reusing(list, previous)
}

/// Drawn over the scene rings: the ring a failure names (with its message), the rings warnings
/// name (the message of the `selected` one), and the handles of `query` when no analysis draws
/// them.
pub fn issues_picture(
    scene: &Scene,
    failure: Option<&Failure>,
    warnings: &[Issue],
    (handles, selected): (Option<usize>, Option<RingRef>),
) -> Picture {
    let mut list = DrawList::default();
    if let Some(f) = failure {
        issue(scene, f.ring, true, &f.message, &mut list);
    }
    // Repairs can be many: outline their rings, and label only the selected one (the inspector
    // lists them all).
    for w in warnings {
        match w.ring {
            Some(r) if Some(r) == selected => issue(scene, w.ring, false, &w.message, &mut list),
            Some(r) => viz::draw_ring_issue(scene, r, false, &mut list),
            None => {}
        }
    }
    if let Some(q) = handles.and_then(|i| scene.queries.get(i)) {
        list.push(
            Layer::Endpoints,
            Style::Start,
            Primitive::Marker {
                at: q.start,
                size: 9.0,
            },
        );
        list.push(
            Layer::Endpoints,
            Style::Goal,
            Primitive::Marker {
                at: q.goal,
                size: 9.0,
            },
        );
    }
    Picture::new(list)
}

/// Highlights `ring` (when given and present) and labels it with `message`; a message without
/// a ring is labelled at the scene's top-left corner.
fn issue(scene: &Scene, ring: Option<RingRef>, error: bool, message: &str, list: &mut DrawList) {
    let style = if error { Style::Error } else { Style::Warning };
    let at = match ring.and_then(|r| scene.ring(r).map(|points| (r, points))) {
        Some((r, points)) => {
            viz::draw_ring_issue(scene, r, error, list);
            let b = points.aabb();
            Point::new(b.min.x, b.max.y)
        }
        None => {
            let b = scene.bounds();
            if b.is_empty() {
                Point::ZERO
            } else {
                Point::new(b.min.x, b.max.y)
            }
        }
    };
    list.push(
        Layer::Issues,
        style,
        Primitive::Label {
            at,
            text: message.to_string(),
        },
    );
}

/// Hover and selection highlights and the agent disc at the cursor.
pub fn overlay(
    scene: &Scene,
    mesh: Option<&NavMesh>,
    hover: Option<Hit>,
    selection: &Selection,
    cursor_disc: Option<(Point, f64)>,
    list: &mut DrawList,
) {
    if let Some((center, radius)) = cursor_disc.filter(|(_, r)| *r > 0.0) {
        list.push(
            Layer::Agent,
            Style::Agent,
            Primitive::Circle { center, radius },
        );
    }
    highlight_selection(scene, mesh, selection, list);
    if let Some(hit) = hover {
        highlight_hit(scene, hit, list);
    }
}

fn highlight_selection(
    scene: &Scene,
    mesh: Option<&NavMesh>,
    selection: &Selection,
    list: &mut DrawList,
) {
    let style = Style::Selected;
    match *selection {
        Selection::None => {}
        Selection::Many(ref group) => {
            for item in group.items() {
                let one = match item {
                    Item::Ring(r) => Selection::Ring(r),
                    Item::Link(i) => Selection::Link(i),
                };
                highlight_selection(scene, mesh, &one, list);
            }
        }
        Selection::Corner(c) => {
            if let Some(ring) = scene.ring(c.ring) {
                list.push(
                    Layer::Overlay,
                    style,
                    Primitive::Polyline(closed(ring.points())),
                );
                if let Some(&at) = ring.points().get(c.index) {
                    list.push(Layer::Overlay, style, Primitive::Marker { at, size: 10.0 });
                }
            }
        }
        Selection::Ring(r) => {
            if let Some(ring) = scene.ring(r) {
                list.push(
                    Layer::Overlay,
                    style,
                    Primitive::Polygon(ring.points().into()),
                );
            }
        }
        Selection::Link(i) => {
            if let Some(link) = scene.links.get(i) {
                let arc = crate::viz::link_arc(link.from, link.to);
                list.push(Layer::Overlay, style, Primitive::Polyline(arc));
                for at in [link.from, link.to] {
                    list.push(Layer::Overlay, style, Primitive::Marker { at, size: 10.0 });
                }
            }
        }
        Selection::Triangle(at) => {
            if let Some((mesh, t)) = mesh.and_then(|m| m.locate(at).triangle().map(|t| (m, t))) {
                list.push(
                    Layer::Overlay,
                    style,
                    Primitive::Polygon(mesh.triangle_points(t).into()),
                );
            }
        }
    }
}

fn highlight_hit(scene: &Scene, hit: Hit, list: &mut DrawList) {
    let style = Style::Hover;
    match hit {
        Hit::Endpoint { query, end } => {
            if let Some(q) = scene.queries.get(query) {
                let at = match end {
                    crate::scene::QueryEnd::Start => q.start,
                    crate::scene::QueryEnd::Goal => q.goal,
                };
                list.push(Layer::Overlay, style, Primitive::Marker { at, size: 16.0 });
            }
        }
        Hit::LinkEnd { link, end } => {
            if let Some(l) = scene.links.get(link) {
                let at = l.end(end);
                list.push(Layer::Overlay, style, Primitive::Marker { at, size: 12.0 });
            }
        }
        Hit::Corner(c) => {
            if let Some(&at) = scene.ring(c.ring).and_then(|r| r.points().get(c.index)) {
                list.push(Layer::Overlay, style, Primitive::Marker { at, size: 11.0 });
            }
        }
        Hit::Edge { ring, index, at } => {
            if let Some(points) = scene.ring(ring).map(|r| r.points()) {
                let edge = vec![points[index], points[(index + 1) % points.len()]];
                list.push(Layer::Overlay, style, Primitive::Polyline(edge));
                list.push(Layer::Overlay, style, Primitive::Marker { at, size: 7.0 });
            }
        }
        Hit::Inside(ring) => {
            if let Some(r) = scene.ring(ring) {
                list.push(
                    Layer::Overlay,
                    style,
                    Primitive::Polyline(closed(r.points())),
                );
            }
        }
    }
}

fn closed(points: &[Point]) -> Vec<Point> {
    let mut v = points.to_vec();
    v.extend(points.first().copied());
    v
}
