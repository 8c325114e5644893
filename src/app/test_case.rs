//! "Save query as test case": the shown query with its radius and outcome (status and length
//! per variant) recorded as a regression case (`crate::scenario`) that `navscope check`
//! replays. The case names the scene file when the document is saved and unchanged, and
//! embeds the scene otherwise.

use super::analysis::Analysis;
use super::live::Built;
use crate::document::Document;
use crate::scenario::{Scenario, SceneSource};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The case for the shown query, or why there is none to save.
pub fn record(
    doc: &Document,
    built: Option<&Arc<Built>>,
    analysis: Option<&Analysis>,
) -> Result<Scenario, String> {
    let Some(analysis) = analysis else {
        return Err("there is no query to save: add one with the Start / goal tool".into());
    };
    let built = built
        .filter(|b| b.revision == doc.revision() && !b.preview)
        .ok_or("the navmesh is still rebuilding: save the test case once it is up to date")?;
    Ok(Scenario::record(
        Scenario::inline(doc.scene()),
        built.build.radius,
        &analysis.answer,
    )
    .made_with(analysis.options(), built.key.arc_tolerance()))
}

/// Writes `case` to `path`, naming the document's file instead of embedding the scene when
/// the file holds the scene as shown.
pub fn save(mut case: Scenario, doc: &Document, path: &Path) -> std::io::Result<()> {
    if let Some(scene_path) = doc.path().filter(|_| !doc.is_dirty()) {
        case.scene = SceneSource::Path(relative_to_case(scene_path, path));
    }
    case.save(path)
}

/// The suggested file name: `rooms.json` -> `rooms.case.json`.
pub fn file_name(document: &str) -> String {
    format!("{}.case.json", crate::document::file_stem(document))
}

/// `scene` as the case file at `case` should name it: relative when it lies in the case's
/// directory or below, absolute otherwise.
fn relative_to_case(scene: &Path, case: &Path) -> PathBuf {
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let scene = absolute(scene);
    let dir = absolute(case.parent().unwrap_or(Path::new(".")));
    scene
        .strip_prefix(&dir)
        .map_or(scene.clone(), Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_name_scenes_relative_to_themselves() {
        assert_eq!(file_name("rooms.json"), "rooms.case.json");
        assert_eq!(
            relative_to_case(Path::new("/a/b/rooms.json"), Path::new("/a/c.json")),
            Path::new("b/rooms.json")
        );
        assert_eq!(
            relative_to_case(Path::new("/x/rooms.json"), Path::new("/a/c.json")),
            Path::new("/x/rooms.json")
        );
    }
}
