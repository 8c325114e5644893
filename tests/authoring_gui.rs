//! Authoring in the editor (issue 15). Agent playback: on a U-turn round a wall end the offset
//! path cuts the corner, so its disc overlaps the wall; the tangent path keeps the radius and
//! never does (NAVSCOPE_WRITE_SCREENSHOT=1 saves the rendered window as screenshots/playback.png).
//! Reference underlay: File > Add reference image loads a PNG under the scene, one undo step.

mod gui_harness;

use egui::Key;
use egui::Modifiers;
use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, editor_on};
use navscope::nav::Variant;
use std::path::Path;

#[test]
fn playing_the_offset_path_reports_the_moment_it_hits_the_wall() {
    let scene = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes/u_turn.json");
    let mut h = editor_on(&FakeDialogs::default(), Some(scene));
    assert!(
        h.state().playback().tracks().is_empty(),
        "closed until asked for"
    );
    h.key_press(Key::A);
    h.run();
    let track = |h: &egui_kittest::Harness<'_, navscope::app::App>, v: Variant| {
        h.state()
            .playback()
            .tracks()
            .iter()
            .find(|t| t.variant == v)
            .cloned()
            .expect("a track per found variant")
    };
    let offset = track(&h, Variant::Offset);
    assert!(
        !offset.collisions.is_empty(),
        "the offset path cuts the wall end"
    );
    let hit = offset.collisions[0];
    // The wall end is at x = 12, half way along the U-turn.
    assert!(hit.clearance < 0.5 && hit.from > 5.0, "{hit:?}");
    assert!(track(&h, Variant::Tangent).collisions.is_empty());
    assert!(h.query_by_label_contains("collides at").is_some());

    // Scrubbed into the collision the offset agent is red, the tangent one is not.
    let middle = 0.5 * (hit.from + hit.to);
    h.state_mut().playback_mut().set_distance(middle);
    h.run();
    let colliding = h.state().playback().colliding();
    assert!(colliding.contains(&Variant::Offset), "{colliding:?}");
    assert!(!colliding.contains(&Variant::Tangent));
    // Before the corner nobody collides.
    h.state_mut().playback_mut().set_distance(0.5);
    h.run();
    assert!(h.state().playback().colliding().is_empty());

    // Play walks on at the set speed and stops at the end.
    h.state_mut().playback_mut().speed = 1000.0;
    h.get_by_label("Play").click();
    for _ in 0..20 {
        h.step();
    }
    let p = h.state().playback();
    assert!(p.distance() > 0.5, "{}", p.distance());

    if std::env::var_os("NAVSCOPE_WRITE_SCREENSHOT").is_some() {
        if h.state().playback().is_playing() {
            h.state_mut().playback_mut().toggle_play();
        }
        h.state_mut().playback_mut().set_distance(middle);
        h.run();
        let image = h.render().expect("the window renders");
        image
            .save(Path::new(env!("CARGO_MANIFEST_DIR")).join("screenshots/playback.png"))
            .unwrap();
    }
}

#[test]
fn a_reference_image_is_added_from_the_file_menu_and_undone_in_one_step() {
    let dir = tempfile::tempdir().unwrap();
    let dialogs = FakeDialogs::default();
    let mut h = editor_on(&dialogs, None);
    let add = |h: &mut egui_kittest::Harness<'_, navscope::app::App>, file: &Path| {
        dialogs.answer(file);
        h.get_by_label("File").click();
        h.run();
        h.get_by_label("Add reference image…").click();
        h.run();
    };
    // A file that is not an image is reported, naming it.
    let bad = dir.path().join("notes.png");
    std::fs::write(&bad, "not a picture").unwrap();
    add(&mut h, &bad);
    let error = h.state().underlay().error().expect("an error").to_string();
    assert!(
        error.contains("notes.png") && error.contains("cannot read"),
        "{error}"
    );

    let png = dir.path().join("sketch.png");
    image::RgbaImage::from_pixel(20, 10, image::Rgba([200, 100, 50, 255]))
        .save(&png)
        .unwrap();
    add(&mut h, &png);
    let reference = h
        .state()
        .document()
        .scene()
        .reference
        .clone()
        .expect("added");
    assert_eq!(Path::new(&reference.path), png);
    assert_eq!(h.state().underlay().size(), Some([20, 10]));
    assert_eq!(h.state().underlay().error(), None);
    assert!(
        h.query_by_label("Lock").is_some(),
        "the reference window is open"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        h.state()
            .document()
            .scene()
            .reference
            .as_ref()
            .map(|r| r.path.as_str()),
        Some(bad.to_str().unwrap()),
        "one undo step back to the first image"
    );
}

#[test]
fn without_a_system_dialog_the_reference_image_path_is_typed_in_the_scene_folder() {
    let dir = tempfile::tempdir().unwrap();
    let scene = dir.path().join("u_turn.json");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes/u_turn.json"),
        &scene,
    )
    .unwrap();
    let png = dir.path().join("sketch.png");
    image::RgbaImage::from_pixel(20, 10, image::Rgba([200, 100, 50, 255]))
        .save(&png)
        .unwrap();
    let dialogs = FakeDialogs {
        broken: true,
        ..FakeDialogs::default()
    };
    let mut h = editor_on(&dialogs, Some(scene));
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Add reference image…").click();
    h.run();
    let dirs = dialogs.dirs.lock().unwrap().clone();
    assert_eq!(dirs, vec![Some(dir.path().to_path_buf())]);
    let (_, message) = h.state().status().message().expect("the failure is shown");
    assert!(message.contains("type the path"), "{message}");
    // The field starts in the scene's folder: typing the file name completes the path.
    h.get_by_label("Path").type_text("sketch.png");
    h.run();
    h.get_by_label("OK").click();
    h.run();
    let reference = h.state().document().scene().reference.clone();
    assert_eq!(reference.map(|r| r.path), Some(png.display().to_string()));
    assert_eq!(h.state().underlay().size(), Some([20, 10]));
}
