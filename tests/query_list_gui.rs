//! The query list (issue 13): filtered by name, virtualised rows for scenes with thousands of
//! queries, and add, rename, duplicate and delete, each one undo step said in the status bar.

mod gui_harness;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, editor_on};
use navscope::app::App;
use navscope::geom::Point;
use navscope::scene::{self, Query};
use std::path::Path;

/// The example scene with `n` queries named "route 1" .. "route n".
fn scene_with_queries(dir: &Path, n: usize) -> std::path::PathBuf {
    let example = navscope::app::EXAMPLE_SCENE.as_bytes();
    let mut s = scene::from_json(example, "example").unwrap();
    let q = s.queries[0].clone();
    s.queries = (1..=n)
        .map(|k| Query {
            name: format!("route {k}"),
            start: q.start,
            goal: Point::new(q.goal.x, q.goal.y - (k % 3) as f64 * 0.5),
        })
        .collect();
    let path = dir.join("many.json");
    scene::save(&s, &path).unwrap();
    path
}

fn names(h: &Harness<'_, App>) -> Vec<String> {
    let queries = &h.state().document().scene().queries;
    queries.iter().map(|q| q.name.clone()).collect()
}

fn status(h: &Harness<'_, App>) -> String {
    h.state()
        .status()
        .message()
        .expect("a message")
        .1
        .to_string()
}

fn filter(h: &mut Harness<'_, App>, text: &str) {
    h.get_by_label("Filter by name").focus();
    h.run();
    h.get_by_label("Filter by name").type_text(text);
    h.run();
}

fn undo(h: &mut Harness<'_, App>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
}

#[test]
fn thousands_of_queries_are_listed_lazily_and_filtered_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = editor_on(
        &FakeDialogs::default(),
        Some(scene_with_queries(dir.path(), 3000)),
    );
    // Only the rows in view are laid out.
    assert!(h.query_by_label("route 1").is_some());
    assert!(
        h.query_by_label("route 2500").is_none(),
        "rows out of view are not laid out"
    );
    filter(&mut h, "route 25");
    // "route 25" and "route 250".."route 259" and "route 2500".."route 2599": 1 + 10 + 100.
    assert!(h.query_by_label("111 of 3000 match").is_some());
    assert!(h.query_by_label("route 1").is_none());
    h.get_by_label("route 250").click();
    h.run();
    assert_eq!(h.state().shown_query(), Some(249));
    filter(&mut h, "x");
    assert!(
        h.query_by_label_contains("No query name contains")
            .is_some()
    );
}

#[test]
fn add_rename_duplicate_and_delete_are_one_undo_step_each_and_say_what_they_did() {
    let mut h = editor_on(&FakeDialogs::default(), None);
    let before = names(&h);
    let n = before.len();

    h.get_by_label("Add query").click();
    h.run();
    let added = names(&h);
    assert_eq!(added.len(), n + 1);
    assert_eq!(h.state().shown_query(), Some(n), "the new query is shown");
    assert!(
        status(&h).starts_with(&format!("added \"{}\"", added[n])),
        "{}",
        status(&h)
    );
    assert_eq!(h.state().tool(), navscope::app::tools::Tool::Query);
    let q = &h.state().document().scene().queries[n];
    assert_ne!(q.start, q.goal, "a new query spans the scene");
    let found = h.state().analysis().expect("shown").answer.status();
    assert_eq!(
        found,
        navscope::nav::Status::Found,
        "its ends are on the navmesh"
    );

    h.get_by_label("Query name").focus();
    h.get_by_label("Query name").type_text(" to the hall");
    h.key_press(Key::Enter);
    h.run();
    h.run();
    let renamed = format!("{} to the hall", added[n]);
    assert_eq!(names(&h)[n], renamed);
    assert_eq!(
        status(&h),
        format!("renamed \"{}\" to \"{renamed}\"", added[n])
    );

    h.get_by_label("Duplicate query").click();
    h.run();
    assert_eq!(names(&h)[n + 1], format!("{renamed} copy"));
    assert_eq!(h.state().shown_query(), Some(n + 1));
    let copy = &h.state().document().scene().queries[n + 1];
    let original = &h.state().document().scene().queries[n];
    assert_eq!((copy.start, copy.goal), (original.start, original.goal));
    assert_eq!(
        status(&h),
        format!("duplicated \"{renamed}\" as \"{renamed} copy\"")
    );

    h.get_by_label(&renamed).click();
    h.run();
    h.get_by_label("Delete query").click();
    h.run();
    let mut left = before.clone();
    left.push(format!("{renamed} copy"));
    assert_eq!(names(&h), left);
    assert_eq!(h.state().shown_query(), Some(n), "the next query is shown");
    assert_eq!(status(&h), format!("deleted query \"{renamed}\""));

    // Each was one undo step, and says what it changed.
    undo(&mut h);
    assert_eq!(names(&h).len(), n + 2);
    assert_eq!(
        status(&h),
        format!("undone: queries {} to {}", n + 1, n + 2)
    );
    undo(&mut h);
    assert_eq!(names(&h)[n], renamed);
    assert_eq!(names(&h).len(), n + 1);
    undo(&mut h);
    assert_eq!(names(&h), added);
    undo(&mut h);
    assert_eq!(names(&h), before);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(names(&h), added);
    assert_eq!(status(&h), format!("redone: queries {n} to {}", n + 1));
}

#[test]
fn the_first_start_goal_click_on_a_scene_without_queries_says_what_comes_next() {
    let scene = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes/rooms-no-query.json");
    let mut h = editor_on(&FakeDialogs::default(), Some(scene));
    assert!(h.query_by_label("Query name").is_none(), "no query to name");
    h.key_press(Key::Q);
    h.run();
    let at = gui_harness::screen(&h, 3.0, 3.0);
    gui_harness::click(&mut h, at);
    assert_eq!(names(&h), ["query 1"]);
    assert_eq!(
        status(&h),
        "added \"query 1\" with its start here: Shift+click to place its goal"
    );
}
