//! Value widgets (sliders, drag values, checkboxes) that edit the scene: a drag over many
//! frames is one undo step. The gesture opens as soon as a pointer is pressed on one of them
//! (a slider takes its first value on the press, before egui calls it a drag) and closes when
//! the drag stops (the logic pass also closes it once no button is down).

use crate::app::action::Action;
use crate::document::Edit;
use egui::Response;

/// The actions for `edit` (the widgets' new value, if it changed) made by `widgets`.
pub fn value_edit(widgets: &[&Response], edit: Option<Edit>) -> Vec<Action> {
    let mut actions = Vec::new();
    if widgets
        .iter()
        .any(|w| w.is_pointer_button_down_on() || w.drag_started())
    {
        actions.push(Action::BeginGesture);
    }
    actions.extend(edit.map(Action::Apply));
    if widgets.iter().any(|w| w.drag_stopped()) {
        actions.push(Action::EndGesture);
    }
    actions
}
