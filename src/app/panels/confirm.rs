//! The "unsaved changes" question asked before New, Open or closing discards edits.

use egui::{Context, Id, Modal};

/// The user's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Save,
    Discard,
    Cancel,
}

/// Shows the question about `document`; `None` while it is unanswered. A document that
/// cannot be saved (a fixed navmesh, whose query changes have no file to go to) is offered no
/// Save, which could only fail.
pub fn show(ctx: &Context, document: &str, what: &str, can_save: bool) -> Option<Answer> {
    let mut answer = None;
    let modal = Modal::new(Id::unique("confirm-discard")).show(ctx, |ui| {
        ui.heading("Unsaved changes");
        ui.label(if can_save {
            format!("{document} has unsaved changes. Save them before you {what}?")
        } else {
            format!(
                "{document} is a fixed navmesh: its query changes cannot be saved (File > \
                 Convert to scene can keep them). Discard them to {what}?"
            )
        });
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if can_save && ui.button("Save").clicked() {
                answer = Some(Answer::Save);
            }
            if ui.button("Discard").clicked() {
                answer = Some(Answer::Discard);
            }
            if ui.button("Cancel").clicked() {
                answer = Some(Answer::Cancel);
            }
        });
    });
    if modal.should_close() && answer.is_none() {
        answer = Some(Answer::Cancel);
    }
    answer
}
