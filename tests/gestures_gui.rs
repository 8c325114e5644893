//! Drags in the editor are one undo step each (issue 15): a slider dragged over many frames
//! (the agent radius, the reference image's opacity), and the reference image dragged on the
//! canvas when it is not locked.

mod gui_harness;

use egui::accesskit::Role;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, editor_on, editor_with_reference, screen};
use navscope::app::App;
use navscope::geom::Point;

/// Press at `from`, move in `steps` frames to `to`, release.
fn drag(h: &mut Harness<'_, App>, from: Pos2, to: Pos2, steps: usize) {
    h.hover_at(from);
    h.drag_at(from);
    for k in 1..=steps {
        h.hover_at(from + (to - from) * (k as f32 / steps as f32));
    }
    h.drop_at(to);
    h.run();
}

fn undo(h: &mut Harness<'_, App>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
}

/// From 20% to 80% of the slider's width, along its middle.
fn across(rect: egui::Rect) -> (Pos2, Pos2) {
    let at = |f: f32| egui::pos2(rect.left() + f * rect.width(), rect.center().y);
    (at(0.2), at(0.8))
}

#[test]
fn dragging_the_radius_slider_over_many_frames_is_one_undo_step() {
    let mut h = editor_on(&FakeDialogs::default(), None);
    let before = h.state().document().scene().agent_radius;
    let slider = h.get_by_role_and_label(Role::Slider, "Agent radius").rect();
    let (from, to) = across(slider);
    drag(&mut h, from, to, 8);
    let after = h.state().document().scene().agent_radius;
    // The rooms example is 40 x 30: the slider spans 0 ..= 5 (30 / 8 rounded up) and keeps
    // that range while it moves, so 80% of the way is 4.
    assert!((after - 4.0).abs() < 0.1, "{after}");
    undo(&mut h);
    assert_eq!(h.state().document().scene().agent_radius, before);
    assert!(
        !h.state().document().can_undo(),
        "nothing else was recorded"
    );
}

#[test]
fn dragging_the_reference_opacity_is_one_undo_step_and_the_image_drags_on_the_canvas() {
    let (mut h, _dir, _) = editor_with_reference(&FakeDialogs::default(), [100, 100]);
    let reference = |h: &Harness<'_, App>| {
        h.state()
            .document()
            .scene()
            .reference
            .clone()
            .expect("a reference image")
    };
    let added = reference(&h);
    let rooms = h.state().document().scene().clone();

    let slider = h.get_by_role_and_label(Role::Slider, "opacity").rect();
    let (from, to) = across(slider);
    drag(&mut h, from, to, 8);
    let dragged = reference(&h);
    assert!(
        (dragged.opacity - added.opacity).abs() > 0.2,
        "{} -> {}",
        added.opacity,
        dragged.opacity
    );
    undo(&mut h);
    assert_eq!(reference(&h), added, "one undo step for the whole drag");

    // 100 x 100 pixels at 0.1 units per pixel: the image covers [0, 10] x [0, 10]. Grabbed in
    // the free space over it (no corner, edge or obstacle there) it follows the pointer.
    assert_eq!(added.position, Point::new(0.0, 0.0));
    let (from, to) = (screen(&h, 9.5, 2.5), screen(&h, 12.5, 4.5));
    drag(&mut h, from, to, 6);
    let moved = reference(&h).position;
    assert!(
        moved.distance(Point::new(3.0, 2.0)) < 0.1,
        "moved to {moved}"
    );
    assert_eq!(
        h.state().document().scene().walkable,
        rooms.walkable,
        "nothing else moved"
    );
    assert_eq!(h.state().document().scene().obstacles, rooms.obstacles);
    undo(&mut h);
    assert_eq!(reference(&h), added, "one undo step for the whole drag");

    // Locked, the same drag leaves it in place.
    h.get_by_label("Lock").click();
    h.run();
    assert!(reference(&h).locked);
    drag(&mut h, from, to, 6);
    assert_eq!(reference(&h).position, added.position);
}

#[test]
fn dragging_a_corner_field_in_the_inspector_is_one_undo_step() {
    let mut h = editor_on(&FakeDialogs::default(), None);
    let crate_index = 10;
    let before = h.state().document().scene().obstacles[crate_index].clone();
    assert_eq!(before.name, "crate");
    // Select the crate ([5, 8] x [5, 9]) by clicking inside it.
    let inside = screen(&h, 6.5, 7.0);
    h.hover_at(inside);
    h.drag_at(inside);
    h.drop_at(inside);
    h.run();
    let x = h
        .get_all_by_role_and_label(Role::SpinButton, "  0")
        .next()
        .expect("corner 0's x field")
        .rect();
    drag(&mut h, x.center(), x.center() + egui::vec2(60.0, 0.0), 8);
    let moved = h.state().document().scene().obstacles[crate_index]
        .ring
        .points()[0];
    assert!(moved.x > 5.5, "the field drag moved corner 0: {moved}");
    undo(&mut h);
    assert_eq!(h.state().document().scene().obstacles[crate_index], before);
}
