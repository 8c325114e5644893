//! Prints per-stage build times for the benchmark scene (2,500 rotated squares).
use navscope::nav::{BuildOptions, build_with};
use navscope::scene::generate::rotated_squares;

fn main() {
    let scene = rotated_squares(50, 50, 10.0, 1.0, 1);
    for radius in [1.0, 0.0] {
        let mut totals = Vec::new();
        for _ in 0..7 {
            let b = build_with(
                &scene,
                &BuildOptions {
                    radius: Some(radius),
                    ..Default::default()
                },
            )
            .unwrap();
            totals.push(b.timings);
        }
        totals.sort_by_key(|t| t.total_us());
        let t = totals[3];
        let b = build_with(
            &scene,
            &BuildOptions {
                radius: Some(radius),
                ..Default::default()
            },
        )
        .unwrap();
        println!(
            "radius {radius}: median total {:.1} ms (repair {:.1}, inflate {:.1}, triangulate {:.1}); {} verts {} tris",
            t.total_us() as f64 / 1e3,
            t.repair_us as f64 / 1e3,
            t.inflate_us as f64 / 1e3,
            t.triangulate_us as f64 / 1e3,
            b.mesh.vertex_count(),
            b.mesh.triangle_count()
        );
    }
}
