//! A name field committed when it loses focus (Enter or a click elsewhere), so typing a name
//! is one edit, not one per key.

use egui::Ui;

/// Text being typed into the name field of the thing `K` identifies.
#[derive(Debug)]
pub struct NameField<K> {
    of: Option<K>,
    text: String,
}

impl<K> Default for NameField<K> {
    fn default() -> Self {
        NameField {
            of: None,
            text: String::new(),
        }
    }
}

impl<K: Copy + PartialEq> NameField<K> {
    /// The field labelled `label` naming `of`, whose name is `current`: committed as
    /// `rename(text)` when the field loses focus changed, reset when the name was changed
    /// elsewhere (undo).
    pub fn show<T>(
        &mut self,
        ui: &mut Ui,
        of: K,
        label: &str,
        current: &str,
        rename: impl FnOnce(String) -> T,
    ) -> Option<T> {
        if self.of != Some(of) {
            *self = NameField {
                of: Some(of),
                text: current.to_string(),
            };
        }
        ui.horizontal(|ui| {
            let label = ui.label(label);
            let field = ui
                .text_edit_singleline(&mut self.text)
                .labelled_by(label.id);
            if field.lost_focus() && self.text != current {
                Some(rename(self.text.clone()))
            } else {
                if !field.has_focus() && self.text != current {
                    self.text = current.to_string(); // changed by undo or another edit
                }
                None
            }
        })
        .inner
    }
}
