//! A failure the user must see (a file that could not be opened): a modal with the message and
//! OK, on top of the status bar's line.

use egui::{Context, Id, Modal, RichText};

/// Shows `message` under `title`; true once it is dismissed (OK, Escape or a click outside).
pub fn show(ctx: &Context, title: &str, message: &str) -> bool {
    let mut ok = false;
    let modal = Modal::new(Id::unique("alert")).show(ctx, |ui| {
        ui.set_max_width(520.0);
        ui.heading(title);
        ui.label(RichText::new(message).monospace());
        ui.add_space(8.0);
        ok = ui.button("OK").clicked();
    });
    ok || modal.should_close()
}
