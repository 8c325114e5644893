//! The status bar: the last message, the tool hint, cursor coordinates, grid step, and the
//! build's triangle count and time.

use crate::app::number::fixed;
use crate::app::status::{Level, Status};
use crate::geom::Point;
use egui::{Color32, Label, RichText, Ui};

pub struct Inputs<'a> {
    pub status: &'a Status,
    pub hint: &'a str,
    pub cursor: Option<Point>,
    pub grid_step: Option<f64>,
    /// "12,345 triangles, built in 3.2 ms" or similar.
    pub build: String,
}

/// The fixed readouts on the right first; the message (or hint) takes the width left over,
/// cut short with an ellipsis (whole on hover) rather than running under them.
pub fn show(ui: &mut Ui, inputs: &Inputs<'_>) {
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        ui.label(&inputs.build);
        ui.separator();
        if let Some(step) = inputs.grid_step {
            ui.label(format!("grid {step}"));
            ui.separator();
        }
        let at = inputs.cursor.map_or("–".to_string(), |p| {
            format!("x {}  y {}", fixed(p.x, 3), fixed(p.y, 3))
        });
        ui.monospace(at);
        ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
            let text = match inputs.status.message() {
                Some((Level::Error, text)) => {
                    RichText::new(text).color(Color32::from_rgb(255, 100, 100))
                }
                Some((Level::Info, text)) => RichText::new(text),
                None => RichText::new(inputs.hint).weak(),
            };
            ui.add(Label::new(text).truncate());
        });
    });
}
