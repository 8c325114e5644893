//! Validation against published exact shortest-path lengths on two real game maps (Polyanya's
//! arena and aurora meshes, `../shared/validation-data/`, see its README): the optimal variant
//! must reproduce every length to 1e-4 relative, and no corridor path may be shorter. Prints how
//! far A* + funnel and midpoint paths are from the optimum.
//!
//! The data lives beside the repository (`../shared/validation-data`, or the directory named by
//! `NAVSCOPE_VALIDATION_DATA`); without it the tests print a note and pass.

mod validation_data;

use navscope::geom::SegmentGrid;
use navscope::nav::{self, NavMesh, Variant, invariants};
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

/// What one query showed.
#[derive(Default)]
struct Outcome {
    failures: Vec<String>,
    /// Relative error of the optimal length against the published one.
    error: f64,
    /// (funnel, midpoint) length over the optimal length.
    ratios: Option<(f64, f64)>,
}

/// Runs query `i`: the optimal length must match the published one, no corridor path may be
/// shorter, and the optimal path must run from start to goal inside the free space.
fn run(i: usize, q: &Query, walls: &SegmentGrid, mesh: &NavMesh) -> Outcome {
    let mut out = Outcome::default();
    let r = nav::query_mesh(mesh, q.start, q.goal, &Default::default());
    let (Some(optimal), Some(funnel), Some(midpoint)) = (
        r.path(Variant::Optimal),
        r.path(Variant::Funnel),
        r.path(Variant::Midpoint),
    ) else {
        let status = r.status;
        out.failures.push(format!(
            "query {i} {} -> {}: status {status:?}, paths missing",
            q.start, q.goal
        ));
        return out;
    };
    let (optimal_points, optimal) = (optimal.points(0.0), optimal.length);
    let (funnel, midpoint) = (funnel.length, midpoint.length);
    out.error = (optimal - q.optimal).abs() / q.optimal.max(1.0);
    if out.error > 1e-4 {
        out.failures
            .push(format!("optimal {optimal} vs published {}", q.optimal));
    }
    let checks = [
        invariants::check_not_longer(optimal, funnel, 1e-9, "optimal vs funnel"),
        invariants::check_not_longer(optimal, midpoint, 1e-9, "optimal vs midpoint"),
        invariants::check_endpoints(&optimal_points, q.start, q.goal),
        invariants::check_inside(&optimal_points, walls, 1e-9),
    ];
    out.failures
        .extend(checks.into_iter().filter_map(Result::err));
    for f in &mut out.failures {
        *f = format!("query {i} {} -> {}: {f}", q.start, q.goal);
    }
    out.ratios = (optimal > 0.0).then(|| (funnel / optimal, midpoint / optimal));
    out
}

/// Runs every query (on all cores) and prints the statistics; fails listing every failure.
fn check_map(name: &str, walls: &SegmentGrid, mesh: &NavMesh, queries: &[Query]) {
    let t0 = Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = queries.len().div_ceil(threads).max(1);
    let outcomes: Vec<Outcome> = std::thread::scope(|scope| {
        let handles: Vec<_> = queries
            .chunks(chunk)
            .enumerate()
            .map(|(c, part)| {
                scope.spawn(move || {
                    let first = c * chunk;
                    part.iter()
                        .enumerate()
                        .map(|(k, q)| run(first + k, q, walls, mesh))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let failures: Vec<&String> = outcomes.iter().flat_map(|o| &o.failures).collect();
    let worst_error = outcomes.iter().map(|o| o.error).fold(0.0, f64::max);
    let (mut funnel, mut midpoint): (Vec<f64>, Vec<f64>) =
        outcomes.iter().filter_map(|o| o.ratios).unzip();
    println!(
        "{name}: {} queries in {:.2} s, {} failures, largest relative error of the optimum {worst_error:.2e}",
        queries.len(),
        t0.elapsed().as_secs_f64(),
        failures.len()
    );
    println!("{name}: funnel / optimal   {}", summary(&mut funnel));
    println!("{name}: midpoint / optimal {}", summary(&mut midpoint));
    assert!(
        failures.is_empty(),
        "{name}: {} failures:\n{}",
        failures.len(),
        failures
            .iter()
            .map(|f| f.as_str())
            .collect::<Vec<_>>()
            .join("\n")
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
