//! `Analysis`: the shown query answered on the shown navmesh, with per-variant metrics, its
//! diagnosis, the funnel's detour against the optimal path, and its picture. Queries are fast, so this runs on the UI thread and handles follow the pointer
//! even while a slow build runs in the background.

use super::diagnosis_picture::{draw_detour, draw_diagnosis};
use super::live::Built;
use super::paint::Picture;
use crate::geom::Point;
use crate::nav::{self, CorridorOptions, Detour, Diagnosis, Optimized, QueryResult, Variant};
use crate::scene::Scene;
use crate::viz::{self, DrawList, Layer, Primitive, Style};

/// Measurements of one path variant.
#[derive(Clone, Debug, PartialEq)]
pub struct Metric {
    pub variant: Variant,
    pub length: f64,
    pub vertices: usize,
    /// Smallest distance to a wall of the unshrunk scene, capped at `clearance_cap`.
    pub min_clearance: Option<f64>,
    pub clearance_cap: f64,
    pub time_us: f64,
    /// How much longer than the `optimal` path, as a fraction (`None` without one).
    pub excess: Option<f64>,
}

type AnalysisKey = (u64, bool, Point, Point, CorridorOptions);

/// A query with everything shown about it.
#[derive(Debug)]
pub struct Analysis {
    /// Build revision, preview or not, start, goal, corridor options.
    key: AnalysisKey,
    pub result: QueryResult,
    /// What the corridor optimisations changed (`None` when they are off).
    pub optimized: Option<Optimized>,
    pub metrics: Vec<Metric>,
    /// Why the query failed (empty when it found its paths).
    pub diagnosis: Diagnosis,
    /// The funnel path against the optimal one.
    pub detour: Option<Detour>,
    pub picture: Picture,
}

impl Analysis {
    /// Answers `start` -> `goal` on `built` (a build of `scene`) with the corridor
    /// optimisations `options`, or returns `previous` if it already did.
    pub fn update(
        previous: Option<Analysis>,
        built: &Built,
        scene: &Scene,
        start: Point,
        goal: Point,
        options: CorridorOptions,
    ) -> Analysis {
        let key = (built.revision, built.preview, start, goal, options);
        match previous {
            Some(a) if a.key == key => a,
            _ => Analysis::new(key, built, scene),
        }
    }

    fn new(key: AnalysisKey, built: &Built, scene: &Scene) -> Analysis {
        let (_, _, start, goal, options) = key;
        let mesh = &built.build.mesh;
        let mut result = nav::query_build(&built.build, start, goal);
        let optimized = nav::optimize_query(&built.build, &mut result, &options);
        let metrics = metrics(&result, built);
        let diagnosis = nav::diagnose(scene, &built.build, &result);
        let detour = nav::detour(mesh, &result);
        let mut list = DrawList::default();
        viz::draw_query(mesh, &result, &mut list);
        // The funnel before the optimisations, dashed, when they changed the corridor.
        if let Some(o) = optimized
            .as_ref()
            .filter(|o| Some(&o.before) != result.corridor.as_ref())
            && let Some(path) = &o.funnel_before
        {
            list.push(
                Layer::Path(Variant::Funnel),
                Style::PathBefore(Variant::Funnel),
                Primitive::Polyline(path.points(0.0)),
            );
        }
        viz::draw_agent_discs(&result, built.build.radius, &mut list);
        draw_diagnosis(mesh, &diagnosis, (start, goal), &mut list);
        if let Some(d) = &detour {
            draw_detour(mesh, d, &mut list);
        }
        Analysis {
            key,
            result,
            optimized,
            metrics,
            diagnosis,
            detour,
            picture: Picture::new(list),
        }
    }

    pub fn metric(&self, variant: Variant) -> Option<&Metric> {
        self.metrics.iter().find(|m| m.variant == variant)
    }
}

/// Length, corners, clearance, time and excess of every path of `result`.
fn metrics(result: &QueryResult, built: &Built) -> Vec<Metric> {
    let radius = built.build.radius;
    let extent = built.build.mesh.bounds().diagonal().max(1e-9);
    // Clearance above twice the radius does not matter: it shows as "at least the cap".
    let cap = if radius > 0.0 {
        2.0 * radius
    } else {
        0.02 * extent
    };
    // The baseline is the optimal path: a shorter variant may be one that breaks clearance.
    let optimal = result
        .path(Variant::Optimal)
        .map(|p| p.length)
        .filter(|&l| l > 0.0);
    result
        .paths
        .iter()
        .map(|(variant, path)| {
            let time_us = result
                .timings
                .variants_us
                .iter()
                .find(|(v, _)| v == variant)
                .map_or(0.0, |(_, t)| *t);
            // The query measured it against the raw walls already (none without a raw mesh).
            let min_clearance = result.metrics(*variant).map(|m| m.min_clearance.min(cap));
            Metric {
                variant: *variant,
                length: path.length,
                vertices: path.vertex_count(),
                min_clearance,
                clearance_cap: cap,
                time_us,
                excess: optimal.map(|o| path.length / o - 1.0),
            }
        })
        .collect()
}
