//! Scale: full build time, peak heap and query times at about 10k, 100k and 1M obstacle
//! vertices (`rotated_squares` grids at r = 1), beside polyanya 0.18 in the same run where it
//! applies (its build only at 10k, where it finishes in reasonable time; its `Mesh::path` on
//! exactly our triangles at every size). Prints one table; growth is compared with n log n.
//! Run: `cargo bench --bench scale` (`-- quick` stops at 100k).

mod common;

use navscope::geom::Point;
use navscope::nav::{BuildOptions, NavMesh, Variant, build_with, optimal_path, query_with};
use navscope::rng::Rng;
use navscope::scene::generate::rotated_squares;
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The system allocator, counting live heap bytes and their peak since the last reset.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, layout, size) };
        if !q.is_null() {
            if size >= layout.size() {
                let live =
                    LIVE.fetch_add(size - layout.size(), Ordering::Relaxed) + size - layout.size();
                PEAK.fetch_max(live, Ordering::Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - size, Ordering::Relaxed);
            }
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const MIB: f64 = 1024.0 * 1024.0;

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
        "{:>10} {:>9} {:>10} {:>9} {:>10} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "vertices",
        "triangles",
        "build ms",
        "growth",
        "n log n",
        "peak MiB",
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
        let mut peak = 0;
        let mut built = None;
        for _ in 0..runs {
            drop(built.take());
            PEAK.store(LIVE.load(Ordering::Relaxed), Ordering::Relaxed);
            let base = LIVE.load(Ordering::Relaxed);
            let t = Instant::now();
            built = Some(build_with(&scene, &options).expect("benchmark scene builds"));
            times.push(t.elapsed().as_secs_f64() * 1e3);
            peak = PEAK.load(Ordering::Relaxed) - base;
        }
        let built = built.expect("at least one run");
        let mesh = &built.mesh;
        let build_ms = median(times);
        let (n0, t0) = *first.get_or_insert((n, build_ms));
        let pairs = random_pairs(mesh, side as f64 * 10.0, 200);
        let funnel = per_query(&pairs, |s, g| {
            query_with(mesh, s, g, &[Variant::Funnel])
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
        let peer = common::polyanya_from(mesh);
        let v = |p: Point| glam::vec2(p.x as f32, p.y as f32);
        let theirs = per_query(&pairs, |s, g| {
            peer.path(v(s), v(g)).map(|p| p.length as f64)
        });
        for &(s, g) in &pairs {
            let (ours, peers) = (exact_length(s, g), peer.path(v(s), v(g)));
            let (Some(ours), Some(peers)) = (ours, peers) else {
                panic!(
                    "{s} -> {g}: ours {ours:?}, polyanya has a path: {}",
                    peers.is_some()
                );
            };
            assert!(
                (ours - peers.length as f64).abs() <= 1e-3 * ours.max(1.0),
                "{s} -> {g}: exact {ours}, polyanya {}",
                peers.length
            );
        }
        println!(
            "{:>10} {:>9} {:>10.1} {:>9.2} {:>10.2} {:>9.1} {:>9.1} {:>9.1} {:>9.1} {:>9.2}",
            n,
            mesh.triangle_count(),
            build_ms,
            build_ms / t0,
            n * n.ln() / (n0 * n0.ln()),
            peak as f64 / MIB,
            funnel,
            exact,
            theirs,
            exact / theirs
        );
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
