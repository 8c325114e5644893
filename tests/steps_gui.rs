//! The step-through window driven through egui_kittest on the example scene: the A* timeline
//! steps, jumps to the corridor and shows g/h/f under the pointer; the funnel timelines name
//! their events; play advances.

mod gui_harness;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, editor_on};
use navscope::app::App;
use navscope::app::steps::Timeline;
use navscope::nav::{FunnelMove, Hand};
use navscope::viz::Layer;

/// The editor with the step-through window open.
fn stepping() -> Harness<'static, App> {
    let mut h = editor_on(&FakeDialogs::default(), None);
    assert!(!h.state().steps().open);
    h.key_press(Key::K);
    h.run();
    assert!(h.state().steps().open);
    h
}

fn click(h: &mut Harness<'_, App>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

#[test]
fn the_search_timeline_steps_and_ends_at_the_corridor() {
    let mut h = stepping();
    assert_eq!(h.state().steps().timeline, Timeline::Search);
    assert_eq!(h.state().steps().step(), 0);
    assert!(h.state().steps().search().closed.is_empty());
    for _ in 0..5 {
        click(&mut h, "Forward");
    }
    click(&mut h, "Back");
    let steps = h.state().steps();
    assert_eq!(steps.step(), 4);
    let state = steps.search();
    assert_eq!(state.closed.len(), 4);
    assert!(state.found.is_none());
    assert!(h.state().painted_layers().contains(&Layer::Steps));
    h.get_by_label(&format!(
        "step 4 of {}: 4 closed, {} open",
        steps.last(),
        state.open().count()
    ));

    click(&mut h, "End");
    let app = h.state();
    let corridor = app
        .analysis()
        .and_then(|a| a.answer.shrunk.corridor.as_ref())
        .map(|c| c.triangles.clone())
        .expect("the example query has a corridor");
    let end = app.steps().search();
    assert_eq!(app.steps().step(), app.steps().last());
    assert_eq!(end.corridor(), Some(corridor.clone()));

    // g, h and f of the triangle under the pointer: the corridor's second triangle is closed.
    let tri = corridor[1];
    let mesh = &app.built().expect("built").build.mesh;
    let at = app.to_screen(mesh.centroid(tri)).expect("laid out");
    let node = app.steps().search_node(tri).expect("reached");
    h.hover_at(at);
    h.run();
    h.get_by_label(&format!("triangle {} (closed)", tri.0));
    h.get_by_label(&format!("{:.3}", node.f()));
}

#[test]
fn the_funnel_timelines_name_their_events() {
    let mut h = stepping();
    click(&mut h, "Funnel");
    assert_eq!(h.state().steps().timeline, Timeline::Funnel);
    // The funnel starts with both sides at the start: the first portal tightens the right side
    // (checked first), then the left.
    let first = h.state().steps().funnel_event().expect("a funnel event");
    assert_eq!(
        (first.kind, first.side, first.portal),
        (FunnelMove::Tighten, Hand::Right, 1)
    );
    h.get_by_label("tighten right");
    click(&mut h, "Forward");
    let second = h.state().steps().funnel_event().expect("a funnel event");
    assert_eq!(
        (second.kind, second.side, second.portal),
        (FunnelMove::Tighten, Hand::Left, 1)
    );
    h.get_by_label("tighten left");
    // The search timeline kept its own position.
    click(&mut h, "A* search");
    assert_eq!(h.state().steps().step(), 0);

    click(&mut h, "Tangent funnel");
    let steps = h.state().steps();
    let event = steps
        .tangent_event()
        .expect("the example builds a raw mesh");
    assert_eq!(event.apex.radius, 0.0, "the first apex is the start point");
    h.get_by_label(event.event.name());
    click(&mut h, "End");
    let last = h.state().steps().tangent_event().expect("an event");
    let goal = h.state().analysis().expect("analysed").answer.goal;
    assert_eq!(
        (last.apex.center, last.apex.radius),
        (goal, 0.0),
        "the scan ends at the goal"
    );
    h.get_by_label(last.event.name());
}

/// Clicks a button while the window may be playing (it repaints every frame, so frames are
/// stepped rather than run until settled).
fn click_playing(h: &mut Harness<'_, App>, label: &str) {
    h.get_by_label(label).click();
    h.step();
    h.step();
}

#[test]
fn play_advances_pauses_and_restarts_from_the_end() {
    let mut h = stepping();
    click_playing(&mut h, "Play");
    assert!(h.state().steps().is_playing());
    for _ in 0..8 {
        h.step();
    }
    assert!(h.state().steps().step() > 0, "playing moved on");
    click_playing(&mut h, "Pause");
    assert!(!h.state().steps().is_playing());
    let paused = h.state().steps().step();
    for _ in 0..4 {
        h.step();
    }
    assert_eq!(h.state().steps().step(), paused, "paused");
    h.get_by_label("Play");

    click(&mut h, "End");
    let last = h.state().steps().last();
    assert_eq!(h.state().steps().step(), last);
    h.get_by_label("Play").click();
    h.step();
    assert!(h.state().steps().is_playing());
    assert!(
        h.state().steps().step() < last,
        "playing from the end starts over"
    );
    click_playing(&mut h, "End");
    assert!(!h.state().steps().is_playing(), "jumping to the end stops");
    assert_eq!(h.state().steps().step(), last);
}
