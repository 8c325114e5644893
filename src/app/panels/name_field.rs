//! A name field committed when it loses focus (Enter or a click elsewhere), so typing a name
//! is one edit, not one per key. A name still being typed when the field goes to another
//! object (a click on the canvas selects something else first) is handed back by
//! [`NameField::take_unsaved`], so the panel commits it instead of dropping it.

use egui::Ui;

/// Text being typed into the name field of the thing `K` identifies.
#[derive(Debug)]
pub struct NameField<K> {
    of: Option<K>,
    /// The object's name when the typing began (its name while the field has no focus).
    original: String,
    text: String,
}

impl<K> Default for NameField<K> {
    fn default() -> Self {
        NameField {
            of: None,
            original: String::new(),
            text: String::new(),
        }
    }
}

/// A name typed but not committed: for `of`, whose name was `original`, the text `typed`.
#[derive(Debug, PartialEq)]
pub struct Unsaved<K> {
    pub of: K,
    pub original: String,
    pub typed: String,
}

impl<K: Copy + PartialEq> NameField<K> {
    /// The text typed for another object than `now` and not committed yet, if any; the field
    /// forgets it. The caller commits it when that object's name is still `original`.
    pub fn take_unsaved(&mut self, now: Option<K>) -> Option<Unsaved<K>> {
        let of = self.of.filter(|&of| Some(of) != now)?;
        let field = std::mem::take(self);
        (field.text != field.original).then_some(Unsaved {
            of,
            original: field.original,
            typed: field.text,
        })
    }

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
                original: current.to_string(),
                text: current.to_string(),
            };
        }
        ui.horizontal(|ui| {
            let label = ui.label(label);
            let field = ui
                .text_edit_singleline(&mut self.text)
                .labelled_by(label.id);
            if field.lost_focus() && self.text != current {
                self.original = self.text.clone();
                Some(rename(self.text.clone()))
            } else {
                if !field.has_focus() {
                    if self.text != current {
                        self.text = current.to_string(); // changed by undo or another edit
                    }
                    self.original = current.to_string();
                }
                None
            }
        })
        .inner
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_text_typed_for_another_object_is_handed_back() {
        let mut field = NameField::<u8> {
            of: Some(1),
            original: "door".into(),
            text: "gate".into(),
        };
        assert_eq!(field.take_unsaved(Some(1)), None, "still the same object");
        assert_eq!(
            field.take_unsaved(Some(2)),
            Some(Unsaved {
                of: 1,
                original: "door".into(),
                typed: "gate".into()
            })
        );
        assert_eq!(field.take_unsaved(None), None, "handed back once");
        let mut unchanged = NameField::<u8> {
            of: Some(1),
            original: "door".into(),
            text: "door".into(),
        };
        assert_eq!(unchanged.take_unsaved(None), None);
    }
}
