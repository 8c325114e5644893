//! Off-mesh links: the scene format, the search through them, the joined paths of every
//! variant, unusable links reported like an outside start, and `navscope path --json`.

use navscope::geom::Point;
use navscope::nav::{self, PathSegment, QueryOptions, Status, Variant};
use navscope::scene::{self, Link, Scene};
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

const FLOORS: &str = "assets/scenes/floors.json";

fn navscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_navscope"))
        .args(args)
        .output()
        .expect("binary runs")
}

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn floors() -> Scene {
    scene::load(Path::new(FLOORS)).unwrap()
}

/// `navscope path --json` of `scene` (written to a temporary file) from `from` to `to`.
fn path_json(scene: &Scene, from: &str, to: &str) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("scene.json");
    scene::save(scene, &file).unwrap();
    let o = navscope(&[
        "path",
        file.to_str().unwrap(),
        "--from",
        from,
        "--to",
        to,
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let report: Value = serde_json::from_slice(&o.stdout).unwrap();
    report["results"][0].clone()
}

#[test]
fn two_floors_joined_only_by_a_link_are_walked_through_it() {
    let r = path_json(&floors(), "2,2", "38,2");
    assert_eq!(r["status"], "found");
    assert_eq!(r["raw_status"], "found");
    assert_eq!(r["links_used"], serde_json::json!(["stairs"]));
    // Every variant is made per piece and joined through the link: it reaches the stairs'
    // foot on the first floor, then leaves from their top on the second.
    for variant in Variant::ALL.map(Variant::name) {
        let points: Vec<[f64; 2]> = serde_json::from_value(r["paths"][variant]["points"].clone())
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
        let at = |q: [f64; 2]| points.iter().position(|&x| x == q);
        let (foot, top) = (at([14.0, 10.0]), at([26.0, 10.0]));
        assert!(
            foot.is_some() && top == foot.map(|i| i + 1),
            "{variant}: {points:?}"
        );
        assert!(
            points[..=foot.unwrap()].iter().all(|q| q[0] <= 16.0),
            "{variant}"
        );
        assert!(
            points[top.unwrap()..].iter().all(|q| q[0] >= 24.0),
            "{variant}"
        );
    }
    // The corridor holds triangles of both floors; the tangent path's segments name the link.
    let xs: Vec<f64> = r["corridor"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t[0][0].as_f64().unwrap())
        .collect();
    assert!(xs.iter().any(|&x| x < 16.0) && xs.iter().any(|&x| x > 24.0));
    let segments = r["paths"]["tangent"]["segments"].as_array().unwrap();
    assert_eq!(
        segments.iter().filter(|s| s.get("link").is_some()).count(),
        1
    );
}

#[test]
fn without_the_link_the_other_floor_is_unreachable_with_the_usual_diagnosis() {
    let mut scene = floors();
    scene.links.clear();
    let r = path_json(&scene, "2,2", "38,2");
    assert_eq!(r["status"], "unreachable");
    assert!(r.get("links_used").is_none());
    let why = r["diagnosis"].as_str().unwrap();
    assert!(why.contains("another part of the free space"), "{why}");
    assert!(r["components"].is_object() && r["closest_reachable"].is_array());
}

#[test]
fn a_one_way_link_is_taken_only_forwards_and_a_bidirectional_one_both_ways() {
    let scene = floors();
    let b = nav::build(&scene).unwrap();
    let options = QueryOptions::default();
    let used = |b: &nav::Build, s: Point, g: Point| -> Vec<String> {
        let a = nav::query(b, s, g, &options);
        assert_eq!(a.status(), Status::Found);
        a.shrunk
            .legs
            .iter()
            .map(|l| b.links[l.link].name.clone())
            .collect()
    };
    // Down: the one-way drop (cost 3) is cheaper than the stairs (12); up it cannot be taken.
    assert_eq!(used(&b, p(38.0, 2.0), p(2.0, 2.0)), ["drop"]);
    assert_eq!(used(&b, p(2.0, 2.0), p(38.0, 2.0)), ["stairs"]);
    // Without the drop, the stairs are taken downwards too.
    let mut stairs_only = scene.clone();
    stairs_only.links.retain(|l| l.name == "stairs");
    let b2 = nav::build(&stairs_only).unwrap();
    assert_eq!(used(&b2, p(38.0, 2.0), p(2.0, 2.0)), ["stairs"]);
    // Without the stairs, up is unreachable: the drop is one-way.
    let mut drop_only = scene;
    drop_only.links.retain(|l| l.name == "drop");
    let b3 = nav::build(&drop_only).unwrap();
    let a = nav::query(&b3, p(2.0, 2.0), p(38.0, 2.0), &options);
    assert_eq!(a.status(), Status::Unreachable);
}

#[test]
fn joined_paths_count_each_link_at_its_cost() {
    let scene = floors();
    let b = nav::build(&scene).unwrap();
    let a = nav::query(&b, p(38.0, 2.0), p(2.0, 2.0), &QueryOptions::default());
    let drop = &scene.links[1];
    assert_eq!(drop.cost(), 3.0);
    for (variant, path) in a.paths() {
        let links: Vec<&PathSegment> = path
            .segments
            .iter()
            .filter(|s| matches!(s, PathSegment::Link { .. }))
            .collect();
        assert_eq!(
            links,
            [&PathSegment::Link {
                from: drop.from,
                to: drop.to,
                cost: 3.0
            }],
            "{variant:?}"
        );
        let walked: f64 = path
            .segments
            .iter()
            .filter(|s| !matches!(s, PathSegment::Link { .. }))
            .map(PathSegment::length)
            .sum();
        assert!((path.length - walked - 3.0).abs() < 1e-9, "{variant:?}");
        assert_eq!(path.runs(0.01).len(), 2, "{variant:?}");
    }
    // The clearance of the joined paths is measured on the walked stretches only: the link
    // crosses the void between the floors, the paths never come closer than r to a wall.
    let funnel = a.metrics(Variant::Funnel).unwrap();
    assert!(funnel.min_clearance.unwrap() > 0.5 - 1e-6, "{funnel:?}");
    assert!(a.detour.is_none());
}

#[test]
fn with_cost_areas_a_link_still_costs_its_own_cost() {
    // Two rooms joined by stairs of cost 100, mud of cost 2 by the stairs' foot: the cost once
    // charged the stairs as the ground beneath them (43.8, below the length of 125.1).
    let text = r#"{"format": "navscope-scene", "version": 2, "agent_radius": 0.5,
        "links": [{"name": "stairs", "from": [14, 10], "to": [26, 10], "bidirectional": true, "cost": 100}],
        "areas": [{"name": "a", "kind": "walkable", "points": [[0, 0], [16, 0], [16, 12], [0, 12]]},
                  {"name": "b", "kind": "walkable", "points": [[24, 0], [40, 0], [40, 12], [24, 12]]},
                  {"name": "mud", "kind": "cost", "points": [[10, 0], [16, 0], [16, 12], [10, 12]], "cost": 2}]}"#;
    let scene = scene::from_json(text.as_bytes(), "stairs").unwrap();
    let result = path_json(&scene, "2,10", "38,10");
    assert_eq!(result["status"], "found", "{result}");
    // The optimal path: 8 on floor, 4 in mud (at 2), the stairs (100), 12 on floor.
    for (variant, m) in result["metrics"].as_object().unwrap() {
        let (length, cost) = (m["length"].as_f64().unwrap(), m["cost"].as_f64().unwrap());
        assert!(cost >= length, "{variant}: cost {cost} < length {length}");
        if variant == "optimal" {
            assert!(
                (cost - (8.0 + 2.0 * 4.0 + 100.0 + 12.0)).abs() < 1e-9,
                "{cost}"
            );
        }
    }
}

#[test]
fn the_closest_reachable_point_counts_what_links_reach() {
    // Rooms A, B and C in a row; a one-way teleporter from A to B; the goal in C. The closest
    // reachable point was once taken in A only (15.5, 6), though B (up to 39.5) is reached.
    let text = r#"{"format": "navscope-scene", "version": 1, "agent_radius": 0.5,
        "links": [{"name": "tp", "from": [5, 5], "to": [35, 5], "bidirectional": false}],
        "walkable": [[[0, 0], [16, 0], [16, 12], [0, 12]], [[24, 0], [40, 0], [40, 12], [24, 12]],
                     [[55, 0], [65, 0], [65, 12], [55, 12]]],
        "obstacles": []}"#;
    let scene = scene::from_json(text.as_bytes(), "rooms").unwrap();
    let result = path_json(&scene, "2,6", "60,6");
    assert_eq!(result["status"], "unreachable", "{result}");
    let closest = &result["closest_reachable"];
    let x = closest[0].as_f64().unwrap();
    assert!((x - 39.5).abs() < 0.01, "{closest}");
    // The partial paths go there, through the teleporter.
    let funnel = &result["paths"]["funnel"];
    assert_eq!(funnel["partial"], true);
    assert_eq!(
        funnel["points"][1],
        serde_json::json!([5.0, 5.0]),
        "{funnel}"
    );
    assert_eq!(
        funnel["points"][2],
        serde_json::json!([35.0, 5.0]),
        "{funnel}"
    );
    // Back from B, the teleporter is one way: A is not reached, and B is the closest.
    let result = path_json(&scene, "30,6", "60,6");
    let x = result["closest_reachable"][0].as_f64().unwrap();
    assert!((x - 39.5).abs() < 0.01, "{result}");
    let result = path_json(&scene, "30,6", "2,6");
    let x = result["closest_reachable"][0].as_f64().unwrap();
    assert!((x - 24.5).abs() < 0.01, "{result}");
}

#[test]
fn a_teleporter_of_cost_zero_is_found_though_it_beats_the_straight_line_heuristic() {
    // One long hall; a teleporter from near the start to near the goal costs nothing.
    let mut scene = Scene::from_areas(
        0.5,
        [(
            scene::AreaKind::Walkable,
            String::new(),
            navscope::geom::Ring(vec![p(0.0, 0.0), p(100.0, 0.0), p(100.0, 4.0), p(0.0, 4.0)]),
        )],
    );
    scene.links.push(Link {
        cost: Some(0.0),
        ..Link::new("teleporter", p(5.0, 2.0), p(95.0, 2.0))
    });
    let b = nav::build(&scene).unwrap();
    let a = nav::query(&b, p(2.0, 2.0), p(98.0, 2.0), &QueryOptions::default());
    assert_eq!(a.shrunk.legs.len(), 1);
    let funnel = a.path(Variant::Funnel).unwrap();
    assert!((funnel.length - 6.0).abs() < 1e-9, "{}", funnel.length);
}

#[test]
fn a_link_end_outside_the_free_space_is_reported_like_an_outside_start_and_not_used() {
    let mut scene = floors();
    // The stairs' top inside the pillar (x 31..33): unusable, so up is unreachable.
    scene.links[0].to = p(32.0, 6.0);
    let r = path_json(&scene, "2,2", "38,2");
    assert_eq!(r["status"], "unreachable");
    let why = r["diagnosis"].as_str().unwrap();
    assert!(
        why.contains("link \"stairs\" is not usable: its to end (32.000, 6.000) is inside obstacle \"pillar\"; the nearest free point is"),
        "{why}"
    );
    let unusable = &r["unusable_links"][0];
    assert_eq!(
        (&unusable["link"], &unusable["end"], &unusable["blocked_by"]),
        (
            &Value::from("stairs"),
            &Value::from("to"),
            &Value::from("pillar")
        )
    );
    // Snapping the end to the nearest free point makes the link usable again.
    let nearest: [f64; 2] = serde_json::from_value(unusable["nearest"].clone()).unwrap();
    scene.links[0].to = p(nearest[0], nearest[1]);
    let r = path_json(&scene, "2,2", "38,2");
    assert_eq!(r["links_used"], serde_json::json!(["stairs"]));
    assert!(r.get("unusable_links").is_none());
}

#[test]
fn links_load_and_save_byte_for_byte_and_files_without_links_are_unchanged() {
    let text = std::fs::read_to_string(FLOORS).unwrap();
    let scene = scene::from_json(text.as_bytes(), FLOORS).unwrap();
    assert_eq!(scene.links.len(), 2);
    assert_eq!(
        scene.links[1],
        Link {
            cost: Some(3.0),
            ..Link::new("drop", p(26.0, 2.0), p(14.0, 2.0))
        }
    );
    assert!(scene.links[0].bidirectional && scene.links[0].cost.is_none());
    let canonical = scene::to_json(&scene);
    assert!(
        canonical.contains(
            "  \"links\": [\n    {\"name\":\"stairs\",\"from\":[14.0,10.0],\"to\":[26.0,10.0],\"bidirectional\":true},\n"
        ),
        "{canonical}"
    );
    let again = scene::from_json(canonical.as_bytes(), "canonical").unwrap();
    assert_eq!(again, scene);
    assert_eq!(scene::to_json(&again), canonical);
    // A file without links has no "links" key, as before links existed.
    let mut without = scene.clone();
    without.links.clear();
    let plain = scene::to_json(&without);
    assert!(!plain.contains("links"));
    assert_eq!(
        canonical.replace(
            &canonical
                [canonical.find("  \"links\"").unwrap()..canonical.find("  \"walkable\"").unwrap()],
            ""
        ),
        plain
    );
}

#[test]
fn a_bad_link_is_one_line_naming_the_link_and_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            r#""cost": "far""#,
            "link 1 \"drop\": \"cost\" \"far\" is not a number",
        ),
        (
            r#""cost": -3"#,
            "link 1 \"drop\": \"cost\" -3 is not a finite number between 0 and",
        ),
    ];
    let text = std::fs::read_to_string(FLOORS).unwrap();
    for (cost, message) in cases {
        let file = dir.path().join("bad.json");
        std::fs::write(&file, text.replace(r#""cost": 3"#, cost)).unwrap();
        let o = navscope(&["path", file.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(message), "{err}");
    }
}

#[test]
fn usable_links_become_jumps_and_the_linked_search_yields_valid_corridor_pieces() {
    let mut scene = floors();
    // A third link with an end in the crate is left out; the stairs go both ways, the drop one.
    scene
        .links
        .push(Link::new("broken", p(8.0, 6.0), p(30.0, 6.0)));
    let b = nav::build(&scene).unwrap();
    let jumps = nav::Jumps::place(&b.mesh, &scene.links);
    let mesh = &b.mesh;
    let links_of = |t| -> Vec<usize> { jumps.starting_in(t).map(|j| jumps.jump(j).link).collect() };
    let at = |q: Point| mesh.triangles_at(&mesh.locate(q));
    assert!(at(p(14.0, 10.0)).into_iter().all(|t| links_of(t) == [0]));
    assert!(at(p(26.0, 10.0)).into_iter().all(|t| links_of(t) == [0]));
    assert!(at(p(26.0, 2.0)).into_iter().all(|t| links_of(t) == [1]));
    assert!(at(p(14.0, 2.0)).into_iter().all(|t| links_of(t).is_empty()));
    // The drop costs 3 over 12 units: the heuristic is scaled to a quarter.
    assert_eq!(jumps.heuristic_scale(), 0.25);

    let (s, g) = (p(2.0, 2.0), p(38.0, 2.0));
    let (first, legs) = nav::astar_linked(mesh, (s, &at(s)), (g, &at(g)), &jumps).unwrap();
    assert_eq!(legs.len(), 1);
    assert_eq!((first.start, first.goal), (s, p(14.0, 10.0)));
    assert_eq!(
        (legs[0].corridor.start, legs[0].corridor.goal),
        (p(26.0, 10.0), g)
    );
    for c in std::iter::once(&first).chain(legs.iter().map(|l| &l.corridor)) {
        nav::invariants::check_corridor(mesh, c).unwrap();
    }
    // Without links the plain search finds nothing between the floors.
    assert!(nav::astar(mesh, s, &at(s), g, &at(g)).is_none());
}
