//! Driving the real editor with egui_kittest: a file-dialog fake answering from a queue, an
//! editor harness that rebuilds within each frame, and pointer clicks and drags.

#![allow(dead_code)]

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use navscope::app::{App, Dialogs, FileKind, Options};
use navscope::geom::Point;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Answers file dialogs from a queue shared with the test; `None` once it is empty (cancel).
/// With `broken` set, every dialog fails to open, as without an xdg portal or zenity.
#[derive(Clone, Default)]
pub struct FakeDialogs {
    pub answers: Arc<Mutex<VecDeque<PathBuf>>>,
    pub asked: Arc<Mutex<Vec<FileKind>>>,
    /// The folder each dialog was asked to start in.
    pub dirs: Arc<Mutex<Vec<Option<PathBuf>>>>,
    pub broken: bool,
}

impl FakeDialogs {
    pub fn answer(&self, path: &Path) {
        self.answers.lock().unwrap().push_back(path.to_path_buf());
    }

    fn ask(&mut self, kind: FileKind, dir: Option<&Path>) -> Result<Option<PathBuf>, String> {
        self.asked.lock().unwrap().push(kind);
        self.dirs.lock().unwrap().push(dir.map(Path::to_path_buf));
        if self.broken {
            return Err("the system file dialog could not open (test)".into());
        }
        Ok(self.answers.lock().unwrap().pop_front())
    }
}

impl Dialogs for FakeDialogs {
    fn open(&mut self, dir: Option<&Path>) -> Result<Option<PathBuf>, String> {
        self.ask(FileKind::Scene, dir)
    }

    fn save(
        &mut self,
        kind: FileKind,
        _name: &str,
        dir: Option<&Path>,
    ) -> Result<Option<PathBuf>, String> {
        self.ask(kind, dir)
    }

    fn open_image(&mut self, dir: Option<&Path>) -> Result<Option<PathBuf>, String> {
        self.dirs.lock().unwrap().push(dir.map(Path::to_path_buf));
        if self.broken {
            return Err("the system file dialog could not open (test)".into());
        }
        Ok(self.answers.lock().unwrap().pop_front())
    }
}

/// The editor on `scene` (the example when `None`), every rebuild within its frame.
pub fn editor_on(dialogs: &FakeDialogs, scene: Option<PathBuf>) -> Harness<'static, App> {
    editor_stepping(dialogs, scene, 0.25)
}

/// [`editor_on`] with frames `step_dt` seconds apart (kittest's default is 0.25 s; a real
/// display's is 1/60 s, which timing-sensitive input such as double-clicks needs).
pub fn editor_stepping(
    dialogs: &FakeDialogs,
    scene: Option<PathBuf>,
    step_dt: f32,
) -> Harness<'static, App> {
    let options = Options {
        scene,
        dialogs: Box::new(dialogs.clone()),
        rebuild_budget: Duration::MAX,
        ..Options::default()
    };
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
        .with_step_dt(step_dt)
        .build_eframe(|cc| App::new(cc, options));
    harness.run();
    harness
}

/// Where a world point appears in the first viewport.
pub fn screen(h: &Harness<'_, App>, x: f64, y: f64) -> egui::Pos2 {
    h.state()
        .to_screen(Point::new(x, y))
        .expect("the canvas has been laid out")
}

/// Opens the `menu` of the menu bar and clicks its `item`, a frame each.
pub fn menu_item(h: &mut Harness<'_, App>, menu: &str, item: &str) {
    use egui_kittest::kittest::Queryable;
    h.get_by_label(menu).click();
    h.run();
    h.get_by_label(item).click();
    h.run();
}

/// Press and release at one place, a frame each.
pub fn click(h: &mut Harness<'_, App>, at: egui::Pos2) {
    h.hover_at(at);
    h.drag_at(at);
    h.event(egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
}

/// Draws a polygon obstacle through `corners` (world) with its tool and closes it with Enter.
pub fn draw_polygon(h: &mut Harness<'_, App>, corners: &[(f64, f64)]) {
    h.get_by_label("Polygon obstacle").click();
    h.run();
    for &(x, y) in corners {
        let at = screen(h, x, y);
        click(h, at);
    }
    h.key_press(egui::Key::Enter);
    h.run();
}

/// Press at `from`, move in steps to `to`, release.
pub fn drag(h: &mut Harness<'_, App>, from: egui::Pos2, to: egui::Pos2) {
    h.hover_at(from);
    h.drag_at(from);
    for k in 1..=6 {
        h.hover_at(from + (to - from) * (k as f32 / 6.0));
    }
    h.drop_at(to);
    h.run();
}

/// Sets the number field labelled `label` through its accessibility action.
pub fn set_number(h: &mut Harness<'_, App>, label: &str, value: f64) {
    let (target_node, target_tree) = h
        .get_by_role_and_label(egui::accesskit::Role::SpinButton, label)
        .accesskit_node()
        .locate();
    h.event(egui::Event::AccessKitActionRequest(
        egui::accesskit::ActionRequest {
            action: egui::accesskit::Action::SetValue,
            target_node,
            target_tree,
            data: Some(egui::accesskit::ActionData::NumericValue(value)),
        },
    ));
    h.run();
}

/// Replaces the text of the field labelled `label` through its accessibility action.
pub fn set_text(h: &mut Harness<'_, App>, label: &str, text: &str) {
    use egui::accesskit::{Action, ActionData, ActionRequest};
    let (target_node, target_tree) = h.get_by_label(label).accesskit_node().locate();
    h.event(egui::Event::AccessKitActionRequest(ActionRequest {
        action: Action::SetValue,
        target_node,
        target_tree,
        data: Some(ActionData::Value(text.into())),
    }));
    h.run();
}

/// The status bar's message (empty when there is none).
pub fn message(h: &Harness<'_, App>) -> String {
    h.state()
        .status()
        .message()
        .map(|(_, text)| text.to_string())
        .unwrap_or_default()
}

/// The example with a `size` PNG in a fresh folder added as its reference image through
/// File > Add reference image; with the folder (kept alive by the caller) and the image's path.
pub fn editor_with_reference(
    dialogs: &FakeDialogs,
    size: [u32; 2],
) -> (Harness<'static, App>, tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("sketch.png");
    image::RgbaImage::from_pixel(size[0], size[1], image::Rgba([200, 100, 50, 255]))
        .save(&png)
        .unwrap();
    let mut h = editor_on(dialogs, None);
    dialogs.answer(&png);
    menu_item(&mut h, "File", "Add reference image…");
    (h, dir, png)
}

/// The length of the shown query's funnel path.
pub fn funnel_length(h: &Harness<'_, App>) -> f64 {
    let analysis = h.state().analysis().expect("a query is shown");
    analysis
        .answer
        .path(navscope::nav::Variant::Funnel)
        .expect("the shown query has a path")
        .length
}
