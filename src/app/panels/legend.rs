//! The layer list: the presets, then a colour swatch, a toggle and a name per layer, every path
//! variant included. Alt+click on a layer shows it alone.

use crate::app::action::Action;
use crate::app::commands::Command;
use crate::app::layer_presets::LayerPreset;
use crate::app::settings::Settings;
use crate::app::theme::color;
use crate::nav::Variant;
use crate::viz::steps::StepStyle;
use crate::viz::{Layer, Style, Theme, cost_level};
use egui::{Sense, Ui, vec2};

/// Every layer the legend lists, in drawing order: the base layers, then one per variant.
pub fn layers() -> Vec<Layer> {
    let mut layers = Layer::BASE.to_vec();
    let at = layers
        .iter()
        .position(|&l| l == Layer::Agent)
        .unwrap_or(layers.len());
    layers.splice(at..at, Variant::ALL.map(Layer::Path));
    layers
}

/// The costs the cost-area legend shows a tint for.
const COST_SCALE: [f64; 5] = [0.25, 0.5, 2.0, 5.0, 10.0];

/// The styles a layer's swatch shows.
fn swatch(layer: Layer) -> Vec<Style> {
    match layer {
        Layer::Walkable => vec![Style::Walkable],
        Layer::Costs => COST_SCALE.map(|c| Style::Cost(cost_level(c))).to_vec(),
        Layer::Obstacles => vec![Style::Obstacle],
        Layer::FreeSpace => vec![Style::FreeSpace],
        Layer::Mesh => vec![Style::MeshEdge],
        Layer::Links => vec![Style::Link],
        Layer::Corridor => vec![Style::CorridorFill],
        Layer::Portals => vec![Style::PortalLeft, Style::PortalRight],
        Layer::Path(v) => vec![Style::Path(v)],
        Layer::Agent => vec![Style::Agent],
        Layer::Endpoints => vec![Style::Start, Style::Goal],
        Layer::Issues => vec![Style::Error, Style::Warning],
        Layer::Diagnosis => vec![Style::Diagnosis, Style::Component(0), Style::Component(1)],
        Layer::WhyNotShortest => vec![Style::Detour],
        Layer::Overlay => vec![Style::Hover, Style::Selected],
        Layer::Steps => vec![Style::Step(StepStyle::Open), Style::Step(StepStyle::Closed)],
    }
}

/// Shows the presets and the list (the cost areas' layer and tints only when the scene has
/// some); a clicked checkbox asks to toggle its layer, an Alt+clicked one to show it alone.
pub fn show(ui: &mut Ui, settings: &Settings, has_costs: bool) -> Vec<Action> {
    let theme = settings.theme;
    let mut actions = Vec::new();
    ui.horizontal_wrapped(|ui| {
        ui.label("Layers:");
        for preset in LayerPreset::ALL {
            if ui.small_button(preset.name()).clicked() {
                actions.push(Action::Run(Command::LayerPreset(preset)));
            }
        }
    });
    for layer in layers() {
        if layer == Layer::Costs && !has_costs {
            continue;
        }
        ui.horizontal(|ui| {
            let mut on = settings.is_visible(layer);
            let response = ui
                .checkbox(&mut on, layer.name())
                .on_hover_text("Alt+click: show only this layer");
            if response.clicked() {
                let alt = ui.input(|i| i.modifiers.alt);
                let command = if alt {
                    Command::SoloLayer(layer)
                } else {
                    Command::ToggleLayer(layer)
                };
                actions.push(Action::Run(command));
            }
            paint_swatch(ui, layer, theme);
        });
        if layer == Layer::Costs {
            cost_scale(ui, theme);
        }
    }
    actions
}

/// The tint of each cost of [`COST_SCALE`], labelled with the cost (a path's cost counts each
/// length walked times the cost under it).
fn cost_scale(ui: &mut Ui, theme: Theme) {
    ui.horizontal(|ui| {
        ui.label("   cost");
        for cost in COST_SCALE {
            let (cell, _) = ui.allocate_exact_size(vec2(12.0, 12.0), Sense::hover());
            let fill = Style::Cost(cost_level(cost)).paint(theme).fill;
            ui.painter().rect_filled(cell, 2.0, color(fill));
            ui.label(format!("x{cost}"));
        }
    });
}

fn paint_swatch(ui: &mut Ui, layer: Layer, theme: Theme) {
    let styles = swatch(layer);
    let (rect, _) = ui.allocate_exact_size(vec2(14.0 * styles.len() as f32, 12.0), Sense::hover());
    for (k, style) in styles.into_iter().enumerate() {
        let paint = style.paint(theme);
        let cell =
            egui::Rect::from_min_size(rect.min + vec2(14.0 * k as f32, 0.0), vec2(12.0, 12.0));
        // Strokes show the colour better than translucent fills.
        let c = if paint.stroke.3 > 0 {
            paint.stroke
        } else {
            paint.fill
        };
        ui.painter().rect_filled(cell, 2.0, color(c));
    }
}
