//! Property tests on random scenes: every invariant of the core pipeline, checked against an
//! independent model of the free space (see tests/common).

mod common;

use common::{Membership, ReachGrid, cases, membership, segment_clearance};
use navscope::geom::{Point, Ring, Segment};
use navscope::nav::invariants::{
    check_clearance, check_endpoints, check_funnel_optimal, check_no_repeats, check_not_longer,
    raw_walls,
};
use navscope::nav::{BuildError, Status, Variant, build, query_mesh};
use navscope::scene::generate::rect;
use navscope::scene::{Obstacle, ObstacleId, Scene};
use proptest::prelude::*;

#[derive(Clone, Debug)]
struct Spec {
    center: (f64, f64),
    size: f64,
    corners: usize,
    angle: f64,
    star: bool,
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        (-0.1..1.1f64, -0.1..1.1f64),
        0.02..0.25f64,
        3usize..9,
        0.0..6.3f64,
        any::<bool>(),
    )
        .prop_map(|(center, size, corners, angle, star)| Spec {
            center,
            size,
            corners,
            angle,
            star,
        })
}

fn make_scene(w: f64, h: f64, radius: f64, specs: &[Spec]) -> Scene {
    let obstacles = specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let c = Point::new(s.center.0 * w, s.center.1 * h);
            let r = s.size * w.min(h);
            let points = (0..s.corners)
                .map(|k| {
                    let f = if s.star && k % 2 == 1 { 0.45 } else { 1.0 };
                    c + Point::from_angle(
                        s.angle + k as f64 * std::f64::consts::TAU / s.corners as f64,
                    ) * (r * f)
                })
                .collect();
            Obstacle {
                id: ObstacleId(i as u32),
                name: format!("o{i}"),
                ring: Ring::new(points),
            }
        })
        .collect();
    Scene {
        agent_radius: radius,
        walkable: vec![rect(0.0, 0.0, w, h)],
        obstacles,
        queries: Vec::new(),
        ..Default::default()
    }
}

/// Start and goal as fractions of the scene's bounding box.
type Pair = ((f64, f64), (f64, f64));

fn check_scene(scene: &Scene, pairs: &[Pair]) -> Result<(), TestCaseError> {
    let built = match build(scene) {
        Ok(b) => b,
        Err(BuildError::EmptyFreeSpace { .. }) => return Ok(()),
        Err(e) => return Err(TestCaseError::fail(format!("build failed: {e}"))),
    };
    built
        .mesh
        .validate(&built.free_space)
        .map_err(TestCaseError::fail)?;
    let r = scene.agent_radius;
    let size = scene.bounds().diagonal();
    let eps = 1e-6 * size;
    let band = 0.01 * r + eps;
    let walls = raw_walls(scene).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let grid = ReachGrid::new(scene, r, band, 90);
    let b = scene.bounds();
    for &((sx, sy), (gx, gy)) in pairs {
        let s = Point::new(b.min.x + sx * b.width(), b.min.y + sy * b.height());
        let g = Point::new(b.min.x + gx * b.width(), b.min.y + gy * b.height());
        let res = query_mesh(&built.mesh, s, g, &Default::default());
        let (ms, mg) = (
            membership(scene, s, r, band, eps),
            membership(scene, g, r, band, eps),
        );
        let inside = |m: Membership, located: bool| match m {
            Membership::Inside => located,
            Membership::Outside => !located,
            Membership::Unsure => true,
        };
        prop_assert!(
            inside(ms, res.start_location.is_inside()),
            "start {s}: model says {ms:?}"
        );
        if res.start_location.is_inside() {
            prop_assert!(
                inside(mg, res.goal_location.is_inside()),
                "goal {g}: model says {mg:?}"
            );
        }
        if ms == Membership::Inside && mg == Membership::Inside {
            let link = |p: Point| {
                segment_clearance(scene, Segment::new(p, grid.center(p))) >= r + band + eps
            };
            match grid.reachable(s, g, link(s), link(g)) {
                Some(true) => prop_assert_eq!(
                    res.status,
                    Status::Found,
                    "{} -> {} must be reachable",
                    s,
                    g
                ),
                Some(false) => prop_assert_eq!(
                    res.status,
                    Status::Unreachable,
                    "{} -> {} cannot be reachable",
                    s,
                    g
                ),
                None => {}
            }
        }
        if res.status != Status::Found {
            continue;
        }
        let corridor = res.corridor.as_ref().expect("found has a corridor");
        let portals = corridor.portals(&built.mesh);
        let funnel = res.path(Variant::Funnel).unwrap().points(0.0);
        let midpoint = res.path(Variant::Midpoint).unwrap().points(0.0);
        let optimal = res.path(Variant::Optimal).unwrap().points(0.0);
        for path in [&funnel, &midpoint, &optimal] {
            check_endpoints(path, s, g).map_err(TestCaseError::fail)?;
            check_no_repeats(path).map_err(TestCaseError::fail)?;
            check_clearance(path, &walls, r, eps).map_err(TestCaseError::fail)?;
        }
        let (fl, ml) = (
            res.path(Variant::Funnel).unwrap().length,
            res.path(Variant::Midpoint).unwrap().length,
        );
        check_not_longer(fl, ml, 1e-12, "funnel vs midpoint").map_err(TestCaseError::fail)?;
        check_funnel_optimal(&funnel, &portals, 1e-5).map_err(TestCaseError::fail)?;
        // The exact shortest path through the free space: nothing may beat it.
        let ol = res.path(Variant::Optimal).unwrap().length;
        check_not_longer(ol, fl, 1e-9, "optimal vs funnel").map_err(TestCaseError::fail)?;
        check_not_longer(s.distance(g), ol, 1e-12, "straight line vs optimal")
            .map_err(TestCaseError::fail)?;
    }
    Ok(())
}

fn pairs() -> impl Strategy<Value = Vec<Pair>> {
    prop::collection::vec(
        ((0.0..1.0f64, 0.0..1.0f64), (0.0..1.0f64, 0.0..1.0f64)),
        6..12,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(48), ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_on_random_scenes(
        w in 10.0..40.0f64,
        h in 10.0..40.0f64,
        radius in prop_oneof![Just(0.0), 0.05..1.2f64],
        specs in prop::collection::vec(spec(), 0..12),
        pairs in pairs(),
    ) {
        check_scene(&make_scene(w, h, radius, &specs), &pairs)?;
    }

    #[test]
    fn invariants_hold_in_narrow_passages(
        gap in 0.8..1.2f64,
        offset in -3.0..3.0f64,
        pairs in pairs(),
    ) {
        // Two walls leave a gap of width `gap` for an agent of radius 0.5: just under and just
        // over 2r, where statuses flip.
        let mut scene = make_scene(20.0, 12.0, 0.5, &[]);
        let y = 6.0 + offset;
        for (i, ring) in [rect(9.0, -1.0, 11.0, y - gap / 2.0), rect(9.0, y + gap / 2.0, 11.0, 13.0)].into_iter().enumerate() {
            scene.obstacles.push(Obstacle { id: ObstacleId(i as u32), name: format!("wall {i}"), ring });
        }
        check_scene(&scene, &pairs)?;
    }
}
