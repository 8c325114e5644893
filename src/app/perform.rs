//! The logic pass's verbs: performing [`Action`]s and running [`Command`]s (edits, selection,
//! settings, tools, files). Panels and tools only ask; everything that changes the editor's state
//! happens here, before the frame is drawn.

use super::action::Action;
use super::changes;
use super::commands::Command;
use super::editor::App;
use super::files::{self, Export};
use super::fixed::{self, FixedNavmesh};
use super::live::Built;
use super::panels::confirm;
use super::profiles::Shown;
use super::queries::{self, QueryEdit};
use super::removals;
use super::selection::Selection;
use super::state::{FileTarget, PathPrompt, Pending};
use super::test_case;
use super::tools::{Tool, ToolState};
use crate::document::{Document, Edit, EditError};
use crate::geom::{Point, Ring};
use crate::scenario::Scenario;
use crate::scene::{self, Query, RingRef, Scene};
use crate::viz::{DrawList, Theme};
use egui::ViewportCommand;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const FIXED_NOT_SAVED: &str =
    "a fixed navmesh is not saved as a scene: use File > Convert to scene first, or File > Export";

impl App {
    pub(super) fn perform(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::Apply(edit) => {
                if let Some(reason) = self.state.locked_reason()
                    && !fixed::allows(&edit)
                {
                    return self.refuse_area_edit(reason);
                }
                let scene = self.state.doc.scene();
                let removed = removals::removal(scene, &edit);
                // What an area tool adds is said as a removal is (the status bar kept the
                // previous message).
                let added = match edit {
                    Edit::AddObstacle { .. } => Some(RingRef::Obstacle(scene.obstacles.len())),
                    Edit::AddWalkable(_) => Some(RingRef::Walkable(scene.walkable.len())),
                    Edit::AddCostArea(_) => Some(RingRef::Cost(scene.costs.len())),
                    _ => None,
                };
                match self.state.doc.apply(edit) {
                    Ok(()) => {
                        let scene = self.state.doc.scene();
                        let added =
                            added.map(|r| format!("added {}", removals::said_name(scene, r)));
                        (removed.into_iter().chain(added)).for_each(|r| self.state.status.info(r));
                    }
                    Err(e) => self.state.status.error(format!("edit refused: {e}")),
                }
                self.state.selection = self.state.selection.valid_in(self.state.doc.scene());
            }
            // Value widgets ask on every frame a button is down on them: one gesture per drag.
            Action::BeginGesture if !self.state.doc.in_gesture() => self.state.doc.begin_gesture(),
            Action::BeginGesture => {}
            Action::EndGesture => self.state.doc.end_gesture(),
            Action::Select(s) => self.state.selection = s,
            Action::Run(command) => self.run(ctx, command),
            Action::OpenRecent(path) => self.guard(ctx, Pending::Open(Some(path))),
            Action::ShowQuery(i) => self.state.query = i,
            Action::EditQuery(edit) => self.edit_query(ctx, edit),
            Action::ShowProfile(shown) => self.state.profile = shown,
            Action::DismissAlert => self.state.alert = None,
            Action::Notice(text) => self.state.status.info(text),
            Action::SetGridStep(step) => self.state.settings.grid_step = step,
            Action::SetArcTolerance(t) => self.state.arc_tolerance = t,
            Action::SetPolygonSides(n) => self.state.settings.polygon_sides = n,
            Action::SetCorridorOptions(options) => self.state.lab.options = options,
            Action::Answer(answer) => self.answer(ctx, answer),
            Action::PathTyped(path) => {
                let prompt = self.state.path_prompt.take();
                if let (Some(prompt), Some(path)) = (prompt, path) {
                    self.file_chosen(ctx, prompt.target, path);
                }
            }
            Action::Recover(restore) => self.recover(restore),
            Action::RunLab => self.run_lab(ctx),
            Action::CancelLab => self.state.lab.cancel(),
        }
    }

    pub(super) fn perform_all(&mut self, ctx: &egui::Context, actions: Vec<Action>) {
        for a in actions {
            self.perform(ctx, a);
        }
    }

    pub(super) fn run(&mut self, ctx: &egui::Context, command: Command) {
        // A drag holds indices into the scene and records one undo step: a command that edits
        // or replaces the document mid-drag (a shortcut pressed with the button down) would
        // end that step early or leave the drag moving another ring.
        if self.state.doc.in_gesture() && command.edits_document() {
            return self
                .state
                .status
                .info("release the mouse button first: a drag is under way");
        }
        if command == Command::Undo && self.state.tool_state.undo_point() {
            return self.state.status.info("removed the last point drawn");
        }
        if command == Command::Redo && self.state.tool_state.is_drawing() {
            return self
                .state
                .status
                .info("finish the shape first (Enter), or cancel it (Esc)");
        }
        match command {
            Command::New => self.guard(ctx, Pending::New),
            Command::Open => self.guard(ctx, Pending::Open(None)),
            Command::OpenNavmesh => self.guard(ctx, Pending::OpenNavmesh),
            Command::ConvertToScene => self.convert_to_scene(),
            Command::Save => self.save(ctx, None),
            Command::SaveAs => {
                if self.state.fixed.is_some() {
                    return self.state.status.error(FIXED_NOT_SAVED);
                }
                self.ask_file(ctx, FileTarget::SaveScene { then: None })
            }
            Command::Export(export) => {
                if let Err(e) = self.exported_build() {
                    return self.state.status.error(e);
                }
                self.ask_file(ctx, FileTarget::Export(export))
            }
            Command::ExportPicture => self.ask_file(ctx, FileTarget::Picture),
            Command::SaveTestCase => {
                if let Err(e) = self.test_case() {
                    return self.state.status.error(e);
                }
                self.ask_file(ctx, FileTarget::TestCase)
            }
            Command::Quit => ctx.send_viewport_cmd(ViewportCommand::Close),
            Command::Undo => self.step_history(|d| d.undo(), "undone", "nothing to undo"),
            Command::Redo => self.step_history(|d| d.redo(), "redone", "nothing to redo"),
            Command::Delete => self.delete_selection(),
            Command::Copy => self.copy(ctx),
            Command::Cut | Command::Paste | Command::Duplicate | Command::SelectAll
                if let Some(reason) = self.state.locked_reason() =>
            {
                self.refuse_area_edit(reason)
            }
            Command::Cut => {
                self.copy(ctx);
                self.delete_group("cut");
            }
            Command::Paste => self.paste(ctx),
            Command::Duplicate => self.duplicate(),
            Command::SelectAll => self.select_all(),
            Command::FitView => self.state.fit_pending = true,
            Command::ToggleGrid => self.state.settings.grid = !self.state.settings.grid,
            Command::ToggleSnap => self.state.settings.snap = !self.state.settings.snap,
            Command::ToggleTheme => {
                self.state.settings.theme = if self.state.settings.theme == Theme::Dark {
                    Theme::Light
                } else {
                    Theme::Dark
                }
            }
            Command::SetLayout(layout) => self.state.settings.layout = layout,
            Command::ToggleLayer(layer) => {
                let settings = &mut self.state.settings;
                settings.set_visible(layer, !settings.is_visible(layer));
            }
            Command::SoloLayer(layer) => self.state.settings.solo(layer),
            Command::LayerPreset(preset) => self.state.settings.apply_preset(preset),
            Command::UseTool(tool) => {
                if let Some(reason) = self.state.locked_reason()
                    && tool.edits_areas()
                {
                    return self.refuse_area_edit(reason);
                }
                let actions = self.state.tool_state.cancel();
                self.perform_all(ctx, actions);
                self.state.tool = tool;
            }
            Command::Help => self.state.show_help = !self.state.show_help,
            Command::PathLab => self.state.lab.open = !self.state.lab.open,
            Command::StepThrough => self.state.steps.open = !self.state.steps.open,
            Command::AgentPlayback => self.state.playback.open = !self.state.playback.open,
            Command::AddReference => {
                self.state.underlay.open = true;
                self.ask_file(ctx, FileTarget::Reference);
            }
        }
    }

    /// Applies a query list edit, shows the query it leaves and says what it did.
    fn edit_query(&mut self, ctx: &egui::Context, edit: QueryEdit) {
        let add = edit == QueryEdit::Add;
        let mesh = self.derived.built().map(|b| &b.build.mesh);
        let planned = match queries::plan(self.state.doc.scene(), mesh, edit) {
            Ok(planned) => planned,
            Err(e) => return self.state.status.error(e),
        };
        if let Err(e) = self.state.doc.apply(planned.edit) {
            return self.state.status.error(format!("edit refused: {e}"));
        }
        self.state.query = planned.show;
        self.state.query_list.reveal();
        if add && self.state.tool != Tool::Query {
            self.run(ctx, Command::UseTool(Tool::Query));
        }
        self.state.status.info(planned.message);
    }

    fn refuse_area_edit(&mut self, reason: &str) {
        self.state
            .status
            .error(format!("{reason}; use File > Convert to scene to edit it"));
    }

    /// Makes the fixed navmesh an ordinary scene (its free space as areas), editable and
    /// rebuilt from its areas from now on.
    fn convert_to_scene(&mut self) {
        let Some(fixed) = self.state.fixed.take() else {
            return self.state.status.info("the document is already a scene");
        };
        self.derived.reset();
        // The same revision is now built from the areas: other triangles than the traces'.
        self.state.steps.forget();
        let areas = self.state.doc.scene().areas().len();
        self.state.status.info(format!(
            "converted {} into a scene of {areas} areas: every tool edits it now",
            fixed.name()
        ));
    }

    /// Undoes or redoes (`done` says which) and says what changed.
    fn step_history(
        &mut self,
        step: impl FnOnce(&mut Document) -> bool,
        done: &str,
        nothing: &str,
    ) {
        self.state.tool_state.cancel();
        let before = self.state.doc.scene().clone();
        if step(&mut self.state.doc) {
            self.state.selection = self.state.selection.valid_in(self.state.doc.scene());
            let what = changes::describe(&before, self.state.doc.scene());
            self.state.status.info(format!("{done}: {what}"));
        } else {
            self.state.status.info(nothing);
        }
    }

    /// Deletes the selected corner, ring, link or group (one undo step) and says what went (a
    /// ring left with fewer than three corners goes with its corner).
    fn delete_selection(&mut self) {
        if let Some(reason) = self.state.locked_reason() {
            return self.refuse_area_edit(reason);
        }
        let edit = match self.state.selection {
            Selection::Corner(c) => Edit::DeleteCorner(c),
            Selection::Ring(r) => Edit::DeleteRing(r),
            Selection::Link(i) => Edit::DeleteLink(i),
            Selection::None | Selection::Triangle(_) => {
                self.state
                    .status
                    .info("select a corner, an obstacle or a link to delete it");
                return;
            }
            Selection::Many(_) => return self.delete_group("deleted"),
        };
        let what = removals::removal(self.state.doc.scene(), &edit);
        match self.state.doc.apply(edit) {
            Ok(()) => what.into_iter().for_each(|w| self.state.status.info(w)),
            Err(e) => self.state.status.error(format!("cannot delete: {e}")),
        }
        self.state.selection = Selection::None;
    }

    /// Deletes every selected ring and link (a corner counts as its ring) in one undo step and
    /// says so: `{done} 2 obstacles`.
    fn delete_group(&mut self, done: &str) {
        let group = self.state.selection.group();
        if group.is_empty() {
            return;
        }
        match self.apply_as_one(group.deleted()) {
            Ok(()) => self
                .state
                .status
                .info(format!("{done} {}", group.describe())),
            Err(e) => self.state.status.error(format!("cannot delete: {e}")),
        }
        self.state.selection = Selection::None;
    }

    /// Applies `edits` as one undo step; stops at the first refused.
    pub(super) fn apply_as_one(&mut self, edits: Vec<Edit>) -> Result<(), EditError> {
        let doc = &mut self.state.doc;
        doc.begin_gesture();
        let applied = edits.into_iter().try_for_each(|edit| doc.apply(edit));
        doc.end_gesture();
        applied
    }

    /// Runs `pending` now, or asks first when it would discard unsaved changes.
    pub(super) fn guard(&mut self, ctx: &egui::Context, pending: Pending) {
        if self.state.has_unsaved_work() && self.state.screenshot.is_none() {
            self.state.pending = Some(pending);
        } else {
            self.proceed(ctx, pending);
        }
    }

    fn run_lab(&mut self, ctx: &egui::Context) {
        let Some(built) = self.derived.built().cloned() else {
            return self
                .state
                .status
                .error("the lab needs a navmesh: the scene has not built");
        };
        let waker = ctx.clone();
        if let Err(e) = self.state.lab.start(built, move || waker.request_repaint()) {
            self.state.status.error(e);
        }
    }

    /// The user's answer to the unsaved-changes question.
    fn answer(&mut self, ctx: &egui::Context, answer: confirm::Answer) {
        let Some(pending) = self.state.pending.take() else {
            return;
        };
        match answer {
            confirm::Answer::Save => self.save(ctx, Some(pending)),
            confirm::Answer::Discard => self.proceed(ctx, pending),
            confirm::Answer::Cancel => {}
        }
    }

    fn proceed(&mut self, ctx: &egui::Context, pending: Pending) {
        match pending {
            Pending::New => {
                self.replace_document(Document::new(new_scene()));
                self.state.status.info("new scene");
            }
            Pending::Open(Some(path)) => self.open_path(path),
            Pending::Open(None) => self.ask_file(ctx, FileTarget::Open),
            Pending::OpenNavmesh => self.ask_file(ctx, FileTarget::OpenNavmesh),
            Pending::Close => {
                self.state.close_confirmed = true;
                ctx.send_viewport_cmd(ViewportCommand::Close);
            }
        }
    }

    /// Opens a scene file, or a navmesh file (see [`crate::import::opens_as_navmesh`]) as a
    /// fixed navmesh; on failure the error is shown and the current document stays.
    pub(super) fn open_path(&mut self, path: PathBuf) {
        if crate::import::opens_as_navmesh(&path) {
            return self.open_navmesh(path);
        }
        match Document::open(&path) {
            Ok(doc) => {
                self.replace_document(doc);
                self.state.settings.remember(&path);
                self.state.status.info(format!("opened {}", path.display()));
            }
            Err(e) => {
                self.state
                    .status
                    .error(format!("could not open the file: {e}"));
                self.state.alert = Some((path, e.to_string()));
            }
        }
    }

    /// Opens a navmesh file as it is: its polygons are the navmesh, the areas stay fixed.
    fn open_navmesh(&mut self, path: PathBuf) {
        match FixedNavmesh::open(&path) {
            Ok((fixed, scene)) => {
                let polygons = fixed.polygons.polygons.len();
                self.replace_document(Document::titled(scene, &fixed.name()));
                self.state.fixed = Some(fixed);
                if self.state.tool.edits_areas() {
                    self.state.tool = Tool::Select;
                }
                self.state.settings.remember(&path);
                self.state.status.info(format!(
                    "opened {} as a fixed navmesh of {polygons} polygons (File > Convert to scene makes it editable)",
                    path.display()
                ));
            }
            Err(e) => {
                self.state
                    .status
                    .error(format!("could not open the navmesh: {e}"));
                self.state.alert = Some((path, e.to_string()));
            }
        }
    }

    /// Restores or discards the first unsaved work an earlier editor left behind.
    fn recover(&mut self, restore: bool) {
        if self.state.left_behind.is_empty() {
            return;
        }
        let found = self.state.left_behind.remove(0);
        if restore {
            let name = found.name.clone();
            self.replace_document(found.document());
            self.state.status.info(format!(
                "restored the unsaved changes to {name}: save them to keep them"
            ));
        }
        found.remove();
    }

    /// Puts `doc` in place of the document, whose changes were saved or knowingly discarded.
    fn replace_document(&mut self, doc: Document) {
        self.state.recovery.discard();
        self.state.doc = doc;
        // Traces are keyed by revision, which starts again at 0 in every document.
        self.state.steps.forget();
        self.state.fixed = None;
        self.state.profile = Shown::default();
        self.derived.reset();
        self.state.tool_state = ToolState::default();
        self.state.selection = Selection::None;
        self.state.query = 0;
        self.state.query_list = Default::default();
        self.state.fit_pending = true;
    }

    /// Saves to the document's file (asking for one if it has none), then goes on with `then`.
    fn save(&mut self, ctx: &egui::Context, then: Option<Pending>) {
        if self.state.fixed.is_some() {
            return self.state.status.error(FIXED_NOT_SAVED);
        }
        if self.state.doc.path().is_none() {
            return self.ask_file(ctx, FileTarget::SaveScene { then });
        }
        if self.report_save(|doc| doc.save())
            && let Some(then) = then
        {
            self.proceed(ctx, then);
        }
    }

    /// Asks for a file name for `target` (starting in the document's folder); when the system
    /// dialog cannot open, says why and asks in the in-app path field instead.
    fn ask_file(&mut self, ctx: &egui::Context, target: FileTarget) {
        let doc = &self.state.doc;
        let dir = doc.path().and_then(|p| p.parent()).map(|d| d.to_path_buf());
        let name = match &target {
            FileTarget::Open | FileTarget::OpenNavmesh | FileTarget::Reference => String::new(),
            FileTarget::SaveScene { .. } => doc.save_name(),
            FileTarget::Export(e) => e.file_name(&doc.name()),
            FileTarget::Picture => files::picture_name(&doc.name()),
            FileTarget::TestCase => test_case::file_name(&doc.name()),
        };
        let answer = match &target {
            FileTarget::Open => self.state.dialogs.open(dir.as_deref()),
            FileTarget::OpenNavmesh => self.state.dialogs.open_navmesh(dir.as_deref()),
            FileTarget::Reference => self.state.dialogs.open_image(dir.as_deref()),
            _ => self
                .state
                .dialogs
                .save(target.kind(), &name, dir.as_deref()),
        };
        match answer {
            Ok(Some(path)) => self.file_chosen(ctx, target, path),
            Ok(None) => {}
            Err(reason) => {
                self.state
                    .status
                    .error(format!("{reason}: type the path instead"));
                let folder = dir.unwrap_or_else(|| std::env::current_dir().unwrap_or_default());
                self.state.path_prompt = Some(PathPrompt {
                    target,
                    reason,
                    text: folder.join(name).display().to_string(),
                    replacing: None,
                    problem: None,
                });
            }
        }
    }

    fn file_chosen(&mut self, ctx: &egui::Context, target: FileTarget, path: PathBuf) {
        let path = if target.is_save() {
            files::with_extension(path, target.kind())
        } else {
            path
        };
        match target {
            FileTarget::Open => self.open_path(path),
            FileTarget::OpenNavmesh => self.open_navmesh(path),
            FileTarget::SaveScene { then } => {
                if self.report_save(|doc| doc.save_as(&path))
                    && let Some(then) = then
                {
                    self.proceed(ctx, then);
                }
            }
            FileTarget::Export(export) => self.export(export, &path),
            FileTarget::Picture => self.export_png(&path),
            FileTarget::TestCase => self.save_test_case(&path),
            FileTarget::Reference => self.add_reference(ctx, &path),
        }
    }

    /// Shows `image` under the scene, keeping the placement of the reference it replaces.
    fn add_reference(&mut self, ctx: &egui::Context, image: &Path) {
        let mut reference = scene::Reference::new(image);
        if let Some(old) = &self.state.doc.scene().reference {
            reference = scene::Reference {
                path: reference.path,
                ..old.clone()
            };
        }
        self.perform(ctx, Action::Apply(Edit::SetReference(Some(reference))));
    }

    fn report_save(
        &mut self,
        save: impl FnOnce(&mut Document) -> Result<(), scene::SaveError>,
    ) -> bool {
        match save(&mut self.state.doc) {
            Ok(()) => {
                if let Some(path) = self.state.doc.path().map(|p| p.to_path_buf()) {
                    self.state.status.info(format!("saved {}", path.display()));
                    self.state.settings.remember(&path);
                }
                true
            }
            Err(e) => {
                self.state.status.error(e.to_string());
                false
            }
        }
    }

    /// The shown query and its outcome as a regression case.
    fn test_case(&self) -> Result<Scenario, String> {
        test_case::record(
            &self.state.doc,
            self.derived.live.shown(),
            self.derived.analysis.as_ref(),
        )
    }

    fn save_test_case(&mut self, path: &Path) {
        let case = match self.test_case() {
            Ok(case) => case,
            Err(e) => return self.state.status.error(e),
        };
        match test_case::save(case, &self.state.doc, path) {
            Ok(()) => self
                .state
                .status
                .info(format!("saved test case {}", path.display())),
            Err(e) => self
                .state
                .status
                .error(format!("{}: cannot write: {e}", path.display())),
        }
    }

    /// The build File > Export writes: the navmesh of the document as it is, or why there is
    /// none (an older or a preview navmesh on screen is never written as the current one).
    fn exported_build(&self) -> Result<Arc<Built>, String> {
        let revision = self.state.doc.revision();
        let live = &self.derived.live;
        live.current(revision).cloned().ok_or_else(|| {
            format!(
                "there is no navmesh to export: {}; export once it is up to date",
                live.not_current(revision)
            )
        })
    }

    fn export(&mut self, export: Export, path: &Path) {
        let built = match self.exported_build() {
            Ok(built) => built,
            Err(e) => return self.state.status.error(e),
        };
        let mut picture = DrawList::default();
        picture.items.extend(
            self.derived
                .scene_pictures()
                .flat_map(|p| p.list().items.iter().cloned()),
        );
        picture
            .items
            .extend(built.picture.list().items.iter().cloned());
        picture.items.extend(
            self.derived
                .analysis
                .iter()
                .flat_map(|a| a.picture.list().items.iter().cloned()),
        );
        let bounds = self
            .state
            .doc
            .scene()
            .bounds()
            .union(built.build.mesh.bounds());
        let text = match export.text(
            &built.build.mesh,
            built.build.radius,
            &picture,
            bounds,
            self.state.settings.theme,
        ) {
            Ok(text) => text,
            Err(e) => return self.state.status.error(format!("{}: {e}", path.display())),
        };
        match crate::fileio::write_atomic(path, text.as_bytes()) {
            Ok(()) => self
                .state
                .status
                .info(format!("exported {}", path.display())),
            Err(e) => self
                .state
                .status
                .error(format!("{}: cannot write: {e}", path.display())),
        }
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
