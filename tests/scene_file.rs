//! Scene file formats v1 and v2: round trips, version handling, clear errors, atomic saves.

use navscope::geom::Point;
use navscope::scene::{self, LoadError, RingRef, Scene};
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
    let text =
        r#"{"format":"navscope-scene","version":3,"agent_radius":1,"areas":[],"new_thing":{}}"#;
    let e = scene::from_json(text.as_bytes(), "future.json").unwrap_err();
    assert!(matches!(e, LoadError::NewerVersion { found: 3, .. }), "{e}");
    let msg = e.to_string();
    assert!(
        msg.contains("future.json") && msg.contains("version 3") && msg.contains("newer"),
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

/// The issue's v2 example: an island in a pit in the ground.
const NESTED: &str = r#"{"format": "navscope-scene", "version": 2, "agent_radius": 0.5,
 "areas": [ {"name": "ground", "kind": "walkable", "points": [[0,0],[40,0],[40,30],[0,30]]},
            {"name": "pit",    "kind": "obstacle", "points": [[10,10],[30,10],[30,20],[10,20]]},
            {"name": "island", "kind": "walkable", "points": [[15,12],[25,12],[25,18],[15,18]]} ],
 "queries": [ {"name": "q", "start": [1,1], "goal": [20,15]} ]}"#;

#[test]
fn version_2_areas_are_painted_in_file_order() {
    let s = scene::from_json(NESTED.as_bytes(), "nested.json").unwrap();
    assert_eq!(
        s.areas(),
        vec![
            RingRef::Walkable(0),
            RingRef::Obstacle(0),
            RingRef::Walkable(1)
        ]
    );
    assert!(s.is_nested());
    assert_eq!(s.walkable_name(1), "island");
    assert_eq!(s.obstacles[0].name, "pit");
    let text = scene::to_json(&s);
    assert!(text.contains("\"version\": 2,"), "{text}");
    assert!(
        text.contains(r#"{"name":"island","kind":"walkable","points":[[15.0,12.0]"#),
        "{text}"
    );
    let back = scene::from_json(text.as_bytes(), "again").unwrap();
    assert_eq!(back, s);
    assert_eq!(scene::to_json(&back), text, "same scene, same bytes");
}

#[test]
fn v1_files_stay_v1_byte_for_byte_until_they_need_v2() {
    // A v1 file as navscope writes it.
    let bytes = scene::to_json(&example("rooms"));
    assert!(bytes.contains("\"version\": 1,") && bytes.contains("\"walkable\""));
    let mut s = scene::from_json(bytes.as_bytes(), "rooms").unwrap();
    assert_eq!(scene::to_json(&s), bytes);
    // A v2 file without nesting or names is written as v1.
    let mut flat = s.clone();
    flat.set_order(flat.areas());
    assert!(flat.order.is_empty());
    assert_eq!(scene::to_json(&flat), bytes);
    // A walkable ring painted after an obstacle needs v2.
    let mut order = s.areas();
    let first = order.remove(0);
    order.push(first);
    s.set_order(order.clone());
    let text = scene::to_json(&s);
    assert!(
        text.contains("\"version\": 2,") && text.contains("\"areas\""),
        "{text}"
    );
    assert_eq!(
        scene::from_json(text.as_bytes(), "v2").unwrap().areas(),
        order
    );
}

#[test]
fn unknown_area_kinds_and_bad_orders_are_clear_errors() {
    let text = NESTED.replace(r#""kind": "obstacle""#, r#""kind": "lava""#);
    let msg = scene::from_json(text.as_bytes(), "k.json")
        .unwrap_err()
        .to_string();
    assert!(
        msg.starts_with("k.json: line 3") && msg.contains("lava"),
        "{msg}"
    );
    let mut s = scene::from_json(NESTED.as_bytes(), "nested.json").unwrap();
    s.order.pop();
    let issues = scene::validate(&s);
    assert!(
        issues
            .iter()
            .any(|i| i.is_error() && i.message.contains("painting order")),
        "{issues:?}"
    );
}
