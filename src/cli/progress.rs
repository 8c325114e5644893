//! Progress of long runs (`lab`, `path` over many queries) on standard error, drawn only when it
//! is a terminal: piped or redirected, nothing extra is printed.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A bar of `total` steps named `what`; hidden unless standard error is a terminal.
pub fn bar(total: usize, what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total as u64);
    if let Ok(style) = ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({eta})") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(what.to_string());
    bar
}

/// Runs `work`, which counts its finished steps in the counter it is given, showing them on a
/// bar of `total` steps named `what` (see [`bar`]).
pub fn counting<T: Send>(
    total: usize,
    what: &str,
    work: impl FnOnce(&AtomicUsize) -> T + Send,
) -> T {
    let bar = bar(total, what);
    let done = AtomicUsize::new(0);
    let finished = std::sync::atomic::AtomicBool::new(false);
    let out = std::thread::scope(|s| {
        if !bar.is_hidden() {
            s.spawn(|| {
                while !finished.load(Ordering::Relaxed) {
                    bar.set_position(done.load(Ordering::Relaxed) as u64);
                    std::thread::sleep(Duration::from_millis(100));
                }
            });
        }
        let out = work(&done);
        finished.store(true, Ordering::Relaxed);
        out
    });
    bar.finish_and_clear();
    out
}
