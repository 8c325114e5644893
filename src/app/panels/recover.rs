//! The question asked at start when an earlier editor left unsaved work behind (see
//! `app::recovery`): restore it, or discard it.

use crate::app::recovery::LeftBehind;
use egui::{Context, Id, Modal};
use std::time::SystemTime;

/// Shows the question about `found`: `Some(true)` to restore it, `Some(false)` to discard it,
/// `None` while it is unanswered.
pub fn show(ctx: &Context, found: &LeftBehind) -> Option<bool> {
    let mut answer = None;
    Modal::new(Id::unique("recover-unsaved")).show(ctx, |ui| {
        ui.set_max_width(520.0);
        ui.heading("Unsaved work found");
        let at = match &found.path {
            Some(path) => format!("{} ({})", found.name, path.display()),
            None => found.name.clone(),
        };
        ui.label(format!(
            "navscope ended without saving the changes to {at}, written {}. Restore them?",
            ago(found.saved_at)
        ));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.button("Restore").clicked() {
                answer = Some(true);
            }
            if ui.button("Discard").clicked() {
                answer = Some(false);
            }
        });
    });
    answer
}

/// "3 minutes ago", "2 hours ago", "4 days ago".
fn ago(at: SystemTime) -> String {
    let seconds = SystemTime::now()
        .duration_since(at)
        .unwrap_or_default()
        .as_secs();
    let (n, unit) = match seconds {
        0..120 => return "just before".into(),
        120..7200 => (seconds / 60, "minutes"),
        7200..172_800 => (seconds / 3600, "hours"),
        _ => (seconds / 86_400, "days"),
    };
    format!("{n} {unit} ago")
}
