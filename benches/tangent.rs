//! Radius-aware queries on a ~100k-triangle raw mesh: locate, clearance A* and the tangent
//! funnel (then the offset path from the same corridor), for random start/goal pairs. Prints
//! p50/p99 per query and asserts every answer. Run: `cargo bench --bench tangent`.

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use navscope::geom::Point;
use navscope::nav::{RawNav, Status, Variant, flatten_tolerance, invariants, query_raw, repair};
use navscope::rng::Rng;
use navscope::scene::generate::rotated_squares;
use std::hint::black_box;
use std::time::Instant;

const RADIUS: f64 = 0.5;

/// A random point at least the radius from every wall.
fn free_point(raw: &RawNav, rng: &mut Rng) -> Point {
    let b = raw.free_space.bounds();
    loop {
        let p = Point::new(rng.range(b.min.x, b.max.x), rng.range(b.min.y, b.max.y));
        if raw.walls().contains(p) && raw.walls().distance_to_point(p, RADIUS) >= RADIUS {
            return p;
        }
    }
}

fn tangent_queries(c: &mut Criterion) {
    // 130 x 130 rotated squares, 8 apart: about 100k raw triangles; every gap is wider than 2r.
    let scene = rotated_squares(130, 130, 8.0, RADIUS, 7);
    let t0 = Instant::now();
    let raw = RawNav::build(&repair(&scene).expect("valid scene")).expect("raw mesh");
    println!(
        "raw mesh: {} triangles, {} vertices, built with its widths in {:.0} ms",
        raw.mesh.triangle_count(),
        raw.mesh.vertex_count(),
        t0.elapsed().as_secs_f64() * 1e3
    );
    assert!(raw.mesh.triangle_count() >= 90_000, "about 100k triangles");
    let mut rng = Rng::new(11);
    let pairs: Vec<(Point, Point)> = (0..300)
        .map(|_| (free_point(&raw, &mut rng), free_point(&raw, &mut rng)))
        .collect();

    // Every answer is checked once: found, from start to goal, clearance >= r. Times: the
    // tangent path (locate + clearance A* + tangent funnel, from the query's own timings) and
    // the whole raw query (also the offset path and where it cuts corners).
    let (mut tangent_us, mut query_us) = (Vec::new(), Vec::new());
    for &(s, g) in &pairs {
        let t = Instant::now();
        let q = query_raw(&raw, RADIUS, s, g, true);
        query_us.push(t.elapsed().as_secs_f64() * 1e6);
        assert_eq!(q.status, Status::Found, "{s} -> {g}");
        let funnel_us = q
            .timings
            .variants_us
            .iter()
            .find(|(v, _)| *v == Variant::Tangent)
            .map_or(0.0, |(_, us)| *us);
        tangent_us.push(q.timings.locate_us + q.timings.astar_us + funnel_us);
        let path = &q
            .paths
            .iter()
            .find(|(v, _)| *v == Variant::Tangent)
            .expect("tangent path")
            .1;
        let points = path.points(flatten_tolerance(RADIUS));
        invariants::check_endpoints(&points, s, g).expect("joins start and goal");
        invariants::check_clearance(&points, raw.walls(), RADIUS, 2e-3 * RADIUS)
            .expect("clearance");
    }
    for (what, samples) in [
        (
            "tangent path (locate + clearance A* + tangent funnel)",
            &mut tangent_us,
        ),
        (
            "whole raw query (+ offset path and its cuts)",
            &mut query_us,
        ),
    ] {
        let (p50, p99) = common::percentiles(samples);
        println!(
            "{what}, {} pairs: p50 {p50:.0} us, p99 {p99:.0} us",
            pairs.len()
        );
    }

    let mut i = 0;
    c.bench_function("tangent_query_100k_triangles", |b| {
        b.iter(|| {
            let (s, g) = pairs[i % pairs.len()];
            i += 1;
            black_box(query_raw(&raw, RADIUS, s, g, true))
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = tangent_queries
}
criterion_main!(benches);
