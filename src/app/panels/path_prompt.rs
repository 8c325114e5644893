//! The in-app path field: asked instead of the system file dialog when that could not open,
//! so Open, Save, Save As, Export, test cases and reference images always work.

use crate::app::action::Action;
use crate::app::state::PathPrompt;
use egui::{Context, Id, Key, Modal};
use std::path::PathBuf;

/// Shows the field; returns the answer once the user gives one.
pub fn show(ctx: &Context, prompt: &mut PathPrompt) -> Option<Action> {
    let mut answer = None;
    let modal = Modal::new(Id::unique("path-prompt")).show(ctx, |ui| {
        let verb = if prompt.target.is_save() {
            "Save to"
        } else {
            "Open"
        };
        ui.heading(format!("{verb}: type a path"));
        ui.label(format!("{}.", prompt.reason));
        ui.add_space(6.0);
        let label = ui.label("Path");
        let field = ui
            .add(egui::TextEdit::singleline(&mut prompt.text).desired_width(480.0))
            .labelled_by(label.id);
        field.request_focus();
        if prompt.target.is_save() {
            ui.weak(format!(
                "A name without an extension gets .{}.",
                prompt.target.kind().extension()
            ));
        }
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            let typed = !prompt.text.trim().is_empty();
            // The field keeps the focus (asked for every frame), so Enter is read as it comes.
            let enter = ui.input(|i| i.key_pressed(Key::Enter));
            if ui.add_enabled(typed, egui::Button::new("OK")).clicked() || (typed && enter) {
                answer = Some(Action::PathTyped(Some(PathBuf::from(prompt.text.trim()))));
            }
            if ui.button("Cancel").clicked() {
                answer = Some(Action::PathTyped(None));
            }
        });
    });
    if modal.should_close() && answer.is_none() {
        answer = Some(Action::PathTyped(None));
    }
    answer
}
