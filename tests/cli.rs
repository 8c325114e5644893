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
    assert!(v["prepare_us"].is_u64(), "prepare_us: {}", v["prepare_us"]);
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
    // Far past the map (the orientation tests of point location overflow there), a point
    // was once located in some triangle and answered `found` with infinite lengths.
    for (from, to, status) in [
        ("2,2", "1e308,5", "goal_outside"),
        ("2,2", "5,-1e308", "goal_outside"),
        ("5e307,5", "2,2", "start_outside"),
    ] {
        let args = [
            "path",
            "assets/scenes/rooms.json",
            "--from",
            from,
            "--to",
            to,
            "--json",
        ];
        let o = navscope(&args);
        assert!(o.status.success(), "{from} -> {to}: {}", stderr(&o));
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["results"][0]["status"], status, "{from} -> {to}");
    }
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
        vec!["lab", "assets/scenes/rooms.json", "--n", "0"],
    ] {
        let o = navscope(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o);
        assert_eq!(e.trim_end().lines().count(), 1, "{args:?}: {e}");
    }
    // The line names what is wrong: clap lists the arguments on the lines below its first.
    for (args, says) in [
        (
            vec!["path", "assets/scenes/rooms.json", "--from", "1,1"],
            "not provided: --to <X,Y>",
        ),
        (vec!["convert", "assets/scenes/rooms.json"], "<OUTPUT>"),
        (
            vec!["bulid", "x"],
            "'bulid' is neither a command (build, path, lab, convert, check) nor a file",
        ),
        // Three numbers were "'5,5' is not a finite number".
        (
            vec![
                "path",
                "assets/scenes/rooms.json",
                "--from",
                "5,5,5",
                "--to",
                "1,1",
            ],
            "'5,5,5' is not a point; expected X,Y (two numbers)",
        ),
    ] {
        let e = stderr(&navscope(&args));
        assert!(e.contains(says), "{args:?}: {e}");
    }
}

#[test]
fn bad_files_exit_2_naming_the_file() {
    let o = navscope(&["build", "/no/such/scene.json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/no/such/scene.json"));
    // A bad radius is named as the option it came from, not blamed on the scene.
    for (command, radius) in [
        ("path", "-2"),
        ("build", "nan"),
        ("lab", "inf"),
        ("convert", "-1"),
    ] {
        let mut args = vec![command, "assets/scenes/rooms.json"];
        if command == "convert" {
            args.push("-");
        }
        args.extend(["--radius", radius]);
        let o = navscope(&args);
        assert_eq!(o.status.code(), Some(2));
        let e = stderr(&o);
        assert!(
            e.contains(&format!("'{radius}' is not an agent radius")) && !e.contains("rooms.json"),
            "{e}"
        );
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    assert!(Path::new("assets/scenes/rooms.json").exists());
}

// ---- exports, --as-navmesh and convert ----

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
        (
            "godot",
            "rooms.tres",
            "[gd_resource type=\"NavigationPolygon\" format=3]",
        ),
        ("gltf", "rooms.gltf", "{\"accessors\""),
    ] {
        let out = dir.path().join(file);
        run_ok(&["build", scene, "--format", format, "-o", path_str(&out)]);
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(
            text.starts_with(head),
            "{format}: {}",
            &text[..40.min(text.len())]
        );
        // Same input, same bytes.
        let again = run_ok(&["build", scene, "--format", format]);
        assert_eq!(again.stdout, text.as_bytes(), "{format}");
    }
    let out = dir.path().join("convex.tres");
    let o = run_ok(&[
        "build",
        scene,
        "--format",
        "godot",
        "--polygons",
        "convex",
        "--max-vertices",
        "5",
        "-o",
        path_str(&out),
    ]);
    let line = stderr(&o);
    assert!(line.contains("convex polygons from"), "{line}");
    let text = std::fs::read_to_string(&out).unwrap();
    let polygons = text.matches("PackedInt32Array(").count();
    assert!(
        line.contains(&format!(": {polygons} convex polygons")),
        "{line}"
    );
}

/// `-o` names the format when `--format` does not; a contradiction is refused (a `.mesh` of
/// JSON was written, which nothing reads back); `-o SCENE` never replaces the scene.
#[test]
fn build_takes_the_format_from_the_output_and_never_writes_over_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let scene = "assets/scenes/rooms.json";
    for (file, head) in [
        ("rooms.mesh", "mesh\n2\n"),
        ("rooms.tres", "[gd_resource type=\"NavigationPolygon\""),
        ("rooms.gltf", "{\"accessors\""),
        ("rooms.obj", "# navscope"),
        ("rooms.svg", "<svg"),
        ("rooms.navmesh.json", "{\"format\":\"navscope-navmesh\""),
        ("rooms.out", "{\"format\":\"navscope-navmesh\""),
    ] {
        let out = dir.path().join(file);
        run_ok(&["build", scene, "-o", path_str(&out)]);
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(
            text.starts_with(head),
            "{file}: {}",
            &text[..40.min(text.len())]
        );
    }
    let out = dir.path().join("wrong.mesh");
    let o = navscope(&["build", scene, "--format", "json", "-o", path_str(&out)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("wrong.mesh: a .mesh file cannot hold --format json"),
        "{}",
        stderr(&o)
    );
    assert!(!out.exists());
    // Formats navscope reads but build does not write: JSON there would be refused on reading.
    for file in [
        "rooms.glb",
        "rooms.TSCN",
        "rooms.map",
        "rooms.scen",
        "rooms.png",
    ] {
        let out = dir.path().join(file);
        let o = navscope(&["build", scene, "-o", path_str(&out)]);
        assert_eq!(o.status.code(), Some(2), "{file}");
        let ext = file.split_once('.').unwrap().1.to_lowercase();
        let says = format!("{file}: build does not write .{ext} files");
        assert!(stderr(&o).contains(&says), "{}", stderr(&o));
        assert!(!out.exists());
    }
    let copy = dir.path().join("copy.json");
    std::fs::copy(scene, &copy).unwrap();
    for extra in [&[][..], &["--agent", "all"][..]] {
        let mut args = vec!["build", path_str(&copy), "-o", path_str(&copy)];
        args.extend_from_slice(extra);
        let o = navscope(&args);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("is the input file"), "{}", stderr(&o));
    }
    assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(scene).unwrap());
}

/// The Godot export's note on the cell size names the file it is for, in the one-line style
/// of every other message (one note per profile was printed bare, and could not be told apart).
#[test]
fn a_note_names_the_file_it_is_for() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("door.tres");
    let o = run_ok(&[
        "build",
        "assets/scenes/door.json",
        "--agent",
        "all",
        "-o",
        path_str(&out),
    ]);
    let err = stderr(&o);
    let notes: Vec<&str> = err.lines().filter(|l| l.contains("cell_size")).collect();
    assert!(notes.len() > 1, "{err}");
    for note in notes {
        let file = note
            .strip_prefix("navscope: note: ")
            .and_then(|rest| rest.split_once(".tres: Godot cell_size"))
            .map(|(file, _)| format!("{file}.tres"));
        let file = file.unwrap_or_else(|| panic!("{note}"));
        assert!(std::path::Path::new(&file).exists(), "{note}");
    }
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
        assert!(
            err.contains("--polygons convex") && err.lines().count() == 1,
            "{err}"
        );
    }
    // A vertex limit on triangles was once ignored without a word.
    let o = navscope(&[
        "build",
        "assets/scenes/rooms.json",
        "--format",
        "mesh",
        "--max-vertices",
        "5",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--max-vertices applies with --polygons convex only"),
        "{}",
        stderr(&o)
    );
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
        "59,39",
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
        "59,39",
        "--json",
    ]);
    let direct: Value = serde_json::from_slice(&direct.stdout).unwrap();
    let length = |v: &Value| v["paths"]["optimal"]["length"].as_f64().unwrap();
    let (ours, theirs) = (length(result), length(&direct["results"][0]));
    assert!((ours - theirs).abs() <= 1e-9 * theirs, "{ours} vs {theirs}");
    let lab = run_ok(&[
        "lab",
        path_str(&mesh),
        "--as-navmesh",
        "--n",
        "50",
        "--json",
    ]);
    let lab: Value = serde_json::from_slice(&lab.stdout).unwrap();
    assert_eq!(lab["queries"], 50);
    assert!(lab["found"].as_u64().unwrap() > 0, "{lab}");
    // Without --as-navmesh, an engine's navmesh is refused with what reads it, not as bad JSON.
    // So is navscope's own navmesh JSON (found by a hostile review: it was "not a navscope
    // scene (format is \"navscope-navmesh\" ...)", with no word of what reads it).
    let obj = dir.path().join("field.obj");
    let json = dir.path().join("field.navmesh.json");
    run_ok(&["build", "assets/scenes/field.json", "-o", path_str(&obj)]);
    run_ok(&["build", "assets/scenes/field.json", "-o", path_str(&json)]);
    for (file, name) in [(&obj, "field.obj"), (&json, "field.navmesh.json")] {
        for command in ["path", "lab", "build"] {
            let o = navscope(&[command, path_str(file)]);
            assert_eq!(o.status.code(), Some(2), "{command}");
            let e = stderr(&o);
            assert!(
                e.contains(&format!("{name}: a navmesh file, not a scene"))
                    && e.contains("--as-navmesh"),
                "{command}: {e}"
            );
        }
    }
}

/// A scene's reference image is named from the folder of the file it is converted to, as a
/// save names it (it was written as the absolute path the loader had made).
#[test]
fn convert_names_the_reference_image_from_the_new_file_s_folder() {
    let dir = tempfile::tempdir().unwrap();
    let scene = r#"{"format":"navscope-scene","version":1,"agent_radius":0.5,
        "reference":{"path":"art/sketch.png","position":[0,0],"scale":0.05,"opacity":0.5,"locked":false},
        "walkable":[[[0,0],[10,0],[10,10],[0,10]]],"obstacles":[]}"#;
    std::fs::create_dir_all(dir.path().join("a/deep")).unwrap();
    let input = dir.path().join("a/s.json");
    std::fs::write(&input, scene).unwrap();
    for (out, expected) in [
        ("a/same.json", "art/sketch.png"),
        ("a/deep/s.json", "../art/sketch.png"),
    ] {
        let out = dir.path().join(out);
        run_ok(&["convert", path_str(&input), path_str(&out)]);
        let written: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
        assert_eq!(written["reference"]["path"], expected, "{}", out.display());
    }
}

#[test]
fn convert_goes_between_scene_and_navmesh_formats() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name);
    run_ok(&[
        "convert",
        "assets/scenes/rooms.json",
        path_str(&p("rooms.tres")),
    ]);
    run_ok(&[
        "convert",
        path_str(&p("rooms.tres")),
        path_str(&p("rooms.mesh")),
    ]);
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
    // A navmesh is converted as it is: a radius would only mislabel it.
    let o = navscope(&[
        "convert",
        path_str(&p("rooms.mesh")),
        path_str(&p("r2.navmesh.json")),
        "--radius",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("rooms.mesh: --radius 2 applies when a scene is built"),
        "{}",
        stderr(&o)
    );
    assert!(!p("r2.navmesh.json").exists());
    run_ok(&[
        "convert",
        path_str(&p("rooms.gltf")),
        path_str(&p("back.json")),
    ]);
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
    assert!(
        (got - expected).abs() <= 1e-5 * expected,
        "{got} vs {expected}"
    );
    let o = navscope(&[
        "convert",
        "assets/scenes/rooms.json",
        path_str(&p("rooms.xyz")),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("rooms.xyz"), "{}", stderr(&o));
    // Converting a file onto itself once overwrote the input.
    let copy = p("copy.json");
    std::fs::copy("assets/scenes/rooms.json", &copy).unwrap();
    let o = navscope(&["convert", path_str(&copy), path_str(&copy)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is the input file"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        std::fs::read("assets/scenes/rooms.json").unwrap()
    );
    // `convert IN -` writes the scene to standard output (no extension to name a format).
    let o = run_ok(&["convert", "assets/scenes/rooms.json", "-"]);
    let back = navscope::scene::from_json(&o.stdout, "-").expect("a scene on stdout");
    let rooms = navscope::scene::load(Path::new("assets/scenes/rooms.json")).unwrap();
    assert_eq!(back, rooms);
    // `-o -` is standard output, not a file called `-`.
    let rooms = std::fs::canonicalize("assets/scenes/rooms.json").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_navscope"))
        .args(["build", path_str(&rooms), "-o", "-"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        o.stdout.starts_with(b"{"),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert!(!p("-").exists());
}

#[test]
fn text_files_may_begin_with_a_byte_order_mark() {
    let dir = tempfile::tempdir().unwrap();
    let bom = |name: &str, text: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, [b"\xEF\xBB\xBF", text].concat()).unwrap();
        path
    };
    let scene = bom(
        "rooms.json",
        &std::fs::read("assets/scenes/rooms.json").unwrap(),
    );
    run_ok(&["build", path_str(&scene)]);
    let map = bom(
        "m.map",
        b"type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n",
    );
    let mesh = dir.path().join("m.mesh");
    run_ok(&["convert", path_str(&map), path_str(&mesh)]);
    let mesh = bom("m2.mesh", &std::fs::read(&mesh).unwrap());
    run_ok(&["build", path_str(&mesh)]);
    let scen = bom(
        "m.scen",
        b"version 1\n0\tm.map\t4\t3\t0\t0\t3\t2\t3.82842712\n",
    );
    let o = run_ok(&["path", path_str(&map), "--scen", path_str(&scen)]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("1 of 1 queries found"), "{out}");
}

#[test]
fn a_godot_export_that_32_bit_floats_cannot_hold_is_one_plain_line() {
    let dir = tempfile::tempdir().unwrap();
    let scene = dir.path().join("far.json");
    // A 0.001-wide room a million units out: its corners share a Godot cell at every size.
    let far = r#"{"format": "navscope-scene", "version": 1, "agent_radius": 0,
        "walkable": [[[1000000.0, 1000000.0], [1000000.001, 1000000.0],
                      [1000000.001, 1000000.001], [1000000.0, 1000000.001]]], "obstacles": []}"#;
    std::fs::write(&scene, far).unwrap();
    let o = navscope(&[
        "convert",
        path_str(&scene),
        path_str(&dir.path().join("far.tres")),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert_eq!(e.matches("too close for Godot").count(), 1, "{e}");
}

#[test]
fn a_t_junction_in_a_navmesh_file_is_warned_of() {
    // A square beside two half-height quads: its right edge meets their shared corner
    // partway along. Engines do not link it to them; navscope does, and says so.
    let dir = tempfile::tempdir().unwrap();
    let obj = dir.path().join("tj.obj");
    let tj = "v 0 0 0\nv 1 0 0\nv 1 0 -1\nv 0 0 -1\nv 2 0 0\nv 2 0 -0.5\nv 1 0 -0.5\nv 2 0 -1\n\
              f 1 2 3 4\nf 2 5 6 7\nf 7 6 8 3\n";
    std::fs::write(&obj, tj).unwrap();
    let o = run_ok(&[
        "path",
        path_str(&obj),
        "--as-navmesh",
        "--from",
        "0.5,0.5",
        "--to",
        "1.5,0.25",
    ]);
    let e = stderr(&o);
    assert!(
        e.contains("warning: 1 polygon edges meet another polygon's corner partway along")
            && e.contains("polygon 0, from (1, 0)"),
        "{e}"
    );
    // A Polyanya mesh links whole shared edges only: no T-junction.
    let o = run_ok(&[
        "lab",
        "assets/maps/notch-v3.mesh",
        "--as-navmesh",
        "--n",
        "5",
    ]);
    assert!(!stderr(&o).contains("T-junction"), "{}", stderr(&o));
}

#[test]
fn a_concave_polygon_is_never_written_to_a_format_of_convex_polygons() {
    let dir = tempfile::tempdir().unwrap();
    let obj = dir.path().join("l.obj");
    // An L-shaped n-gon, as Blender exports it (y up, the face up).
    let l = "v 0 0 0\nv 2 0 0\nv 2 0 -1\nv 1 0 -1\nv 1 0 -2\nv 0 0 -2\nf 1 2 3 4 5 6\n";
    std::fs::write(&obj, l).unwrap();
    for out in ["l.mesh", "l.tres"] {
        let out = dir.path().join(out);
        let o = run_ok(&["convert", path_str(&obj), path_str(&out)]);
        let summary = String::from_utf8_lossy(&o.stdout);
        assert!(
            summary.contains("l.obj: 1 polygon -> 2 convex polygons ->"),
            "{summary}"
        );
        assert!(
            stderr(&o).contains("1 of 1 polygons not convex"),
            "{}",
            stderr(&o)
        );
        let (back, _) = navscope::import::load_polygon_mesh(&out).unwrap();
        assert_eq!(back.polygons.len(), 2, "{out:?}");
        for ring in &back.polygons {
            let n = ring.len();
            let at = |i: usize| back.vertices[ring[i % n] as usize];
            assert!(
                (0..n).all(|i| navscope::geom::orient(at(i + n - 1), at(i), at(i + 1)) >= 0.0),
                "{out:?}: {ring:?} is not convex"
            );
        }
    }
}

#[test]
fn path_json_reports_the_weighted_cost_next_to_the_length() {
    let o = navscope(&["path", "assets/scenes/mud.json", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let results = v["results"].as_array().unwrap();
    let funnel = |i: usize, key: &str| results[i]["metrics"]["funnel"][key].as_f64().unwrap();
    // Through the mud band (2 wide, cost 5): 36 long, costing 8 more.
    assert_eq!(results[0]["name"], "through the mud");
    assert!((funnel(0, "length") - 36.0).abs() < 1e-9);
    assert!((funnel(0, "cost") - 44.0).abs() < 1e-9);
    // Round it: longer than 36 but cheaper than 44, and never in the mud.
    assert_eq!(results[1]["name"], "round the mud");
    assert!(funnel(1, "length") > 36.0 && funnel(1, "cost") < 44.0);
    assert!((funnel(1, "cost") - funnel(1, "length")).abs() < 1e-9);
    let points = results[1]["paths"]["funnel"]["points"].as_array().unwrap();
    assert!(points.iter().any(|p| p[1].as_f64().unwrap() >= 38.0));
    // Without cost areas the cost is the length.
    let o = navscope(&["path", "assets/scenes/rooms.json", "--json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    for (variant, m) in v["results"][0]["metrics"].as_object().unwrap() {
        assert_eq!(m["cost"], m["length"], "{variant}");
    }
}

/// An obstacle covering the whole walkable area at radius 0 leaves no free space because of
/// the obstacle, not of a radius (the message blamed "an agent of radius 0").
#[test]
fn an_empty_free_space_at_radius_0_blames_the_obstacles() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("covered.json");
    let room = "[[0,0],[10,0],[10,10],[0,10]]";
    std::fs::write(
        &file,
        format!(
            r#"{{"format":"navscope-scene","version":1,"agent_radius":0,"walkable":[{room}],
            "obstacles":[{{"name":"all","points":{room}}}]}}"#
        ),
    )
    .unwrap();
    let o = navscope(&["build", path_str(&file)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("the free space is empty: the obstacles cover the whole walkable area"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_line_break_in_a_name_keeps_the_path_table_one_row_a_query() {
    let dir = tempfile::tempdir().unwrap();
    let scene = dir.path().join("names.json");
    std::fs::write(
        &scene,
        r#"{"format":"navscope-scene","version":1,"agent_radius":0.5,
            "walkable":[[[0,0],[10,0],[10,10],[0,10]]],
            "obstacles":[{"name":"bad\nsecond line","points":[[0,0],[5,0],[5,5],[0,5]]}],
            "queries":[{"name":"q\nx","start":[1,1],"goal":[9,9]}]}"#,
    )
    .unwrap();
    let o = run_ok(&["path", path_str(&scene)]);
    let table = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = table.lines().collect();
    // The header, the column names, the query's row and its "why" line.
    assert_eq!(lines.len(), 4, "{table}");
    assert!(lines[2].starts_with("q\\nx "), "{table}");
    assert!(
        lines[3].contains(r#"obstacle "bad\nsecond line""#),
        "{table}"
    );
}

/// A navmesh converted to navmesh JSON keeps its polygons, numbered by the written vertices,
/// and reads back: with a T-junction (a polygon edge that another's corner splits), and with
/// over 1,000 points in a room of four corners (the triangulation inserts the hull's corners
/// last and numbers the points anew: the polygons named the wrong vertices).
#[test]
fn a_navmesh_converted_to_json_keeps_its_polygons_and_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let obj = dir.path().join("tj.obj");
    std::fs::write(
        &obj,
        "v 0 0 0\nv 1 0 0\nv 1 0 -1\nv 0 0 -1\nv 2 0 0\nv 2 0 -0.5\nv 1 0 -0.5\nv 2 0 -1\n\
         f 1 2 3 4\nf 2 5 6 7\nf 7 6 8 3\n",
    )
    .unwrap();
    let ring: Vec<String> = (0..1200)
        .map(|k| {
            let a = std::f64::consts::TAU * k as f64 / 1200.0;
            format!("[{},{}]", 20.0 + 6.0 * a.cos(), 15.0 + 6.0 * a.sin())
        })
        .collect();
    let scene = dir.path().join("ring.json");
    std::fs::write(
        &scene,
        format!(
            r#"{{"format":"navscope-scene","version":1,"agent_radius":0,
                "walkable":[[[0,0],[40,0],[40,30],[0,30]]],
                "obstacles":[{{"name":"ring","points":[{}]}}]}}"#,
            ring.join(",")
        ),
    )
    .unwrap();
    let mesh = dir.path().join("ring.mesh");
    run_ok(&["build", path_str(&scene), "-o", path_str(&mesh)]);
    for (input, from, to) in [(&obj, "0.5,0.5", "1.5,0.25"), (&mesh, "2,15", "38,15")] {
        let json = dir.path().join("out.navmesh.json");
        run_ok(&["convert", path_str(input), path_str(&json)]);
        let o = run_ok(&[
            "path",
            path_str(&json),
            "--as-navmesh",
            "--from",
            from,
            "--to",
            to,
            "--json",
        ]);
        let answer: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(answer["results"][0]["status"], "found", "{answer}");
    }
}

/// A navmesh converted to a navmesh keeps its own polygons, unless `--polygons` asks for
/// triangles (given explicitly, it was once ignored) or convex polygons.
#[test]
fn a_navmesh_converted_to_a_navmesh_is_triangulated_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let obj = dir.path().join("quads.obj");
    std::fs::write(
        &obj,
        "v 0 0 0\nv 1 0 0\nv 1 0 -1\nv 0 0 -1\nv 2 0 0\nv 2 0 -1\n\
         f 1 2 3 4\nf 2 5 6 3\n",
    )
    .unwrap();
    let out = dir.path().join("out.mesh");
    // The polygons' sizes of a Polyanya mesh: its third line is "vertices polygons", each
    // polygon line begins with its corner count.
    let sizes = |args: &[&str]| {
        let o = run_ok(&[&["convert", path_str(&obj), path_str(&out)], args].concat());
        let text = std::fs::read_to_string(&out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let head: Vec<usize> = (lines[2].split_whitespace())
            .map(|n| n.parse().unwrap())
            .collect();
        let polygons = &lines[3 + head[0]..3 + head[0] + head[1]];
        let sizes: Vec<usize> = (polygons.iter())
            .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
            .collect();
        (sizes, String::from_utf8_lossy(&o.stdout).into_owned())
    };
    let (own, said) = sizes(&[]);
    assert_eq!(own, vec![4, 4], "{said}");
    assert!(said.contains("2 polygons kept"), "{said}");
    let (triangles, said) = sizes(&["--polygons", "triangles"]);
    assert_eq!(triangles, vec![3; 4], "{said}");
    assert!(said.contains("2 polygons -> 4 triangles"), "{said}");
    // One polygon: the rectangle, its corners on the middle edge kept.
    let (convex, said) = sizes(&["--polygons", "convex"]);
    assert_eq!(convex, vec![6], "{said}");
    assert!(said.contains("2 polygons -> 1 convex polygon "), "{said}");
    // A format of triangles only says so (it once said the polygons were kept).
    let o = run_ok(&[
        "convert",
        path_str(&obj),
        path_str(&dir.path().join("o.obj")),
    ]);
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(said.contains("2 polygons -> 4 triangles"), "{said}");
}

/// Found by a hostile review: options that do nothing for the files given were accepted
/// without a word, and a scene's agent profiles were left out of its navmesh silently.
#[test]
fn convert_refuses_options_it_would_ignore_and_names_what_it_leaves_out() {
    let dir = tempfile::tempdir().unwrap();
    let scene = dir.path().join("s.json");
    for (args, says) in [
        (
            vec!["--polygons", "triangles"],
            "--polygons applies to navmesh outputs only",
        ),
        (
            vec!["--radius", "1"],
            "--radius 1 applies when a scene is built into a navmesh",
        ),
    ] {
        let o = navscope(
            &[
                &["convert", "assets/scenes/rooms.json", path_str(&scene)],
                &args[..],
            ]
            .concat(),
        );
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.contains(says) && err.lines().count() == 1, "{err}");
    }
    let out = dir.path().join("door.navmesh.json");
    let o = run_ok(&["convert", "assets/scenes/door.json", path_str(&out)]);
    let err = stderr(&o);
    assert!(
        err.contains("the scene's other agent profiles (2) are left out"),
        "{err}"
    );
    // A broken .navmesh.json is read as a navmesh, not answered as a scene it never was.
    let broken = dir.path().join("broken.navmesh.json");
    std::fs::write(&broken, "{}").unwrap();
    let o = navscope(&[
        "convert",
        path_str(&broken),
        path_str(&dir.path().join("o.mesh")),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!stderr(&o).contains("scene"), "{}", stderr(&o));
    // Merged polygons are named on the one summary line.
    let mesh = dir.path().join("rooms.mesh");
    let o = run_ok(&[
        "convert",
        "assets/scenes/rooms.json",
        path_str(&mesh),
        "--polygons",
        "convex",
    ]);
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(said.contains("triangles merged into "), "{said}");
}

/// Found by a hostile review: a navmesh converted to another navmesh format came out with
/// agent_radius 0, the radius its file recorded dropped, though both formats hold it.
#[test]
fn a_navmesh_converted_to_a_navmesh_keeps_the_agent_radius_its_file_records() {
    let dir = tempfile::tempdir().unwrap();
    let built = dir.path().join("rooms.navmesh.json");
    run_ok(&[
        "build",
        "assets/scenes/rooms.json",
        "--radius",
        "0.5",
        "-o",
        path_str(&built),
    ]);
    let tres = dir.path().join("rooms.tres");
    let json = dir.path().join("again.navmesh.json");
    run_ok(&["convert", path_str(&built), path_str(&tres)]);
    run_ok(&["convert", path_str(&tres), path_str(&json)]);
    for file in [&built, &tres, &json] {
        let (_, recorded) = navscope::import::load_polygon_mesh(file).unwrap();
        assert_eq!(recorded, Some(0.5), "{}", file.display());
    }
    // A Polyanya mesh records none: 0, as before.
    let mesh = dir.path().join("rooms.mesh");
    let back = dir.path().join("back.navmesh.json");
    run_ok(&["convert", path_str(&built), path_str(&mesh)]);
    run_ok(&["convert", path_str(&mesh), path_str(&back)]);
    let (_, recorded) = navscope::import::load_polygon_mesh(&back).unwrap();
    assert_eq!(recorded, Some(0.0));
}

/// Found by a hostile review: a scene's off-mesh links, cost areas and queries vanished
/// without a word when it was written as a navmesh (paths then took no link).
#[test]
fn a_navmesh_written_from_a_scene_notes_what_it_leaves_out() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("floors.navmesh.json");
    let o = run_ok(&["convert", "assets/scenes/floors.json", path_str(&out)]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("left out: the scene's 2 off-mesh links and 2 queries"),
        "{stderr}"
    );
    let out = dir.path().join("mud.mesh");
    let o = run_ok(&["build", "assets/scenes/mud.json", "-o", path_str(&out)]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("1 cost area and 2 queries"), "{stderr}");
}
