//! File > Export picture as PNG (issue 13): the canvas as it is shown (its view, its visible
//! layers) rasterised from the canvas's own draw lists, through the file dialog or, when the
//! dialog cannot open, the in-app path field.

mod gui_harness;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, editor_on, menu_item, screen, set_text};
use navscope::app::{App, FileKind};
use std::path::Path;

/// The colour of the exported pixel where world point (x, y) is on the canvas.
fn pixel_at(h: &Harness<'_, App>, png: &image::RgbaImage, x: f64, y: f64) -> [u8; 3] {
    let rect = h.state().viewport_rects()[0];
    let at = screen(h, x, y) - rect.min;
    assert!(rect.contains(rect.min + at), "({x}, {y}) is on the canvas");
    let p = png.get_pixel(at.x as u32, at.y as u32);
    [p[0], p[1], p[2]]
}

fn decode(path: &Path) -> image::RgbaImage {
    image::open(path).expect("a PNG was written").to_rgba8()
}

fn toggle_layer(h: &mut Harness<'_, App>, name: &str) {
    h.get_by_label(name).scroll_to_me();
    h.run();
    h.get_by_label(name).click();
    h.run();
}

// The dark theme's fills (`viz::Style::paint`) and canvas background (`app::theme`).
const OBSTACLE: [u8; 3] = [95, 80, 70];
const FREE_SPACE: [u8; 3] = [45, 75, 60];
const WALKABLE: [u8; 3] = [40, 44, 52];
const CANVAS: [u8; 3] = [24, 26, 31];

#[test]
fn the_png_shows_the_canvas_view_and_its_visible_layers() {
    let dir = tempfile::tempdir().unwrap();
    let dialogs = FakeDialogs::default();
    let mut h = editor_on(&dialogs, None);
    // Obstacles, free space and the scene only: no mesh edges or paths over the sampled points.
    h.get_by_label("authoring").click();
    h.run();
    toggle_layer(&mut h, "navmesh triangles");
    dialogs.answer(&dir.path().join("canvas")); // no extension: .png is added
    menu_item(&mut h, "File", "Export picture as PNG…");
    assert_eq!(dialogs.asked.lock().unwrap().last(), Some(&FileKind::Png));
    let path = dir.path().join("canvas.png");
    let png = decode(&path);
    let rect = h.state().viewport_rects()[0];
    assert_eq!(png.width(), rect.width().round() as u32);
    assert!(
        (png.height() as f32 - rect.height()).abs() <= 1.0,
        "{} px high for a {} point canvas",
        png.height(),
        rect.height()
    );
    assert_eq!(pixel_at(&h, &png, 6.5, 7.0), OBSTACLE, "inside the crate");
    assert_eq!(pixel_at(&h, &png, 10.0, 25.0), FREE_SPACE);
    assert_eq!(pixel_at(&h, &png, -0.6, 15.0), CANVAS, "left of the scene");
    let (_, message) = h.state().status().message().unwrap();
    assert_eq!(
        message,
        format!("exported the canvas as {}", path.display())
    );

    // A hidden layer is left out of the picture: under the crate lies the walkable floor.
    toggle_layer(&mut h, "obstacles");
    assert!(
        !h.state()
            .settings()
            .is_visible(navscope::viz::Layer::Obstacles)
    );
    dialogs.answer(&path);
    menu_item(&mut h, "File", "Export picture as PNG…");
    let png = decode(&path);
    assert_eq!(pixel_at(&h, &png, 6.5, 7.0), WALKABLE);
    assert_eq!(pixel_at(&h, &png, 10.0, 25.0), FREE_SPACE);
}

#[test]
fn without_a_dialog_the_png_is_written_to_the_typed_path() {
    let dialogs = FakeDialogs {
        broken: true,
        ..FakeDialogs::default()
    };
    let mut h = editor_on(&dialogs, None);
    menu_item(&mut h, "File", "Export picture as PNG…");
    let dir = tempfile::tempdir().unwrap();
    set_text(
        &mut h,
        "Path",
        &dir.path().join("typed").display().to_string(),
    );
    h.get_by_label("OK").click();
    h.run();
    let png = decode(&dir.path().join("typed.png"));
    assert_eq!(
        png.width(),
        h.state().viewport_rects()[0].width().round() as u32
    );
}
