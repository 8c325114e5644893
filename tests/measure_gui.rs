//! The measuring tool (issue 13): clicked points show each segment's straight length and the
//! running total on the canvas and in the status bar; Esc or a right-click ends; nothing is
//! edited.

mod gui_harness;

use egui::{Key, Modifiers, PointerButton};
use egui_kittest::Harness;
use gui_harness::{FakeDialogs, click, editor_on, message, screen};
use navscope::app::App;
use navscope::app::tools::Tool;
use navscope::viz::Primitive;

/// The texts of the labels drawn over the canvas.
fn labels(h: &Harness<'_, App>) -> Vec<String> {
    let overlay = h.state().canvas_overlay();
    let texts = overlay.items.into_iter().filter_map(|i| match i.primitive {
        Primitive::Label { text, .. } => Some(text),
        _ => None,
    });
    texts.collect()
}

fn click_world(h: &mut Harness<'_, App>, x: f64, y: f64) {
    let at = screen(h, x, y);
    click(h, at);
}

#[test]
fn measuring_shows_segments_and_total_and_edits_nothing() {
    let mut h = editor_on(&FakeDialogs::default(), None);
    let scene = h.state().document().scene().clone();
    h.key_press_modifiers(Modifiers::NONE, Key::M);
    h.run();
    assert_eq!(h.state().tool(), Tool::Measure);

    click_world(&mut h, 2.0, 20.0);
    assert!(message(&h).starts_with("measuring from (2.000, 20.000)"));
    click_world(&mut h, 5.0, 24.0);
    click_world(&mut h, 5.0, 28.0);
    assert_eq!(
        message(&h),
        "segment 4.000, total 9.000 over 2 segments (Esc ends)"
    );
    assert_eq!(labels(&h), ["5.000", "4.000", "total 9.000"]);
    // The pointer elsewhere adds the segment to it, live.
    h.hover_at(screen(&h, 8.0, 28.0));
    h.run();
    assert_eq!(labels(&h), ["5.000", "4.000", "3.000", "total 12.000"]);

    h.key_press(Key::Escape);
    h.run();
    assert_eq!(message(&h), "measured 9.000 over 2 segments");
    assert!(labels(&h).is_empty(), "{:?}", labels(&h));

    // A right-click ends a measurement too.
    click_world(&mut h, 10.0, 2.0);
    click_world(&mut h, 10.0, 12.0);
    let at = screen(&h, 10.0, 12.0);
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: at,
            button: PointerButton::Secondary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        h.run();
    }
    assert_eq!(message(&h), "measured 10.000 over 1 segment");
    assert!(labels(&h).is_empty());

    let doc = h.state().document();
    assert_eq!(doc.scene(), &scene, "nothing was edited");
    assert!(!doc.can_undo(), "no undo step");
    assert!(!doc.is_dirty());
}
