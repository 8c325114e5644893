//! What a designer's hands do that the editor must survive (found by reviewing the editor as
//! a hostile user): a name typed and left by clicking the canvas, shortcuts pressed in the
//! middle of a drag, Undo while a polygon is half drawn, a file saved under another format's
//! extension, an export while the scene does not build, a reference scan bigger than the
//! graphics card takes, and the step-through after opening another file.

mod gui_harness;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_harness::{
    FakeDialogs, click, draw_polygon, editor_on, editor_with_reference, menu_item, screen,
};
use navscope::app::App;
use navscope::scene::RingRef;

fn editor() -> Harness<'static, App> {
    editor_on(&FakeDialogs::default(), None)
}

fn press(h: &mut Harness<'_, App>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

/// The triangle (30, 21), (34, 21), (32, 25) drawn, then selected with the Select tool; its
/// index among the obstacles.
fn triangle_selected(h: &mut Harness<'_, App>) -> usize {
    let index = h.state().document().scene().obstacles.len();
    draw_polygon(h, &[(30.0, 21.0), (34.0, 21.0), (32.0, 25.0)]);
    press(h, Modifiers::NONE, Key::V);
    let inside = screen(h, 32.0, 22.5);
    click(h, inside);
    assert_eq!(h.state().selection().ring(), Some(RingRef::Obstacle(index)));
    index
}

#[test]
fn a_name_typed_is_kept_when_the_canvas_is_clicked_instead_of_enter() {
    let mut h = editor();
    let index = triangle_selected(&mut h);
    let before = h.state().document().scene().obstacles[index].name.clone();
    let field = h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Name");
    field.focus();
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Name")
        .type_text(" gate");
    h.run();
    // The click selects something else before the inspector is drawn again.
    let elsewhere = screen(&h, 20.0, 26.0);
    click(&mut h, elsewhere);
    h.run();
    assert_ne!(h.state().selection().ring(), Some(RingRef::Obstacle(index)));
    assert_eq!(
        h.state().document().scene().obstacles[index].name,
        format!("{before} gate")
    );
    // One undo step brings the old name back.
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().document().scene().obstacles[index].name, before);
}

#[test]
fn shortcuts_in_the_middle_of_a_drag_do_not_split_it_or_move_another_ring() {
    let mut h = editor();
    let index = triangle_selected(&mut h);
    let scene = h.state().document().scene().clone();
    let from = screen(&h, 32.0, 22.5);
    h.hover_at(from);
    h.drag_at(from);
    for k in 1..=3 {
        h.hover_at(from + egui::vec2(8.0 * k as f32, 0.0));
    }
    for (modifiers, key) in [
        (Modifiers::COMMAND, Key::D),
        (Modifiers::NONE, Key::Delete),
        (Modifiers::COMMAND, Key::Z),
    ] {
        h.key_press_modifiers(modifiers, key);
        h.run();
    }
    for k in 4..=6 {
        h.hover_at(from + egui::vec2(8.0 * k as f32, 0.0));
    }
    let to = from + egui::vec2(48.0, 0.0);
    h.drop_at(to);
    h.run();
    let moved = h.state().document().scene().clone();
    assert_eq!(
        moved.obstacles.len(),
        scene.obstacles.len(),
        "nothing added or deleted"
    );
    for (i, (a, b)) in scene.obstacles.iter().zip(&moved.obstacles).enumerate() {
        assert_eq!(
            a == b,
            i != index,
            "only the dragged obstacle {index} moves (obstacle {i})"
        );
    }
    // The drag is one undo step, and the history before it is still there.
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().document().scene(), &scene);
    assert!(
        h.state().document().can_undo(),
        "the drawing is still undoable"
    );
}

#[test]
fn undo_while_drawing_takes_back_the_last_point_not_the_last_edit() {
    let mut h = editor();
    let index = triangle_selected(&mut h);
    h.get_by_label("Polygon obstacle").click();
    h.run();
    for (x, y) in [(5.0, 26.0), (9.0, 26.0), (9.0, 28.0)] {
        let at = screen(&h, x, y);
        click(&mut h, at);
    }
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(
        h.state().document().scene().obstacles.len(),
        index + 1,
        "the triangle drawn before is still there"
    );
    // The drawing goes on from the two points left.
    let at = screen(&h, 7.0, 29.0);
    click(&mut h, at);
    press(&mut h, Modifiers::NONE, Key::Enter);
    let drawn = &h.state().document().scene().obstacles[index + 1];
    let corners: Vec<(f64, f64)> = drawn.ring.points().iter().map(|p| (p.x, p.y)).collect();
    assert_eq!(corners.len(), 3, "{corners:?}");
    assert!(
        corners
            .iter()
            .any(|&(x, y)| (x - 7.0).abs() < 0.3 && (y - 29.0).abs() < 0.3),
        "{corners:?}"
    );
    assert!(
        !corners.iter().any(|&(_, y)| (y - 28.0).abs() < 0.3),
        "the point taken back is gone: {corners:?}"
    );
}

#[test]
fn a_scene_saved_under_another_formats_extension_gets_json_after_it() {
    let dialogs = FakeDialogs::default();
    let mut h = editor_on(&dialogs, None);
    let dir = tempfile::tempdir().unwrap();
    dialogs.answer(&dir.path().join("level.svg"));
    press(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    let written = dir.path().join("level.svg.json");
    assert_eq!(h.state().document().path(), Some(written.as_path()));
    assert!(!dir.path().join("level.svg").exists());
    let loaded = navscope::scene::load(&written).expect("read back as a scene");
    assert_eq!(&loaded, h.state().document().scene());
}

#[test]
fn export_refuses_the_navmesh_of_an_older_version_of_the_scene() {
    let dialogs = FakeDialogs::default();
    let mut h = editor_on(&dialogs, None);
    // The example's only walkable outline, selected on its bottom edge and deleted: the scene
    // no longer builds, and the last good navmesh stays on screen.
    let edge = screen(&h, 20.0, 0.0);
    click(&mut h, edge);
    assert_eq!(h.state().selection().ring(), Some(RingRef::Walkable(0)));
    press(&mut h, Modifiers::NONE, Key::Delete);
    assert!(h.state().document().scene().walkable.is_empty());
    assert!(
        h.state().triangle_count().is_some(),
        "the old navmesh is shown"
    );
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mesh.navmesh.json");
    dialogs.answer(&out);
    menu_item(&mut h, "File", "Export navmesh as JSON…");
    assert!(!out.exists(), "an old navmesh was written as the scene's");
    let message = gui_harness::message(&h);
    assert!(
        message.contains("does not build") && message.contains("no walkable ring"),
        "{message}"
    );
    // Undone, the scene builds again and exports.
    press(&mut h, Modifiers::COMMAND, Key::Z);
    menu_item(&mut h, "File", "Export navmesh as JSON…");
    assert!(out.exists(), "{}", gui_harness::message(&h));
}

#[test]
fn a_reference_scan_bigger_than_the_texture_limit_is_shown_scaled_down() {
    // kittest's limit is egui's default of 2,048 pixels a side.
    let (h, _dir, _) = editor_with_reference(&FakeDialogs::default(), [2100, 30]);
    assert_eq!(h.state().underlay().error(), None);
    assert_eq!(h.state().underlay().size(), Some([2100, 30]));
    let reference = h.state().document().scene().reference.clone().unwrap();
    let bounds = h
        .state()
        .underlay()
        .placed(Some(&reference))
        .expect("the scan is placed")
        .bounds();
    let width = bounds.max.x - bounds.min.x;
    assert!(
        (width - 2100.0 * reference.scale).abs() < 1e-9,
        "it covers the world its pixels do: {width}"
    );
}

#[test]
fn the_step_through_of_a_newly_opened_file_traces_its_own_mesh() {
    let dir = tempfile::tempdir().unwrap();
    let scene = |obstacles: &str| {
        format!(
            r#"{{"format":"navscope-scene","version":1,"agent_radius":0.5,
            "walkable":[[[0,0],[40,0],[40,30],[0,30]]],"obstacles":[{obstacles}],
            "queries":[{{"name":"across","start":[2,15],"goal":[38,15]}}]}}"#
        )
    };
    let (open, walled) = (dir.path().join("open.json"), dir.path().join("walled.json"));
    std::fs::write(&open, scene("")).unwrap();
    std::fs::write(
        &walled,
        scene(r#"{"name":"wall","points":[[19,2],[21,2],[21,28],[19,28]]}"#),
    )
    .unwrap();
    let last_step_of = |h: &mut Harness<'_, App>| {
        press(h, Modifiers::NONE, Key::K);
        let last = h.state().steps().last();
        press(h, Modifiers::NONE, Key::K);
        last
    };
    let mut fresh = editor_on(&FakeDialogs::default(), Some(walled.clone()));
    let walled_steps = last_step_of(&mut fresh);

    let dialogs = FakeDialogs::default();
    let mut h = editor_on(&dialogs, Some(open));
    let open_steps = last_step_of(&mut h);
    assert_ne!(open_steps, walled_steps, "the two searches differ");
    press(&mut h, Modifiers::NONE, Key::K);
    dialogs.answer(&walled);
    press(&mut h, Modifiers::COMMAND, Key::O);
    assert_eq!(h.state().document().path(), Some(walled.as_path()));
    assert_eq!(h.state().steps().last(), walled_steps);
}

/// The help, the step-through and the playback windows open over the canvas: they covered the
/// menu bar (their default place is the window's top-left corner) and the inspector.
#[test]
fn windows_open_over_the_canvas_not_the_menus_or_the_panels() {
    let mut h = editor();
    press(&mut h, Modifiers::NONE, Key::F1);
    press(&mut h, Modifiers::NONE, Key::K);
    press(&mut h, Modifiers::NONE, Key::A);
    h.run();
    // The File menu's button: the topmost node so named (the help lists a File section).
    let menu_bottom = (h.query_all_by_label("File").map(|n| n.rect()))
        .min_by(|a, b| a.top().total_cmp(&b.top()))
        .expect("the menu bar")
        .bottom();
    let window_width = h.ctx.content_rect().width();
    for title in ["Help", "Step through", "Agent playback"] {
        // egui names a window's area by its title's text (an `Option`).
        let rect = (h.ctx)
            .memory(|m| m.area_rect(egui::Id::unique(Some(title))))
            .unwrap_or_else(|| panic!("{title} is open"));
        assert!(
            rect.top() >= menu_bottom,
            "{title} {rect:?} covers the menu bar"
        );
        assert!(
            rect.left() >= 200.0,
            "{title} {rect:?} covers the tools panel"
        );
        assert!(
            rect.right() <= window_width - 250.0,
            "{title} {rect:?} covers the inspector"
        );
    }
}

/// Drawing an area says what it added in the status bar, as deleting one says what it
/// removed (the bar kept the previous message).
#[test]
fn drawing_an_obstacle_says_what_was_added() {
    let mut h = editor();
    let index = h.state().document().scene().obstacles.len();
    draw_polygon(&mut h, &[(30.0, 21.0), (34.0, 21.0), (32.0, 25.0)]);
    assert_eq!(h.state().document().scene().obstacles.len(), index + 1);
    let (_, said) = h.state().status().message().expect("the addition is said");
    let name = &h.state().document().scene().obstacles[index].name;
    assert_eq!(said, format!("added obstacle \"{name}\""));
}
