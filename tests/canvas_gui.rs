//! The canvas when its size changes (issue 13): a new layout or window size keeps the shown
//! query's start and goal in view, without moving the view when they already are.

mod gui_harness;

use egui::Key;
use egui_kittest::Harness;
use gui_harness::{FakeDialogs, editor_on};
use navscope::app::App;
use navscope::geom::Point;

/// The shown query's start and goal.
fn ends(h: &Harness<'_, App>) -> [Point; 2] {
    let i = h.state().shown_query().expect("a query is shown");
    let q = &h.state().document().scene().queries[i];
    [q.start, q.goal]
}

/// Where the ends appear in the first viewport, and whether both are inside it.
fn ends_on_screen(h: &Harness<'_, App>) -> ([egui::Pos2; 2], bool) {
    let rect = h.state().viewport_rects()[0];
    let at = ends(h).map(|p| h.state().to_screen(p).expect("laid out"));
    (at, at.iter().all(|p| rect.contains(*p)))
}

#[test]
fn a_new_layout_or_window_size_keeps_the_query_in_view() {
    let mut h = editor_on(&FakeDialogs::default(), None);
    let (before, inside) = ends_on_screen(&h);
    assert!(inside, "the first view fits the scene");
    // Four panes halve the viewport: kept where they were, the ends would leave it.
    h.key_press(Key::Num4);
    h.run();
    h.run();
    let quarter = h.state().viewport_rects()[0];
    assert!(
        before.iter().any(|p| !quarter.contains(*p)),
        "the test needs an end outside the quarter: {before:?} {quarter:?}"
    );
    let (four, inside) = ends_on_screen(&h);
    assert!(inside, "{four:?} outside {quarter:?}");
    // Back to one pane: both ends stay in view, so the view does not move.
    h.key_press(Key::Num1);
    h.run();
    h.run();
    let (one, inside) = ends_on_screen(&h);
    assert!(inside);
    for (a, b) in one.iter().zip(four) {
        assert!(a.distance(b) < 0.01, "the view moved: {a:?} vs {b:?}");
    }
    // A smaller window keeps them in view too.
    h.set_size(egui::vec2(900.0, 560.0));
    h.run();
    h.run();
    let (small, inside) = ends_on_screen(&h);
    assert!(
        inside,
        "{small:?} outside {:?}",
        h.state().viewport_rects()[0]
    );
}
