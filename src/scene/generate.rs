//! Procedural scenes for benchmarks, tests and demos: grids of rotated squares and random
//! fields of polygons, all from a seed, and plain scenes from rings.

use super::{Obstacle, ObstacleId, Scene};
use crate::geom::{Point, Ring};
use crate::rng::Rng;
use std::f64::consts::TAU;

/// `cols x rows` squares, each randomly rotated and sized, one per `spacing`-sized cell of a
/// rectangular walkable area. Squares never touch their neighbours' cells.
pub fn rotated_squares(cols: usize, rows: usize, spacing: f64, radius: f64, seed: u64) -> Scene {
    let mut rng = Rng::new(seed);
    let mut obstacles = Vec::with_capacity(cols * rows);
    for i in 0..cols {
        for j in 0..rows {
            let c = Point::new((i as f64 + 0.5) * spacing, (j as f64 + 0.5) * spacing);
            let half_diagonal = spacing * rng.range(0.15, 0.35);
            let angle = rng.range(0.0, TAU);
            let points = (0..4)
                .map(|k| c + Point::from_angle(angle + k as f64 * TAU / 4.0) * half_diagonal)
                .collect();
            let id = ObstacleId(obstacles.len() as u32);
            obstacles.push(Obstacle {
                id,
                name: format!("square {i},{j}"),
                ring: Ring::new(points),
            });
        }
    }
    Scene {
        agent_radius: radius,
        walkable: vec![rect(0.0, 0.0, cols as f64 * spacing, rows as f64 * spacing)],
        obstacles,
        queries: Vec::new(),
        ..Default::default()
    }
}

/// `count` random star-shaped polygons (3 to 8 corners) scattered over a `width x height` area;
/// they may overlap each other and the outline.
pub fn random_field(count: usize, width: f64, height: f64, radius: f64, seed: u64) -> Scene {
    let mut rng = Rng::new(seed);
    let mut obstacles = Vec::with_capacity(count);
    let size = (width * height / count.max(1) as f64).sqrt() * 0.35;
    for k in 0..count {
        let c = Point::new(rng.range(0.0, width), rng.range(0.0, height));
        let corners = 3 + (rng.next_u64() % 6) as usize;
        let r = size * rng.range(0.5, 1.5);
        let start = rng.range(0.0, TAU);
        let points = (0..corners)
            .map(|i| {
                c + Point::from_angle(start + i as f64 * TAU / corners as f64)
                    * (r * rng.range(0.8, 1.0))
            })
            .collect();
        obstacles.push(Obstacle {
            id: ObstacleId(k as u32),
            name: format!("rock {k}"),
            ring: Ring::new(points),
        });
    }
    Scene {
        agent_radius: radius,
        walkable: vec![rect(0.0, 0.0, width, height)],
        obstacles,
        queries: Vec::new(),
        ..Default::default()
    }
}

/// A scene of `walkable` rings and `obstacles` named `o0`, `o1`, ... for an agent of `radius`.
pub fn scene_with(walkable: Vec<Ring>, obstacles: Vec<Ring>, radius: f64) -> Scene {
    Scene {
        agent_radius: radius,
        walkable,
        obstacles: obstacles
            .into_iter()
            .enumerate()
            .map(|(i, ring)| Obstacle {
                id: ObstacleId(i as u32),
                name: format!("o{i}"),
                ring,
            })
            .collect(),
        queries: Vec::new(),
        ..Default::default()
    }
}

/// An axis-aligned rectangle ring, counter-clockwise.
pub fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Ring {
    Ring::new(vec![
        Point::new(x0, y0),
        Point::new(x1, y0),
        Point::new(x1, y1),
        Point::new(x0, y1),
    ])
}

/// A regular `n`-gon of circumradius `radius` round (cx, cy), counter-clockwise.
pub fn regular(n: usize, cx: f64, cy: f64, radius: f64) -> Ring {
    Ring::new(
        (0..n)
            .map(|k| {
                let a = k as f64 * TAU / n as f64;
                Point::new(cx + radius * a.cos(), cy + radius * a.sin())
            })
            .collect(),
    )
}
