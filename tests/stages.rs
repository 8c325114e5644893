//! Stage tests through the public API: inflation bounds, provenance, point location, A*.

use navscope::geom::{Point, orient};
use navscope::nav::{BuildOptions, Location, astar, build, build_with, inflate, repair};
use navscope::scene::generate::{random_field, rect, rotated_squares};
use navscope::scene::{Obstacle, ObstacleId, Scene};

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

#[test]
fn inflated_boundary_lies_between_r_and_r_plus_tolerance_from_the_obstacles() {
    for r in [0.1, 0.5, 2.0] {
        let scene = random_field(25, 60.0, 40.0, r, 3);
        let repaired = repair(&scene).unwrap();
        let free = inflate(&repaired, r, 0.01 * r);
        let raw = inflate(&repaired, 0.0, 0.0).walls();
        // Sample every free-space edge densely: no sample comes closer than r to a raw wall.
        for c in &free.contours {
            for e in c.edges() {
                for k in 0..=8 {
                    let q = e.a.lerp(e.b, k as f64 / 8.0);
                    let d = raw.distance_to_point(q, 10.0 * r);
                    assert!(
                        d >= r * (1.0 - 1e-9),
                        "radius {r}: boundary point {q} at {d}"
                    );
                }
            }
        }
    }
}

#[test]
fn tangent_polygon_vertices_stay_within_the_tolerance_of_their_corner() {
    let r = 1.0;
    let scene = rotated_squares(6, 6, 10.0, r, 9);
    let b = build(&scene).unwrap();
    let mut checked = 0;
    for c in &b.free_space.contours {
        for (q, corner) in c.points.iter().zip(c.corners.iter()) {
            if let Some(corner) = corner.get() {
                let at = scene.ring(corner.ring).unwrap().points()[corner.index];
                let d = q.distance(at);
                assert!(
                    d >= r - 1e-9 && d <= r * 1.01 + 1e-9,
                    "{q} is {d} from its corner {at}"
                );
                checked += 1;
            }
        }
    }
    assert!(
        checked > 36 * 4 * 3,
        "only {checked} vertices carried a corner"
    );
}

#[test]
fn locate_reports_vertices_edges_and_outside() {
    let scene = Scene {
        agent_radius: 0.0,
        walkable: vec![rect(0.0, 0.0, 10.0, 10.0)],
        obstacles: vec![Obstacle {
            id: ObstacleId(0),
            name: "box".into(),
            ring: rect(4.0, 4.0, 6.0, 6.0),
        }],
        queries: vec![],
        ..Default::default()
    };
    let b = build(&scene).unwrap();
    let m = &b.mesh;
    match m.locate(p(0.0, 0.0)) {
        Location::OnVertex(v, _) => assert_eq!(m.vertex(v), p(0.0, 0.0)),
        other => panic!("corner of the room: {other:?}"),
    }
    // The box corner has walkable triangles on one side only; all of them are reported.
    let loc = m.locate(p(4.0, 4.0));
    assert!(matches!(loc, Location::OnVertex(..)));
    let around = m.triangles_at(&loc);
    assert!(!around.is_empty());
    for t in &around {
        assert!(m.triangle_points(*t).contains(&p(4.0, 4.0)));
    }
    assert!(
        matches!(m.locate(p(5.0, 0.0)), Location::OnEdge(..)),
        "on the outline"
    );
    assert!(
        matches!(m.locate(p(5.0, 4.0)), Location::OnEdge(..)),
        "on the box"
    );
    assert_eq!(m.locate(p(5.0, 5.0)), Location::Outside);
    assert_eq!(m.locate(p(-1.0, 5.0)), Location::Outside);
    assert_eq!(m.locate(p(f64::NAN, 5.0)), Location::Outside);
    assert!(matches!(
        m.locate(p(1.3, 2.7)),
        Location::InTriangle(_) | Location::OnEdge(..)
    ));
}

#[test]
fn point_location_agrees_with_a_linear_scan() {
    let scene = random_field(40, 50.0, 50.0, 0.3, 11);
    let b = build(&scene).unwrap();
    let m = &b.mesh;
    let mut rng = navscope::rng::Rng::new(4);
    for _ in 0..2000 {
        let q = p(rng.range(-5.0, 55.0), rng.range(-5.0, 55.0));
        let scan = m.triangle_ids().find(|&t| {
            let [a, b2, c] = m.triangle_points(t);
            [(a, b2), (b2, c), (c, a)]
                .iter()
                .all(|&(u, v)| navscope::geom::orient(u, v, q) >= 0.0)
        });
        assert_eq!(m.locate(q).is_inside(), scan.is_some(), "{q}");
        if let Location::InTriangle(t) = m.locate(q) {
            assert_eq!(Some(t), scan);
        }
    }
}

#[test]
fn astar_corridors_are_chains_of_neighbours() {
    let scene = random_field(60, 80.0, 60.0, 0.4, 5);
    let b = build(&scene).unwrap();
    let m = &b.mesh;
    let mut rng = navscope::rng::Rng::new(8);
    let mut found = 0;
    for _ in 0..200 {
        let (s, g) = (
            p(rng.range(0.0, 80.0), rng.range(0.0, 60.0)),
            p(rng.range(0.0, 80.0), rng.range(0.0, 60.0)),
        );
        let (ls, lg) = (m.locate(s), m.locate(g));
        let (Some(ts), Some(tg)) = (ls.triangle(), lg.triangle()) else {
            continue;
        };
        let c = astar(m, s, &m.triangles_at(&ls), g, &m.triangles_at(&lg));
        assert_eq!(c.is_some(), m.component(ts) == m.component(tg));
        let Some(c) = c else { continue };
        found += 1;
        assert!(m.triangles_at(&ls).contains(&c.triangles[0]));
        assert!(m.triangles_at(&lg).contains(c.triangles.last().unwrap()));
        for (w, &(l, r)) in c.triangles.windows(2).zip(&c.edges) {
            let k = m
                .shared_edge(w[0], w[1])
                .expect("consecutive corridor triangles are neighbours");
            assert_eq!(m.edge_left_right(w[0], k), (l, r));
        }
        let mut seen = c.triangles.clone();
        seen.sort();
        seen.dedup();
        assert_eq!(
            seen.len(),
            c.triangles.len(),
            "a corridor never revisits a triangle"
        );
        // Walking from t into u, the portal's left end is on the left: t lies left of the
        // directed line right -> left and u lies right of it.
        for (w, portal) in c.triangles.windows(2).zip(c.portals(m).iter().skip(1)) {
            assert!(orient(portal.right, portal.left, m.centroid(w[0])) > 0.0);
            assert!(orient(portal.right, portal.left, m.centroid(w[1])) < 0.0);
        }
    }
    assert!(found > 50);
}

#[test]
fn radius_option_overrides_the_scene() {
    let scene = rotated_squares(3, 3, 10.0, 1.0, 2);
    let a = build_with(
        &scene,
        &BuildOptions {
            radius: Some(0.25),
            ..Default::default()
        },
    )
    .unwrap();
    let b = build(&scene).unwrap();
    assert_eq!(a.radius, 0.25);
    assert!(a.mesh.area() > b.mesh.area());
}

#[test]
fn large_meshes_are_split_in_two_and_stitched_seamlessly() {
    // Both scenes have more free-space vertices than the split threshold: a grid of squares
    // (the seam may pass between columns) and a dense field whose seam cuts many obstacles.
    check_split(&rotated_squares(40, 40, 10.0, 1.0, 21));
    check_split(&random_field(3000, 400.0, 400.0, 0.5, 6));
}

fn check_split(scene: &navscope::scene::Scene) {
    let b = build(scene).unwrap();
    let m = &b.mesh;
    assert!(b.free_space.vertex_count() > 20_000);
    m.validate(&b.free_space).unwrap();
    // Each connected region of the free space has exactly one outer (counter-clockwise) contour.
    let regions = b
        .free_space
        .contours
        .iter()
        .filter(|c| !c.is_hole())
        .count();
    assert_eq!(
        m.component_count(),
        regions,
        "the seam must not cut the free space apart"
    );
    // Same input, same mesh.
    let again = build(scene).unwrap();
    assert_eq!(m.vertices(), again.mesh.vertices());
    assert!(
        m.triangle_ids()
            .all(|t| m.triangle(t) == again.mesh.triangle(t))
    );
    // Every vertex locates onto itself, with exactly the triangles that use it.
    let mut using = vec![Vec::new(); m.vertex_count()];
    for t in m.triangle_ids() {
        for v in m.triangle(t) {
            using[v.index()].push(t);
        }
    }
    for (i, &q) in m.vertices().iter().enumerate() {
        let loc = m.locate(q);
        assert!(
            matches!(loc, Location::OnVertex(v, _) if v.index() == i),
            "vertex {i} {q}: {loc:?}"
        );
        assert_eq!(m.triangles_at(&loc), using[i], "vertex {i}");
    }
    // Long queries cross the seam; funnels stay optimal in their corridors.
    let mut rng = navscope::rng::Rng::new(3);
    for _ in 0..30 {
        let (s, g) = (
            p(rng.range(0.0, 40.0), rng.range(0.0, 400.0)),
            p(rng.range(360.0, 400.0), rng.range(0.0, 400.0)),
        );
        let r = navscope::nav::query_mesh(m, s, g, &Default::default());
        if let Some(c) = &r.corridor {
            let funnel = r.path(navscope::nav::Variant::Funnel).unwrap().points(0.0);
            navscope::nav::invariants::check_funnel_optimal(&funnel, &c.portals(m), 1e-9).unwrap();
        }
    }
}
