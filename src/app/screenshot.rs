//! `--screenshot OUT.png`: once the layout has settled and no build is running, the window
//! takes a picture of itself, saves it as PNG and closes. The outcome is shared with `run`,
//! which turns it into the exit status.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Frames to wait after the last build before the picture, so panels and text have their
/// final sizes.
const SETTLE_FRAMES: u32 = 10;

/// The result of a screenshot: `None` until it has been taken.
pub type Outcome = Arc<Mutex<Option<Result<(), String>>>>;

pub struct Screenshot {
    path: PathBuf,
    quiet_frames: u32,
    requested: bool,
    outcome: Outcome,
}

impl Screenshot {
    pub fn new(path: PathBuf) -> (Self, Outcome) {
        let outcome: Outcome = Arc::default();
        (
            Screenshot {
                path,
                quiet_frames: 0,
                requested: false,
                outcome: outcome.clone(),
            },
            outcome,
        )
    }

    /// Called once per frame; `busy` while a build is running.
    pub fn step(&mut self, ctx: &egui::Context, busy: bool) {
        if self.outcome.lock().is_ok_and(|o| o.is_some()) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        ctx.request_repaint();
        if self.requested {
            return;
        }
        self.quiet_frames = if busy { 0 } else { self.quiet_frames + 1 };
        if self.quiet_frames < SETTLE_FRAMES {
            return;
        }
        self.requested = true;
        let (path, outcome, waker) = (self.path.clone(), self.outcome.clone(), ctx.clone());
        ctx.request_screenshot(move |image| {
            let result = save_png(&image, &path);
            if let Ok(mut o) = outcome.lock() {
                *o = Some(result);
            }
            waker.request_repaint();
        });
    }
}

fn save_png(image: &egui::ColorImage, path: &std::path::Path) -> Result<(), String> {
    let [w, h] = image.size;
    let bytes: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(|c| [c.r(), c.g(), c.b(), 255])
        .collect();
    let png = image::RgbaImage::from_raw(w as u32, h as u32, bytes)
        .ok_or_else(|| format!("screenshot of {w}x{h} pixels has the wrong size"))?;
    let mut encoded = std::io::Cursor::new(Vec::new());
    png.write_to(&mut encoded, image::ImageFormat::Png)
        .map_err(|e| format!("cannot encode the screenshot: {e}"))?;
    crate::fileio::write_atomic(path, encoded.get_ref())
        .map_err(|e| format!("{}: cannot save: {e}", path.display()))
}
