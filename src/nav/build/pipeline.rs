//! The build stage as one call: validate and repair the scene, inflate it by the agent radius,
//! triangulate the free space, and triangulate the raw (unshrunk) free space alongside for
//! radius-aware queries. Options, errors and per-stage timings live here. The raw mesh does not
//! depend on the inflated one, so it is built on another core meanwhile.

use super::budget;
use super::error::BuildError;
use super::inflate::inflate;
use super::raw::RawNav;
use super::repair::{Repaired, repair};
use super::triangulate::triangulate_with_costs;
use crate::nav::mesh::free_space::FreeSpace;
use crate::nav::mesh::navmesh::NavMesh;
use crate::scene::{Issue, Link, Scene, validate_for};
use std::time::Instant;

/// Options of the build stage. `Default` gives the documented defaults.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BuildOptions {
    /// Agent radius; `None` uses the scene's `agent_radius`.
    pub radius: Option<f64>,
    /// Largest distance by which the polygonal approximation of an offset arc may lie outside the
    /// true arc, in world units. `None` means 1% of the radius. Arcs are never approximated inside.
    pub arc_tolerance: Option<f64>,
    /// Skip the raw mesh (the radius-aware variants then have no answer). Default: false, the
    /// raw mesh is built alongside.
    pub skip_raw: bool,
}

impl BuildOptions {
    /// The radius this build uses for `scene`.
    pub fn radius_for(&self, scene: &Scene) -> f64 {
        // Adding +0 turns a -0 into 0, so no output ever shows a radius of -0.
        self.radius.unwrap_or(scene.agent_radius) + 0.0
    }

    /// The absolute arc tolerance for radius `r`.
    pub fn arc_tolerance_for(&self, r: f64) -> f64 {
        self.arc_tolerance.unwrap_or(0.01 * r)
    }
}

/// Wall-clock time of each stage, in microseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Timings {
    pub repair_us: u64,
    pub inflate_us: u64,
    pub triangulate_us: u64,
    /// The raw mesh: triangulation of the unshrunk free space (shared with the mesh for radius
    /// 0) and its clearance widths. For a radius above 0 it runs on another core alongside
    /// inflation and triangulation, so the stage times add up to more than the wall-clock time.
    pub raw_us: u64,
}

impl Timings {
    pub fn total_us(&self) -> u64 {
        self.repair_us + self.inflate_us + self.triangulate_us + self.raw_us
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
    /// The unshrunk free space and its mesh, for the radius-aware variants (any radius); `None`
    /// when the options skip it.
    pub raw: Option<RawNav>,
    /// The scene's off-mesh links; each query places them on `mesh` (a link with an end
    /// outside the free space is not usable).
    pub links: Vec<Link>,
    pub timings: Timings,
}

impl Build {
    /// Makes now, both at once, what queries need and the first one would otherwise make: the
    /// exact search's convex polygons and fan tables, and the raw walls' index. Returns the
    /// microseconds it took. A caller about to query a build many times (`navscope path`)
    /// calls it once, so that no query's time holds this preparation.
    pub fn prepare_queries(&self) -> u64 {
        let t = Instant::now();
        rayon::join(
            || self.mesh.prepare_exact_search(),
            || {
                if let Some(raw) = &self.raw {
                    raw.walls();
                }
            },
        );
        micros(t.elapsed())
    }
}

/// Builds the navmesh of `scene` for its own agent radius with default options.
pub fn build(scene: &Scene) -> Result<Build, BuildError> {
    build_with(scene, &BuildOptions::default())
}

/// Builds the navmesh of `scene` with explicit options.
pub fn build_with(scene: &Scene, options: &BuildOptions) -> Result<Build, BuildError> {
    let t0 = Instant::now();
    let Checked {
        radius,
        tolerance,
        mut warnings,
    } = check(scene, options)?;
    budget::check(
        scene,
        radius,
        tolerance,
        !options.skip_raw,
        budget::MEMORY_BUDGET,
    )?;
    let repaired = repair(scene)?;
    budget::check_repaired(
        &repaired,
        radius,
        tolerance,
        !options.skip_raw,
        budget::MEMORY_BUDGET,
    )?;
    warnings.extend(repaired.warnings.iter().cloned());
    let t1 = Instant::now();
    let raw_apart = !options.skip_raw && radius > 0.0;
    // Both meshes at once; rayon's work stealing lets the idle core take a half of a split
    // triangulation (see `triangulate`).
    let (shrunk, raw_apart) = rayon::join(
        || shrunk_mesh(&repaired, radius, tolerance),
        || raw_apart.then(|| timed(|| RawNav::build(&repaired))),
    );
    let Shrunk {
        free_space,
        mesh,
        inflate_us,
        triangulate_us,
    } = shrunk?;
    let (raw, raw_us) = match raw_apart {
        Some((raw, us)) => (Some(raw?), us),
        None if options.skip_raw => (None, 0),
        None => {
            let (raw, us) = timed(|| RawNav::new(free_space.clone(), mesh.clone()));
            (Some(raw), us)
        }
    };
    Ok(Build {
        radius,
        warnings,
        free_space,
        mesh,
        raw,
        links: scene.links.clone(),
        timings: Timings {
            repair_us: micros(t1 - t0),
            inflate_us,
            triangulate_us,
            raw_us,
        },
    })
}

/// What a build checks first: the radius and arc tolerance it uses, and the scene's warnings.
pub(super) struct Checked {
    pub(super) radius: f64,
    pub(super) tolerance: f64,
    pub(super) warnings: Vec<Issue>,
}

/// Checks the options' radius and arc tolerance and validates the scene for that radius.
pub(super) fn check(scene: &Scene, options: &BuildOptions) -> Result<Checked, BuildError> {
    let radius = options.radius_for(scene);
    if !radius.is_finite() || radius < 0.0 {
        return Err(BuildError::BadRadius(radius));
    }
    let tolerance = options.arc_tolerance_for(radius);
    if radius > 0.0 && !(tolerance.is_finite() && tolerance > 0.0) {
        return Err(match options.arc_tolerance {
            Some(_) => BuildError::BadArcTolerance(tolerance),
            None => BuildError::RadiusTooSmall(radius),
        });
    }
    let mut warnings = Vec::new();
    for issue in validate_for(scene, radius) {
        if issue.is_error() {
            return Err(BuildError::InvalidScene(issue));
        }
        warnings.push(issue);
    }
    Ok(Checked {
        radius,
        tolerance,
        warnings,
    })
}

/// The inflated free space and its mesh, with the time of each step.
struct Shrunk {
    free_space: FreeSpace,
    mesh: NavMesh,
    inflate_us: u64,
    triangulate_us: u64,
}

fn shrunk_mesh(repaired: &Repaired, radius: f64, tolerance: f64) -> Result<Shrunk, BuildError> {
    let (free_space, inflate_us) = timed(|| inflate(repaired, radius, tolerance));
    if free_space.is_empty() {
        return Err(BuildError::EmptyFreeSpace { radius });
    }
    let (mesh, triangulate_us) = timed(|| triangulate_with_costs(&free_space, &repaired.costs));
    Ok(Shrunk {
        free_space,
        mesh: mesh?,
        inflate_us,
        triangulate_us,
    })
}

/// `f`'s result and its wall-clock time in microseconds.
pub(super) fn timed<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let started = Instant::now();
    let out = f();
    (out, micros(started.elapsed()))
}

pub(super) fn micros(d: std::time::Duration) -> u64 {
    d.as_micros() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preparing_the_queries_makes_the_exact_search_tables_and_the_walls_index() {
        use crate::scene::generate::{rect, regular, scene_with};
        let scene = scene_with(
            vec![rect(0.0, 0.0, 40.0, 30.0)],
            vec![regular(40, 20.0, 15.0, 6.0)],
            0.5,
        );
        let b = build(&scene).expect("it builds");
        let made = |b: &Build| {
            let raw = b.raw.as_ref().expect("a raw mesh");
            (
                b.mesh.convex.get().is_some(),
                b.mesh.hub_fans.get().is_some(),
                raw.has_walls(),
            )
        };
        assert_eq!(made(&b), (false, false, false), "made before anyone asked");
        b.prepare_queries();
        assert_eq!(made(&b), (true, true, true));
    }
}
