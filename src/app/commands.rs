//! The command table: every command's text, shortcuts and menu. Menus, the shortcut handler
//! and the help window all read it, so they cannot disagree.

use super::files::Export;
use super::layer_presets::LayerPreset;
use super::settings::Layout;
use super::tools::Tool;
use crate::viz::Layer;
use egui::{Key, KeyboardShortcut, Modifiers};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    New,
    Open,
    /// Open an engine's navmesh file as it is (a fixed navmesh).
    OpenNavmesh,
    /// Turn the fixed navmesh on screen into an editable scene.
    ConvertToScene,
    Save,
    SaveAs,
    /// Write the shown query and its outcome as a regression case (`navscope check`).
    SaveTestCase,
    AddReference,
    Export(Export),
    /// A PNG of what the canvas shows.
    ExportPicture,
    Quit,
    Undo,
    Redo,
    /// Copy the selected rings and links, then delete them.
    Cut,
    /// Copy the selected rings and links (to the system clipboard too, as scene JSON).
    Copy,
    /// Paste what was copied: at the pointer when it is over the canvas, else offset.
    Paste,
    /// Copy and paste the selection, one grid step off.
    Duplicate,
    /// Select every ring and link.
    SelectAll,
    Delete,
    FitView,
    ToggleGrid,
    ToggleSnap,
    ToggleTheme,
    /// Show or hide one layer (the legend's checkboxes; not in a menu).
    ToggleLayer(Layer),
    /// Show only this layer (Alt+click in the legend; not in a menu).
    SoloLayer(Layer),
    /// Show exactly the layers of a preset.
    LayerPreset(LayerPreset),
    StepThrough,
    AgentPlayback,
    SetLayout(Layout),
    UseTool(Tool),
    PathLab,
    Help,
}

impl Command {
    /// True for the commands that change or replace the document (not refused in a fixed
    /// navmesh's view for that reason alone: see `fixed`).
    pub fn edits_document(self) -> bool {
        matches!(
            self,
            Command::New
                | Command::Open
                | Command::OpenNavmesh
                | Command::ConvertToScene
                | Command::Undo
                | Command::Redo
                | Command::Cut
                | Command::Paste
                | Command::Duplicate
                | Command::Delete
        )
    }
}

/// The top-level menu a command sits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Menu {
    File,
    Edit,
    View,
    Tools,
    Help,
}

impl Menu {
    pub const ALL: [Menu; 5] = [Menu::File, Menu::Edit, Menu::View, Menu::Tools, Menu::Help];

    pub fn name(self) -> &'static str {
        match self {
            Menu::File => "File",
            Menu::Edit => "Edit",
            Menu::View => "View",
            Menu::Tools => "Tools",
            Menu::Help => "Help",
        }
    }
}

const fn key(modifiers: Modifiers, key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(modifiers, key)
}
const CMD: Modifiers = Modifiers::COMMAND;
const CMD_SHIFT: Modifiers = Modifiers::COMMAND.plus(Modifiers::SHIFT);
const NONE: Modifiers = Modifiers::NONE;

impl Command {
    /// Every command, in menu order.
    pub fn all() -> Vec<Command> {
        let mut all = vec![
            Command::New,
            Command::Open,
            Command::OpenNavmesh,
            Command::ConvertToScene,
            Command::Save,
            Command::SaveAs,
            Command::SaveTestCase,
            Command::AddReference,
            Command::Export(Export::NavmeshJson),
            Command::Export(Export::Obj),
            Command::Export(Export::PolyanyaMesh),
            Command::Export(Export::Godot),
            Command::Export(Export::Gltf),
            Command::Export(Export::Svg),
            Command::ExportPicture,
            Command::Quit,
            Command::Undo,
            Command::Redo,
            Command::Cut,
            Command::Copy,
            Command::Paste,
            Command::Duplicate,
            Command::SelectAll,
            Command::Delete,
            Command::FitView,
            Command::ToggleGrid,
            Command::ToggleSnap,
            Command::ToggleTheme,
        ];
        all.extend(LayerPreset::ALL.map(Command::LayerPreset));
        all.extend([Command::StepThrough, Command::AgentPlayback]);
        all.extend(Layout::ALL.map(Command::SetLayout));
        all.extend(Tool::ALL.map(Command::UseTool));
        all.push(Command::PathLab);
        all.push(Command::Help);
        all
    }

    pub fn text(self) -> &'static str {
        match self {
            Command::New => "New",
            Command::Open => "Open…",
            Command::OpenNavmesh => "Open navmesh…",
            Command::ConvertToScene => "Convert to scene",
            Command::Save => "Save",
            Command::SaveAs => "Save As…",
            Command::SaveTestCase => "Save query as test case…",
            Command::AddReference => "Add reference image…",
            Command::Export(Export::NavmeshJson) => "Export navmesh as JSON…",
            Command::Export(Export::Obj) => "Export navmesh as OBJ…",
            Command::Export(Export::Svg) => "Export picture as SVG…",
            Command::Export(Export::PolyanyaMesh) => "Export navmesh as Polyanya mesh…",
            Command::Export(Export::Godot) => "Export navmesh as Godot NavigationPolygon…",
            Command::Export(Export::Gltf) => "Export navmesh as glTF…",
            Command::ExportPicture => "Export picture as PNG…",
            Command::Quit => "Quit",
            Command::Undo => "Undo",
            Command::Redo => "Redo",
            Command::Cut => "Cut",
            Command::Copy => "Copy",
            Command::Paste => "Paste",
            Command::Duplicate => "Duplicate",
            Command::SelectAll => "Select all",
            Command::Delete => "Delete selection",
            Command::FitView => "Fit scene in view",
            Command::ToggleGrid => "Grid",
            Command::ToggleSnap => "Snap to grid",
            Command::ToggleTheme => "Light theme",
            Command::ToggleLayer(_) => "Show layer",
            Command::SoloLayer(_) => "Show only this layer",
            Command::LayerPreset(LayerPreset::Authoring) => "Layers: authoring",
            Command::LayerPreset(LayerPreset::DebugPath) => "Layers: debug path",
            Command::LayerPreset(LayerPreset::All) => "Layers: all",
            Command::StepThrough => "Step through A* and funnel",
            Command::AgentPlayback => "Agent playback",
            Command::SetLayout(layout) => layout.name(),
            Command::UseTool(tool) => tool.name(),
            Command::PathLab => "Path lab…",
            Command::Help => "Keyboard and mouse help",
        }
    }

    /// Shortcuts, the first one shown in menus.
    pub fn shortcuts(self) -> Vec<KeyboardShortcut> {
        match self {
            Command::New => vec![key(CMD, Key::N)],
            Command::Open => vec![key(CMD, Key::O)],
            Command::Save => vec![key(CMD, Key::S)],
            Command::SaveAs => vec![key(CMD_SHIFT, Key::S)],
            Command::Quit => vec![key(CMD, Key::Q)],
            Command::Undo => vec![key(CMD, Key::Z)],
            Command::Redo => vec![key(CMD_SHIFT, Key::Z), key(CMD, Key::Y)],
            Command::Cut => vec![key(CMD, Key::X)],
            Command::Copy => vec![key(CMD, Key::C)],
            Command::Paste => vec![key(CMD, Key::V)],
            Command::Duplicate => vec![key(CMD, Key::D)],
            Command::SelectAll => vec![key(CMD, Key::A)],
            Command::Delete => vec![key(NONE, Key::Delete)],
            Command::FitView => vec![key(NONE, Key::F)],
            Command::ToggleGrid => vec![key(NONE, Key::G)],
            Command::ToggleSnap => vec![key(NONE, Key::S)],
            Command::ToggleTheme => vec![key(NONE, Key::T)],
            Command::StepThrough => vec![key(NONE, Key::K)],
            Command::AgentPlayback => vec![key(NONE, Key::A)],
            Command::SetLayout(Layout::Overlay) => vec![key(NONE, Key::Num1)],
            Command::SetLayout(Layout::Compare2) => vec![key(NONE, Key::Num2)],
            Command::SetLayout(Layout::Compare4) => vec![key(NONE, Key::Num4)],
            Command::UseTool(Tool::Select) => vec![key(NONE, Key::V)],
            Command::UseTool(Tool::InsertVertex) => vec![key(NONE, Key::I)],
            Command::UseTool(Tool::Polygon) => vec![key(NONE, Key::P)],
            Command::UseTool(Tool::Rectangle) => vec![key(NONE, Key::R)],
            Command::UseTool(Tool::RegularPolygon) => vec![key(NONE, Key::N)],
            Command::UseTool(Tool::Walkable) => vec![key(NONE, Key::W)],
            Command::UseTool(Tool::CostArea) => vec![key(NONE, Key::C)],
            Command::UseTool(Tool::Query) => vec![key(NONE, Key::Q)],
            Command::UseTool(Tool::Link) => vec![key(NONE, Key::J)],
            Command::UseTool(Tool::Measure) => vec![key(NONE, Key::M)],
            Command::PathLab => vec![key(NONE, Key::L)],
            Command::Help => vec![key(NONE, Key::F1)],
            Command::Export(_)
            | Command::ExportPicture
            | Command::OpenNavmesh
            | Command::ConvertToScene
            | Command::SaveTestCase
            | Command::AddReference
            | Command::ToggleLayer(_)
            | Command::SoloLayer(_)
            | Command::LayerPreset(_) => vec![],
        }
    }

    pub fn menu(self) -> Menu {
        match self {
            Command::New
            | Command::Open
            | Command::OpenNavmesh
            | Command::ConvertToScene
            | Command::Save
            | Command::SaveAs
            | Command::SaveTestCase
            | Command::AddReference
            | Command::Export(_)
            | Command::ExportPicture
            | Command::Quit => Menu::File,
            Command::Undo
            | Command::Redo
            | Command::Cut
            | Command::Copy
            | Command::Paste
            | Command::Duplicate
            | Command::SelectAll
            | Command::Delete => Menu::Edit,
            Command::FitView
            | Command::ToggleGrid
            | Command::ToggleSnap
            | Command::ToggleTheme
            | Command::ToggleLayer(_)
            | Command::SoloLayer(_)
            | Command::LayerPreset(_)
            | Command::StepThrough
            | Command::AgentPlayback
            | Command::SetLayout(_) => Menu::View,
            Command::UseTool(_) | Command::PathLab => Menu::Tools,
            Command::Help => Menu::Help,
        }
    }

    /// A separator goes before this command in its menu.
    pub fn starts_group(self) -> bool {
        matches!(
            self,
            Command::Export(Export::NavmeshJson)
                | Command::Quit
                | Command::Cut
                | Command::SetLayout(Layout::Overlay)
                | Command::PathLab
        )
    }

    /// Commands whose shortcut was pressed this frame (consumed from the input). egui ignores
    /// extra shift when matching, so shortcuts with more modifiers are tried first. The
    /// desktop turns Ctrl+X, Ctrl+C and Ctrl+V into cut, copy and paste events rather than key
    /// presses: those run Cut, Copy and Paste too.
    pub fn pressed(ctx: &egui::Context) -> Vec<Command> {
        let mut shortcuts: Vec<(Command, KeyboardShortcut)> = Command::all()
            .into_iter()
            .flat_map(|c| c.shortcuts().into_iter().map(move |s| (c, s)))
            .collect();
        shortcuts.sort_by_key(|(_, s)| std::cmp::Reverse(modifier_count(s.modifiers)));
        let mut pressed = Vec::new();
        ctx.input_mut(|input| {
            for (command, shortcut) in &shortcuts {
                if input.consume_shortcut(shortcut) && !pressed.contains(command) {
                    pressed.push(*command);
                }
            }
            for event in &input.events {
                let command = match event {
                    egui::Event::Cut => Command::Cut,
                    egui::Event::Copy => Command::Copy,
                    egui::Event::Paste(_) => Command::Paste,
                    _ => continue,
                };
                if !pressed.contains(&command) {
                    pressed.push(command);
                }
            }
        });
        pressed
    }
}

fn modifier_count(m: Modifiers) -> u32 {
    [m.alt, m.ctrl || m.command || m.mac_cmd, m.shift]
        .into_iter()
        .filter(|&b| b)
        .count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_commands_share_a_shortcut() {
        let mut seen = Vec::new();
        for c in Command::all() {
            for s in c.shortcuts() {
                assert!(!seen.contains(&s), "{c:?} reuses {s:?}");
                seen.push(s);
            }
        }
    }
}
