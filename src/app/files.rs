//! Files: the file dialogs behind a small trait (tests supply their own, so none ever opens),
//! the native dialogs, and the export writers the File menu uses. When the desktop's dialog
//! cannot open (no xdg portal or zenity, a remote session) the editor asks for the path in a
//! field of its own (`panels::path_prompt`), so every file action always works.

use crate::export;
use crate::geom::Aabb;
use crate::nav::NavMesh;
use crate::viz::{DrawList, Theme};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A native dialog that "returns cancelled" sooner than this never showed: nobody can cancel
/// a dialog this fast. rfd reports such failures only on stderr.
const FASTEST_CANCEL: Duration = Duration::from_millis(150);

/// The navmesh files the editor opens as they are, and their dialog filter's name.
const NAVMESH_FILES: &str = "navmesh (Polyanya, Godot, OBJ, glTF, navmesh JSON)";
const NAVMESH_EXTENSIONS: &[&str] = &["mesh", "tres", "obj", "gltf", "glb", "json"];

/// What a file holds; decides the dialog's filter and the default extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Scene,
    NavmeshJson,
    Obj,
    Svg,
    /// A picture of the canvas.
    Png,
    /// A regression case (`navscope check`).
    Scenario,
    PolyanyaMesh,
    GodotResource,
    Gltf,
}

impl FileKind {
    pub fn description(self) -> &'static str {
        match self {
            FileKind::Scene => "navscope scene",
            FileKind::NavmeshJson => "navmesh JSON",
            FileKind::Obj => "Wavefront OBJ",
            FileKind::Svg => "SVG picture",
            FileKind::Png => "PNG picture",
            FileKind::Scenario => "navscope test case",
            FileKind::PolyanyaMesh => "Polyanya mesh",
            FileKind::GodotResource => "Godot NavigationPolygon",
            FileKind::Gltf => "glTF 2.0",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Scene | FileKind::NavmeshJson | FileKind::Scenario => "json",
            FileKind::Obj => "obj",
            FileKind::Svg => "svg",
            FileKind::Png => "png",
            FileKind::PolyanyaMesh => "mesh",
            FileKind::GodotResource => "tres",
            FileKind::Gltf => "gltf",
        }
    }
}

/// Asks the user for file names, starting in `dir` when given. `Ok(None)` when the user
/// cancels; `Err` (a sentence) when no dialog could be shown.
pub trait Dialogs {
    /// A scene file to open.
    fn open(&mut self, dir: Option<&Path>) -> Result<Option<PathBuf>, String>;
    /// A navmesh file to open as it is (default: the scene dialog, which lists them too).
    fn open_navmesh(&mut self, dir: Option<&Path>) -> Result<Option<PathBuf>, String> {
        self.open(dir)
    }
    /// Where to write a file of `kind`; `name` is the suggested file name.
    fn save(
        &mut self,
        kind: FileKind,
        name: &str,
        dir: Option<&Path>,
    ) -> Result<Option<PathBuf>, String>;
    /// A PNG or JPEG to trace from (default: none, for dialogs that cannot pick images).
    fn open_image(&mut self, _dir: Option<&Path>) -> Result<Option<PathBuf>, String> {
        Ok(None)
    }
}

/// The desktop's own dialogs (xdg portal or zenity on Linux).
#[derive(Debug, Default)]
pub struct NativeDialogs;

impl NativeDialogs {
    fn dialog(kind: FileKind, dir: Option<&Path>) -> rfd::FileDialog {
        let dialog = rfd::FileDialog::new().add_filter(kind.description(), &[kind.extension()]);
        Self::starting_in(dialog, dir)
    }

    fn starting_in(dialog: rfd::FileDialog, dir: Option<&Path>) -> rfd::FileDialog {
        match dir {
            Some(dir) => dialog.set_directory(dir),
            None => dialog,
        }
    }

    fn answer(started: Instant, path: Option<PathBuf>) -> Result<Option<PathBuf>, String> {
        if path.is_none() && started.elapsed() < FASTEST_CANCEL {
            return Err("the system file dialog could not open (no xdg portal or zenity?)".into());
        }
        Ok(path)
    }
}

impl Dialogs for NativeDialogs {
    fn open(&mut self, dir: Option<&Path>) -> Result<Option<PathBuf>, String> {
        let started = Instant::now();
        let dialog = Self::dialog(FileKind::Scene, dir)
            .add_filter(
                "Polyanya mesh, MovingAI map, SVG drawing",
                &["mesh", "map", "svg"],
            )
            .add_filter(NAVMESH_FILES, NAVMESH_EXTENSIONS);
        Self::answer(started, dialog.pick_file())
    }

    fn open_navmesh(&mut self, dir: Option<&Path>) -> Result<Option<PathBuf>, String> {
        let started = Instant::now();
        let dialog = rfd::FileDialog::new().add_filter(NAVMESH_FILES, NAVMESH_EXTENSIONS);
        Self::answer(started, Self::starting_in(dialog, dir).pick_file())
    }

    fn save(
        &mut self,
        kind: FileKind,
        name: &str,
        dir: Option<&Path>,
    ) -> Result<Option<PathBuf>, String> {
        let started = Instant::now();
        let path = Self::dialog(kind, dir).set_file_name(name).save_file();
        Self::answer(started, path)
    }

    fn open_image(&mut self, dir: Option<&Path>) -> Result<Option<PathBuf>, String> {
        let started = Instant::now();
        let dialog =
            rfd::FileDialog::new().add_filter("PNG or JPEG image", &["png", "jpg", "jpeg"]);
        Self::answer(started, Self::starting_in(dialog, dir).pick_file())
    }
}

/// `path` with `kind`'s extension added when it does not end with it (`level` and `level.svg`
/// saved as a scene become `level.json` and `level.svg.json`): a file is always written under
/// the extension its format is read back by.
pub fn with_extension(path: PathBuf, kind: FileKind) -> PathBuf {
    let extension = kind.extension();
    match path.extension() {
        Some(e) if e.eq_ignore_ascii_case(extension) => path,
        Some(_) => {
            let mut name = path.file_name().unwrap_or_default().to_os_string();
            name.push(".");
            name.push(extension);
            path.with_file_name(name)
        }
        None => path.with_extension(extension),
    }
}

/// A derived file the File menu can write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    NavmeshJson,
    Obj,
    Svg,
    /// Convex polygons as a Polyanya mesh.
    PolyanyaMesh,
    /// Convex polygons as a Godot 4 NavigationPolygon.
    Godot,
    Gltf,
}

impl Export {
    pub fn kind(self) -> FileKind {
        match self {
            Export::NavmeshJson => FileKind::NavmeshJson,
            Export::Obj => FileKind::Obj,
            Export::Svg => FileKind::Svg,
            Export::PolyanyaMesh => FileKind::PolyanyaMesh,
            Export::Godot => FileKind::GodotResource,
            Export::Gltf => FileKind::Gltf,
        }
    }

    /// The suggested file name next to the document called `document` (e.g. `rooms.json` ->
    /// `rooms.navmesh.json`).
    pub fn file_name(self, document: &str) -> String {
        let stem = crate::document::file_stem(document);
        match self {
            Export::NavmeshJson => format!("{stem}.navmesh.json"),
            Export::Obj => format!("{stem}.obj"),
            Export::Svg => format!("{stem}.svg"),
            Export::PolyanyaMesh => format!("{stem}.mesh"),
            Export::Godot => format!("{stem}.tres"),
            Export::Gltf => format!("{stem}.gltf"),
        }
    }

    /// The file's text: the navmesh in a navmesh format (convex polygons for the Polyanya
    /// mesh and Godot), or `picture` as SVG framing `bounds`; the error names the problem.
    pub fn text(
        self,
        mesh: &NavMesh,
        radius: f64,
        picture: &DrawList,
        bounds: Aabb,
        theme: Theme,
    ) -> Result<String, String> {
        let convex = export::Polygons::Convex { max_vertices: None };
        let (format, polygons) = match self {
            Export::NavmeshJson => (export::NavmeshFormat::Json, export::Polygons::Triangles),
            Export::Obj => (export::NavmeshFormat::Obj, export::Polygons::Triangles),
            Export::PolyanyaMesh => (export::NavmeshFormat::Mesh, convex),
            Export::Godot => (export::NavmeshFormat::Godot, convex),
            Export::Gltf => (export::NavmeshFormat::Gltf, export::Polygons::Triangles),
            Export::Svg => return Ok(export::svg(picture, bounds, 1200.0, theme)),
        };
        export::write_navmesh(mesh, radius, format, polygons, None)
            .map(|w| w.text)
            .map_err(|e| e.to_string())
    }
}

/// The suggested name of a picture of the canvas of the document called `document`
/// (`rooms.json` -> `rooms.png`).
pub fn picture_name(document: &str) -> String {
    format!("{}.png", crate::document::file_stem(document))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_without_extension_gets_the_kinds() {
        let typed = PathBuf::from("/tmp/maps/level");
        assert_eq!(
            with_extension(typed, FileKind::Svg),
            PathBuf::from("/tmp/maps/level.svg")
        );
        let full = PathBuf::from("/tmp/maps/level.navmesh.json");
        assert_eq!(with_extension(full.clone(), FileKind::NavmeshJson), full);
        let upper = PathBuf::from("/tmp/maps/LEVEL.JSON");
        assert_eq!(with_extension(upper.clone(), FileKind::Scene), upper);
    }

    #[test]
    fn a_name_with_another_formats_extension_gets_the_kinds_after_it() {
        // A scene saved as `level.svg` would be read back as an SVG drawing.
        for (typed, kind, written) in [
            ("/tmp/level.svg", FileKind::Scene, "/tmp/level.svg.json"),
            ("/tmp/level.mesh", FileKind::Scene, "/tmp/level.mesh.json"),
            ("/tmp/level.json", FileKind::Svg, "/tmp/level.json.svg"),
        ] {
            assert_eq!(
                with_extension(PathBuf::from(typed), kind),
                PathBuf::from(written)
            );
        }
    }

    #[test]
    fn export_names_follow_the_document() {
        assert_eq!(
            Export::NavmeshJson.file_name("rooms.json"),
            "rooms.navmesh.json"
        );
        assert_eq!(Export::Svg.file_name("untitled"), "untitled.svg");
        assert_eq!(Export::Godot.file_name("rooms.json"), "rooms.tres");
        assert_eq!(Export::PolyanyaMesh.file_name("rooms.json"), "rooms.mesh");
        assert_eq!(Export::Gltf.file_name("rooms.json"), "rooms.gltf");
    }

    #[test]
    fn engine_exports_write_their_formats() {
        let scene = crate::scene::generate::random_field(6, 20.0, 15.0, 0.3, 2);
        let mesh = crate::nav::build(&scene).unwrap().mesh;
        let text = |e: Export| {
            e.text(
                &mesh,
                0.3,
                &DrawList::default(),
                mesh.bounds(),
                Theme::Light,
            )
            .unwrap()
        };
        assert!(text(Export::PolyanyaMesh).starts_with("mesh\n2\n"));
        let godot = text(Export::Godot);
        assert!(godot.starts_with("[gd_resource type=\"NavigationPolygon\" format=3]"));
        // Convex polygons: fewer than the triangles.
        assert!(godot.matches("PackedInt32Array(").count() < mesh.triangle_count());
        assert!(gltf::Gltf::from_slice(text(Export::Gltf).as_bytes()).is_ok());
    }
}
