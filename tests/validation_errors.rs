//! Validation and repair: errors name the ring and the problem; repairs are warnings.

use navscope::geom::{Point, Ring};
use navscope::nav::{BuildError, BuildOptions, build, build_with};
use navscope::scene::generate::rect;
use navscope::scene::{Obstacle, ObstacleId, RingRef, Scene};

fn scene_with(obstacles: Vec<(&str, Vec<(f64, f64)>)>) -> Scene {
    Scene {
        agent_radius: 0.5,
        walkable: vec![rect(0.0, 0.0, 20.0, 20.0)],
        obstacles: obstacles
            .into_iter()
            .enumerate()
            .map(|(i, (name, pts))| Obstacle {
                id: ObstacleId(i as u32),
                name: name.to_string(),
                ring: Ring::new(pts.into_iter().map(|(x, y)| Point::new(x, y)).collect()),
            })
            .collect(),
        queries: Vec::new(),
        ..Default::default()
    }
}

fn error_of(s: &Scene) -> String {
    match build(s) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("expected a build error"),
    }
}

#[test]
fn too_few_points_names_the_ring() {
    let s = scene_with(vec![("crate", vec![(1.0, 1.0), (2.0, 2.0), (1.0, 1.0)])]);
    let msg = error_of(&s);
    assert!(
        msg.contains("obstacle 0 \"crate\"") && msg.contains("2 distinct"),
        "{msg}"
    );
}

#[test]
fn zero_area_is_an_error() {
    let s = scene_with(vec![("line", vec![(1.0, 1.0), (2.0, 2.0), (3.0, 3.0)])]);
    let msg = error_of(&s);
    assert!(
        msg.contains("\"line\"") && msg.contains("zero area"),
        "{msg}"
    );
    // A non-convex ring that folds onto itself has zero area too.
    let s = scene_with(vec![(
        "fold",
        vec![(1.0, 1.0), (3.0, 1.0), (2.0, 1.0), (4.0, 1.0)],
    )]);
    assert!(error_of(&s).contains("zero area"));
}

#[test]
fn non_finite_and_out_of_range_numbers() {
    let mut s = scene_with(vec![("a", vec![(1.0, 1.0), (2.0, 1.0), (2.0, f64::NAN)])]);
    let msg = error_of(&s);
    assert!(
        msg.contains("obstacle 0 \"a\"") && msg.contains("point 2") && msg.contains("not finite"),
        "{msg}"
    );
    s = scene_with(vec![("b", vec![(1.0, 1.0), (2e12, 1.0), (2.0, 2.0)])]);
    assert!(error_of(&s).contains("out of range"));
    // Compact numbers, never 301 digits or `-0`.
    s = scene_with(vec![("c", vec![(-0.0, -1e300), (2.0, 1.0), (2.0, 2.0)])]);
    let msg = error_of(&s);
    assert!(msg.contains("point 0 (0, -1e300) is out of range"), "{msg}");
    s = scene_with(vec![]);
    s.agent_radius = -1.0;
    assert!(error_of(&s).contains("negative"));
    s.agent_radius = f64::INFINITY;
    assert!(error_of(&s).contains("not a finite"));
}

#[test]
fn no_walkable_ring_is_an_error() {
    let mut s = scene_with(vec![]);
    s.walkable.clear();
    assert!(error_of(&s).contains("no walkable ring"));
}

#[test]
fn self_intersections_and_duplicates_are_repaired_with_warnings() {
    // A bow tie (self-intersecting) and a square with a repeated point.
    let s = scene_with(vec![
        (
            "bow tie",
            vec![(2.0, 2.0), (6.0, 6.0), (6.0, 2.0), (2.0, 6.0)],
        ),
        (
            "box",
            vec![
                (10.0, 10.0),
                (12.0, 10.0),
                (12.0, 10.0),
                (12.0, 12.0),
                (10.0, 12.0),
            ],
        ),
    ]);
    let b = build(&s).unwrap();
    let text: Vec<String> = b.warnings.iter().map(|w| w.to_string()).collect();
    assert!(
        text.iter()
            .any(|w| w.contains("\"bow tie\"") && w.contains("self-intersecting")),
        "{text:?}"
    );
    assert!(
        text.iter()
            .any(|w| w.contains("\"box\"") && w.contains("duplicate")),
        "{text:?}"
    );
    b.mesh.validate(&b.free_space).unwrap();
    // The bow tie's two lobes are both obstacles: their centres are outside the free space.
    assert!(!b.mesh.locate(Point::new(3.0, 4.0)).is_inside());
    assert!(!b.mesh.locate(Point::new(5.0, 4.0)).is_inside());
}

#[test]
fn overlapping_obstacles_are_merged_with_a_warning_naming_both() {
    let s = scene_with(vec![
        ("left", vec![(2.0, 2.0), (6.0, 2.0), (6.0, 6.0), (2.0, 6.0)]),
        (
            "right",
            vec![(5.0, 3.0), (9.0, 3.0), (9.0, 5.0), (5.0, 5.0)],
        ),
        ("far", vec![(14.0, 14.0), (16.0, 14.0), (16.0, 16.0)]),
    ]);
    let b = build(&s).unwrap();
    assert_eq!(b.warnings.len(), 1, "{:?}", b.warnings);
    let w = &b.warnings[0];
    assert_eq!(w.ring, Some(RingRef::Obstacle(0)));
    assert!(
        w.message.contains("\"left\"")
            && w.message.contains("\"right\"")
            && w.message.contains("merged")
    );
}

#[test]
fn touching_but_not_overlapping_obstacles_give_no_warning() {
    let s = scene_with(vec![
        ("a", vec![(2.0, 2.0), (4.0, 2.0), (4.0, 4.0), (2.0, 4.0)]),
        ("b", vec![(4.0, 2.0), (6.0, 2.0), (6.0, 4.0), (4.0, 4.0)]),
    ]);
    assert!(build(&s).unwrap().warnings.is_empty());
}

#[test]
fn radius_larger_than_the_map_is_a_clear_error() {
    let s = scene_with(vec![]);
    let e = build_with(
        &s,
        &BuildOptions {
            radius: Some(11.0),
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(matches!(e, BuildError::EmptyFreeSpace { .. }), "{e}");
    assert!(e.to_string().contains("radius 11"));
}

#[test]
fn radius_zero_builds_the_raw_free_space() {
    let s = scene_with(vec![(
        "box",
        vec![(5.0, 5.0), (8.0, 5.0), (8.0, 9.0), (5.0, 9.0)],
    )]);
    let b = build_with(
        &s,
        &BuildOptions {
            radius: Some(0.0),
            ..Default::default()
        },
    )
    .unwrap();
    b.mesh.validate(&b.free_space).unwrap();
    assert!((b.mesh.area() - (400.0 - 12.0)).abs() < 1e-9);
    // Every vertex is a scene corner, and knows which one.
    for (i, p) in b.mesh.vertices().iter().enumerate() {
        let corner = b
            .mesh
            .vertex_corner(navscope::nav::VertexId(i as u32))
            .expect("a corner");
        assert_eq!(s.ring(corner.ring).unwrap().points()[corner.index], *p);
    }
}
