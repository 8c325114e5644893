//! The agent-profile picker (issue 15): the door scene has a 1.5-wide door, a default profile
//! (r = 0.5) and two more, small (r = 0.3) and large (r = 1.0). One profile at a time rebuilds
//! the canvas for its radius; "all profiles" draws each profile's tangent path in its colour.

mod gui_harness;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, editor_on};
use navscope::app::App;
use navscope::app::profiles::Shown;
use navscope::nav::{Status, Variant};
use navscope::viz::Style;
use std::path::Path;

fn pick(h: &mut Harness<'_, App>, current: &str, choice: &str) {
    let combo = h.get_by_role_and_label(Role::ComboBox, "Agent profile");
    assert_eq!(combo.value().as_deref(), Some(current));
    combo.click();
    h.run();
    h.get_by_label(choice).click();
    h.run();
    h.run();
}

fn status(h: &Harness<'_, App>) -> Status {
    h.state()
        .analysis()
        .expect("the query is shown")
        .answer
        .status()
}

#[test]
fn one_profile_at_a_time_or_all_with_each_tangent_path_in_its_colour() {
    let door = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes/door.json");
    let mut h = editor_on(&FakeDialogs::default(), Some(door));
    assert_eq!(*h.state().shown_profile(), Shown::One("default".into()));
    assert_eq!(h.state().built().unwrap().build.radius, 0.5);
    assert_eq!(status(&h), Status::Found);

    pick(&mut h, "default (r = 0.5)", "large (r = 1)");
    assert_eq!(*h.state().shown_profile(), Shown::One("large".into()));
    assert_eq!(h.state().built().unwrap().build.radius, 1.0);
    assert_ne!(
        status(&h),
        Status::Found,
        "r = 1 does not pass a 1.5-wide door"
    );
    assert_eq!(
        h.state().document().scene().agent_radius,
        0.5,
        "showing a profile edits nothing"
    );
    assert!(!h.state().document().can_undo());

    pick(&mut h, "large (r = 1)", "all profiles");
    assert_eq!(*h.state().shown_profile(), Shown::All);
    assert_eq!(h.state().built().unwrap().build.radius, 0.5);
    let paths = h.state().profile_paths().expect("every profile's path");
    let names: Vec<&str> = paths.rows.iter().map(|r| r.profile.name.as_str()).collect();
    assert_eq!(names, ["default", "small", "large"]);
    // Start (3, 10) and goal (27, 10) face the door's middle: a straight 24 for both agents
    // that fit (0.3 and 0.5 < 0.75), none for the large one.
    for row in &paths.rows[..2] {
        let length = row.tangent.as_ref().expect("passes").length;
        assert!(
            (length - 24.0).abs() < 1e-9,
            "{}: {length}",
            row.profile.name
        );
    }
    assert!(paths.rows[2].tangent.is_none());
    assert_ne!(paths.rows[2].status, Ok(Status::Found));
    let styles: Vec<Style> = paths.picture.list().items.iter().map(|i| i.style).collect();
    assert_eq!(styles, [Style::Profile(0), Style::Profile(1)]);
    assert!(h.query_by_label_contains("large: no path").is_some());
    assert!(
        h.state()
            .analysis()
            .unwrap()
            .answer
            .path(Variant::Tangent)
            .is_some()
    );

    // Another document starts on its default profile (a scene without profiles has no picker
    // to leave "all" with).
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    assert_eq!(*h.state().shown_profile(), Shown::default());
    assert!(h.state().profile_paths().is_none());
}
