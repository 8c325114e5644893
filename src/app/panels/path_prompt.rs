//! The in-app path field: asked instead of the system file dialog when that could not open,
//! so Open, Save, Save As, Export, test cases and reference images always work. As a system
//! save dialog does, it asks before replacing an existing file and refuses a folder.

use crate::app::action::Action;
use crate::app::files::with_extension;
use crate::app::state::PathPrompt;
use egui::{Context, Id, Key, Modal};
use std::path::{Path, PathBuf};

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
        if field.changed() {
            prompt.replacing = None;
            prompt.problem = None;
        }
        if let Some(problem) = &prompt.problem {
            ui.colored_label(ui.visuals().error_fg_color, problem);
        }
        if let Some(existing) = &prompt.replacing {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("{} already exists. Replace it?", existing.display()),
            );
        }
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            let typed = !prompt.text.trim().is_empty();
            // The field keeps the focus (asked for every frame), so Enter is read as it comes.
            let enter = ui.input(|i| i.key_pressed(Key::Enter));
            let ok = if prompt.replacing.is_some() {
                "Replace"
            } else {
                "OK"
            };
            if ui.add_enabled(typed, egui::Button::new(ok)).clicked() || (typed && enter) {
                answer = take(prompt);
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

/// The typed path when it can be taken; else notes on `prompt` why not (a folder) or what a
/// second OK does (replace an existing file), and `None`.
fn take(prompt: &mut PathPrompt) -> Option<Action> {
    let text = prompt.text.trim();
    let typed = PathBuf::from(text);
    if prompt.target.is_save() {
        if text.ends_with(std::path::is_separator) || Path::new(text).is_dir() {
            prompt.problem = Some(format!("{text} is a folder: add a file name"));
            return None;
        }
        let written = with_extension(typed.clone(), prompt.target.kind());
        if written.is_file() && prompt.replacing.as_ref() != Some(&written) {
            prompt.replacing = Some(written);
            return None;
        }
    }
    Some(Action::PathTyped(Some(typed)))
}
