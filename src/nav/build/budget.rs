//! The memory budget of a build, checked before any of it is made: the number of free-space
//! points is estimated from the scene (every walkable and obstacle ring's corners plus the arc
//! points a full turn of radius r takes, and the raw mesh's corners), its peak memory from them
//! (a fixed part plus a slope, fitted above measured peaks), and a build that would need more
//! than the budget is refused with one line saying so, instead of running out of memory.

use super::error::BuildError;
use super::inflate::max_step;
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
    let limit = budget.saturating_sub(FIXED_BYTES) / BYTES_PER_POINT;
    if points > limit {
        return Err(BuildError::TooLarge {
            points,
            limit,
            budget_mib: budget >> 20,
        });
    }
    Ok(())
}

/// About how many points the free space (and the raw free space, when `with_raw`) will have:
/// an upper bound for separate convex obstacles, close for the rest.
pub(super) fn estimated_points(
    scene: &Scene,
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
    let rings = scene
        .walkable
        .iter()
        .chain(scene.obstacles.iter().map(|o| &o.ring));
    let (corners, count) = rings.fold((0usize, 0usize), |(c, n), ring| (c + ring.len(), n + 1));
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
    use crate::nav::build::inflate::inflate;
    use crate::nav::build::repair::repair;
    use crate::scene::generate::rotated_squares;

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
