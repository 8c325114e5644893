//! `State`: what the editor knows between frames besides derived data: the document, the
//! UI settings, the tool, the selection, the camera, messages and the open windows. The logic
//! pass changes it; the ui pass only reads it (and the widget state egui keeps for panels).

use super::files::{Dialogs, Export, FileKind};
use super::fixed::FixedNavmesh;
use super::panels::{confirm, inspector, lab, queries};
use super::playback::AgentPlayback;
use super::profiles::Shown;
use super::recovery::{LeftBehind, Recovery};
use super::screenshot::Screenshot;
use super::selection::Selection;
use super::settings::Settings;
use super::status::Status;
use super::steps::StepThrough;
use super::tools::{Input, Tool, ToolState};
use super::underlay::Underlay;
use super::view::View;
use crate::document::Document;
use crate::geom::Point;
use crate::nav::Variant;
use crate::scene::Scene;
use crate::viz::{Layer, Theme};
use egui::Rect;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Something that would discard unsaved changes, waiting for the user's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    New,
    /// Open this file, or ask for one.
    Open(Option<PathBuf>),
    /// Ask for a navmesh file and open it as it is.
    OpenNavmesh,
    Close,
}

impl Pending {
    pub fn what(&self) -> &'static str {
        match self {
            Pending::New => "start a new scene",
            Pending::Open(_) | Pending::OpenNavmesh => "open another file",
            Pending::Close => "close navscope",
        }
    }
}

/// What a file name is asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum FileTarget {
    Open,
    /// A navmesh file to open as it is (a fixed navmesh).
    OpenNavmesh,
    /// Save the scene there, then go on with what waited for the save.
    SaveScene {
        then: Option<Pending>,
    },
    Export(Export),
    /// A PNG picture of the canvas.
    Picture,
    TestCase,
    /// A PNG or JPEG to show under the scene.
    Reference,
}

impl FileTarget {
    pub fn kind(&self) -> FileKind {
        match self {
            FileTarget::Open | FileTarget::Reference | FileTarget::SaveScene { .. } => {
                FileKind::Scene
            }
            FileTarget::OpenNavmesh => FileKind::NavmeshJson,
            FileTarget::Export(e) => e.kind(),
            FileTarget::Picture => FileKind::Png,
            FileTarget::TestCase => FileKind::Scenario,
        }
    }

    pub fn is_save(&self) -> bool {
        !matches!(
            self,
            FileTarget::Open | FileTarget::OpenNavmesh | FileTarget::Reference
        )
    }
}

/// The in-app path field shown when the system file dialog could not open.
#[derive(Clone, Debug, PartialEq)]
pub struct PathPrompt {
    pub target: FileTarget,
    /// Why the field is shown.
    pub reason: String,
    /// The path being typed.
    pub text: String,
    /// The existing file a save was asked to replace: a second OK on the same path replaces it.
    pub replacing: Option<PathBuf>,
    /// Why the typed path cannot be taken (a folder where a file is asked for).
    pub problem: Option<String>,
}

pub struct State {
    pub doc: Document,
    /// The navmesh file the document is pinned to, when it is a fixed navmesh.
    pub fixed: Option<FixedNavmesh>,
    pub settings: Settings,
    pub dialogs: Box<dyn Dialogs>,
    pub tool: Tool,
    pub tool_state: ToolState,
    pub selection: Selection,
    /// What Copy kept, as a scene of its own.
    pub clipboard: Option<Scene>,
    /// The agent profile the canvas shows, or all of them.
    pub profile: Shown,
    /// The arc tolerance of the editor's builds (`None`: 1% of the radius, as in the CLI).
    pub arc_tolerance: Option<f64>,
    /// Index of the query whose handles and paths are shown (clamped by `shown_query`).
    pub query: usize,
    pub view: View,
    pub fit_pending: bool,
    /// The variant each compare viewport shows.
    pub compare: [Variant; 4],
    pub status: Status,
    pub name_field: inspector::NameField,
    pub query_list: queries::QueryList,
    pub pending: Option<Pending>,
    pub path_prompt: Option<PathPrompt>,
    /// A file that could not be opened, and why (shown in a modal until dismissed).
    pub alert: Option<(PathBuf, String)>,
    pub close_confirmed: bool,
    pub show_help: bool,
    pub lab: lab::LabWindow,
    pub steps: StepThrough,
    pub playback: AgentPlayback,
    pub underlay: Underlay,
    pub screenshot: Option<Screenshot>,
    pub title: String,
    pub applied_theme: Option<Theme>,
    /// Viewport rectangles of the last frame: the logic pass reads the canvas input in them.
    pub viewports: Vec<Rect>,
    /// This frame's input over the viewport under the pointer.
    pub input: Input,
    /// The world point under the pointer, this frame.
    pub cursor: Option<Point>,
    /// Layers that had something painted in the last frame.
    pub painted: BTreeSet<Layer>,
    /// This editor's crash-recovery file.
    pub recovery: Recovery,
    /// Unsaved work earlier editors left behind, offered one at a time.
    pub left_behind: Vec<LeftBehind>,
}

impl State {
    /// A modal question (unsaved changes, a path to type) is open: keys go to it alone.
    pub fn modal_open(&self) -> bool {
        self.pending.is_some()
            || self.path_prompt.is_some()
            || self.alert.is_some()
            || !self.left_behind.is_empty()
    }

    /// Work that New, Open or closing would lose: unsaved changes, or a shape half drawn.
    pub fn has_unsaved_work(&self) -> bool {
        self.doc.is_dirty() || self.tool_state.holds_shape(self.tool)
    }

    /// What the unsaved-changes question is about.
    pub fn loss(&self) -> confirm::Loss {
        let half_drawn = self.tool_state.holds_shape(self.tool);
        match (self.doc.is_dirty(), self.fixed.is_some()) {
            (false, _) => confirm::Loss::HalfDrawn,
            (true, true) => confirm::Loss::FixedChanges,
            (true, false) => confirm::Loss::Changes { half_drawn },
        }
    }

    /// Why scene tools and area edits are off, when they are.
    pub fn locked_reason(&self) -> Option<&'static str> {
        self.fixed.as_ref().map(|_| super::fixed::REASON)
    }

    /// Index of the query whose handles and paths are shown.
    pub fn shown_query(&self) -> Option<usize> {
        let n = self.doc.scene().queries.len();
        (n > 0).then(|| self.query.min(n - 1))
    }
}
