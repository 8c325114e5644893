//! `DrawList`: world-space drawing primitives tagged with a layer and a semantic style. The GUI
//! paints them with egui, the SVG writer prints them, tests inspect them; none of the drawing
//! code knows about the others.

use crate::geom::Point;
use crate::nav::{Corridor, FreeSpace, NavMesh, Variant};
use crate::scene::{RingRef, Scene};
use std::sync::Arc;

mod answer;
mod links;
pub mod playback;
pub mod steps;

pub use answer::{answer_picture, draw_answer};
pub use links::{draw_links, link_arc};

/// What a primitive belongs to; each layer can be shown or hidden on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Layer {
    Walkable,
    /// Cost areas, tinted by cost.
    Costs,
    Obstacles,
    FreeSpace,
    Mesh,
    /// The scene's off-mesh links.
    Links,
    Corridor,
    Portals,
    Path(Variant),
    /// Discs of the agent radius (at the cursor and at path corners).
    Agent,
    Endpoints,
    Issues,
    /// Why a query failed: nearest free points, components, closest reachable point, bottleneck.
    Diagnosis,
    /// Corridor triangles the optimal path does not touch, with the funnel's excess.
    WhyNotShortest,
    /// The A* or funnel step-through's current step.
    Steps,
    /// Editor feedback: hover and selection highlights, tool previews, the played agents.
    /// Always shown.
    Overlay,
}

impl Layer {
    /// Layers that do not depend on the path variants, in drawing order.
    pub const BASE: [Layer; 13] = [
        Layer::Walkable,
        Layer::Costs,
        Layer::FreeSpace,
        Layer::Mesh,
        Layer::Obstacles,
        Layer::Corridor,
        Layer::Portals,
        Layer::Agent,
        Layer::Endpoints,
        Layer::Issues,
        Layer::Diagnosis,
        Layer::WhyNotShortest,
        Layer::Links,
    ];

    /// Painting order: lower ranks are drawn first.
    pub fn rank(self) -> u8 {
        match self {
            Layer::Walkable => 0,
            Layer::FreeSpace => 1,
            Layer::Costs | Layer::Corridor | Layer::WhyNotShortest => 2,
            Layer::Mesh => 3,
            Layer::Obstacles => 4,
            Layer::Portals | Layer::Links => 5,
            Layer::Agent => 6,
            Layer::Path(_) => 7,
            Layer::Endpoints => 8,
            Layer::Issues | Layer::Diagnosis | Layer::Steps => 9,
            Layer::Overlay => 10,
        }
    }

    pub fn name(self) -> String {
        match self {
            Layer::Walkable => "walkable outline".into(),
            Layer::Costs => "cost areas".into(),
            Layer::Obstacles => "obstacles".into(),
            Layer::FreeSpace => "inflated free space".into(),
            Layer::Mesh => "navmesh triangles".into(),
            Layer::Links => "off-mesh links".into(),
            Layer::Corridor => "corridor".into(),
            Layer::Portals => "portals".into(),
            Layer::Path(v) => format!("{} path", v.name()),
            Layer::Agent => "agent discs".into(),
            Layer::Endpoints => "start and goal".into(),
            Layer::Issues => "problems".into(),
            Layer::Diagnosis => "diagnosis".into(),
            Layer::WhyNotShortest => "why not shortest".into(),
            Layer::Steps => "step-through".into(),
            Layer::Overlay => "editing".into(),
        }
    }
}

/// Semantic style; renderers map it to colours and widths with [`Style::paint`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    Walkable,
    Obstacle,
    FreeSpace,
    MeshFill,
    MeshEdge,
    CorridorFill,
    PortalLeft,
    PortalRight,
    Path(Variant),
    /// A path as it was before the corridor optimisations: dashed, in its variant's colour.
    PathBefore(Variant),
    /// An off-mesh link a path takes: dashed, in its variant's colour.
    PathLink(Variant),
    /// An off-mesh link of the scene: dashed.
    Link,
    Start,
    Goal,
    Error,
    Warning,
    /// An agent-sized disc.
    Agent,
    /// What a click would take.
    Hover,
    /// The current selection.
    Selected,
    /// A shape being drawn.
    Preview,
    /// A connected component of the free space (colours cycle through a palette).
    Component(u32),
    /// A path to the closest reachable point only: dashed, in its variant's colour.
    Partial(Variant),
    /// Diagnosis marks: nearest free points, closest reachable point, bottleneck.
    Diagnosis,
    /// Corridor triangles off the optimal path's way.
    Detour,
    /// The step-through's pictures.
    Step(steps::StepStyle),
    /// The path of agent profile `k` when every profile is shown (colours cycle, see
    /// [`profile_color`]).
    Profile(u32),
    /// A cost area, tinted by its [`cost_level`]: blue for cheaper ground, brown for dearer.
    Cost(i8),
}

/// The tint level of a cost: 0 for the floor's 1, two levels per doubling (negative below 1),
/// at most 6 either way.
pub fn cost_level(cost: f64) -> i8 {
    (2.0 * cost.log2()).round().clamp(-6.0, 6.0) as i8
}

/// An 8-bit sRGB colour with alpha.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    pub const NONE: Rgba = Rgba(0, 0, 0, 0);

    /// `#rrggbb` (alpha is written separately by renderers that need it).
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    pub fn alpha(self) -> f64 {
        self.3 as f64 / 255.0
    }
}

/// Colour scheme.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Theme {
    #[default]
    Dark,
    Light,
}

/// How to paint a style: fill, stroke colour, stroke width in screen pixels, dashed or not.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paint {
    pub fill: Rgba,
    pub stroke: Rgba,
    pub width: f32,
    pub dashed: bool,
}

impl Style {
    pub fn paint(self, theme: Theme) -> Paint {
        let dark = theme == Theme::Dark;
        let p = |fill, stroke, width| Paint {
            fill,
            stroke,
            width,
            dashed: false,
        };
        match self {
            Style::Walkable => p(
                if dark {
                    Rgba(40, 44, 52, 255)
                } else {
                    Rgba(250, 250, 247, 255)
                },
                if dark {
                    Rgba(150, 160, 175, 255)
                } else {
                    Rgba(70, 70, 80, 255)
                },
                1.5,
            ),
            Style::Obstacle => p(
                if dark {
                    Rgba(95, 80, 70, 255)
                } else {
                    Rgba(150, 130, 115, 255)
                },
                if dark {
                    Rgba(200, 170, 140, 255)
                } else {
                    Rgba(90, 70, 55, 255)
                },
                1.5,
            ),
            Style::FreeSpace => p(
                if dark {
                    Rgba(45, 75, 60, 255)
                } else {
                    Rgba(215, 240, 222, 255)
                },
                if dark {
                    Rgba(90, 160, 120, 255)
                } else {
                    Rgba(70, 150, 100, 255)
                },
                1.0,
            ),
            Style::MeshFill => p(Rgba::NONE, Rgba::NONE, 0.0),
            Style::MeshEdge => p(
                Rgba::NONE,
                if dark {
                    Rgba(110, 140, 125, 160)
                } else {
                    Rgba(120, 150, 130, 150)
                },
                0.7,
            ),
            Style::CorridorFill => p(
                if dark {
                    Rgba(70, 110, 170, 110)
                } else {
                    Rgba(140, 180, 235, 130)
                },
                Rgba::NONE,
                0.0,
            ),
            Style::PortalLeft => p(Rgba::NONE, Rgba(80, 140, 255, 255), 1.5),
            Style::PortalRight => p(Rgba::NONE, Rgba(240, 90, 80, 255), 1.5),
            Style::Path(v) => p(Rgba::NONE, variant_color(v, dark), 2.5),
            Style::PathBefore(v) => Paint {
                dashed: true,
                ..p(Rgba::NONE, variant_color(v, dark), 1.5)
            },
            Style::PathLink(v) => Paint {
                dashed: true,
                ..p(Rgba::NONE, variant_color(v, dark), 2.0)
            },
            Style::Link => {
                let amber = if dark {
                    Rgba(255, 200, 60, 255)
                } else {
                    Rgba(170, 110, 0, 255)
                };
                Paint {
                    dashed: true,
                    ..p(amber, amber, 2.0)
                }
            }
            Style::Start => p(Rgba(60, 200, 90, 255), Rgba(20, 60, 30, 255), 1.5),
            Style::Goal => p(Rgba(235, 70, 70, 255), Rgba(70, 20, 20, 255), 1.5),
            Style::Error => p(Rgba(230, 50, 50, 60), Rgba(255, 60, 60, 255), 3.0),
            // Dashed, so that a repaired ring never reads as a path.
            Style::Warning => Paint {
                dashed: true,
                ..p(Rgba::NONE, Rgba(240, 180, 40, 255), 2.0)
            },
            Style::Agent => p(
                if dark {
                    Rgba(255, 255, 255, 12)
                } else {
                    Rgba(40, 40, 60, 14)
                },
                if dark {
                    Rgba(255, 255, 255, 90)
                } else {
                    Rgba(40, 40, 60, 110)
                },
                1.0,
            ),
            Style::Hover => p(Rgba(255, 255, 255, 40), Rgba(255, 215, 0, 255), 2.5),
            Style::Selected => p(Rgba(120, 200, 255, 50), Rgba(30, 160, 255, 255), 2.5),
            Style::Preview => p(
                Rgba(255, 215, 0, 40),
                if dark {
                    Rgba(255, 230, 120, 255)
                } else {
                    Rgba(160, 110, 0, 255)
                },
                1.5,
            ),
            Style::Component(k) => {
                let Rgba(r, g, b, _) = COMPONENT_COLORS[k as usize % COMPONENT_COLORS.len()];
                p(Rgba(r, g, b, if dark { 70 } else { 90 }), Rgba::NONE, 0.0)
            }
            Style::Partial(v) => Paint {
                dashed: true,
                ..p(Rgba::NONE, variant_color(v, dark), 2.5)
            },
            Style::Diagnosis => Paint {
                dashed: true,
                ..p(
                    Rgba(255, 80, 220, 255),
                    if dark {
                        Rgba(255, 120, 230, 255)
                    } else {
                        Rgba(190, 0, 150, 255)
                    },
                    2.0,
                )
            },
            Style::Detour => p(Rgba(255, 140, 0, 95), Rgba(255, 140, 0, 200), 1.0),
            Style::Step(step) => step.paint(dark),
            Style::Profile(k) => p(Rgba::NONE, profile_color(k), 2.5),
            Style::Cost(level) => {
                let alpha = (40 + 30 * level.unsigned_abs() as u16).min(220) as u8;
                let (r, g, b) = if level < 0 {
                    (70, 150, 255)
                } else {
                    (170, 110, 40)
                };
                p(Rgba(r, g, b, alpha), Rgba(r, g, b, 255), 1.0)
            }
        }
    }
}

/// Fill colours of free-space components, far apart in hue.
const COMPONENT_COLORS: [Rgba; 6] = [
    Rgba(80, 160, 255, 255),
    Rgba(255, 170, 50, 255),
    Rgba(120, 220, 90, 255),
    Rgba(240, 90, 160, 255),
    Rgba(170, 120, 255, 255),
    Rgba(60, 210, 200, 255),
];

/// The colour of agent profile `k`'s path (also used by the editor's profile list).
pub fn profile_color(k: u32) -> Rgba {
    COMPONENT_COLORS[k as usize % COMPONENT_COLORS.len()]
}

/// The colour of a path variant (also used by legends and plots).
pub fn variant_color(v: Variant, dark: bool) -> Rgba {
    let (on_dark, on_light) = match v {
        Variant::Midpoint => (Rgba(240, 200, 80, 255), Rgba(200, 140, 0, 255)),
        Variant::Funnel => (Rgba(90, 220, 255, 255), Rgba(0, 120, 200, 255)),
        Variant::MidpointSmoothed => (Rgba(255, 150, 60, 255), Rgba(210, 90, 0, 255)),
        Variant::Tangent => (Rgba(120, 240, 120, 255), Rgba(0, 150, 60, 255)),
        Variant::Offset => (Rgba(230, 120, 255, 255), Rgba(150, 50, 200, 255)),
        Variant::Optimal => (Rgba(255, 255, 255, 255), Rgba(20, 20, 20, 255)),
    };
    if dark { on_dark } else { on_light }
}

/// A drawing primitive in world coordinates.
#[derive(Clone, Debug, PartialEq)]
pub enum Primitive {
    /// A closed polygon, filled and/or stroked.
    Polygon(Arc<[Point]>),
    /// An open polyline (stroke only).
    Polyline(Vec<Point>),
    /// Separate line segments sharing one style (e.g. all mesh edges).
    Segments(Vec<[Point; 2]>),
    /// Filled triangles sharing one style (e.g. a corridor).
    Triangles(Vec<[Point; 3]>),
    /// A circle of a world radius.
    Circle { center: Point, radius: f64 },
    /// A round marker of a fixed screen size, in pixels.
    Marker { at: Point, size: f32 },
    /// Text anchored at a point.
    Label { at: Point, text: String },
}

/// One styled primitive on one layer.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub layer: Layer,
    pub style: Style,
    pub primitive: Primitive,
}

/// An ordered list of items: later items draw on top.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DrawList {
    pub items: Vec<Item>,
}

impl DrawList {
    pub fn push(&mut self, layer: Layer, style: Style, primitive: Primitive) {
        self.items.push(Item {
            layer,
            style,
            primitive,
        });
    }

    /// Items on `layer`.
    pub fn on(&self, layer: Layer) -> impl Iterator<Item = &Item> {
        self.items.iter().filter(move |i| i.layer == layer)
    }

    /// Items sorted for painting: by layer order, keeping insertion order within a layer.
    pub fn sorted(&self) -> Vec<&Item> {
        let mut items: Vec<&Item> = self.items.iter().collect();
        items.sort_by_key(|i| i.layer.rank());
        items
    }
}

/// The scene itself: walkable rings, cost areas (tinted by cost, labelled with name and cost,
/// in painting order), obstacles and off-mesh links.
pub fn draw_scene(scene: &Scene, list: &mut DrawList) {
    for ring in &scene.walkable {
        list.push(
            Layer::Walkable,
            Style::Walkable,
            Primitive::Polygon(ring.points().into()),
        );
    }
    for r in scene.areas() {
        let crate::scene::RingRef::Cost(i) = r else {
            continue;
        };
        let Some(area) = scene.costs.get(i) else {
            continue;
        };
        let style = Style::Cost(cost_level(area.cost));
        list.push(
            Layer::Costs,
            style,
            Primitive::Polygon(area.ring.points().into()),
        );
        list.push(
            Layer::Costs,
            style,
            Primitive::Label {
                at: area.ring.aabb().center(),
                text: format!("{} x{}", area.name, crate::numbers::compact(area.cost)),
            },
        );
    }
    for o in &scene.obstacles {
        list.push(
            Layer::Obstacles,
            Style::Obstacle,
            Primitive::Polygon(o.ring.points().into()),
        );
    }
    draw_links(scene, list);
}

/// The free space contours (holes drawn over the outer contours with the walkable fill).
pub fn draw_free_space(free: &FreeSpace, list: &mut DrawList) {
    let (outer, holes): (Vec<_>, Vec<_>) = free.contours.iter().partition(|c| !c.is_hole());
    for c in outer {
        list.push(
            Layer::FreeSpace,
            Style::FreeSpace,
            Primitive::Polygon(c.points.clone()),
        );
    }
    for c in holes {
        list.push(
            Layer::FreeSpace,
            Style::Walkable,
            Primitive::Polygon(c.points.clone()),
        );
    }
}

/// All mesh edges as one primitive.
pub fn draw_mesh(mesh: &NavMesh, list: &mut DrawList) {
    // (3 triangles + walls) / 2 edges, and a triangulated region has at most 2 walls more than
    // triangles.
    let mut segments = Vec::with_capacity(2 * mesh.triangle_count() + 2);
    for t in mesh.triangle_ids() {
        let pts = mesh.triangle_points(t);
        for (k, n) in mesh.neighbors(t).iter().enumerate() {
            // Each inner edge once (from the lower triangle id), every wall edge.
            if n.is_none_or(|n| n.0 > t.0) {
                segments.push([pts[k], pts[(k + 1) % 3]]);
            }
        }
    }
    list.push(Layer::Mesh, Style::MeshEdge, Primitive::Segments(segments));
}

/// The corridor triangles and its portals (left ends blue, right ends red).
pub fn draw_corridor(mesh: &NavMesh, corridor: &Corridor, list: &mut DrawList) {
    let tris = corridor
        .triangles
        .iter()
        .map(|&t| mesh.triangle_points(t))
        .collect();
    list.push(
        Layer::Corridor,
        Style::CorridorFill,
        Primitive::Triangles(tris),
    );
    for p in corridor
        .portals(mesh)
        .iter()
        .skip(1)
        .take(corridor.edges.len())
    {
        let mid = p.midpoint();
        list.push(
            Layer::Portals,
            Style::PortalLeft,
            Primitive::Polyline(vec![mid, p.left]),
        );
        list.push(
            Layer::Portals,
            Style::PortalRight,
            Primitive::Polyline(vec![mid, p.right]),
        );
    }
}

/// Highlights a ring (e.g. the one a build error names).
pub fn draw_ring_issue(scene: &Scene, ring: RingRef, error: bool, list: &mut DrawList) {
    if let Some(r) = scene.ring(ring) {
        let style = if error { Style::Error } else { Style::Warning };
        list.push(Layer::Issues, style, Primitive::Polygon(r.points().into()));
    }
}
