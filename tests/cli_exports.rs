//! The CLI side of exports and navmesh files: `build --format mesh|godot|gltf`,
//! `--polygons convex`, `path`/`lab --as-navmesh` and `convert`.

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

fn run_ok(args: &[&str]) -> Output {
    let o = navscope(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    o
}

fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn build_writes_each_navmesh_format_and_reports_convex_polygons() {
    let dir = tempfile::tempdir().unwrap();
    let scene = "assets/scenes/rooms.json";
    for (format, file, head) in [
        ("mesh", "rooms.mesh", "mesh\n2\n"),
        ("godot", "rooms.tres", "[gd_resource type=\"NavigationPolygon\" format=3]"),
        ("gltf", "rooms.gltf", "{\"asset\""),
    ] {
        let out = dir.path().join(file);
        run_ok(&["build", scene, "--format", format, "-o", path_str(&out)]);
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.starts_with(head), "{format}: {}", &text[..40.min(text.len())]);
        // Same input, same bytes.
        let again = run_ok(&["build", scene, "--format", format]);
        assert_eq!(again.stdout, text.as_bytes(), "{format}");
    }
    let out = dir.path().join("convex.tres");
    let o = run_ok(&[
        "build", scene, "--format", "godot", "--polygons", "convex", "--max-vertices", "5", "-o",
        path_str(&out),
    ]);
    let line = stderr(&o);
    assert!(line.contains("convex polygons from"), "{line}");
    let text = std::fs::read_to_string(&out).unwrap();
    let polygons = text.matches("PackedInt32Array(").count();
    assert!(line.contains(&format!(": {polygons} convex polygons")), "{line}");
}

#[test]
fn convex_polygons_for_a_triangle_format_is_a_usage_error() {
    for format in ["obj", "gltf", "svg"] {
        let o = navscope(&[
            "build",
            "assets/scenes/rooms.json",
            "--format",
            format,
            "--polygons",
            "convex",
        ]);
        assert_eq!(o.status.code(), Some(2), "{format}");
        let err = stderr(&o);
        assert!(err.contains("--polygons convex") && err.lines().count() == 1, "{err}");
    }
}

#[test]
fn a_navmesh_file_answers_path_and_lab_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let mesh = dir.path().join("field.mesh");
    run_ok(&[
        "build",
        "assets/scenes/field.json",
        "--format",
        "mesh",
        "--polygons",
        "convex",
        "-o",
        path_str(&mesh),
    ]);
    let o = run_ok(&[
        "path",
        path_str(&mesh),
        "--as-navmesh",
        "--from",
        "1,1",
        "--to",
        "38,28",
        "--json",
    ]);
    let report: Value = serde_json::from_slice(&o.stdout).unwrap();
    let result = &report["results"][0];
    assert_eq!(result["status"], "found", "{result}");
    // The same query on the scene itself: the navmesh is the scene's, so the optimal length is.
    let direct = run_ok(&[
        "path",
        "assets/scenes/field.json",
        "--from",
        "1,1",
        "--to",
        "38,28",
        "--json",
    ]);
    let direct: Value = serde_json::from_slice(&direct.stdout).unwrap();
    let length = |v: &Value| v["paths"]["optimal"]["length"].as_f64().unwrap();
    let (ours, theirs) = (length(result), length(&direct["results"][0]));
    assert!((ours - theirs).abs() <= 1e-9 * theirs, "{ours} vs {theirs}");
    let lab = run_ok(&["lab", path_str(&mesh), "--as-navmesh", "--n", "50", "--json"]);
    let lab: Value = serde_json::from_slice(&lab.stdout).unwrap();
    assert_eq!(lab["queries"], 50);
    assert!(lab["found"].as_u64().unwrap() > 0, "{lab}");
    // Without --as-navmesh a navmesh file is not a scene.
    let o = navscope(&["path", path_str(&mesh), "--from", "1,1", "--to", "2,2"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn convert_goes_between_scene_and_navmesh_formats() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name);
    run_ok(&["convert", "assets/scenes/rooms.json", path_str(&p("rooms.tres"))]);
    run_ok(&["convert", path_str(&p("rooms.tres")), path_str(&p("rooms.mesh"))]);
    let o = run_ok(&[
        "convert",
        path_str(&p("rooms.mesh")),
        path_str(&p("rooms.navmesh.json")),
    ]);
    assert!(stderr(&o).is_empty() || !stderr(&o).contains("error"));
    run_ok(&[
        "convert",
        path_str(&p("rooms.navmesh.json")),
        path_str(&p("rooms.gltf")),
    ]);
    run_ok(&["convert", path_str(&p("rooms.gltf")), path_str(&p("back.json"))]);
    // The scene made from the navmesh has the navmesh's free space: building it at radius 0
    // gives the same area as the navmesh of the original scene.
    let navmesh = run_ok(&["build", "assets/scenes/rooms.json"]);
    let navmesh: navscope::export::NavMeshFile = serde_json::from_slice(&navmesh.stdout).unwrap();
    let area = |v: &[[f64; 2]], t: &[[u32; 3]]| -> f64 {
        t.iter()
            .map(|t| {
                let [a, b, c] = t.map(|i| v[i as usize]);
                0.5 * ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))
            })
            .sum()
    };
    let expected = area(&navmesh.vertices, &navmesh.triangles);
    let rebuilt = run_ok(&["build", path_str(&p("back.json")), "--radius", "0"]);
    let rebuilt: navscope::export::NavMeshFile = serde_json::from_slice(&rebuilt.stdout).unwrap();
    let got = area(&rebuilt.vertices, &rebuilt.triangles);
    // glTF keeps 32-bit floats.
    assert!((got - expected).abs() <= 1e-5 * expected, "{got} vs {expected}");
    let o = navscope(&["convert", "assets/scenes/rooms.json", path_str(&p("rooms.xyz"))]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("rooms.xyz"), "{}", stderr(&o));
}
