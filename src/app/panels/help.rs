//! The help window: every command with its shortcuts (from the command table) and the mouse
//! controls of the canvas.

use crate::app::commands::{Command, Menu};
use egui::{Context, Grid, ScrollArea};

/// Mouse and modifier controls that are not commands.
pub const MOUSE: [(&str, &str); 12] = [
    ("Wheel or pinch", "zoom around the cursor"),
    ("Right or middle drag, Space + drag", "pan"),
    (
        "Drag a corner, an obstacle or an outline edge",
        "move it (Select tool)",
    ),
    ("Shift while dragging", "move along one axis only"),
    (
        "Drag a box on empty canvas (Shift: add)",
        "select what lies inside it (Select tool)",
    ),
    (
        "Shift + click",
        "add to or take out of the selection (Select tool)",
    ),
    (
        "Click points, Esc or right-click",
        "measure distances, end (Measure tool)",
    ),
    ("Drag the green or red handle", "move the start or the goal"),
    ("Click a triangle or an obstacle", "inspect it"),
    (
        "Enter, double-click or the first point",
        "close a polygon or outline",
    ),
    (
        "Esc / Backspace",
        "cancel the drawing / remove its last point",
    ),
    ("Drop a .json scene on the window", "open it"),
];

/// Shows the help window while `open`, inside the canvas `area` (never over the menus).
pub fn show(ctx: &Context, open: &mut bool, area: egui::Rect) {
    egui::Window::new("Help")
        .constrain_to(area)
        .default_pos(area.min + egui::vec2(24.0, 24.0))
        .default_height(area.height() - 48.0)
        .open(open)
        .default_width(460.0)
        .show(ctx, |ui| {
            ScrollArea::vertical().show(ui, |ui| {
                for menu in Menu::ALL {
                    ui.strong(menu.name());
                    Grid::new(("help", menu.name()))
                        .num_columns(2)
                        .striped(true)
                        .show(ui, |ui| {
                            for c in Command::all().into_iter().filter(|c| c.menu() == menu) {
                                ui.label(c.text());
                                let keys: Vec<String> = c
                                    .shortcuts()
                                    .iter()
                                    .map(|s| ctx.format_shortcut(s))
                                    .collect();
                                ui.label(keys.join(" or "));
                                ui.end_row();
                            }
                        });
                    ui.add_space(6.0);
                }
                ui.strong("Mouse");
                Grid::new("help-mouse")
                    .num_columns(2)
                    .striped(true)
                    .show(ui, |ui| {
                        for (what, does) in MOUSE {
                            ui.label(what);
                            ui.label(does);
                            ui.end_row();
                        }
                    });
            });
        });
}
