//! The ui pass: the panels and the canvas read the state the logic pass left and return the
//! [`Action`]s their widgets asked for; those are queued for the next frame's logic pass. The
//! only things changed in place are the camera's fit to the canvas and widget state of egui.

use super::action::Action;
use super::canvas;
use super::editor::App;
use super::number::fixed;
use super::paint::Picture;
use super::panels::{
    alert, confirm, diagnosis, help, inspector, lab, menu_bar, metrics, path_prompt, queries,
    recover, side, status_bar, steps,
};
use super::pictures;
use super::theme;
use super::tools::Tool;
use super::underlay;
use crate::nav::{Status as QueryStatus, Variant};
use crate::scene;
use crate::viz::{DrawList, Layer};
use egui::{Rect, Ui};

/// Height of the metrics and diagnosis panel: fixed, so the canvas never moves when its
/// content changes.
const BOTTOM_PANEL: f32 = 220.0;
/// Widths of the tools and inspector panels (fixed for the same reason).
const TOOLS_PANEL: f32 = 230.0;
const INSPECTOR_PANEL: f32 = 270.0;
/// How far inside a viewport's edge the query's ends are kept when the viewport changes size.
const REVEAL_MARGIN: f32 = 24.0;
/// Width of the Path lab, docked between the inspector and the canvas.
const LAB_PANEL: f32 = 480.0;

impl App {
    pub(super) fn ui_pass(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let mut actions = self.panels(ui);
        egui::CentralPanel::no_frame().show(ui, |ui| self.canvas(ui));
        actions.extend(self.modals(&ctx));
        if !actions.is_empty() {
            self.queued.extend(actions);
            ctx.request_repaint(); // the next logic pass performs them
        }
        let busy = self.derived.live.is_busy() || self.state.lab.is_running();
        if let Some(shot) = &mut self.state.screenshot {
            shot.step(&ctx, busy);
        }
    }

    fn panels(&mut self, ui: &mut Ui) -> Vec<Action> {
        let (state, derived) = (&mut self.state, &self.derived);
        let mut actions = Vec::new();
        let commands = menu_bar::CommandState {
            can_undo: state.doc.can_undo(),
            can_redo: state.doc.can_redo(),
            has_mesh: derived.built().is_some(),
            has_query: derived.analysis.is_some(),
            has_selection: !state.selection.group().is_empty(),
            has_clipboard: state.clipboard.is_some(),
            fixed: state.fixed.is_some(),
            tool: state.tool,
            settings: &state.settings,
        };
        actions.extend(
            egui::Panel::top("menu")
                .show(ui, |ui| menu_bar::show(ui, &commands))
                .inner,
        );
        egui::Panel::bottom("status").show(ui, |ui| {
            let inputs = status_bar::Inputs {
                status: &state.status,
                hint: state.tool.hint(),
                cursor: state.cursor,
                grid_step: state
                    .settings
                    .grid
                    .then(|| state.settings.grid_step(&state.view)),
                build: derived.build_summary(state.doc.in_gesture()),
            };
            status_bar::show(ui, &inputs);
        });
        let query = state.shown_query();
        let locked = state.locked_reason();
        let scene = state.doc.scene();
        actions.extend(
            egui::Panel::bottom("metrics")
                .exact_size(BOTTOM_PANEL)
                .show(ui, |ui| {
                    let actions = derived
                        .analysis
                        .as_ref()
                        .map_or(Vec::new(), |a| diagnosis::show(ui, a, scene, query));
                    let analysis = match (&derived.analysis, derived.built()) {
                        (Some(a), _) => Ok(a),
                        (None, Some(_)) => Err(metrics::Missing::Query),
                        (None, None) => Err(metrics::Missing::Navmesh),
                    };
                    let radius = derived
                        .built()
                        .map_or(scene.agent_radius, |b| b.build.radius);
                    metrics::show(ui, analysis, radius, state.settings.theme);
                    actions
                })
                .inner,
        );
        actions.extend(
            egui::Panel::left("tools")
                .exact_size(TOOLS_PANEL)
                .show(ui, |ui| {
                    let inputs = side::Inputs {
                        tool: state.tool,
                        scene,
                        scene_bounds: derived.scene_bounds(),
                        settings: &state.settings,
                        arc_tolerance: state.arc_tolerance,
                        locked,
                        profile: &state.profile,
                        profile_paths: derived.profile_paths.as_ref(),
                    };
                    side::show(ui, &inputs)
                })
                .inner,
        );
        actions.extend(
            egui::Panel::right("inspector")
                .exact_size(INSPECTOR_PANEL)
                .show(ui, |ui| {
                    let built = derived.built();
                    let inputs = inspector::Inputs {
                        scene,
                        mesh: built.map(|b| &b.build.mesh),
                        selection: &state.selection,
                        failure: derived.live.failure(),
                        warnings: built.map_or(&[][..], |b| &b.build.warnings[..]),
                    };
                    let revision = state.doc.revision();
                    let list = &mut state.query_list;
                    let mut actions = queries::show(ui, list, scene, revision, query);
                    ui.separator();
                    actions.extend(inspector::show(ui, &inputs, &mut state.name_field));
                    actions
                })
                .inner,
        );
        if state.lab.open {
            let has_build = derived.built().is_some();
            actions.extend(
                egui::Panel::right("lab")
                    .exact_size(LAB_PANEL)
                    .show(ui, |ui| {
                        lab::show(ui, &mut state.lab, has_build, &scene.queries)
                    })
                    .inner,
            );
        }
        actions
    }

    fn canvas(&mut self, ui: &mut Ui) {
        let rects = canvas::split(ui.max_rect(), self.state.settings.layout.viewports());
        let state = &mut self.state;
        let pointer = ui.input(|i| i.pointer.latest_pos());
        if state.fit_pending {
            state.view.fit(rects[0], state.doc.scene().bounds());
            state.fit_pending = false;
        } else if let Some(&old) = state.viewports.first()
            && state.viewports.len() != rects.len()
        {
            // A new layout shows what the last one showed: from one view to four the whole
            // scene stays in each quarter, and back it fills the canvas again (it stayed at a
            // quarter's scale in the top-left corner, cut at the top).
            let shown = state.view.visible(old);
            state.view.show(rects[0], shown);
        } else if let Some(&old) = state.viewports.first()
            && old != rects[0]
        {
            // The world point under the pointer stays there (or, with the pointer elsewhere,
            // the one at the top-left corner, which panels around the canvas do not move).
            let pointer = pointer.filter(|p| old.contains(*p));
            state
                .view
                .keep_anchor(old, rects[0], pointer.unwrap_or(old.min));
            // A new layout or window size keeps the shown query's ends in view.
            if let Some(q) = state.shown_query().map(|i| &state.doc.scene().queries[i]) {
                state
                    .view
                    .reveal(rects[0], &[q.start, q.goal], REVEAL_MARGIN, pointer);
            }
        }
        let active = rects
            .iter()
            .position(|r| pointer.is_some_and(|p| r.contains(p)))
            .unwrap_or(0);
        let overlay = Picture::new(self.overlay());
        let placed = self
            .state
            .underlay
            .placed(self.state.doc.scene().reference.as_ref());
        self.state.viewports = rects.clone();
        self.state.painted.clear();
        for (k, &rect) in rects.iter().enumerate() {
            canvas::register(ui, k, rect);
            let variant = self.viewport_variant(k, rects.len());
            let mut pictures = self.pictures();
            if k == active {
                pictures.push(&overlay);
            }
            let settings = &self.state.settings;
            let visible = |layer| self.viewport_shows(variant, layer);
            let painted = canvas::paint_viewport(
                ui,
                rect,
                &self.state.view,
                settings.theme,
                canvas::Backdrop {
                    grid: settings.grid.then(|| settings.grid_step(&self.state.view)),
                    underlay: placed.as_ref(),
                },
                &pictures,
                visible,
            );
            self.state.painted.extend(painted);
            self.viewport_header(ui, k, rect, variant);
        }
    }

    /// What every viewport paints, bottom first (the one under the pointer adds the overlay).
    pub(super) fn pictures(&self) -> Vec<&Picture> {
        let mut pictures: Vec<&Picture> = Vec::with_capacity(7);
        pictures.extend(self.derived.scene_pictures());
        pictures.extend(self.derived.built().map(|b| &b.picture));
        pictures.extend(self.derived.analysis.as_ref().map(|a| &a.picture));
        pictures.extend(self.derived.profile_paths.as_ref().map(|p| &p.picture));
        pictures.extend(self.state.steps.picture());
        pictures.extend(self.state.playback.picture());
        pictures
    }

    /// The path variant viewport `k` of `count` shows when comparing.
    pub(super) fn viewport_variant(&self, k: usize, count: usize) -> Option<Variant> {
        (count > 1).then(|| self.state.compare[k % self.state.compare.len()])
    }

    /// Whether a viewport showing `variant` paints `layer`: a compare viewport shows the
    /// variant chosen for it, whatever the legend says.
    pub(super) fn viewport_shows(&self, variant: Option<Variant>, layer: Layer) -> bool {
        match (layer, variant) {
            (Layer::Path(v), Some(shown)) => v == shown,
            _ => self.state.settings.is_visible(layer),
        }
    }

    /// Hover highlight, selection, tool preview and the agent disc at the cursor.
    pub(super) fn overlay(&self) -> DrawList {
        let state = &self.state;
        let input = &state.input;
        let scene = state.doc.scene();
        let hover = match (state.tool, input.pos) {
            _ if state.tool_state.is_drawing() || state.screenshot.is_some() => None,
            // A fixed navmesh offers its start and goal handles alone.
            (Tool::Select, Some(p)) => scene::pick(scene, state.shown_query(), p, input.tolerance)
                .filter(|hit| state.fixed.is_none() || hit.ring().is_none()),
            (Tool::InsertVertex, Some(p)) => scene::pick_edge(scene, p, input.tolerance),
            _ => None,
        };
        let mut list = DrawList::default();
        let mesh = self.derived.built().map(|b| &b.build.mesh);
        let mesh_radius = self.derived.built().map(|b| b.build.radius);
        // A screenshot shows the window without a pointer over it.
        let disc = input
            .pos
            .filter(|_| state.screenshot.is_none())
            .map(|p| (p, mesh_radius.unwrap_or(scene.agent_radius)));
        pictures::overlay(scene, mesh, hover, &state.selection, disc, &mut list);
        state
            .tool_state
            .preview(state.tool, input, state.settings.polygon_sides, &mut list);
        list
    }

    /// The query outcome over the canvas and, when comparing, the viewport's variant chooser.
    fn viewport_header(&mut self, ui: &mut Ui, k: usize, rect: Rect, variant: Option<Variant>) {
        let text_color = theme::canvas_text(self.state.settings.theme);
        if let Some(fixed) = &self.state.fixed {
            ui.painter_at(rect).text(
                rect.right_top() + egui::vec2(-8.0, 8.0),
                egui::Align2::RIGHT_TOP,
                format!("Fixed navmesh: {}", fixed.name()),
                egui::FontId::proportional(14.0),
                text_color,
            );
        }
        if let Some(a) = self
            .derived
            .analysis
            .as_ref()
            .filter(|a| a.answer.status() != QueryStatus::Found)
        {
            // Wrapped to the viewport (narrow windows, compare layouts), on a backing so it
            // reads over any scene and the canvas labels under it; at the bottom, clear of the
            // diagnosis's "why:" line, which is drawn at the scene's top-left corner.
            let text = format!("No path: {}", metrics::explain(a.answer.status()));
            let painter = ui.painter_at(rect);
            let galley = painter.layout(
                text,
                egui::FontId::proportional(15.0),
                egui::Color32::from_rgb(255, 140, 110),
                (rect.width() - 24.0).max(40.0),
            );
            let size = galley.size();
            let top = (rect.bottom() - 16.0 - size.y).max(rect.top() + 36.0);
            let top_left = egui::pos2(rect.center().x - size.x / 2.0, top);
            let backing = Rect::from_min_size(top_left, size).expand(4.0);
            painter.rect_filled(backing, 4.0, egui::Color32::from_black_alpha(225));
            painter.galley(top_left, galley, egui::Color32::WHITE);
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
                            ui.selectable_value(&mut self.state.compare[k], v, v.name());
                        }
                    });
                combo.response.labelled_by(label.id);
                if let Some(m) = self
                    .derived
                    .analysis
                    .as_ref()
                    .and_then(|a| a.answer.metrics(shown))
                {
                    ui.colored_label(text_color, fixed(m.length, 3));
                }
            });
        });
    }

    /// The unsaved-changes question, the path field, help, the step-through, agent playback and
    /// reference windows.
    fn modals(&mut self, ctx: &egui::Context) -> Vec<Action> {
        let mut actions = Vec::new();
        let state = &mut self.state;
        if let Some(pending) = &state.pending
            && let Some(answer) =
                confirm::show(ctx, &state.doc.name(), pending.what(), state.loss())
        {
            actions.push(Action::Answer(answer));
        }
        if let Some(found) = state.left_behind.first()
            && let Some(restore) = recover::show(ctx, found)
        {
            actions.push(Action::Recover(restore));
        }
        if let Some((path, message)) = &state.alert {
            let title = format!("Could not open {}", path.display());
            if alert::show(ctx, &title, message) {
                actions.push(Action::DismissAlert);
            }
        }
        if let Some(prompt) = &mut state.path_prompt {
            actions.extend(path_prompt::show(ctx, prompt));
        }
        // Windows stay over the canvas, clear of the menus and the panels.
        let area = (state.viewports.iter())
            .fold(Rect::NOTHING, |a, r| a.union(*r))
            .intersect(ctx.content_rect());
        let area = if area.is_positive() {
            area
        } else {
            ctx.content_rect()
        };
        help::show(ctx, &mut state.show_help, area);
        let hovered = self
            .derived
            .built()
            .zip(state.cursor)
            .and_then(|(b, p)| b.build.mesh.locate(p).triangle());
        steps::show(ctx, &mut state.steps, hovered, area);
        super::playback::show(ctx, &mut state.playback, area);
        let reference = state.doc.scene().reference.as_ref();
        actions.extend(underlay::show(ctx, &mut state.underlay, reference, area));
        actions
    }
}
