//! `App`: the editor window. It owns the document and the editor state, lays out the panels
//! and the canvas every frame, and performs the actions they return.

use super::action::Action;
use super::analysis::Analysis;
use super::canvas;
use super::commands::Command;
use super::files::{Dialogs, Export, FileKind, NativeDialogs};
use super::grid;
use super::live::{Built, Live};
use super::paint::Picture;
use super::panels::{
    confirm, diagnosis, help, inspector, lab, menu_bar, metrics, side, status_bar, steps,
};
use super::pictures;
use super::playback::AgentPlayback;
use super::screenshot::Screenshot;
use super::selection::Selection;
use super::settings::{Layout, Settings};
use super::status::Status;
use super::steps::StepThrough;
use super::test_case;
use super::theme;
use super::tools::{Input, Tool, ToolState};
use super::underlay::{self, Underlay};
use super::view::View;
use crate::document::{Document, Edit};
use crate::geom::{Point, Ring};
use crate::nav::{Status as QueryStatus, Variant};
use crate::scene::{self, Query, RingRef, Scene};
use crate::viz::{DrawList, Layer, Theme};
use egui::{Pos2, Rect, Ui, ViewportCommand};
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
    /// Take a screenshot and close (settings are then neither read nor written).
    pub screenshot: Option<Screenshot>,
    pub dialogs: Box<dyn Dialogs>,
    /// Builds expected to take longer than this run on a worker thread.
    pub rebuild_budget: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            scene: None,
            layout: None,
            screenshot: None,
            dialogs: Box::new(NativeDialogs),
            rebuild_budget: Duration::from_millis(12),
        }
    }
}

/// Something that would discard unsaved changes, waiting for the user's answer.
#[derive(Clone, Debug, PartialEq)]
enum Pending {
    New,
    /// Open this file, or ask for one.
    Open(Option<PathBuf>),
    Close,
}

impl Pending {
    fn what(&self) -> &'static str {
        match self {
            Pending::New => "start a new scene",
            Pending::Open(_) => "open another file",
            Pending::Close => "close navscope",
        }
    }
}

/// Picture of the scene, cached by what it depends on.
type ScenePictureKey = (
    u64,
    Option<u64>,
    Option<u64>,
    Option<usize>,
    Option<RingRef>,
);

pub struct App {
    doc: Document,
    settings: Settings,
    dialogs: Box<dyn Dialogs>,
    budget: Duration,
    live: Live,
    analysis: Option<Analysis>,
    scene_picture: Option<(ScenePictureKey, Picture)>,
    tool: Tool,
    tool_state: ToolState,
    selection: Selection,
    query: usize,
    view: View,
    fit_pending: bool,
    /// The variant each compare viewport shows.
    compare: [Variant; 4],
    status: Status,
    name_field: inspector::NameField,
    pending: Option<Pending>,
    close_confirmed: bool,
    show_help: bool,
    lab: lab::LabWindow,
    steps: StepThrough,
    playback: AgentPlayback,
    underlay: Underlay,
    screenshot: Option<Screenshot>,
    title: String,
    applied_theme: Option<Theme>,
    /// Viewport rectangles of the last frame.
    viewports: Vec<Rect>,
    cursor: Option<Point>,
    painted: BTreeSet<Layer>,
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
        theme::apply(&cc.egui_ctx, app.settings.theme);
        app.applied_theme = Some(app.settings.theme);
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
        let remembered_view = settings
            .view
            .filter(|_| options.scene.is_none() && options.screenshot.is_none());
        let mut app = App {
            doc: Document::new(example),
            dialogs: options.dialogs,
            budget: options.rebuild_budget,
            live: Live::new(options.rebuild_budget),
            analysis: None,
            scene_picture: None,
            tool: Tool::default(),
            tool_state: ToolState::default(),
            selection: Selection::None,
            query: 0,
            view: remembered_view.unwrap_or_default(),
            fit_pending: remembered_view.is_none(),
            compare: std::array::from_fn(|k| Variant::ALL[k % Variant::ALL.len()]),
            status,
            name_field: Default::default(),
            pending: None,
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
            cursor: None,
            painted: BTreeSet::new(),
            settings,
        };
        if let Some(path) = options.scene {
            app.open_path(path);
        }
        app
    }

    pub fn document(&self) -> &Document {
        &self.doc
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn status(&self) -> &Status {
        &self.status
    }

    pub fn selection(&self) -> Selection {
        self.selection
    }

    pub fn tool(&self) -> Tool {
        self.tool
    }

    /// The last good build.
    pub fn built(&self) -> Option<&Arc<Built>> {
        self.live.shown()
    }

    /// Triangles of the navmesh on screen.
    pub fn triangle_count(&self) -> Option<usize> {
        self.live.shown().map(|b| b.build.mesh.triangle_count())
    }

    /// The shown query with its paths and metrics.
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// The Path lab window's state.
    pub fn lab(&self) -> &lab::LabWindow {
        &self.lab
    }

    /// The step-through window's state.
    pub fn steps(&self) -> &StepThrough {
        &self.steps
    }

    /// Agent playback (issue 15): its tracks, distance and collisions.
    pub fn playback(&self) -> &AgentPlayback {
        &self.playback
    }

    pub fn playback_mut(&mut self) -> &mut AgentPlayback {
        &mut self.playback
    }

    /// The reference underlay's loaded image (issue 15).
    pub fn underlay(&self) -> &Underlay {
        &self.underlay
    }

    /// Layers that had something painted in the last frame.
    pub fn painted_layers(&self) -> &BTreeSet<Layer> {
        &self.painted
    }

    /// Where a world point appears in the first viewport.
    pub fn to_screen(&self, p: Point) -> Option<Pos2> {
        self.viewports
            .first()
            .map(|&rect| self.view.to_screen(rect, p))
    }

    /// Index of the query whose handles and paths are shown.
    fn shown_query(&self) -> Option<usize> {
        let n = self.doc.scene().queries.len();
        (n > 0).then(|| self.query.min(n - 1))
    }

    // ---- actions and commands ----

    fn perform(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::Apply(edit) => {
                if let Err(e) = self.doc.apply(edit) {
                    self.status.error(format!("edit refused: {e}"));
                }
                self.selection = self.selection.valid_in(self.doc.scene());
            }
            Action::BeginGesture => self.doc.begin_gesture(),
            Action::EndGesture => self.doc.end_gesture(),
            Action::Select(s) => self.selection = s,
            Action::Run(command) => self.run(ctx, command),
            Action::OpenRecent(path) => self.guard(ctx, Pending::Open(Some(path))),
            Action::ShowQuery(i) => self.query = i,
        }
    }

    fn perform_all(&mut self, ctx: &egui::Context, actions: Vec<Action>) {
        for a in actions {
            self.perform(ctx, a);
        }
    }

    fn run(&mut self, ctx: &egui::Context, command: Command) {
        match command {
            Command::New => self.guard(ctx, Pending::New),
            Command::Open => self.guard(ctx, Pending::Open(None)),
            Command::Save => {
                self.save();
            }
            Command::SaveAs => {
                self.save_as();
            }
            Command::Export(export) => self.export(export),
            Command::SaveTestCase => self.save_test_case(),
            Command::Quit => ctx.send_viewport_cmd(ViewportCommand::Close),
            Command::Undo => self.step_history(|d| d.undo(), "nothing to undo"),
            Command::Redo => self.step_history(|d| d.redo(), "nothing to redo"),
            Command::Delete => self.delete_selection(),
            Command::FitView => self.fit_pending = true,
            Command::ToggleGrid => self.settings.grid = !self.settings.grid,
            Command::ToggleSnap => self.settings.snap = !self.settings.snap,
            Command::ToggleTheme => {
                self.settings.theme = if self.settings.theme == Theme::Dark {
                    Theme::Light
                } else {
                    Theme::Dark
                }
            }
            Command::SetLayout(layout) => self.settings.layout = layout,
            Command::UseTool(tool) => {
                let actions = self.tool_state.cancel();
                self.perform_all(ctx, actions);
                self.tool = tool;
            }
            Command::Help => self.show_help = !self.show_help,
            Command::PathLab => self.lab.open = !self.lab.open,
            Command::StepThrough => self.steps.open = !self.steps.open,
            Command::AgentPlayback => self.playback.open = !self.playback.open,
            Command::AddReference => self.add_reference(ctx),
        }
    }

    fn step_history(&mut self, step: impl FnOnce(&mut Document) -> bool, nothing: &str) {
        self.tool_state.cancel();
        if step(&mut self.doc) {
            self.selection = self.selection.valid_in(self.doc.scene());
            self.status.clear();
        } else {
            self.status.info(nothing);
        }
    }

    fn delete_selection(&mut self) {
        let edit = match self.selection {
            Selection::Corner(c) => Edit::DeleteCorner(c),
            Selection::Ring(r) => Edit::DeleteRing(r),
            Selection::None | Selection::Triangle(_) => {
                self.status
                    .info("select a corner or an obstacle to delete it");
                return;
            }
        };
        if let Err(e) = self.doc.apply(edit) {
            self.status.error(format!("cannot delete: {e}"));
        }
        self.selection = Selection::None;
    }

    /// Runs `pending` now, or asks first when it would discard unsaved changes.
    fn guard(&mut self, ctx: &egui::Context, pending: Pending) {
        if self.doc.is_dirty() && self.screenshot.is_none() {
            self.pending = Some(pending);
        } else {
            self.proceed(ctx, pending);
        }
    }

    fn proceed(&mut self, ctx: &egui::Context, pending: Pending) {
        match pending {
            Pending::New => {
                self.replace_document(Document::new(new_scene()));
                self.status.info("new scene");
            }
            Pending::Open(Some(path)) => self.open_path(path),
            Pending::Open(None) => {
                if let Some(path) = self.dialogs.open() {
                    self.open_path(path);
                }
            }
            Pending::Close => {
                self.close_confirmed = true;
                ctx.send_viewport_cmd(ViewportCommand::Close);
            }
        }
    }

    /// Opens a scene file; on failure the error is shown and the current scene stays.
    fn open_path(&mut self, path: PathBuf) {
        match Document::open(&path) {
            Ok(doc) => {
                self.replace_document(doc);
                self.settings.remember(&path);
                self.status.info(format!("opened {}", path.display()));
            }
            Err(e) => self.status.error(format!("could not open the file: {e}")),
        }
    }

    fn replace_document(&mut self, doc: Document) {
        self.doc = doc;
        self.live = Live::new(self.budget);
        self.analysis = None;
        self.scene_picture = None;
        self.tool_state = ToolState::default();
        self.selection = Selection::None;
        self.query = 0;
        self.fit_pending = true;
    }

    /// Asks for an image and shows it under the scene (keeping the placement of the one it
    /// replaces); opens the reference window either way.
    fn add_reference(&mut self, ctx: &egui::Context) {
        if let Some(image) = self.dialogs.open_image() {
            let mut reference = scene::Reference::new(&image);
            if let Some(old) = &self.doc.scene().reference {
                reference = scene::Reference {
                    path: reference.path,
                    ..old.clone()
                };
            }
            self.perform(ctx, Action::Apply(Edit::SetReference(Some(reference))));
        }
        self.underlay.open = true;
    }

    /// Saves to the document's file (asking for one if it has none); true when saved.
    fn save(&mut self) -> bool {
        if self.doc.path().is_none() {
            return self.save_as();
        }
        self.report_save(|doc| doc.save())
    }

    fn save_as(&mut self) -> bool {
        let Some(path) = self.dialogs.save(FileKind::Scene, &self.doc.name()) else {
            return false;
        };
        self.report_save(|doc| doc.save_as(&path))
    }

    fn report_save(
        &mut self,
        save: impl FnOnce(&mut Document) -> Result<(), scene::SaveError>,
    ) -> bool {
        match save(&mut self.doc) {
            Ok(()) => {
                if let Some(path) = self.doc.path().map(|p| p.to_path_buf()) {
                    self.status.info(format!("saved {}", path.display()));
                    self.settings.remember(&path);
                }
                true
            }
            Err(e) => {
                self.status.error(e.to_string());
                false
            }
        }
    }

    fn save_test_case(&mut self) {
        let case = test_case::record(&self.doc, self.live.shown(), self.analysis.as_ref());
        let case = match case {
            Ok(case) => case,
            Err(e) => return self.status.error(e),
        };
        let name = test_case::file_name(&self.doc.name());
        let Some(path) = self.dialogs.save(FileKind::Scenario, &name) else {
            return;
        };
        match test_case::save(case, &self.doc, &path) {
            Ok(()) => self
                .status
                .info(format!("saved test case {}", path.display())),
            Err(e) => self
                .status
                .error(format!("{}: cannot write: {e}", path.display())),
        }
    }

    fn export(&mut self, export: Export) {
        let Some(built) = self.live.shown().cloned() else {
            self.status
                .error("there is no navmesh to export: the scene has not built yet");
            return;
        };
        let Some(path) = self
            .dialogs
            .save(export.kind(), &export.file_name(&self.doc.name()))
        else {
            return;
        };
        let mut picture = DrawList::default();
        picture.items.extend(
            self.scene_picture
                .iter()
                .flat_map(|(_, p)| p.list().items.iter().cloned()),
        );
        picture
            .items
            .extend(built.picture.list().items.iter().cloned());
        picture.items.extend(
            self.analysis
                .iter()
                .flat_map(|a| a.picture.list().items.iter().cloned()),
        );
        let bounds = self.doc.scene().bounds().union(built.build.mesh.bounds());
        let text = match export.text(
            &built.build.mesh,
            built.build.radius,
            &picture,
            bounds,
            self.settings.theme,
        ) {
            Ok(text) => text,
            Err(e) => return self.status.error(format!("{}: {e}", path.display())),
        };
        match crate::fileio::write_atomic(&path, text.as_bytes()) {
            Ok(()) => self.status.info(format!("exported {}", path.display())),
            Err(e) => self
                .status
                .error(format!("{}: cannot write: {e}", path.display())),
        }
    }

    // ---- derived data ----

    /// Brings the build, the query analysis and the scene picture up to date.
    fn refresh(&mut self, ctx: &egui::Context) {
        let waker = ctx.clone();
        self.live.update(&self.doc, move || waker.request_repaint());
        let query = self.shown_query().map(|i| &self.doc.scene().queries[i]);
        self.analysis = match (self.live.shown(), query) {
            (Some(built), Some(q)) => Some(Analysis::update(
                self.analysis.take(),
                built,
                self.doc.scene(),
                q.start,
                q.goal,
                self.lab.options,
            )),
            _ => None,
        };
        match (self.live.shown(), &self.analysis) {
            (Some(built), Some(a)) if self.steps.open => self.steps.update(built, &a.answer),
            (_, None) => self.steps.forget(),
            _ => {}
        }
        let handles = self.shown_query().filter(|_| self.analysis.is_none());
        let key = (
            self.doc.revision(),
            self.live.failure().map(|f| f.revision),
            self.live.shown().map(|b| b.revision),
            handles,
            self.selection.ring(),
        );
        if self.scene_picture.as_ref().is_none_or(|(k, _)| *k != key) {
            let warnings = self.live.shown().map_or(&[][..], |b| &b.build.warnings[..]);
            let picture = pictures::scene_picture(
                self.doc.scene(),
                self.live.failure(),
                warnings,
                handles,
                self.selection.ring(),
            );
            self.scene_picture = Some((key, picture));
        }
    }

    // ---- frame ----

    fn window_events(&mut self, ctx: &egui::Context) {
        let closing = ctx.input(|i| i.viewport().close_requested());
        if closing && self.doc.is_dirty() && !self.close_confirmed && self.screenshot.is_none() {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
            self.pending = Some(Pending::Close);
        }
        let dropped = ctx.input(|i| i.raw.dropped_files.first().map(|f| f.path().to_path_buf()));
        if let Some(path) = dropped {
            self.guard(ctx, Pending::Open(Some(path)));
        }
    }

    fn canvas(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let rects = canvas::split(ui.max_rect(), self.settings.layout.viewports());
        if self.fit_pending {
            self.view.fit(rects[0], self.doc.scene().bounds());
            self.fit_pending = false;
        }
        let keys_free = !ctx.egui_wants_keyboard_input();
        let pointer = ctx.input(|i| i.pointer.latest_pos());
        let active = rects
            .iter()
            .position(|r| pointer.is_some_and(|p| r.contains(p)))
            .unwrap_or(0);
        let snap = self.settings.snap.then(|| grid::step(&self.view));
        let revision = self.doc.revision();
        let mut active_input = Input::default();
        for (k, &rect) in rects.iter().enumerate() {
            let keys = keys_free && k == active && self.pending.is_none();
            let (_, input) = canvas::interact(
                ui,
                egui::Id::unique(("viewport", k)),
                rect,
                &mut self.view,
                snap,
                keys,
            );
            let actions = self.tool_state.handle(
                self.tool,
                &input,
                self.doc.scene(),
                self.shown_query(),
                self.settings.polygon_sides,
            );
            self.perform_all(&ctx, actions);
            if k == active {
                active_input = input;
            }
        }
        self.refresh(&ctx);
        if self.doc.revision() != revision {
            ctx.request_repaint(); // the panels drawn before the canvas show the new state next frame
        }
        self.cursor = canvas::pointer_world(ui, rects[active], &self.view);
        let overlay = Picture::new(self.overlay(&active_input));
        if let (true, Some(built)) = (self.steps.open, self.live.shown()) {
            self.steps.prepare_picture(built);
        }
        let reference = self.doc.scene().reference.as_ref();
        self.underlay.sync(&ctx, reference, self.doc.path());
        let placed = self.underlay.placed(reference);
        self.viewports = rects.clone();
        self.painted.clear();
        for (k, &rect) in rects.iter().enumerate() {
            let variant = (rects.len() > 1).then_some(self.compare[k]);
            let mut pictures: Vec<&Picture> = Vec::with_capacity(4);
            pictures.extend(self.scene_picture.as_ref().map(|(_, p)| p));
            pictures.extend(self.live.shown().map(|b| &b.picture));
            pictures.extend(self.analysis.as_ref().map(|a| &a.picture));
            pictures.extend(self.steps.picture());
            pictures.extend(self.playback.picture());
            if k == active {
                pictures.push(&overlay);
            }
            let settings = &self.settings;
            let visible = |layer: Layer| {
                settings.is_visible(layer)
                    && match (layer, variant) {
                        (Layer::Path(v), Some(shown)) => v == shown,
                        _ => true,
                    }
            };
            let painted = canvas::paint_viewport(
                ui,
                rect,
                &self.view,
                settings.theme,
                canvas::Backdrop {
                    grid: settings.grid,
                    underlay: placed.as_ref(),
                },
                &pictures,
                visible,
            );
            self.painted.extend(painted);
            self.viewport_header(ui, k, rect, variant);
        }
    }

    /// Hover highlight, selection, tool preview and the agent disc at the cursor.
    fn overlay(&self, input: &Input) -> DrawList {
        let scene = self.doc.scene();
        let hover = match (self.tool, input.pos) {
            _ if self.tool_state.is_drawing() || self.screenshot.is_some() => None,
            (Tool::Select, Some(p)) => scene::pick(scene, self.shown_query(), p, input.tolerance),
            (Tool::InsertVertex, Some(p)) => scene::pick_edge(scene, p, input.tolerance),
            _ => None,
        };
        let mut list = DrawList::default();
        let mesh = self.live.shown().map(|b| &b.build.mesh);
        // A screenshot shows the window without a pointer over it.
        let disc = input
            .pos
            .filter(|_| self.screenshot.is_none())
            .map(|p| (p, scene.agent_radius));
        pictures::overlay(scene, mesh, hover, self.selection, disc, &mut list);
        self.tool_state
            .preview(self.tool, input, self.settings.polygon_sides, &mut list);
        list
    }

    /// The query outcome over the canvas and, when comparing, the viewport's variant chooser.
    fn viewport_header(&mut self, ui: &mut Ui, k: usize, rect: Rect, variant: Option<Variant>) {
        let text_color = theme::canvas_text(self.settings.theme);
        if let Some(a) = self
            .analysis
            .as_ref()
            .filter(|a| a.answer.status() != QueryStatus::Found)
        {
            let text = format!("No path: {}", metrics::explain(a.answer.status()));
            ui.painter_at(rect).text(
                rect.center_top() + egui::vec2(0.0, 36.0),
                egui::Align2::CENTER_TOP,
                text,
                egui::FontId::proportional(15.0),
                egui::Color32::from_rgb(255, 140, 110),
            );
        }
        let Some(shown) = variant else { return };
        let area = Rect::from_min_size(rect.min + egui::vec2(8.0, 8.0), egui::vec2(220.0, 24.0));
        ui.scope_builder(egui::UiBuilder::new().max_rect(area), |ui| {
            ui.horizontal(|ui| {
                let label = ui.colored_label(text_color, "path");
                let combo = egui::ComboBox::from_id_salt(("compare", k))
                    .selected_text(shown.name())
                    .show_ui(ui, |ui| {
                        for v in Variant::ALL {
                            ui.selectable_value(&mut self.compare[k], v, v.name());
                        }
                    });
                combo.response.labelled_by(label.id);
                if let Some(m) = self.analysis.as_ref().and_then(|a| a.answer.metrics(shown)) {
                    ui.colored_label(text_color, format!("{:.3}", m.length));
                }
            });
        });
    }

    fn build_summary(&self) -> String {
        let mut text = match self.live.shown() {
            Some(b) => format!(
                "{} triangles, built in {:.1} ms",
                b.build.mesh.triangle_count(),
                b.elapsed.as_secs_f64() * 1e3
            ),
            None => "no navmesh".to_string(),
        };
        if self.live.shown().is_some_and(|b| b.preview) {
            text.push_str(" (drag preview)");
        }
        if self.live.is_busy() {
            text.push_str(" (rebuilding…)");
        }
        if self.live.failure().is_some() {
            text.push_str(" (last good build; the scene has an error)");
        }
        text
    }

    fn end_of_frame(&mut self, ctx: &egui::Context) {
        if self.doc.in_gesture() && !ctx.input(|i| i.pointer.any_down()) {
            self.doc.end_gesture();
            ctx.request_repaint(); // the exact build replaces the drag preview
        }
        let title = format!(
            "{}{} — navscope",
            self.doc.name(),
            if self.doc.is_dirty() { " *" } else { "" }
        );
        if title != self.title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if let Some(shot) = &mut self.screenshot {
            shot.step(ctx, self.live.is_busy());
        }
    }

    fn modals(&mut self, ctx: &egui::Context) {
        if let Some(pending) = self.pending.clone() {
            match confirm::show(ctx, &self.doc.name(), pending.what()) {
                Some(confirm::Answer::Save) => {
                    self.pending = None;
                    if self.save() {
                        self.proceed(ctx, pending);
                    }
                }
                Some(confirm::Answer::Discard) => {
                    self.pending = None;
                    self.proceed(ctx, pending);
                }
                Some(confirm::Answer::Cancel) => self.pending = None,
                None => {}
            }
        }
        help::show(ctx, &mut self.show_help);
        let shown = self
            .shown_query()
            .map(|i| (i, self.doc.scene().queries[i].name.clone()));
        let built = self.live.shown().cloned();
        let actions = lab::show(
            ctx,
            &mut self.lab,
            built.as_ref().map(|b| &b.build),
            shown.as_ref().map(|(i, name)| (*i, name.as_str())),
        );
        self.perform_all(ctx, actions);
        let hovered = self
            .live
            .shown()
            .zip(self.cursor)
            .and_then(|(b, p)| b.build.mesh.locate(p).triangle());
        steps::show(ctx, &mut self.steps, hovered);
        super::playback::show(ctx, &mut self.playback);
        let reference = self.doc.scene().reference.clone();
        if let Some(edit) = underlay::show(ctx, &mut self.underlay, reference.as_ref()) {
            self.perform(ctx, Action::Apply(edit));
        }
        let (analysis, built) = (self.analysis.as_ref(), self.live.shown());
        self.playback.update(analysis, built.map(|b| b.as_ref()));
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if self.applied_theme != Some(self.settings.theme) {
            theme::apply(&ctx, self.settings.theme);
            self.applied_theme = Some(self.settings.theme);
        }
        self.window_events(&ctx);
        if !ctx.egui_wants_keyboard_input() && self.pending.is_none() {
            for command in Command::pressed(&ctx) {
                self.run(&ctx, command);
            }
        }
        self.refresh(&ctx);

        let state = menu_bar::CommandState {
            can_undo: self.doc.can_undo(),
            can_redo: self.doc.can_redo(),
            has_mesh: self.live.shown().is_some(),
            has_query: self.analysis.is_some(),
            has_selection: matches!(self.selection, Selection::Corner(_) | Selection::Ring(_)),
            tool: self.tool,
            settings: &self.settings,
        };
        let actions = egui::Panel::top("menu")
            .show(ui, |ui| menu_bar::show(ui, &state))
            .inner;
        self.perform_all(&ctx, actions);

        let summary = self.build_summary();
        egui::Panel::bottom("status").show(ui, |ui| {
            let inputs = status_bar::Inputs {
                status: &self.status,
                hint: self.tool.hint(),
                cursor: self.cursor,
                grid_step: self.settings.grid.then(|| grid::step(&self.view)),
                build: summary,
            };
            status_bar::show(ui, &inputs);
        });
        let query = self.shown_query();
        let actions = egui::Panel::bottom("metrics")
            .resizable(true)
            .default_size(170.0)
            .show(ui, |ui| {
                let actions = self.analysis.as_ref().map_or(Vec::new(), |a| {
                    diagnosis::show(ui, a, self.doc.scene(), query)
                });
                metrics::show(
                    ui,
                    self.analysis.as_ref(),
                    self.doc.scene().agent_radius,
                    self.settings.theme,
                );
                actions
            })
            .inner;
        self.perform_all(&ctx, actions);
        let actions = egui::Panel::left("tools")
            .resizable(true)
            .default_size(230.0)
            .show(ui, |ui| {
                side::show(ui, self.tool, self.doc.scene(), query, &mut self.settings)
            })
            .inner;
        self.perform_all(&ctx, actions);
        let actions = egui::Panel::right("inspector")
            .resizable(true)
            .default_size(270.0)
            .show(ui, |ui| {
                let inputs = inspector::Inputs {
                    scene: self.doc.scene(),
                    mesh: self.live.shown().map(|b| &b.build.mesh),
                    selection: self.selection,
                    failure: self.live.failure(),
                    warnings: self.live.shown().map_or(&[][..], |b| &b.build.warnings[..]),
                };
                inspector::show(ui, &inputs, &mut self.name_field)
            })
            .inner;
        self.perform_all(&ctx, actions);
        egui::CentralPanel::no_frame().show(ui, |ui| self.canvas(ui));
        self.modals(&ctx);
        self.end_of_frame(&ctx);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.screenshot.is_none() {
            self.settings.view = Some(self.view);
            eframe::set_value(storage, eframe::APP_KEY, &self.settings);
        }
    }

    fn persist_egui_memory(&self) -> bool {
        self.screenshot.is_none()
    }
}

/// The scene File > New starts from: a 40 x 30 walkable rectangle and one query.
fn new_scene() -> Scene {
    let p = Point::new;
    Scene {
        walkable: vec![Ring::new(vec![
            p(0.0, 0.0),
            p(40.0, 0.0),
            p(40.0, 30.0),
            p(0.0, 30.0),
        ])],
        queries: vec![Query {
            name: "main".into(),
            start: p(2.0, 2.0),
            goal: p(38.0, 28.0),
        }],
        ..Scene::default()
    }
}
