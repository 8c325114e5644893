//! The menu bar, built from the command table.

use crate::app::action::Action;
use crate::app::commands::{Command, Menu};
use crate::app::settings::Settings;
use crate::app::tools::Tool;
use crate::viz::Theme;
use egui::{Button, Ui};

/// What decides whether a command is enabled or checked.
pub struct CommandState<'a> {
    pub can_undo: bool,
    pub can_redo: bool,
    pub has_mesh: bool,
    /// A query is shown with its outcome.
    pub has_query: bool,
    /// Rings or links are selected.
    pub has_selection: bool,
    /// Something was copied.
    pub has_clipboard: bool,
    /// The document is a fixed navmesh: area tools are off, it can be converted.
    pub fixed: bool,
    pub tool: Tool,
    pub settings: &'a Settings,
}

impl CommandState<'_> {
    pub fn enabled(&self, c: Command) -> bool {
        match c {
            Command::Undo => self.can_undo,
            Command::Redo => self.can_redo,
            Command::Export(_) => self.has_mesh,
            Command::SaveTestCase => self.has_query,
            Command::Delete | Command::Duplicate | Command::Cut => {
                self.has_selection && !self.fixed
            }
            Command::Copy => self.has_selection,
            Command::Paste => self.has_clipboard && !self.fixed,
            Command::SelectAll => !self.fixed,
            Command::ConvertToScene => self.fixed,
            Command::UseTool(t) => !(self.fixed && t.edits_areas()),
            _ => true,
        }
    }

    /// `Some(on)` for toggles and choices.
    pub fn checked(&self, c: Command) -> Option<bool> {
        match c {
            Command::ToggleGrid => Some(self.settings.grid),
            Command::ToggleSnap => Some(self.settings.snap),
            Command::ToggleTheme => Some(self.settings.theme == Theme::Light),
            Command::SetLayout(l) => Some(self.settings.layout == l),
            Command::UseTool(t) => Some(self.tool == t),
            _ => None,
        }
    }
}

pub fn show(ui: &mut Ui, state: &CommandState<'_>) -> Vec<Action> {
    let mut actions = Vec::new();
    egui::MenuBar::new().ui(ui, |ui| {
        for menu in Menu::ALL {
            ui.menu_button(menu.name(), |ui| {
                for command in Command::all().into_iter().filter(|c| c.menu() == menu) {
                    if command.starts_group() {
                        ui.separator();
                    }
                    if command_button(ui, state, command) {
                        actions.push(Action::Run(command));
                    }
                    if command == Command::Open {
                        recent_menu(ui, state.settings, &mut actions);
                    }
                }
            });
        }
    });
    actions
}

fn command_button(ui: &mut Ui, state: &CommandState<'_>, command: Command) -> bool {
    let mut button = Button::new(command.text());
    if let Some(shortcut) = command.shortcuts().first() {
        button = button.shortcut_text(ui.ctx().format_shortcut(shortcut));
    }
    if let Some(on) = state.checked(command) {
        button = button.selected(on);
    }
    ui.add_enabled(state.enabled(command), button).clicked()
}

fn recent_menu(ui: &mut Ui, settings: &Settings, actions: &mut Vec<Action>) {
    ui.add_enabled_ui(!settings.recent.is_empty(), |ui| {
        ui.menu_button("Open Recent", |ui| {
            for path in &settings.recent {
                if ui.button(path.display().to_string()).clicked() {
                    actions.push(Action::OpenRecent(path.clone()));
                }
            }
        });
    });
}
