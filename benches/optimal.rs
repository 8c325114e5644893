//! The optimal variant against crate polyanya 0.18 on the aurora map's 2,990 published queries
//! (`../shared/validation-data`): navscope's exact shortest path (locate + search on our
//! triangles) and polyanya's `Mesh::path` on the same .mesh file (its merged convex polygons)
//! and on exactly our triangles. Every result is checked against the published length. Prints
//! per-query medians and p99 over all queries, then criterion times a fixed sample of 30 queries
//! per engine. Run: `cargo bench --bench optimal` (skips with a note without the data).

mod common;
#[path = "../tests/validation_data/mod.rs"]
mod validation_data;

use criterion::{Criterion, criterion_group, criterion_main};
use navscope::geom::Point;
use navscope::nav::invariants::polyline_length;
use navscope::nav::{NavMesh, optimal_path};
use std::hint::black_box;
use std::time::Instant;
use validation_data::{Query, data_dir, load_map, load_queries};

/// Our optimal path length, from the points alone (point location included, as in polyanya).
fn ours(mesh: &NavMesh, s: Point, g: Point) -> Option<f64> {
    let (ls, lg) = (mesh.locate(s), mesh.locate(g));
    optimal_path(mesh, s, &mesh.triangles_at(&ls), g, &mesh.triangles_at(&lg))
        .map(|path| polyline_length(&path))
}

fn theirs(mesh: &polyanya::Mesh, s: Point, g: Point) -> Option<f64> {
    let v = |p: Point| glam::vec2(p.x as f32, p.y as f32);
    mesh.path(v(s), v(g)).map(|path| path.length as f64)
}

/// An engine: its name, how it answers a query, and its tolerance against the published length
/// (polyanya computes in f32).
type Engine<'a> = (&'a str, Box<dyn Fn(Point, Point) -> Option<f64> + 'a>, f64);

fn check(name: &str, length: Option<f64>, q: &Query, relative: f64) {
    let length = length.unwrap_or_else(|| panic!("{name}: no path {} -> {}", q.start, q.goal));
    assert!(
        (length - q.optimal).abs() <= relative * q.optimal.max(1.0),
        "{name}: {} -> {}: length {length}, published {}",
        q.start,
        q.goal,
        q.optimal
    );
}

fn aurora(c: &mut Criterion) {
    let Some(dir) = data_dir() else { return };
    let (_, mesh) = load_map(&dir, "aurora-merged.mesh");
    let queries = load_queries(&dir.join("aurora-queries.csv"));
    let file = dir.join("aurora-merged.mesh");
    let mut merged: polyanya::Mesh =
        polyanya::PolyanyaFile::from_file(file.to_str().expect("a UTF-8 path"))
            .try_into()
            .expect("polyanya reads the aurora mesh");
    merged.bake();
    let triangles = common::polyanya_from(&mesh);
    println!(
        "aurora: {} queries; navscope {} triangles, polyanya {} merged polygons",
        queries.len(),
        mesh.triangle_count(),
        merged.layers[0].polygons.len()
    );
    let engines: Vec<Engine> = vec![
        ("navscope optimal", Box::new(|s, g| ours(&mesh, s, g)), 1e-4),
        (
            "polyanya, merged polygons",
            Box::new(|s, g| theirs(&merged, s, g)),
            1e-4,
        ),
        (
            "polyanya, our triangles",
            Box::new(|s, g| theirs(&triangles, s, g)),
            1e-4,
        ),
    ];

    // Every query, each engine in turn, timed one by one.
    let mut times = vec![Vec::with_capacity(queries.len()); engines.len()];
    for q in &queries {
        for ((name, run, relative), times) in engines.iter().zip(&mut times) {
            let t = Instant::now();
            let length = black_box(run(q.start, q.goal));
            times.push(t.elapsed().as_secs_f64() * 1e6);
            check(name, length, q, *relative);
        }
    }
    let mut medians = Vec::new();
    for ((name, _, _), times) in engines.iter().zip(&mut times) {
        let total: f64 = times.iter().sum();
        let (p50, p99) = common::percentiles(times);
        medians.push(p50);
        println!(
            "{name:<28} p50 {p50:>8.1} us  p99 {p99:>9.1} us  all {:>6.2} s",
            total * 1e-6
        );
    }
    println!(
        "median ratio navscope / polyanya: {:.2} (merged polygons), {:.2} (our triangles)",
        medians[0] / medians[1],
        medians[0] / medians[2]
    );

    // Criterion: every 100th query, all checked, per engine.
    let sample: Vec<&Query> = queries.iter().step_by(100).collect();
    let mut group = c.benchmark_group(format!("aurora, {} queries", sample.len()));
    group.sample_size(10);
    for (name, run, relative) in &engines {
        group.bench_function(*name, |b| {
            b.iter(|| {
                for q in &sample {
                    check(name, black_box(run(q.start, q.goal)), q, *relative);
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, aurora);
criterion_main!(benches);
