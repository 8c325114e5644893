//! The memory budget of a build, checked before any of it is made: the number of free-space
//! points is estimated from the scene (every walkable and obstacle ring's corners plus the arc
//! points a full turn of radius r takes, and the raw mesh's corners), and a build that would
//! need more than the budget is refused with one line saying so, instead of running out of
//! memory.

use super::error::BuildError;
use super::inflate::max_step;
use crate::scene::Scene;
use std::f64::consts::TAU;

/// The memory a build may take at its peak: 2 GiB.
pub const MEMORY_BUDGET: usize = 2 << 30;

/// Peak bytes a build takes per estimated free-space point (shrunk and raw), the larger of two
/// measurements at r = 1 (`navscope path` on `rotated_squares` grids, the process's peak at the
/// end of the build, 2026-11-24): 304 MiB for 0.79M estimated points at 100k obstacle vertices
/// (402 bytes each, the process's own 15 MiB and the scene included) and 2,625 MiB for 7.75M at
/// 1M (355 bytes each). Most of it is the result: both meshes with their point locators (flat
/// face arrays, see `mesh::faces`) and both free spaces. It was 560 while spade's triangulations
/// were kept for point location.
pub const BYTES_PER_POINT: usize = 410;

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
    let limit = budget / BYTES_PER_POINT;
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
        // squares need about 10,000 * 27 * 410 bytes (111 MB) at r = 0.05; 64 MiB is too
        // little, 256 MiB enough.
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
}
