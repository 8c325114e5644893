//! Property tests of the radius-aware paths on random scenes: clearance, length bounds, agreement
//! with the shrunk mesh's funnel, truthful offset clearance.

mod radius_support;

use navscope::geom::{Point, Ring};
use navscope::nav::{self, Status, Variant, flatten_tolerance, invariants};
use proptest::prelude::*;
use radius_support::{
    Rng, Spec, free_point, raw_nav, rect, room_with, same_side_of_every_obstacle, scene_with,
    shortest_lower_bound,
};

fn spec() -> impl Strategy<Value = Spec> {
    (
        2.0..38.0,
        2.0..28.0,
        0.2..4.0,
        0.2..4.0,
        0.0..std::f64::consts::PI,
        0u8..3,
    )
}

proptest! {
    // 48 cases by default; PROPTEST_CASES=n for a longer run (e.g. in release).
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(48),
        ..ProptestConfig::default()
    })]

    #[test]
    fn radius_aware_paths_keep_their_promises(
        specs in prop::collection::vec(spec(), 1..12),
        radius in 0.2f64..1.0,
        seed in any::<u64>(),
    ) {
        let scene = room_with(&specs, radius);
        let Ok(b) = nav::build(&scene) else { return Ok(()) };
        let r = b.radius;
        let scale = 50.0;
        let mut rng = Rng::new(seed);
        for _ in 0..4 {
            let (Some(s), Some(g)) = (free_point(&mut rng, &b, r), free_point(&mut rng, &b, r)) else { continue };
            let q = nav::query(&b, s, g, &Default::default());
            let raw = q.raw.as_ref().unwrap();
            if let Some(m) = q.path(Variant::MidpointSmoothed) {
                invariants::check_endpoints(&m.points(0.0), s, g).map_err(TestCaseError::fail)?;
                invariants::check_clearance(&m.points(0.0), raw_nav(&b).walls(), r, 1e-6 * scale).map_err(TestCaseError::fail)?;
                let mid = q.path(Variant::Midpoint).unwrap();
                invariants::check_not_longer(m.length, mid.length, 1e-9, "smoothed vs midpoint").map_err(TestCaseError::fail)?;
            }
            if let Some(o) = q.path(Variant::Offset) {
                let truth = invariants::min_clearance(&o.points(0.0), raw_nav(&b).walls(), f64::INFINITY);
                let reported = q.metrics(Variant::Offset).unwrap().min_clearance.unwrap();
                prop_assert!((truth - reported).abs() <= 1e-12, "offset clearance {reported} but really {truth}");
                prop_assert_eq!(raw.offset_cuts.is_empty(), truth >= r, "cuts listed exactly when closer than r");
            }
            let Some(t) = q.path(Variant::Tangent) else {
                // A disc that the shrunk mesh lets through must get through the raw mesh too,
                // unless the passage is within the shrunk mesh's arc tolerance of 2r.
                if q.status() == Status::Found {
                    let f = q.path(Variant::Funnel).unwrap();
                    let c = invariants::min_clearance(&f.points(0.0), raw_nav(&b).walls(), 2.0 * r);
                    prop_assert!(raw.status == Status::Blocked, "{:?}", raw.status);
                    prop_assert!(c < r * 1.02, "tangent {:?} while the funnel passes with clearance {c}: {s} -> {g}", raw.status);
                }
                continue;
            };
            let pts = t.points(flatten_tolerance(r));
            invariants::check_endpoints(&pts, s, g).map_err(TestCaseError::fail)?;
            invariants::check_tangent_continuity(t, 1e-9 * scale).map_err(TestCaseError::fail)?;
            // Chords cut inside arcs by at most 0.1% of r.
            invariants::check_clearance(&pts, raw_nav(&b).walls(), r, 2e-3 * r).map_err(|e| TestCaseError::fail(format!("{e}: {s} -> {g}")))?;
            let bound = shortest_lower_bound(&scene, r, s, g);
            prop_assert!(t.length >= bound - 1e-9 * scale, "tangent {} shorter than the lower bound {bound}: {s} -> {g}", t.length);
            if let Some(f) = q.path(Variant::Funnel)
                && same_side_of_every_obstacle(&raw_nav(&b).free_space, &pts, &f.points(0.0))
            {
                let ratio = t.length / f.length;
                prop_assert!((ratio - 1.0).abs() <= 0.01, "tangent/funnel {ratio} on the same side: {s} -> {g}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(48),
        ..ProptestConfig::default()
    })]

    /// A wall across the room with one gap of width 2r (1 + excess): the tangent path goes
    /// through it when it is wider than 2r and never when it is narrower.
    #[test]
    fn gaps_near_2r(
        excess in -0.05f64..0.05,
        radius in 0.2f64..1.0,
        x in 10.0f64..30.0,
        thickness in 0.1f64..2.0,
        gap_y in 5.0f64..25.0,
        tilt in -0.3f64..0.3,
    ) {
        prop_assume!(excess.abs() > 1e-3);
        let width = 2.0 * radius * (1.0 + excess);
        // Two wall pieces, the lower one ending at a tilted edge, so the gap is between the upper
        // piece's bottom-left corner and the lower piece's slanted top.
        let lower = Ring::new(vec![
            Point::new(x, -1.0), Point::new(x + thickness, -1.0),
            Point::new(x + thickness, gap_y + tilt * thickness), Point::new(x, gap_y),
        ]);
        let upper = rect(x, gap_y + width, x + thickness, 31.0);
        let scene = scene_with(vec![rect(0.0, 0.0, 40.0, 30.0)], vec![lower, upper], radius);
        let b = nav::build(&scene).unwrap();
        let (s, g) = (Point::new(3.0, 15.0), Point::new(37.0, 15.0));
        let raw = nav::query_raw(raw_nav(&b), radius, s, g, true);
        // The true gap: the distance between the two pieces (their nearest points).
        let walls = navscope::geom::SegmentGrid::new(scene.obstacles[1].ring.edges().collect());
        let true_gap = scene.obstacles[0].ring.edges().map(|e| walls.distance_to_segment(&e, 10.0)).fold(f64::INFINITY, f64::min);
        let found = raw.status == Status::Found;
        if true_gap < 2.0 * radius * (1.0 - 1e-3) {
            prop_assert!(!found, "passed a gap of {true_gap} with radius {radius}");
        } else if true_gap > 2.0 * radius * (1.0 + 1e-3) {
            prop_assert!(found, "{:?} at a gap of {true_gap} with radius {radius}", raw.status);
            let t = &raw.paths[0].1;
            invariants::check_clearance(&t.points(flatten_tolerance(radius)), raw_nav(&b).walls(), radius, 2e-3 * radius)
                .map_err(TestCaseError::fail)?;
        }
    }
}
