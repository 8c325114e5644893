//! Query time on a ~100k-triangle mesh: A* + funnel (and locate) for random pairs, unreachable
//! pairs, and polyanya's `Mesh::path` on exactly the same triangles. Prints p50/p99 per query.
//! Run: `cargo bench --bench query`.

mod common;

use navscope::geom::Point;
use navscope::nav::{NavMesh, QueryOptions, Status, Variant, build, query_mesh};
use navscope::rng::Rng;
use navscope::scene::generate::{rect, rotated_squares};
use navscope::scene::{Obstacle, ObstacleId};
use std::time::Instant;

/// Random free points of the squares' area (left of the walled room).
fn random_inside(mesh: &NavMesh, rng: &mut Rng, count: usize) -> Vec<Point> {
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let p = Point::new(rng.range(0.0, 700.0), rng.range(0.0, 700.0));
        if mesh.locate(p).is_inside() {
            out.push(p);
        }
    }
    out
}

/// 70 x 70 rotated squares grown by r = 1 (about 127k walkable triangles), plus a walled room
/// beside them whose inside nothing outside can reach.
fn scene() -> navscope::scene::Scene {
    let mut scene = rotated_squares(70, 70, 10.0, 1.0, 1);
    scene.walkable = vec![rect(0.0, 0.0, 740.0, 700.0)];
    for (i, wall) in [
        rect(705.0, 5.0, 735.0, 7.0),
        rect(705.0, 33.0, 735.0, 35.0),
        rect(705.0, 5.0, 707.0, 35.0),
        rect(733.0, 5.0, 735.0, 35.0),
    ]
    .into_iter()
    .enumerate()
    {
        let id = ObstacleId(scene.obstacles.len() as u32);
        scene.obstacles.push(Obstacle {
            id,
            name: format!("room wall {i}"),
            ring: wall,
        });
    }
    scene
}

fn main() {
    let scene = scene();
    let built = build(&scene).expect("benchmark scene builds");
    let mesh = &built.mesh;
    println!(
        "mesh: {} vertices, {} triangles, {} components",
        mesh.vertex_count(),
        mesh.triangle_count(),
        mesh.component_count()
    );
    let mut rng = Rng::new(42);
    let points = random_inside(mesh, &mut rng, 2000);
    let pairs: Vec<(Point, Point)> = points.chunks(2).map(|c| (c[0], c[1])).collect();

    let peer = common::polyanya_from(mesh);
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    let corridor_paths = QueryOptions {
        variants: &[Variant::Midpoint, Variant::Funnel],
        ..QueryOptions::default()
    };
    for &(s, g) in &pairs {
        let t = Instant::now();
        // The corridor paths only: the optimal variant is benched on its own (benches/optimal.rs).
        let r = query_mesh(mesh, s, g, &corridor_paths);
        ours.push(t.elapsed().as_secs_f64() * 1e6);
        let t = Instant::now();
        let p = peer.path(
            glam::vec2(s.x as f32, s.y as f32),
            glam::vec2(g.x as f32, g.y as f32),
        );
        theirs.push(t.elapsed().as_secs_f64() * 1e6);
        // Both must agree that a path exists; ours is never shorter than polyanya's optimum
        // (up to polyanya's f32 precision).
        assert_eq!(r.status == Status::Found, p.is_some(), "{s} -> {g}");
        if let (Some(ours), Some(opt)) = (r.path(Variant::Funnel), p) {
            assert!(
                ours.length >= opt.length as f64 * (1.0 - 1e-4) - 1e-3,
                "{} < {}",
                ours.length,
                opt.length
            );
        }
    }
    let (o50, o99) = common::percentiles(&mut ours);
    let (p50, p99) = common::percentiles(&mut theirs);
    println!(
        "query A*+funnel (navscope): p50 {o50:.1} us, p99 {o99:.1} us over {} pairs",
        pairs.len()
    );
    println!("query Mesh::path (polyanya): p50 {p50:.1} us, p99 {p99:.1} us");
    println!(
        "ratio navscope/polyanya: p50 {:.3}, p99 {:.3}",
        o50 / p50,
        o99 / p99
    );

    // Unreachable pairs: every start against the inside of the walled room.
    let room = Point::new(720.0, 20.0);
    let mut unreachable = Vec::new();
    for &s in &points {
        let t = Instant::now();
        let r = query_mesh(mesh, s, room, &Default::default());
        unreachable.push(t.elapsed().as_secs_f64() * 1e6);
        assert_eq!(r.status, Status::Unreachable, "{s} -> {room}");
    }
    let (u50, u99) = common::percentiles(&mut unreachable);
    println!(
        "unreachable pairs (navscope): p50 {u50:.2} us, p99 {u99:.2} us over {}",
        unreachable.len()
    );
}
