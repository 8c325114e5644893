//! Pictures of one step of a step-through: the A* search (open and closed triangles, parent
//! links as arrows between centroids, the current triangle) and the funnel (apex, left and right
//! sides, the current portal, the path so far; apex circles for the tangent funnel). All on
//! [`Layer::Steps`].

use super::{DrawList, Layer, Paint, Primitive, Rgba, Style};
use crate::geom::Point;
use crate::nav::{
    FunnelEvent, NavMesh, Portal, PortalEnd, SearchReplay, TangentFunnelEvent, TriId,
};

/// Styles of the step-through pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepStyle {
    /// A triangle on the open list.
    Open,
    /// A closed (expanded) triangle.
    Closed,
    /// The triangle closed by the current step, or the portal the funnel is processing.
    Current,
    /// Parent links, from parent to child.
    Parent,
    /// The corridor found, or the funnel path so far.
    Chain,
    /// The funnel's apex (marker or circle).
    Apex,
    FunnelLeft,
    FunnelRight,
}

impl StepStyle {
    pub fn paint(self, dark: bool) -> Paint {
        let p = |fill, stroke, width| Paint {
            fill,
            stroke,
            width,
            dashed: false,
        };
        match self {
            StepStyle::Open => p(Rgba(255, 190, 40, 110), Rgba::NONE, 0.0),
            StepStyle::Closed => p(Rgba(150, 110, 230, 90), Rgba::NONE, 0.0),
            StepStyle::Current => p(Rgba::NONE, Rgba(255, 215, 0, 255), 3.0),
            StepStyle::Parent => p(
                Rgba::NONE,
                if dark {
                    Rgba(230, 230, 240, 200)
                } else {
                    Rgba(40, 40, 60, 200)
                },
                1.2,
            ),
            StepStyle::Chain => p(Rgba::NONE, Rgba(255, 120, 40, 255), 3.0),
            StepStyle::Apex => p(Rgba(255, 215, 0, 50), Rgba(255, 215, 0, 255), 2.0),
            StepStyle::FunnelLeft => p(Rgba::NONE, Rgba(80, 140, 255, 255), 3.5),
            StepStyle::FunnelRight => p(Rgba::NONE, Rgba(240, 90, 80, 255), 3.5),
        }
    }
}

fn push(list: &mut DrawList, style: StepStyle, primitive: Primitive) {
    list.push(Layer::Steps, Style::Step(style), primitive);
}

/// The search after some steps: open and closed triangles, parent links, the triangle closed
/// last (`current`) and, once found, the corridor's chain of centroids.
pub fn draw_search_step(
    mesh: &NavMesh,
    state: &SearchReplay,
    current: Option<TriId>,
    list: &mut DrawList,
) {
    let open: Vec<[Point; 3]> = state.open().map(|t| mesh.triangle_points(t)).collect();
    let closed = state.closed.iter().map(|&t| mesh.triangle_points(t));
    push(
        list,
        StepStyle::Closed,
        Primitive::Triangles(closed.collect()),
    );
    push(list, StepStyle::Open, Primitive::Triangles(open));
    let mut links = Vec::new();
    for (&t, node) in &state.nodes {
        if let Some(parent) = node.parent {
            arrow(mesh.centroid(parent), mesh.centroid(t), &mut links);
        }
    }
    push(list, StepStyle::Parent, Primitive::Segments(links));
    if let Some(t) = current {
        push(
            list,
            StepStyle::Current,
            Primitive::Polygon(mesh.triangle_points(t).into()),
        );
    }
    if let Some(chain) = state.corridor() {
        let centroids = chain.iter().map(|&t| mesh.centroid(t)).collect();
        push(list, StepStyle::Chain, Primitive::Polyline(centroids));
    }
}

/// A line from `a` to `b` with a head at `b` a quarter of its length, as segments.
fn arrow(a: Point, b: Point, out: &mut Vec<[Point; 2]>) {
    out.push([a, b]);
    let d = b - a;
    let back = d * -0.25;
    let side = d.perp() * 0.12;
    out.push([b, b + back + side]);
    out.push([b, b + back - side]);
}

/// The path so far: the start and the apex of every corner event up to and including `step`.
fn path_so_far(points: impl Iterator<Item = Point>) -> Vec<Point> {
    let mut path: Vec<Point> = Vec::new();
    for q in points {
        if path.last() != Some(&q) {
            path.push(q);
        }
    }
    path
}

/// The point funnel at event `step` of `events` over `portals`: the current portal, the apex,
/// the left and right sides and the path so far, with the event named at the apex.
pub fn draw_funnel_step(
    portals: &[Portal],
    events: &[FunnelEvent],
    step: usize,
    list: &mut DrawList,
) {
    let Some(e) = events.get(step) else { return };
    let at = |end: PortalEnd| portals[end.portal].end(end.hand);
    draw_portal(portals, e.portal, list);
    let path = path_so_far(
        std::iter::once(portals[0].left).chain(events[..=step].iter().map(|e| at(e.apex))),
    );
    push(list, StepStyle::Chain, Primitive::Polyline(path));
    let apex = at(e.apex);
    push(
        list,
        StepStyle::FunnelLeft,
        Primitive::Polyline(vec![apex, at(e.left)]),
    );
    push(
        list,
        StepStyle::FunnelRight,
        Primitive::Polyline(vec![apex, at(e.right)]),
    );
    push(
        list,
        StepStyle::Apex,
        Primitive::Marker {
            at: apex,
            size: 10.0,
        },
    );
    push(
        list,
        StepStyle::Apex,
        Primitive::Label {
            at: apex,
            text: e.name().into(),
        },
    );
}

/// The tangent funnel at event `step`: as [`draw_funnel_step`], with the apex circle and the
/// sides as tangents leaving its rim.
pub fn draw_tangent_funnel_step(
    portals: &[Portal],
    events: &[TangentFunnelEvent],
    step: usize,
    list: &mut DrawList,
) {
    let Some(e) = events.get(step) else { return };
    draw_portal(portals, e.event.portal, list);
    let path = path_so_far(
        std::iter::once(portals[0].left).chain(events[..=step].iter().map(|e| e.apex.center)),
    );
    push(list, StepStyle::Chain, Primitive::Polyline(path));
    push(
        list,
        StepStyle::FunnelLeft,
        Primitive::Polyline(vec![e.left.from, e.left.to]),
    );
    push(
        list,
        StepStyle::FunnelRight,
        Primitive::Polyline(vec![e.right.from, e.right.to]),
    );
    let apex = e.apex.center;
    if e.apex.radius > 0.0 {
        push(
            list,
            StepStyle::Apex,
            Primitive::Circle {
                center: apex,
                radius: e.apex.radius,
            },
        );
    }
    push(
        list,
        StepStyle::Apex,
        Primitive::Marker {
            at: apex,
            size: 6.0,
        },
    );
    push(
        list,
        StepStyle::Apex,
        Primitive::Label {
            at: apex,
            text: e.event.name().into(),
        },
    );
}

fn draw_portal(portals: &[Portal], k: usize, list: &mut DrawList) {
    if let Some(p) = portals.get(k) {
        push(
            list,
            StepStyle::Current,
            Primitive::Polyline(vec![p.left, p.right]),
        );
    }
}
