//! Build time (repair + inflate + triangulate) over growing scenes of rotated squares, beside
//! polyanya's `Triangulation` (`set_agent_radius` + `as_navmesh`) on the same obstacles.
//! Run: `cargo bench --bench build`.

mod common;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use navscope::nav::{BuildOptions, build_with};
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
            let options = BuildOptions {
                radius: Some(radius),
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

criterion_group!(benches, build);
criterion_main!(benches);
