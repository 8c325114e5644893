//! Driving the real editor with egui_kittest: a file-dialog fake answering from a queue, and
//! an editor harness that rebuilds within each frame.

#![allow(dead_code)]

use egui_kittest::Harness;
use navscope::app::{App, Dialogs, FileKind, Options};
use navscope::geom::Point;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Answers file dialogs from a queue shared with the test; `None` once it is empty (cancel).
#[derive(Clone, Default)]
pub struct FakeDialogs {
    pub answers: Arc<Mutex<VecDeque<PathBuf>>>,
    pub asked: Arc<Mutex<Vec<FileKind>>>,
}

impl FakeDialogs {
    pub fn answer(&self, path: &Path) {
        self.answers.lock().unwrap().push_back(path.to_path_buf());
    }
}

impl Dialogs for FakeDialogs {
    fn open(&mut self) -> Option<PathBuf> {
        self.asked.lock().unwrap().push(FileKind::Scene);
        self.answers.lock().unwrap().pop_front()
    }

    fn save(&mut self, kind: FileKind, _name: &str) -> Option<PathBuf> {
        self.asked.lock().unwrap().push(kind);
        self.answers.lock().unwrap().pop_front()
    }

    fn open_image(&mut self) -> Option<PathBuf> {
        self.answers.lock().unwrap().pop_front()
    }
}

/// The editor on `scene` (the example when `None`), every rebuild within its frame.
pub fn editor_on(dialogs: &FakeDialogs, scene: Option<PathBuf>) -> Harness<'static, App> {
    let options = Options {
        scene,
        dialogs: Box::new(dialogs.clone()),
        rebuild_budget: Duration::MAX,
        ..Options::default()
    };
    let mut harness = Harness::builder()
        .with_size([1400.0, 900.0])
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
