//! Scene file format v1: round trips, version handling, clear errors, atomic saves.

use navscope::geom::Point;
use navscope::scene::{self, LoadError, Scene};
use std::path::Path;

fn example(name: &str) -> Scene {
    scene::load(Path::new(&format!("assets/scenes/{name}.json"))).expect("example scene loads")
}

const EXAMPLES: [&str; 5] = ["rooms", "maze", "field", "islands", "gaps"];

#[test]
fn examples_round_trip_exactly() {
    for name in EXAMPLES {
        let s = example(name);
        let text = scene::to_json(&s);
        let back = scene::from_json(text.as_bytes(), name).unwrap();
        assert_eq!(back, s, "{name}");
        assert_eq!(
            scene::to_json(&back),
            text,
            "{name}: same scene, same bytes"
        );
    }
}

#[test]
fn arbitrary_floats_round_trip_to_the_bit() {
    // Regression: without serde_json's float_roundtrip, some values came back one ULP off.
    let mut s = example("rooms");
    let mut rng = navscope::rng::Rng::new(99);
    for o in &mut s.obstacles {
        for p in &mut o.ring.0 {
            *p = Point::new(
                p.x + rng.range(-1e-3, 1e-3),
                p.y * (1.0 + rng.range(-1e-9, 1e-9)),
            );
        }
    }
    s.agent_radius = 0.1 + 0.2;
    let text = scene::to_json(&s);
    let back = scene::from_json(text.as_bytes(), "floats").unwrap();
    assert_eq!(back, s);
}

#[test]
fn the_issue_example_parses_with_integer_coordinates() {
    let text = r#"{"format": "navscope-scene", "version": 1,
     "agent_radius": 0.5,
     "walkable": [ [[0,0],[40,0],[40,30],[0,30]] ],
     "obstacles": [ {"name": "crate", "points": [[5,5],[8,5],[8,9],[5,9]]} ],
     "queries": [ {"name": "main", "start": [1,1], "goal": [38,28]} ]}"#;
    let s = scene::from_json(text.as_bytes(), "inline").unwrap();
    assert_eq!(s.agent_radius, 0.5);
    assert_eq!(s.walkable[0].points()[2], Point::new(40.0, 30.0));
    assert_eq!(s.obstacles[0].name, "crate");
    assert_eq!(s.queries[0].goal, Point::new(38.0, 28.0));
}

#[test]
fn queries_are_optional_and_unknown_fields_ignored() {
    let text = r#"{"format":"navscope-scene","version":1,"agent_radius":1,"walkable":[[[0,0],[1,0],[0,1]]],"obstacles":[],"color":"red"}"#;
    let s = scene::from_json(text.as_bytes(), "inline").unwrap();
    assert!(s.queries.is_empty());
}

#[test]
fn newer_versions_are_refused_with_a_clear_message() {
    let text = r#"{"format":"navscope-scene","version":2,"agent_radius":1,"walkable":[],"obstacles":[],"new_thing":{}}"#;
    let e = scene::from_json(text.as_bytes(), "future.json").unwrap_err();
    assert!(matches!(e, LoadError::NewerVersion { found: 2, .. }), "{e}");
    let msg = e.to_string();
    assert!(
        msg.contains("future.json") && msg.contains("version 2") && msg.contains("newer"),
        "{msg}"
    );
}

#[test]
fn wrong_format_and_syntax_errors_name_the_place() {
    let e = scene::from_json(br#"{"format":"something-else","version":1}"#, "x.json").unwrap_err();
    assert!(matches!(e, LoadError::WrongFormat { .. }), "{e}");
    let e = scene::from_json(
        b"{\"format\": \"navscope-scene\",\n \"version\": 1,\n \"agent_radius\": [1]}",
        "y.json",
    )
    .unwrap_err();
    let msg = e.to_string();
    assert!(msg.starts_with("y.json: line 3"), "{msg}");
    let e = scene::from_json(
        b"{\"format\":\"navscope-scene\",\"version\":1,\"agent_radius\":1e999}",
        "z.json",
    )
    .unwrap_err();
    assert!(matches!(e, LoadError::Syntax { .. }), "{e}");
}

#[test]
fn save_is_atomic_and_loads_back_identically() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scene.json");
    let s = example("field");
    scene::save(&s, &path).unwrap();
    assert_eq!(scene::load(&path).unwrap(), s);
    // Saving again replaces the file in one step and leaves no temporary files behind.
    scene::save(&example("rooms"), &path).unwrap();
    assert_eq!(scene::load(&path).unwrap(), example("rooms"));
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
}

#[test]
fn saving_into_a_missing_directory_fails_without_touching_anything() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no/such/dir/scene.json");
    let e = scene::save(&example("rooms"), &path).unwrap_err();
    assert!(e.to_string().contains("scene.json"), "{e}");
}
