//! Dense rings (issue 11 item 9): the build of a 40 x 30 room round a single N-gon obstacle of
//! radius 6 (both meshes, r = 0.5), one query round it ((2, 15) -> (38, 15), every variant as
//! `navscope path` makes them, up to N = 40k) and the
//! build of a convex walkable outline of N corners (radius 15, r = 0.5; the shrunk mesh as
//! `navscope build` makes it, then with the raw mesh as well). Both were quadratic:
//! 16.7 s for the 40k-gon query, 32 s for the 125k outline. Prints one table of medians, of
//! wall-clock time and of the process's CPU time (all threads; less disturbed by other work).
//! Run: `cargo bench --bench dense` (`-- quick` stops at 10k / 32k).

mod common;
#[allow(dead_code)] // only its process clock is used here, not the criterion measurement
mod cpu_time;

use navscope::geom::Point;
use navscope::nav::{BuildOptions, QueryOptions, build, build_with, query};
use navscope::scene::generate::{rect, regular, scene_with};
use std::hint::black_box;
use std::time::Instant;

/// Median wall-clock and CPU milliseconds of `runs` calls of `f`.
fn median_ms(runs: usize, mut f: impl FnMut()) -> (f64, f64) {
    let (mut wall, mut cpu): (Vec<f64>, Vec<f64>) = (0..runs)
        .map(|_| {
            let (t, c) = (Instant::now(), cpu_time::now());
            f();
            let cpu = (cpu_time::now() - c).as_secs_f64() * 1e3;
            (t.elapsed().as_secs_f64() * 1e3, cpu)
        })
        .unzip();
    (
        common::percentiles(&mut wall).0,
        common::percentiles(&mut cpu).0,
    )
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    println!(
        "{:<28} {:>10} {:>12} {:>12}",
        "case", "N", "median ms", "cpu ms"
    );
    for n in [5_000, 10_000, 20_000, 40_000, 80_000, 160_000] {
        if quick && n > 10_000 {
            break;
        }
        let scene = scene_with(
            vec![rect(0.0, 0.0, 40.0, 30.0)],
            vec![regular(n, 20.0, 15.0, 6.0)],
            0.5,
        );
        // Both meshes, as `navscope path` builds them.
        let (ms, cpu) = median_ms(3, || {
            black_box(build(&scene).expect("the N-gon scene builds"));
        });
        println!(
            "{:<28} {:>10} {:>12.1} {:>12.1}",
            "build round an N-gon", n, ms, cpu
        );
        if n > 40_000 {
            continue;
        }
        let b = build(&scene).expect("the N-gon scene builds");
        let (s, g) = (Point::new(2.0, 15.0), Point::new(38.0, 15.0));
        let (ms, cpu) = median_ms(5, || {
            black_box(query(&b, s, g, &QueryOptions::default()));
        });
        println!(
            "{:<28} {:>10} {:>12.1} {:>12.1}",
            "query round an N-gon", n, ms, cpu
        );
    }
    for n in [16_000, 32_000, 64_000, 125_000] {
        if quick && n > 32_000 {
            break;
        }
        let scene = scene_with(vec![regular(n, 20.0, 15.0, 15.0)], Vec::new(), 0.5);
        // What `navscope build` makes (the shrunk mesh), then what the editor and `path` make
        // (the raw mesh too).
        let shrunk_only = BuildOptions {
            skip_raw: true,
            ..BuildOptions::default()
        };
        let (ms, cpu) = median_ms(3, || {
            black_box(build_with(&scene, &shrunk_only).expect("the outline builds"));
        });
        println!(
            "{:<28} {:>10} {:>12.1} {:>12.1}",
            "build a convex outline", n, ms, cpu
        );
        let (ms, cpu) = median_ms(3, || {
            black_box(build(&scene).expect("the outline builds"));
        });
        println!(
            "{:<28} {:>10} {:>12.1} {:>12.1}",
            "  the same with raw mesh", n, ms, cpu
        );
    }
}
