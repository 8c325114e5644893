//! The path lab and the corridor optimisations: `navscope lab` JSON contract, determinism, the
//! scene-queries mode, ratio bounds, and optimised corridors staying valid and never longer.

use navscope::lab::random_queries;
use navscope::nav::invariants::check_corridor;
use navscope::nav::{
    CorridorOptions, CorridorSearch, QueryOptions, Variant, build, funnel_length,
    optimize_corridor, query_mesh,
};
use navscope::scene::generate;
use serde_json::Value;
use std::process::{Command, Output};

/// The funnel variant only.
const FUNNEL: QueryOptions = QueryOptions {
    variants: &[Variant::Funnel],
    corridor: CorridorOptions {
        visibility: false,
        topology: false,
        topology_nodes: 64,
        search: CorridorSearch::AStar,
    },
    explain: None,
};

fn navscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_navscope"))
        .args(args)
        .output()
        .expect("binary runs")
}

fn lab_json(args: &[&str]) -> Value {
    let mut all = vec!["lab"];
    all.extend_from_slice(args);
    all.push("--json");
    let o = navscope(&all);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("one JSON document")
}

fn assert_stats(v: &Value, what: &str) {
    for key in ["mean", "p50", "p99", "max"] {
        assert!(v[key].is_f64(), "{what}.{key} is not a number: {v}");
    }
    assert!(v["count"].is_u64(), "{what}.count");
}

#[test]
fn json_has_every_field_of_the_contract() {
    let v = lab_json(&["assets/scenes/rooms.json", "--n", "40", "--seed", "3"]);
    assert_eq!(v["queries"], 40);
    let (found, unreachable) = (
        v["found"].as_u64().unwrap(),
        v["unreachable"].as_u64().unwrap(),
    );
    assert!(found > 0 && found + unreachable <= 40);
    for ratio in [
        "funnel/optimal",
        "midpoint/funnel",
        "tangent/funnel",
        "midpoint_smoothed/funnel",
    ] {
        assert_stats(&v["ratios"][ratio], ratio);
    }
    let timings = v["timings_us"].as_object().unwrap();
    for stage in ["locate", "astar", "funnel", "optimal", "tangent", "total"] {
        assert_stats(&timings[stage], stage);
    }
    let worst = v["worst"].as_array().unwrap();
    assert!(!worst.is_empty() && worst.len() <= 10);
    let mut last = f64::INFINITY;
    for w in worst {
        assert_eq!(w["start"].as_array().unwrap().len(), 2);
        assert!(w["start"][0].is_f64() && w["goal"][1].is_f64());
        let ratio = w["ratio"].as_f64().unwrap();
        assert!(ratio <= last, "worst cases are not sorted");
        last = ratio;
    }
    assert_eq!(
        worst[0]["ratio"].as_f64(),
        v["ratios"]["funnel/optimal"]["max"].as_f64()
    );
}

/// Everything but the timings.
fn without_timings(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("timings_us");
    v
}

#[test]
fn same_seed_same_report_other_seed_other_queries() {
    let args = ["assets/scenes/field.json", "--n", "60", "--seed", "7"];
    let a = without_timings(lab_json(&args));
    assert_eq!(a, without_timings(lab_json(&args)));
    let other = without_timings(lab_json(&[
        "assets/scenes/field.json",
        "--n",
        "60",
        "--seed",
        "8",
    ]));
    assert_ne!(a["worst"], other["worst"]);
}

#[test]
fn scene_queries_mode_runs_the_scenes_queries() {
    let v = lab_json(&["assets/scenes/islands.json", "--scene-queries"]);
    let text = std::fs::read_to_string("assets/scenes/islands.json").unwrap();
    let scene: Value = serde_json::from_str(&text).unwrap();
    let n = scene["queries"].as_array().unwrap().len() as u64;
    assert_eq!(v["queries"].as_u64(), Some(n));
    assert!(v["unreachable"].as_u64().unwrap() >= 1, "{v}");
    assert!(v["seed"].is_null());
    let o = navscope(&[
        "lab",
        "assets/scenes/islands.json",
        "--scene-queries",
        "--n",
        "5",
    ]);
    assert_eq!(o.status.code(), Some(2), "--n and --scene-queries conflict");
}

#[test]
fn funnel_is_never_shorter_than_optimal_with_or_without_optimisations() {
    for extra in [&[][..], &["--optimize", "visibility,topology"][..]] {
        let mut args = vec!["assets/scenes/field.json", "--n", "150", "--seed", "11"];
        args.extend_from_slice(extra);
        let v = lab_json(&args);
        let ratios = &v["ratios"]["funnel/optimal"];
        assert!(ratios["count"].as_u64().unwrap() > 100);
        for key in ["mean", "p50", "p99", "max"] {
            assert!(
                ratios[key].as_f64().unwrap() >= 1.0 - 1e-9,
                "{key}: {ratios}"
            );
        }
        if !extra.is_empty() {
            let before = &v["ratios"]["funnel_unoptimized/optimal"];
            assert!(ratios["mean"].as_f64() <= before["mean"].as_f64());
            assert_eq!(v["optimize"], serde_json::json!(["visibility", "topology"]));
        }
    }
}

#[test]
fn readable_tables_and_usage_errors() {
    let o = navscope(&["lab", "assets/scenes/rooms.json", "--n", "10"]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("funnel/optimal") && text.contains("worst"),
        "{text}"
    );
    // Nothing found (the large agent does not fit the door): no ratio has a value, and the
    // table says so with `-` as `path` does, not `NaN`.
    let args = [
        "lab",
        "assets/scenes/door.json",
        "--scene-queries",
        "--agent",
        "large",
    ];
    let o = navscope(&args);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    let row = text.lines().find(|l| l.starts_with("funnel/optimal"));
    assert_eq!(
        row.map(|l| l.split_whitespace().collect::<Vec<_>>()),
        Some(vec!["funnel/optimal", "0", "-", "-", "-", "-"]),
        "{text}"
    );
    assert!(!text.contains("NaN"), "{text}");
    let o = navscope(&["lab", "assets/scenes/rooms.json", "--optimize", "sideways"]);
    assert_eq!(o.status.code(), Some(2));
    let o = navscope(&["lab", "no/such/scene.json"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stderr).lines().count(), 1);
}

/// On random queries of a field of large triangles, each optimisation alone and both keep the
/// corridor valid and its funnel not longer, and together they shorten some funnel.
#[test]
fn optimised_corridors_are_valid_and_never_longer() {
    let scene = generate::rotated_squares(8, 6, 10.0, 0.3, 5);
    let built = build(&scene).unwrap();
    let all = [
        CorridorOptions {
            visibility: true,
            ..Default::default()
        },
        CorridorOptions {
            topology: true,
            ..Default::default()
        },
        CorridorOptions {
            visibility: true,
            topology: true,
            topology_nodes: 200,
            ..Default::default()
        },
    ];
    let mut shortened = 0;
    for (s, g) in random_queries(&built.mesh, 150, 21) {
        let result = query_mesh(&built.mesh, s, g, &FUNNEL);
        let Some(corridor) = result.corridor else {
            continue;
        };
        let before = funnel_length(&built.mesh, &corridor);
        for options in &all {
            let after = optimize_corridor(&built.mesh, &corridor, options);
            check_corridor(&built.mesh, &after).unwrap_or_else(|e| panic!("{s} -> {g}: {e}"));
            assert_eq!(after.triangles.first(), corridor.triangles.first());
            assert_eq!(after.triangles.last(), corridor.triangles.last());
            let length = funnel_length(&built.mesh, &after);
            assert!(length <= before, "{s} -> {g}: {length} > {before}");
            if length < before * (1.0 - 1e-9) {
                shortened += 1;
            }
        }
    }
    assert!(shortened > 0, "no corridor was improved");
}

#[test]
fn the_corridor_checker_rejects_broken_corridors() {
    let scene = generate::rotated_squares(4, 3, 10.0, 0.3, 2);
    let built = build(&scene).unwrap();
    let (s, g) = random_queries(&built.mesh, 40, 3)
        .into_iter()
        .find(|&(s, g)| {
            query_mesh(&built.mesh, s, g, &FUNNEL)
                .corridor
                .is_some_and(|c| c.triangles.len() > 4)
        })
        .unwrap();
    let corridor = query_mesh(&built.mesh, s, g, &FUNNEL).corridor.unwrap();
    check_corridor(&built.mesh, &corridor).unwrap();
    let mut gap = corridor.clone();
    gap.triangles.remove(2);
    gap.edges.remove(2);
    assert!(check_corridor(&built.mesh, &gap).is_err());
    let mut swapped = corridor.clone();
    std::mem::swap(&mut swapped.start, &mut swapped.goal);
    assert!(check_corridor(&built.mesh, &swapped).is_err());
    let mut repeated = corridor.clone();
    let (a, b) = (repeated.triangles[0], repeated.triangles[1]);
    repeated.triangles.splice(1..1, [b, a]);
    let (l, r) = repeated.edges[0];
    repeated.edges.splice(1..1, [(r, l), (l, r)]); // back and forth across the first edge
    let err = check_corridor(&built.mesh, &repeated).unwrap_err();
    assert!(err.contains("twice"), "{err}");
}

#[test]
fn lab_and_path_take_the_anytime_search() {
    let lab = lab_json(&[
        "assets/scenes/field.json",
        "--n",
        "40",
        "--optimize",
        "anytime",
        "--anytime-nodes",
        "16",
    ]);
    assert_eq!(lab["optimize"], serde_json::json!(["anytime"]));
    assert_eq!(lab["found"], 40);
    // `path` answers through the anytime corridor: its funnel is the library's.
    let scene = navscope::scene::load(std::path::Path::new("assets/scenes/field.json")).unwrap();
    let built = build(&scene).unwrap();
    let q = &scene.queries[0];
    let (from, to) = (
        format!("{},{}", q.start.x, q.start.y),
        format!("{},{}", q.goal.x, q.goal.y),
    );
    let args = [
        "path",
        "assets/scenes/field.json",
        "--from",
        &from,
        "--to",
        &to,
    ];
    let o = navscope(&[&args[..], &["--optimize", "anytime", "--json"]].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let path: Value = serde_json::from_slice(&o.stdout).unwrap();
    let options = QueryOptions {
        corridor: CorridorOptions {
            search: CorridorSearch::Anytime { budget: 64 },
            ..CorridorOptions::default()
        },
        ..FUNNEL
    };
    let side = query_mesh(&built.mesh, q.start, q.goal, &options);
    let funnel = side.path(Variant::Funnel).unwrap().length;
    let printed = path["results"][0]["paths"]["funnel"]["length"]
        .as_f64()
        .unwrap();
    assert!(
        (printed - funnel).abs() <= 1e-9 * funnel,
        "{printed} vs {funnel}"
    );
}
