//! Area costs end to end: the `cost` area kind in scene files, cost outlines in both meshes, the
//! weighted A* and the weighted cost of every path (issue 15, item 1).

use navscope::geom::Point;
use navscope::nav::{self, Answer, QueryOptions, Variant};
use navscope::scene::generate::rect;
use navscope::scene::{self, AreaKind, Scene};

const MUD: &str = include_str!("../assets/scenes/mud.json");

/// The example scene: ground 40 x 40 with a mud band (cost 5) x in [19, 21], y in [2, 38].
fn mud_scene() -> Scene {
    scene::from_json(MUD.as_bytes(), "mud.json").unwrap()
}

fn answer(scene: &Scene, query: &str) -> Answer {
    let q = scene.queries.iter().find(|q| q.name == query).unwrap();
    let build = nav::build(scene).unwrap();
    nav::query(&build, q.start, q.goal, &QueryOptions::default())
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

#[test]
fn the_corridor_goes_through_the_mud_when_the_detour_costs_more() {
    let a = answer(&mud_scene(), "through the mud");
    let funnel = a.path(Variant::Funnel).unwrap();
    // Straight across: 36 long, 2 of it in mud at cost 5 (the detour over y = 38 would cost
    // about 2 * sqrt(17^2 + 18.5^2) + 2 = 52).
    let points = funnel.points(0.01);
    assert!(points.iter().all(|p| p.y == 20.0), "{points:?}");
    let m = a.metrics(Variant::Funnel).unwrap();
    assert!(close(m.length, 36.0), "{m:?}");
    assert!(close(m.cost, 34.0 + 2.0 * 5.0), "{m:?}");
    // The radius-aware side searches the weighted raw mesh the same way (its funnel wraps the
    // outline's corners like wall corners, so it may bulge by a hair where it passes one).
    let tangent = a.metrics(Variant::Tangent).unwrap();
    assert!((tangent.cost - 44.0).abs() < 0.05, "{tangent:?}");
    assert!(
        (tangent.cost - tangent.length - 8.0).abs() < 1e-4,
        "{tangent:?}"
    );
}

#[test]
fn the_corridor_goes_round_the_mud_when_the_detour_is_cheaper() {
    let scene = mud_scene();
    let a = answer(&scene, "round the mud");
    let funnel = a.path(Variant::Funnel).unwrap().points(0.01);
    // Over the top of the band (y > 38), never into it: the weighted cost is the length.
    assert!(funnel.iter().any(|p| p.y >= 38.0), "{funnel:?}");
    let m = a.metrics(Variant::Funnel).unwrap();
    let funnel_length = m.length;
    assert!(close(m.cost, m.length), "{m:?}");
    // Straight through would be 36 long but cost 44; the detour is longer and cheaper.
    assert!(m.length > 36.0 && m.cost < 44.0, "{m:?}");
    // The optimal variant stays the Euclidean optimum: straight through, and its cost says so.
    let optimal = a.metrics(Variant::Optimal).unwrap();
    assert!(
        close(optimal.length, 36.0) && close(optimal.cost, 44.0),
        "{optimal:?}"
    );
    // The radius-aware paths go round too, as close to the mud as the funnel.
    for variant in [Variant::Tangent, Variant::Offset] {
        let m = a.metrics(variant).unwrap();
        assert!(
            close(m.cost, m.length) && close(m.length, funnel_length),
            "{variant:?} {m:?}"
        );
    }
    // Smoothing the midpoints does not cut back through the mud either.
    let smoothed = a.metrics(Variant::MidpointSmoothed).unwrap();
    assert!(close(smoothed.cost, smoothed.length), "{smoothed:?}");
    // The corridor optimisations keep a corridor only when its funnel is cheaper, not shorter.
    let q = &scene.queries[1];
    let optimised = QueryOptions {
        corridor: nav::CorridorOptions {
            visibility: true,
            topology: true,
            ..Default::default()
        },
        ..QueryOptions::default()
    };
    let build = nav::build(&scene).unwrap();
    let o = nav::query(&build, q.start, q.goal, &optimised);
    let m = o.metrics(Variant::Funnel).unwrap();
    assert!(close(m.cost, funnel_length), "{m:?}");
    // With the mud at the floor's cost the same query goes straight.
    let mut plain = scene.clone();
    plain.costs[0].cost = 1.0;
    let straight = answer(&plain, "round the mud");
    assert_eq!(
        straight.path(Variant::Funnel).unwrap().points(0.01),
        vec![Point::new(2.0, 37.0), Point::new(38.0, 37.0)]
    );
}

#[test]
fn cheaper_ground_draws_the_path_and_the_search_stays_admissible() {
    // A road (cost 0.1) along the bottom: going down to it and back beats the straight line.
    let mut scene = Scene::from_areas(
        0.5,
        [
            (
                AreaKind::Walkable,
                String::new(),
                rect(0.0, 0.0, 100.0, 20.0),
            ),
            (AreaKind::Cost, "road".into(), rect(0.0, 0.0, 100.0, 4.0)),
        ],
    );
    scene.costs[0].cost = 0.1;
    let build = nav::build(&scene).unwrap();
    let (start, goal) = (Point::new(2.0, 10.0), Point::new(98.0, 10.0));
    let a = nav::query(&build, start, goal, &QueryOptions::default());
    let m = a.metrics(Variant::Funnel).unwrap();
    assert!(m.length > 96.0 + 1.0 && m.cost < 96.0, "{m:?}");
    // The search's own result (its weighted length) never undercuts the heuristic at the start.
    let events = nav::astar_trace(
        &build.mesh,
        start,
        &build.mesh.triangles_at(&build.mesh.locate(start)),
        goal,
        &build.mesh.triangles_at(&build.mesh.locate(goal)),
    );
    let found = events.iter().find_map(|e| match e {
        nav::SearchEvent::Found { length, .. } => Some(*length),
        _ => None,
    });
    let first_h = match events[0] {
        nav::SearchEvent::Open { h, .. } => h,
        _ => panic!("the search opens the start triangle first"),
    };
    assert!(first_h <= found.unwrap(), "{first_h} > {found:?}");
    assert!(close(first_h, 0.1 * 96.0));
}

#[test]
fn each_triangle_lies_inside_or_outside_the_cost_area_and_the_free_space_is_unchanged() {
    let scene = mud_scene();
    let build = nav::build(&scene).unwrap();
    let mut plain = scene.clone();
    plain.costs.clear();
    plain.order.clear();
    let without = nav::build(&plain).unwrap();
    assert_eq!(build.free_space, without.free_space);
    let raw = build.raw.as_ref().unwrap();
    for mesh in [&build.mesh, &raw.mesh] {
        mesh.validate(if std::ptr::eq(mesh, &build.mesh) {
            &build.free_space
        } else {
            &raw.free_space
        })
        .unwrap();
        let mut in_mud = 0;
        for t in mesh.triangle_ids() {
            let c = mesh.centroid(t);
            for corner in mesh.triangle_points(t) {
                // Every point of the triangle has the triangle's cost.
                let near = corner.lerp(c, 0.01);
                assert_eq!(
                    mesh.cost_map().cost_at(near),
                    mesh.cost(t),
                    "triangle {t:?}"
                );
            }
            in_mud += usize::from(mesh.cost(t) == 5.0);
        }
        assert!(in_mud >= 2);
        // One connected free space: the cost outline is no wall.
        assert_eq!(mesh.component_count(), 1);
    }
}

#[test]
fn cost_areas_round_trip_and_bad_costs_name_the_area_and_the_field() {
    let scene = mud_scene();
    assert_eq!(scene.costs.len(), 1);
    assert_eq!(scene.costs[0].cost, 5.0);
    let text = scene::to_json(&scene);
    assert_eq!(scene::from_json(text.as_bytes(), "again").unwrap(), scene);
    assert_eq!(
        scene::to_json(&scene::from_json(text.as_bytes(), "x").unwrap()),
        text
    );

    let missing = MUD.replace(",\"cost\":5", "");
    let err = scene::from_json(missing.as_bytes(), "mud.json")
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "mud.json: area 1 \"mud\": a cost area needs a \"cost\" (a number > 0)"
    );
    let stray = MUD.replace(
        "\"kind\":\"walkable\",",
        "\"kind\":\"walkable\",\"cost\":2,",
    );
    let err = scene::from_json(stray.as_bytes(), "mud.json")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("area 0 \"ground\": \"cost\" is only for"),
        "{err}"
    );
    for (bad, says) in [
        ("-1", "cost -1 must be greater than 0"),
        ("0", "cost 0 must be greater than 0"),
    ] {
        let text = MUD.replace("\"cost\":5", &format!("\"cost\":{bad}"));
        let scene = scene::from_json(text.as_bytes(), "mud.json").unwrap();
        let err = nav::build(&scene).unwrap_err().to_string();
        assert!(
            err.contains(&format!("cost area 0 \"mud\": {says}")),
            "{err}"
        );
    }
    let mut nan = mud_scene();
    nan.costs[0].cost = f64::NAN;
    let err = nav::build(&nan).unwrap_err().to_string();
    assert!(
        err.contains("cost area 0 \"mud\": cost NaN is not a finite number"),
        "{err}"
    );
}

#[test]
fn a_cost_area_listed_between_other_areas_keeps_its_place_in_the_file() {
    let text = r#"{
  "format": "navscope-scene",
  "version": 2,
  "agent_radius": 0.5,
  "areas": [
    {"name":"ground","kind":"walkable","points":[[0.0,0.0],[40.0,0.0],[40.0,40.0],[0.0,40.0]]},
    {"name":"mud","kind":"cost","points":[[19.0,2.0],[21.0,2.0],[21.0,38.0],[19.0,38.0]],"cost":2.5},
    {"name":"crate","kind":"obstacle","points":[[5.0,5.0],[8.0,5.0],[8.0,8.0],[5.0,8.0]]}
  ],
  "queries": []
}
"#;
    let scene = scene::from_json(text.as_bytes(), "t").unwrap();
    assert_eq!(scene::to_json(&scene), text);
    assert_eq!(scene.costs[0].cost, 2.5);
    nav::build(&scene).unwrap();
}

#[test]
fn cost_areas_are_added_costed_and_undone_through_the_document() {
    use navscope::document::{Document, Edit};
    let mut scene = mud_scene();
    let mud = scene.costs.remove(0);
    scene.order.clear();
    let mut doc = Document::new(scene);
    doc.apply(Edit::AddCostArea(mud)).unwrap();
    doc.apply(Edit::SetCost {
        index: 0,
        cost: 2.0,
    })
    .unwrap();
    assert_eq!(doc.scene().costs[0].cost, 2.0);
    assert_eq!(doc.scene(), &{
        let mut s = mud_scene();
        s.costs[0].cost = 2.0;
        s
    });
    doc.undo();
    assert_eq!(doc.scene(), &mud_scene());
    assert!(
        doc.apply(Edit::SetCost {
            index: 3,
            cost: 2.0
        })
        .is_err()
    );
    // Deleting the area leaves the scene as it was without it.
    doc.apply(Edit::DeleteRing(scene::RingRef::Cost(0)))
        .unwrap();
    assert!(doc.scene().costs.is_empty() && doc.scene().order.is_empty());
}

/// The corners of cost areas lie in the open, but the clearance widths took every raw mesh
/// vertex for a wall point: a start or goal inside a 1 x 1 tile of an empty room made the
/// radius-aware side `blocked` ("the narrowest passage ... is 0.1667 wide", at the corner of
/// another tile 10 units away) and dropped the tangent and offset paths.
#[test]
fn cost_area_corners_do_not_narrow_the_radius_aware_side() {
    let text = r#"{"format": "navscope-scene", "version": 2, "agent_radius": 0.5,
        "areas": [{"name": "ground", "kind": "walkable", "points": [[0, 0], [40, 0], [40, 30], [0, 30]]},
                  {"name": "tile", "kind": "cost", "points": [[20, 5], [21, 5], [21, 6], [20, 6]], "cost": 2},
                  {"name": "cheap", "kind": "cost", "points": [[20, 15], [21, 15], [21, 16], [20, 16]], "cost": 0.5}]}"#;
    let scene = scene::from_json(text.as_bytes(), "tiles").unwrap();
    let build = nav::build(&scene).unwrap();
    for (start, goal) in [
        ((20.5, 5.5), (30.0, 5.5)),
        ((5.0, 5.5), (20.5, 5.5)),
        ((20.5, 15.5), (35.0, 15.5)),
    ] {
        let (s, g) = (Point::new(start.0, start.1), Point::new(goal.0, goal.1));
        let a = nav::query(&build, s, g, &QueryOptions::default());
        let raw = a.raw.as_ref().unwrap();
        assert_eq!(raw.status, nav::Status::Found, "{start:?} -> {goal:?}");
        let tangent = a.metrics(Variant::Tangent).unwrap();
        assert!(
            tangent.min_clearance.unwrap() >= 0.5 * (1.0 - 2e-3),
            "{tangent:?}"
        );
    }
}

/// A crossing at a wall corner whose far edge joins two cost-area corners in the open: the
/// search for the nearest wall across that edge, which no wall bound, came round to the corner
/// itself and measured a width of 0, so the tangent and offset paths took a detour 12.8%
/// longer (50.11 against 44.41) round the far side of a cost area the straight way never
/// touches.
#[test]
fn a_crossing_past_cost_area_corners_in_the_open_keeps_its_width() {
    let text = r#"{"format": "navscope-scene", "version": 2, "agent_radius": 0.5,
        "areas": [{"name": "", "kind": "walkable", "points": [[0, 0], [40, 0], [40, 30], [0, 30]]},
                  {"name": "mud", "kind": "cost", "points": [[22, 9], [22, 2.5], [7.5, 2.5]], "cost": 5}]}"#;
    let scene = scene::from_json(text.as_bytes(), "costmin").unwrap();
    let build = nav::build(&scene).unwrap();
    let (s, g) = (Point::new(2.0, 2.0), Point::new(38.0, 28.0));
    let a = nav::query(&build, s, g, &QueryOptions::default());
    let straight = s.distance(g);
    for v in [Variant::Funnel, Variant::Tangent, Variant::Offset] {
        let m = a.metrics(v).unwrap();
        assert!(close(m.length, straight), "{v:?}: {m:?}");
    }
}

/// Where every area costs 1 a path costs its length, arcs included: the tangent path's arcs
/// were weighed by their chords, so it cost less than its length (55.3868 against 55.3877).
#[test]
fn a_path_on_ground_of_cost_1_costs_its_length_arcs_included() {
    let text = r#"{"format": "navscope-scene", "version": 2, "agent_radius": 1.5,
        "areas": [{"name": "", "kind": "walkable", "points": [[0, 0], [40, 0], [40, 30], [0, 30]]},
                  {"name": "pillar", "kind": "obstacle", "points": [[18, 10], [22, 10], [22, 20], [18, 20]]},
                  {"name": "flat", "kind": "cost", "points": [[30, 2], [35, 2], [35, 6], [30, 6]], "cost": 1}]}"#;
    let scene = scene::from_json(text.as_bytes(), "flat").unwrap();
    let build = nav::build(&scene).unwrap();
    let a = nav::query(
        &build,
        Point::new(5.0, 15.0),
        Point::new(35.0, 15.0),
        &QueryOptions::default(),
    );
    let tangent = a.path(Variant::Tangent).unwrap();
    assert!(
        tangent
            .segments
            .iter()
            .any(|s| matches!(s, nav::PathSegment::Arc(_))),
        "the tangent path wraps the pillar's corners"
    );
    for (v, m) in &a.metrics {
        assert!((m.cost - m.length).abs() <= 1e-9 * m.length, "{v:?}: {m:?}");
    }
}
