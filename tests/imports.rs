//! Importers through every scene entry point: Polyanya mesh v3 and MovingAI maps by extension,
//! `.scen` scenarios with published lengths, and errors naming the file and the line.

use navscope::geom::{Segment, segment_distance};
use navscope::nav::{self, BuildOptions, Variant};
use navscope::scene;
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn navscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_navscope"))
        .args(args)
        .output()
        .expect("binary runs")
}

#[test]
fn a_v3_mesh_scenario_matches_every_published_optimum() {
    let o = navscope(&[
        "path",
        "assets/maps/notch-v3.mesh",
        "--scen",
        "assets/maps/notch-v3.scen",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let report: Value = serde_json::from_slice(&o.stdout).unwrap();
    let results = report["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    for (r, line) in results.iter().zip(["2", "3", "4"]) {
        assert_eq!(r["name"], line);
        assert_eq!(r["status"], "found");
        let (optimal, expected) = (
            r["paths"]["optimal"]["length"].as_f64().unwrap(),
            r["expected"].as_f64().unwrap(),
        );
        assert!((optimal - expected).abs() <= 1e-6 * expected, "{r}");
        assert!(r["funnel/expected"].as_f64().unwrap() >= 1.0 - 1e-9);
    }
    assert_eq!(report["scen"]["found"], 3);
    assert_eq!(report["scen"]["mismatches"], Value::Array(Vec::new()));
    assert!(
        report["scen"]["published"]
            .as_str()
            .unwrap()
            .contains("Euclidean")
    );
}

#[test]
fn a_grid_map_becomes_few_rings_with_its_pockets() {
    let s = scene::load(Path::new("assets/maps/pockets.map")).unwrap();
    // 160 cells, 41 blocked: the ring, the pillar, the 2x2 block, the tree, the diagonal pair.
    let build = nav::build_with(
        &s,
        &BuildOptions {
            radius: Some(0.0),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(build.free_space.area(), 119.0);
    assert!(s.obstacles.len() <= 6, "{}", s.obstacles.len());
    assert!(s.point_count() < 60, "{} points", s.point_count());
    let areas = |rings: Vec<f64>, a: f64| rings.contains(&a);
    let walkable: Vec<f64> = s.walkable.iter().map(|r| r.signed_area()).collect();
    let obstacles: Vec<f64> = s.obstacles.iter().map(|o| o.ring.signed_area()).collect();
    assert!(areas(walkable, 32.0), "the pocket inside the ring is kept");
    assert!(areas(obstacles.clone(), 60.0) && areas(obstacles, 6.0));
    assert!(s.is_nested());
}

#[test]
fn grid_paths_keep_the_radius_from_every_blocked_cell() {
    let path = Path::new("assets/maps/pockets.map");
    let o = navscope(&["build", "assets/maps/pockets.map", "--radius", "0.3"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = scene::load(path).unwrap();
    let r = 0.3;
    let options = BuildOptions {
        radius: Some(r),
        ..Default::default()
    };
    let build = nav::build_with(&s, &options).unwrap();
    let walls: Vec<Segment> = build
        .raw
        .as_ref()
        .unwrap()
        .free_space
        .contours
        .iter()
        .flat_map(|c| c.edges().collect::<Vec<_>>())
        .collect();
    let mut found = 0;
    for (start, goal) in navscope::lab::random_queries(&build.mesh, 200, 7) {
        let q = nav::query(&build, start, goal, &Default::default());
        let Some(p) = q.path(Variant::Funnel) else {
            continue;
        };
        found += 1;
        for leg in p.points(0.0).windows(2) {
            let leg = Segment::new(leg[0], leg[1]);
            let d = walls
                .iter()
                .map(|w| segment_distance(&leg, w))
                .fold(f64::INFINITY, f64::min);
            assert!(d >= r * (1.0 - 1e-9), "{start} -> {goal}: {d}");
        }
    }
    assert!(found > 100, "{found}");
}

#[test]
fn import_errors_name_the_file_and_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("bad.map");
    std::fs::write(&map, "type octile\nheight 2\nwidth 3\nmap\n...\n..\n").unwrap();
    let o = navscope(&["build", map.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.map: line 6: row 1 has 2 cells"), "{err}");
    let mesh = dir.path().join("bad.mesh");
    std::fs::write(&mesh, "mesh\n3\n1 0\nx 0\n").unwrap();
    let o = navscope(&[
        "path",
        mesh.to_str().unwrap(),
        "--from",
        "0,0",
        "--to",
        "1,1",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.mesh: line 4: x `x`"), "{err}");
    let scen = dir.path().join("bad.scen");
    std::fs::write(&scen, "version 1\n0 m 2 2 0 0 1\n").unwrap();
    let o = navscope(&[
        "path",
        "assets/maps/notch-v3.mesh",
        "--scen",
        scen.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.scen: line 2: expected 9 fields"), "{err}");
}

#[test]
fn an_imported_map_opens_untitled_so_saving_never_overwrites_it() {
    let doc = navscope::document::Document::open(Path::new("assets/maps/pockets.map")).unwrap();
    assert_eq!(doc.path(), None);
    assert!(doc.scene().is_nested());
    // Titled by the file it came from; saving suggests a scene file of that name.
    assert_eq!(doc.name(), "pockets.map");
    assert_eq!(doc.save_name(), "pockets.json");
}

/// A published length written with an exponent is matched to its written digits, as the same
/// number written plainly is (`2.05913e0` was a mismatch, `2.05913` not); a query that finds
/// no path where the scenario publishes one is a mismatch, and `lab` exits 1 (it was counted
/// nowhere: an import that broke the mesh's connections passed).
#[test]
fn a_scenario_line_is_matched_to_its_digits_and_a_lost_path_is_a_mismatch() {
    let dir = tempfile::tempdir().unwrap();
    let scen = dir.path().join("notch.scen");
    let lines = [
        "version 1",
        "0\tnotch-v3.mesh\t2\t2\t0.5\t0.1\t0.5\t1.9\t2.05913",
        "0\tnotch-v3.mesh\t2\t2\t0.5\t0.1\t0.5\t1.9\t2.05913e0",
        "0\tnotch-v3.mesh\t2\t2\t0.5\t0.1\t0.5\t1.9\t205913e-5",
    ];
    std::fs::write(&scen, lines.join("\n")).unwrap();
    let mesh = "assets/maps/notch-v3.mesh";
    let o = navscope(&["lab", mesh, "--scen", scen.to_str().unwrap(), "--json"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    // Line 5: a start outside the mesh, whose published length says there is a way.
    let lost = format!(
        "{}\n0\tnotch-v3.mesh\t2\t2\t-5\t0.1\t0.5\t1.9\t8",
        lines.join("\n")
    );
    std::fs::write(&scen, lost).unwrap();
    let o = navscope(&["lab", mesh, "--scen", scen.to_str().unwrap(), "--json"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("scenario line 5: no path found where the scenario publishes one"),
        "{err}"
    );
    let report: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["scen"]["mismatches"], serde_json::json!([5]));
}

/// A query whose start is its goal has length 0, printed `0.000000` (not `-0.000000`: an
/// empty sum of lengths is -0).
#[test]
fn a_scenario_table_never_prints_minus_zero() {
    let dir = tempfile::tempdir().unwrap();
    let scen = dir.path().join("same.scen");
    std::fs::write(
        &scen,
        "version 1\n0\tnotch-v3.mesh\t2\t2\t0.5\t0.1\t0.5\t0.1\t0\n",
    )
    .unwrap();
    let o = navscope(&[
        "path",
        "assets/maps/notch-v3.mesh",
        "--scen",
        scen.to_str().unwrap(),
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("0.000000") && !out.contains("-0.0"), "{out}");
}
