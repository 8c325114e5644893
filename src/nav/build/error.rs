//! `BuildError`: why no navmesh could be built.

use crate::scene::Issue;
use thiserror::Error;

/// Why no navmesh could be built.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum BuildError {
    /// The scene has an error-level issue (bad number, degenerate ring, ...).
    #[error("{0}")]
    InvalidScene(Issue),
    #[error("agent radius {0} is negative or not a finite number")]
    BadRadius(f64),
    #[error("arc tolerance {0} is not a positive finite number")]
    BadArcTolerance(f64),
    /// Nothing is left once the walkable area is shrunk and the obstacles grown.
    #[error(
        "the free space is empty: an agent of radius {radius} fits nowhere in the walkable area"
    )]
    EmptyFreeSpace { radius: f64 },
    /// The triangulator rejected the free space (should not happen for repaired input).
    #[error("triangulation failed: {0}")]
    Triangulation(String),
}
