//! Files: the file dialogs behind a small trait (tests supply their own, so none ever opens),
//! the native dialogs, and the export writers the File menu uses.

use crate::export;
use crate::geom::Aabb;
use crate::nav::NavMesh;
use crate::viz::{DrawList, Theme};
use std::path::{Path, PathBuf};

/// What a file holds; decides the dialog's filter and the default extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Scene,
    NavmeshJson,
    Obj,
    Svg,
    /// A regression case (`navscope check`).
    Scenario,
}

impl FileKind {
    pub fn description(self) -> &'static str {
        match self {
            FileKind::Scene => "navscope scene",
            FileKind::NavmeshJson => "navmesh JSON",
            FileKind::Obj => "Wavefront OBJ",
            FileKind::Svg => "SVG picture",
            FileKind::Scenario => "navscope test case",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Scene | FileKind::NavmeshJson | FileKind::Scenario => "json",
            FileKind::Obj => "obj",
            FileKind::Svg => "svg",
        }
    }
}

/// Asks the user for file names. Returns `None` when the user cancels.
pub trait Dialogs {
    /// A scene file to open.
    fn open(&mut self) -> Option<PathBuf>;
    /// Where to write a file of `kind`; `name` is the suggested file name.
    fn save(&mut self, kind: FileKind, name: &str) -> Option<PathBuf>;
}

/// The desktop's own dialogs (xdg portal on Linux).
#[derive(Debug, Default)]
pub struct NativeDialogs;

impl Dialogs for NativeDialogs {
    fn open(&mut self) -> Option<PathBuf> {
        let kind = FileKind::Scene;
        rfd::FileDialog::new()
            .add_filter(kind.description(), &[kind.extension()])
            .add_filter("Polyanya mesh, MovingAI map", &["mesh", "map"])
            .pick_file()
    }

    fn save(&mut self, kind: FileKind, name: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .add_filter(kind.description(), &[kind.extension()])
            .set_file_name(name)
            .save_file()
    }
}

/// A derived file the File menu can write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    NavmeshJson,
    Obj,
    Svg,
}

impl Export {
    pub fn kind(self) -> FileKind {
        match self {
            Export::NavmeshJson => FileKind::NavmeshJson,
            Export::Obj => FileKind::Obj,
            Export::Svg => FileKind::Svg,
        }
    }

    /// The suggested file name next to the document called `document` (e.g. `rooms.json` ->
    /// `rooms.navmesh.json`).
    pub fn file_name(self, document: &str) -> String {
        let stem = Path::new(document)
            .file_stem()
            .map_or("untitled".into(), |s| s.to_string_lossy().into_owned());
        match self {
            Export::NavmeshJson => format!("{stem}.navmesh.json"),
            Export::Obj => format!("{stem}.obj"),
            Export::Svg => format!("{stem}.svg"),
        }
    }

    /// The file's text: the navmesh as JSON or OBJ, or `picture` as SVG framing `bounds`.
    pub fn text(
        self,
        mesh: &NavMesh,
        radius: f64,
        picture: &DrawList,
        bounds: Aabb,
        theme: Theme,
    ) -> String {
        match self {
            Export::NavmeshJson => export::navmesh_json(mesh, radius),
            Export::Obj => export::navmesh_obj(mesh, radius),
            Export::Svg => export::svg(picture, bounds, 1200.0, theme),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn export_names_follow_the_document() {
        assert_eq!(
            Export::NavmeshJson.file_name("rooms.json"),
            "rooms.navmesh.json"
        );
        assert_eq!(Export::Svg.file_name("untitled"), "untitled.svg");
    }
}
