//! The reference underlay: an image (a screenshot or a design sketch) drawn under the scene to
//! trace a level from. Its path is stored relative to the scene file.
//!
//! ```text
//!   +---------------------+  <- width  * scale world units
//!   |      image          |
//!   |                     |
//!   position (bottom-left corner, world units)
//! ```

use crate::geom::Point;
use serde::{Deserialize, Serialize};
use std::path::{Component, Path, PathBuf};

/// Where and how the underlay image is shown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reference {
    /// The image file, relative to the scene file's folder (`/`-separated), or absolute when
    /// the scene has no file yet or lives on another drive.
    pub path: String,
    /// World position of the image's bottom-left corner.
    pub position: Point,
    /// World units per image pixel (> 0).
    pub scale: f64,
    /// 0 (invisible) to 1 (opaque).
    pub opacity: f64,
    /// A locked underlay cannot be moved or scaled by accident.
    #[serde(default)]
    pub locked: bool,
}

impl Reference {
    /// An underlay for `image` (kept as an absolute path until the scene is saved).
    pub fn new(image: &Path) -> Reference {
        Reference {
            path: absolute(image).to_string_lossy().into_owned(),
            position: Point::new(0.0, 0.0),
            scale: 0.1,
            opacity: 0.5,
            locked: false,
        }
    }

    /// The image's location on disk for a scene read from `scene_file` (a relative path is
    /// taken from the scene file's folder, or from the working directory without one).
    pub fn resolve(&self, scene_file: Option<&Path>) -> PathBuf {
        let path = Path::new(&self.path);
        match scene_file.and_then(Path::parent) {
            Some(dir) if path.is_relative() => dir.join(path),
            _ => path.to_path_buf(),
        }
    }

    /// The underlay as read from `scene_file`: its path made absolute, so the scene can be
    /// saved anywhere (see [`Reference::stored_for`]).
    pub fn loaded_from(&self, scene_file: &Path) -> Reference {
        Reference {
            path: normal(&absolute(&self.resolve(Some(scene_file))))
                .iter()
                .collect::<PathBuf>()
                .to_string_lossy()
                .into_owned(),
            ..self.clone()
        }
    }

    /// The underlay as written to `scene_file`: its path relative to the file's folder,
    /// `/`-separated (absolute when they share no root).
    pub fn stored_for(&self, scene_file: &Path) -> Reference {
        Reference {
            path: stored_path(Path::new(&self.path), scene_file),
            ..self.clone()
        }
    }

    /// Why the underlay cannot be used, if it cannot: a non-positive scale or an opacity
    /// outside 0..=1.
    pub fn problem(&self) -> Option<String> {
        if !(self.scale.is_finite() && self.scale > 0.0) {
            Some(format!(
                "reference image: scale {} is not above 0",
                self.scale
            ))
        } else if !(0.0..=1.0).contains(&self.opacity) {
            Some(format!(
                "reference image: opacity {} is not between 0 and 1",
                self.opacity
            ))
        } else {
            None
        }
    }
}

/// `p` made absolute against the working directory (unchanged if that fails).
fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

/// `image` as stored in a scene saved at `scene_file`: relative to its folder, `/`-separated.
fn stored_path(image: &Path, scene_file: &Path) -> String {
    let image = absolute(image);
    let relative = absolute(scene_file)
        .parent()
        .and_then(|dir| relative_path(&image, dir));
    match relative {
        Some(r) => r
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
        None => image.to_string_lossy().into_owned(),
    }
}

/// The components of `p` without `.` and with `name/..` pairs dropped.
fn normal(p: &Path) -> Vec<Component<'_>> {
    let mut out: Vec<Component> = Vec::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.last(), Some(Component::Normal(_))) => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

/// `target` relative to the folder `base` (both absolute and normalised), or `None` when they
/// share no root (another drive).
fn relative_path(target: &Path, base: &Path) -> Option<PathBuf> {
    let (t, b) = (normal(target), normal(base));
    let common = t.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common == 0 {
        return None;
    }
    let mut out = PathBuf::new();
    for _ in common..b.len() {
        out.push("..");
    }
    for c in &t[common..] {
        out.push(c.as_os_str());
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_stored_relative_to_the_scene_folder_and_read_back_absolute() {
        let scene = Path::new("/levels/act1/map.json");
        let r = Reference::new(Path::new("/levels/act1/sketch.png"));
        assert_eq!(r.path, "/levels/act1/sketch.png");
        assert_eq!(r.stored_for(scene).path, "sketch.png");
        let r = Reference::new(Path::new("/levels/art/./shots/map.jpg")).stored_for(scene);
        assert_eq!(r.path, "../art/shots/map.jpg");
        assert_eq!(r.loaded_from(scene).path, "/levels/art/shots/map.jpg");
        let deeper = Path::new("/levels/backup/old/map.json");
        let r = Reference::new(Path::new("/levels/act1/sketch.png")).stored_for(deeper);
        assert_eq!(r.path, "../../act1/sketch.png");
        assert_eq!(
            r.resolve(Some(deeper)),
            Path::new("/levels/backup/old/../../act1/sketch.png")
        );
    }

    #[test]
    fn bad_scale_and_opacity_are_named() {
        let mut r = Reference::new(Path::new("/a.png"));
        assert_eq!(r.problem(), None);
        r.opacity = 1.5;
        assert!(r.problem().unwrap().contains("opacity 1.5"));
        r.scale = 0.0;
        assert!(r.problem().unwrap().contains("scale 0"));
    }
}
