//! Agent profiles (issue 15, item 3): the `agents` list of the scene file, `--agent NAME` on
//! build, path and lab, and one navmesh per profile. The door scene has a 1.5-wide door: the
//! small agent (r = 0.3) passes, the large one (r = 1.0) is blocked at the door.

use navscope::export::NavMeshFile;
use navscope::scene::{self, AgentProfile};
use serde_json::Value;
use std::process::{Command, Output};

const DOOR: &str = "assets/scenes/door.json";

fn navscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_navscope"))
        .args(args)
        .output()
        .expect("binary runs")
}

fn json(o: &Output) -> Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn the_small_agent_passes_the_door_and_the_large_one_is_blocked_there() {
    let small = json(&navscope(&["path", DOOR, "--agent", "small", "--json"]));
    assert_eq!(small["agent"], "small");
    assert_eq!(small["radius"], 0.3);
    let r = &small["results"][0];
    assert_eq!(
        (r["status"].as_str(), r["raw_status"].as_str()),
        (Some("found"), Some("found"))
    );
    assert!(r["paths"]["tangent"]["length"].as_f64().unwrap() < 25.0);

    let large = json(&navscope(&["path", DOOR, "--agent", "large", "--json"]));
    assert_eq!(large["radius"], 1.0);
    let r = &large["results"][0];
    assert_eq!(r["raw_status"], "blocked");
    assert!(
        r["paths"]
            .get("tangent")
            .is_none_or(|t| t["partial"] == true)
    );
    let at = &r["bottleneck"]["at"];
    assert!(
        (r["bottleneck"]["width"].as_f64().unwrap() - 1.5).abs() < 1e-9,
        "{r}"
    );
    assert!((14.0..=15.0).contains(&at[0].as_f64().unwrap()), "{at}");
    assert!((9.25..=10.75).contains(&at[1].as_f64().unwrap()), "{at}");

    // The table says so too.
    let o = navscope(&["path", DOOR, "--agent", "large"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("agent profile \"large\"") && text.contains("blocked"),
        "{text}"
    );
    assert!(text.contains("narrowest passage"), "{text}");
    // Without --agent the default profile (the scene's agent_radius) answers, as before.
    let default = json(&navscope(&["path", DOOR, "--json"]));
    assert!(default.get("agent").is_none());
    assert_eq!(default["radius"], 0.5);
}

#[test]
fn an_unknown_profile_is_a_one_line_error_listing_the_known_ones() {
    for command in ["path", "build", "lab"] {
        let o = navscope(&[command, DOOR, "--agent", "huge"]);
        assert_eq!(o.status.code(), Some(2), "{command}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(
            err.contains("door.json")
                && err.contains("\"huge\"")
                && err.contains("default, small, large"),
            "{err}"
        );
    }
    let o = navscope(&["path", DOOR, "--agent", "all"]);
    assert_eq!(o.status.code(), Some(2));
    let o = navscope(&["path", DOOR, "--agent", "small", "--radius", "2"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn build_writes_one_navmesh_per_profile_or_the_chosen_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("door.navmesh.json");
    let o = navscope(&["build", DOOR, "--agent", "all", "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for (name, radius) in [("default", 0.5), ("small", 0.3), ("large", 1.0)] {
        let file = dir.path().join(format!("door.navmesh_{name}.json"));
        let text = std::fs::read_to_string(&file).unwrap();
        let mesh: NavMeshFile = serde_json::from_str(&text).unwrap();
        assert_eq!(mesh.agent_radius, radius, "{name}");
    }
    assert!(!out.exists());
    // The large agent's navmesh falls apart at the door: two components.
    let large = std::fs::read_to_string(dir.path().join("door.navmesh_large.json")).unwrap();
    let large: Value = serde_json::from_str(&large).unwrap();
    let components = large["components"].as_array().unwrap();
    assert!(components.iter().any(|c| c == 1), "{components:?}");
    // One chosen profile goes to OUT itself.
    let o = navscope(&[
        "build",
        DOOR,
        "--agent",
        "small",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let mesh: NavMeshFile = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(mesh.agent_radius, 0.3);
    // All profiles need a file name to suffix; `-` (standard output) once made files `-_NAME`.
    for dash in [&[][..], &["-o", "-"][..]] {
        let o = navscope(&[&["build", DOOR, "--agent", "all"][..], dash].concat());
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains("-o OUT"));
    }
    assert!(!std::path::Path::new("-_default").exists());
}

#[test]
fn the_lab_runs_every_profile() {
    let all = json(&navscope(&[
        "lab", DOOR, "--agent", "all", "--n", "40", "--json",
    ]));
    let reports = all["agents"].as_array().unwrap();
    let names: Vec<&str> = reports
        .iter()
        .map(|r| r["agent"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["default", "small", "large"]);
    let radii: Vec<f64> = reports
        .iter()
        .map(|r| r["radius"].as_f64().unwrap())
        .collect();
    assert_eq!(radii, [0.5, 0.3, 1.0]);
    // The large agent's random pairs often sit on both sides of the door it cannot pass.
    assert!(
        reports[2]["unreachable"].as_u64().unwrap() > 0,
        "{}",
        reports[2]
    );
    assert_eq!(reports[1]["unreachable"], 0);
    let one = json(&navscope(&[
        "lab", DOOR, "--agent", "large", "--n", "40", "--json",
    ]));
    assert_eq!(one["agent"], "large");
    assert_eq!(one["found"], reports[2]["found"]);
    let text = navscope(&["lab", DOOR, "--agent", "all", "--n", "10"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert_eq!(text.matches("== agent profile").count(), 3, "{text}");
}

#[test]
fn profiles_round_trip_and_files_without_them_keep_their_bytes() {
    let scene = scene::load(std::path::Path::new(DOOR)).unwrap();
    assert_eq!(
        scene.agents,
        vec![
            AgentProfile {
                name: "small".into(),
                radius: 0.3
            },
            AgentProfile {
                name: "large".into(),
                radius: 1.0
            },
        ]
    );
    let text = scene::to_json(&scene);
    assert!(
        text.contains("  \"agents\": [\n    {\"name\":\"small\",\"radius\":0.3},\n"),
        "{text}"
    );
    assert_eq!(scene::from_json(text.as_bytes(), "again").unwrap(), scene);
    let mut plain = scene.clone();
    plain.agents.clear();
    let plain_text = scene::to_json(&plain);
    assert!(!plain_text.contains("agents"), "{plain_text}");
    assert_eq!(plain_text, text.replace("  \"agents\": [\n    {\"name\":\"small\",\"radius\":0.3},\n    {\"name\":\"large\",\"radius\":1.0}\n  ],\n", ""));
    // A bad profile stops the build with a message naming it.
    let bad = text.replace("\"radius\":1.0", "\"radius\":-1.0");
    let bad = scene::from_json(bad.as_bytes(), "bad").unwrap();
    let e = navscope::nav::build(&bad).unwrap_err().to_string();
    assert!(e.contains("agent profile 1 \"large\": radius -1"), "{e}");
}

/// A v2 file (an island in a pit) with profiles and a reference image, as navscope writes it.
const NESTED_WITH_EXTRAS: &str = r#"{
  "format": "navscope-scene",
  "version": 2,
  "agent_radius": 0.5,
  "agents": [
    {"name":"small","radius":0.3}
  ],
  "reference": {"path":"/plans/floor.png","position":[1.0,2.0],"scale":0.05,"opacity":0.4,"locked":true},
  "areas": [
    {"name":"ground","kind":"walkable","points":[[0.0,0.0],[40.0,0.0],[40.0,30.0],[0.0,30.0]]},
    {"name":"pit","kind":"obstacle","points":[[10.0,10.0],[30.0,10.0],[30.0,20.0],[10.0,20.0]]},
    {"name":"island","kind":"walkable","points":[[15.0,12.0],[25.0,12.0],[25.0,18.0],[15.0,18.0]]}
  ],
  "queries": []
}
"#;

#[test]
fn profiles_and_the_reference_are_read_and_written_in_version_2_files() {
    let scene = scene::from_json(NESTED_WITH_EXTRAS.as_bytes(), "nested.json").unwrap();
    assert!(scene.is_nested());
    assert_eq!(
        scene.agents,
        vec![AgentProfile {
            name: "small".into(),
            radius: 0.3
        }]
    );
    let reference = scene.reference.as_ref().expect("the reference is read");
    assert_eq!(reference.path, "/plans/floor.png");
    assert_eq!((reference.scale, reference.opacity), (0.05, 0.4));
    assert!(reference.locked);
    assert_eq!(scene::to_json(&scene), NESTED_WITH_EXTRAS);
    // Without them, the v2 file has neither field.
    let mut plain = scene.clone();
    plain.agents.clear();
    plain.reference = None;
    let text = scene::to_json(&plain);
    assert!(text.contains("\"version\": 2,"), "{text}");
    assert!(
        !text.contains("agents") && !text.contains("reference"),
        "{text}"
    );
}

#[test]
fn a_profile_that_fits_nowhere_stops_build_all_before_any_file_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let mut scene: Value = serde_json::from_str(&std::fs::read_to_string(DOOR).unwrap()).unwrap();
    scene["agents"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"name": "giant", "radius": 20}));
    let file = dir.path().join("door.json");
    std::fs::write(&file, scene.to_string()).unwrap();
    let out = dir.path().join("mesh.json");
    let o = navscope(&[
        "build",
        file.to_str().unwrap(),
        "--agent",
        "all",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("agent profile \"giant\"") && err.contains("radius 20"),
        "{err}"
    );
    let written: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(written, ["door.json"], "no partial set of navmeshes");
}
