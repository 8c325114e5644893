//! The query list: a filter box, the matching queries as virtualised rows (only the visible
//! rows are laid out, so scenes with thousands of queries stay fast), and add, duplicate,
//! delete and rename of the shown query.

use super::name_field::NameField;
use crate::app::action::Action;
use crate::app::queries::{self, QueryEdit};
use crate::scene::Scene;
use egui::{ScrollArea, Ui};

/// Height of the list of queries, in points.
const LIST_HEIGHT: f32 = 150.0;

/// The query list's widget state: the filter typed, the name being typed, the matches.
#[derive(Debug, Default)]
pub struct QueryList {
    filter: String,
    name: NameField<usize>,
    /// The matches of `filter` at a document revision (the list is rebuilt when either changes).
    matches: Option<(u64, String, Vec<usize>)>,
    /// Scroll the shown query into the list's view on the next frame.
    reveal: bool,
}

impl QueryList {
    /// Scrolls the shown query into view on the next frame (it was added or chosen elsewhere).
    pub fn reveal(&mut self) {
        self.reveal = true;
    }

    fn matches(&mut self, scene: &Scene, revision: u64) -> &[usize] {
        let fresh = self
            .matches
            .as_ref()
            .is_some_and(|(r, f, _)| *r == revision && *f == self.filter);
        if !fresh {
            let found = queries::matching(scene, &self.filter);
            self.matches = Some((revision, self.filter.clone(), found));
        }
        self.matches.as_ref().map_or(&[], |(_, _, m)| &m[..])
    }
}

/// Shows the list for `scene` at document `revision`, with query `shown` on the canvas.
pub fn show(
    ui: &mut Ui,
    list: &mut QueryList,
    scene: &Scene,
    revision: u64,
    shown: Option<usize>,
) -> Vec<Action> {
    let mut actions = Vec::new();
    // A name typed for the query shown before is committed, not dropped.
    if let Some(unsaved) = list.name.take_unsaved(shown)
        && scene
            .queries
            .get(unsaved.of)
            .is_some_and(|q| q.name == unsaved.original)
    {
        actions.push(Action::EditQuery(QueryEdit::Rename {
            index: unsaved.of,
            name: unsaved.typed,
        }));
    }
    let count = scene.queries.len();
    ui.horizontal(|ui| {
        ui.heading("Queries");
        ui.weak(count.to_string());
    });
    if count == 0 {
        ui.label("No query yet: add one, or use the Start / goal tool.");
    } else {
        let label = ui.label("Filter by name");
        ui.text_edit_singleline(&mut list.filter)
            .labelled_by(label.id);
        rows(ui, list, scene, revision, shown, &mut actions);
    }
    ui.horizontal_wrapped(|ui| {
        let mut button = |ui: &mut Ui, text: &str, enabled: bool, edit: QueryEdit| {
            if ui.add_enabled(enabled, egui::Button::new(text)).clicked() {
                actions.push(Action::EditQuery(edit));
            }
        };
        button(ui, "Add query", true, QueryEdit::Add);
        let index = shown.unwrap_or(0);
        button(
            ui,
            "Duplicate query",
            shown.is_some(),
            QueryEdit::Duplicate(index),
        );
        button(
            ui,
            "Delete query",
            shown.is_some(),
            QueryEdit::Delete(index),
        );
    });
    if let Some(index) = shown {
        let current = &scene.queries[index].name;
        let rename = |name| QueryEdit::Rename { index, name };
        let edit = list.name.show(ui, index, "Query name", current, rename);
        actions.extend(edit.map(Action::EditQuery));
    }
    actions
}

/// The matching queries, one selectable row each; only the rows in view are laid out.
fn rows(
    ui: &mut Ui,
    list: &mut QueryList,
    scene: &Scene,
    revision: u64,
    shown: Option<usize>,
    actions: &mut Vec<Action>,
) {
    let reveal = std::mem::take(&mut list.reveal);
    let filter = list.filter.trim().to_string();
    let matches = list.matches(scene, revision);
    if matches.is_empty() {
        ui.label(format!("No query name contains \"{filter}\"."));
        return;
    }
    if matches.len() < scene.queries.len() {
        ui.weak(format!(
            "{} of {} match",
            matches.len(),
            scene.queries.len()
        ));
    }
    let row_height = ui.spacing().interact_size.y;
    let mut area = ScrollArea::vertical()
        .id_salt("queries")
        .max_height(LIST_HEIGHT)
        .auto_shrink([false, true]);
    if reveal && let Some(at) = shown.and_then(|s| matches.iter().position(|&i| i == s)) {
        let pitch = row_height + ui.spacing().item_spacing.y;
        area = area.vertical_scroll_offset((at as f32 * pitch - LIST_HEIGHT / 2.0).max(0.0));
    }
    area.show_rows(ui, row_height, matches.len(), |ui, range| {
        for &i in &matches[range] {
            let row = ui.selectable_label(Some(i) == shown, queries::display_name(scene, i));
            if row.clicked() && Some(i) != shown {
                actions.push(Action::ShowQuery(i));
            }
        }
    });
}
