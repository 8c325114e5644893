//! Tools: each turns pointer and key input on the canvas into [`Action`]s (edits, gestures,
//! selection); one `Tool` enum, one `ToolState` for what is half drawn or being dragged.

use super::action::Action;
use super::group::{Group, Item};
use super::number::fixed;
use super::selection::Selection;
use crate::document::Edit;
use crate::geom::Aabb;
use crate::geom::{Point, Ring};
use crate::numbers::count;
use crate::scene::{
    self, Corner, CostArea, Hit, Link, LinkEnd, Query, QueryEnd, Reference, RingRef, Scene,
};
use crate::viz::{DrawList, Layer, Primitive, Style};

/// The active tool.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Select and drag corners, obstacles, outlines and the start/goal handles.
    #[default]
    Select,
    InsertVertex,
    Polygon,
    Rectangle,
    RegularPolygon,
    Walkable,
    /// Draws a cost area (cost 5 until set in the inspector).
    CostArea,
    /// Click places the start, shift+click the goal.
    Query,
    /// Click the `from` point, then the `to` point, of a new off-mesh link.
    Link,
    /// Click points to measure straight distances and the polyline's length; edits nothing.
    Measure,
}

impl Tool {
    pub const ALL: [Tool; 10] = [
        Tool::Select,
        Tool::InsertVertex,
        Tool::Polygon,
        Tool::Rectangle,
        Tool::RegularPolygon,
        Tool::Walkable,
        Tool::CostArea,
        Tool::Query,
        Tool::Link,
        Tool::Measure,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Tool::Select => "Select / move",
            Tool::InsertVertex => "Insert vertex",
            Tool::Polygon => "Polygon obstacle",
            Tool::Rectangle => "Rectangle obstacle",
            Tool::RegularPolygon => "Regular polygon obstacle",
            Tool::Walkable => "Walkable outline",
            Tool::CostArea => "Cost area",
            Tool::Query => "Start / goal",
            Tool::Link => "Off-mesh link",
            Tool::Measure => "Measure",
        }
    }

    /// The tool changes areas (every tool but selection, start / goal placement and measuring).
    pub fn edits_areas(self) -> bool {
        !matches!(self, Tool::Select | Tool::Query | Tool::Measure)
    }

    /// One line of help for the status bar.
    pub fn hint(self) -> &'static str {
        match self {
            Tool::Select => {
                "click to select, drag to move (shift: along an axis), drag on empty canvas to box-select (shift adds), Delete removes"
            }
            Tool::InsertVertex => "click an edge to insert a vertex there",
            Tool::Polygon | Tool::Walkable | Tool::CostArea => {
                "click to add points; Enter, double-click or the first point closes; Esc cancels; Backspace or Ctrl+Z undoes a point"
            }
            Tool::Rectangle => "drag from corner to corner (shift: square)",
            Tool::RegularPolygon => "drag from the centre outwards",
            Tool::Query => "click to place the start, shift+click to place the goal",
            Tool::Link => "click where the link starts, then where it ends; Esc cancels",
            Tool::Measure => {
                "click points to measure distances and the path through them; Esc or right-click ends"
            }
        }
    }
}

/// The input of one frame over one viewport, in world units.
#[derive(Clone, Copy, Debug, Default)]
pub struct Input {
    /// The pointer, if it is over the viewport.
    pub pos: Option<Point>,
    /// Where the current press started.
    pub press: Option<Point>,
    pub clicked: bool,
    /// A right-click (not a pan).
    pub secondary_clicked: bool,
    pub double_clicked: bool,
    pub drag_started: bool,
    pub dragging: bool,
    pub drag_stopped: bool,
    pub shift: bool,
    pub enter: bool,
    pub escape: bool,
    pub backspace: bool,
    /// Pick distance in world units.
    pub tolerance: f64,
    /// Grid step to snap to, when snapping is on.
    pub snap: Option<f64>,
}

impl Input {
    pub fn snapped(&self, p: Point) -> Point {
        match self.snap {
            Some(step) if step > 0.0 => {
                Point::new((p.x / step).round() * step, (p.y / step).round() * step)
            }
            _ => p,
        }
    }

    /// A drag displacement, kept to its main axis while shift is held.
    fn constrained(&self, d: Point) -> Point {
        if !self.shift {
            d
        } else if d.x.abs() >= d.y.abs() {
            Point::new(d.x, 0.0)
        } else {
            Point::new(0.0, d.y)
        }
    }
}

/// What the tools see of the editor besides the input.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    pub scene: &'a Scene,
    /// The query whose handles are shown.
    pub query: Option<usize>,
    /// The corner count of the regular-polygon tool.
    pub sides: usize,
    /// Where the reference image lies when it may be dragged (loaded and not locked).
    pub underlay: Option<Aabb>,
    pub selection: &'a Selection,
}

/// A drag in progress.
#[derive(Clone, Debug, PartialEq)]
enum Drag {
    Corner {
        corner: Corner,
        from: Point,
        grab: Point,
    },
    Ring {
        ring: RingRef,
        original: Ring,
        grab: Point,
    },
    Endpoint {
        index: usize,
        end: QueryEnd,
        original: Query,
        grab: Point,
    },
    LinkEnd {
        index: usize,
        end: LinkEnd,
        original: Link,
        grab: Point,
    },
    /// Every item of a multi-selection, grabbed by one of them; `original` is the scene when
    /// the drag started.
    Group {
        group: Group,
        original: Box<Scene>,
        grab: Point,
    },
    /// A rectangle or regular polygon being drawn from `from`.
    Shape { from: Point },
    /// A selection box dragged from `from` over empty canvas.
    Box { from: Point },
    /// The reference image, grabbed where nothing else was.
    Reference { original: Reference, grab: Point },
}

/// The state a tool keeps between frames.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ToolState {
    /// Points of a polygon or outline being drawn (or the start of a link, or the points
    /// measured).
    points: Vec<Point>,
    drag: Option<Drag>,
}

impl ToolState {
    /// Forgets anything half drawn (on a tool change or a document change).
    pub fn cancel(&mut self) -> Vec<Action> {
        self.points.clear();
        match self.drag.take() {
            Some(Drag::Shape { .. } | Drag::Box { .. }) | None => Vec::new(),
            Some(_) => vec![Action::EndGesture],
        }
    }

    /// Takes back the last point of a shape, link or measure being drawn (Undo while
    /// drawing); false when no point is drawn or a drag is under way.
    pub fn undo_point(&mut self) -> bool {
        self.drag.is_none() && self.points.pop().is_some()
    }

    /// `tool` has points of a shape or link clicked that its next clicks would add to the
    /// scene (measured points are not work).
    pub fn holds_shape(&self, tool: Tool) -> bool {
        tool != Tool::Measure && !self.points.is_empty()
    }

    pub fn is_drawing(&self) -> bool {
        !self.points.is_empty() || self.drag.is_some()
    }

    /// Turns one frame of input into actions.
    pub fn handle(&mut self, tool: Tool, input: &Input, cx: &Context<'_>) -> Vec<Action> {
        let Context {
            scene,
            query,
            sides,
            underlay,
            selection,
        } = *cx;
        match tool {
            Tool::Select => self.select(input, scene, query, underlay, selection),
            Tool::InsertVertex => insert_vertex(input, scene),
            Tool::Polygon | Tool::Walkable | Tool::CostArea => self.draw_ring(tool, input, scene),
            Tool::Rectangle | Tool::RegularPolygon => self.draw_shape(tool, input, scene, sides),
            Tool::Query => place_endpoint(input, scene, query),
            Tool::Link => self.draw_link(input, scene),
            Tool::Measure => self.measure(input),
        }
    }

    /// The measuring tool: each click adds a point and says the distances in the status bar;
    /// Esc or a right-click ends the measurement.
    fn measure(&mut self, input: &Input) -> Vec<Action> {
        if input.escape || input.secondary_clicked {
            let done = (self.points.len() >= 2).then(|| {
                let (_, total) = measured(&self.points);
                let segments = count(self.points.len() - 1, "segment");
                format!("measured {} over {segments}", fixed(total, 3))
            });
            self.points.clear();
            return done.into_iter().map(Action::Notice).collect();
        }
        let (true, Some(pos)) = (input.clicked, input.pos) else {
            return Vec::new();
        };
        let p = input.snapped(pos);
        if self.points.last() == Some(&p) {
            return Vec::new();
        }
        self.points.push(p);
        let text = match measured(&self.points) {
            (segments, total) if !segments.is_empty() => format!(
                "segment {}, total {} over {} (Esc ends)",
                fixed(segments[segments.len() - 1], 3),
                fixed(total, 3),
                count(segments.len(), "segment")
            ),
            _ => format!(
                "measuring from ({}, {}): click the next point",
                fixed(p.x, 3),
                fixed(p.y, 3)
            ),
        };
        vec![Action::Notice(text)]
    }

    fn select(
        &mut self,
        input: &Input,
        scene: &Scene,
        query: Option<usize>,
        underlay: Option<Aabb>,
        selection: &Selection,
    ) -> Vec<Action> {
        let mut actions = Vec::new();
        let selected = match selection {
            Selection::Many(group) => Some(group),
            _ => None,
        };
        if input.drag_started
            && let Some(press) = input.press
        {
            let hit = scene::pick(scene, query, press, input.tolerance);
            // Grabbing any item of a multi-selection drags them all.
            let grabbed =
                selected.filter(|g| hit.and_then(hit_item).is_some_and(|item| g.contains(item)));
            self.drag = match hit {
                _ if let Some(group) = grabbed => Some(Drag::Group {
                    group: group.clone(),
                    original: Box::new(scene.clone()),
                    grab: press,
                }),
                Some(Hit::Endpoint { query: index, end }) => {
                    scene.queries.get(index).map(|q| Drag::Endpoint {
                        index,
                        end,
                        original: q.clone(),
                        grab: press,
                    })
                }
                Some(Hit::LinkEnd { link: index, end }) => {
                    actions.push(Action::Select(Selection::Link(index)));
                    scene.links.get(index).map(|l| Drag::LinkEnd {
                        index,
                        end,
                        original: l.clone(),
                        grab: press,
                    })
                }
                Some(Hit::Corner(corner)) => {
                    actions.push(Action::Select(Selection::Corner(corner)));
                    scene
                        .ring(corner.ring)
                        .and_then(|r| r.points().get(corner.index))
                        .map(|&from| Drag::Corner {
                            corner,
                            from,
                            grab: press,
                        })
                }
                Some(hit @ (Hit::Edge { .. } | Hit::Inside(_))) => hit.ring().and_then(|ring| {
                    actions.push(Action::Select(Selection::Ring(ring)));
                    scene.ring(ring).map(|r| Drag::Ring {
                        ring,
                        original: r.clone(),
                        grab: press,
                    })
                }),
                None => Some(
                    scene
                        .reference
                        .as_ref()
                        .filter(|_| underlay.is_some_and(|u| u.contains(press)))
                        .map_or(Drag::Box { from: press }, |r| Drag::Reference {
                            original: r.clone(),
                            grab: press,
                        }),
                ),
            };
            if self
                .drag
                .as_ref()
                .is_some_and(|d| !matches!(d, Drag::Box { .. }))
            {
                actions.push(Action::BeginGesture);
            }
        }
        if input.dragging
            && let (Some(drag), Some(pos)) = (&self.drag, input.pos)
        {
            actions.extend(drag_edits(drag, input, pos).into_iter().map(Action::Apply));
        }
        if input.drag_stopped {
            match (self.drag.take(), input.pos) {
                (Some(Drag::Box { from }), Some(to)) => {
                    let found = Group::inside(scene, Aabb::from_points([from, to]));
                    let group = match input.shift {
                        true => selection.group().union(&found),
                        false => found,
                    };
                    actions.push(Action::Select(Selection::of(group)));
                }
                (Some(Drag::Box { .. }), None) | (None, _) => {}
                (Some(_), _) => actions.push(Action::EndGesture),
            }
        }
        if input.clicked
            && let Some(pos) = input.pos
        {
            let hit = scene::pick(scene, query, pos, input.tolerance);
            if input.shift {
                // Shift+click adds to (or takes out of) the selection.
                if let Some(item) = hit.and_then(hit_item) {
                    let group = selection.group().toggled(item);
                    actions.push(Action::Select(Selection::of(group)));
                }
                return actions;
            }
            let selection = match hit {
                Some(Hit::Corner(c)) => Selection::Corner(c),
                Some(Hit::LinkEnd { link, .. }) => Selection::Link(link),
                Some(Hit::Endpoint { .. }) => Selection::None,
                Some(hit) => hit.ring().map_or(Selection::None, Selection::Ring),
                None => Selection::Triangle(pos),
            };
            actions.push(Action::Select(selection));
        }
        actions
    }

    fn draw_ring(&mut self, tool: Tool, input: &Input, scene: &Scene) -> Vec<Action> {
        if input.escape {
            self.points.clear();
            return Vec::new();
        }
        if input.backspace {
            self.points.pop();
        }
        let near_first =
            |p: Point| self.points.len() >= 3 && self.points[0].distance(p) <= input.tolerance;
        let close = input.enter
            || (input.double_clicked && self.points.len() >= 3)
            || (input.clicked && input.pos.is_some_and(near_first));
        if close {
            let ring = Ring::new(std::mem::take(&mut self.points));
            if ring.distinct_points_up_to(3) < 3 {
                return Vec::new();
            }
            return add_ring(tool, ring, scene);
        }
        if input.clicked
            && !input.double_clicked
            && let Some(pos) = input.pos
        {
            let p = input.snapped(pos);
            if self.points.last() != Some(&p) {
                self.points.push(p);
            }
        }
        Vec::new()
    }

    /// The link tool: the first click keeps the `from` point, the second adds the link.
    fn draw_link(&mut self, input: &Input, scene: &Scene) -> Vec<Action> {
        if input.escape {
            self.points.clear();
            return Vec::new();
        }
        let (true, Some(pos)) = (input.clicked, input.pos) else {
            return Vec::new();
        };
        let p = input.snapped(pos);
        let Some(from) = self.points.pop() else {
            self.points.push(p);
            return Vec::new();
        };
        let index = scene.links.len();
        let link = Link::new(scene.fresh_link_name(), from, p);
        vec![
            Action::Apply(Edit::SetLink { index, link }),
            Action::Select(Selection::Link(index)),
        ]
    }

    fn draw_shape(
        &mut self,
        tool: Tool,
        input: &Input,
        scene: &Scene,
        sides: usize,
    ) -> Vec<Action> {
        if input.drag_started
            && let Some(press) = input.press
        {
            self.drag = Some(Drag::Shape {
                from: input.snapped(press),
            });
        }
        if input.escape {
            self.drag = None;
        }
        if input.drag_stopped
            && let (Some(Drag::Shape { from }), Some(pos)) = (self.drag.take(), input.pos)
            && let Some(ring) = shape_ring(tool, from, input.snapped(pos), input.shift, sides)
        {
            return add_ring(tool, ring, scene);
        }
        Vec::new()
    }

    /// What is being drawn, for the canvas overlay.
    pub fn preview(&self, tool: Tool, input: &Input, sides: usize, list: &mut DrawList) {
        let cursor = input.pos.map(|p| input.snapped(p));
        if tool == Tool::Measure && !self.points.is_empty() {
            // Each segment's length at its middle, the running total at the cursor.
            let mut line = self.points.clone();
            line.extend(cursor.filter(|c| Some(c) != self.points.last()));
            let (segments, total) = measured(&line);
            for (pair, length) in line.windows(2).zip(segments) {
                let at = pair[0].midpoint(pair[1]);
                let text = fixed(length, 3);
                list.push(
                    Layer::Overlay,
                    Style::Preview,
                    Primitive::Label { at, text },
                );
            }
            if let (Some(&at), true) = (line.last(), line.len() > 2) {
                let text = format!("total {}", fixed(total, 3));
                list.push(
                    Layer::Overlay,
                    Style::Preview,
                    Primitive::Label { at, text },
                );
            }
        }
        if let (Tool::Link, Some(&from), Some(to)) = (tool, self.points.first(), cursor) {
            let arc = crate::viz::link_arc(from, to);
            list.push(Layer::Overlay, Style::Preview, Primitive::Polyline(arc));
        } else if !self.points.is_empty() {
            let mut line = self.points.clone();
            line.extend(cursor);
            list.push(Layer::Overlay, Style::Preview, Primitive::Polyline(line));
            for &at in &self.points {
                list.push(
                    Layer::Overlay,
                    Style::Preview,
                    Primitive::Marker { at, size: 6.0 },
                );
            }
        }
        if let (Some(Drag::Shape { from }), Some(to)) = (&self.drag, cursor)
            && let Some(ring) = shape_ring(tool, *from, to, input.shift, sides)
        {
            list.push(
                Layer::Overlay,
                Style::Preview,
                Primitive::Polygon(ring.0.into()),
            );
        }
        if let (Some(Drag::Box { from }), Some(to)) = (&self.drag, input.pos) {
            let corners = [
                (from.x, from.y),
                (to.x, from.y),
                (to.x, to.y),
                (from.x, to.y),
            ];
            let outline = corners.map(|(x, y)| Point::new(x, y)).to_vec();
            list.push(
                Layer::Overlay,
                Style::Preview,
                Primitive::Polygon(outline.into()),
            );
        }
    }
}

/// The length of each segment of `line`, and their sum.
fn measured(line: &[Point]) -> (Vec<f64>, f64) {
    let segments: Vec<f64> = line.windows(2).map(|w| w[0].distance(w[1])).collect();
    let total = segments.iter().sum();
    (segments, total)
}

/// What a hit takes when it joins a selection: its ring or link.
fn hit_item(hit: Hit) -> Option<Item> {
    match hit {
        Hit::LinkEnd { link, .. } => Some(Item::Link(link)),
        Hit::Endpoint { .. } => None,
        hit => hit.ring().map(Item::Ring),
    }
}

/// The edits that follow a drag to `pos`.
fn drag_edits(drag: &Drag, input: &Input, pos: Point) -> Vec<Edit> {
    let edit = match drag {
        Drag::Group {
            group,
            original,
            grab,
        } => {
            let anchor = group.anchor(original);
            let delta = input.snapped(anchor + input.constrained(pos - *grab)) - anchor;
            return group.moved(original, delta);
        }
        Drag::Reference { original, grab } => Some(Edit::SetReference(Some(Reference {
            position: input.snapped(original.position + input.constrained(pos - *grab)),
            ..original.clone()
        }))),
        Drag::Corner { corner, from, grab } => {
            let to = input.snapped(*from + input.constrained(pos - *grab));
            Some(Edit::MoveCorners(vec![(*corner, to)]))
        }
        Drag::Ring {
            ring,
            original,
            grab,
        } => {
            let anchor = original.points().first().copied().unwrap_or_default();
            let delta = input.snapped(anchor + input.constrained(pos - *grab)) - anchor;
            Some(Edit::SetRing(*ring, original.translated(delta)))
        }
        Drag::Endpoint {
            index,
            end,
            original,
            grab,
        } => {
            let mut query = original.clone();
            let point = match end {
                QueryEnd::Start => &mut query.start,
                QueryEnd::Goal => &mut query.goal,
            };
            *point = input.snapped(*point + input.constrained(pos - *grab));
            Some(Edit::SetQuery {
                index: *index,
                query,
            })
        }
        Drag::LinkEnd {
            index,
            end,
            original,
            grab,
        } => {
            let at = original.end(*end);
            let to = input.snapped(at + input.constrained(pos - *grab));
            Some(Edit::SetLink {
                index: *index,
                link: original.with_end(*end, to),
            })
        }
        Drag::Shape { .. } | Drag::Box { .. } => None,
    };
    edit.into_iter().collect()
}

fn insert_vertex(input: &Input, scene: &Scene) -> Vec<Action> {
    if !input.clicked {
        return Vec::new();
    }
    let Some(Hit::Edge { ring, index, at }) = input
        .pos
        .and_then(|p| scene::pick_edge(scene, p, input.tolerance))
    else {
        return Vec::new();
    };
    vec![
        Action::Apply(Edit::InsertPoint {
            ring,
            index: index + 1,
            at,
        }),
        Action::Select(Selection::Corner(Corner {
            ring,
            index: index + 1,
        })),
    ]
}

fn place_endpoint(input: &Input, scene: &Scene, query: Option<usize>) -> Vec<Action> {
    let (true, Some(pos)) = (input.clicked, input.pos) else {
        return Vec::new();
    };
    let p = input.snapped(pos);
    let (index, mut q) = match query.and_then(|i| scene.queries.get(i).map(|q| (i, q.clone()))) {
        Some(found) => found,
        None => (
            scene.queries.len(),
            Query {
                name: format!("query {}", scene.queries.len() + 1),
                start: p,
                goal: p,
            },
        ),
    };
    if input.shift {
        q.goal = p;
    } else {
        q.start = p;
    }
    // A new query has both ends at the click: say what the next click does.
    let added = (index == scene.queries.len()).then(|| {
        let (placed, next) = if input.shift {
            ("goal", "click to place its start")
        } else {
            ("start", "Shift+click to place its goal")
        };
        Action::Notice(format!(
            "added \"{}\" with its {placed} here: {next}",
            q.name
        ))
    });
    let mut actions = vec![Action::Apply(Edit::SetQuery { index, query: q })];
    actions.extend(added);
    actions
}

/// The cost a new cost area starts with: mud.
const NEW_AREA_COST: f64 = 5.0;

fn add_ring(tool: Tool, ring: Ring, scene: &Scene) -> Vec<Action> {
    if tool == Tool::CostArea {
        let index = scene.costs.len();
        let area = CostArea {
            name: format!("cost area {}", index + 1),
            ring,
            cost: NEW_AREA_COST,
        };
        vec![
            Action::Apply(Edit::AddCostArea(area)),
            Action::Select(Selection::Ring(RingRef::Cost(index))),
        ]
    } else if tool == Tool::Walkable {
        let selected = RingRef::Walkable(scene.walkable.len());
        vec![
            Action::Apply(Edit::AddWalkable(ring)),
            Action::Select(Selection::Ring(selected)),
        ]
    } else {
        let index = scene.obstacles.len();
        let name = format!("obstacle {}", scene.next_obstacle_id().0 + 1);
        vec![
            Action::Apply(Edit::AddObstacle { name, ring }),
            Action::Select(Selection::Ring(RingRef::Obstacle(index))),
        ]
    }
}

/// The rectangle or regular polygon dragged from `from` to `to` (counter-clockwise), or `None`
/// when it would be degenerate.
fn shape_ring(tool: Tool, from: Point, to: Point, square: bool, sides: usize) -> Option<Ring> {
    let d = to - from;
    if tool == Tool::RegularPolygon {
        let radius = d.length();
        if radius <= 0.0 {
            return None;
        }
        let n = sides.clamp(3, 64);
        let start = d.angle();
        let points = (0..n)
            .map(|k| {
                from + Point::from_angle(start + std::f64::consts::TAU * k as f64 / n as f64)
                    * radius
            })
            .collect();
        return Some(Ring::new(points));
    }
    let d = if square {
        let side = d.x.abs().max(d.y.abs());
        Point::new(side.copysign(d.x), side.copysign(d.y))
    } else {
        d
    };
    if d.x == 0.0 || d.y == 0.0 {
        return None;
    }
    let (x0, x1) = (from.x.min(from.x + d.x), from.x.max(from.x + d.x));
    let (y0, y1) = (from.y.min(from.y + d.y), from.y.max(from.y + d.y));
    Some(Ring::new(vec![
        Point::new(x0, y0),
        Point::new(x1, y0),
        Point::new(x1, y1),
        Point::new(x0, y1),
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene() -> Scene {
        let square = |x: f64, y: f64, s: f64| {
            Ring::new(vec![
                Point::new(x, y),
                Point::new(x + s, y),
                Point::new(x + s, y + s),
                Point::new(x, y + s),
            ])
        };
        Scene {
            walkable: vec![square(0.0, 0.0, 20.0)],
            obstacles: vec![scene::Obstacle {
                id: scene::ObstacleId(0),
                name: "box".into(),
                ring: square(5.0, 5.0, 2.0),
            }],
            queries: vec![Query {
                name: "q".into(),
                start: Point::new(1.0, 1.0),
                goal: Point::new(19.0, 19.0),
            }],
            ..Scene::default()
        }
    }

    /// What the tools see of `s` with `query` shown and nothing selected.
    fn cx(s: &Scene, query: Option<usize>) -> Context<'_> {
        Context {
            scene: s,
            query,
            sides: 8,
            underlay: None,
            selection: &Selection::None,
        }
    }

    fn at(x: f64, y: f64) -> Input {
        Input {
            pos: Some(Point::new(x, y)),
            tolerance: 0.2,
            ..Input::default()
        }
    }

    fn click(x: f64, y: f64) -> Input {
        Input {
            clicked: true,
            ..at(x, y)
        }
    }

    #[test]
    fn polygon_clicks_then_enter_add_one_obstacle() {
        let (s, mut state) = (scene(), ToolState::default());
        for (x, y) in [(10.0, 10.0), (12.0, 10.0), (11.0, 12.0)] {
            assert!(
                state
                    .handle(Tool::Polygon, &click(x, y), &cx(&s, None))
                    .is_empty()
            );
        }
        let actions = state.handle(
            Tool::Polygon,
            &Input {
                enter: true,
                ..at(0.0, 0.0)
            },
            &cx(&s, None),
        );
        let Some(Action::Apply(Edit::AddObstacle { ring, .. })) = actions.first() else {
            panic!("{actions:?}")
        };
        assert_eq!(ring.len(), 3);
        assert!(!state.is_drawing());
    }

    #[test]
    fn the_cost_area_tool_adds_a_selected_mud_area() {
        let (s, mut state) = (scene(), ToolState::default());
        for (x, y) in [(10.0, 10.0), (12.0, 10.0), (11.0, 12.0)] {
            state.handle(Tool::CostArea, &click(x, y), &cx(&s, None));
        }
        let enter = Input {
            enter: true,
            ..at(0.0, 0.0)
        };
        let actions = state.handle(Tool::CostArea, &enter, &cx(&s, None));
        let [
            Action::Apply(Edit::AddCostArea(area)),
            Action::Select(Selection::Ring(RingRef::Cost(0))),
        ] = actions.as_slice()
        else {
            panic!("{actions:?}")
        };
        assert_eq!((area.ring.len(), area.cost), (3, NEW_AREA_COST));
    }

    #[test]
    fn escape_cancels_a_polygon() {
        let (s, mut state) = (scene(), ToolState::default());
        state.handle(Tool::Polygon, &click(10.0, 10.0), &cx(&s, None));
        state.handle(
            Tool::Polygon,
            &Input {
                escape: true,
                ..at(0.0, 0.0)
            },
            &cx(&s, None),
        );
        assert!(!state.is_drawing());
    }

    #[test]
    fn dragging_a_corner_is_one_gesture_with_axis_constraint() {
        let (s, mut state) = (scene(), ToolState::default());
        let press = Point::new(5.0, 5.0);
        let start = Input {
            drag_started: true,
            dragging: true,
            press: Some(press),
            ..at(5.0, 5.0)
        };
        let actions = state.handle(Tool::Select, &start, &cx(&s, Some(0)));
        assert!(actions.contains(&Action::BeginGesture));
        let moved = Input {
            dragging: true,
            shift: true,
            press: Some(press),
            ..at(8.0, 6.0)
        };
        let actions = state.handle(Tool::Select, &moved, &cx(&s, Some(0)));
        let corner = Corner {
            ring: RingRef::Obstacle(0),
            index: 0,
        };
        assert_eq!(
            actions,
            vec![Action::Apply(Edit::MoveCorners(vec![(
                corner,
                Point::new(8.0, 5.0)
            )]))]
        );
        let stop = Input {
            drag_stopped: true,
            ..at(8.0, 6.0)
        };
        assert_eq!(
            state.handle(Tool::Select, &stop, &cx(&s, Some(0))),
            vec![Action::EndGesture]
        );
    }

    #[test]
    fn rectangle_drag_is_counter_clockwise_and_snapped() {
        let (s, mut state) = (scene(), ToolState::default());
        let snap = Some(1.0);
        let start = Input {
            drag_started: true,
            press: Some(Point::new(12.2, 14.9)),
            snap,
            ..at(12.2, 14.9)
        };
        state.handle(Tool::Rectangle, &start, &cx(&s, None));
        let stop = Input {
            drag_stopped: true,
            snap,
            ..at(9.9, 11.1)
        };
        let actions = state.handle(Tool::Rectangle, &stop, &cx(&s, None));
        let Some(Action::Apply(Edit::AddObstacle { ring, .. })) = actions.first() else {
            panic!("{actions:?}")
        };
        assert_eq!(ring.points()[0], Point::new(10.0, 11.0));
        assert_eq!(ring.points()[2], Point::new(12.0, 15.0));
        assert!(ring.signed_area() > 0.0);
    }

    #[test]
    fn query_tool_places_start_and_goal() {
        let (s, mut state) = (scene(), ToolState::default());
        let actions = state.handle(
            Tool::Query,
            &Input {
                shift: true,
                ..click(3.0, 4.0)
            },
            &cx(&s, Some(0)),
        );
        let Some(Action::Apply(Edit::SetQuery { index: 0, query })) = actions.first() else {
            panic!("{actions:?}")
        };
        assert_eq!(
            (query.start, query.goal),
            (Point::new(1.0, 1.0), Point::new(3.0, 4.0))
        );
    }
}
