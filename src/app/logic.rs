//! The logic pass, run once per frame before anything is drawn: window events, the actions the
//! panels asked for in the last frame, shortcuts, the canvas input (egui decides clicks and
//! drags at the start of the frame), then one refresh of the derived data. Every panel drawn
//! afterwards sees the state this frame's input produced, so no frame shows stale panels.

use super::canvas;
use super::commands::Command;
use super::editor::App;
use super::fixed;
use super::state::Pending;
use super::theme;
use super::tools;
use egui::ViewportCommand;

impl App {
    pub(super) fn logic_pass(&mut self, ctx: &egui::Context) {
        let before = (self.state.doc.revision(), self.state.status.said());
        self.window_events(ctx);
        let queued = std::mem::take(&mut self.queued);
        self.perform_all(ctx, queued);
        if !ctx.egui_wants_keyboard_input() && !self.state.modal_open() {
            for command in Command::pressed(ctx) {
                self.run(ctx, command);
            }
        }
        self.canvas_input(ctx);
        // The scene changed and nothing was said about it: the last message (opened, saved,
        // added, selected...) is about a scene that is no more.
        let (revision, said) = before;
        if self.state.doc.revision() != revision && self.state.status.said() == said {
            self.state.status.clear();
        }
        self.state.lab.poll();
        // A gesture ends once no button is down, but not on the release frame itself: a slider
        // still takes its last value then, and that edit belongs to the drag.
        let released = ctx.input(|i| !i.pointer.any_down() && !i.pointer.any_released());
        if self.state.doc.in_gesture() && released {
            self.state.doc.end_gesture(); // the exact build replaces the drag preview
        }
        let waker = ctx.clone();
        self.derived
            .refresh(&mut self.state, move || waker.request_repaint());
        let state = &mut self.state;
        let reference = state.doc.scene().reference.as_ref();
        state.underlay.sync(ctx, reference, state.doc.path());
        let built = self.derived.built().map(|b| b.as_ref());
        state.playback.update(self.derived.analysis.as_ref(), built);
        if self.state.applied_theme != Some(self.state.settings.theme) {
            theme::apply(ctx, self.state.settings.theme);
            self.state.applied_theme = Some(self.state.settings.theme);
        }
        self.update_title(ctx);
        if self.state.fixed.is_none() {
            let now = ctx.input(|i| i.time);
            self.state.recovery.keep(&self.state.doc, now);
        }
    }

    fn window_events(&mut self, ctx: &egui::Context) {
        let state = &mut self.state;
        let closing = ctx.input(|i| i.viewport().close_requested());
        if closing
            && state.has_unsaved_work()
            && !state.close_confirmed
            && state.screenshot.is_none()
        {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
            state.pending = Some(Pending::Close);
        }
        let dropped = ctx.input(|i| i.raw.dropped_files.first().map(|f| f.path().to_path_buf()));
        if let Some(path) = dropped {
            self.guard(ctx, Pending::Open(Some(path)));
        }
    }

    /// Navigation and tool input over the viewports laid out in the last frame.
    fn canvas_input(&mut self, ctx: &egui::Context) {
        let rects = self.state.viewports.clone();
        let keys_free = !ctx.egui_wants_keyboard_input() && !self.state.modal_open();
        let pointer = ctx.input(|i| i.pointer.latest_pos());
        let active = rects
            .iter()
            .position(|r| pointer.is_some_and(|p| r.contains(p)))
            .unwrap_or(0);
        let snap = self
            .state
            .settings
            .snap
            .then(|| self.state.settings.grid_step(&self.state.view));
        // In a fixed navmesh the tools see the queries alone: no area can be picked or dragged.
        let queries_only = self
            .state
            .fixed
            .as_ref()
            .map(|_| fixed::queries_only(self.state.doc.scene()));
        let reference = self.state.doc.scene().reference.as_ref();
        let underlay = reference
            .filter(|r| !r.locked)
            .and_then(|r| self.state.underlay.placed(Some(r)))
            .map(|p| p.bounds());
        for (k, &rect) in rects.iter().enumerate() {
            let state = &mut self.state;
            let input = canvas::input(
                ctx,
                k,
                rect,
                &mut state.view,
                snap,
                keys_free && k == active,
            );
            let cx = tools::Context {
                scene: queries_only.as_ref().unwrap_or(state.doc.scene()),
                query: state.shown_query(),
                sides: state.settings.polygon_sides,
                underlay,
                selection: &state.selection,
            };
            let actions = state.tool_state.handle(state.tool, &input, &cx);
            self.perform_all(ctx, actions);
            if k == active {
                self.state.input = input;
            }
        }
        self.state.cursor = rects
            .get(active)
            .and_then(|&rect| canvas::pointer_world(ctx, rect, &self.state.view));
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let doc = &self.state.doc;
        let title = format!(
            "{}{} — navscope",
            doc.name(),
            if doc.is_dirty() { " *" } else { "" }
        );
        if title != self.state.title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.state.title = title;
        }
    }
}
