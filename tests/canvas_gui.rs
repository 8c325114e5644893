//! The canvas when its size changes (issue 13): a new layout or window size keeps the shown
//! query's start and goal in view, without moving the view when they already are.

mod gui_harness;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, editor_on};
use navscope::app::App;
use navscope::app::selection::Selection;
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
    // Back to one pane: what the quarter showed fills the canvas again (it stayed at the
    // quarter's scale in the top-left corner, cut at the top).
    let world_shown = |h: &Harness<'_, App>| {
        let rect = h.state().viewport_rects()[0];
        let (a, b) = (rect.left_top(), rect.right_bottom());
        // World points from screen ones, through where (0, 0) and (1, 0) appear.
        let zero = h.state().to_screen(Point::new(0.0, 0.0)).unwrap();
        let one = h.state().to_screen(Point::new(1.0, 0.0)).unwrap();
        let scale = (one.x - zero.x) as f64;
        let world = |p: egui::Pos2| {
            Point::new(
                (p.x - zero.x) as f64 / scale,
                -(p.y - zero.y) as f64 / scale,
            )
        };
        let (a, b) = (world(a), world(b));
        (a.x.min(b.x), a.y.min(b.y), a.x.max(b.x), a.y.max(b.y))
    };
    let in_quarter = world_shown(&h);
    h.key_press(Key::Num1);
    h.run();
    h.run();
    let (one, inside) = ends_on_screen(&h);
    assert!(inside, "{one:?}");
    let in_one = world_shown(&h);
    let eps = 1e-6;
    assert!(
        in_one.0 <= in_quarter.0 + eps
            && in_one.1 <= in_quarter.1 + eps
            && in_one.2 >= in_quarter.2 - eps
            && in_one.3 >= in_quarter.3 - eps,
        "{in_one:?} does not show all of {in_quarter:?}"
    );
    let (w_quarter, w_one) = (in_quarter.2 - in_quarter.0, in_one.2 - in_one.0);
    assert!(
        w_one < 1.5 * w_quarter,
        "the view did not zoom to fill the canvas: {w_one} against {w_quarter}"
    );
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

/// Pixels of the clear colour (nothing painted) in the canvas columns of `image`, from the
/// canvas top to the bottom of the window.
fn unpainted_below_canvas_top(image: &image::RgbaImage, canvas: egui::Rect) -> usize {
    let (x0, x1) = (canvas.min.x as u32 + 2, canvas.max.x as u32 - 2);
    (canvas.min.y as u32..image.height())
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| image.get_pixel(x, y).0 == [0, 0, 0, 255])
        .count()
}

#[test]
fn when_the_bottom_panel_switches_to_the_diagnosis_the_canvas_covers_its_whole_rect() {
    let mut h = editor_on(&FakeDialogs::default(), None);
    let before = h.state().viewport_rects()[0];
    let image = h.render().expect("the window renders");
    assert_eq!(unpainted_below_canvas_top(&image, before), 0);
    // A start inside an obstacle: the metrics table gives way to the (shorter) diagnosis.
    let scene = h.state().document().scene();
    let inside = scene
        .obstacles
        .iter()
        .find(|o| o.ring.len() == 4)
        .map(|o| {
            o.ring
                .points()
                .iter()
                .fold(Point::ZERO, |c, p| c + *p * 0.25)
        })
        .expect("the example has a box");
    let at = h.state().to_screen(inside).unwrap();
    h.key_press(Key::Q);
    h.run();
    gui_harness::click(&mut h, at);
    // The first frame after the switch.
    h.step();
    let image = h.render().expect("the window renders");
    assert!(h.query_by_label_contains("No path").is_some());
    let after = h.state().viewport_rects()[0];
    assert_eq!(after, before, "the bottom panel keeps its size");
    assert_eq!(unpainted_below_canvas_top(&image, after), 0);
}

/// Whether a mesh painted in the last frame has a vertex at the screen point `at`.
fn painted_at(h: &Harness<'_, App>, at: egui::Pos2) -> bool {
    (h.output().shapes.iter()).any(|s| match &s.shape {
        egui::Shape::Mesh(m) => m.vertices.iter().any(|v| v.pos.distance(at) < 1e-3),
        _ => false,
    })
}

#[test]
fn the_scene_rings_drawn_beside_the_build_follow_each_edit() {
    let mut h = editor_on(&FakeDialogs::default(), None);
    let corners = [(30.0, 21.0), (34.0, 21.0), (32.0, 25.0)];
    let apex = gui_harness::screen(&h, 32.0, 25.0);
    assert!(
        !painted_at(&h, apex),
        "the test needs open ground at the apex"
    );
    gui_harness::draw_polygon(&mut h, &corners);
    // Unselected (an empty box drawn away from it), so that only the scene's picture paints
    // it.
    h.get_by_label("Select / move").click();
    h.run();
    let (from, to) = (
        gui_harness::screen(&h, 1.0, 20.0),
        gui_harness::screen(&h, 3.0, 22.0),
    );
    gui_harness::drag(&mut h, from, to);
    h.run();
    assert!(matches!(h.state().selection(), Selection::None));
    assert!(painted_at(&h, apex), "the new obstacle is painted");
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Z);
    h.run();
    h.run();
    assert!(!painted_at(&h, apex), "the undone obstacle is gone");
}
