//! The metrics panel: per path variant its length, corners, minimum clearance, time and
//! excess over the shortest variant, and a bar chart of the lengths.

use crate::app::analysis::{Analysis, Metric};
use crate::app::theme::color;
use crate::nav::Status;
use crate::viz::{Style, Theme};
use egui::{Color32, Grid, RichText, Ui};
use egui_plot::{Bar, BarChart, Plot};

/// One sentence on what a query status means.
pub fn explain(status: Status) -> &'static str {
    match status {
        Status::Found => "path found",
        Status::StartOutside => {
            "the start is outside the free space (inside an obstacle, or too close to a wall)"
        }
        Status::GoalOutside => {
            "the goal is outside the free space (inside an obstacle, or too close to a wall)"
        }
        Status::Unreachable => {
            "the goal is not reachable from the start (different parts of the free space)"
        }
        Status::Blocked => "a point could pass, but no way is as wide as the agent",
    }
}

pub fn show(ui: &mut Ui, analysis: Option<&Analysis>, radius: f64, theme: Theme) {
    let Some(analysis) = analysis else {
        ui.label("No navmesh yet: the scene has no valid build.");
        return;
    };
    let status = analysis.result.status;
    if status != Status::Found {
        ui.label(
            RichText::new(format!("No path: {}.", explain(status)))
                .color(Color32::from_rgb(240, 120, 90)),
        );
        return;
    }
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| table(ui, &analysis.metrics, radius, theme));
        ui.separator();
        chart(ui, &analysis.metrics, theme);
    });
}

fn table(ui: &mut Ui, metrics: &[Metric], radius: f64, theme: Theme) {
    Grid::new("metrics")
        .num_columns(6)
        .striped(true)
        .spacing([14.0, 4.0])
        // Wide enough for every value: a column that grew would move the others a frame late.
        .min_col_width(72.0)
        .show(ui, |ui| {
            for head in [
                "variant",
                "length",
                "vertices",
                "min clearance",
                "time",
                "excess",
            ] {
                ui.label(RichText::new(head).strong());
            }
            ui.end_row();
            for m in metrics {
                ui.label(
                    RichText::new(m.variant.name())
                        .color(variant_color(m, theme))
                        .strong(),
                );
                ui.label(format!("{:.3}", m.length));
                ui.label(m.vertices.to_string());
                ui.label(clearance(m, radius));
                ui.label(format!("{:.1} µs", m.time_us));
                ui.label(if m.excess <= 0.0 {
                    "shortest".to_string()
                } else {
                    format!("+{:.2} %", 100.0 * m.excess)
                });
                ui.end_row();
            }
        });
}

/// The clearance, marked when the path comes closer to a wall than the radius by more than the
/// arc flattening allows (clearance is measured on arcs flattened to `flatten_tolerance`; the
/// tangent path is promised r to 0.2% of r).
fn clearance(m: &Metric, radius: f64) -> RichText {
    match m.min_clearance {
        None => RichText::new("n/a"),
        Some(c) if c >= m.clearance_cap => RichText::new(format!("≥ {:.3}", m.clearance_cap)),
        Some(c) if c < radius - 2.0 * crate::nav::flatten_tolerance(radius) => {
            RichText::new(format!("{c:.3} < r")).color(Color32::from_rgb(255, 90, 90))
        }
        Some(c) => RichText::new(format!("{c:.3}")),
    }
}

fn variant_color(m: &Metric, theme: Theme) -> Color32 {
    color(Style::Path(m.variant).paint(theme).stroke)
}

fn chart(ui: &mut Ui, metrics: &[Metric], theme: Theme) {
    let bars: Vec<Bar> = metrics
        .iter()
        .enumerate()
        .map(|(i, m)| {
            Bar::new(i as f64, m.length)
                .name(m.variant.name())
                .fill(variant_color(m, theme))
                .width(0.6)
        })
        .collect();
    let names: Vec<&'static str> = metrics.iter().map(|m| m.variant.name()).collect();
    Plot::new("lengths")
        .height(ui.available_height().max(80.0))
        .width(ui.available_width().clamp(160.0, 420.0))
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .show_grid([false, true])
        .include_y(0.0)
        .x_axis_formatter(move |mark, _| {
            let i = mark.value.round();
            if (mark.value - i).abs() < 1e-6 && i >= 0.0 {
                names
                    .get(i as usize)
                    .map_or(String::new(), |n| n.to_string())
            } else {
                String::new()
            }
        })
        .y_axis_label("length")
        .show(ui, |plot| {
            plot.bar_chart(BarChart::new("path length", bars))
        });
}
