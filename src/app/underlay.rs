//! The reference underlay in the editor: the scene's reference image (PNG or JPEG) loaded into
//! a texture and painted under the scene, and the window that edits its position, scale,
//! opacity and lock (each change one undo step).

use super::action::Action;
use super::panels::gesture;
use super::view::View;
use crate::document::Edit;
use crate::geom::{Aabb, Point};
use crate::scene::Reference;
use egui::{Color32, Context, DragValue, Painter, Rect, Slider, TextureHandle, TextureOptions};
use std::path::{Path, PathBuf};

/// The loaded image of the scene's reference, and the window's state.
#[derive(Default)]
pub struct Underlay {
    pub open: bool,
    /// The file last loaded and what came of it: the texture and its size in pixels, or why not.
    loaded: Option<(PathBuf, Loaded)>,
}

/// A texture and its size in pixels, or why the image could not be read.
type Loaded = Result<(TextureHandle, [usize; 2]), String>;

impl std::fmt::Debug for Underlay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Underlay")
            .field("open", &self.open)
            .field("file", &self.loaded.as_ref().map(|(p, _)| p))
            .finish()
    }
}

/// What to paint: a texture over a world rectangle.
pub struct Placed {
    texture: egui::TextureId,
    min: Point,
    max: Point,
    opacity: f32,
}

impl Underlay {
    /// Loads the image of `reference` once per file (a scene read from `scene_file`).
    pub fn sync(
        &mut self,
        ctx: &Context,
        reference: Option<&Reference>,
        scene_file: Option<&Path>,
    ) {
        let Some(r) = reference else {
            self.loaded = None;
            return;
        };
        let file = r.resolve(scene_file);
        if self.loaded.as_ref().is_some_and(|(p, _)| *p == file) {
            return;
        }
        let max_side = ctx.input(|i| i.max_texture_side);
        let texture = load(&file, max_side).map(|(image, size)| {
            (
                ctx.load_texture("reference", image, TextureOptions::LINEAR),
                size,
            )
        });
        self.loaded = Some((file, texture));
    }

    /// Why the reference image could not be loaded, if it could not.
    pub fn error(&self) -> Option<&str> {
        match &self.loaded {
            Some((_, Err(e))) => Some(e),
            _ => None,
        }
    }

    /// The image size in pixels, once loaded.
    pub fn size(&self) -> Option<[usize; 2]> {
        match &self.loaded {
            Some((_, Ok((_, size)))) => Some(*size),
            _ => None,
        }
    }

    /// Where `reference` (the one synced) lies in the world.
    pub fn placed(&self, reference: Option<&Reference>) -> Option<Placed> {
        let (r, Some((_, Ok((texture, [w, h]))))) = (reference?, &self.loaded) else {
            return None;
        };
        let min = r.position;
        let max = Point::new(min.x + *w as f64 * r.scale, min.y + *h as f64 * r.scale);
        Some(Placed {
            texture: texture.id(),
            min,
            max,
            opacity: r.opacity as f32,
        })
    }
}

impl Placed {
    /// The world rectangle the image covers.
    pub fn bounds(&self) -> Aabb {
        Aabb {
            min: self.min,
            max: self.max,
        }
    }
}

/// Reads a PNG or JPEG into an egui image no side of which is over `max_side` pixels (the
/// graphics card's limit: a bigger scan is scaled down to fit, and still covers as much of
/// the world), with the file's own size in pixels; or says why not (naming the file).
fn load(file: &Path, max_side: usize) -> Result<(egui::ColorImage, [usize; 2]), String> {
    let mut image = image::open(file)
        .map_err(|e| format!("{}: cannot read the reference image: {e}", file.display()))?
        .to_rgba8();
    let size = [image.width() as usize, image.height() as usize];
    let longest = size[0].max(size[1]);
    if longest > max_side {
        let fit = |side: usize| ((side * max_side / longest) as u32).max(1);
        image = image::imageops::resize(
            &image,
            fit(size[0]),
            fit(size[1]),
            image::imageops::FilterType::Triangle,
        );
    }
    let fitted = [image.width() as usize, image.height() as usize];
    Ok((
        egui::ColorImage::from_rgba_unmultiplied(fitted, image.as_raw()),
        size,
    ))
}

/// Paints the underlay into a viewport (`rect`, seen through `view`).
pub fn paint(painter: &Painter, view: &View, rect: Rect, placed: &Placed) {
    let a = view.to_screen(rect, placed.min);
    let b = view.to_screen(rect, placed.max);
    let uv = Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
    let tint = Color32::from_white_alpha((placed.opacity.clamp(0.0, 1.0) * 255.0) as u8);
    painter.image(placed.texture, Rect::from_two_pos(a, b), uv, tint);
}

/// Shows the window while `underlay.open`; returns the actions for the edit the user made
/// (a drag of a slider or field is one undo step).
pub fn show(
    ctx: &Context,
    underlay: &mut Underlay,
    reference: Option<&Reference>,
    area: Rect,
) -> Vec<Action> {
    let mut open = underlay.open;
    let mut actions = Vec::new();
    egui::Window::new("Reference image")
        .constrain_to(area)
        .default_pos(area.min + egui::vec2(24.0, 24.0))
        .open(&mut open)
        .default_width(300.0)
        .show(ctx, |ui| {
            let Some(r) = reference else {
                ui.label("No reference image: File > Add reference image…");
                return;
            };
            ui.label(&r.path);
            if let Some(e) = underlay.error() {
                ui.colored_label(Color32::from_rgb(230, 60, 60), e);
            }
            let mut next = r.clone();
            let lock = ui.checkbox(&mut next.locked, "Lock");
            let placement = ui.add_enabled_ui(!r.locked, |ui| {
                let (x, y) = ui
                    .horizontal(|ui| {
                        ui.label("Position");
                        let x =
                            ui.add(DragValue::new(&mut next.position.x).speed(0.1).prefix("x "));
                        let y =
                            ui.add(DragValue::new(&mut next.position.y).speed(0.1).prefix("y "));
                        (x, y)
                    })
                    .inner;
                let scale = ui.add(
                    Slider::new(&mut next.scale, 1e-4..=100.0)
                        .logarithmic(true)
                        .text("units per pixel"),
                );
                [x, y, scale]
            });
            let opacity = ui.add(Slider::new(&mut next.opacity, 0.0..=1.0).text("opacity"));
            if ui.button("Remove").clicked() {
                actions.push(Action::Apply(Edit::SetReference(None)));
                return;
            }
            let [x, y, scale] = &placement.inner;
            let changed = next != *r;
            let edit = changed.then_some(Edit::SetReference(Some(next)));
            actions = gesture::value_edit(&[&lock, x, y, scale, &opacity], edit);
        });
    underlay.open = open;
    actions
}
