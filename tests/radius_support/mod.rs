//! Shared helpers of the radius-aware path tests: random scenes and queries, an independent
//! lower bound of the exact shortest path for a radius, and a same-side (homotopy) test.

#![allow(dead_code)] // each test file uses its own subset

use navscope::geom::{Point, Ring, Segment, winding_number};
use navscope::nav::{self, Build, FreeSpace, RawNav, invariants};
pub use navscope::rng::Rng;
pub use navscope::scene::generate::{rect, scene_with};
use navscope::scene::{self, Scene};

pub fn load(name: &str) -> Scene {
    scene::load(std::path::Path::new(&format!(
        "{}/assets/scenes/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    )))
    .unwrap()
}

/// A random obstacle: centre, half sizes, rotation, and shape (0 rectangle, 1 triangle,
/// 2 L-shape).
pub type Spec = (f64, f64, f64, f64, f64, u8);

pub fn obstacle((cx, cy, hw, hh, angle, kind): Spec) -> Ring {
    let local: Vec<(f64, f64)> = match kind % 3 {
        0 => vec![(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)],
        1 => vec![(-hw, -hh), (hw, -hh), (0.0, hh)],
        _ => vec![
            (-hw, -hh),
            (hw, -hh),
            (hw, 0.0),
            (0.0, 0.0),
            (0.0, hh),
            (-hw, hh),
        ],
    };
    let (c, s) = (angle.cos(), angle.sin());
    Ring::new(
        local
            .into_iter()
            .map(|(x, y)| Point::new(cx + x * c - y * s, cy + x * s + y * c))
            .collect(),
    )
}

/// The 40 x 30 room of the property tests with obstacles made from specs.
pub fn room_with(specs: &[Spec], radius: f64) -> Scene {
    scene_with(
        vec![rect(0.0, 0.0, 40.0, 30.0)],
        specs.iter().copied().map(obstacle).collect(),
        radius,
    )
}

/// The build's raw side (the tests never skip it).
pub fn raw_nav(b: &Build) -> &RawNav {
    b.raw
        .as_ref()
        .expect("builds keep their raw mesh by default")
}

/// A random point of the scene's box at least `clearance` from every raw wall and inside the
/// raw free space, if one is found in a few tries.
pub fn free_point(rng: &mut Rng, b: &Build, clearance: f64) -> Option<Point> {
    let raw = raw_nav(b);
    let bounds = raw.free_space.bounds();
    (0..200).find_map(|_| {
        let p = Point::new(
            rng.range(bounds.min.x, bounds.max.x),
            rng.range(bounds.min.y, bounds.max.y),
        );
        let ok =
            raw.walls().contains(p) && raw.walls().distance_to_point(p, clearance) >= clearance;
        ok.then_some(p)
    })
}

/// A lower bound of the exact shortest path for radius `r` between two points at least r from
/// every wall: the shortest path in a free space that CONTAINS the exact one. Inflation puts its
/// polygons outside the true offset by at most its tolerance, so inflating by r' = 0.98 r with
/// tolerance 1% of r' removes only points nearer than 0.9898 r < r to a wall. The shortest path
/// there is found on the visibility graph of its contour vertices; a segment counts as visible
/// when it crosses no wall properly and its midpoint is not outside, which can only admit extra
/// segments (a smaller bound), never reject a valid one.
pub fn shortest_lower_bound(scene: &Scene, r: f64, start: Point, goal: Point) -> f64 {
    let inner_r = 0.98 * r;
    let free = nav::inflate(&nav::repair(scene).unwrap(), inner_r, 0.01 * inner_r);
    visibility_shortest(&free, start, goal)
}

pub fn visibility_shortest(free: &FreeSpace, start: Point, goal: Point) -> f64 {
    let walls = free.walls();
    let mut nodes = vec![start, goal];
    nodes.extend(free.contours.iter().flat_map(|c| c.points.iter().copied()));
    let scale = free.bounds().diagonal().max(1.0);
    let visible = |a: Point, b: Point| {
        let s = Segment::new(a, b);
        let crosses = walls
            .candidates(navscope::geom::Aabb::from_points([a, b]), 0.0)
            .into_iter()
            .any(|i| invariants::crosses_properly(&s, &walls.segment(i as usize)));
        let mid = a.midpoint(b);
        !crosses
            && (walls.contains(mid) || walls.distance_to_point(mid, 1e-9 * scale) < 1e-9 * scale)
    };
    let n = nodes.len();
    let mut dist = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    dist[0] = 0.0;
    for _ in 0..n {
        let Some(u) = (0..n)
            .filter(|&i| !done[i] && dist[i].is_finite())
            .min_by(|&a, &b| dist[a].total_cmp(&dist[b]))
        else {
            break;
        };
        if u == 1 {
            return dist[1];
        }
        done[u] = true;
        for v in 0..n {
            if !done[v]
                && dist[u] + nodes[u].distance(nodes[v]) < dist[v]
                && visible(nodes[u], nodes[v])
            {
                dist[v] = dist[u] + nodes[u].distance(nodes[v]);
            }
        }
    }
    dist[1]
}

/// True when two paths from the same start to the same goal pass every obstacle on the same
/// side: the loop one path out, the other back winds round no hole of the raw free space.
pub fn same_side_of_every_obstacle(raw: &FreeSpace, a: &[Point], b: &[Point]) -> bool {
    let mut ring: Vec<Point> = a.to_vec();
    ring.extend(b.iter().rev().copied());
    raw.contours
        .iter()
        .filter(|c| c.is_hole())
        .all(|c| winding_number(&ring, c.points[0]) == 0)
}
