//! `navscope check FILES...`: replays saved regression cases and prints one line per file
//! (`ok    FILE`, `FAIL  FILE: differences`, or `ERROR FILE: why it could not be run`), then
//! `N passed, N failed` (and `, N could not be run` when some could not). A file that cannot
//! be run does not stop the batch; the error line names the first one. Exit code 0 when all
//! pass, 1 when any fails, 2 when any could not be run.

use super::stdout::Stdout;
use crate::import::escape_controls;
use crate::scenario::{Scenario, ScenarioError};
use anyhow::bail;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Runs the scenarios; returns whether all passed.
pub fn run(files: &[PathBuf]) -> anyhow::Result<bool> {
    if files.is_empty() {
        bail!("give at least one scenario file");
    }
    let mut out = Stdout::new();
    let (mut passed, mut failed, mut not_run) = (0, 0, 0);
    let mut first_error = None;
    for path in files {
        match Scenario::load(path).and_then(|s| s.check(path)) {
            Ok(differences) if differences.is_empty() => {
                passed += 1;
                writeln!(out, "ok    {}", path.display())?;
            }
            Ok(differences) => {
                failed += 1;
                let differences = escape_controls(&differences.join("; "));
                writeln!(out, "FAIL  {}: {differences}", path.display())?;
            }
            Err(error) => {
                not_run += 1;
                let error = escape_controls(&naming(path, &error));
                writeln!(out, "ERROR {error}")?;
                first_error.get_or_insert(error);
            }
        }
    }
    write!(out, "{passed} passed, {failed} failed")?;
    if not_run > 0 {
        write!(out, ", {not_run} could not be run")?;
    }
    writeln!(out)?;
    out.finish()?;
    if let Some(error) = first_error {
        match not_run {
            1 => bail!("{error}"),
            n => bail!("{error} (and {} more files could not be run)", n - 1),
        }
    }
    Ok(failed == 0)
}

/// The error's message, starting with the scenario file (once) even when the error is about
/// its scene file.
fn naming(path: &Path, error: &ScenarioError) -> String {
    let (file, text) = (path.display().to_string(), error.to_string());
    if text.starts_with(&file) {
        text
    } else {
        format!("{file}: {text}")
    }
}
