//! Validation against published exact shortest-path lengths on two real game maps (Polyanya's
//! arena and aurora meshes, `../shared/validation-data/`, see its README): the optimal variant
//! must reproduce every length to 1e-4 relative, and no corridor path may be shorter. Prints how
//! far A* + funnel and midpoint paths are from the optimum.
//!
//! The data lives beside the repository (`../shared/validation-data`, or the directory named by
//! `NAVSCOPE_VALIDATION_DATA`); without it the tests print a note and pass.

mod validation_data;

use navscope::geom::SegmentGrid;
use navscope::nav::{self, NavMesh, Status, Variant, invariants};
use std::time::Instant;
use validation_data::{Query, data_dir, load_map, load_queries};

/// Mean, median, 99th percentile and maximum.
fn summary(values: &mut [f64]) -> String {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let at = |q: f64| values[((q * (n - 1) as f64).round() as usize).min(n - 1)];
    let mean = values.iter().sum::<f64>() / n as f64;
    format!(
        "mean {:.4} p50 {:.4} p99 {:.4} max {:.4}",
        mean,
        at(0.5),
        at(0.99),
        at(1.0)
    )
}

/// Runs every query; fails listing each query whose optimal length misses the published one or
/// whose corridor paths are shorter than the optimum.
fn check_map(name: &str, walls: &SegmentGrid, mesh: &NavMesh, queries: &[Query]) {
    let mut failures = Vec::new();
    let (mut funnel_ratios, mut midpoint_ratios) = (Vec::new(), Vec::new());
    let mut worst_error: f64 = 0.0;
    let t0 = Instant::now();
    for (i, q) in queries.iter().enumerate() {
        let r = nav::query(mesh, q.start, q.goal);
        if r.status != Status::Found {
            failures.push(format!(
                "query {i} {} -> {}: status {:?}",
                q.start, q.goal, r.status
            ));
            continue;
        }
        let (Some(optimal), Some(funnel), Some(midpoint)) = (
            r.path(Variant::Optimal),
            r.path(Variant::Funnel),
            r.path(Variant::Midpoint),
        ) else {
            failures.push(format!("query {i}: a path variant is missing"));
            continue;
        };
        let (optimal_points, optimal) = (optimal.points(0.0), optimal.length);
        let (funnel, midpoint) = (funnel.length, midpoint.length);
        let error = (optimal - q.optimal).abs() / q.optimal.max(1.0);
        worst_error = worst_error.max(error);
        if error > 1e-4 {
            failures.push(format!(
                "query {i} {} -> {}: optimal {optimal} vs published {}",
                q.start, q.goal, q.optimal
            ));
        }
        let checks = [
            invariants::check_not_longer(optimal, funnel, 1e-9, "optimal vs funnel"),
            invariants::check_not_longer(optimal, midpoint, 1e-9, "optimal vs midpoint"),
            invariants::check_endpoints(&optimal_points, q.start, q.goal),
            invariants::check_inside(&optimal_points, walls, 1e-9),
        ];
        for e in checks.into_iter().filter_map(Result::err) {
            failures.push(format!("query {i} {} -> {}: {e}", q.start, q.goal));
        }
        if optimal > 0.0 {
            funnel_ratios.push(funnel / optimal);
            midpoint_ratios.push(midpoint / optimal);
        }
    }
    println!(
        "{name}: {} queries in {:.2} s, {} failures, largest relative error of the optimum {worst_error:.2e}",
        queries.len(),
        t0.elapsed().as_secs_f64(),
        failures.len()
    );
    println!("{name}: funnel / optimal   {}", summary(&mut funnel_ratios));
    println!(
        "{name}: midpoint / optimal {}",
        summary(&mut midpoint_ratios)
    );
    assert!(
        failures.is_empty(),
        "{name}: {} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn arena_matches_published_lengths() {
    let Some(dir) = data_dir() else { return };
    let (free, mesh) = load_map(&dir, "arena.mesh");
    let queries = load_queries(&dir.join("arena-queries.csv"));
    assert_eq!(queries.len(), 160);
    check_map("arena", &free.walls(), &mesh, &queries);
}

#[test]
fn aurora_matches_published_lengths() {
    let Some(dir) = data_dir() else { return };
    let (free, mesh) = load_map(&dir, "aurora-merged.mesh");
    // The README counts 81 regions; 97 vertices where two walkable regions touch at a single
    // point split some of them, and the navmesh (like the optimal path) never passes such a point.
    assert_eq!(mesh.component_count(), 143);
    let queries = load_queries(&dir.join("aurora-queries.csv"));
    assert_eq!(queries.len(), 2990);
    check_map("aurora", &free.walls(), &mesh, &queries);
}
