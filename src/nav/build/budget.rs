//! The memory budget of a build, checked before any of it is made: the number of free-space
//! points is estimated from the scene (every walkable and obstacle ring's corners plus the arc
//! points a full turn of radius r takes, and the raw mesh's corners), its peak memory from them
//! (a fixed part plus a slope, fitted above measured peaks), and a build that would need more
//! than the budget is refused with one line saying so, instead of running out of memory.
//! The repaired scene is checked again ([`check_repaired`]): obstacles whose edges cross many
//! times merge into rings of far more corners than the scene has.

use super::error::BuildError;
use super::inflate::max_step;
use super::repair::Repaired;
use crate::scene::Scene;
use std::f64::consts::TAU;

/// The memory a build may take at its peak: 2 GiB.
pub const MEMORY_BUDGET: usize = 2 << 30;

/// Peak bytes of a build per estimated free-space point (shrunk and raw), beyond
/// [`FIXED_BYTES`]. Fitted above the process's peak resident set during builds of
/// `rotated_squares` grids at r = 1 (2026-11-28, `/usr/bin/time -v`, a throwaway binary with
/// the budget lifted): 1,828-1,876 MiB for 7.75M estimated points at 1M obstacle vertices, and
/// 257-266 MiB for 0.79M at 100k. The model gives 1,944 and 284 MiB. (At 100k the scale bench's
/// process, after four builds before, peaked at 316 MiB: below 1 GiB the model is no bound, but
/// there it is far under the budget.) Most of it is the result: both meshes with their point
/// locators (flat face arrays, see `mesh::faces`) and both free spaces. It was 410 bytes a
/// point, with no fixed part, before corners and triangle links were packed (`PackedCorner`,
/// `TriLinks`).
pub const BYTES_PER_POINT: usize = 250;

/// Peak bytes of a build whatever its size: the process, the scene and the build's fixed costs.
pub const FIXED_BYTES: usize = 96 << 20;

/// Refuses the build of `scene` at `radius` (with the raw mesh when `with_raw`) when its
/// estimated points need more than `budget` bytes.
pub(super) fn check(
    scene: &Scene,
    radius: f64,
    tolerance: f64,
    with_raw: bool,
    budget: usize,
) -> Result<(), BuildError> {
    let points = estimated_points(scene, radius, tolerance, with_raw);
    let limit = point_limit(budget);
    if points > limit {
        return Err(BuildError::TooLarge {
            points,
            limit,
            budget_mib: budget >> 20,
        });
    }
    Ok(())
}

/// Refuses the build of a repaired scene whose rings have so many corners (obstacles whose
/// edges cross many times merge into far more) that its estimated points need more than
/// `budget` bytes.
pub(super) fn check_repaired(
    repaired: &Repaired,
    radius: f64,
    tolerance: f64,
    with_raw: bool,
    budget: usize,
) -> Result<(), BuildError> {
    let contours = || {
        (repaired.walkable.iter())
            .chain(repaired.obstacles.iter().flat_map(|p| &p.shapes))
            .flatten()
            .map(Vec::len)
    };
    let points = estimate(contours(), radius, tolerance, with_raw);
    let limit = point_limit(budget);
    if points > limit {
        let corners = contours().sum();
        return Err(BuildError::MergedTooLarge {
            corners,
            points,
            limit,
            budget_mib: budget >> 20,
        });
    }
    Ok(())
}

/// The most estimated points whose build fits `budget` bytes.
fn point_limit(budget: usize) -> usize {
    budget.saturating_sub(FIXED_BYTES) / BYTES_PER_POINT
}

/// About how many points the free space (and the raw free space, when `with_raw`) will have:
/// an upper bound for separate convex obstacles, close for the rest.
pub(super) fn estimated_points(
    scene: &Scene,
    radius: f64,
    tolerance: f64,
    with_raw: bool,
) -> usize {
    let rings = scene
        .walkable
        .iter()
        .chain(scene.obstacles.iter().map(|o| &o.ring));
    estimate(rings.map(|r| r.len()), radius, tolerance, with_raw)
}

/// About how many points the free space of rings of `lengths` corners will have (see
/// [`estimated_points`]).
fn estimate(
    lengths: impl Iterator<Item = usize>,
    radius: f64,
    tolerance: f64,
    with_raw: bool,
) -> usize {
    // A ring grown (or shrunk) by r gains the points of one full turn of arcs at most.
    let turn = if radius > 0.0 {
        (TAU / max_step(radius, tolerance)).ceil() as usize
    } else {
        0
    };
    let (corners, count) = lengths.fold((0usize, 0usize), |(c, n), len| (c + len, n + 1));
    let shrunk = corners.saturating_add(count.saturating_mul(turn));
    if with_raw && radius > 0.0 {
        shrunk.saturating_add(corners)
    } else {
        shrunk
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Point, Ring};
    use crate::nav::build::inflate::inflate;
    use crate::nav::build::repair::repair;
    use crate::scene::generate::{rect, rotated_squares};
    use crate::scene::{Obstacle, ObstacleId};

    #[test]
    fn the_estimate_bounds_the_free_space_closely() {
        let scene = rotated_squares(20, 20, 10.0, 1.0, 5);
        let repaired = repair(&scene).unwrap();
        for (radius, tolerance) in [(0.0, 0.0), (1.0, 0.01), (1.0, 0.1), (2.0, 0.002)] {
            let actual = inflate(&repaired, radius, tolerance).vertex_count();
            let estimate = estimated_points(&scene, radius, tolerance, false);
            assert!(
                estimate >= actual && 5 * estimate <= 8 * actual,
                "r = {radius}, tolerance {tolerance}: estimate {estimate}, actual {actual}"
            );
        }
        let raw = estimated_points(&scene, 1.0, 0.01, true);
        assert_eq!(
            raw,
            estimated_points(&scene, 1.0, 0.01, false) + 4 * 400 + 4
        );
    }

    #[test]
    fn a_scene_over_the_budget_is_refused_before_it_is_built() {
        // The 1M-squares scene of issue 11 item 9, scaled down with the budget: 10,000
        // squares need about 96 MiB + 10,000 * 31 * 250 bytes (170 MiB) at r = 0.05; 64 MiB
        // is too little, 256 MiB enough.
        let scene = rotated_squares(100, 100, 2.0, 1.0, 7);
        let error = check(&scene, 0.05, 0.0005, true, 64 << 20).unwrap_err();
        let message = error.to_string();
        assert!(
            message.starts_with("the free space would have about ")
                && message.contains("64 MiB")
                && !message.contains('\n'),
            "{message}"
        );
        check(&scene, 0.05, 0.0005, true, 256 << 20).unwrap();
    }

    /// Two combs whose teeth cross: m vertical and m horizontal teeth, 8m + 6 corners in all,
    /// merged into a grid of about m^2 holes.
    fn crossing_combs(m: usize) -> Scene {
        let w = 3.0 * m as f64 + 2.0;
        let mut a = vec![Point::new(1.0, 1.0)];
        let mut b = vec![Point::new(0.5, w - 1.0), Point::new(0.5, 1.5)];
        for i in 0..m {
            let x = 2.0 + 3.0 * i as f64;
            a.extend(
                [(x, 1.0), (x, w - 1.0), (x + 1.0, w - 1.0), (x + 1.0, 1.0)]
                    .map(|(x, y)| Point::new(x, y)),
            );
            b.extend(
                [(1.5, x), (w - 1.5, x), (w - 1.5, x + 1.0), (1.5, x + 1.0)]
                    .map(|(x, y)| Point::new(x, y)),
            );
        }
        a.extend([(w - 1.0, 1.0), (w - 1.0, 0.5), (1.0, 0.5)].map(|(x, y)| Point::new(x, y)));
        b.push(Point::new(1.5, w - 1.0));
        let obstacle = |i: usize, points: Vec<Point>| Obstacle {
            id: ObstacleId(i as u32),
            name: format!("comb {i}"),
            ring: Ring::new(points),
        };
        Scene {
            agent_radius: 0.1,
            walkable: vec![rect(0.0, 0.0, w, w)],
            obstacles: vec![obstacle(0, a), obstacle(1, b)],
            ..Default::default()
        }
    }

    /// A 52 KB scene of two crossing combs (m = 600) took 1.7 GB and more than 20 s: the
    /// scene's 4,806 corners passed the budget, the merged obstacle's 1.4M did not show.
    #[test]
    fn obstacles_that_merge_into_far_more_corners_are_refused_after_the_repair() {
        let scene = crossing_combs(40);
        check(&scene, 0.1, 0.001, true, 100 << 20).unwrap();
        let repaired = repair(&scene).unwrap();
        let corners: usize = (repaired.obstacles.iter())
            .flat_map(|p| &p.shapes)
            .flatten()
            .map(Vec::len)
            .sum();
        assert!(corners > 4 * 40 * 40, "{corners} corners merged");
        let message = check_repaired(&repaired, 0.1, 0.001, true, 100 << 20)
            .unwrap_err()
            .to_string();
        assert!(
            message.starts_with("repaired, the scene's rings have ") && message.contains("100 MiB"),
            "{message}"
        );
        check_repaired(&repaired, 0.1, 0.001, true, 512 << 20).unwrap();
    }

    #[test]
    fn the_scale_bench_s_1m_build_is_admitted_and_a_million_squares_are_not() {
        // `cargo bench --bench scale`'s 1M row (measured at 1,828-1,876 MiB peak) fits 2 GiB.
        let bench = rotated_squares(500, 500, 10.0, 1.0, 1);
        check(&bench, 1.0, 0.01, true, MEMORY_BUDGET).unwrap();
        // Issue 11 item 9's 1M squares have four times its corners, and as many arcs each.
        let points = estimated_points(&bench, 1.0, 0.01, true) * 4;
        assert!(FIXED_BYTES + points * BYTES_PER_POINT > MEMORY_BUDGET);
    }
}
