//! Scale: full build time (wall clock, and the process's CPU time on all threads), peak memory
//! (resident set) and query times at about 10k, 100k and 1M obstacle vertices
//! (`rotated_squares` grids at r = 1, shrunk and raw mesh), beside polyanya 0.18 in the same run
//! where it applies (its build only at 10k, where it finishes in reasonable time; its
//! `Mesh::path` on exactly our triangles at every size). Prints one table; growth is compared
//! with n log n, and the 1M row with the targets (<= 5 s, <= 2 GiB).
//! Run: `cargo bench --bench scale` (`-- quick` stops at 100k).

mod common;
#[allow(dead_code)] // only its process clock is used here, not the criterion measurement
mod cpu_time;

use navscope::geom::Point;
use navscope::nav::{
    BuildOptions, NavMesh, QueryOptions, Variant, build_with, optimal_path, query_mesh,
};
use navscope::rng::Rng;
use navscope::scene::generate::rotated_squares;
use std::hint::black_box;
use std::time::Instant;

/// Resets the process's peak resident set size (Linux: `/proc/self/clear_refs`).
fn reset_peak_memory() {
    // Without procfs the peak stays the process's since start, still an upper bound.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// Peak resident set size since the last reset, in MiB (Linux `VmHWM`), if the platform says.
fn peak_memory_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn median(mut samples: Vec<f64>) -> f64 {
    common::percentiles(&mut samples).0
}

/// Random pairs of free points.
fn random_pairs(mesh: &NavMesh, extent: f64, count: usize) -> Vec<(Point, Point)> {
    let mut rng = Rng::new(7);
    let mut free = || loop {
        let p = Point::new(rng.range(0.0, extent), rng.range(0.0, extent));
        if mesh.locate(p).is_inside() {
            return p;
        }
    };
    (0..count).map(|_| (free(), free())).collect()
}

/// Median time in microseconds of `run` over the pairs.
fn per_query(pairs: &[(Point, Point)], mut run: impl FnMut(Point, Point) -> Option<f64>) -> f64 {
    median(
        pairs
            .iter()
            .map(|&(s, g)| {
                let t = Instant::now();
                black_box(run(s, g));
                t.elapsed().as_secs_f64() * 1e6
            })
            .collect(),
    )
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let sides: &[usize] = if quick { &[50, 160] } else { &[50, 160, 500] };
    let options = BuildOptions {
        radius: Some(1.0),
        ..Default::default()
    };
    println!(
        "{:>10} {:>9} {:>10} {:>10} {:>10} {:>10} {:>12} {:>9} {:>9} {:>9} {:>9}",
        "vertices",
        "triangles",
        "build ms",
        "build cpu",
        "cpu growth",
        "n log n",
        "peak RSS MiB",
        "funnel us",
        "exact us",
        "pya us",
        "exact/pya"
    );
    let mut first: Option<(f64, f64)> = None;
    for &side in sides {
        let scene = rotated_squares(side, side, 10.0, 1.0, 1);
        let n = (scene.point_count() - 4) as f64;
        let runs = if side >= 500 { 1 } else { 5 };
        let mut times = Vec::new();
        let mut cpu_times = Vec::new();
        let mut built = None;
        for _ in 0..runs {
            drop(built.take());
            reset_peak_memory();
            let (t, cpu) = (Instant::now(), cpu_time::now());
            match build_with(&scene, &options) {
                Ok(b) => built = Some(b),
                // Over the memory budget: refused up front, which is the figure to show.
                Err(e) => {
                    println!(
                        "{n:>10} refused in {:.1} ms: {e}",
                        t.elapsed().as_secs_f64() * 1e3
                    );
                    break;
                }
            }
            times.push(t.elapsed().as_secs_f64() * 1e3);
            cpu_times.push((cpu_time::now() - cpu).as_secs_f64() * 1e3);
        }
        let Some(built) = built else { break };
        // The whole process's peak during the last build (the scene and earlier meshes' memory
        // freed to the allocator included).
        let peak = peak_memory_mib().unwrap_or(f64::NAN);
        let mesh = &built.mesh;
        let (build_ms, build_cpu) = (median(times), median(cpu_times));
        // Growth is measured on CPU time, which other work on the machine disturbs less.
        let (n0, t0) = *first.get_or_insert((n, build_cpu));
        // At 1M an exact query takes seconds: 20 pairs there keep the bench within minutes.
        let pairs = random_pairs(mesh, side as f64 * 10.0, if side >= 500 { 20 } else { 200 });
        let funnel_only = QueryOptions {
            variants: &[Variant::Funnel],
            ..QueryOptions::default()
        };
        let funnel = per_query(&pairs, |s, g| {
            query_mesh(mesh, s, g, &funnel_only)
                .path(Variant::Funnel)
                .map(|p| p.length)
        });
        // The first exact query also merges the convex polygons: do it before timing.
        let exact_length = |s: Point, g: Point| {
            let (ls, lg) = (mesh.locate(s), mesh.locate(g));
            optimal_path(mesh, s, &mesh.triangles_at(&ls), g, &mesh.triangles_at(&lg))
                .map(|path| navscope::nav::invariants::polyline_length(&path))
        };
        exact_length(pairs[0].0, pairs[0].1);
        let exact = per_query(&pairs, exact_length);
        // polyanya's `Mesh::try_from` on our triangles had not finished after 10 minutes at
        // 100k obstacle vertices (650k triangles), so it runs at 10k only.
        let theirs = (side <= 50).then(|| {
            let peer = common::polyanya_from(mesh);
            let v = |p: Point| glam::vec2(p.x as f32, p.y as f32);
            for &(s, g) in &pairs {
                let ours = exact_length(s, g);
                let peers = peer.path(v(s), v(g)).map(|p| p.length as f64);
                let (Some(a), Some(b)) = (ours, peers) else {
                    panic!("{s} -> {g}: exact {ours:?}, polyanya {peers:?}");
                };
                assert!(
                    (a - b).abs() <= 1e-3 * a.max(1.0),
                    "{s} -> {g}: exact {a}, polyanya {b}"
                );
            }
            per_query(&pairs, |s, g| {
                peer.path(v(s), v(g)).map(|p| p.length as f64)
            })
        });
        println!(
            "{:>10} {:>9} {:>10.1} {:>10.1} {:>10.2} {:>10.2} {:>12.1} {:>9.1} {:>9.1} {:>9.1} {:>9.2}",
            n,
            mesh.triangle_count(),
            build_ms,
            build_cpu,
            build_cpu / t0,
            n * n.ln() / (n0 * n0.ln()),
            peak,
            funnel,
            exact,
            theirs.unwrap_or(f64::NAN),
            theirs.map_or(f64::NAN, |t| exact / t)
        );
        let t = built.timings;
        let points = built.free_space.vertex_count()
            + built
                .raw
                .as_ref()
                .map_or(0, |r| r.free_space.vertex_count());
        println!(
            "{:>10} stages ms: repair {:.1}, inflate {:.1}, triangulate {:.1}, raw mesh {:.1} \
             (alongside); {points} free-space points (shrunk + raw), {:.0} peak bytes per point",
            "",
            t.repair_us as f64 / 1e3,
            t.inflate_us as f64 / 1e3,
            t.triangulate_us as f64 / 1e3,
            t.raw_us as f64 / 1e3,
            peak * 1024.0 * 1024.0 / points as f64
        );
        if side >= 500 {
            println!(
                "{:>10} targets at 1M: build <= 5000 ms ({}), peak <= 2048 MiB ({})",
                "",
                if build_ms <= 5000.0 { "met" } else { "NOT met" },
                if peak <= 2048.0 { "met" } else { "NOT met" }
            );
        }
        if side <= 50 {
            let t = Instant::now();
            let polygons = common::polyanya_build(&scene, 1.0).layers[0].polygons.len();
            let theirs_ms = t.elapsed().as_secs_f64() * 1e3;
            println!(
                "{n:>10} polyanya build (set_agent_radius + as_navmesh): {theirs_ms:.1} ms, \
                 {polygons} polygons; navscope / polyanya {:.2}",
                build_ms / theirs_ms
            );
        }
    }
}
