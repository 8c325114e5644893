//! Diagnoses of failed queries, through the library and through `navscope path --json`: an
//! unreachable goal on another island, a start inside an obstacle, a gap just under 2r.

use navscope::geom::{Point, winding_number};
use navscope::nav::{Answer, Build, QueryOptions, Status, Variant, build, query};
use navscope::scene::generate::rect;
use navscope::scene::{self, Obstacle, ObstacleId, Query, Scene};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn obstacle(i: u32, name: &str, ring: navscope::geom::Ring) -> Obstacle {
    Obstacle {
        id: ObstacleId(i),
        name: name.into(),
        ring,
    }
}

fn one_query(start: Point, goal: Point) -> Vec<Query> {
    vec![Query {
        name: "q".into(),
        start,
        goal,
    }]
}

/// A 20 x 20 room with a 4 x 4 pillar in the middle; the start is inside the pillar.
fn pillar() -> Scene {
    Scene {
        agent_radius: 0.5,
        walkable: vec![rect(0.0, 0.0, 20.0, 20.0)],
        obstacles: vec![obstacle(0, "pillar", rect(8.0, 8.0, 12.0, 12.0))],
        queries: one_query(Point::new(9.0, 10.5), Point::new(18.0, 18.0)),
        ..Default::default()
    }
}

/// A 30 x 20 room split by a wall at x 14..15 with one gap from y 9 to y 9.98: 0.02 under 2r.
const GAP: (f64, f64) = (9.0, 9.98);
fn gap() -> Scene {
    Scene {
        agent_radius: 0.5,
        walkable: vec![rect(0.0, 0.0, 30.0, 20.0)],
        obstacles: vec![
            obstacle(0, "south wall", rect(14.0, 0.0, 15.0, GAP.0)),
            obstacle(1, "north wall", rect(14.0, GAP.1, 15.0, 20.0)),
        ],
        queries: one_query(Point::new(3.0, 10.0), Point::new(27.0, 10.0)),
        ..Default::default()
    }
}

fn islands() -> Scene {
    scene::load(Path::new("assets/scenes/islands.json")).unwrap()
}

/// `navscope path SCENE --json` on a scene written to a temporary file: its first result.
fn cli_result(scene: &Scene) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scene.json");
    std::fs::write(&path, scene::to_json(scene)).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_navscope"))
        .args(["path", path.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    v["results"][0].clone()
}

fn point(v: &Value) -> Point {
    Point::new(v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
}

/// The query with its diagnosis, as the CLI and the editor answer it.
fn explained(s: &Scene, b: &Build, start: Point, goal: Point) -> Answer {
    let options = QueryOptions {
        explain: Some(s),
        ..QueryOptions::default()
    };
    query(b, start, goal, &options)
}

#[test]
fn the_other_island_is_unreachable_with_partial_paths_to_the_closest_point() {
    let s = islands();
    let b = build(&s).unwrap();
    let q = &s.queries[0];
    let r = explained(&s, &b, q.start, q.goal);
    assert_eq!(r.status(), Status::Unreachable);
    let d = r.diagnosis.clone().unwrap();
    let u = d.unreachable.as_ref().expect("an unreachable diagnosis");
    let component = |p: Point| b.mesh.component(b.mesh.locate(p).triangle().unwrap());
    assert_eq!(u.start_component, component(q.start));
    assert_eq!(u.goal_component, component(q.goal));
    assert_ne!(u.start_component, u.goal_component);
    // The start's island is [0, 20]^2, shrunk by r = 0.5 (and at most 1% of r more by the
    // polygonal rounding): the point nearest to the goal (38, 16) is (19.5, 16).
    let c = u.closest_reachable;
    assert_eq!(component(c), u.start_component);
    assert!(c.distance(Point::new(19.5, 16.0)) <= 0.005 + 1e-9, "{c}");
    let funnel = u
        .partial_paths
        .iter()
        .find(|(v, _)| *v == Variant::Funnel)
        .map(|(_, p)| p)
        .expect("a partial funnel path");
    assert_eq!(funnel.start, q.start);
    assert_eq!(funnel.end(), c);
    assert!(d.sentence().unwrap().contains("closest reachable point"));

    let j = cli_result(&s);
    assert_eq!(j["status"], "unreachable");
    assert!(point(&j["closest_reachable"]).distance(c) < 1e-12);
    let f = &j["paths"]["funnel"];
    assert_eq!(f["partial"], true);
    let points = f["points"].as_array().unwrap();
    assert!(point(points.last().unwrap()).distance(c) < 1e-12);
    assert_eq!(j["components"]["start"], u.start_component.0);
    assert!(
        j["diagnosis"]
            .as_str()
            .unwrap()
            .contains("closest reachable")
    );
    assert!(j.get("blocked_by").is_none() && j.get("bottleneck").is_none());
}

#[test]
fn a_start_inside_an_obstacle_names_it_and_gets_the_nearest_free_point() {
    let s = pillar();
    let b = build(&s).unwrap();
    let q = &s.queries[0];
    let r = explained(&s, &b, q.start, q.goal);
    assert_eq!(r.status(), Status::StartOutside);
    let d = r.diagnosis.clone().unwrap();
    let outside = d.start.as_ref().expect("the start is diagnosed");
    assert_eq!(outside.blocker.name, "pillar");
    assert!(!outside.blocker.inflated);
    assert!(d.goal.is_none());
    let n = outside.nearest.expect("a nearest free point");
    // The pillar grown by r ends at x = 7.5 on the left, 1.5 from the start (the top is 2 away).
    assert!(b.mesh.locate(n).is_inside(), "{n}");
    assert_eq!(winding_number(s.obstacles[0].ring.points(), n), 0);
    assert!((n.x - 7.5).abs() < 1e-6 && (n.y - 10.5).abs() < 1e-6, "{n}");
    assert!(
        query(&b, n, q.goal, &QueryOptions::default())
            .path(Variant::Funnel)
            .is_some()
    );

    let j = cli_result(&s);
    assert_eq!(j["status"], "start_outside");
    assert_eq!(j["blocked_by"], "pillar");
    assert_eq!(j["blocked_by_detail"]["kind"], "obstacle");
    assert_eq!(j["blocked_by_detail"]["index"], 0);
    assert_eq!(j["blocked_by_detail"]["inflated"], false);
    assert!(point(&j["nearest_start"]).distance(n) < 1e-12);
    assert!(j.get("nearest_goal").is_none());
    assert!(j["diagnosis"].as_str().unwrap().contains("pillar"));
}

#[test]
fn a_goal_near_the_outline_is_held_by_it() {
    let mut s = pillar();
    s.queries[0].start = Point::new(2.0, 2.0);
    s.queries[0].goal = Point::new(19.8, 5.0);
    let j = cli_result(&s);
    assert_eq!(j["status"], "goal_outside");
    assert_eq!(j["blocked_by"], "outline");
    assert_eq!(j["blocked_by_detail"]["end"], "goal");
    assert_eq!(j["blocked_by_detail"]["inflated"], true);
    let n = point(&j["nearest_goal"]);
    assert!(n.x <= 19.5 && n.x > 19.4 && (n.y - 5.0).abs() < 1e-6, "{n}");
}

#[test]
fn a_gap_just_under_two_radii_is_the_bottleneck() {
    let s = gap();
    let b = build(&s).unwrap();
    let q = &s.queries[0];
    let r = explained(&s, &b, q.start, q.goal);
    assert_eq!(r.raw.as_ref().unwrap().status, Status::Blocked);
    let d = r.diagnosis.clone().unwrap();
    let bottleneck = d.bottleneck.expect("a bottleneck");
    let width = GAP.1 - GAP.0;
    assert!((bottleneck.width - width).abs() < 1e-9, "{bottleneck:?}");
    // Across the gap: from a corner of one wall to the other wall, at mid-height.
    let at = bottleneck.at;
    assert!((at.y - (GAP.0 + GAP.1) / 2.0).abs() < 1e-9, "{at}");
    assert!((14.0..=15.0).contains(&at.x), "{at}");
    assert!(d.sentence().unwrap().contains("narrowest passage"));

    let j = cli_result(&s);
    assert_eq!(j["raw_status"], "blocked");
    assert!((j["bottleneck"]["width"].as_f64().unwrap() - width).abs() < 1e-9);
    assert!(point(&j["bottleneck"]["at"]).distance(at) < 1e-12);
}

#[test]
fn the_bottleneck_is_the_widest_of_the_narrow_gaps() {
    // Two gaps, both under 2r = 1: the route through the wider one (0.9) is the one to report.
    let mut s = gap();
    s.obstacles[1].ring = rect(14.0, GAP.1, 15.0, 15.0);
    s.obstacles
        .push(obstacle(2, "north cap", rect(14.0, 15.9, 15.0, 20.0)));
    let b = build(&s).unwrap();
    let q = &s.queries[0];
    let d = explained(&s, &b, q.start, q.goal).diagnosis.unwrap();
    let bottleneck = d.bottleneck.expect("a bottleneck");
    assert!((bottleneck.width - 0.98).abs() < 1e-9, "{bottleneck:?}");
    s.obstacles[2].ring = rect(14.0, 15.99, 15.0, 20.0);
    let b = build(&s).unwrap();
    let d = explained(&s, &b, q.start, q.goal).diagnosis.unwrap();
    let bottleneck = d.bottleneck.expect("a bottleneck");
    assert!((bottleneck.width - 0.99).abs() < 1e-9, "{bottleneck:?}");
    assert!((bottleneck.at.y - 15.495).abs() < 1e-9, "{bottleneck:?}");
}

#[test]
fn a_found_path_has_no_diagnosis() {
    let s = pillar();
    let b = build(&s).unwrap();
    let r = explained(&s, &b, Point::new(2.0, 2.0), Point::new(18.0, 18.0));
    assert!(r.diagnosis.as_ref().unwrap().is_empty());
    let mut found = s.clone();
    found.queries[0].start = Point::new(2.0, 2.0);
    let j = cli_result(&found);
    for key in ["diagnosis", "blocked_by", "closest_reachable", "bottleneck"] {
        assert!(j.get(key).is_none(), "{key}");
    }
    assert!(j["paths"]["funnel"].get("partial").is_none());
}
