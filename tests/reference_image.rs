//! The reference underlay in the scene file (issue 15, item 5): optional, saved with its path
//! relative to the scene file, read back pointing at the same image wherever the scene is saved.

use navscope::geom::Point;
use navscope::scene::{self, Reference, Scene};
use std::path::Path;

fn scene_with(image: &Path) -> Scene {
    let mut s = scene::from_json(
        std::fs::read("assets/scenes/rooms.json")
            .unwrap()
            .as_slice(),
        "rooms",
    )
    .unwrap();
    s.reference = Some(Reference {
        position: Point::new(-2.0, 1.5),
        scale: 0.05,
        opacity: 0.4,
        locked: true,
        ..Reference::new(image)
    });
    s
}

#[test]
fn the_reference_round_trips_with_a_path_relative_to_the_scene_file() {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("art").join("sketch.png");
    let file = dir.path().join("levels").join("map.json");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    let s = scene_with(&image);
    scene::save(&s, &file).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains(
            "  \"reference\": {\"path\":\"../art/sketch.png\",\"position\":[-2.0,1.5],\"scale\":0.05,\"opacity\":0.4,\"locked\":true},\n"
        ),
        "{text}"
    );
    let back = scene::load(&file).unwrap();
    assert_eq!(back, s, "read back pointing at the same image");
    assert_eq!(back.reference.as_ref().unwrap().resolve(Some(&file)), image);
    // Saved one folder deeper, the path is rewritten to still name the image.
    let deeper = dir.path().join("levels").join("old").join("map.json");
    std::fs::create_dir_all(deeper.parent().unwrap()).unwrap();
    scene::save(&back, &deeper).unwrap();
    let text = std::fs::read_to_string(&deeper).unwrap();
    assert!(text.contains("\"path\":\"../../art/sketch.png\""), "{text}");
    assert_eq!(scene::load(&deeper).unwrap(), s);
}

#[test]
fn a_scene_without_a_reference_has_no_field_and_a_bad_one_is_an_error() {
    let s = scene_with(Path::new("/tmp/x.png"));
    let mut plain = s.clone();
    plain.reference = None;
    assert!(!scene::to_json(&plain).contains("reference"));
    let text = scene::to_json(&s).replace("\"opacity\":0.4", "\"opacity\":4");
    let bad = scene::from_json(text.as_bytes(), "bad.json").unwrap();
    let e = navscope::nav::build(&bad).unwrap_err().to_string();
    assert!(
        e.contains("reference image: opacity 4 is not between 0 and 1"),
        "{e}"
    );
    // Missing fields are named with their place in the file.
    let text = scene::to_json(&s).replace(",\"scale\":0.05", "");
    let e = scene::from_json(text.as_bytes(), "noscale.json")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("noscale.json: line 5") && e.contains("scale"),
        "{e}"
    );
}
