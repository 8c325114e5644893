//! The CLI contract: outputs, formats, determinism, exit codes and one-line errors.

use navscope::export::NavMeshFile;
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn navscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_navscope"))
        .args(args)
        .output()
        .expect("binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn build_writes_json_that_matches_the_contract() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rooms.navmesh.json");
    let o = navscope(&[
        "build",
        "assets/scenes/rooms.json",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let summary = String::from_utf8_lossy(&o.stdout);
    assert_eq!(summary.lines().count(), 1, "{summary}");
    assert!(
        summary.contains("vertices")
            && summary.contains("triangles")
            && summary.contains("component")
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let raw: Value = serde_json::from_str(&text).unwrap();
    for key in [
        "format",
        "version",
        "agent_radius",
        "vertices",
        "triangles",
        "neighbors",
    ] {
        assert!(raw.get(key).is_some(), "missing {key}");
    }
    let mesh: NavMeshFile = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (mesh.format.as_str(), mesh.version, mesh.agent_radius),
        ("navscope-navmesh", 1, 0.5)
    );
    assert_eq!(mesh.triangles.len(), mesh.neighbors.len());
    for (t, tri) in mesh.triangles.iter().enumerate() {
        let [a, b, c] = tri.map(|i| mesh.vertices[i as usize]);
        let cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
        assert!(cross > 0.0, "triangle {t} is not counter-clockwise");
        for k in 0..3 {
            let n = mesh.neighbors[t][k];
            if n < 0 {
                continue;
            }
            // n_k is across edge v_k -> v_(k+1): the neighbour has that edge reversed.
            let (u, v) = (tri[k], tri[(k + 1) % 3]);
            let other = mesh.triangles[n as usize];
            let back = (0..3).find(|&j| other[j] == v && other[(j + 1) % 3] == u);
            let j = back.unwrap_or_else(|| panic!("neighbour {n} of {t} does not share edge {k}"));
            assert_eq!(mesh.neighbors[n as usize][j], t as i64);
        }
    }
}

#[test]
fn build_is_byte_identical_across_runs() {
    for format in ["json", "obj", "svg"] {
        let a = navscope(&["build", "assets/scenes/field.json", "--format", format]);
        let b = navscope(&["build", "assets/scenes/field.json", "--format", format]);
        assert!(a.status.success(), "{}", stderr(&a));
        assert!(!a.stdout.is_empty());
        assert_eq!(a.stdout, b.stdout, "{format} output differs between runs");
    }
}

#[test]
fn obj_and_svg_outputs_are_well_formed() {
    let o = navscope(&["build", "assets/scenes/rooms.json", "--format", "obj"]);
    let text = String::from_utf8_lossy(&o.stdout);
    let vertices = text.lines().filter(|l| l.starts_with("v ")).count();
    let faces: Vec<&str> = text.lines().filter(|l| l.starts_with("f ")).collect();
    assert!(vertices > 0 && !faces.is_empty());
    for l in text.lines().filter(|l| l.starts_with("v ")) {
        assert_eq!(
            l.split_whitespace().nth(2),
            Some("0"),
            "vertex not in the y=0 plane: {l}"
        );
    }
    for f in faces {
        for idx in f.split_whitespace().skip(1) {
            let i: usize = idx.parse().unwrap();
            assert!((1..=vertices).contains(&i));
        }
    }
    let o = navscope(&["build", "assets/scenes/rooms.json", "--format", "svg"]);
    let svg = String::from_utf8_lossy(&o.stdout);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("<polygon") && svg.contains("<path"));
}

#[test]
fn path_json_has_every_field_of_the_contract() {
    let o = navscope(&["path", "assets/scenes/islands.json", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["radius"], 0.5);
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    for r in results {
        for key in [
            "name",
            "start",
            "goal",
            "status",
            "corridor",
            "portals",
            "paths",
            "timings_us",
        ] {
            assert!(r.get(key).is_some(), "missing {key} in {r}");
        }
    }
    assert_eq!(results[0]["status"], "unreachable");
    let found = &results[1];
    assert_eq!(found["status"], "found");
    let corridor = found["corridor"].as_array().unwrap();
    let portals = found["portals"].as_array().unwrap();
    assert_eq!(
        portals.len(),
        corridor.len() + 1,
        "one portal per shared edge plus start and goal"
    );
    assert_eq!(portals[0][0], found["start"]);
    assert_eq!(portals[0][1], found["start"]);
    assert_eq!(portals.last().unwrap()[0], found["goal"]);
    for t in corridor {
        assert_eq!(t.as_array().unwrap().len(), 3);
    }
    for variant in ["midpoint", "funnel"] {
        let p = &found["paths"][variant];
        let points = p["points"].as_array().unwrap();
        assert_eq!(points.first().unwrap(), &found["start"], "{variant}");
        assert_eq!(points.last().unwrap(), &found["goal"], "{variant}");
        assert!(p["length"].as_f64().unwrap() > 0.0);
    }
    assert!(
        found["paths"]["funnel"]["length"].as_f64()
            <= found["paths"]["midpoint"]["length"].as_f64()
    );
}

#[test]
fn path_from_to_and_outside_statuses() {
    let o = navscope(&[
        "path",
        "assets/scenes/rooms.json",
        "--from",
        "6,7",
        "--to",
        "38,28",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["results"][0]["status"], "start_outside");
    let o = navscope(&[
        "path",
        "assets/scenes/rooms.json",
        "--from",
        "2,2",
        "--to",
        "-5,-5",
        "--json",
    ]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["results"][0]["status"], "goal_outside");
    let o = navscope(&[
        "path",
        "assets/scenes/rooms.json",
        "--from",
        "2,2",
        "--to",
        "38,28",
        "--radius",
        "0.25",
    ]);
    let table = String::from_utf8_lossy(&o.stdout);
    assert!(
        table.contains("agent radius 0.25") && table.contains("found"),
        "{table}"
    );
}

#[test]
fn usage_errors_exit_2_with_one_line() {
    for args in [
        vec!["build"],
        vec!["path", "assets/scenes/rooms.json", "--from", "1,1"],
        vec![
            "path",
            "assets/scenes/rooms.json",
            "--from",
            "x",
            "--to",
            "1,1",
        ],
        vec!["build", "assets/scenes/rooms.json", "--format", "png"],
        vec!["frobnicate", "x"],
    ] {
        let o = navscope(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o);
        assert_eq!(e.trim_end().lines().count(), 1, "{args:?}: {e}");
    }
}

#[test]
fn bad_files_exit_2_naming_the_file() {
    let o = navscope(&["build", "/no/such/scene.json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/no/such/scene.json"));
    let o = navscope(&["path", "assets/scenes/rooms.json", "--radius", "-2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("negative"));
    assert!(Path::new("assets/scenes/rooms.json").exists());
}
