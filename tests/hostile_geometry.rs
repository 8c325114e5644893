//! Issue 11: geometry a hostile user draws. A tiny arc tolerance stays bounded, and a thin
//! obstacle (a sliver, a fence of width 1e-9, a near-collinear ring) blocks every path variant
//! in both meshes at every radius: it is never dropped silently.

use navscope::geom::{Point, Ring, Segment, segment_distance};
use navscope::nav::{self, BuildOptions, Status, Variant};
use navscope::scene::{self, Scene, generate};
use std::time::{Duration, Instant};

fn build(scene: &Scene, radius: f64) -> Result<nav::Build, nav::BuildError> {
    nav::build_with(
        scene,
        &BuildOptions {
            radius: Some(radius),
            ..Default::default()
        },
    )
}

/// The gaps scene of the examples.
fn gaps() -> Scene {
    scene::load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/scenes/gaps.json"
    )))
    .unwrap()
}

/// Issue 11 item 2: `build gaps.json --arc-tolerance 1e-20` (also 1e-15, 5e-324, 1e-12) looped
/// for ever: the angular step of an arc was never clamped. Arcs now have at most 200 segments per
/// full circle, so the free space is no bigger than with the finest step the default allows.
#[test]
fn tiny_arc_tolerance_builds_at_most_200_segments_per_circle() {
    let scene = gaps();
    let r = scene.agent_radius;
    let finest = nav::build_with(
        &scene,
        &BuildOptions {
            arc_tolerance: Some(1e-4 * r),
            ..Default::default()
        },
    )
    .unwrap();
    let finest_points: usize = finest
        .free_space
        .contours
        .iter()
        .map(|c| c.points.len())
        .sum();
    for tolerance in [1e-20, 1e-15, 5e-324, 1e-12] {
        let started = Instant::now();
        let b = nav::build_with(
            &scene,
            &BuildOptions {
                arc_tolerance: Some(tolerance),
                ..Default::default()
            },
        )
        .unwrap();
        let points: usize = b.free_space.contours.iter().map(|c| c.points.len()).sum();
        assert!(
            points <= finest_points,
            "tolerance {tolerance}: {points} points, more than {finest_points}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "tolerance {tolerance}"
        );
    }
}

/// Every found path of every variant (shrunk and raw mesh) for start `s` and goal `g`.
fn found_paths(b: &nav::Build, s: Point, g: Point) -> Vec<(Variant, Vec<Point>)> {
    let q = nav::query(b, s, g, &Default::default());
    Variant::ALL
        .iter()
        .filter_map(|&v| {
            q.path(v)
                .map(|p| (v, p.points(nav::flatten_tolerance(b.radius.max(1e-3)))))
        })
        .collect()
}

/// A fence of width 1e-9 across a 40 x 30 room blocks every variant at every radius, including
/// 0: no path from the west half to the east half, and none crosses the fence.
#[test]
fn thin_fence_blocks_every_variant_at_every_radius() {
    let fence = Ring::new(vec![
        Point::new(20.0, -1.0),
        Point::new(20.0 + 1e-9, -1.0),
        Point::new(20.0 + 1e-9, 31.0),
        Point::new(20.0, 31.0),
    ]);
    let scene = generate::scene_with(vec![generate::rect(0.0, 0.0, 40.0, 30.0)], vec![fence], 0.5);
    let (s, g) = (Point::new(5.0, 15.0), Point::new(35.0, 15.0));
    for r in [0.0, 0.1, 0.5, 1.0, 2.5] {
        let b = build(&scene, r).unwrap();
        let found = found_paths(&b, s, g);
        assert!(
            found.is_empty(),
            "radius {r}: found {:?}",
            found.iter().map(|f| f.0).collect::<Vec<_>>()
        );
    }
}

/// Issue 11 item 7, first scene verbatim: a sliver (two long edges 1e-15 apart) across the room.
/// The path went straight through it. A ring thinner than about 1e-12 of its size cannot be kept
/// a wall by the triangulation, so it is refused at every radius, by name (a fence of width 1e-9
/// is a wall: [`thin_fence_blocks_every_variant_at_every_radius`]).
#[test]
fn sliver_obstacle_is_refused_by_name() {
    let json = r#"{"format":"navscope-scene","version":1,"agent_radius":0.5,"walkable":[[[0,0],[40,0],[40,30],[0,30]]],
 "obstacles":[{"name":"pillar","points":[[21.2,24.0],[20.849,24.849],[20.0,25.2],[19.151,24.849],[18.8,24.0],
              [19.151,23.151],[20.0,22.8],[20.849,23.151]]},
             {"name":"sliver","points":[[21.09692751635537,4.279676723992438],[4.391103408965487,27.467345652617496],
              [4.391103408965486,27.467345652617496],[21.09692751635537,4.279676723992437]]}],
 "queries":[{"name":"table","start":[16,9],"goal":[25,9.5]}]}"#;
    let scene = scene::from_json(json.as_bytes(), "sliver").unwrap();
    for r in [0.0, 0.5] {
        let message = build(&scene, r).expect_err("refused").to_string();
        assert_eq!(
            message, "obstacle 1 \"sliver\": has zero area",
            "radius {r}"
        );
    }
}

/// Issue 11 item 7, second scene: one near-collinear obstacle in a 30 x 20 room (r = 0.5, query
/// (3, 10) -> (27, 10)). The funnel and optimal paths were found with clearance 0 while the
/// tangent path went round: the shrunk mesh dropped the wall the raw mesh kept.
#[test]
fn near_collinear_obstacle_is_a_wall_in_both_meshes() {
    let ring = Ring::new(
        [
            (10.69993984856632, 4.814846661104381),
            (10.39065732125935, 7.294854139981865),
            (10.081374793952381, 9.77486161985935),
            (9.153527212031475, 17.2148840554918),
        ]
        .iter()
        .map(|&(x, y)| Point::new(x, y))
        .collect(),
    );
    let walls: Vec<Point> = ring.points().to_vec();
    let scene = generate::scene_with(vec![generate::rect(0.0, 0.0, 30.0, 20.0)], vec![ring], 0.5);
    let (s, g) = (Point::new(3.0, 10.0), Point::new(27.0, 10.0));
    let built = build(&scene, 0.5).unwrap();
    let found = found_paths(&built, s, g);
    assert!(
        found.iter().any(|(v, _)| *v == Variant::Funnel),
        "a way round exists"
    );
    let walls = &walls;
    // The offset variant is the naive one (corners pushed out along their normals): it makes
    // no clearance promise, its metrics report what it keeps.
    for (v, points) in found.into_iter().filter(|(v, _)| *v != Variant::Offset) {
        let near = points
            .windows(2)
            .flat_map(|w| {
                (0..walls.len()).map(move |i| {
                    segment_distance(
                        &Segment::new(w[0], w[1]),
                        &Segment::new(walls[i], walls[(i + 1) % walls.len()]),
                    )
                })
            })
            .fold(f64::INFINITY, f64::min);
        assert!(
            near >= 0.5 * (1.0 - 3e-3),
            "{v:?} comes within {near} of the obstacle"
        );
    }
}

/// The status every variant gives for the fence at radius 0 (a point agent): unreachable.
#[test]
fn thin_fence_at_radius_zero_leaves_the_halves_unconnected() {
    let fence = Ring::new(vec![
        Point::new(20.0, -1.0),
        Point::new(20.0 + 1e-9, -1.0),
        Point::new(20.0 + 1e-9, 31.0),
        Point::new(20.0, 31.0),
    ]);
    let scene = generate::scene_with(vec![generate::rect(0.0, 0.0, 40.0, 30.0)], vec![fence], 0.0);
    let b = build(&scene, 0.0).unwrap();
    let q = nav::query(
        &b,
        Point::new(5.0, 15.0),
        Point::new(35.0, 15.0),
        &Default::default(),
    );
    assert_eq!(q.status(), Status::Unreachable);
}

/// A convex walkable outline of 16k corners shrinks exactly: every corner of the shrunk polygon
/// lies on its circumcircle (the O(n log n) shrink's speed is tested in `nav::inflate`).
#[test]
fn convex_outline_of_16k_corners_shrinks_exactly() {
    let n = 16_000;
    let (big, r) = (15.0, 0.5);
    let scene = generate::scene_with(vec![generate::regular(n, 20.0, 15.0, big)], Vec::new(), r);
    let b = build(&scene, r).unwrap();
    assert_eq!(b.free_space.contours.len(), 1);
    let points = &b.free_space.contours[0].points;
    assert_eq!(points.len(), n);
    let half = std::f64::consts::PI / n as f64;
    let expected = (big * half.cos() - r) / half.cos();
    for p in points.iter() {
        let d = p.distance(Point::new(20.0, 15.0));
        assert!(
            (d - expected).abs() < 1e-9,
            "corner at {d}, expected {expected}"
        );
    }
}

/// The exact shrink drops an edge the offset eats (a corner cut 0.07 wide, radius 1) and keeps
/// the other corners sharp.
#[test]
fn convex_shrink_drops_an_edge_it_eats() {
    // A square 10 x 10 with its top-right corner cut by an edge 0.1 long.
    let ring = Ring::new(vec![
        Point::new(0.0, 0.0),
        Point::new(10.0, 0.0),
        Point::new(10.0, 9.95),
        Point::new(9.95, 10.0),
        Point::new(0.0, 10.0),
    ]);
    let scene = generate::scene_with(vec![ring], Vec::new(), 1.0);
    let b = build(&scene, 1.0).unwrap();
    let mut points = b.free_space.contours[0].points.to_vec();
    points.sort_by(|a, b| (a.x, a.y).partial_cmp(&(b.x, b.y)).unwrap());
    // The cut's offset line x + y = 19.95 - sqrt(2) passes beyond (9, 9): the square is left.
    let expected = [(1.0, 1.0), (1.0, 9.0), (9.0, 1.0), (9.0, 9.0)];
    assert_eq!(points.len(), 4, "{points:?}");
    for (p, e) in points.iter().zip(expected) {
        assert!(p.distance(Point::new(e.0, e.1)) < 1e-12, "{points:?}");
    }
}

/// Fuzz seeds 243, 290, 735, ...: where a gap closes at radius = half its width, two contour
/// points lie 1e-15 apart and the mesh holds a sliver triangle against a contour edge. Its
/// centroid rounds to the wall's outer side, and `NavMesh::validate` called the (right) mesh
/// wrong. The points are those of seed 290.
#[test]
fn sliver_triangle_on_a_contour_edge_validates() {
    let contour = vec![
        Point::new(9.85029472093901, 12.227224719773794),
        Point::new(9.908085487186462, 12.211739730627814),
        Point::new(9.908085487186462, 12.242709708919776),
        Point::new(9.85029472093901, 12.227224719773796),
    ];
    let free = nav::FreeSpace {
        contours: vec![nav::Contour::without_corners(contour)],
    };
    let mesh = nav::triangulate(&free).unwrap();
    assert_eq!(mesh.triangle_count(), 2);
    mesh.validate(&free).unwrap();
}

/// A radius under the spacing of doubles at the scene's coordinates (1e-15 beside x = 14.5,
/// where doubles are 1.8e-15 apart) once made the radius-aware side `blocked` at a doorway
/// 2.4 wide ("0.0000 wide, less than 2r"): the tangent path's arcs cannot be placed that
/// finely, and their measured clearance fell under r by rounding. Such a radius is now a point
/// agent's on the raw side, as it is on the shrunk one.
#[test]
fn a_radius_under_the_spacing_of_doubles_passes_where_a_point_agent_does() {
    let rooms = scene::load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/scenes/rooms.json"
    )))
    .unwrap();
    let point = build(&rooms, 0.0).unwrap();
    for radius in [1e-15, 1e-13, 1e-12] {
        let built = build(&rooms, radius).unwrap();
        for q in &rooms.queries {
            let answer = nav::query(&built, q.start, q.goal, &Default::default());
            let raw = answer.raw.as_ref().unwrap();
            assert_eq!(raw.status, Status::Found, "r = {radius}, {}", q.name);
            let tangent = answer.path(Variant::Tangent).unwrap().length;
            let optimal = nav::query(&point, q.start, q.goal, &Default::default())
                .path(Variant::Optimal)
                .unwrap()
                .length;
            assert!(
                (tangent - optimal).abs() <= 1e-9 * optimal,
                "r = {radius}, {}: tangent {tangent}, optimal at r = 0 {optimal}",
                q.name
            );
        }
    }
    // An L-shaped walkable outline (not convex: shrunk by the offsetting library) with a
    // concave obstacle, 35 units out.
    let l = Ring::new(vec![
        Point::new(30.0, 30.0),
        Point::new(40.0, 30.0),
        Point::new(40.0, 35.0),
        Point::new(35.0, 35.0),
        Point::new(35.0, 40.0),
        Point::new(30.0, 40.0),
    ]);
    let notch = Ring::new(vec![
        Point::new(31.0, 31.0),
        Point::new(33.0, 31.0),
        Point::new(33.0, 33.0),
        Point::new(32.0, 33.0),
        Point::new(32.0, 32.0),
        Point::new(31.0, 32.0),
    ]);
    for radius in [1e-15, 1e-12, 1e-9] {
        let scene = generate::scene_with(vec![l.clone()], vec![notch.clone()], radius);
        let built = build(&scene, radius).unwrap();
        let answer = nav::query(
            &built,
            Point::new(39.0, 31.0),
            Point::new(31.0, 39.0),
            &Default::default(),
        );
        assert_eq!(answer.status(), Status::Found, "r = {radius}");
        assert_eq!(
            answer.raw.as_ref().unwrap().status,
            Status::Found,
            "r = {radius}"
        );
    }
}

/// Scenes of two overlapping obstacles in a 20 x 20 room (radius 0) with a point computed on an
/// edge of the first, off the second, that the built mesh locates exactly as outside: the
/// merged outline's vertices are rounded where the rings cross, so the point lies up to a
/// rounding error inside the merged obstacle. `count` of them, with their builds.
fn points_on_merged_edges(count: usize, walkable: &[Ring]) -> Vec<(Scene, nav::Build, Point)> {
    let mut rng = navscope::rng::Rng::new(7);
    let polygon = |rng: &mut navscope::rng::Rng| {
        let (cx, cy) = (rng.range(9.0, 11.0), rng.range(9.0, 11.0));
        let (n, r, a0) = (
            3 + (rng.next_u64() % 4) as usize,
            rng.range(1.0, 4.0),
            rng.unit(),
        );
        let step = std::f64::consts::TAU / n as f64;
        Ring::new(
            (0..n)
                .map(|i| Point::new(cx, cy) + Point::from_angle(a0 + step * i as f64) * r)
                .collect(),
        )
    };
    let mut cases = Vec::new();
    while cases.len() < count {
        let (a, b) = (polygon(&mut rng), polygon(&mut rng));
        let i = (rng.next_u64() % a.len() as u64) as usize;
        let (p, q) = (a.points()[i], a.points()[(i + 1) % a.len()]);
        let point = p.lerp(q, [0.125, 0.25, 0.5, 0.75][(rng.next_u64() % 4) as usize]);
        let other = b.points();
        let near_b = (0..other.len())
            .map(|k| Segment::new(other[k], other[(k + 1) % other.len()]))
            .any(|s| s.distance_to_point(point) < 1e-6);
        if near_b || b.contains(point) {
            continue; // on b's edge or inside b: not free
        }
        let scene = generate::scene_with(walkable.to_vec(), vec![a, b], 0.0);
        let built = build(&scene, 0.0).unwrap();
        if !built.mesh.locate(point).is_inside() {
            cases.push((scene, built, point));
        }
    }
    cases
}

/// A start computed on an edge of an obstacle that overlaps another, just off the mesh by
/// rounding (see [`points_on_merged_edges`]), was refused as `start_outside`, "inside obstacle
/// o0; the nearest free point is" the start itself. Every such start (and goal) is now found,
/// and the paths begin (end) exactly where asked.
#[test]
fn a_start_on_the_edge_of_merged_obstacles_is_found() {
    let room = [generate::rect(0.0, 0.0, 20.0, 20.0)];
    let corner = Point::new(1.0, 1.0);
    for (_, built, point) in points_on_merged_edges(20, &room) {
        for (start, goal) in [(point, corner), (corner, point)] {
            let answer = nav::query(&built, start, goal, &Default::default());
            assert_eq!(answer.status(), Status::Found, "{start} -> {goal}");
            for (variant, points) in found_paths(&built, start, goal) {
                navscope::nav::invariants::check_endpoints(&points, start, goal)
                    .unwrap_or_else(|e| panic!("{variant:?}: {e}"));
            }
        }
    }
}

/// A link from such a point (to a second room, reached only through it) is placed and taken:
/// the joined paths step onto the link's end exactly.
#[test]
fn a_link_from_the_edge_of_merged_obstacles_is_taken() {
    let rooms = [
        generate::rect(0.0, 0.0, 20.0, 20.0),
        generate::rect(30.0, 0.0, 50.0, 20.0),
    ];
    let (start, goal) = (Point::new(1.0, 1.0), Point::new(45.0, 5.0));
    for (mut scene, _, point) in points_on_merged_edges(5, &rooms) {
        let landing = Point::new(40.0, 10.0);
        scene.links = vec![navscope::scene::Link::new("jump", point, landing)];
        let built = build(&scene, 0.0).unwrap();
        let answer = nav::query(&built, start, goal, &Default::default());
        assert_eq!(answer.status(), Status::Found, "link from {point}");
        let funnel = answer.path(Variant::Funnel).unwrap().points(1e-3);
        assert!(
            funnel.contains(&point) && funnel.contains(&landing),
            "{funnel:?}"
        );
    }
}

/// Two walkable areas touching at one corner, (20, 15): a start exactly there lies in both,
/// and a goal in either is found straight (the start's component was the lowest-numbered
/// triangle's only, so a goal in the other area was "unreachable", its closest reachable point
/// the start itself). The same with an obstacle's corner touching the outline.
#[test]
fn a_start_where_parts_of_the_free_space_touch_reaches_both() {
    let pinch = generate::scene_with(
        vec![
            generate::rect(0.0, 0.0, 20.0, 15.0),
            generate::rect(20.0, 15.0, 40.0, 30.0),
        ],
        Vec::new(),
        0.0,
    );
    let diamond = generate::scene_with(
        vec![generate::rect(0.0, 0.0, 40.0, 30.0)],
        vec![Ring::new(vec![
            Point::new(20.0, 0.0),
            Point::new(40.0, 15.0),
            Point::new(20.0, 30.0),
            Point::new(0.0, 15.0),
        ])],
        0.0,
    );
    let cases = [
        (
            &pinch,
            Point::new(20.0, 15.0),
            [Point::new(2.0, 2.0), Point::new(38.0, 28.0)],
        ),
        (
            &diamond,
            Point::new(20.0, 0.0),
            [Point::new(2.0, 2.0), Point::new(38.0, 2.0)],
        ),
    ];
    for (scene, corner, goals) in cases {
        let built = build(scene, 0.0).unwrap();
        for goal in goals {
            for (s, g) in [(corner, goal), (goal, corner)] {
                let answer = nav::query(&built, s, g, &Default::default());
                assert_eq!(answer.status(), Status::Found, "{s} -> {g}");
                for variant in [Variant::Funnel, Variant::Optimal] {
                    let length = answer.path(variant).unwrap().length;
                    assert!(
                        (length - s.distance(g)).abs() < 1e-9,
                        "{variant:?} {s} -> {g}"
                    );
                }
            }
        }
    }
}

/// An obstacle ring that goes out and straight back (a spike of no width) was a wall for the
/// shrunk mesh at a radius above 0 (its grown segments) and nothing for the raw mesh and at
/// radius 0 (the non-zero rule drops it): the tangent path crossed what the funnel went round.
/// It is refused, naming the ring and the spike's tip; a spike 1e-9 wide is a wall everywhere.
#[test]
fn a_spike_of_no_width_is_refused_by_name() {
    let ring = |tip_back: Point| {
        Ring::new(vec![
            Point::new(10.0, 10.0),
            Point::new(20.0, 10.0),
            Point::new(30.0, 0.5),
            tip_back,
            Point::new(20.0, 20.0),
            Point::new(10.0, 20.0),
        ])
    };
    let room = || vec![generate::rect(0.0, 0.0, 40.0, 30.0)];
    let spike = generate::scene_with(room(), vec![ring(Point::new(20.0, 10.0))], 0.5);
    for r in [0.0, 0.5] {
        let message = build(&spike, r).expect_err("refused").to_string();
        assert_eq!(
            message,
            "obstacle 0 \"o0\": turns back on itself at point 2 (30, 0.5): a spike of no width \
             is no wall on every side; give it a width or remove it"
        );
    }
    let thin = generate::scene_with(room(), vec![ring(Point::new(20.0, 10.000000001))], 0.5);
    let (s, g) = (Point::new(25.0, 2.0), Point::new(35.0, 8.0));
    for r in [0.0, 0.5] {
        let built = build(&thin, r).unwrap();
        let found = found_paths(&built, s, g);
        assert_eq!(found.len(), Variant::ALL.len(), "radius {r}");
        for (variant, points) in found {
            let length: f64 = points.windows(2).map(|w| w[0].distance(w[1])).sum();
            assert!(
                length > 14.0,
                "radius {r}: {variant:?} crosses the spike ({length})"
            );
        }
    }
}
