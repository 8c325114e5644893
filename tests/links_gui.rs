//! Off-mesh links in the editor: the link tool creates one by two clicks (from, then to), the
//! shown query is answered through it, the inspector edits it, its ends are dragged with the
//! select tool, and Delete removes it, each one undo step; an unusable link end is explained
//! and snapped to the nearest free point.

mod gui_harness;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, click, drag, editor_on, screen};
use navscope::app::App;
use navscope::app::selection::Selection;
use navscope::geom::Point;
use navscope::nav::Status;
use navscope::scene;
use navscope::viz::Layer;
use std::path::Path;

fn status(h: &Harness<'_, App>) -> Status {
    h.state()
        .analysis()
        .expect("a query is shown")
        .answer
        .status()
}

/// The editor on `assets/scenes/floors.json` changed by `change` (saved in the folder
/// returned, which must outlive the harness).
fn editor_on_floors(
    change: impl FnOnce(&mut scene::Scene),
) -> (tempfile::TempDir, Harness<'static, App>) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("floors.json");
    let mut floors =
        scene::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes/floors.json"))
            .unwrap();
    change(&mut floors);
    scene::save(&floors, &file).unwrap();
    (dir, editor_on(&FakeDialogs::default(), Some(file)))
}

fn near(a: Point, b: Point) -> bool {
    a.distance(b) < 0.3
}

#[test]
fn the_link_tool_joins_two_floors_and_the_link_is_edited_dragged_and_deleted() {
    // The two floors without their links: the upstairs query is unreachable.
    let (_dir, mut h) = editor_on_floors(|floors| floors.links.clear());
    assert_eq!(status(&h), Status::Unreachable);

    h.get_by_label("Off-mesh link").click();
    h.run();
    let (from, to) = (screen(&h, 14.0, 10.0), screen(&h, 26.0, 10.0));
    click(&mut h, from);
    assert!(
        h.state().document().scene().links.is_empty(),
        "one click is only the start"
    );
    click(&mut h, to);
    let links = h.state().document().scene().links.clone();
    assert_eq!(links.len(), 1);
    assert_eq!(links[0].name, "link 1");
    assert!(
        near(links[0].from, Point::new(14.0, 10.0)),
        "{:?}",
        links[0]
    );
    assert!(near(links[0].to, Point::new(26.0, 10.0)), "{:?}", links[0]);
    assert!(!links[0].bidirectional && links[0].cost.is_none());
    assert_eq!(h.state().selection(), Selection::Link(0));
    // Drawn in the first view (the authoring layers show links).
    assert!(h.state().painted_layers().contains(&Layer::Links));
    // The shown query now goes up through the link.
    assert_eq!(status(&h), Status::Found);
    let answer = &h.state().analysis().unwrap().answer;
    assert_eq!(
        answer
            .shrunk
            .legs
            .iter()
            .map(|l| l.link)
            .collect::<Vec<_>>(),
        [0]
    );

    // The inspector: both ways.
    h.get_by_label("Both ways").click();
    h.run();
    assert!(h.state().document().scene().links[0].bidirectional);
    // Own cost: starts at the link's length, which was its cost so far.
    h.get_by_label("Own cost").click();
    h.run();
    let link = h.state().document().scene().links[0].clone();
    assert_eq!(link.cost, Some(link.from.distance(link.to)));

    // Dragging the `to` end with the select tool moves it, one undo step.
    h.get_by_label("Select / move").click();
    h.run();
    let (end, there) = (screen(&h, 26.0, 10.0), screen(&h, 28.0, 6.0));
    drag(&mut h, end, there);
    let moved = h.state().document().scene().links[0].clone();
    assert!(near(moved.to, Point::new(28.0, 6.0)), "{moved:?}");
    assert!(near(moved.from, Point::new(14.0, 10.0)));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(near(
        h.state().document().scene().links[0].to,
        Point::new(26.0, 10.0)
    ));

    // Delete removes the selected link: unreachable again.
    let start = screen(&h, 14.0, 10.0);
    click(&mut h, start);
    assert_eq!(h.state().selection(), Selection::Link(0));
    h.key_press(Key::Delete);
    h.run();
    assert!(h.state().document().scene().links.is_empty());
    assert_eq!(status(&h), Status::Unreachable);
}

#[test]
fn an_unusable_link_end_is_explained_and_snapped_to_the_nearest_free_point() {
    // The stairs' top inside the pillar: the link is not usable, upstairs is unreachable.
    let (_dir, mut h) = editor_on_floors(|floors| floors.links[0].to = Point::new(32.0, 6.0));
    assert_eq!(status(&h), Status::Unreachable);
    assert!(
        h.query_by_label_contains("link \"stairs\" is not usable: its to end")
            .is_some()
    );
    h.get_by_label("Snap link \"stairs\" to").click();
    h.run();
    let to = h.state().document().scene().links[0].to;
    assert!(
        to.x < 31.0 - 0.49 || to.x > 33.0 + 0.49,
        "{to:?} is clear of the pillar"
    );
    assert_eq!(status(&h), Status::Found);
    // One undo step puts the end back.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(
        h.state().document().scene().links[0].to,
        Point::new(32.0, 6.0)
    );
}
