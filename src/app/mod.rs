//! The editor (feature `gui`): everything that uses egui, eframe and rfd. The document, the
//! navmesh and the drawing vocabulary come from the library; this module turns input into
//! edits and paints `viz` draw lists.
//!
//! ```text
//! input -> canvas (pan/zoom) -> tools -> Action -> Document::apply(Edit)
//!       -> Live (rebuild, maybe on a worker) -> Analysis (query, metrics) -> pictures -> paint
//! ```

pub mod action;
pub mod analysis;
pub mod canvas;
pub mod changes;
pub mod commands;
pub mod copy_paste;
pub mod dense;
mod derived;
mod draw;
pub mod editor;
pub mod files;
pub mod fixed;
pub mod grid;
pub mod group;
mod lab_worker;
pub mod layer_presets;
pub mod live;
mod logic;
mod number;
pub mod paint;
pub mod panels;
mod perform;
pub mod pictures;
pub mod playback;
mod png_export;
pub mod profiles;
pub mod queries;
pub mod recovery;
pub mod removals;
pub mod screenshot;
pub mod selection;
pub mod settings;
mod state;
pub mod status;
pub mod steps;
pub mod test_case;
pub mod theme;
pub mod tools;
pub mod underlay;
pub mod view;

pub use editor::{App, EXAMPLE_SCENE, Options};
pub use files::{Dialogs, FileKind};
pub use settings::Layout;

use anyhow::{Context as _, anyhow};
use std::path::PathBuf;

/// How the `navscope` binary opens the editor.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    pub scene: Option<PathBuf>,
    /// Save a PNG of the window here once it has settled, then exit.
    pub screenshot: Option<PathBuf>,
    /// Inner window size in points.
    pub size: Option<(u32, u32)>,
    pub layout: Option<Layout>,
    /// Open the Path lab and run this many queries.
    pub lab: Option<usize>,
}

/// Opens the editor window and returns when it closes. Fails at once without a display, and
/// in screenshot mode when the picture could not be saved.
pub fn run(launch: Launch) -> anyhow::Result<()> {
    let (w, h) = launch.size.unwrap_or((1400, 900));
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("navscope")
        .with_app_id("navscope")
        .with_inner_size([w as f32, h as f32])
        .with_drag_and_drop(true);
    let screenshot = launch.screenshot.clone().map(screenshot::Screenshot::new);
    // A screenshot must not depend on, or change, what an earlier session remembered.
    let scratch = match &screenshot {
        Some(_) => Some(tempfile::tempdir().context("cannot create a scratch directory")?),
        None => None,
    };
    if screenshot.is_some() {
        viewport = viewport.with_resizable(false);
    }
    let native = eframe::NativeOptions {
        viewport,
        persist_window: screenshot.is_none(),
        persistence_path: scratch.as_ref().map(|d| d.path().join("state.ron")),
        ..Default::default()
    };
    let (shot, outcome) = match screenshot {
        Some((shot, outcome)) => (Some(shot), Some(outcome)),
        None => (None, None),
    };
    let options = Options {
        scene: launch.scene,
        layout: launch.layout,
        lab: launch.lab,
        recovery_dir: shot
            .is_none()
            .then(|| eframe::storage_dir("navscope"))
            .flatten(),
        screenshot: shot,
        ..Options::default()
    };
    eframe::run_native(
        "navscope",
        native,
        Box::new(move |cc| Ok(Box::new(App::new(cc, options)))),
    )
    .map_err(|e| anyhow!("cannot open the editor window: {e}"))?;
    match outcome.map(|o| o.lock().map(|mut g| g.take()).unwrap_or(None)) {
        None => Ok(()),
        Some(Some(Ok(()))) => Ok(()),
        Some(Some(Err(e))) => Err(anyhow!(e)),
        Some(None) => Err(anyhow!("the window closed before the screenshot was taken")),
    }
}
