//! The canvas: one, two or four viewports sharing one [`View`]. Each viewport turns the pointer
//! into navigation (pan: right or middle drag, or space + drag; zoom: wheel or pinch around the
//! cursor) and into tool [`Input`], and paints the pictures.

use super::grid;
use super::paint::{self, Picture, Target};
use super::theme;
use super::tools::Input;
use super::view::View;
use crate::geom::Point;
use crate::viz::{Layer, Theme};
use egui::{Key, PointerButton, Rect, Sense, Ui};
use std::collections::BTreeSet;

/// How far from a thing, in screen points, a click still takes it.
const PICK_RADIUS: f32 = 8.0;
/// Zoom per point of wheel scrolling.
const WHEEL_ZOOM: f64 = 0.0025;

/// Splits `rect` into `n` viewports: side by side for 2, a 2x2 grid for 4.
pub fn split(rect: Rect, n: usize) -> Vec<Rect> {
    let gap = 2.0;
    match n {
        2 => {
            let w = (rect.width() - gap) / 2.0;
            vec![
                Rect::from_min_size(rect.min, egui::vec2(w, rect.height())),
                Rect::from_min_size(
                    rect.min + egui::vec2(w + gap, 0.0),
                    egui::vec2(w, rect.height()),
                ),
            ]
        }
        4 => {
            let (w, h) = ((rect.width() - gap) / 2.0, (rect.height() - gap) / 2.0);
            [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
                .into_iter()
                .map(|(i, j)| {
                    Rect::from_min_size(
                        rect.min + egui::vec2(i * (w + gap), j * (h + gap)),
                        egui::vec2(w, h),
                    )
                })
                .collect()
        }
        _ => vec![rect],
    }
}

/// The id of viewport `k`'s canvas widget.
pub fn viewport_id(k: usize) -> egui::Id {
    egui::Id::unique(("viewport", k))
}

/// Registers viewport `k` as a widget over `rect` (ui pass), so egui hit-tests it next frame.
pub fn register(ui: &mut Ui, k: usize, rect: Rect) {
    let response = ui.interact(rect, viewport_id(k), Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "canvas"));
}

/// Reads this frame's input over viewport `k` laid out at `rect` in the last frame (logic
/// pass: egui decides clicks and drags at the start of the frame from the last frame's
/// widgets), handles navigation and returns the tool input (world units). Drags that pan are
/// not passed to the tool. `keys` says whether the keyboard is free for the canvas (no text
/// field has focus).
pub fn input(
    ctx: &egui::Context,
    k: usize,
    rect: Rect,
    view: &mut View,
    snap: Option<f64>,
    keys: bool,
) -> Input {
    let Some(response) = ctx.read_response(viewport_id(k)) else {
        return Input::default();
    };
    let space = keys && ctx.input(|i| i.key_down(Key::Space));
    let panning = response.dragged_by(PointerButton::Secondary)
        || response.dragged_by(PointerButton::Middle)
        || (space && response.dragged_by(PointerButton::Primary));
    if panning {
        view.pan(response.drag_delta());
    }
    if let Some(anchor) = response.hover_pos() {
        let (scroll, pinch) = ctx.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
        let factor = pinch as f64 * (scroll as f64 * WHEEL_ZOOM).exp();
        if factor != 1.0 {
            view.zoom_at(rect, anchor, factor);
        }
    }
    let world = |p: egui::Pos2| view.to_world(rect, p);
    let primary = !panning && !space;
    let (shift, press, key) = ctx.input(|i| {
        let key = |k: Key| keys && i.key_pressed(k);
        (
            i.modifiers.shift,
            i.pointer.press_origin(),
            [key(Key::Enter), key(Key::Escape), key(Key::Backspace)],
        )
    });
    Input {
        pos: response
            .interact_pointer_pos()
            .or_else(|| response.hover_pos())
            .map(world),
        press: press.filter(|p| rect.contains(*p)).map(world),
        clicked: response.clicked(),
        secondary_clicked: response.secondary_clicked(),
        // egui calls a double-click that follows quick clicks a triple-click.
        double_clicked: response.double_clicked() || response.triple_clicked(),
        drag_started: primary && response.drag_started_by(PointerButton::Primary),
        dragging: primary && response.dragged_by(PointerButton::Primary),
        drag_stopped: response.drag_stopped_by(PointerButton::Primary),
        shift,
        enter: key[0],
        escape: key[1],
        backspace: key[2],
        tolerance: view.world_len(PICK_RADIUS),
        snap,
    }
}

/// What a viewport paints under the scene: the reference underlay, then the grid.
pub struct Backdrop<'a> {
    /// The grid step, when the grid is on.
    pub grid: Option<f64>,
    pub underlay: Option<&'a super::underlay::Placed>,
}

/// Paints one viewport: background, reference underlay, grid, then the visible items of
/// `pictures`. Returns the layers that had something painted.
pub fn paint_viewport(
    ui: &Ui,
    rect: Rect,
    view: &View,
    theme: Theme,
    backdrop: Backdrop<'_>,
    pictures: &[&Picture],
    visible: impl Fn(Layer) -> bool,
) -> BTreeSet<Layer> {
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, theme::canvas_background(theme));
    if let Some(placed) = backdrop.underlay {
        super::underlay::paint(&painter, view, rect, placed);
    }
    if let Some(step) = backdrop.grid {
        grid::paint(&painter, view, rect, step, theme::grid(theme));
    }
    paint::paint(
        &Target {
            painter: &painter,
            view,
            rect,
            theme,
        },
        pictures,
        visible,
    )
}

/// The world point under the pointer in `rect`, if any.
pub fn pointer_world(ctx: &egui::Context, rect: Rect, view: &View) -> Option<Point> {
    ctx.input(|i| i.pointer.hover_pos())
        .filter(|p| rect.contains(*p))
        .map(|p| view.to_world(rect, p))
}
