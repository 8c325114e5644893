//! Radius-aware paths on the example scenes: narrow gaps just under and just over 2r, any radius
//! from one raw mesh, the CLI contract, and the median ratio to the shrunk mesh's funnel path.

mod radius_support;

use navscope::geom::Point;
use navscope::nav::{
    self, BuildOptions, Status, Variant, flatten_tolerance, invariants, query_raw,
};
use radius_support::*;

/// Where the path crosses the vertical line x (first crossing), if it does.
fn crossing_at_x(points: &[Point], x: f64) -> Option<f64> {
    points.windows(2).find_map(|w| {
        let (a, b) = (w[0], w[1]);
        ((a.x - x) * (b.x - x) <= 0.0 && a.x != b.x)
            .then(|| a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x))
    })
}

fn gaps_with_radius(r: f64) -> (nav::Build, Point, Point) {
    let scene = load("gaps");
    let b = nav::build_with(
        &scene,
        &BuildOptions {
            radius: Some(r),
            ..Default::default()
        },
    );
    (b.unwrap(), scene.queries[0].start, scene.queries[0].goal)
}

/// gaps.json: a wall at x in [14, 15] with a gap of 0.98 (y 7 to 7.98) and one of 1.02 (y 13 to
/// 14.02). Radius 0.5: the first is just under 2r, the second just over.
#[test]
fn gap_just_under_2r_is_blocked_and_just_over_is_open() {
    let (b, s, g) = gaps_with_radius(0.5);
    let q = nav::query(&b, s, g, &Default::default());
    let raw = q.raw.as_ref().unwrap();
    assert_eq!((q.status(), raw.status), (Status::Found, Status::Found));
    let t = q.path(Variant::Tangent).unwrap();
    let pts = t.points(flatten_tolerance(0.5));
    let y = crossing_at_x(&pts, 14.5).unwrap();
    assert!(
        (13.5 - 1e-9..=13.52 + 1e-9).contains(&y),
        "through the wide gap: y = {y}"
    );
    invariants::check_clearance(&pts, raw_nav(&b).walls(), 0.5, 1e-3 * 0.5).unwrap();
    // The narrow gap was tried and refused at its width.
    let refused: Vec<f64> = raw
        .blocked
        .iter()
        .filter(|c| {
            let at = c.at(&raw_nav(&b).mesh);
            (14.0..=15.0).contains(&at.x) && (7.0..=7.98).contains(&at.y)
        })
        .map(|c| c.width)
        .collect();
    assert!(
        !refused.is_empty() && refused.iter().all(|&w| w < 1.0),
        "{refused:?}"
    );
    assert!(
        refused.iter().any(|&w| (w - 0.98).abs() < 1e-9),
        "{refused:?}"
    );
}

#[test]
fn narrower_radius_takes_the_nearer_gap_wider_one_is_blocked() {
    let (b, s, g) = gaps_with_radius(0.48);
    let q = nav::query(&b, s, g, &Default::default());
    let t = q.path(Variant::Tangent).unwrap();
    let y = crossing_at_x(&t.points(flatten_tolerance(0.48)), 14.5).unwrap();
    assert!(
        (7.48 - 1e-9..=7.5 + 1e-9).contains(&y),
        "through the nearer gap: y = {y}"
    );

    let (b, s, g) = gaps_with_radius(0.52);
    let q = nav::query(&b, s, g, &Default::default());
    let raw = q.raw.as_ref().unwrap();
    assert_eq!(raw.status, Status::Blocked);
    assert!(q.path(Variant::Tangent).is_none() && q.path(Variant::Offset).is_none());
    assert!(raw.blocked.iter().any(|c| (c.width - 1.02).abs() < 1e-9));
    assert_eq!(
        q.status(),
        Status::Unreachable,
        "the shrunk mesh falls apart at the wall"
    );
}

/// One raw mesh answers every radius: the same as a build for that radius.
#[test]
fn one_raw_mesh_answers_any_radius() {
    let scene = load("rooms");
    let b = nav::build(&scene).unwrap();
    for r in [0.0, 0.2, 0.5, 0.9, 1.3] {
        let rebuilt = nav::build_with(
            &scene,
            &BuildOptions {
                radius: Some(r),
                ..Default::default()
            },
        )
        .unwrap();
        for q in &scene.queries {
            let ours = query_raw(raw_nav(&b), r, q.start, q.goal, true);
            let theirs = nav::query(&rebuilt, q.start, q.goal, &Default::default());
            let theirs = theirs.raw.as_ref().unwrap();
            assert_eq!(ours.status, theirs.status, "radius {r}");
            assert_eq!(ours.paths, theirs.paths, "radius {r}");
            if let Some((_, t)) = ours.paths.iter().find(|(v, _)| *v == Variant::Tangent) {
                invariants::check_clearance(
                    &t.points(flatten_tolerance(r)),
                    raw_nav(&b).walls(),
                    r,
                    2e-3 * r,
                )
                .unwrap();
            }
        }
    }
}

/// Random queries on every example scene: the tangent path keeps its clearance, agrees with
/// the shrunk mesh's funnel within 1% whenever both pass every obstacle on the same side, and
/// the median ratio tangent / funnel over all queries lies in [0.995, 1.01].
#[test]
fn median_ratio_tangent_to_shrunk_funnel() {
    let mut ratios = Vec::new();
    for name in ["rooms", "maze", "field", "islands", "gaps"] {
        let scene = load(name);
        let b = nav::build(&scene).unwrap();
        let r = b.radius;
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15 ^ name.len() as u64);
        for _ in 0..150 {
            let (Some(s), Some(g)) = (free_point(&mut rng, &b, r), free_point(&mut rng, &b, r))
            else {
                continue;
            };
            let q = nav::query(&b, s, g, &Default::default());
            let (Some(t), Some(f)) = (q.path(Variant::Tangent), q.path(Variant::Funnel)) else {
                continue;
            };
            let pts = t.points(flatten_tolerance(r));
            invariants::check_clearance(&pts, raw_nav(&b).walls(), r, 2e-3 * r).unwrap();
            let ratio = t.length / f.length;
            if same_side_of_every_obstacle(&raw_nav(&b).free_space, &pts, &f.points(0.0)) {
                assert!(
                    (ratio - 1.0).abs() <= 0.01,
                    "{name}: {ratio} from {s} to {g}"
                );
            }
            ratios.push(ratio);
        }
    }
    ratios.sort_by(f64::total_cmp);
    let median = ratios[ratios.len() / 2];
    println!(
        "median tangent / shrunk funnel length over {} random queries: {median:.5}",
        ratios.len()
    );
    println!("min {:.5}, max {:.5}", ratios[0], ratios[ratios.len() - 1]);
    assert!((0.995..=1.01).contains(&median), "median ratio {median}");
}

#[test]
fn cli_json_has_every_variant_and_the_tangent_segments() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_navscope"))
        .args([
            "path",
            concat!(env!("CARGO_MANIFEST_DIR"), "/assets/scenes/rooms.json"),
            "--json",
            "--radius",
            "0.4",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["radius"], 0.4);
    for result in v["results"].as_array().unwrap() {
        for key in [
            "name",
            "start",
            "goal",
            "status",
            "corridor",
            "portals",
            "paths",
            "timings_us",
            "raw_status",
            "metrics",
        ] {
            assert!(result.get(key).is_some(), "missing {key}");
        }
        assert_eq!(result["raw_status"], "found");
        for variant in [
            "midpoint",
            "funnel",
            "midpoint_smoothed",
            "tangent",
            "offset",
        ] {
            let p = &result["paths"][variant];
            assert!(p["length"].as_f64().unwrap() > 0.0, "{variant}");
            assert!(p["points"].as_array().unwrap().len() >= 2, "{variant}");
            let m = &result["metrics"][variant];
            for key in ["length", "vertex_count", "min_clearance", "time_us"] {
                assert!(m[key].is_number(), "{variant} metrics lack {key}");
            }
        }
        let offset = &result["paths"]["offset"];
        assert_eq!(
            offset["min_clearance"],
            result["metrics"]["offset"]["min_clearance"]
        );
        let tangent = &result["paths"]["tangent"];
        let segments = tangent["segments"].as_array().unwrap();
        let mut length = 0.0;
        for s in segments {
            if let Some(line) = s.get("line") {
                let (a, b) = (&line[0], &line[1]);
                length += (b[0].as_f64().unwrap() - a[0].as_f64().unwrap())
                    .hypot(b[1].as_f64().unwrap() - a[1].as_f64().unwrap());
            } else {
                let arc = &s["arc"];
                assert_eq!(arc["radius"], 0.4);
                for key in ["center", "start_angle", "sweep"] {
                    assert!(!arc[key].is_null(), "arc lacks {key}");
                }
                length += 0.4 * arc["sweep"].as_f64().unwrap().abs();
            }
        }
        assert!((length - tangent["length"].as_f64().unwrap()).abs() < 1e-9);
        // Flattened to 0.1% of r: every point lies on a line or within 0.1% of r of an arc.
        assert!(tangent["points"].as_array().unwrap().len() > segments.len());
    }
    // The table names every variant.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_navscope"))
        .args([
            "path",
            concat!(env!("CARGO_MANIFEST_DIR"), "/assets/scenes/rooms.json"),
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for variant in ["midpoint_smoothed", "tangent", "offset", "raw status"] {
        assert!(text.contains(variant), "table lacks {variant}");
    }
}

/// A start 0.36 from a crate's corner (radius 0.5): the shrunk mesh has it outside, the raw mesh
/// answers; the tangent path never gets nearer to a wall than the start is, and once away from
/// the start it keeps the full radius.
#[test]
fn start_inside_the_radius_of_a_corner_is_left_sensibly() {
    let scene = load("rooms");
    let b = nav::build(&scene).unwrap();
    let raw = raw_nav(&b);
    let (s, g) = (Point::new(4.8, 4.7), Point::new(38.0, 28.0));
    let own = raw.walls().distance_to_point(s, 1.0);
    assert!((own - 0.13f64.sqrt()).abs() < 1e-12);
    let q = nav::query(&b, s, g, &Default::default());
    assert_eq!(q.status(), Status::StartOutside);
    assert_eq!(q.raw.as_ref().unwrap().status, Status::Found);
    let t = q.path(Variant::Tangent).unwrap();
    invariants::check_tangent_continuity(t, 1e-9).unwrap();
    let pts = t.points(flatten_tolerance(0.5));
    invariants::check_endpoints(&pts, s, g).unwrap();
    assert!(invariants::min_clearance(&pts, raw.walls(), 1.0) >= own - 1e-3);
    let away: Vec<Point> = pts
        .iter()
        .copied()
        .filter(|p| p.distance(s) > 1.0)
        .collect();
    invariants::check_clearance(&away, raw.walls(), 0.5, 1e-3).unwrap();
}
