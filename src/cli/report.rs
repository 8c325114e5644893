//! How a command's run ends on standard error: exactly one line when it fails
//! (`navscope: error: ...`), and its warnings, held back until then, as one line each
//! (`navscope: warning: ...`) when it succeeds; a failed run folds them into its error line.
//! Lines of information held back (notes, counts) are printed as they are after a success only.
//! Warnings come from the build (see `super::build_scene`) and from `log` records of the
//! library's stages; with `RUST_LOG` set, `log` records go to env_logger as they come instead.
//! A closed pipe on standard output ends the run quietly with exit 0, as Unix tools do.

use super::Outcome;
use std::io::Write;
use std::process::ExitCode;
use std::sync::{Mutex, PoisonError};

/// What a run holds back for its end.
#[derive(Clone, Debug, PartialEq)]
enum Held {
    /// Printed as `navscope: warning: ...` after a success, folded into a failure's error line.
    Warning(String),
    /// A line printed as it is after a success (a note, a count), dropped after a failure.
    Line(String),
}

/// What the run held back so far, in order, without repeats.
static HELD: Mutex<Vec<Held>> = Mutex::new(Vec::new());

fn hold(item: Held) {
    let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
    if !held.contains(&item) {
        held.push(item);
    }
}

/// Holds back a warning until the run ends.
pub fn warn(message: String) {
    hold(Held::Warning(message));
}

/// Holds back a line of information on standard error until the run ends.
pub fn hold_line(line: String) {
    hold(Held::Line(line));
}

/// Holds back a note on what the file at `target` (`-`: standard output) needs from its
/// reader: `navscope: note: TARGET: NOTE`, printed after a success.
pub fn note(target: &std::path::Path, note: &str) {
    let target = match super::is_standard_output(target) {
        true => "standard output".to_string(),
        false => target.display().to_string(),
    };
    hold_line(format!("navscope: note: {target}: {note}"));
}

/// Notes, naming `target`, what a navmesh file of `scene` leaves out: its off-mesh links, cost
/// areas and queries (a navmesh file holds the walkable polygons only).
pub fn note_left_out_of_navmesh(target: &std::path::Path, scene: &crate::scene::Scene) {
    let parts: Vec<String> = [
        (scene.links.len(), "off-mesh link", "off-mesh links"),
        (scene.costs.len(), "cost area", "cost areas"),
        (scene.queries.len(), "query", "queries"),
    ]
    .into_iter()
    .filter(|&(n, _, _)| n > 0)
    .map(|(n, one, many)| format!("{n} {}", if n == 1 { one } else { many }))
    .collect();
    if let Some((last, rest)) = parts.split_last() {
        let parts = match rest {
            [] => last.clone(),
            _ => format!("{} and {last}", rest.join(", ")),
        };
        note(
            target,
            &format!(
                "a navmesh file holds the walkable polygons only; left out: the scene's {parts}"
            ),
        );
    }
}

/// Sends `log` warnings (and errors) of the run to [`warn`]; with `RUST_LOG` set, to env_logger.
pub fn install_logger() {
    if std::env::var_os("RUST_LOG").is_some() {
        env_logger::init();
    } else if log::set_logger(&Collector).is_ok() {
        log::set_max_level(log::LevelFilter::Warn);
    }
}

/// The file being read, named before the `log` warnings of its readers (usvg's own do not).
static READING: Mutex<Option<String>> = Mutex::new(None);

/// Runs `read` (which reads `path`) with `path` named before each `log` warning it records.
pub fn reading<T>(path: &std::path::Path, read: impl FnOnce() -> T) -> T {
    let named =
        |file: Option<String>| *READING.lock().unwrap_or_else(PoisonError::into_inner) = file;
    named(Some(path.display().to_string()));
    let result = read();
    named(None);
    result
}

struct Collector;

impl log::Log for Collector {
    fn enabled(&self, metadata: &log::Metadata) -> bool {
        metadata.level() <= log::Level::Warn
    }

    fn log(&self, record: &log::Record) {
        if self.enabled(record.metadata()) {
            let file = READING
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone();
            match file {
                Some(file) => warn(format!("{file}: {}", record.args())),
                None => warn(record.args().to_string()),
            }
        }
    }

    fn flush(&self) {}
}

/// Prints `navscope: {text}` as one line on standard error; a failing standard error has no
/// one left to tell.
pub fn line(text: &str) {
    let _ = writeln!(std::io::stderr(), "navscope: {}", text.replace('\n', " "));
}

/// Ends a run: prints its warnings or its one error line and gives the exit code (0 ok,
/// 1 failed, 2 error).
pub fn finish(result: anyhow::Result<Outcome>) -> ExitCode {
    let held = std::mem::take(&mut *HELD.lock().unwrap_or_else(PoisonError::into_inner));
    match result {
        Ok(outcome) => {
            for item in &held {
                match item {
                    Held::Warning(w) => line(&format!("warning: {w}")),
                    Held::Line(text) => {
                        let _ = writeln!(std::io::stderr(), "{text}");
                    }
                }
            }
            match outcome {
                Outcome::Ok => ExitCode::SUCCESS,
                Outcome::Failed => ExitCode::from(1),
            }
        }
        Err(e) if closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let warnings: Vec<&String> = held
                .iter()
                .filter_map(|item| match item {
                    Held::Warning(w) => Some(w),
                    Held::Line(_) => None,
                })
                .collect();
            let mut text = format!("error: {e:#}");
            if let Some(first) = warnings.first() {
                text.push_str(&format!(" (after warning: {first}"));
                if warnings.len() > 1 {
                    text.push_str(&format!("; and {} more", warnings.len() - 1));
                }
                text.push(')');
            }
            line(&text);
            ExitCode::from(2)
        }
    }
}

/// Whether the error is standard output's reader having gone away.
fn closed_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_warnings_are_held_back_once_each() {
        let record = |level, text| {
            log::Log::log(
                &Collector,
                &log::Record::builder()
                    .level(level)
                    .args(format_args!("{text}"))
                    .build(),
            )
        };
        record(
            log::Level::Warn,
            "3 crossing free-space edges; splitting them",
        );
        record(
            log::Level::Warn,
            "3 crossing free-space edges; splitting them",
        );
        record(log::Level::Info, "not a warning");
        let held = HELD.lock().unwrap().clone();
        let crossing = Held::Warning("3 crossing free-space edges; splitting them".into());
        assert_eq!(
            held.iter().filter(|h| **h == crossing).count(),
            1,
            "{held:?}"
        );
        assert!(
            !held.contains(&Held::Warning("not a warning".into())),
            "{held:?}"
        );
    }
}
