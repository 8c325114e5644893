//! The metrics panel: per path variant the query's `nav::Metrics` (length, corners, minimum
//! clearance, time of the variant alone, excess over the optimal path), and a bar chart of the
//! lengths.

use crate::app::analysis::Analysis;
use crate::app::theme::color;
use crate::nav::{Metrics, Status, Variant};
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
    let status = analysis.answer.status();
    if status != Status::Found {
        ui.label(
            RichText::new(format!("No path: {}.", explain(status)))
                .color(Color32::from_rgb(240, 120, 90)),
        );
        return;
    }
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| table(ui, &analysis.answer.metrics, radius, theme));
        ui.separator();
        chart(ui, &analysis.answer.metrics, theme);
    });
}

fn table(ui: &mut Ui, metrics: &[(Variant, Metrics)], radius: f64, theme: Theme) {
    Grid::new("metrics")
        .num_columns(6)
        .striped(true)
        .spacing([14.0, 4.0])
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
            for (variant, m) in metrics {
                ui.label(
                    RichText::new(variant.name())
                        .color(variant_color(*variant, theme))
                        .strong(),
                );
                ui.label(format!("{:.3}", m.length));
                ui.label(m.vertices.to_string());
                ui.label(clearance(m, radius));
                ui.label(format!("{:.1} µs", m.time_us));
                ui.label(match m.excess {
                    None => "n/a".to_string(),
                    Some(e) if e <= 0.0 => "shortest".to_string(),
                    Some(e) => format!("+{:.2} %", 100.0 * e),
                });
                ui.end_row();
            }
        });
}

/// The clearance, marked when the path comes closer to a wall than the radius by more than the
/// arc flattening allows (clearance is measured on arcs flattened to `flatten_tolerance`; the
/// tangent path is promised r to 0.2% of r); above twice the radius it does not matter and
/// shows as "at least 2r".
fn clearance(m: &Metrics, radius: f64) -> RichText {
    let cap = 2.0 * radius;
    match m.min_clearance {
        None => RichText::new("n/a"),
        Some(c) if radius > 0.0 && c >= cap => RichText::new(format!("≥ {cap:.3}")),
        Some(c) if c < radius - 2.0 * crate::nav::flatten_tolerance(radius) => {
            RichText::new(format!("{c:.3} < r")).color(Color32::from_rgb(255, 90, 90))
        }
        Some(c) => RichText::new(format!("{c:.3}")),
    }
}

fn variant_color(variant: Variant, theme: Theme) -> Color32 {
    color(Style::Path(variant).paint(theme).stroke)
}

fn chart(ui: &mut Ui, metrics: &[(Variant, Metrics)], theme: Theme) {
    let bars: Vec<Bar> = metrics
        .iter()
        .enumerate()
        .map(|(i, (variant, m))| {
            Bar::new(i as f64, m.length)
                .name(variant.name())
                .fill(variant_color(*variant, theme))
                .width(0.6)
        })
        .collect();
    let names: Vec<&'static str> = metrics.iter().map(|(v, _)| v.name()).collect();
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
