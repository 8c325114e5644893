//! The build stage as one call: validate and repair the scene, inflate it by the agent radius,
//! triangulate the free space. Options, errors and per-stage timings live here.

use super::{FreeSpace, NavMesh, inflate, repair, triangulate};
use crate::scene::{Issue, Scene, validate};
use std::time::Instant;
use thiserror::Error;

/// Options of the build stage. `Default` gives the documented defaults.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BuildOptions {
    /// Agent radius; `None` uses the scene's `agent_radius`.
    pub radius: Option<f64>,
    /// Largest distance by which the polygonal approximation of an offset arc may lie outside the
    /// true arc, in world units. `None` means 1% of the radius. Arcs are never approximated inside.
    pub arc_tolerance: Option<f64>,
}

impl BuildOptions {
    /// The radius this build uses for `scene`.
    pub fn radius_for(&self, scene: &Scene) -> f64 {
        self.radius.unwrap_or(scene.agent_radius)
    }

    /// The absolute arc tolerance for radius `r`.
    pub fn arc_tolerance_for(&self, r: f64) -> f64 {
        self.arc_tolerance.unwrap_or(0.01 * r)
    }
}

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

/// Wall-clock time of each stage, in microseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Timings {
    pub repair_us: u64,
    pub inflate_us: u64,
    pub triangulate_us: u64,
}

impl Timings {
    pub fn total_us(&self) -> u64 {
        self.repair_us + self.inflate_us + self.triangulate_us
    }
}

/// Everything a build produces.
#[derive(Clone, Debug)]
pub struct Build {
    pub radius: f64,
    /// Warnings about repairs (errors abort the build instead).
    pub warnings: Vec<Issue>,
    pub free_space: FreeSpace,
    pub mesh: NavMesh,
    pub timings: Timings,
}

/// Builds the navmesh of `scene` for its own agent radius with default options.
pub fn build(scene: &Scene) -> Result<Build, BuildError> {
    build_with(scene, &BuildOptions::default())
}

/// Builds the navmesh of `scene` with explicit options.
pub fn build_with(scene: &Scene, options: &BuildOptions) -> Result<Build, BuildError> {
    let radius = options.radius_for(scene);
    if !radius.is_finite() || radius < 0.0 {
        return Err(BuildError::BadRadius(radius));
    }
    let tolerance = options.arc_tolerance_for(radius);
    if radius > 0.0 && !(tolerance.is_finite() && tolerance > 0.0) {
        return Err(BuildError::BadArcTolerance(tolerance));
    }
    let t0 = Instant::now();
    let mut checked = scene.clone();
    checked.agent_radius = radius;
    let mut warnings = Vec::new();
    for issue in validate(&checked) {
        if issue.is_error() {
            return Err(BuildError::InvalidScene(issue));
        }
        warnings.push(issue);
    }
    let repaired = repair(scene)?;
    warnings.extend(repaired.warnings.iter().cloned());
    let t1 = Instant::now();
    let free_space = inflate(&repaired, radius, tolerance);
    if free_space.is_empty() {
        return Err(BuildError::EmptyFreeSpace { radius });
    }
    let t2 = Instant::now();
    let mesh = triangulate(&free_space)?;
    let t3 = Instant::now();
    let us = |a: Instant, b: Instant| (b - a).as_micros() as u64;
    Ok(Build {
        radius,
        warnings,
        free_space,
        mesh,
        timings: Timings {
            repair_us: us(t0, t1),
            inflate_us: us(t1, t2),
            triangulate_us: us(t2, t3),
        },
    })
}
