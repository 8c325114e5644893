//! An engine's navmesh opened in the editor as it is (issue 12): File > Open and drag and drop
//! of a navmesh file give a fixed-navmesh document whose polygons are the navmesh, queries run
//! on it, area tools are off with the reason shown, and Convert to scene makes it editable.

mod gui_harness;

use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, editor_on, menu_item, screen};
use navscope::app::App;
use navscope::app::tools::Tool;
use navscope::geom::Point;
use navscope::nav::{Status, Variant};
use std::path::{Path, PathBuf};

/// An L of three unit squares, as OBJ faces in the y = 0 plane (the point (x, y) is the vertex
/// (x, 0, -y)): [0,1]x[0,1], [1,2]x[0,1] and [1,2]x[1,2]. Six triangles once split, where a
/// scene of the same outline triangulates into four.
const L_OBJ: &str = "\
v 0 0 0\nv 1 0 0\nv 2 0 0\nv 0 0 -1\nv 1 0 -1\nv 2 0 -1\nv 1 0 -2\nv 2 0 -2\n\
f 1 2 5 4\nf 2 3 6 5\nf 5 6 8 7\n";

fn l_file(dir: &Path) -> PathBuf {
    let path = dir.join("level.obj");
    std::fs::write(&path, L_OBJ).unwrap();
    path
}

/// Press and release at one place, a frame each, with `modifiers` held.
fn click(h: &mut Harness<'_, App>, at: Pos2, modifiers: Modifiers) {
    h.event(egui::Event::ModifiersChanged(modifiers));
    h.hover_at(at);
    h.event(egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers,
    });
    h.run();
    h.event(egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers,
    });
    h.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    h.run();
}

/// A file dropped on the window, as the windowing integration hands it to egui.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

/// The status bar's message, or nothing.
fn status_text(h: &Harness<'_, App>) -> String {
    h.state()
        .status()
        .message()
        .map_or(String::new(), |(_, m)| m.to_string())
}

fn is_fixed(h: &Harness<'_, App>) -> bool {
    h.state().fixed_navmesh().is_some()
}

#[test]
fn file_open_of_a_navmesh_shows_its_polygons_and_answers_queries_on_them() {
    let dir = tempfile::tempdir().unwrap();
    let file = l_file(dir.path());
    let dialogs = FakeDialogs::default();
    let mut h = editor_on(&dialogs, None);
    dialogs.answer(&file);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O); // File > Open…
    h.run();
    assert_eq!(
        h.state().fixed_navmesh().map(|f| f.name()),
        Some("level.obj".into())
    );
    assert_eq!(
        h.state().triangle_count(),
        Some(6),
        "the three squares are kept, each split in two"
    );
    assert!(h.query_by_label_contains("Area tools are off").is_some());

    // Start / goal placed with the query tool: the path bends round the inner corner (1, 1).
    h.key_press(Key::Q);
    h.run();
    assert_eq!(h.state().tool(), Tool::Query);
    let start = screen(&h, 0.5, 0.5);
    click(&mut h, start, Modifiers::NONE);
    let goal = screen(&h, 1.5, 1.8);
    click(&mut h, goal, Modifiers::SHIFT);
    let query = h.state().document().scene().queries[0].clone();
    assert!(
        query.start.distance(Point::new(0.5, 0.5)) < 0.05,
        "{query:?}"
    );
    assert!(
        query.goal.distance(Point::new(1.5, 1.8)) < 0.05,
        "{query:?}"
    );
    let corner = Point::new(1.0, 1.0);
    let expected = query.start.distance(corner) + corner.distance(query.goal);
    let analysis = h.state().analysis().expect("the query is analysed");
    assert_eq!(analysis.answer.status(), Status::Found);
    let funnel = analysis
        .answer
        .path(Variant::Funnel)
        .expect("a funnel path");
    assert!(
        (funnel.length - expected).abs() < 1e-9,
        "{} vs {expected}",
        funnel.length
    );

    // A goal in the L's missing square is outside the navmesh, and the diagnosis says so.
    let outside = screen(&h, 0.5, 1.5);
    click(&mut h, outside, Modifiers::SHIFT);
    let analysis = h.state().analysis().expect("the query is analysed");
    assert_eq!(analysis.answer.status(), Status::GoalOutside);
    assert!(analysis.answer.diagnosis.is_some());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();

    // Area tools are refused, naming the reason; the areas stay as they were.
    let areas = h.state().document().scene().areas().len();
    h.key_press(Key::P);
    h.run();
    assert_eq!(h.state().tool(), Tool::Query);
    let message = status_text(&h);
    assert!(
        message.contains("fixed navmesh") && message.contains("Convert to scene"),
        "{message}"
    );
    h.key_press(Key::V);
    h.run();
    // A drag over the outline's corner moves nothing in a fixed navmesh.
    let from = screen(&h, 2.0, 0.0);
    let to = screen(&h, 3.0, -1.0);
    h.drag_at(from);
    h.hover_at(to);
    h.drop_at(to);
    h.run();
    assert_eq!(h.state().document().scene().areas().len(), areas);
    assert_eq!(h.state().triangle_count(), Some(6));
    assert!(
        !h.state().document().scene().walkable[0]
            .points()
            .contains(&Point::new(3.0, -1.0))
    );

    // New with the query changed asks first, with no Save (which could only fail): the
    // changes are discarded, or kept by cancelling.
    assert!(h.state().document().is_dirty());
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run();
    h.get_by_label_contains("its query changes cannot be saved");
    assert!(
        h.query_by_label("Save").is_none(),
        "a Save that cannot succeed"
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert!(is_fixed(&h));

    // Convert to scene: the free space becomes areas built as a scene, and tools edit it.
    h.get_by_label("Convert to scene").click();
    h.run();
    h.run();
    assert!(!is_fixed(&h));
    assert_eq!(
        h.state().triangle_count(),
        Some(4),
        "the outline is triangulated afresh"
    );
    let area = h.state().built().expect("a build").build.mesh.area();
    assert!((area - 3.0).abs() < 1e-9, "{area}");
    assert!(h.query_by_label_contains("Area tools are off").is_none());
    h.key_press(Key::P);
    h.run();
    assert_eq!(h.state().tool(), Tool::Polygon);
}

#[test]
fn a_dropped_navmesh_file_opens_fixed_and_a_scene_file_does_not() {
    let dir = tempfile::tempdir().unwrap();
    let file = l_file(dir.path());
    let mut h = editor_on(&FakeDialogs::default(), None);
    let drop = |h: &mut Harness<'_, App>, path: &Path| {
        let file: egui::DroppedFileHandle = std::sync::Arc::new(Dropped(path.to_path_buf()));
        h.input_mut().dropped_files.push(file);
        h.run();
        h.run();
    };
    drop(&mut h, &file);
    assert!(is_fixed(&h));
    assert_eq!(
        h.state().document().name(),
        "level.obj",
        "titled by its file"
    );
    assert!(
        h.state().document().path().is_none(),
        "saving never writes over it"
    );
    assert_eq!(h.state().triangle_count(), Some(6));
    let analysis = h
        .state()
        .analysis()
        .expect("a query across the mesh is made");
    assert_eq!(analysis.answer.status(), Status::Found);

    // Saving it as a scene is refused until it is converted.
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    let message = status_text(&h);
    assert!(message.contains("Convert to scene"), "{message}");

    // A broken navmesh file is refused, naming the file and line; the document stays.
    let broken = dir.path().join("broken.obj");
    std::fs::write(&broken, "v 0 0 0\nf 1 2 3\n").unwrap();
    drop(&mut h, &broken);
    let message = status_text(&h);
    assert!(
        message.contains("broken.obj") && message.contains("line 2"),
        "{message}"
    );
    assert_eq!(h.state().document().name(), "level.obj");
    h.key_press(Key::Escape);
    h.run();

    let scene = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes/u_turn.json");
    drop(&mut h, &scene);
    assert!(!is_fixed(&h), "a scene file opens as a scene");
    assert_eq!(h.state().document().name(), "u_turn.json");
}

#[test]
fn a_polyanya_mesh_opens_fixed_through_open_navmesh_and_as_a_scene_through_open() {
    let dir = tempfile::tempdir().unwrap();
    let (polygons, _) = navscope::import::load_polygon_mesh(&l_file(dir.path())).unwrap();
    let file = dir.path().join("level.mesh");
    std::fs::write(&file, navscope::export::polyanya_mesh(&polygons)).unwrap();
    let dialogs = FakeDialogs::default();
    let mut h = editor_on(&dialogs, None);
    dialogs.answer(&file);
    menu_item(&mut h, "File", "Open navmesh…");
    assert_eq!(
        h.state().fixed_navmesh().map(|f| f.name()),
        Some("level.mesh".into())
    );
    assert_eq!(h.state().triangle_count(), Some(6));

    dialogs.answer(&file);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    assert!(!is_fixed(&h), "Open imports a .mesh as a scene");
    assert_eq!(h.state().triangle_count(), Some(4));
}
