//! Radius-aware query on a ~100k-triangle raw mesh: locate, clearance A* and the tangent funnel
//! (plus the offset path made from the same corridor), random start/goal pairs. Prints p50/p99
//! of single queries and asserts every answer. Run: `cargo bench --bench tangent`.

use criterion::{Criterion, criterion_group, criterion_main};
use navscope::geom::{Point, Ring};
use navscope::nav::{RawNav, Status, Variant, flatten_tolerance, invariants, query_raw, repair};
use navscope::scene::{Obstacle, ObstacleId, Scene};
use std::hint::black_box;
use std::time::Instant;

const RADIUS: f64 = 0.5;

/// xorshift: deterministic input without extra crates.
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A field of `side` x `side` rotated squares, one per cell of 8 units, with gaps between
/// neighbours from about 1 to 6 units.
fn field(side: usize, rng: &mut Rng) -> Scene {
    let cell = 8.0;
    let extent = side as f64 * cell;
    let square = |c: Point, half: f64, angle: f64| {
        let (s, k) = angle.sin_cos();
        let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
        Ring::new(corners.iter().map(|&(x, y)| Point::new(c.x + half * (x * k - y * s), c.y + half * (x * s + y * k))).collect())
    };
    let mut obstacles = Vec::with_capacity(side * side);
    for i in 0..side {
        for j in 0..side {
            let half = 0.7 + 1.3 * rng.unit();
            let c = Point::new((i as f64 + 0.5 + 0.15 * (rng.unit() - 0.5)) * cell, (j as f64 + 0.5 + 0.15 * (rng.unit() - 0.5)) * cell);
            let ring = square(c, half, rng.unit() * std::f64::consts::FRAC_PI_2);
            obstacles.push(Obstacle { id: ObstacleId(obstacles.len() as u32), name: String::new(), ring });
        }
    }
    let outline = Ring::new(vec![Point::new(0.0, 0.0), Point::new(extent, 0.0), Point::new(extent, extent), Point::new(0.0, extent)]);
    Scene { agent_radius: RADIUS, walkable: vec![outline], obstacles, queries: Vec::new() }
}

fn free_point(raw: &RawNav, rng: &mut Rng) -> Point {
    let b = raw.free_space.bounds();
    loop {
        let p = Point::new(b.min.x + rng.unit() * b.width(), b.min.y + rng.unit() * b.height());
        if raw.walls.contains(p) && raw.walls.distance_to_point(p, RADIUS) >= RADIUS {
            return p;
        }
    }
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn tangent_queries(c: &mut Criterion) {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let scene = field(112, &mut rng);
    let t0 = Instant::now();
    let raw = RawNav::build(&repair(&scene).expect("valid scene")).expect("raw mesh");
    println!(
        "raw mesh: {} triangles, {} vertices, built with widths in {:.0} ms",
        raw.mesh.triangle_count(),
        raw.mesh.vertex_count(),
        t0.elapsed().as_secs_f64() * 1e3
    );
    assert!(raw.mesh.triangle_count() >= 90_000, "about 100k triangles");
    let pairs: Vec<(Point, Point)> = (0..300).map(|_| (free_point(&raw, &mut rng), free_point(&raw, &mut rng))).collect();

    // Every answer is checked once: found, from start to goal, clearance >= r. Times: the whole
    // query, and its tangent part (locate + clearance A* + tangent funnel) from its own timings.
    let (mut times, mut tangent_times) = (Vec::with_capacity(pairs.len()), Vec::with_capacity(pairs.len()));
    for &(s, g) in &pairs {
        let t = Instant::now();
        let q = query_raw(&raw, RADIUS, s, g);
        times.push(t.elapsed().as_secs_f64() * 1e6);
        let funnel_us = q.variants_us.iter().find(|(v, _)| *v == Variant::Tangent).map_or(0.0, |(_, us)| *us);
        tangent_times.push(q.locate_us + q.astar_us + funnel_us);
        assert_eq!(q.status, Status::Found, "{s} -> {g}");
        let path = &q.paths.iter().find(|(v, _)| *v == Variant::Tangent).expect("tangent path").1;
        let points = path.points(flatten_tolerance(RADIUS));
        invariants::check_endpoints(&points, s, g).expect("joins start and goal");
        invariants::check_clearance(&points, &raw.walls, RADIUS, 2e-3 * RADIUS).expect("clearance");
    }
    for (what, times) in [("tangent path (locate + clearance A* + tangent funnel)", &mut tangent_times), ("whole raw query (+ offset path and its clearance)", &mut times)] {
        times.sort_by(f64::total_cmp);
        println!("{what}, {} pairs: p50 {:.0} us, p99 {:.0} us", times.len(), percentile(times, 0.5), percentile(times, 0.99));
    }

    let mut i = 0;
    c.bench_function("tangent_query_100k_triangles", |b| {
        b.iter(|| {
            let (s, g) = pairs[i % pairs.len()];
            i += 1;
            black_box(query_raw(&raw, RADIUS, s, g))
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = tangent_queries
}
criterion_main!(benches);
