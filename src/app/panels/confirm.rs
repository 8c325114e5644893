//! The "unsaved changes" question asked before New, Open or closing discards edits (or a
//! shape half drawn).

use egui::{Context, Id, Modal};

/// The user's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Save,
    Discard,
    Cancel,
}

/// What New, Open or closing would lose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loss {
    /// Unsaved changes to a scene, perhaps with a shape half drawn (which no save keeps).
    Changes { half_drawn: bool },
    /// Query changes to a fixed navmesh, which have no file to go to.
    FixedChanges,
    /// Only the points of a shape being drawn.
    HalfDrawn,
}

/// Shows the question about `document`; `None` while it is unanswered. Save is offered only
/// where it keeps something: a fixed navmesh's changes and a half-drawn shape cannot be saved.
pub fn show(ctx: &Context, document: &str, what: &str, loss: Loss) -> Option<Answer> {
    let mut answer = None;
    let can_save = matches!(loss, Loss::Changes { .. });
    let modal = Modal::new(Id::unique("confirm-discard")).show(ctx, |ui| {
        ui.heading("Unsaved changes");
        ui.label(match loss {
            Loss::Changes { half_drawn } => format!(
                "{document} has unsaved changes. Save them before you {what}?{}",
                if half_drawn {
                    " The shape being drawn is not part of them and is lost either way."
                } else {
                    ""
                }
            ),
            Loss::FixedChanges => format!(
                "{document} is a fixed navmesh: its query changes cannot be saved (File > \
                 Convert to scene can keep them). Discard them to {what}?"
            ),
            Loss::HalfDrawn => format!(
                "A shape is being drawn in {document} and is not in the scene yet. Discard it \
                 to {what}?"
            ),
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
