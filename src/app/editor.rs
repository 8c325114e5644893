//! `App`: the editor window, split by role as well-kept egui apps are: [`State`] (the document
//! and the editor state), [`Derived`] (the one cache of what is computed from them), the logic
//! pass (`logic.rs`: input, commands, edits, one refresh) and the ui pass (`draw.rs`: panels and
//! canvas read the state and return actions). `perform.rs` holds what actions and commands do.

use super::action::Action;
use super::analysis::Analysis;
use super::derived::Derived;
use super::files::{Dialogs, NativeDialogs};
use super::fixed::FixedNavmesh;
use super::live::Built;
use super::panels::lab;
use super::playback::AgentPlayback;
use super::profiles::{ProfilePaths, Shown};
use super::recovery::{self, Recovery};
use super::screenshot::Screenshot;
use super::selection::Selection;
use super::settings::{Layout, Settings};
use super::state::State;
use super::status::Status;
use super::steps::StepThrough;
use super::theme;
use super::tools::{Tool, ToolState};
use super::underlay::Underlay;
use crate::document::Document;
use crate::geom::Point;
use crate::nav::Variant;
use crate::scene::{self, Scene};
use crate::viz::Layer;
use egui::{Pos2, Rect, Ui};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The scene the editor opens with when no file is given.
pub const EXAMPLE_SCENE: &str = include_str!("../../assets/scenes/rooms.json");

/// How the editor starts.
pub struct Options {
    /// Scene file to open instead of the example.
    pub scene: Option<PathBuf>,
    /// Canvas layout to start with (otherwise the remembered one).
    pub layout: Option<Layout>,
    /// Open the Path lab and run this many queries.
    pub lab: Option<usize>,
    /// Take a screenshot and close (settings are then neither read nor written).
    pub screenshot: Option<Screenshot>,
    pub dialogs: Box<dyn Dialogs>,
    /// Builds expected to take longer than this run on a worker thread.
    pub rebuild_budget: Duration,
    /// Where unsaved work is kept for crash recovery (`None`: not kept; see `recovery`).
    pub recovery_dir: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            scene: None,
            layout: None,
            lab: None,
            screenshot: None,
            dialogs: Box::new(NativeDialogs),
            rebuild_budget: Duration::from_millis(12),
            recovery_dir: None,
        }
    }
}

pub struct App {
    pub(super) state: State,
    pub(super) derived: Derived,
    /// Actions the last ui pass returned, performed by the next logic pass.
    pub(super) queued: Vec<Action>,
}

impl App {
    pub fn new(cc: &eframe::CreationContext<'_>, options: Options) -> App {
        let settings = match (&options.screenshot, cc.storage) {
            (None, Some(storage)) => {
                eframe::get_value(storage, eframe::APP_KEY).unwrap_or_default()
            }
            _ => Settings::default(),
        };
        let mut app = App::with_settings(settings, options);
        theme::apply(&cc.egui_ctx, app.state.settings.theme);
        app.state.applied_theme = Some(app.state.settings.theme);
        // The canvas paints only the items whose bounds meet the view (see `paint`): egui's
        // own culling would measure every vertex of a 100k-triangle mesh again each frame.
        cc.egui_ctx
            .tessellation_options_mut(|o| o.coarse_tessellation_culling = false);
        app
    }

    fn with_settings(mut settings: Settings, options: Options) -> App {
        let mut status = Status::default();
        let example =
            scene::from_json(EXAMPLE_SCENE.as_bytes(), "example scene").unwrap_or_else(|e| {
                status.error(e.to_string());
                Scene::default()
            });
        if let Some(layout) = options.layout {
            settings.layout = layout;
        }
        let state = State {
            doc: Document::titled(example, "example"),
            fixed: None,
            dialogs: options.dialogs,
            tool: Tool::default(),
            tool_state: ToolState::default(),
            selection: Selection::None,
            clipboard: None,
            profile: Shown::default(),
            arc_tolerance: None,
            query: 0,
            view: Default::default(),
            fit_pending: true,
            compare: std::array::from_fn(|k| Variant::ALL[k % Variant::ALL.len()]),
            status,
            name_field: Default::default(),
            query_list: Default::default(),
            pending: None,
            path_prompt: None,
            alert: None,
            close_confirmed: false,
            show_help: false,
            lab: lab::LabWindow::default(),
            steps: StepThrough::default(),
            playback: AgentPlayback::default(),
            underlay: Underlay::default(),
            screenshot: options.screenshot,
            title: String::new(),
            applied_theme: None,
            viewports: Vec::new(),
            input: Default::default(),
            cursor: None,
            painted: BTreeSet::new(),
            settings,
            recovery: Recovery::new(options.recovery_dir.as_deref()),
            left_behind: options
                .recovery_dir
                .as_deref()
                .map(recovery::left_behind)
                .unwrap_or_default(),
        };
        let mut app = App {
            state,
            derived: Derived::new(options.rebuild_budget),
            queued: Vec::new(),
        };
        if let Some(path) = options.scene {
            app.open_path(path);
        }
        if let Some(count) = options.lab {
            // The run needs the navmesh: the first build has no cost estimate and runs at once.
            app.derived.refresh(&mut app.state, || {});
            app.state.lab.open = true;
            app.state.lab.count = count;
            app.queued.push(Action::RunLab);
        }
        app
    }

    pub fn document(&self) -> &Document {
        &self.state.doc
    }

    pub fn settings(&self) -> &Settings {
        &self.state.settings
    }

    pub fn status(&self) -> &Status {
        &self.state.status
    }

    pub fn selection(&self) -> Selection {
        self.state.selection.clone()
    }

    pub fn tool(&self) -> Tool {
        self.state.tool
    }

    /// The navmesh file the document is pinned to, when it is a fixed navmesh (issue 12).
    pub fn fixed_navmesh(&self) -> Option<&FixedNavmesh> {
        self.state.fixed.as_ref()
    }

    /// The last good build.
    pub fn built(&self) -> Option<&Arc<Built>> {
        self.derived.built()
    }

    /// Triangles of the navmesh on screen.
    pub fn triangle_count(&self) -> Option<usize> {
        self.derived.built().map(|b| b.build.mesh.triangle_count())
    }

    /// The agent profile shown (issue 15), or all of them.
    pub fn shown_profile(&self) -> &Shown {
        &self.state.profile
    }

    /// Every profile's tangent path for the shown query, when all profiles are shown.
    pub fn profile_paths(&self) -> Option<&ProfilePaths> {
        self.derived.profile_paths.as_ref()
    }

    /// The arc tolerance the builds use (`None`: 1% of the radius).
    pub fn arc_tolerance(&self) -> Option<f64> {
        self.state.arc_tolerance
    }

    /// The index of the query on the canvas.
    pub fn shown_query(&self) -> Option<usize> {
        self.state.shown_query()
    }

    /// The shown query with its paths and metrics.
    pub fn analysis(&self) -> Option<&Analysis> {
        self.derived.analysis.as_ref()
    }

    /// The Path lab window's state.
    pub fn lab(&self) -> &lab::LabWindow {
        &self.state.lab
    }

    /// Unsaved work earlier editors left behind, not yet restored or discarded.
    pub fn left_behind(&self) -> &[recovery::LeftBehind] {
        &self.state.left_behind
    }

    /// The step-through window's state.
    pub fn steps(&self) -> &StepThrough {
        &self.state.steps
    }

    /// Agent playback (issue 15): its tracks, distance and collisions.
    pub fn playback(&self) -> &AgentPlayback {
        &self.state.playback
    }

    pub fn playback_mut(&mut self) -> &mut AgentPlayback {
        &mut self.state.playback
    }

    /// The reference underlay's loaded image (issue 15).
    pub fn underlay(&self) -> &Underlay {
        &self.state.underlay
    }

    /// Layers that had something painted in the last frame.
    pub fn painted_layers(&self) -> &BTreeSet<Layer> {
        &self.state.painted
    }

    /// The world point under the pointer, as the status bar shows it.
    pub fn cursor(&self) -> Option<Point> {
        self.state.cursor
    }

    /// What the canvas draws over the scene: hover and selection highlights, tool previews
    /// (the measuring tool's distances).
    pub fn canvas_overlay(&self) -> crate::viz::DrawList {
        self.overlay()
    }

    /// The canvas viewports of the last frame (one, two or four).
    pub fn viewport_rects(&self) -> &[Rect] {
        &self.state.viewports
    }

    /// Where a world point appears in the first viewport.
    pub fn to_screen(&self, p: Point) -> Option<Pos2> {
        self.state
            .viewports
            .first()
            .map(|&rect| self.state.view.to_screen(rect, p))
    }
}

impl eframe::App for App {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.logic_pass(ctx);
    }

    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.ui_pass(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.state.screenshot.is_none() {
            eframe::set_value(storage, eframe::APP_KEY, &self.state.settings);
        }
    }

    fn on_exit(&mut self) {
        // Closing asked first: the changes were saved or knowingly discarded.
        self.state.recovery.close();
    }

    fn persist_egui_memory(&self) -> bool {
        self.state.screenshot.is_none()
    }
}
