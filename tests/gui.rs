//! The editor driven through egui_kittest: real `App`, real input events, assertions on the
//! app's state. File dialogs are replaced by a fake that answers from a queue (`gui_harness`).

mod gui_harness;

use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_harness::{
    FakeDialogs, click, drag, draw_polygon, editor_on, editor_stepping, funnel_length, screen,
    set_number, set_text,
};
use navscope::app::{App, FileKind};
use navscope::geom::Point;
use navscope::nav::Variant;
use navscope::scene::RingRef;
use navscope::viz::Layer;
use std::path::Path;

fn editor(dialogs: &FakeDialogs) -> Harness<'static, App> {
    editor_on(dialogs, None)
}

#[test]
fn starts_on_the_example_with_a_mesh_and_every_variant() {
    let mut h = editor(&FakeDialogs::default());
    assert_eq!(h.state().document().name(), "example");
    assert_eq!(h.state().document().save_name(), "example.json");
    assert!(h.state().triangle_count().is_some_and(|n| n > 100));
    let analysis = h.state().analysis().expect("the example query is shown");
    let shown: Vec<Variant> = analysis.answer.paths().map(|(v, _)| v).collect();
    assert_eq!(shown, Variant::ALL.to_vec());
    // A first view that is not busy: the funnel and tangent paths over the corridor.
    let painted_paths = |h: &Harness<'_, App>| -> Vec<Variant> {
        Variant::ALL
            .into_iter()
            .filter(|&v| h.state().painted_layers().contains(&Layer::Path(v)))
            .collect()
    };
    assert_eq!(painted_paths(&h), [Variant::Funnel, Variant::Tangent]);
    for layer in [Layer::FreeSpace, Layer::Mesh, Layer::Corridor] {
        assert!(h.state().painted_layers().contains(&layer), "{layer:?}");
    }
    assert!(!h.state().painted_layers().contains(&Layer::Portals));
    // The "all" preset shows every variant; each is in the legend.
    h.get_by_label("all").click();
    h.run();
    assert_eq!(painted_paths(&h), Variant::ALL);
    for v in Variant::ALL {
        h.get_by_label(&Layer::Path(v).name());
    }
    h.get_by_label("authoring").click();
    h.run();
    assert!(painted_paths(&h).is_empty());
    assert!(!h.state().painted_layers().contains(&Layer::Corridor));
    assert!(h.state().painted_layers().contains(&Layer::Mesh));
    // The canvas culls its own items: egui does not measure every mesh vertex again.
    assert!(
        !h.ctx
            .tessellation_options(|o| o.coarse_tessellation_culling)
    );
}

#[test]
fn alt_click_on_a_layer_shows_it_alone() {
    let mut h = editor(&FakeDialogs::default());
    let name = Layer::Path(Variant::Optimal).name();
    h.get_by_label(&name).scroll_to_me();
    h.run();
    h.get_by_label(&name).click_modifiers(Modifiers::ALT);
    h.run();
    let painted = h.state().painted_layers();
    assert!(painted.contains(&Layer::Path(Variant::Optimal)));
    let others: Vec<&Layer> = painted
        .iter()
        .filter(|&&l| l != Layer::Path(Variant::Optimal) && l != Layer::Overlay)
        .collect();
    assert!(others.is_empty(), "{others:?}");
}

#[test]
fn drawing_an_obstacle_by_clicks_rebuilds_the_mesh() {
    let mut h = editor(&FakeDialogs::default());
    let before = h.state().triangle_count();
    let obstacles = h.state().document().scene().obstacles.len();
    draw_polygon(&mut h, &[(30.0, 21.0), (34.0, 21.0), (32.0, 25.0)]);
    let scene = h.state().document().scene();
    assert_eq!(scene.obstacles.len(), obstacles + 1);
    assert_eq!(scene.obstacles[obstacles].ring.len(), 3);
    assert!(
        h.state()
            .built()
            .is_some_and(|b| b.revision == h.state().document().revision())
    );
    assert_ne!(h.state().triangle_count(), before);
}

/// A press and a release at `at`, a frame each.
fn quick_click(h: &mut Harness<'_, App>, at: Pos2) {
    h.hover_at(at);
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        h.step();
    }
}

#[test]
fn a_double_click_after_quick_clicks_adds_the_clicked_point_and_closes_the_polygon() {
    // Frames at 60 Hz: the clicks below all fall within egui's 0.3 s double-click delay, so
    // the closing double-click arrives as what egui calls a triple-click.
    let mut h = editor_stepping(&FakeDialogs::default(), None, 1.0 / 60.0);
    let obstacles = h.state().document().scene().obstacles.len();
    h.get_by_label("Polygon obstacle").click();
    h.run();
    let corners = [(30.0, 21.0), (34.0, 21.0), (32.0, 25.0)].map(|(x, y)| screen(&h, x, y));
    let expected = corners.map(|c| world_at(&h, c));
    quick_click(&mut h, corners[0]);
    quick_click(&mut h, corners[1]);
    quick_click(&mut h, corners[2]);
    quick_click(&mut h, corners[2]);
    h.run();
    let scene = h.state().document().scene();
    assert_eq!(
        scene.obstacles.len(),
        obstacles + 1,
        "the polygon was closed"
    );
    let ring = scene.obstacles[obstacles].ring.points();
    assert_eq!(ring.len(), 3, "{ring:?}");
    for (corner, want) in ring.iter().zip(expected) {
        assert!(corner.distance(want) < 0.5, "{ring:?} vs {expected:?}");
    }
}

#[test]
fn a_fixed_grid_step_is_what_clicks_snap_to() {
    let mut h = editor(&FakeDialogs::default());
    let obstacles = h.state().document().scene().obstacles.len();
    h.key_press(Key::S); // snap on
    h.run();
    h.get_by_label("Fixed grid step").click();
    h.run();
    assert_eq!(h.state().settings().grid_step, Some(1.0));
    set_number(&mut h, "step", 0.25);
    assert_eq!(h.state().settings().grid_step, Some(0.25));
    draw_polygon(&mut h, &[(30.37, 21.05), (34.12, 21.38), (32.13, 24.88)]);
    let scene = h.state().document().scene();
    assert_eq!(scene.obstacles.len(), obstacles + 1);
    let got = scene.obstacles[obstacles].ring.points().to_vec();
    let want = [(30.25, 21.0), (34.0, 21.5), (32.25, 25.0)].map(|(x, y)| Point::new(x, y));
    assert_eq!(got, want);
}

/// Draws the triangle (30, 21), (34, 21), (32, 25), then takes the Select tool.
fn draw_triangle_then_select(h: &mut Harness<'_, App>) {
    draw_polygon(h, &[(30.0, 21.0), (34.0, 21.0), (32.0, 25.0)]);
    h.key_press(Key::V);
    h.run();
}

#[test]
fn the_inspector_header_shows_the_name_and_a_list_index_that_cannot_be_mixed_up() {
    let mut h = editor(&FakeDialogs::default());
    let index = h.state().document().scene().obstacles.len();
    draw_triangle_then_select(&mut h);
    let inside = screen(&h, 32.0, 22.5);
    click(&mut h, inside);
    assert_eq!(h.state().selection().ring(), Some(RingRef::Obstacle(index)));
    // The new obstacle's default name counts from 1, the list index from 0: the header must
    // not print them side by side as "obstacle 13 \"obstacle 14\"".
    let name = h.state().document().scene().obstacles[index].name.clone();
    assert_eq!(name, format!("obstacle {}", index + 1));
    h.get_by_label(&name);
    h.get_by_label(&format!("obstacle, obstacles[{index}] in the scene"));
    assert!(
        h.query_by_label_contains(&format!("obstacle {index} \""))
            .is_none(),
        "the header still mixes the index and the name"
    );
}

#[test]
fn dragging_the_goal_changes_the_path_and_one_undo_reverts_the_whole_drag() {
    let mut h = editor(&FakeDialogs::default());
    let query = h.state().document().scene().queries[0].clone();
    let length = funnel_length(&h);
    let from = screen(&h, query.goal.x, query.goal.y);
    let to = screen(&h, 33.0, 3.0);
    drag(&mut h, from, to);
    let moved = h.state().document().scene().queries[0].goal;
    assert!(
        moved.distance(Point::new(33.0, 3.0)) < 0.2,
        "goal at {moved}"
    );
    assert!(
        (funnel_length(&h) - length).abs() > 1.0,
        "the path did not change"
    );
    assert!(h.state().document().is_dirty());

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().document().scene().queries[0], query);
    assert!(!h.state().document().is_dirty());
    assert!((funnel_length(&h) - length).abs() < 1e-9);

    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(h.state().document().scene().queries[0].goal, moved);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(h.state().document().scene().queries[0].goal, moved);
}

#[test]
fn dragging_an_obstacle_moves_it_as_one_step() {
    let mut h = editor(&FakeDialogs::default());
    let scene = h.state().document().scene().clone();
    let crate_index = scene
        .obstacles
        .iter()
        .position(|o| o.name == "crate")
        .expect("the example has a crate");
    let from = screen(&h, 6.5, 7.0);
    let to = screen(&h, 9.5, 8.0);
    drag(&mut h, from, to);
    assert_eq!(
        h.state().selection().ring(),
        Some(RingRef::Obstacle(crate_index))
    );
    let moved = &h.state().document().scene().obstacles[crate_index].ring;
    let shift = moved.points()[0] - scene.obstacles[crate_index].ring.points()[0];
    assert!(
        shift.distance(Point::new(3.0, 1.0)) < 0.1,
        "moved by {shift}"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(h.state().document().scene(), &scene);
}

#[test]
fn toggling_a_layer_hides_it() {
    let mut h = editor(&FakeDialogs::default());
    assert!(h.state().painted_layers().contains(&Layer::Corridor));
    h.get_by_label("corridor").scroll_to_me();
    h.run();
    h.get_by_label("corridor").click();
    h.run();
    assert!(!h.state().settings().is_visible(Layer::Corridor));
    assert!(!h.state().painted_layers().contains(&Layer::Corridor));
    assert!(h.state().painted_layers().contains(&Layer::Mesh));
    h.get_by_label("corridor").click();
    h.run();
    assert!(h.state().painted_layers().contains(&Layer::Corridor));
}

#[test]
fn a_bad_file_shows_the_error_and_keeps_the_scene() {
    let dialogs = FakeDialogs::default();
    let mut h = editor(&dialogs);
    let scene = h.state().document().scene().clone();
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(
        &bad,
        r#"{"format": "navscope-scene", "version": 1, "walkable": [[[0,0],[1,"#,
    )
    .unwrap();
    dialogs.answer(&bad);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert_eq!(dialogs.asked.lock().unwrap().as_slice(), &[FileKind::Scene]);
    let (level, message) = h.state().status().message().expect("an error is shown");
    assert_eq!(level, navscope::app::status::Level::Error);
    assert!(message.contains("bad.json"), "{message}");
    assert_eq!(h.state().document().scene(), &scene);
    assert!(h.state().triangle_count().is_some());
    // In a dialog until dismissed, and in the status bar.
    h.get_by_label_contains("Could not open");
    h.get_by_label("OK").click();
    h.run();
    assert!(h.query_by_label_contains("Could not open").is_none());
    h.get_by_label_contains("bad.json");
}

#[test]
fn a_bad_file_on_the_command_line_shows_its_error_in_a_dialog() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("broken.json");
    std::fs::write(&bad, "{\"format\": \"navscope-scene\", \"version\": 7}").unwrap();
    let mut h = editor_on(&FakeDialogs::default(), Some(bad));
    h.get_by_label_contains("Could not open");
    let message = h
        .state()
        .status()
        .message()
        .expect("the error")
        .1
        .to_string();
    assert!(message.contains("broken.json"), "{message}");
    // The example stays open.
    assert_eq!(h.state().document().name(), "example");
    h.get_by_label("OK").click();
    h.run();
    assert!(h.query_by_label_contains("Could not open").is_none());
}

#[test]
fn save_as_writes_a_file_that_loads_back_identically() {
    let dialogs = FakeDialogs::default();
    let mut h = editor(&dialogs);
    h.get_by_label("Rectangle obstacle").click();
    h.run();
    let (from, to) = (screen(&h, 30.0, 21.0), screen(&h, 33.0, 24.0));
    drag(&mut h, from, to);
    assert!(h.state().document().is_dirty());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("saved.json");
    dialogs.answer(&path);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    assert_eq!(dialogs.asked.lock().unwrap().as_slice(), &[FileKind::Scene]);
    assert!(!h.state().document().is_dirty());
    assert_eq!(h.state().document().path(), Some(path.as_path()));
    let loaded = navscope::scene::load(&path).expect("the saved file loads");
    assert_eq!(&loaded, h.state().document().scene());
    assert_eq!(h.state().settings().recent.first(), Some(&path));
}

#[test]
fn opening_with_unsaved_changes_asks_first() {
    let dialogs = FakeDialogs::default();
    let mut h = editor(&dialogs);
    h.key_press(Key::Delete); // nothing selected: no change
    let crate_at = screen(&h, 6.5, 7.0);
    click(&mut h, crate_at);
    h.key_press(Key::Delete);
    h.run();
    assert!(h.state().document().is_dirty());
    let other = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes/maze.json");
    dialogs.answer(&other);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert!(
        dialogs.asked.lock().unwrap().is_empty(),
        "asked for a file before the unsaved question"
    );
    h.get_by_label("Discard").click();
    h.run();
    assert_eq!(h.state().document().path(), Some(other.as_path()));
    assert!(!h.state().document().is_dirty());
}

/// A half-drawn shape is work too: New asks before it drops the clicked points, Cancel keeps
/// them (Enter then closes the shape), and measured points are not asked about.
#[test]
fn new_with_a_shape_half_drawn_asks_first() {
    let dialogs = FakeDialogs::default();
    let mut h = editor(&dialogs);
    let before = h.state().document().scene().obstacles.len();
    h.get_by_label("Polygon obstacle").click();
    h.run();
    for (x, y) in [(30.0, 21.0), (34.0, 21.0), (32.0, 24.0)] {
        let at = screen(&h, x, y);
        click(&mut h, at);
    }
    assert!(
        !h.state().document().is_dirty(),
        "three clicks add nothing yet"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert!(
        h.query_by_label_contains("A shape is being drawn")
            .is_some(),
        "New asked nothing about the half-drawn shape"
    );
    assert!(
        h.query_by_label("Save").is_none(),
        "a half-drawn shape cannot be saved"
    );
    h.get_by_label("Cancel").click();
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().document().scene().obstacles.len(), before + 1);
    // Now the scene has unsaved changes; discarded, New starts an empty room.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert!(h.query_by_label_contains("has unsaved changes").is_some());
    h.get_by_label("Discard").click();
    h.run();
    assert!(
        h.state().document().scene().obstacles.is_empty(),
        "New did not start a scene"
    );
    h.get_by_label("Measure").click();
    h.run();
    for (x, y) in [(3.0, 3.0), (6.0, 6.0)] {
        let at = screen(&h, x, y);
        click(&mut h, at);
    }
    // Measured points are not work.
    let said = h.state().status().said();
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    assert!(
        h.query_by_label("Discard").is_none(),
        "asked about measured points"
    );
    assert!(h.state().status().said() > said, "New said nothing");
    assert_eq!(h.state().status().message().map(|m| m.1), Some("new scene"));
}

#[test]
fn a_drag_shows_a_preview_build_and_the_release_the_exact_one() {
    let mut h = editor(&FakeDialogs::default());
    let (from, to) = (screen(&h, 6.5, 7.0), screen(&h, 9.5, 8.0));
    h.hover_at(from);
    h.drag_at(from);
    h.run_steps(2);
    h.hover_at(to);
    h.run_steps(2); // a held drag keeps repainting
    let during = h.state().built().cloned().expect("a build is shown");
    assert!(during.preview, "a build during the drag is a preview");
    assert_eq!(during.revision, h.state().document().revision());
    h.drop_at(to);
    h.run();
    let after = h.state().built().cloned().expect("a build is shown");
    assert!(!after.preview, "the release rebuilds exactly");
    assert_eq!(after.revision, during.revision);
    let analysis = h.state().analysis().expect("a query is shown");
    assert!(analysis.answer.path(Variant::Funnel).is_some());
}

#[test]
fn saving_over_a_0644_file_keeps_0644() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o7777;
    let dialogs = FakeDialogs::default();
    let mut h = editor(&dialogs);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.json");
    std::fs::write(&path, "old").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    // Save As over the existing file...
    dialogs.answer(&path);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    assert_eq!(h.state().document().path(), Some(path.as_path()));
    assert_eq!(mode(&path), 0o644);
    // ... and Save after an edit.
    let crate_at = screen(&h, 6.5, 7.0);
    click(&mut h, crate_at);
    h.key_press(Key::Delete);
    h.run();
    assert!(h.state().document().is_dirty());
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(!h.state().document().is_dirty());
    assert_eq!(mode(&path), 0o644);
    let saved = navscope::scene::load(&path).expect("the saved file loads");
    assert_eq!(
        saved.obstacles.len(),
        h.state().document().scene().obstacles.len()
    );
    // A mode the umask would not give is kept too.
    let private = dir.path().join("private.json");
    std::fs::write(&private, "old").unwrap();
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o640)).unwrap();
    dialogs.answer(&private);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    assert_eq!(h.state().document().path(), Some(private.as_path()));
    assert_eq!(mode(&private), 0o640);
}

/// A press and a release at `at`, both in the next frame.
fn single_click_events(h: &mut Harness<'_, App>, at: Pos2) {
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
}

/// egui asks for one more frame after any frame with input events (`InputState::
/// wants_repaint_after`, requested from its `context.rs`); nothing else may.
fn only_egui_input_repaint(h: &Harness<'_, App>) {
    let causes = h.ctx.repaint_causes();
    assert!(
        causes
            .iter()
            .all(|c| c.file.ends_with("egui-0.37.0/src/context.rs")),
        "repaints requested besides egui's input follow-up: {causes:?}"
    );
}

#[test]
fn a_click_on_the_canvas_is_drawn_in_one_frame() {
    let mut h = editor(&FakeDialogs::default());
    h.get_by_label("Start / goal").click();
    h.run();
    let first = screen(&h, 30.0, 20.0);
    click(&mut h, first); // the document is now edited: its title has changed
    let at = screen(&h, 33.0, 3.0);
    h.hover_at(at);
    h.run();
    single_click_events(&mut h, at);
    h.step();
    let start = h.state().document().scene().queries[0].start;
    assert!(
        start.distance(Point::new(33.0, 3.0)) < 0.2,
        "start at {start}"
    );
    let shown = h.state().analysis().expect("a query is shown");
    assert_eq!(shown.answer.start, start);
    // The panels drawn in that same frame show the new query.
    let length = funnel_length(&h);
    let text = format!("{length:.3}");
    assert!(
        h.query_all_by_label(&text).count() > 0,
        "no {text} in the metrics"
    );
    // The frames egui adds after input change nothing and nobody else asks for one.
    let revision = h.state().document().revision();
    for _ in 0..4 {
        only_egui_input_repaint(&h);
        h.step();
    }
    assert!(
        h.ctx.repaint_causes().is_empty(),
        "the editor kept repainting"
    );
    assert_eq!(h.state().document().revision(), revision);
}

#[test]
fn the_coordinate_readout_follows_the_pointer_in_the_same_frame() {
    let mut h = editor(&FakeDialogs::default());
    let at = screen(&h, 12.0, 5.0);
    h.hover_at(at);
    h.step();
    let cursor = h.state().cursor().expect("the pointer is over the canvas");
    assert!(cursor.distance(Point::new(12.0, 5.0)) < 0.1, "{cursor}");
    let text = format!("x {:.3}  y {:.3}", cursor.x, cursor.y);
    h.get_by_label(&text);
}

/// The world point under the pointer, read back from the screen transform.
fn world_at(h: &Harness<'_, App>, at: Pos2) -> Point {
    let one = h.state().to_screen(Point::new(1.0, 0.0)).unwrap();
    let zero = h.state().to_screen(Point::new(0.0, 0.0)).unwrap();
    let scale = (one.x - zero.x) as f64;
    Point::new(
        (at.x - zero.x) as f64 / scale,
        -(at.y - zero.y) as f64 / scale,
    )
}

#[test]
fn the_world_under_the_pointer_stays_when_the_bottom_panel_shows_a_diagnosis() {
    let mut h = editor(&FakeDialogs::default());
    h.get_by_label("Start / goal").click();
    h.run();
    let inside_the_table = screen(&h, 20.5, 9.5);
    h.hover_at(inside_the_table);
    h.run();
    let before = world_at(&h, inside_the_table);
    single_click_events(&mut h, inside_the_table); // the start inside an obstacle: no path
    h.run();
    let analysis = h.state().analysis().expect("a query is shown");
    assert_ne!(analysis.answer.status(), navscope::nav::Status::Found);
    let after = world_at(&h, inside_the_table);
    assert!(before.distance(after) < 1e-3, "{before} moved to {after}");
}

#[test]
fn resizing_the_window_keeps_the_world_under_the_pointer() {
    let mut h = editor(&FakeDialogs::default());
    let at = screen(&h, 10.0, 10.0);
    h.hover_at(at);
    h.run();
    h.set_size(egui::vec2(1100.0, 700.0));
    h.run();
    let after = world_at(&h, at);
    assert!(
        after.distance(Point::new(10.0, 10.0)) < 1e-3,
        "(10, 10) moved to {after}"
    );
}

/// The editor with file dialogs that cannot open, after Ctrl+Shift+S (Save As).
fn save_as_without_a_system_dialog() -> (FakeDialogs, Harness<'static, App>) {
    let dialogs = FakeDialogs {
        broken: true,
        ..FakeDialogs::default()
    };
    let mut h = editor(&dialogs);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    (dialogs, h)
}

#[test]
fn without_a_system_dialog_save_as_asks_for_the_path_in_the_app() {
    let (dialogs, mut h) = save_as_without_a_system_dialog();
    let (level, message) = h.state().status().message().expect("the failure is shown");
    assert_eq!(level, navscope::app::status::Level::Error);
    assert!(message.contains("type the path"), "{message}");
    let dir = tempfile::tempdir().unwrap();
    let typed = dir.path().join("typed"); // no extension: .json is added
    set_text(&mut h, "Path", &typed.display().to_string());
    h.get_by_label("OK").click();
    h.run();
    let saved = dir.path().join("typed.json");
    assert_eq!(h.state().document().path(), Some(saved.as_path()));
    assert!(!h.state().document().is_dirty());
    let loaded = navscope::scene::load(&saved).expect("the saved file loads");
    assert_eq!(&loaded, h.state().document().scene());
    // The next Save As starts in the document's folder.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    let dirs = dialogs.dirs.lock().unwrap().clone();
    assert_eq!(dirs, vec![None, Some(dir.path().to_path_buf())]);
}

/// A message longer than the status bar is cut short before the readouts on its right, not
/// drawn under them.
#[test]
fn a_long_status_message_stops_short_of_the_readouts() {
    let (_dialogs, mut h) = save_as_without_a_system_dialog();
    let dir = tempfile::tempdir().unwrap();
    let typed = dir.path().join("a".repeat(200));
    set_text(&mut h, "Path", &typed.display().to_string());
    h.get_by_label("OK").click();
    h.run();
    let message = h.state().status().message().expect("saved").1.to_string();
    assert!(message.len() > 200, "{message}");
    let shown = h.get_by_label(&message).rect();
    let build = h.get_by_label_contains("triangles, built in").rect();
    assert!(
        shown.max.x < build.min.x && shown.width() > 100.0,
        "the message {shown:?} runs under the build readout {build:?}"
    );
}

/// Enter in the typed-path field does what OK does, as in any file dialog.
#[test]
fn enter_in_the_typed_path_field_saves() {
    let (_, mut h) = save_as_without_a_system_dialog();
    let dir = tempfile::tempdir().unwrap();
    set_text(
        &mut h,
        "Path",
        &dir.path().join("entered").display().to_string(),
    );
    h.key_press(Key::Enter);
    h.run();
    let saved = dir.path().join("entered.json");
    assert_eq!(h.state().document().path(), Some(saved.as_path()));
    assert!(saved.exists());
}

/// The typed-path field asks before it replaces a file, as a system save dialog does (Save
/// As onto another level replaced it without a word), and refuses a folder (`work/` saved
/// `work.json` beside it).
#[test]
fn the_typed_path_asks_before_replacing_a_file_and_refuses_a_folder() {
    let (_, mut h) = save_as_without_a_system_dialog();
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.json");
    std::fs::write(&other, "the other level").unwrap();
    let folder = format!("{}/", dir.path().display());
    set_text(&mut h, "Path", &folder);
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().document().path(), None);
    h.get_by_label_contains("is a folder: add a file name");
    set_text(
        &mut h,
        "Path",
        &dir.path().join("other").display().to_string(),
    );
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "the other level");
    h.get_by_label_contains("other.json already exists. Replace it?");
    h.get_by_label("Replace").click();
    h.run();
    assert_eq!(h.state().document().path(), Some(other.as_path()));
    let loaded = navscope::scene::load(&other).expect("replaced by the scene");
    assert_eq!(&loaded, h.state().document().scene());
}

/// A message is about the scene as it was: "saved" stayed up over a drag of the goal that
/// left the scene unsaved. An edit that says nothing of its own clears it; one that does
/// (a deletion) says its own.
#[test]
fn an_edit_that_says_nothing_clears_the_last_message() {
    let dialogs = FakeDialogs::default();
    let mut h = editor(&dialogs);
    let dir = tempfile::tempdir().unwrap();
    dialogs.answer(&dir.path().join("level.json"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let (_, message) = h.state().status().message().expect("the save is reported");
    assert!(message.starts_with("saved"), "{message}");
    let goal = h.state().document().scene().queries[0].goal;
    let (from, to) = (screen(&h, goal.x, goal.y), screen(&h, 33.0, 3.0));
    drag(&mut h, from, to);
    assert!(h.state().document().is_dirty());
    assert_eq!(
        h.state().status().message(),
        None,
        "a stale message stays up"
    );
    draw_triangle_then_select(&mut h);
    let (_, message) = h
        .state()
        .status()
        .message()
        .expect("the addition is reported");
    assert!(message.starts_with("added obstacle"), "{message}");
}

fn example_without_queries(dir: &Path) -> std::path::PathBuf {
    let mut scene =
        navscope::scene::from_json(navscope::app::EXAMPLE_SCENE.as_bytes(), "example").unwrap();
    scene.queries.clear();
    let path = dir.join("no-query.json");
    navscope::scene::save(&scene, &path).unwrap();
    path
}

#[test]
fn a_scene_without_a_query_says_so_and_never_prints_a_negative_zero() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor_on(
        &FakeDialogs::default(),
        Some(example_without_queries(dir.path())),
    );
    assert!(h.state().triangle_count().is_some());
    assert!(h.query_all_by_label_contains("No query yet").count() > 0);
    assert_eq!(h.query_all_by_label_contains("No navmesh yet").count(), 0);
    h.get_by_label("Start / goal").click();
    h.run();
    let at = screen(&h, 10.0, 10.0);
    click(&mut h, at);
    assert_eq!(h.state().document().scene().queries.len(), 1);
    assert!(h.state().analysis().is_some());
    h.get_by_label_contains("excess over optimal");
    assert_eq!(
        h.query_all_by_label_contains("-0.0").count(),
        0,
        "a negative zero is shown"
    );
}

#[test]
fn excess_is_measured_against_optimal_and_every_bar_is_labelled() {
    let h = editor(&FakeDialogs::default());
    let analysis = h.state().analysis().expect("the example query is shown");
    let optimal = analysis
        .answer
        .path(Variant::Optimal)
        .expect("an optimal path")
        .length;
    for (variant, m) in &analysis.answer.metrics {
        let excess = m.excess.expect("measured against optimal");
        assert!((excess - (m.length / optimal - 1.0)).abs() < 1e-12, "{m:?}");
        // Named in the table and beside its bar.
        let named = h.query_all_by_label(variant.name()).count();
        assert!(named >= 2, "{} is named {named} times", variant.name());
    }
    h.get_by_label("baseline"); // the optimal row
    h.get_by_label_contains("excess over optimal");
}

#[test]
fn the_radius_slider_moves_in_fine_steps_over_the_scenes_range() {
    let mut h = editor(&FakeDialogs::default());
    let before = h.state().document().scene().agent_radius;
    let slider = h.get_by_role_and_label(egui::accesskit::Role::Slider, "Agent radius");
    let knob_x = slider.rect().left() + slider.rect().width() * (before / 5.0) as f32;
    let from = Pos2::new(knob_x, slider.rect().center().y);
    drag(&mut h, from, from + egui::vec2(20.0, 0.0));
    let after = h.state().document().scene().agent_radius;
    assert!(
        after > before,
        "the drag did not change r ({before} -> {after})"
    );
    assert!(
        after - before < 1.0,
        "20 px moved r from {before} to {after}"
    );
}

#[test]
fn deleting_a_corner_of_a_triangle_says_the_obstacle_went() {
    let mut h = editor(&FakeDialogs::default());
    let obstacles = h.state().document().scene().obstacles.len();
    draw_triangle_then_select(&mut h);
    let corner = screen(&h, 34.0, 21.0);
    click(&mut h, corner);
    assert!(matches!(
        h.state().selection(),
        navscope::app::selection::Selection::Corner(_)
    ));
    h.key_press(Key::Delete);
    h.run();
    assert_eq!(h.state().document().scene().obstacles.len(), obstacles);
    let (_, message) = h
        .state()
        .status()
        .message()
        .expect("the deletion is reported");
    // Named as it was added: by its name alone, never its list index beside a name that
    // counts from 1 ("obstacle 13 \"obstacle 14\""); the corner by its number in the
    // inspector's list of points, from 0.
    let name = format!("obstacle {}", obstacles + 1);
    assert_eq!(
        message,
        format!("deleted obstacle \"{name}\" with its corner 1: a ring needs three corners")
    );
}

#[test]
fn cost_areas_are_drawn_tinted_with_a_legend_and_the_tool_adds_one_to_set_in_the_inspector() {
    let mud = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes/mud.json");
    let mut h = editor_on(&FakeDialogs::default(), Some(mud));
    assert!(h.state().painted_layers().contains(&Layer::Costs));
    h.get_by_label(&Layer::Costs.name()); // in the legend, with its scale
    h.get_by_label("x5");
    // The metrics table has a cost column: 2 of the 36 through the mud cost 5.
    h.get_by_label("cost");
    assert!(h.query_all_by_label("44.000").next().is_some());

    h.get_by_label("Cost area").click();
    h.run();
    for (x, y) in [(5.0, 5.0), (10.0, 5.0), (7.0, 9.0)] {
        let at = screen(&h, x, y);
        click(&mut h, at);
    }
    h.key_press(Key::Enter);
    h.run();
    let scene = h.state().document().scene();
    assert_eq!(scene.costs.len(), 2);
    assert_eq!(scene.costs[1].ring.len(), 3);
    assert_eq!(h.state().selection().ring(), Some(RingRef::Cost(1)));
    h.get_by_label("Cost"); // the inspector's field
    assert!(
        h.state()
            .built()
            .is_some_and(|b| b.revision == h.state().document().revision())
    );
}
