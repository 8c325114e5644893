//! `navscope check FILES...`: replays saved regression cases and prints `N passed, N failed`
//! with the differences. Exit code 0 when all pass, 1 when any fails, 2 on unreadable files.

use crate::scenario::Scenario;
use anyhow::bail;
use std::path::PathBuf;

/// Runs the scenarios; returns whether all passed.
pub fn run(files: &[PathBuf]) -> anyhow::Result<bool> {
    if files.is_empty() {
        bail!("give at least one scenario file");
    }
    let (mut passed, mut failed) = (0, 0);
    for path in files {
        let differences = Scenario::load(path)?.check(path)?;
        if differences.is_empty() {
            passed += 1;
            println!("ok    {}", path.display());
        } else {
            failed += 1;
            println!("FAIL  {}: {}", path.display(), differences.join("; "));
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(failed == 0)
}
