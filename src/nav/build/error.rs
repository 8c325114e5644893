//! `BuildError`: why no navmesh could be built.

use crate::numbers::compact;
use crate::scene::Issue;
use thiserror::Error;

/// Why no navmesh could be built.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum BuildError {
    /// The scene has an error-level issue (bad number, degenerate ring, ...).
    #[error("{0}")]
    InvalidScene(Issue),
    #[error("agent radius {} is negative or not a finite number", compact(*.0))]
    BadRadius(f64),
    #[error("arc tolerance {} is not a positive finite number", compact(*.0))]
    BadArcTolerance(f64),
    /// So small that its default arc tolerance (1% of it) is zero.
    #[error(
        "agent radius {} is too small to draw arcs with (1% of it is 0); give 0 for a point agent",
        compact(*.0)
    )]
    RadiusTooSmall(f64),
    /// Nothing is left once the walkable area is shrunk and the obstacles grown.
    #[error("the free space is empty: {}", empty_because(*radius))]
    EmptyFreeSpace { radius: f64 },
    /// The build would need more memory than its budget (see `budget`); refused before any of
    /// it is made.
    #[error(
        "the free space would have about {points} points, more than the {limit} that fit a \
         build's memory budget of {budget_mib} MiB; raise --arc-tolerance, lower the radius or \
         split the map"
    )]
    TooLarge {
        points: usize,
        limit: usize,
        budget_mib: usize,
    },
    /// The repaired rings have far more corners than the scene's (`corners` in all, obstacles
    /// whose edges cross many times merged): the build would need more memory than its budget.
    #[error(
        "repaired, the scene's rings have {corners} corners (rings that cross many times are \
         merged): the free space would have about {points} points, more than the {limit} that \
         fit a build's memory budget of {budget_mib} MiB; draw fewer rings that cross"
    )]
    MergedTooLarge {
        corners: usize,
        points: usize,
        limit: usize,
        budget_mib: usize,
    },
    /// The triangulator rejected the free space (should not happen for repaired input).
    #[error("triangulation failed: {0}")]
    Triangulation(String),
}

/// Why nothing is free: the obstacles alone for a point agent, else the radius too.
fn empty_because(radius: f64) -> String {
    if radius == 0.0 {
        "the obstacles cover the whole walkable area".to_string()
    } else {
        format!(
            "an agent of radius {} fits nowhere in the walkable area",
            compact(radius)
        )
    }
}
