//! The editor's diagnoses, driven through egui_kittest: snapping an outside start, the
//! unreachable picture, the why-not-shortest layer, and saving the query as a test case.

mod gui_harness;

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, editor_on};
use navscope::app::FileKind;
use navscope::geom::Point;
use navscope::nav::{Status, Variant};
use navscope::scenario::{Scenario, SceneSource};
use navscope::scene::generate::rect;
use navscope::scene::{self, Obstacle, ObstacleId, Query, Scene};
use navscope::viz::{Layer, Primitive, Style};
use std::path::{Path, PathBuf};

/// A 20 x 20 room with a 4 x 4 pillar; the start (9, 10.5) is inside the pillar.
fn pillar_file(dir: &Path) -> PathBuf {
    let s = Scene {
        agent_radius: 0.5,
        walkable: vec![rect(0.0, 0.0, 20.0, 20.0)],
        obstacles: vec![Obstacle {
            id: ObstacleId(0),
            name: "pillar".into(),
            ring: rect(8.0, 8.0, 12.0, 12.0),
        }],
        queries: vec![Query {
            name: "q".into(),
            start: Point::new(9.0, 10.5),
            goal: Point::new(18.0, 18.0),
        }],
        ..Default::default()
    };
    let path = dir.join("pillar.json");
    std::fs::write(&path, scene::to_json(&s)).unwrap();
    path
}

fn islands_file(dir: &Path) -> PathBuf {
    let path = dir.join("islands.json");
    std::fs::copy("assets/scenes/islands.json", &path).unwrap();
    path
}

#[test]
fn snap_moves_the_start_out_of_the_obstacle_as_one_undo_step() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor_on(&FakeDialogs::default(), Some(pillar_file(dir.path())));
    let a = h.state().analysis().expect("the query is shown");
    assert_eq!(a.answer.status(), Status::StartOutside);
    let nearest = a
        .answer
        .diagnosis
        .as_ref()
        .unwrap()
        .start
        .as_ref()
        .unwrap()
        .nearest
        .unwrap();
    assert!(h.state().painted_layers().contains(&Layer::Diagnosis));
    h.get_by_label_contains("inside obstacle \"pillar\"");
    assert!(h.query_by_label("Snap goal").is_none());

    h.get_by_label("Snap start").click();
    h.run();
    let start = h.state().document().scene().queries[0].start;
    assert_eq!(start, nearest);
    // Out of the pillar grown by r: at least r from its left side x = 8.
    assert!(start.x <= 7.5 + 1e-9, "{start}");
    let a = h.state().analysis().unwrap();
    assert_eq!(a.answer.status(), Status::Found);
    assert!(a.answer.diagnosis.as_ref().unwrap().is_empty());
    assert!(h.query_by_label("Snap start").is_none());

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        h.state().document().scene().queries[0].start,
        Point::new(9.0, 10.5)
    );
}

#[test]
fn an_unreachable_goal_shows_the_closest_reachable_point_and_partial_paths() {
    let dir = tempfile::tempdir().unwrap();
    let h = editor_on(&FakeDialogs::default(), Some(islands_file(dir.path())));
    let a = h.state().analysis().expect("the query is shown");
    assert_eq!(a.answer.status(), Status::Unreachable);
    let u = a
        .answer
        .diagnosis
        .as_ref()
        .unwrap()
        .unreachable
        .as_ref()
        .expect("unreachable");
    let c = u.closest_reachable;
    // On the start's island [0, 20]^2, by its side nearest the goal (38, 16).
    assert!(c.distance(Point::new(19.5, 16.0)) < 0.01, "{c}");
    h.get_by_label_contains("closest reachable point");
    assert!(h.state().painted_layers().contains(&Layer::Diagnosis));
    let list = a.picture.list();
    let components: Vec<_> = list
        .on(Layer::Diagnosis)
        .filter(|i| matches!(i.style, Style::Component(_)))
        .collect();
    assert_eq!(components.len(), 2, "one colour per island");
    assert!(list.on(Layer::Diagnosis).any(|i| matches!(
        &i.primitive,
        Primitive::Label { at, text } if *at == c && text == "closest reachable"
    )));
    let partial = list
        .on(Layer::Path(Variant::Funnel))
        .find(|i| i.style == Style::Partial(Variant::Funnel))
        .expect("a dashed partial funnel path");
    assert!(
        Style::Partial(Variant::Funnel)
            .paint(h.state().settings().theme)
            .dashed
    );
    let Primitive::Polyline(points) = &partial.primitive else {
        panic!("{partial:?}")
    };
    assert_eq!(points.last(), Some(&c));
    assert!(
        h.state()
            .painted_layers()
            .contains(&Layer::Path(Variant::Funnel))
    );
}

#[test]
fn the_why_not_shortest_layer_highlights_the_detour_and_toggles() {
    // The field's diagonal query: the A* corridor passes obstacles on another side than the
    // optimal path.
    let field = PathBuf::from("assets/scenes/field.json");
    let mut h = editor_on(&FakeDialogs::default(), Some(field));
    let a = h.state().analysis().expect("the query is shown");
    let detour = a.answer.detour.as_ref().expect("funnel and optimal paths");
    let (funnel, optimal) = (
        a.answer.path(Variant::Funnel).unwrap().length,
        a.answer.path(Variant::Optimal).unwrap().length,
    );
    assert!((detour.excess - (funnel / optimal - 1.0)).abs() < 1e-12);
    assert!(detour.excess > 1e-3, "{}", detour.excess);
    assert!(!detour.off_path.is_empty(), "the corridor detours");
    let corridor = a.answer.shrunk.corridor.as_ref().unwrap();
    assert!(
        detour
            .off_path
            .iter()
            .all(|t| corridor.triangles.contains(t))
    );
    h.get_by_label_contains("Why not shortest");
    assert!(h.state().painted_layers().contains(&Layer::WhyNotShortest));
    toggle(&mut h, "why not shortest");
    assert!(!h.state().settings().is_visible(Layer::WhyNotShortest));
    assert!(!h.state().painted_layers().contains(&Layer::WhyNotShortest));
    assert!(h.state().painted_layers().contains(&Layer::Corridor));
    toggle(&mut h, "why not shortest");
    assert!(h.state().painted_layers().contains(&Layer::WhyNotShortest));
}

/// Clicks a legend checkbox, scrolling the side panel to it first.
fn toggle(h: &mut egui_kittest::Harness<'_, navscope::app::App>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label).click();
    h.run();
}

fn save_test_case(h: &mut egui_kittest::Harness<'_, navscope::app::App>) {
    h.get_by_label("File").click();
    h.run();
    h.get_by_label("Save query as test case…").click();
    h.run();
}

#[test]
fn a_saved_test_case_replays_and_passes() {
    let dialogs = FakeDialogs::default();
    let mut h = editor_on(&dialogs, None);
    let dir = tempfile::tempdir().unwrap();
    let case = dir.path().join("example.case.json");
    dialogs.answer(&case);
    save_test_case(&mut h);
    assert_eq!(
        dialogs.asked.lock().unwrap().as_slice(),
        &[FileKind::Scenario]
    );
    let saved = Scenario::load(&case).expect("the case loads");
    assert!(
        matches!(saved.scene, SceneSource::Inline(_)),
        "unsaved scenes are embedded"
    );
    assert_eq!(saved.expected.status, "found");
    let names: Vec<&str> = saved.expected.lengths.keys().map(|k| k.as_str()).collect();
    let mut all: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    all.sort();
    assert_eq!(names, all);
    let funnel = h
        .state()
        .analysis()
        .unwrap()
        .answer
        .path(Variant::Funnel)
        .unwrap()
        .length;
    assert_eq!(saved.expected.lengths["funnel"], funnel);
    assert_eq!(saved.check(&case).unwrap(), Vec::<String>::new());
    h.get_by_label_contains("saved test case");

    // A saved scene is named by its path, relative to the case.
    let islands = islands_file(dir.path());
    let mut h = editor_on(&dialogs, Some(islands));
    let case = dir.path().join("islands.case.json");
    dialogs.answer(&case);
    save_test_case(&mut h);
    let saved = Scenario::load(&case).unwrap();
    assert_eq!(saved.scene, SceneSource::Path("islands.json".into()));
    assert_eq!(saved.expected.status, "unreachable");
    assert_eq!(saved.check(&case).unwrap(), Vec::<String>::new());
    // Moving the goal onto the start's island changes the outcome: the case no longer passes.
    let mut moved = saved.clone();
    moved.goal = Point::new(18.0, 18.0);
    assert!(!moved.check(&case).unwrap().is_empty());
}

#[test]
fn the_no_path_banner_wraps_inside_each_compare_viewport() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor_on(&FakeDialogs::default(), Some(islands_file(dir.path())));
    h.set_size(egui::vec2(900.0, 700.0));
    h.key_press(Key::Num4); // four viewports side by side
    h.run();
    let viewports = h.state().viewport_rects().to_vec();
    assert_eq!(viewports.len(), 4);
    let banners: Vec<egui::Rect> = h
        .output()
        .shapes
        .iter()
        .filter_map(|clipped| match &clipped.shape {
            egui::Shape::Text(t) if t.galley.text().starts_with("No path") => {
                Some(t.visual_bounding_rect())
            }
            _ => None,
        })
        // The bottom panel says it too; only the canvas's banners count here.
        .filter(|r| viewports.iter().any(|v| v.intersects(*r)))
        .collect();
    assert_eq!(banners.len(), 4, "one banner per viewport");
    for banner in banners {
        assert!(
            viewports
                .iter()
                .any(|v| v.min.x <= banner.min.x && banner.max.x <= v.max.x),
            "{banner:?} sticks out of every viewport {viewports:?}"
        );
    }
}

/// With cost areas the funnel may be longer than the optimal path on purpose (round dear
/// ground): "Why not shortest" says the optimal path ignores the costs, where it read as a
/// flaw of the funnel.
#[test]
fn why_not_shortest_says_the_optimal_path_ignores_cost_areas() {
    let dir = tempfile::tempdir().unwrap();
    let mut mud = scene::load(std::path::Path::new("assets/scenes/mud.json")).unwrap();
    mud.queries.retain(|q| q.name == "round the mud");
    assert_eq!(mud.queries.len(), 1);
    let file = dir.path().join("round.json");
    scene::save(&mud, &file).unwrap();
    let h = editor_on(&FakeDialogs::default(), Some(file));
    let a = h.state().analysis().expect("the query is shown");
    let detour = a.answer.detour.as_ref().expect("funnel and optimal paths");
    assert!(detour.excess > 1e-3, "{}", detour.excess);
    h.get_by_label_contains("The optimal path is the shortest, whatever the cost areas");
}
