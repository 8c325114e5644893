//! The invariants every answer keeps, checked by the query pass on every answer in debug builds
//! (so every test exercises them) and by the fuzzer in any build: each found path keeps the
//! agent radius from the unshrunk walls, the funnel and the smoothed midpoints are no longer than
//! the midpoint path, and nothing made on the shrunk mesh is shorter than its optimal path.

use super::answer::Answer;
use crate::geom::{Point, SegmentGrid};
use crate::nav::build::pipeline::Build;
use crate::nav::paths::measure::check_not_longer;
use crate::nav::paths::side::Variant;

/// Relative rounding allowed between path lengths.
const LENGTH_ROUNDING: f64 = 1e-9;

/// How far below the radius a measured clearance may fall: twice the arc flattening of paths
/// (0.1% of the radius), plus rounding relative to the scene's extent.
pub fn clearance_tolerance(radius: f64, extent: f64) -> f64 {
    2e-3 * radius + 1e-9 * extent
}

/// The clearance a found `variant` path from `start` to `goal` must keep from `walls`: the
/// radius, but a radius-aware path shrinks a corner's circle to the start's or goal's own
/// distance from the walls, and the naive offset path (and any path at radius 0) promises none.
pub fn clearance_needed(
    variant: Variant,
    radius: f64,
    walls: &SegmentGrid,
    start: Point,
    goal: Point,
) -> f64 {
    if radius == 0.0 || variant == Variant::Offset {
        0.0
    } else if variant.uses_raw_mesh() {
        radius
            .min(walls.distance_to_point(start, radius))
            .min(walls.distance_to_point(goal, radius))
    } else {
        radius
    }
}

/// Checks `answer` (made on `build`); `Err` names the first broken invariant. Clearance is
/// read from the answer's metrics, measured against the raw (unshrunk) walls, so a build
/// without a raw mesh is checked on lengths only.
pub fn check_answer(build: &Build, answer: &Answer) -> Result<(), String> {
    if let Some(raw) = &build.raw {
        let r = build.radius;
        let tolerance = clearance_tolerance(r, raw.walls().bounds().diagonal());
        for (variant, metrics) in &answer.metrics {
            let Some(clearance) = metrics.min_clearance else {
                continue;
            };
            let needed = clearance_needed(*variant, r, raw.walls(), answer.start, answer.goal);
            if clearance < needed - tolerance {
                return Err(format!(
                    "the {} path comes within {clearance} of a wall; it must keep {needed} \
                     (radius {r})",
                    variant.name()
                ));
            }
        }
    }
    let length = |v: Variant| answer.path(v).map(|p| p.length);
    for shorter in [Variant::Funnel, Variant::MidpointSmoothed] {
        if let (Some(s), Some(m)) = (length(shorter), length(Variant::Midpoint)) {
            let what = format!("{} vs midpoint", shorter.name());
            check_not_longer(s, m, LENGTH_ROUNDING, &what)?;
        }
    }
    if let Some(optimal) = length(Variant::Optimal) {
        for variant in Variant::SHRUNK {
            if let Some(l) = length(variant) {
                let what = format!("optimal vs {}", variant.name());
                check_not_longer(optimal, l, LENGTH_ROUNDING, &what)?;
            }
        }
    }
    Ok(())
}
