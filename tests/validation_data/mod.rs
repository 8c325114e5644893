//! The third-party validation data (`../shared/validation-data`, see its README): locating it,
//! reading its query files and turning its Polyanya meshes into navmeshes through navscope's own
//! importer (`scene::load` of a `.mesh` file, built for a point agent), and a drag step on
//! such a map. Shared by tests/validation.rs, tests/incremental.rs and benches/{optimal,build}.rs.

#![allow(dead_code)] // each user takes part of it

use navscope::geom::Point;
use navscope::nav::{self, BuildOptions, FreeSpace, Incremental, NavMesh};
use navscope::scene::Scene;
use std::path::{Path, PathBuf};

/// The data directory: `NAVSCOPE_VALIDATION_DATA` or `../shared/validation-data` beside the
/// repository; `None` (with a printed note) when it is missing.
pub fn data_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("NAVSCOPE_VALIDATION_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/validation-data")
        });
    if dir.join("README.md").is_file() {
        Some(dir)
    } else {
        println!(
            "note: validation data not found at {}; skipping",
            dir.display()
        );
        None
    }
}

/// One published query: a point agent's exact shortest path length from start to goal.
pub struct Query {
    pub start: Point,
    pub goal: Point,
    pub optimal: f64,
}

/// Reads `bucket,start_x,start_y,goal_x,goal_y,euclidean_optimal,octile_optimal` lines.
pub fn load_queries(path: &Path) -> Vec<Query> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let f: Vec<f64> = line.split(',').map(|x| x.trim().parse().unwrap()).collect();
            Query {
                start: Point::new(f[1], f[2]),
                goal: Point::new(f[3], f[4]),
                optimal: f[5],
            }
        })
        .collect()
}

/// The free space of a Polyanya mesh file and our (validated) navmesh of it. The free space
/// must cover exactly the file's polygons: its area is checked against theirs, summed here
/// independently of the loader (islands inside holes count).
pub fn load_map(dir: &Path, mesh_file: &str) -> (FreeSpace, NavMesh) {
    let path = dir.join(mesh_file);
    let scene = navscope::scene::load(&path).unwrap();
    let options = BuildOptions {
        radius: Some(0.0),
        skip_raw: true,
        ..Default::default()
    };
    let build = nav::build_with(&scene, &options).unwrap();
    let (free, mesh) = (build.free_space, build.mesh);
    let polygons = polygon_area(&std::fs::read_to_string(&path).unwrap());
    assert!(
        (free.area() - polygons).abs() <= 1e-9 * polygons,
        "{mesh_file}: free space area {} differs from the polygons' {polygons}",
        free.area()
    );
    mesh.validate(&free).unwrap();
    (free, mesh)
}

/// Total area of the polygons of a (well-formed) Polyanya v2 mesh file.
fn polygon_area(text: &str) -> f64 {
    let mut lines = text.lines().skip(2);
    let counts: Vec<usize> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    let vertices: Vec<Point> = (&mut lines)
        .take(counts[0])
        .map(|l| {
            let f: Vec<f64> = l
                .split_whitespace()
                .take(2)
                .map(|x| x.parse().unwrap())
                .collect();
            Point::new(f[0], f[1])
        })
        .collect();
    lines
        .take(counts[1])
        .map(|l| {
            let f: Vec<usize> = l
                .split_whitespace()
                .map(|x| x.parse().unwrap_or(0))
                .collect();
            let ring: Vec<Point> = f[1..=f[0]].iter().map(|&v| vertices[v]).collect();
            navscope::geom::signed_area(&ring)
        })
        .sum()
}

/// One step of a drag on an imported map: `scene` with its first obstacle whose box meets no
/// other obstacle's box and whose move by one unit to the right `state` (started on `scene`)
/// updates incrementally, so moved; with that obstacle's index.
pub fn drag_step(scene: &Scene, state: &Incremental) -> Option<(usize, Scene)> {
    let boxes: Vec<_> = scene.obstacles.iter().map(|o| o.ring.aabb()).collect();
    (0..boxes.len()).find_map(|i| {
        let apart = (boxes.iter().enumerate()).all(|(j, b)| j == i || !b.intersects(&boxes[i]));
        if !apart {
            return None;
        }
        let mut next = scene.clone();
        next.obstacles[i].ring = scene.obstacles[i].ring.translated(Point::new(1.0, 0.0));
        let options = BuildOptions::default();
        state.clone().update(&next, &options).map(|_| (i, next))
    })
}
