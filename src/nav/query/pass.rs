//! The query pass: one start/goal query on a build, answered once for every caller (CLI `path`,
//! `lab` and `check`, the editor, the lab window). [`query`] makes the shrunk mesh's [`Side`]
//! (locate, the corridor search (A*, or the anytime search), the corridor optimisations when
//! on, then midpoint, funnel, smoothed midpoints and the exact optimal path) and the raw
//! mesh's (the radius-aware tangent and offset paths, see `raw_query`), measures every path
//! ([`Metrics`]), and explains the outcome: the detour of the funnel against the optimal path
//! and, given the scene, the diagnosis of a failure. In debug builds every answer is checked
//! against its invariants (`checks`).
//!
//! The two sides have their own status, and a variant has a path exactly when its side found
//! one, so either side may find a path the other does not. When the best route takes off-mesh
//! links, both sides are answered piece by piece and joined through the links (`linked`).

use super::answer::{Answer, Metrics};
use super::anytime_search::anytime_corridor;
use super::checks::check_answer;
use super::corridor_opt::{CorridorOptions, CorridorSearch, optimize_corridor};
use super::linked::{answer_route, linked_route};
use super::raw_query::query_raw_measured;
use crate::geom::Point;
use crate::nav::build::pipeline::Build;
use crate::nav::explain::detour::detour;
use crate::nav::explain::diagnosis::diagnose;
use crate::nav::mesh::ids::TriId;
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::paths::funnel::string_pull;
use crate::nav::paths::measure::runs_clearance;
use crate::nav::paths::midpoint::midpoint_path;
use crate::nav::paths::optimal::optimal_path;
use crate::nav::paths::path::{Path, PathSegment};
use crate::nav::paths::side::{
    Optimized, Side, Status, Variant, flatten_tolerance, locate_ends, micros,
};
use crate::nav::paths::smooth::smooth_midpoints;
use crate::nav::search::astar::astar;
use crate::nav::search::corridor::{Corridor, Portal};
use crate::scene::Scene;
use rayon::prelude::*;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

/// What a query makes and explains.
#[derive(Clone, Copy, Debug)]
pub struct QueryOptions<'a> {
    /// The variants to make (the optimal path is a search of its own that corridor-only
    /// callers skip; the raw side runs only for tangent or offset).
    pub variants: &'a [Variant],
    /// The corridor optimisations of the shrunk side.
    pub corridor: CorridorOptions,
    /// The scene the build was made from: when given, the answer carries a diagnosis.
    pub explain: Option<&'a Scene>,
}

impl Default for QueryOptions<'_> {
    /// Every variant, no corridor optimisation, no diagnosis.
    fn default() -> Self {
        QueryOptions {
            variants: &Variant::ALL,
            corridor: CorridorOptions::default(),
            explain: None,
        }
    }
}

impl<'a> QueryOptions<'a> {
    /// What the editor and `navscope path` ask: every variant with the corridor optimisations
    /// `corridor`, explained against `scene`.
    pub fn explained(scene: &'a Scene, corridor: CorridorOptions) -> Self {
        QueryOptions {
            variants: &Variant::ALL,
            corridor,
            explain: Some(scene),
        }
    }
}

/// Answers `start` -> `goal` on `build` with `options`.
pub fn query(build: &Build, start: Point, goal: Point, options: &QueryOptions) -> Answer {
    let t0 = Instant::now();
    let known = Measured::default();
    // The two sides are independent and run side by side (see `shrunk_beside`). Their paths
    // are measured as soon as they are made, while other searches may still run (not those of
    // the pieces of a route through links: its joined paths are measured at the end). An end
    // just off the free space (by rounding) is answered from a free point that near it, and
    // the paths then step to it exactly as asked; they are measured at the end.
    let sides = |start: Point, goal: Point, measure_now: bool| {
        let (from, to) = (near_free(build, start), near_free(build, goal));
        let stepped = (from, to) != (start, goal);
        let measure_now = measure_now && !stepped;
        let raw_variants = options.variants.iter().any(|v| v.uses_raw_mesh());
        let measure = |paths: Vec<(Variant, &Path)>| {
            if measure_now {
                clearances(build, paths.into_iter(), &known)
            } else {
                Vec::new()
            }
        };
        let raw = || {
            let Some(raw) = build.raw.as_ref().filter(|_| raw_variants) else {
                return (None, Vec::new());
            };
            let offset = options.variants.contains(&Variant::Offset);
            let (side, made) =
                query_raw_measured(raw, build.radius, (from, to), offset, measure_now);
            // The tangent path was measured to check it, the offset path where it was made.
            let mut measured: Vec<_> = (made.into_iter())
                .filter(|_| measure_now)
                .map(|(v, c)| (v, Some(c)))
                .collect();
            let rest = (side.paths.iter()).filter(|(v, _)| !measured.iter().any(|m| m.0 == *v));
            let rest = rest.map(|(v, p)| (*v, p)).collect();
            measured.extend(measure(rest));
            (Some(side), measured)
        };
        let (mut shrunk, mut measured, (mut raw, raw_measured)) =
            shrunk_beside(&build.mesh, (from, to), options, &measure, raw);
        measured.extend(raw_measured);
        if stepped {
            for side in std::iter::once(&mut shrunk).chain(raw.as_mut()) {
                side.reach(start, goal);
            }
        }
        (shrunk, raw, measured)
    };
    let t_route = Instant::now();
    let route = linked_route(build, start, goal);
    let route_us = micros(t_route);
    let (mut shrunk, raw, measured) = match route {
        Some(route) => {
            let (shrunk, raw) = answer_route(build, &route, |a, b| {
                let (shrunk, raw, _) = sides(a, b, false);
                (shrunk, raw)
            });
            (shrunk, raw, Vec::new())
        }
        None => sides(start, goal, true),
    };
    // The search for a route through links is part of the shrunk side's corridor search.
    if !build.links.is_empty() {
        shrunk.timings.astar_us += route_us;
    }
    let mut answer = Answer {
        start,
        goal,
        radius: build.radius,
        detour: detour(&build.mesh, &shrunk),
        shrunk,
        raw,
        metrics: Vec::new(),
        time_us: 0.0,
        diagnosis: None,
    };
    answer.metrics = measure(build, &answer, measured, &known);
    answer.time_us = micros(t0);
    for (_, m) in &mut answer.metrics {
        m.query_time_us = answer.time_us;
    }
    // Every answer of a debug build (every test's) is checked; release builds skip it.
    if cfg!(debug_assertions)
        && let Err(e) = check_answer(build, &answer)
    {
        panic!("query {start} -> {goal}: {e}");
    }
    if let Some(scene) = options.explain {
        let plain = QueryOptions {
            explain: None,
            ..*options
        };
        let paths_to = |p: Point| {
            let partial = query(build, start, p, &plain);
            partial.paths().map(|(v, p)| (v, p.clone())).collect()
        };
        let sides = (&answer.shrunk, answer.raw.as_ref());
        answer.diagnosis = Some(diagnose(scene, build, (start, goal), sides, paths_to));
    }
    answer
}

/// `p`, or when it lies just off the free space (by rounding, see `NavMesh::locate_near`) a
/// free point that near it, found on the shrunk mesh or else on the raw one.
fn near_free(build: &Build, p: Point) -> Point {
    (build.mesh.locate_near(p))
        .or_else(|| build.raw.as_ref().and_then(|raw| raw.mesh.locate_near(p)))
        .map_or(p, |(q, _)| q)
}

/// Answers `start` -> `goal` on one (shrunk) mesh, making the shrunk-mesh variants `options`
/// lists (the others are ignored) through the corridor the chosen search finds (A* unless
/// `options` say otherwise), optimised as they say.
/// The status is `Found` when A* found a corridor or the optimal search a path.
pub fn query_mesh(mesh: &NavMesh, start: Point, goal: Point, options: &QueryOptions) -> Side {
    shrunk_beside(mesh, (start, goal), options, &|_| Vec::new(), || ()).0
}

/// The clearances of a side's paths by variant (see [`clearances`]).
type Measure<'a> = dyn Fn(Vec<(Variant, &Path)>) -> Vec<(Variant, Option<f64>)> + Sync + 'a;

/// [`query_mesh`], with the clearances of its paths by `measure`, and `beside` run alongside
/// (the raw side). The exact search, the longest, runs on this core from the start, the
/// corridor and its variants, then `beside`, on the other. The optimal path is measured as
/// soon as it is found, the corridor's paths (together) as soon as they are made, by
/// whichever core is free first.
fn shrunk_beside<R: Send>(
    mesh: &NavMesh,
    (start, goal): (Point, Point),
    options: &QueryOptions,
    measure: &Measure,
    beside: impl FnOnce() -> R + Send,
) -> (Side, Vec<(Variant, Option<f64>)>, R) {
    let (side, ends) = locate_ends(mesh, start, goal);
    let Some((start_tris, goal_tris)) = ends else {
        return (side, Vec::new(), beside());
    };
    // The optimal path needs no corridor: it is searched beside the corridor's variants.
    let optimal = || {
        let t = Instant::now();
        let points = options
            .variants
            .contains(&Variant::Optimal)
            .then(|| optimal_path(mesh, start, &start_tris, goal, &goal_tris))
            .flatten();
        let us = micros(t);
        let path = points.map(|points| (Variant::Optimal, Path::from_points(&points)));
        let measured = path
            .as_ref()
            .map_or(Vec::new(), |(v, p)| measure(vec![(*v, p)]));
        (path, us, measured)
    };
    // The raw side (`beside`) is queued first, then the corridor is made here and its measure
    // queued after it, first in, first out: with a third core the raw side starts at once; on
    // two, this core goes on to the raw side and the exact search's core, once free, takes the
    // corridor's measure.
    let corridor_and_beside = || {
        let (mut other, mut corridor) = (None, None);
        rayon::scope_fifo(|scope| {
            scope.spawn_fifo(|_| other = Some(beside()));
            let side = corridor_side(
                mesh,
                (start, &start_tris),
                (goal, &goal_tris),
                options,
                side,
            );
            let corridor = &mut corridor;
            scope.spawn_fifo(move |_| {
                let measured = measure((side.paths.iter()).map(|(v, p)| (*v, p)).collect());
                *corridor = Some((side, measured));
            });
        });
        let (Some(other), Some(corridor)) = (other, corridor) else {
            unreachable!("a scope runs every job it spawns");
        };
        (corridor, other)
    };
    let ((optimal, optimal_us, optimal_measured), ((mut side, mut measured), other)) =
        rayon::join(optimal, corridor_and_beside);
    // Optimal is the last of `Variant::SHRUNK`, the order paths are listed in.
    if let Some(path) = optimal {
        side.timings
            .variants_us
            .push((Variant::Optimal, optimal_us));
        side.paths.push(path);
    }
    measured.extend(optimal_measured);
    if side.corridor.is_none() && side.paths.is_empty() {
        side.status = Status::Unreachable;
    }
    (side, measured, other)
}

/// The corridor of `query_mesh` from `start` (in `start_tris`) to `goal` (in `goal_tris`)
/// and the variants made from it, added to `side`.
fn corridor_side(
    mesh: &NavMesh,
    (start, start_tris): (Point, &[TriId]),
    (goal, goal_tris): (Point, &[TriId]),
    options: &QueryOptions,
    mut side: Side,
) -> Side {
    let t1 = Instant::now();
    let found = match options.corridor.search {
        CorridorSearch::AStar => astar(mesh, start, start_tris, goal, goal_tris),
        CorridorSearch::Anytime { budget } => {
            anytime_corridor(mesh, (start, start_tris), (goal, goal_tris), budget)
        }
    };
    side.timings.astar_us = micros(t1);
    let corridor = match found {
        Some(before) if options.corridor.any() => {
            let t2 = Instant::now();
            let after = optimize_corridor(mesh, &before, &options.corridor);
            let time_us = micros(t2);
            side.optimized = Some(Optimized {
                funnel_before: (after != before && options.variants.contains(&Variant::Funnel))
                    .then(|| Path::from_points(&string_pull(&before.portals(mesh)))),
                before,
                time_us,
            });
            Some(after)
        }
        found => found,
    };
    let portals = corridor.as_ref().map(|c| c.portals(mesh));
    let made = Variant::SHRUNK
        .into_iter()
        .filter(|v| options.variants.contains(v));
    for variant in made.filter(|&v| v != Variant::Optimal) {
        let (Some(corridor), Some(portals)) = (&corridor, &portals) else {
            break;
        };
        let t = Instant::now();
        let points = corridor_path(mesh, variant, corridor, portals);
        side.timings.variants_us.push((variant, micros(t)));
        side.paths.push((variant, Path::from_points(&points)));
    }
    // An unchanged corridor's funnel before the optimisations is the funnel itself.
    if let Some(o) = side
        .optimized
        .as_mut()
        .filter(|o| o.funnel_before.is_none())
    {
        o.funnel_before = side
            .paths
            .iter()
            .find(|(v, _)| *v == Variant::Funnel)
            .map(|(_, p)| p.clone());
    }
    side.corridor = corridor;
    side
}

/// The path of a corridor variant (midpoint, funnel or smoothed midpoints) through `corridor`
/// with its `portals`.
fn corridor_path(
    mesh: &NavMesh,
    variant: Variant,
    corridor: &Corridor,
    portals: &[Portal],
) -> Vec<Point> {
    match variant {
        Variant::Funnel => string_pull(portals),
        Variant::MidpointSmoothed => smooth_midpoints(mesh, corridor, portals),
        _ => midpoint_path(portals),
    }
}

/// The walked stretches of the paths one query has measured, with their clearances: variants
/// often walk the very same points (the funnel, the smoothed midpoints and the optimal path
/// in the open), and the paths of the two searches are measured on different cores as each
/// is made. Two cores measuring the same path at once both measure it.
#[derive(Default)]
struct Measured(Mutex<Vec<(Runs, Option<f64>)>>);

/// A path's walked stretches (see `Path::runs`).
type Runs = Vec<Vec<Point>>;

impl Measured {
    /// The clearance of `runs`, when measured.
    fn get(&self, runs: &[Vec<Point>]) -> Option<Option<f64>> {
        let known = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        known.iter().find(|(r, _)| r == runs).map(|(_, c)| *c)
    }

    /// Records the clearance of `runs`.
    fn add(&self, runs: &[Vec<Point>], clearance: Option<f64>) {
        let mut known = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        known.push((runs.to_vec(), clearance));
    }
}

/// The clearance of each of `paths`, by variant: the smallest distance of its walked stretches
/// (a link is taken, not walked) to the raw walls, `None` without a raw mesh. Each distinct
/// path among `paths` is measured once, the distinct ones in parallel, unless `known` has it.
fn clearances<'a>(
    build: &Build,
    paths: impl Iterator<Item = (Variant, &'a Path)>,
    known: &Measured,
) -> Vec<(Variant, Option<f64>)> {
    let walked: Vec<(Variant, Vec<Vec<Point>>)> = paths
        .map(|(variant, path)| (variant, path.runs(flatten_tolerance(build.radius))))
        .collect();
    // The distinct paths, and which of them each path is.
    let mut distinct: Vec<&Vec<Vec<Point>>> = Vec::new();
    let which: Vec<usize> = (walked.iter())
        .map(|(_, w)| {
            distinct.iter().position(|d| *d == w).unwrap_or_else(|| {
                distinct.push(w);
                distinct.len() - 1
            })
        })
        .collect();
    let values: Vec<Option<f64>> = (distinct.par_iter())
        .map(|runs| {
            known.get(runs).unwrap_or_else(|| {
                let clearance = Some(runs_clearance(runs, build.raw.as_ref()?.walls()));
                known.add(runs, clearance);
                clearance
            })
        })
        .collect();
    (walked.iter().zip(which))
        .map(|((variant, _), i)| (*variant, values[i]))
        .collect()
}

/// The metrics of every path of `answer` (answered on `build`), but the whole query's time;
/// the clearances of the variants in `measured` are taken from there, the others measured.
fn measure(
    build: &Build,
    answer: &Answer,
    mut measured: Vec<(Variant, Option<f64>)>,
    known: &Measured,
) -> Vec<(Variant, Metrics)> {
    let optimal = answer.path(Variant::Optimal).map(|p| p.length);
    let missing = (answer.paths()).filter(|(v, _)| !measured.iter().any(|(m, _)| m == v));
    let more = clearances(build, missing, known);
    measured.extend(more);
    answer
        .paths()
        .map(|(variant, path)| {
            let side = answer.side(variant).unwrap_or(&answer.shrunk);
            let search_us = match variant {
                Variant::Optimal => 0.0, // its own search, no corridor
                _ => side.timings.astar_us + side.optimized.as_ref().map_or(0.0, |o| o.time_us),
            };
            let min_clearance = (measured.iter())
                .find(|(m, _)| *m == variant)
                .and_then(|(_, c)| *c);
            let costs = build.mesh.cost_map();
            // The ground walked weighted by its areas; a link costs its own cost (weighing the
            // straight line beneath it once charged the link as ground). Arcs are weighed
            // flattened, then scaled back to their own length: chords are shorter, and a path
            // on ground that costs 1 everywhere cost less than its length.
            let cost = if costs.is_empty() {
                path.length
            } else {
                let runs = path.runs(flatten_tolerance(build.radius));
                let walked: f64 = runs.iter().map(|run| costs.weighted_length(run)).sum();
                let flattened: f64 = (runs.iter().flat_map(|run| run.windows(2)))
                    .map(|w| w[0].distance(w[1]))
                    .sum();
                let hops: f64 = (path.segments.iter())
                    .filter(|s| matches!(s, PathSegment::Link { .. }))
                    .map(PathSegment::length)
                    .sum();
                let ground = path.length - hops;
                let scale = if flattened > 0.0 {
                    ground / flattened
                } else {
                    1.0
                };
                walked * scale + hops
            };
            let excess = optimal.map(|o| if o > 0.0 { path.length / o - 1.0 } else { 0.0 });
            let metrics = Metrics {
                length: path.length,
                cost,
                vertices: path.vertex_count(),
                min_clearance,
                time_us: search_us + side.timings.variant_us(variant),
                query_time_us: 0.0,
                excess,
            };
            (variant, metrics)
        })
        .collect()
}
