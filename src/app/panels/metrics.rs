//! The metrics panel: per path variant the query's `nav::Metrics` (length, corners, minimum
//! clearance, time of the variant alone, excess over the optimal path), and a bar chart of the
//! lengths, every bar labelled.

use crate::app::analysis::Analysis;
use crate::app::number::fixed;
use crate::app::theme::color;
use crate::nav::{Metrics, Status, Variant};
use crate::viz::{Style, Theme};
use egui::{Color32, Grid, RichText, Ui};

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

/// Why there is nothing to measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    Navmesh,
    Query,
}

pub fn show(ui: &mut Ui, analysis: Result<&Analysis, Missing>, radius: f64, theme: Theme) {
    let analysis = match analysis {
        Ok(a) => a,
        Err(Missing::Navmesh) => {
            ui.label("No navmesh yet: the scene has no valid build.");
            return;
        }
        Err(Missing::Query) => {
            ui.label(
                "No query yet: with the Start / goal tool, click to place the start and \
                 shift+click to place the goal.",
            );
            return;
        }
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

/// Column headers and widths: fixed, wide enough for every value, so no column grows (a grown
/// column moves the others a frame late).
const COLUMNS: [(&str, f32); 7] = [
    ("variant", 130.0),
    ("length", 70.0),
    ("cost", 70.0),
    ("vertices", 60.0),
    ("min clearance", 150.0),
    ("time", 80.0),
    ("excess over optimal", 130.0),
];

fn table(ui: &mut Ui, metrics: &[(Variant, Metrics)], radius: f64, theme: Theme) {
    Grid::new("metrics")
        .num_columns(COLUMNS.len())
        .striped(true)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            for (head, width) in COLUMNS {
                cell(ui, width, RichText::new(head).strong());
            }
            ui.end_row();
            for (variant, m) in metrics {
                let name = RichText::new(variant.name())
                    .color(variant_color(*variant, theme))
                    .strong();
                let cells = [
                    name,
                    RichText::new(fixed(m.length, 3)),
                    RichText::new(fixed(m.cost, 3)),
                    RichText::new(m.vertices.to_string()),
                    clearance(m, radius),
                    RichText::new(format!("{} µs", fixed(m.time_us, 1))),
                    RichText::new(excess(*variant, m)),
                ];
                for (text, (_, width)) in cells.into_iter().zip(COLUMNS) {
                    cell(ui, width, text);
                }
                ui.end_row();
            }
        });
}

/// A left-aligned cell exactly `width` wide.
fn cell(ui: &mut Ui, width: f32, text: RichText) {
    let size = egui::vec2(width, ui.spacing().interact_size.y);
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        ui.set_width(width);
        ui.add(egui::Label::new(text).truncate());
    });
}

/// The excess over the optimal path ("optimal" on its own row; "-" without an optimal path).
fn excess(variant: Variant, m: &Metrics) -> String {
    match m.excess {
        _ if variant == Variant::Optimal => "baseline".to_string(),
        None => "-".to_string(),
        Some(e) => format!("{} %", signed(100.0 * e, 2)),
    }
}

/// `x` with an explicit sign, never "-0.00".
fn signed(x: f64, decimals: usize) -> String {
    let text = fixed(x, decimals);
    if text.starts_with('-') {
        text
    } else {
        format!("+{text}")
    }
}

/// The clearance, marked when the path comes closer to a wall than the radius by more than the
/// arc flattening allows (clearance is measured on arcs flattened to `flatten_tolerance`; the
/// tangent path is promised r to 0.2% of r).
/// Above twice the radius a clearance does not matter: it shows as "at least 2r".
fn clearance(m: &Metrics, radius: f64) -> RichText {
    let cap = if radius > 0.0 {
        2.0 * radius
    } else {
        f64::INFINITY
    };
    let text = clearance_text(m.min_clearance, cap, radius);
    if m.min_clearance
        .is_some_and(|c| c < radius - clearance_tolerance(radius))
    {
        RichText::new(text).color(Color32::from_rgb(255, 90, 90))
    } else {
        RichText::new(text)
    }
}

/// How far under r a clearance may be and still keep r: the arcs are flattened.
fn clearance_tolerance(radius: f64) -> f64 {
    2.0 * crate::nav::flatten_tolerance(radius)
}

/// The clearance as text: at least the cap, under r (beyond the tolerance), r within the
/// stated tolerance, or the value.
fn clearance_text(clearance: Option<f64>, cap: f64, radius: f64) -> String {
    let tolerance = clearance_tolerance(radius);
    match clearance {
        None => "n/a".to_string(),
        Some(c) if c >= cap => format!("≥ {}", fixed(cap, 3)),
        Some(c) if c < radius - tolerance => format!("{} < r", fixed(c, 3)),
        Some(c) if c < radius => format!("{} (r within {})", fixed(c, 3), fixed(tolerance, 3)),
        Some(c) => fixed(c, 3),
    }
}

fn variant_color(variant: Variant, theme: Theme) -> Color32 {
    color(Style::Path(variant).paint(theme).stroke)
}

/// Width of the longest bar (fixed: a chart following the table's width would move a frame late).
const CHART_WIDTH: f32 = 240.0;

/// One labelled bar per variant, scaled to the longest path: every name stays readable in both
/// themes, however long the paths.
fn chart(ui: &mut Ui, metrics: &[(Variant, Metrics)], theme: Theme) {
    let longest = metrics.iter().map(|(_, m)| m.length).fold(0.0, f64::max);
    let width = CHART_WIDTH;
    Grid::new("length chart")
        .num_columns(2)
        .spacing([8.0, 3.0])
        .show(ui, |ui| {
            for (variant, m) in metrics {
                ui.label(RichText::new(variant.name()).color(ui.visuals().text_color()));
                let share = if longest > 0.0 {
                    m.length / longest
                } else {
                    0.0
                };
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(width, 12.0), egui::Sense::hover());
                let bar = egui::Rect::from_min_size(
                    rect.min,
                    egui::vec2((share as f32 * width).max(1.0), rect.height()),
                );
                ui.painter()
                    .rect_filled(bar, 2.0, variant_color(*variant, theme));
                ui.end_row();
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clearance_just_under_r_states_the_tolerance() {
        let r = 0.9;
        let tol = clearance_tolerance(r);
        assert_eq!(
            clearance_text(Some(r - tol / 2.0), 1.8, r),
            format!("{} (r within {})", fixed(r - tol / 2.0, 3), fixed(tol, 3))
        );
        assert!(clearance_text(Some(r - 2.0 * tol), 1.8, r).ends_with("< r"));
        assert_eq!(clearance_text(Some(1.0), 1.8, r), "1.000");
        assert_eq!(clearance_text(Some(2.0), 1.8, r), "≥ 1.800");
    }
}
