//! Build time (repair + inflate + triangulate) over growing scenes of rotated squares, beside
//! polyanya's `Triangulation` (`set_agent_radius` + `as_navmesh`) on the same obstacles.
//! The `incremental` group: one step of an obstacle drag on a 2,025-obstacle city at r = 1
//! (shrunk and raw mesh), and on the game map aurora (`../shared/validation-data`, a nested
//! scene at r = 0; skipped with a note without the data), rebuilt in full and incrementally
//! (`nav::Incremental`) in the same run.
//! Run: `cargo bench --bench build`.

mod common;
#[path = "../tests/validation_data/mod.rs"]
mod validation_data;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, criterion_group, criterion_main};
use navscope::geom::Point;
use navscope::nav::{BuildOptions, Incremental, build_with};
use navscope::scene::Scene;
use navscope::scene::generate::rotated_squares;
use std::time::Duration;

fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("build");
    group
        .sample_size(15)
        .measurement_time(Duration::from_secs(8));
    // 256, 2,500 and 25,600 squares: about 1k, 10k and 100k obstacle vertices.
    for side in [16usize, 50, 160] {
        let scene = rotated_squares(side, side, 10.0, 1.0, 1);
        let vertices = scene.point_count() - 4;
        for radius in [1.0, 0.0] {
            // The shrunk mesh alone, as polyanya builds it (the raw mesh is `bench tangent`'s).
            let options = BuildOptions {
                radius: Some(radius),
                skip_raw: true,
                ..Default::default()
            };
            let built = build_with(&scene, &options).expect("benchmark scene builds");
            built
                .mesh
                .validate(&built.free_space)
                .expect("benchmark mesh is valid");
            group.bench_with_input(
                BenchmarkId::new(format!("navscope r={radius}"), vertices),
                &scene,
                |b, s| b.iter(|| build_with(s, &options).map(|b| b.mesh.triangle_count())),
            );
            if side <= 50 {
                assert!(
                    !common::polyanya_build(&scene, radius as f32).layers[0]
                        .polygons
                        .is_empty()
                );
                group.bench_with_input(
                    BenchmarkId::new(format!("polyanya r={radius}"), vertices),
                    &scene,
                    |b, s| {
                        b.iter(|| {
                            common::polyanya_build(s, radius as f32).layers[0]
                                .polygons
                                .len()
                        })
                    },
                );
            }
        }
    }
    group.finish();
}

fn incremental(c: &mut Criterion) {
    let mut group = c.benchmark_group("incremental");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(8));
    let scene = rotated_squares(45, 45, 10.0, 1.0, 1);
    // The middle obstacle, and the scene with it moved 0.7 units to the right.
    let middle = scene.obstacles.len() / 2;
    let mut moved = scene.clone();
    moved.obstacles[middle].ring = scene.obstacles[middle]
        .ring
        .translated(Point::new(0.7, 0.0));
    let (first, state) =
        Incremental::start(&scene, &BuildOptions::default()).expect("the city builds");
    drag(
        &mut group,
        "",
        (&scene, &moved),
        (first.mesh.triangle_count(), state),
    );
    if let Some(dir) = validation_data::data_dir() {
        let scene = navscope::scene::load(&dir.join("aurora-merged.mesh")).expect("aurora loads");
        let (first, state) =
            Incremental::start(&scene, &BuildOptions::default()).expect("aurora builds");
        let at = state.as_ref().expect("aurora keeps an incremental state");
        let (_, moved) = validation_data::drag_step(&scene, at).expect("an obstacle drags");
        let triangles = first.mesh.triangle_count();
        drag(&mut group, "aurora ", (&scene, &moved), (triangles, state));
    }
    group.finish();
}

/// One drag step from `scene` to `moved` and back, rebuilt in full and incrementally from
/// `state` (started on `scene`, whose mesh has `triangles` triangles); `prefix` names the map.
fn drag(
    group: &mut BenchmarkGroup<'_, WallTime>,
    prefix: &str,
    (scene, moved): (&Scene, &Scene),
    (triangles, mut state): (usize, Option<Incremental>),
) {
    let options = BuildOptions::default();
    group.bench_function(BenchmarkId::new(format!("{prefix}full"), triangles), |b| {
        b.iter(|| build_with(moved, &options).map(|b| b.mesh.triangle_count()))
    });
    let mut k = 0usize;
    let name = format!("{prefix}incremental");
    group.bench_function(BenchmarkId::new(name, triangles), |b| {
        b.iter(|| {
            k += 1;
            let next = if k % 2 == 1 { moved } else { scene };
            let (build, after) = state
                .take()
                .and_then(|s| s.update(next, &options))
                .expect("a drag step is incremental");
            state = Some(after);
            build.mesh.triangle_count()
        })
    });
}

criterion_group!(benches, build, incremental);
criterion_main!(benches);
