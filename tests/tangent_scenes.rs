//! Radius-aware paths on the example scenes: random queries, clearance, the ratio to the shrunk
//! mesh's funnel path.

mod radius_support;

use navscope::nav::{self, Status, Variant, flatten_tolerance, invariants};
use radius_support::*;

#[test]
fn explore() {
    let mut ratios = Vec::new();
    for name in ["rooms", "maze", "field", "islands", "gaps"] {
        let scene = load(name);
        let b = nav::build(&scene).unwrap();
        let r = b.radius;
        let mut rng = Rng(0x9E3779B97F4A7C15 ^ name.len() as u64);
        let mut bad = 0;
        for _ in 0..200 {
            let (Some(s), Some(g)) = (free_point(&mut rng, &b, r), free_point(&mut rng, &b, r)) else { continue };
            let q = nav::query_build(&b, s, g);
            let raw = q.raw.as_ref().unwrap();
            let Some(t) = q.path(Variant::Tangent) else {
                if q.status == Status::Found {
                    println!("{name}: tangent {:?} but shrunk found: {s} -> {g}", raw.status);
                }
                continue;
            };
            let pts = t.points(flatten_tolerance(r));
            let c = invariants::min_clearance(&pts, &b.raw.walls, r);
            if c < r * (1.0 - 2e-3) {
                bad += 1;
                println!("{name}: clearance {c:.5} < {r}: {s} -> {g}");
            }
            if let Some(f) = q.path(Variant::Funnel) {
                let ratio = t.length / f.length;
                let same = same_side_of_every_obstacle(&b.raw.free_space, &pts, &f.points(0.0));
                if same && (ratio - 1.0).abs() > 0.01 {
                    println!("{name}: same side but ratio {ratio:.5}: {s} -> {g}");
                }
                ratios.push(ratio);
            }
        }
        println!("{name}: {bad} clearance failures");
    }
    ratios.sort_by(f64::total_cmp);
    println!("median ratio {:.5} over {}", ratios[ratios.len() / 2], ratios.len());
}
