//! Box select and what a multi-selection can do (issue 13): a box dragged on empty canvas
//! selects what lies inside it, shift adds, the inspector counts; dragging one moves all,
//! Duplicate, Copy / Paste (in the app and through the desktop's clipboard events) and Delete
//! are each one undo step and say what they did.

mod gui_harness;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, editor_on, menu_item, message, screen};
use navscope::app::App;
use navscope::app::group::{Group, Item};
use navscope::app::selection::Selection;
use navscope::geom::{Point, Ring};
use navscope::scene::{Obstacle, RingRef};

const TABLE: usize = 9;
const CRATE: usize = 10;
const PILLAR: usize = 11;

fn obstacles(h: &Harness<'_, App>) -> Vec<Obstacle> {
    h.state().document().scene().obstacles.clone()
}

fn selected(indices: &[usize]) -> Selection {
    Selection::Many(Group::from_iter(
        indices.iter().map(|&i| Item::Ring(RingRef::Obstacle(i))),
    ))
}

/// A drag between two world points.
fn drag(h: &mut Harness<'_, App>, from: (f64, f64), to: (f64, f64)) {
    let (from, to) = (screen(h, from.0, from.1), screen(h, to.0, to.1));
    gui_harness::drag(h, from, to);
}

fn shift_drag(h: &mut Harness<'_, App>, from: (f64, f64), to: (f64, f64)) {
    h.event(egui::Event::ModifiersChanged(Modifiers::SHIFT));
    drag(h, from, to);
    h.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    h.run();
}

fn press(h: &mut Harness<'_, App>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

/// The ring's bounding-box centre.
fn centre(ring: &Ring) -> Point {
    ring.aabb().center()
}

#[test]
fn a_box_selects_shift_adds_and_a_drag_moves_the_group_in_one_undo_step() {
    let mut h = editor_on(&FakeDialogs::default(), None);
    let before = obstacles(&h);
    // The crate [5, 8] x [5, 9] and the table [18, 23] x [8, 11]; no wall lies wholly inside.
    drag(&mut h, (4.0, 12.0), (24.0, 4.0));
    assert_eq!(h.state().selection(), selected(&[TABLE, CRATE]));
    h.get_by_label("2 selected");
    // Shift adds the pillar (around (20, 24)).
    shift_drag(&mut h, (17.0, 21.0), (23.0, 26.5));
    assert_eq!(h.state().selection(), selected(&[TABLE, CRATE, PILLAR]));
    h.get_by_label("3 selected");

    // Dragging the crate by (2, 1) moves all three.
    drag(&mut h, (6.5, 7.0), (8.5, 8.0));
    let after = obstacles(&h);
    for (i, o) in after.iter().enumerate() {
        let d = centre(&o.ring) - centre(&before[i].ring);
        if [TABLE, CRATE, PILLAR].contains(&i) {
            assert!(
                d.distance(Point::new(2.0, 1.0)) < 0.05,
                "{} moved {d}",
                o.name
            );
        } else {
            assert_eq!(o, &before[i], "{} stayed", o.name);
        }
    }
    assert_eq!(h.state().selection(), selected(&[TABLE, CRATE, PILLAR]));
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(obstacles(&h), before, "the whole move is one undo step");
    assert!(!h.state().document().can_undo());

    // An empty box clears the selection.
    drag(&mut h, (1.0, 20.0), (3.0, 22.0));
    assert_eq!(h.state().selection(), Selection::None);

    // Ctrl+A selects every obstacle and the walkable outline.
    press(&mut h, Modifiers::COMMAND, Key::A);
    assert_eq!(h.state().selection().group().len(), before.len() + 1);
    assert_eq!(message(&h), "selected 1 walkable outline and 13 obstacles");
}

#[test]
fn duplicate_copy_paste_and_delete_act_on_the_whole_selection() {
    let mut h = editor_on(&FakeDialogs::default(), None);
    let before = obstacles(&h);
    let n = before.len();
    drag(&mut h, (4.0, 12.0), (24.0, 4.0));

    // Duplicate: offset copies, selected, one undo step, said in the status bar.
    press(&mut h, Modifiers::COMMAND, Key::D);
    let after = obstacles(&h);
    assert_eq!(after.len(), n + 2);
    let offset = centre(&after[n].ring) - centre(&before[TABLE].ring);
    assert!(offset.x > 0.0 && offset.y < 0.0, "off by {offset}");
    let crate_offset = centre(&after[n + 1].ring) - centre(&before[CRATE].ring);
    assert!(crate_offset.distance(offset) < 1e-9);
    assert_eq!(after[n + 1].name, "crate");
    assert_eq!(h.state().selection(), selected(&[n, n + 1]));
    assert_eq!(message(&h), "duplicated 2 obstacles");
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(obstacles(&h), before, "one undo step");
    assert_eq!(h.state().selection(), Selection::None);

    // Copy, then paste at the pointer: the copies are centred on it.
    drag(&mut h, (4.0, 12.0), (24.0, 4.0));
    press(&mut h, Modifiers::COMMAND, Key::C);
    assert_eq!(message(&h), "copied 2 obstacles");
    h.hover_at(screen(&h, 30.0, 25.0));
    h.run();
    press(&mut h, Modifiers::COMMAND, Key::V);
    let pasted = obstacles(&h);
    assert_eq!(pasted.len(), n + 2);
    let group = pasted[n]
        .ring
        .aabb()
        .union(pasted[n + 1].ring.aabb())
        .center();
    assert!(group.distance(Point::new(30.0, 25.0)) < 0.1, "at {group}");
    assert_eq!(message(&h), "pasted 2 obstacles");

    // Delete removes the pasted pair in one step and says so.
    press(&mut h, Modifiers::NONE, Key::Delete);
    assert_eq!(obstacles(&h), before);
    assert_eq!(message(&h), "deleted 2 obstacles");
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(obstacles(&h), pasted, "one undo step brings both back");

    // Cut takes the selection away and keeps it for Paste.
    drag(&mut h, (4.0, 12.0), (24.0, 4.0));
    press(&mut h, Modifiers::COMMAND, Key::X);
    assert_eq!(obstacles(&h).len(), n);
    assert_eq!(message(&h), "cut 2 obstacles");
    let crate_ring = &before[CRATE].ring;
    assert!(obstacles(&h).iter().all(|o| &o.ring != crate_ring));
    press(&mut h, Modifiers::COMMAND, Key::V);
    assert_eq!(obstacles(&h).len(), n + 2);
    assert_eq!(obstacles(&h)[n + 1].name, "crate");
    press(&mut h, Modifiers::COMMAND, Key::Z);
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(
        obstacles(&h),
        pasted,
        "cut and paste are one undo step each"
    );

    // The Edit menu offers the same commands.
    drag(&mut h, (4.0, 12.0), (24.0, 4.0));
    menu_item(&mut h, "Edit", "Duplicate");
    assert_eq!(obstacles(&h).len(), n + 4);
}

#[test]
fn the_desktops_copy_and_paste_events_carry_scene_json() {
    let mut h = editor_on(&FakeDialogs::default(), None);
    let n = obstacles(&h).len();
    // Nothing selected: Copy says what to do.
    h.event(egui::Event::Copy);
    h.run();
    assert!(
        message(&h).starts_with("select obstacles"),
        "{}",
        message(&h)
    );
    // Text copied from a scene file, pasted with the pointer off the canvas: one grid step off.
    let text = r#"{"format": "navscope-scene", "version": 2, "agent_radius": 0.5,
        "areas": [{"kind": "obstacle", "name": "rock", "points": [[1, 1], [3, 1], [2, 3]]}]}"#;
    h.event(egui::Event::Paste(text.to_string()));
    h.run();
    let pasted = obstacles(&h);
    assert_eq!(pasted.len(), n + 1, "{}", message(&h));
    assert_eq!(pasted[n].name, "rock");
    assert_eq!(h.state().selection(), Selection::Ring(RingRef::Obstacle(n)));

    // Copying puts the selection on the system clipboard as scene JSON.
    h.event(egui::Event::Copy);
    h.step();
    let copied = h
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .expect("the copy went to the system clipboard");
    let pieces = navscope::scene::from_json(copied.as_bytes(), "clipboard").unwrap();
    assert_eq!(pieces.obstacles.len(), 1);
    assert_eq!(pieces.obstacles[0].ring, pasted[n].ring);
    h.run();
    assert_eq!(message(&h), "copied 1 obstacle");
}
