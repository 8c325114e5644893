//! Scenario tests: expected statuses and path lengths worked out by hand (analytic geometry),
//! never produced by the code under test.

use navscope::geom::{Point, Ring};
use navscope::nav::{BuildOptions, Status, Variant, build, build_with, query_mesh};
use navscope::scene::generate::rect;
use navscope::scene::{self, Obstacle, ObstacleId, Scene};
use std::f64::consts::FRAC_PI_4;
use std::path::Path;

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn room_with(w: f64, h: f64, r: f64, boxes: &[Ring]) -> Scene {
    Scene {
        agent_radius: r,
        walkable: vec![rect(0.0, 0.0, w, h)],
        obstacles: boxes
            .iter()
            .enumerate()
            .map(|(i, ring)| Obstacle {
                id: ObstacleId(i as u32),
                name: format!("box {i}"),
                ring: ring.clone(),
            })
            .collect(),
        queries: Vec::new(),
        ..Default::default()
    }
}

fn lengths(scene: &Scene, s: Point, g: Point) -> (Status, f64, f64) {
    let b = build(scene).unwrap();
    let r = query_mesh(&b.mesh, s, g, &Default::default());
    let len = |v| r.path(v).map_or(f64::NAN, |p| p.length);
    (r.status, len(Variant::Funnel), len(Variant::Midpoint))
}

#[test]
fn open_room_gives_the_straight_line() {
    let (status, funnel, midpoint) =
        lengths(&room_with(10.0, 10.0, 0.5, &[]), p(1.0, 1.0), p(9.0, 9.0));
    assert_eq!(status, Status::Found);
    assert!((funnel - 8.0 * 2f64.sqrt()).abs() < 1e-12);
    assert!(midpoint >= funnel);
}

/// A wall rising from the floor at x in [9, 11] up to y = 6; start (5, 2), goal (15, 2).
fn wall_scene(r: f64) -> Scene {
    room_with(20.0, 10.0, r, &[rect(9.0, -1.0, 11.0, 6.0)])
}

#[test]
fn point_agent_path_touches_both_wall_corners() {
    // Exact: straight to (9, 6), along the top to (11, 6), down to the goal.
    let expected = 2.0 * (16.0f64 + 16.0).sqrt() + 2.0;
    let (status, funnel, _) = lengths(&wall_scene(0.0), p(5.0, 2.0), p(15.0, 2.0));
    assert_eq!(status, Status::Found);
    assert!((funnel - expected).abs() < 1e-9, "{funnel} vs {expected}");
}

#[test]
fn round_agent_path_wraps_the_corners_within_the_arc_tolerance() {
    // True shortest path for radius r: tangent from the start to the circle around (9, 6), an arc
    // turning from heading 45deg + asin(r/d) to heading 0, the 2-unit top, and the mirror image.
    let r = 0.5;
    let d = 32f64.sqrt();
    let exact = 2.0 * ((d * d - r * r).sqrt() + r * (FRAC_PI_4 + (r / d).asin())) + 2.0;
    let (status, funnel, midpoint) = lengths(&wall_scene(r), p(5.0, 2.0), p(15.0, 2.0));
    assert_eq!(status, Status::Found);
    assert!(
        funnel >= exact - 1e-9,
        "shorter than the true optimum: {funnel} < {exact}"
    );
    // The arcs are replaced by polygons at most 1% of r outside them.
    assert!(funnel <= exact + 0.01 * r, "{funnel} vs {exact}");
    assert!(midpoint > funnel);
}

#[test]
fn start_and_goal_in_one_triangle_or_equal() {
    let scene = room_with(10.0, 10.0, 0.0, &[]);
    let b = build(&scene).unwrap();
    let r = query_mesh(&b.mesh, p(5.0, 5.0), p(5.0, 5.0), &Default::default());
    assert_eq!(r.status, Status::Found);
    let f = r.path(Variant::Funnel).unwrap();
    assert_eq!((f.length, f.points(0.0)), (0.0, vec![p(5.0, 5.0)]));
}

#[test]
fn start_on_a_mesh_vertex_and_goal_on_an_edge() {
    // Radius 0: the box corner (4, 4) is a mesh vertex; (6, 5) is on the box's right side.
    let scene = room_with(10.0, 10.0, 0.0, &[rect(4.0, 4.0, 6.0, 6.0)]);
    let b = build(&scene).unwrap();
    let r = query_mesh(&b.mesh, p(4.0, 4.0), p(6.0, 5.0), &Default::default());
    assert_eq!(r.status, Status::Found);
    // Around the bottom-right corner (6, 4): 2 + 1.
    let f = r.path(Variant::Funnel).unwrap();
    assert!((f.length - 3.0).abs() < 1e-12, "{:?}", f.points(0.0));
    assert_eq!(f.points(0.0), vec![p(4.0, 4.0), p(6.0, 4.0), p(6.0, 5.0)]);
}

fn example(name: &str) -> Scene {
    scene::load(Path::new(&format!("assets/scenes/{name}.json"))).unwrap()
}

#[test]
fn islands_are_unreachable_and_outside_points_are_named() {
    let s = example("islands");
    let b = build(&s).unwrap();
    assert_eq!(b.mesh.component_count(), 2);
    assert_eq!(
        query_mesh(&b.mesh, p(2.0, 2.0), p(38.0, 16.0), &Default::default()).status,
        Status::Unreachable
    );
    assert_eq!(
        query_mesh(&b.mesh, p(10.0, 10.0), p(2.0, 2.0), &Default::default()).status,
        Status::StartOutside,
        "inside the rock"
    );
    assert_eq!(
        query_mesh(&b.mesh, p(2.0, 2.0), p(23.0, 10.0), &Default::default()).status,
        Status::GoalOutside,
        "between the islands"
    );
    assert_eq!(
        query_mesh(&b.mesh, p(2.0, 2.0), p(0.2, 2.0), &Default::default()).status,
        Status::GoalOutside,
        "within r of the shore"
    );
}

#[test]
fn a_gap_just_under_2r_is_closed_and_one_just_over_is_open() {
    let s = example("gaps");
    assert_eq!(s.agent_radius, 0.5);
    let b = build(&s).unwrap();
    let r = query_mesh(&b.mesh, p(3.0, 10.0), p(27.0, 10.0), &Default::default());
    assert_eq!(r.status, Status::Found);
    // The only way through is the 1.02 gap between y = 13 and y = 14.02.
    let pts = r.path(Variant::Funnel).unwrap().points(0.0);
    let crossing = pts
        .windows(2)
        .find(|w| w[0].x <= 14.5 && w[1].x >= 14.5)
        .unwrap();
    let y = crossing[0].y
        + (14.5 - crossing[0].x) / (crossing[1].x - crossing[0].x)
            * (crossing[1].y - crossing[0].y);
    assert!((13.5..=13.52).contains(&y), "crossed at y = {y}");
    // With a slightly larger agent neither gap is open.
    let b = build_with(
        &s,
        &BuildOptions {
            radius: Some(0.515),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(
        query_mesh(&b.mesh, p(3.0, 10.0), p(27.0, 10.0), &Default::default()).status,
        Status::Unreachable
    );
}

#[test]
fn example_scene_queries_behave_as_designed() {
    let expected = [
        ("rooms", vec![Status::Found, Status::Found, Status::Found]),
        ("maze", vec![Status::Found, Status::Found]),
        ("field", vec![Status::Found, Status::Found]),
        ("islands", vec![Status::Unreachable, Status::Found]),
        ("gaps", vec![Status::Found]),
    ];
    for (name, statuses) in expected {
        let s = example(name);
        let b = build(&s).unwrap();
        b.mesh.validate(&b.free_space).unwrap();
        let got: Vec<Status> = s
            .queries
            .iter()
            .map(|q| query_mesh(&b.mesh, q.start, q.goal, &Default::default()).status)
            .collect();
        assert_eq!(got, statuses, "{name}");
        for q in &s.queries {
            let r = query_mesh(&b.mesh, q.start, q.goal, &Default::default());
            if let Some(f) = r.path(Variant::Funnel) {
                assert!(f.length >= q.start.distance(q.goal) - 1e-12);
            }
        }
    }
}
