//! Crash recovery in the real editor: unsaved changes are written to a recovery file, an
//! editor that ends without saving or discarding them (a crash: dropped without closing)
//! leaves the file behind, and the next editor offers to restore it. Saving removes it; an
//! editor still running keeps its own.

mod gui_harness;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, click, screen};
use navscope::app::{App, Options};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn editor(dir: &Path, dialogs: &FakeDialogs) -> Harness<'static, App> {
    let options = Options {
        dialogs: Box::new(dialogs.clone()),
        rebuild_budget: Duration::MAX,
        recovery_dir: Some(dir.to_path_buf()),
        ..Options::default()
    };
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(|cc| App::new(cc, options));
    h.run();
    h
}

fn recovery_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// Waits (up to 10 s) until `dir` holds `n` recovery files: they are written on another
/// thread.
fn wait_for_files(dir: &Path, n: usize) -> Vec<PathBuf> {
    let until = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let files = recovery_files(dir);
        if files.len() == n || std::time::Instant::now() > until {
            return files;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The example with its crate deleted (unsaved).
fn edited(dir: &Path, dialogs: &FakeDialogs) -> Harness<'static, App> {
    let mut h = editor(dir, dialogs);
    let crate_at = screen(&h, 6.5, 7.0);
    click(&mut h, crate_at);
    h.key_press(Key::Delete);
    h.run();
    assert!(h.state().document().is_dirty());
    h
}

#[test]
fn unsaved_work_left_by_a_crash_is_offered_and_restored() {
    let dir = tempfile::tempdir().unwrap();
    let dialogs = FakeDialogs::default();
    let crashed = edited(dir.path(), &dialogs);
    let scene = navscope::scene::to_json(crashed.state().document().scene());
    assert!(
        crashed.state().left_behind().is_empty(),
        "nothing was left before"
    );
    drop(crashed); // no close: as a crash
    assert_eq!(recovery_files(dir.path()).len(), 1);

    let mut h = editor(dir.path(), &dialogs);
    assert_eq!(h.state().left_behind().len(), 1);
    h.get_by_label("Unsaved work found");
    h.get_by_label("Restore").click();
    h.run();
    assert!(h.state().left_behind().is_empty());
    assert_eq!(
        navscope::scene::to_json(h.state().document().scene()),
        scene
    );
    assert!(
        h.state().document().is_dirty(),
        "restored work is not saved yet"
    );
    assert_eq!(h.state().document().name(), "example");

    // The restored work is kept again, under this editor's own file.
    h.run();
    assert_eq!(wait_for_files(dir.path(), 1).len(), 1);
    // Saved, the work needs no recovery.
    let saved = dir.path().join("saved").with_extension("json");
    dialogs.answer(&saved);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    assert!(!h.state().document().is_dirty());
    assert_eq!(recovery_files(dir.path()), [saved]);
}

#[test]
fn discarded_work_is_gone_and_a_running_editors_file_is_not_offered() {
    let dir = tempfile::tempdir().unwrap();
    let dialogs = FakeDialogs::default();
    let running = edited(dir.path(), &dialogs);
    assert_eq!(wait_for_files(dir.path(), 1).len(), 1, "its work is kept");
    // Another window while the first still runs: its work is not left behind.
    let other = editor(dir.path(), &dialogs);
    assert!(other.state().left_behind().is_empty());
    drop(other);
    drop(running);

    let mut h = editor(dir.path(), &dialogs);
    h.get_by_label("Discard").click();
    h.run();
    assert!(h.state().left_behind().is_empty());
    assert!(!h.state().document().is_dirty());
    assert!(recovery_files(dir.path()).is_empty());
    drop(h);
    assert!(
        editor(dir.path(), &dialogs)
            .state()
            .left_behind()
            .is_empty()
    );
}
