//! Crash recovery: while the document has unsaved changes, the editor writes it every few
//! seconds to a recovery file of its own (`recovery-ID.json` in the settings folder), and
//! removes the file once the changes are saved or knowingly discarded (closing, New, Open).
//! A file left behind means its editor ended without either (a crash, a kill, a power cut):
//! the next editor offers to restore it.
//!
//! Each editor holds an exclusive lock on its `recovery-ID.lock` for as long as it runs, so a
//! file whose lock can be taken is left behind, and one whose lock cannot belongs to an
//! editor still running (another window), which keeps it.

use crate::document::Document;
use crate::scene::{self, Scene};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};

/// How often unsaved changes are written, at most (seconds of the editor's clock).
pub const INTERVAL: f64 = 5.0;
const FORMAT: &str = "navscope-recovery";

/// What a recovery file holds.
#[derive(Serialize, Deserialize)]
struct Saved {
    format: String,
    /// The document's name (its file name, or the title of one without a file).
    name: String,
    /// The document's file, if it had one.
    path: Option<PathBuf>,
    /// When it was written, in seconds since the Unix epoch.
    saved_at: u64,
    /// The scene in the scene file format.
    scene: Box<RawValue>,
}

/// Unsaved work an earlier editor left behind.
#[derive(Debug)]
pub struct LeftBehind {
    file: PathBuf,
    lock: PathBuf,
    pub name: String,
    pub path: Option<PathBuf>,
    pub saved_at: SystemTime,
    pub scene: Scene,
}

impl LeftBehind {
    /// The document to go on with: the scene as it was, unsaved, belonging to its file.
    pub fn document(&self) -> Document {
        Document::recovered(self.scene.clone(), self.path.clone(), &self.name)
    }

    /// Removes the file (restored into this editor, or discarded).
    pub fn remove(self) {
        let _ = std::fs::remove_file(&self.file);
        let _ = std::fs::remove_file(&self.lock);
    }
}

/// This editor's recovery file and what was last written to it.
#[derive(Debug, Default)]
pub struct Recovery {
    /// The file and its held lock; `None` when recovery is off (screenshots, tests).
    own: Option<(PathBuf, File)>,
    /// The document revision last written, and when (the editor's clock).
    written: Option<(u64, f64)>,
    /// A write under way on another thread.
    writing: Option<JoinHandle<()>>,
}

impl Recovery {
    /// Recovery in `dir` (made when missing); off when `dir` is `None` or cannot be used.
    pub fn new(dir: Option<&Path>) -> Self {
        let own = dir.and_then(|dir| {
            std::fs::create_dir_all(dir).ok()?;
            let id = format!(
                "{}-{}",
                std::process::id(),
                SystemTime::now()
                    .duration_since(SystemTime::UNIX_EPOCH)
                    .unwrap_or_default()
                    .as_nanos()
            );
            let lock = File::create(dir.join(format!("recovery-{id}.lock"))).ok()?;
            lock.try_lock().ok()?;
            Some((dir.join(format!("recovery-{id}.json")), lock))
        });
        Recovery {
            own,
            written: None,
            writing: None,
        }
    }

    /// Keeps the recovery file in step with `doc` at time `now` (seconds): written when the
    /// document has changes not written yet and `INTERVAL` has passed (never in a drag),
    /// removed once the document is clean.
    pub fn keep(&mut self, doc: &Document, now: f64) {
        if self.own.is_none() {
            return;
        }
        if !doc.is_dirty() {
            if self.written.is_some() {
                self.discard();
            }
            return;
        }
        let due = match self.written {
            None => true,
            Some((revision, at)) => revision != doc.revision() && now - at >= INTERVAL,
        };
        if !due || doc.in_gesture() || self.writing.as_ref().is_some_and(|w| !w.is_finished()) {
            return;
        }
        self.finish_writing();
        let Some(file) = self.file().map(Path::to_path_buf) else {
            return;
        };
        // The scene is copied here and written out on the other thread: a big map's text
        // takes a while to make.
        let (name, path, scene) = (
            doc.name(),
            doc.path().map(Path::to_path_buf),
            doc.scene().clone(),
        );
        self.writing = Some(std::thread::spawn(move || {
            let Ok(scene) = RawValue::from_string(scene::to_json(&scene)) else {
                return;
            };
            let saved = Saved {
                format: FORMAT.into(),
                name,
                path,
                saved_at: SystemTime::now()
                    .duration_since(SystemTime::UNIX_EPOCH)
                    .unwrap_or_default()
                    .as_secs(),
                scene,
            };
            if let Ok(text) = serde_json::to_vec(&saved) {
                let _ = crate::fileio::write_atomic(&file, &text);
            }
        }));
        self.written = Some((doc.revision(), now));
    }

    /// Forgets the document's recovery file: its changes were saved or knowingly discarded
    /// (the document is being replaced or the editor closed).
    pub fn discard(&mut self) {
        if let Some(file) = self.file().map(Path::to_path_buf) {
            self.finish_writing();
            let _ = std::fs::remove_file(file);
        }
        self.written = None;
    }

    /// Ends recovery as the editor closes (after it asked about unsaved changes): the file and
    /// its lock go.
    pub fn close(&mut self) {
        self.discard();
        if let Some((file, _)) = self.own.take() {
            let _ = std::fs::remove_file(file.with_extension("lock"));
        }
    }

    /// The recovery file, when recovery is on.
    pub fn file(&self) -> Option<&Path> {
        self.own.as_ref().map(|(file, _)| file.as_path())
    }

    /// Waits for a write under way, so a removal cannot be undone by it.
    fn finish_writing(&mut self) {
        if let Some(w) = self.writing.take() {
            let _ = w.join();
        }
    }
}

impl Drop for Recovery {
    fn drop(&mut self) {
        self.finish_writing();
    }
}

/// The unsaved work editors that are no longer running left in `dir`, newest first; files
/// that cannot be read as recovery files are skipped.
pub fn left_behind(dir: &Path) -> Vec<LeftBehind> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<LeftBehind> = entries
        .flatten()
        .filter_map(|entry| {
            let file = entry.path();
            let name = file.file_name()?.to_str()?;
            let (id, json) = match name.strip_prefix("recovery-")? {
                n if n.ends_with(".json") => (n.strip_suffix(".json")?, true),
                n => (n.strip_suffix(".lock")?, false),
            };
            let lock = dir.join(format!("recovery-{id}.lock"));
            // A lock that can be taken belongs to no running editor.
            if let Ok(held) = File::options()
                .write(true)
                .create(true)
                .truncate(false)
                .open(&lock)
                && held.try_lock().is_err()
            {
                return None;
            }
            if !json {
                // The lock of an editor that ended with nothing unsaved, after a crash.
                if !file.with_extension("json").exists() {
                    let _ = std::fs::remove_file(&file);
                }
                return None;
            }
            read(&file, lock)
        })
        .collect();
    found.sort_by_key(|f| std::cmp::Reverse(f.saved_at));
    found
}

fn read(file: &Path, lock: PathBuf) -> Option<LeftBehind> {
    let bytes = crate::fileio::read_input(file).ok()?;
    let saved: Saved = serde_json::from_slice(&bytes).ok()?;
    if saved.format != FORMAT {
        return None;
    }
    let scene = scene::from_json(
        saved.scene.to_string().as_bytes(),
        &file.display().to_string(),
    )
    .ok()?;
    Some(LeftBehind {
        file: file.to_path_buf(),
        lock,
        name: saved.name,
        path: saved.path,
        saved_at: SystemTime::UNIX_EPOCH + Duration::from_secs(saved.saved_at),
        scene,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Edit;

    /// The radius the recovery file holds now.
    fn written_radius(recovery: &mut Recovery) -> Option<f64> {
        recovery.finish_writing();
        let text = std::fs::read(recovery.file()?).ok()?;
        let saved: Saved = serde_json::from_slice(&text).ok()?;
        let scene: serde_json::Value = serde_json::from_str(saved.scene.get()).ok()?;
        scene["agent_radius"].as_f64()
    }

    #[test]
    fn changes_are_written_at_most_every_interval_and_removed_once_saved() {
        let dir = tempfile::tempdir().unwrap();
        let mut recovery = Recovery::new(Some(dir.path()));
        let mut doc = Document::new(crate::scene::generate::scene_with(
            vec![crate::scene::generate::rect(0.0, 0.0, 10.0, 10.0)],
            Vec::new(),
            0.5,
        ));
        recovery.keep(&doc, 0.0);
        assert_eq!(written_radius(&mut recovery), None, "nothing unsaved");
        doc.apply(Edit::SetRadius(1.0)).unwrap();
        recovery.keep(&doc, 0.0);
        assert_eq!(
            written_radius(&mut recovery),
            Some(1.0),
            "the first change at once"
        );
        doc.apply(Edit::SetRadius(2.0)).unwrap();
        recovery.keep(&doc, INTERVAL / 2.0);
        assert_eq!(
            written_radius(&mut recovery),
            Some(1.0),
            "not before the interval"
        );
        recovery.keep(&doc, INTERVAL);
        assert_eq!(written_radius(&mut recovery), Some(2.0));
        doc.save_as(&dir.path().join("scene.json")).unwrap();
        recovery.keep(&doc, INTERVAL + 1.0);
        assert!(
            !recovery.file().unwrap().exists(),
            "saved: nothing to recover"
        );
        recovery.close();
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "only the saved scene: {left:?}");
    }
}
