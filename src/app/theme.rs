//! Colours of the editor: the viz palette in egui colours, and the egui visuals and canvas
//! colours of each theme.

use crate::viz::{Rgba, Theme};
use egui::Color32;

pub fn color(c: Rgba) -> Color32 {
    Color32::from_rgba_unmultiplied(c.0, c.1, c.2, c.3)
}

/// Installs the egui visuals of `theme`.
pub fn apply(ctx: &egui::Context, theme: Theme) {
    ctx.set_visuals(match theme {
        Theme::Dark => egui::Visuals::dark(),
        Theme::Light => egui::Visuals::light(),
    });
}

/// Background of the canvas outside any walkable area.
pub fn canvas_background(theme: Theme) -> Color32 {
    match theme {
        Theme::Dark => Color32::from_rgb(24, 26, 31),
        Theme::Light => Color32::from_rgb(222, 224, 228),
    }
}

/// Grid lines: (minor, major).
pub fn grid(theme: Theme) -> (Color32, Color32) {
    match theme {
        Theme::Dark => (
            Color32::from_rgba_unmultiplied(255, 255, 255, 14),
            Color32::from_rgba_unmultiplied(255, 255, 255, 34),
        ),
        Theme::Light => (
            Color32::from_rgba_unmultiplied(0, 0, 0, 16),
            Color32::from_rgba_unmultiplied(0, 0, 0, 40),
        ),
    }
}

/// Text drawn over the canvas.
pub fn canvas_text(theme: Theme) -> Color32 {
    match theme {
        Theme::Dark => Color32::from_gray(220),
        Theme::Light => Color32::from_gray(30),
    }
}
