//! The inspector: the selected triangle (id, vertices, neighbours, component), ring (name
//! and points, editable numerically) or off-mesh link (name, ends, both ways, cost), and the
//! problems of the current build.

use super::{gesture, name_field};
use crate::app::action::Action;
use crate::app::commands::Command;
use crate::app::group::{Group, Item};
use crate::app::live::Failure;
use crate::app::selection::Selection;
use crate::document::Edit;
use crate::geom::Point;
use crate::nav::NavMesh;
use crate::scene::{Corner, Issue, Link, RingRef, Scene};
use egui::{Color32, DragValue, Grid, RichText, ScrollArea, Ui};

/// What an inspector name field names.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Named {
    Ring(RingRef),
    Link(usize),
}

/// The inspector's name field (obstacles and links).
pub type NameField = name_field::NameField<Named>;

pub struct Inputs<'a> {
    pub scene: &'a Scene,
    pub mesh: Option<&'a NavMesh>,
    pub selection: &'a Selection,
    pub failure: Option<&'a Failure>,
    pub warnings: &'a [Issue],
}

pub fn show(ui: &mut Ui, inputs: &Inputs<'_>, name: &mut NameField) -> Vec<Action> {
    let mut actions = Vec::new();
    let named = match *inputs.selection {
        Selection::Corner(Corner { ring, .. }) | Selection::Ring(ring) => Some(Named::Ring(ring)),
        Selection::Link(index) => Some(Named::Link(index)),
        _ => None,
    };
    actions.extend(
        name.take_unsaved(named)
            .and_then(|unsaved| rename_left(inputs.scene, unsaved))
            .map(Action::Apply),
    );
    ScrollArea::vertical().show(ui, |ui| {
        ui.heading("Inspector");
        match inputs.selection {
            Selection::None => {
                ui.label("Click a triangle, an obstacle or an outline edge to inspect it.");
            }
            &Selection::Triangle(at) => triangle(ui, inputs.mesh, at),
            &(Selection::Corner(Corner { ring, .. }) | Selection::Ring(ring)) => {
                ring_editor(ui, inputs.scene, ring, inputs.selection, name, &mut actions)
            }
            &Selection::Link(index) => link_editor(ui, inputs.scene, index, name, &mut actions),
            Selection::Many(group) => many(ui, inputs.scene, group, &mut actions),
        }
        problems(ui, inputs.failure, inputs.warnings, inputs.mesh.is_some());
    });
    actions
}

impl Named {
    /// The name of the thing named in `scene`, if it is still there.
    fn current(self, scene: &Scene) -> Option<&str> {
        match self {
            Named::Ring(RingRef::Obstacle(i)) => scene.obstacles.get(i).map(|o| o.name.as_str()),
            Named::Link(i) => scene.links.get(i).map(|l| l.name.as_str()),
            Named::Ring(_) => None,
        }
    }

    /// The edit giving it the name `name`, if it is still there.
    fn rename(self, scene: &Scene, name: String) -> Option<Edit> {
        match self {
            Named::Ring(RingRef::Obstacle(index)) => {
                (index < scene.obstacles.len()).then_some(Edit::RenameObstacle { index, name })
            }
            Named::Link(index) => scene.links.get(index).map(|link| Edit::SetLink {
                index,
                link: Link {
                    name,
                    ..link.clone()
                },
            }),
            Named::Ring(_) => None,
        }
    }
}

/// The rename of a name typed for an object no longer shown (another was selected before the
/// field lost focus), if that object still has the name it had when the typing began.
fn rename_left(scene: &Scene, unsaved: name_field::Unsaved<Named>) -> Option<Edit> {
    let of = unsaved.of;
    (of.current(scene) == Some(unsaved.original.as_str()))
        .then(|| of.rename(scene, unsaved.typed))
        .flatten()
}

fn triangle(ui: &mut Ui, mesh: Option<&NavMesh>, at: Point) {
    let Some((mesh, t)) = mesh.and_then(|m| m.locate(at).triangle().map(|t| (m, t))) else {
        ui.label(format!(
            "No navmesh triangle at ({:.3}, {:.3}).",
            at.x, at.y
        ));
        return;
    };
    Grid::new("triangle").num_columns(2).show(ui, |ui| {
        ui.label("Triangle");
        ui.label(format!("#{}", t.0));
        ui.end_row();
        ui.label("Component");
        ui.label(format!("#{}", mesh.component(t).0));
        ui.end_row();
        for (k, v) in mesh.triangle(t).into_iter().enumerate() {
            let p = mesh.vertex(v);
            ui.label(format!("Vertex {k}"));
            ui.label(format!("#{}  ({:.3}, {:.3})", v.0, p.x, p.y));
            ui.end_row();
        }
        for (k, n) in mesh.neighbors(t).into_iter().enumerate() {
            ui.label(format!("Across edge {k}"));
            ui.label(n.map_or("wall".to_string(), |n| format!("triangle #{}", n.0)));
            ui.end_row();
        }
    });
}

/// How many things are selected, which, and what can be done with them.
fn many(ui: &mut Ui, scene: &Scene, group: &Group, actions: &mut Vec<Action>) {
    /// Lines listed before "and N more".
    const LISTED: usize = 12;
    ui.label(RichText::new(format!("{} selected", group.len())).strong());
    ui.label(RichText::new(group.describe()).weak());
    for item in group.items().take(LISTED) {
        ui.label(match item {
            Item::Ring(r) => scene.describe(r),
            Item::Link(i) => scene.links.get(i).map_or(String::new(), |l| l.describe(i)),
        });
    }
    if group.len() > LISTED {
        ui.label(format!("and {} more", group.len() - LISTED));
    }
    ui.label(RichText::new("Drag one to move them all; shift+click adds or removes.").weak());
    ui.horizontal_wrapped(|ui| {
        for command in [Command::Duplicate, Command::Copy, Command::Delete] {
            if ui.button(command.text()).clicked() {
                actions.push(Action::Run(command));
            }
        }
    });
}

/// The cost of cost area `index`: above 1 slower ground, below 1 faster (kept above 0).
fn cost_field(ui: &mut Ui, index: usize, current: f64, actions: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        let label = ui.label("Cost");
        let mut cost = current;
        let field = ui
            .add(
                egui::DragValue::new(&mut cost)
                    .speed(0.05)
                    .range(0.01..=1000.0),
            )
            .labelled_by(label.id)
            .on_hover_text("Walking here costs this many times the distance (1 = plain floor)");
        if field.changed() && cost != current {
            actions.push(Action::Apply(Edit::SetCost { index, cost }));
        }
    });
}

/// The ring's name as the header, then where it sits in the scene's list, written as a 0-based
/// list index so it cannot be read as part of a (1-based) default name.
fn ring_header(ui: &mut Ui, scene: &Scene, ring: RingRef) {
    let (name, kind, list, index) = match ring {
        RingRef::Obstacle(i) => (scene.obstacles[i].name.as_str(), "obstacle", "obstacles", i),
        RingRef::Walkable(i) => (scene.walkable_name(i), "walkable area", "walkable", i),
        RingRef::Cost(i) => (scene.costs[i].name.as_str(), "cost area", "costs", i),
    };
    let title = match name {
        "" => format!("unnamed {kind}"),
        name => name.to_string(),
    };
    ui.label(RichText::new(title).strong());
    ui.label(RichText::new(format!("{kind}, {list}[{index}] in the scene")).weak());
}

fn ring_editor(
    ui: &mut Ui,
    scene: &Scene,
    ring: RingRef,
    selection: &Selection,
    name: &mut NameField,
    actions: &mut Vec<Action>,
) {
    let Some(points) = scene.ring(ring) else {
        return;
    };
    ring_header(ui, scene, ring);
    if let RingRef::Obstacle(index) = ring {
        let (named, current) = (Named::Ring(ring), &scene.obstacles[index].name);
        let rename = |name| named.rename(scene, name);
        actions.extend(
            name.show(ui, named, "Name", current, rename)
                .flatten()
                .map(Action::Apply),
        );
    }
    if let RingRef::Cost(index) = ring {
        cost_field(ui, index, scene.costs[index].cost, actions);
    }
    if ui.button("Delete").clicked() {
        actions.push(Action::Run(Command::Delete));
    }
    let order = scene.areas();
    if let Some(at) = order.iter().position(|&r| r == ring) {
        ui.horizontal(|ui| {
            ui.label(format!("Painted {} of {}", at + 1, order.len()))
                .on_hover_text("Areas are painted in order: walkable adds, obstacle cuts");
            for (label, later, enabled) in [
                ("Earlier", false, at > 0),
                ("Later", true, at + 1 < order.len()),
            ] {
                if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                    actions.push(Action::Apply(Edit::MoveArea { ring, later }));
                }
            }
        });
    }
    ui.label(format!("{} points", points.len()));
    let selected = match selection {
        Selection::Corner(c) => Some(c.index),
        _ => None,
    };
    let row_height = ui.spacing().interact_size.y;
    ScrollArea::vertical()
        .id_salt("points")
        .max_height(320.0)
        .show_rows(ui, row_height, points.len(), |ui, rows| {
            for index in rows {
                let p = points.points()[index];
                ui.horizontal(|ui| {
                    let text = RichText::new(format!("{index:>3}"));
                    let label = ui.label(if selected == Some(index) {
                        text.color(Color32::from_rgb(30, 160, 255))
                    } else {
                        text
                    });
                    let (mut x, mut y) = (p.x, p.y);
                    let fx = ui
                        .add(
                            DragValue::new(&mut x)
                                .speed(0.05)
                                .max_decimals(4)
                                .prefix("x "),
                        )
                        .labelled_by(label.id);
                    let fy = ui
                        .add(
                            DragValue::new(&mut y)
                                .speed(0.05)
                                .max_decimals(4)
                                .prefix("y "),
                        )
                        .labelled_by(label.id);
                    let moved = (x, y) != (p.x, p.y);
                    let edit = moved.then(|| {
                        Edit::MoveCorners(vec![(Corner { ring, index }, Point::new(x, y))])
                    });
                    actions.extend(gesture::value_edit(&[&fx, &fy], edit));
                });
            }
        });
}

/// The selected link: its name, ends, direction and cost, each change one edit.
fn link_editor(
    ui: &mut Ui,
    scene: &Scene,
    index: usize,
    name: &mut NameField,
    actions: &mut Vec<Action>,
) {
    let Some(link) = scene.links.get(index) else {
        return;
    };
    ui.label(RichText::new(link.describe(index)).strong());
    let set = |link: Link| Action::Apply(Edit::SetLink { index, link });
    let named = Named::Link(index);
    let rename = |name| named.rename(scene, name);
    actions.extend(
        name.show(ui, named, "Name", &link.name, rename)
            .flatten()
            .map(Action::Apply),
    );
    let mut changed = link.clone();
    // A drag of a number field is one undo step: it ends after this frame's edit.
    let mut drag_stopped = false;
    Grid::new("link").num_columns(3).show(ui, |ui| {
        for (label, p) in [("From", &mut changed.from), ("To", &mut changed.to)] {
            let label = ui.label(label);
            for (axis, v) in [("x ", &mut p.x), ("y ", &mut p.y)] {
                let field = ui
                    .add(DragValue::new(v).speed(0.05).max_decimals(4).prefix(axis))
                    .labelled_by(label.id);
                if field.drag_started() {
                    actions.push(Action::BeginGesture);
                }
                if field.drag_stopped() {
                    drag_stopped = true;
                }
            }
            ui.end_row();
        }
    });
    ui.checkbox(&mut changed.bidirectional, "Both ways")
        .on_hover_text("A bidirectional link can be taken from either end");
    ui.horizontal(|ui| {
        let mut own = changed.cost.is_some();
        let own_box = ui
            .checkbox(&mut own, "Own cost")
            .on_hover_text("Without one, taking the link costs its straight length");
        match (own, changed.cost) {
            (true, None) => changed.cost = Some(link.cost()),
            (false, Some(_)) => changed.cost = None,
            _ => {}
        }
        match &mut changed.cost {
            Some(c) => {
                let field = ui
                    .add(
                        DragValue::new(c)
                            .speed(0.05)
                            .max_decimals(4)
                            .range(0.0..=1e9),
                    )
                    .labelled_by(own_box.id);
                if field.drag_started() {
                    actions.push(Action::BeginGesture);
                }
                if field.drag_stopped() {
                    drag_stopped = true;
                }
            }
            None => {
                ui.label(format!("{:.3} (its length)", link.cost()));
            }
        }
    });
    if changed != *link {
        actions.push(set(changed));
    }
    if drag_stopped {
        actions.push(Action::EndGesture);
    }
    if ui.button("Delete").clicked() {
        actions.push(Action::Run(Command::Delete));
    }
}

fn problems(ui: &mut Ui, failure: Option<&Failure>, warnings: &[Issue], has_mesh: bool) {
    if failure.is_none() && warnings.is_empty() {
        return;
    }
    ui.separator();
    ui.heading("Problems");
    if let Some(f) = failure {
        ui.colored_label(
            Color32::from_rgb(255, 90, 90),
            format!("Build failed: {}", f.message),
        );
        if has_mesh {
            ui.label("The last good navmesh stays on screen until the scene is valid again.");
        } else {
            ui.label("There is no navmesh until the scene is valid.");
        }
    }
    for w in warnings {
        ui.colored_label(Color32::from_rgb(240, 180, 40), &w.message);
    }
}
