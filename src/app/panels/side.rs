//! The left panel: tools, agent radius, view options and the layer legend.

use super::{gesture, legend, metrics};
use crate::app::action::Action;
use crate::app::commands::Command;
use crate::app::number::fixed;
use crate::app::profiles::{ProfilePaths, Shown};
use crate::app::settings::{Layout, Settings};
use crate::app::tools::Tool;
use crate::document::Edit;
use crate::geom::Aabb;
use crate::scene::Scene;
use crate::viz::Theme;
use crate::viz::{Rgba, profile_color};
use egui::{DragValue, ScrollArea, Slider, Ui};

/// What the left panel shows.
pub struct Inputs<'a> {
    pub tool: Tool,
    pub scene: &'a Scene,
    /// The scene's bounds (cached per document revision).
    pub scene_bounds: Aabb,
    pub settings: &'a Settings,
    /// The builds' arc tolerance (`None`: 1% of the radius).
    pub arc_tolerance: Option<f64>,
    /// Why area tools are off, when they are.
    pub locked: Option<&'a str>,
    pub profile: &'a Shown,
    /// Every profile's tangent path, when all are shown.
    pub profile_paths: Option<&'a ProfilePaths>,
}

pub fn show(ui: &mut Ui, inputs: &Inputs<'_>) -> Vec<Action> {
    let Inputs {
        tool,
        scene,
        settings,
        locked,
        ..
    } = *inputs;
    let mut actions = Vec::new();
    ScrollArea::vertical().show(ui, |ui| {
        ui.heading("Tools");
        if let Some(reason) = locked {
            ui.label(format!("Area tools are off: {reason}."));
            if ui.button(Command::ConvertToScene.text()).clicked() {
                actions.push(Action::Run(Command::ConvertToScene));
            }
        }
        // Wrapped, so that a new tool does not push the layer list out of the window.
        ui.horizontal_wrapped(|ui| {
            for t in Tool::ALL {
                let enabled = locked.is_none() || !t.edits_areas();
                let label = ui
                    .add_enabled(enabled, egui::Button::selectable(tool == t, t.name()))
                    .on_hover_text(t.hint())
                    .on_disabled_hover_text(locked.unwrap_or_default());
                if label.clicked() {
                    actions.push(Action::Run(Command::UseTool(t)));
                }
            }
        });
        if tool == Tool::RegularPolygon {
            ui.horizontal(|ui| {
                let label = ui.label("Corners");
                let mut sides = settings.polygon_sides;
                ui.add(DragValue::new(&mut sides).range(3..=64))
                    .labelled_by(label.id);
                if sides != settings.polygon_sides {
                    actions.push(Action::SetPolygonSides(sides));
                }
            });
        }
        ui.separator();
        radius(ui, scene.agent_radius, inputs.scene_bounds, &mut actions);
        arc_tolerance(ui, scene.agent_radius, inputs.arc_tolerance, &mut actions);
        profile_choice(ui, inputs, &mut actions);
        ui.separator();
        ui.heading("View");
        let mut toggle = |on: bool, text: &str, command: Command| {
            if ui.checkbox(&mut on.clone(), text).clicked() {
                actions.push(Action::Run(command));
            }
        };
        toggle(settings.grid, "Grid", Command::ToggleGrid);
        toggle(settings.snap, "Snap to grid", Command::ToggleSnap);
        grid_step(ui, settings, &mut actions);
        ui.horizontal(|ui| {
            for theme in [Theme::Dark, Theme::Light] {
                let name = if theme == Theme::Dark {
                    "Dark"
                } else {
                    "Light"
                };
                if ui.selectable_label(settings.theme == theme, name).clicked()
                    && settings.theme != theme
                {
                    actions.push(Action::Run(Command::ToggleTheme));
                }
            }
        });
        for layout in Layout::ALL {
            if ui.radio(settings.layout == layout, layout.name()).clicked() {
                actions.push(Action::Run(Command::SetLayout(layout)));
            }
        }
        ui.separator();
        ui.heading("Layers");
        actions.extend(legend::show(ui, settings, !scene.costs.is_empty()));
    });
    actions
}

/// The radius slider's largest value: an eighth of the scene's smaller side (or the radius, if
/// larger), rounded up to 1, 2 or 5 times a power of ten. Any value the slider gives keeps the
/// range, so a drag cannot feed on itself (a larger radius is typed into the field).
fn radius_range(b: Aabb, current: f64) -> f64 {
    let side = if b.is_empty() {
        0.0
    } else {
        b.width().min(b.height())
    };
    let wanted = (side / 8.0).max(current);
    if !(wanted.is_finite() && wanted > 0.0) {
        return 10.0;
    }
    let power = 10f64.powf(wanted.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|k| k * power)
        .find(|&v| v >= wanted)
        .unwrap_or(10.0 * power)
}

/// Slider over the scene's range with fine steps, and the numeric field; a drag of either is
/// one undo step.
fn radius(ui: &mut Ui, current: f64, bounds: Aabb, actions: &mut Vec<Action>) {
    let heading = ui.heading("Agent radius");
    let mut r = current;
    let max = radius_range(bounds, current);
    ui.spacing_mut().slider_width = ui.available_width();
    let slider = ui
        .add(
            Slider::new(&mut r, 0.0..=max)
                .step_by(max / 1000.0)
                .show_value(false),
        )
        .labelled_by(heading.id);
    let field = ui.add(
        DragValue::new(&mut r)
            .speed(0.01)
            .range(0.0..=f64::MAX)
            .prefix("r = "),
    );
    let changed = r != current && (r - current).abs() > 1e-12;
    let edit = changed.then_some(Edit::SetRadius(r));
    actions.extend(gesture::value_edit(&[&slider, &field], edit));
}

/// The arc tolerance field: 1% of the radius by default, as in the CLI, or a typed distance
/// (a value that is not positive is refused by the build with the CLI's error).
fn arc_tolerance(ui: &mut Ui, radius: f64, current: Option<f64>, actions: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        let label = ui
            .label("Arc tolerance")
            .on_hover_text("How far outside the true offset arcs their polygons may stray");
        let mut value = current.unwrap_or(0.01 * radius);
        let field = ui
            .add_enabled(
                current.is_some(),
                DragValue::new(&mut value)
                    .speed(0.001)
                    .range(0.0..=f64::MAX)
                    .max_decimals(6),
            )
            .labelled_by(label.id);
        if field.changed() && current != Some(value) {
            actions.push(Action::SetArcTolerance(Some(value)));
        }
        let mut default = current.is_none();
        if ui.checkbox(&mut default, "1% of r").changed() {
            let chosen = (!default).then_some(value);
            actions.push(Action::SetArcTolerance(chosen));
        }
    });
}

/// The agent-profile picker: one profile, or all with each one's tangent path and colour.
fn profile_choice(ui: &mut Ui, inputs: &Inputs<'_>, actions: &mut Vec<Action>) {
    let scene = inputs.scene;
    let profiles = scene.profiles();
    if profiles.len() < 2 {
        return;
    }
    let label = ui.label("Agent profile");
    let mut choices: Vec<Shown> = profiles
        .iter()
        .map(|p| Shown::One(p.name.clone()))
        .collect();
    choices.push(Shown::All);
    let shown = inputs.profile;
    let combo = egui::ComboBox::from_id_salt("profile")
        .selected_text(shown.label(scene))
        .show_ui(ui, |ui| {
            for choice in choices {
                let selected = *shown == choice;
                if ui.selectable_label(selected, choice.label(scene)).clicked() && !selected {
                    actions.push(Action::ShowProfile(choice));
                }
            }
        });
    combo.response.labelled_by(label.id);
    if *shown != Shown::default() {
        ui.small("The radius above is the default profile's.");
    }
    let Some(paths) = inputs.profile_paths else {
        return;
    };
    for (k, row) in paths.rows.iter().enumerate() {
        ui.horizontal(|ui| {
            let Rgba(r, g, b, a) = profile_color(k as u32);
            let color = egui::Color32::from_rgba_unmultiplied(r, g, b, a);
            let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 4.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 1.0, color);
            let outcome = match (&row.tangent, &row.status) {
                (Some(path), _) => fixed(path.length, 3),
                (None, Ok(status)) => format!("no path: {}", metrics::explain(*status)),
                (None, Err(e)) => format!("no navmesh: {e}"),
            };
            ui.label(format!("{}: {outcome}", row.profile.name));
        });
    }
}

/// The grid and snap step: following the zoom, or fixed to a typed value.
fn grid_step(ui: &mut Ui, settings: &Settings, actions: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        let mut fixed = settings.grid_step.is_some();
        if ui.checkbox(&mut fixed, "Fixed grid step").changed() {
            actions.push(Action::SetGridStep(fixed.then_some(1.0)));
        }
        if let Some(mut step) = settings.grid_step {
            let field = egui::DragValue::new(&mut step)
                .range(1e-3..=1e6)
                .speed(0.1)
                .max_decimals(3);
            let label = ui.label("step");
            if ui.add(field).labelled_by(label.id).changed() {
                actions.push(Action::SetGridStep(Some(step)));
            }
        }
    });
}
