//! The path lab: many queries on one build (random ones sampled uniformly over the free space
//! from a seed, or the scene's own), every variant per query (`nav::query`), optionally with
//! the corridor optimisations, and the ratios between variants, the timings and the worst cases
//! (highest funnel/optimal first). `navscope lab` prints a [`LabReport`]; the GUI's Path lab
//! window shows one.

use crate::geom::Point;
use crate::nav::{Build, CorridorOptions, NavMesh, QueryOptions, Status, Variant, query};
use crate::rng::Rng;
use serde::Serialize;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many worst cases a report lists.
pub const WORST_CASES: usize = 10;

/// Worker threads of a run (the machine's cores, at most this many).
const MAX_THREADS: usize = 2;

/// One query of a lab run.
#[derive(Clone, Debug, PartialEq)]
pub struct LabRow {
    /// Position in the run's query list.
    pub index: usize,
    pub start: Point,
    pub goal: Point,
    pub status: Status,
    /// Length of every variant found, in `Variant` order.
    pub lengths: Vec<(Variant, f64)>,
    /// The funnel's length before the corridor optimisations, when they ran on a corridor.
    pub funnel_unoptimized: Option<f64>,
    /// Microseconds per stage: `locate`, `astar`, `raw_locate`, `raw_astar`, one per variant,
    /// `corridor_opt` when optimising, and `total`.
    pub timings_us: Vec<(&'static str, f64)>,
}

impl LabRow {
    pub fn length(&self, variant: Variant) -> Option<f64> {
        self.lengths
            .iter()
            .find(|(v, _)| *v == variant)
            .map(|(_, l)| *l)
    }

    /// The ratio for this query; `None` when a length is missing or the denominator is 0.
    pub fn ratio(&self, ratio: Ratio) -> Option<f64> {
        let (numerator, denominator) = match ratio {
            Ratio::UnoptimizedFunnelOptimal => (self.funnel_unoptimized?, Variant::Optimal),
            Ratio::Variants(over, under) => (self.length(over)?, under),
        };
        let denominator = self.length(denominator)?;
        (denominator > 0.0).then(|| numerator / denominator)
    }

    pub fn total_us(&self) -> f64 {
        self.timings_us
            .iter()
            .find(|(name, _)| *name == "total")
            .map_or(0.0, |(_, t)| *t)
    }
}

/// A ratio between two path lengths of one query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ratio {
    /// One variant's length over another's.
    Variants(Variant, Variant),
    /// The funnel before the corridor optimisations over the optimal path.
    UnoptimizedFunnelOptimal,
}

impl Ratio {
    pub const FUNNEL_OPTIMAL: Ratio = Ratio::Variants(Variant::Funnel, Variant::Optimal);

    /// The ratios every report has.
    pub const BASIC: [Ratio; 5] = [
        Ratio::FUNNEL_OPTIMAL,
        Ratio::Variants(Variant::Midpoint, Variant::Funnel),
        Ratio::Variants(Variant::Tangent, Variant::Funnel),
        Ratio::Variants(Variant::MidpointSmoothed, Variant::Funnel),
        Ratio::Variants(Variant::Offset, Variant::Funnel),
    ];

    /// The name in CLI output: `funnel/optimal`, `funnel_unoptimized/optimal`, ...
    pub fn name(self) -> String {
        match self {
            Ratio::Variants(over, under) => format!("{}/{}", over.name(), under.name()),
            Ratio::UnoptimizedFunnelOptimal => "funnel_unoptimized/optimal".to_string(),
        }
    }
}

/// Summary of a set of values (nearest-rank percentiles); NaN everywhere when it is empty.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Stats {
    pub count: usize,
    pub mean: f64,
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
}

impl Stats {
    pub fn of(values: impl Iterator<Item = f64>) -> Stats {
        let mut v: Vec<f64> = values.collect();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let rank = |p: f64| v[((p * n as f64).ceil() as usize).clamp(1, n) - 1];
        if n == 0 {
            return Stats {
                count: 0,
                mean: f64::NAN,
                p50: f64::NAN,
                p99: f64::NAN,
                max: f64::NAN,
            };
        }
        Stats {
            count: n,
            mean: v.iter().sum::<f64>() / n as f64,
            p50: rank(0.5),
            p99: rank(0.99),
            max: v[n - 1],
        }
    }
}

/// A finished run: one row per query, in query order, and its summaries.
#[derive(Clone, Debug, PartialEq)]
pub struct LabReport {
    pub rows: Vec<LabRow>,
    pub optimized: bool,
    pub ratios: Vec<(Ratio, Stats)>,
    /// Per stage, by name.
    pub timings_us: Vec<(&'static str, Stats)>,
    /// Row indices of the highest funnel/optimal ratios, highest first.
    pub worst: Vec<usize>,
}

impl LabReport {
    pub fn new(rows: Vec<LabRow>, optimized: bool) -> LabReport {
        let mut kinds = Ratio::BASIC.to_vec();
        if optimized {
            kinds.push(Ratio::UnoptimizedFunnelOptimal);
        }
        let ratios = kinds
            .into_iter()
            .map(|r| (r, Stats::of(rows.iter().filter_map(|row| row.ratio(r)))))
            .collect();
        let mut stages: Vec<&'static str> = rows
            .iter()
            .flat_map(|r| r.timings_us.iter().map(|(name, _)| *name))
            .collect();
        stages.sort_unstable();
        stages.dedup();
        let timings_us = stages
            .into_iter()
            .map(|stage| {
                let values = rows.iter().flat_map(|r| {
                    r.timings_us
                        .iter()
                        .filter(move |(name, _)| *name == stage)
                        .map(|(_, t)| *t)
                });
                (stage, Stats::of(values))
            })
            .collect();
        let mut ranked: Vec<(usize, f64)> = rows
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.ratio(Ratio::FUNNEL_OPTIMAL).map(|x| (i, x)))
            .collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        LabReport {
            optimized,
            ratios,
            timings_us,
            worst: ranked.iter().take(WORST_CASES).map(|(i, _)| *i).collect(),
            rows,
        }
    }

    pub fn count(&self, status: Status) -> usize {
        self.rows.iter().filter(|r| r.status == status).count()
    }

    pub fn ratio(&self, ratio: Ratio) -> Option<&Stats> {
        self.ratios
            .iter()
            .find(|(r, _)| *r == ratio)
            .map(|(_, s)| s)
    }

    /// Broken promises, one line each: a funnel shorter than the optimal path, or a funnel the
    /// corridor optimisations made longer.
    pub fn violations(&self) -> Vec<String> {
        let mut out = Vec::new();
        for row in &self.rows {
            let at = format!("query {} ({} -> {})", row.index, row.start, row.goal);
            if let Some(r) = row.ratio(Ratio::FUNNEL_OPTIMAL).filter(|&r| r < 1.0 - 1e-9) {
                out.push(format!("{at}: funnel shorter than optimal (ratio {r})"));
            }
            if let (Some(before), Some(after)) =
                (row.funnel_unoptimized, row.length(Variant::Funnel))
                && after > before * (1.0 + 1e-12)
            {
                out.push(format!(
                    "{at}: corridor optimisations lengthened the funnel from {before} to {after}"
                ));
            }
        }
        out
    }
}

/// `count` start/goal pairs, each point uniform over the mesh's area (a triangle picked by area,
/// then a uniform point in it), from `seed`.
pub fn random_queries(mesh: &NavMesh, count: usize, seed: u64) -> Vec<(Point, Point)> {
    let mut cumulative = Vec::with_capacity(mesh.triangle_count());
    let mut total = 0.0;
    for t in mesh.triangle_ids() {
        let [a, b, c] = mesh.triangle_points(t);
        total += 0.5 * (b - a).cross(c - a);
        cumulative.push(total);
    }
    if cumulative.is_empty() || total <= 0.0 {
        return Vec::new();
    }
    let mut rng = Rng::new(seed);
    let mut sample = || {
        let x = rng.unit() * total;
        let k = cumulative
            .partition_point(|&c| c <= x)
            .min(cumulative.len() - 1);
        let [a, b, c] = mesh.triangle_points(crate::nav::TriId(k as u32));
        let (s, t) = (rng.unit().sqrt(), rng.unit());
        a * (1.0 - s) + b * (s * (1.0 - t)) + c * (s * t)
    };
    (0..count).map(|_| (sample(), sample())).collect()
}

/// Answers every query on `build` (on up to two threads; rows stay in query order).
pub fn run(build: &Build, queries: &[(Point, Point)], options: &CorridorOptions) -> LabReport {
    run_counting(build, queries, options, &AtomicUsize::new(0))
}

/// As [`run`], adding one to `done` as each query is answered (for a progress display).
pub fn run_counting(
    build: &Build,
    queries: &[(Point, Point)],
    options: &CorridorOptions,
    done: &AtomicUsize,
) -> LabReport {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, MAX_THREADS);
    let chunk = queries.len().div_ceil(threads).max(1);
    let rows = std::thread::scope(|scope| {
        let workers: Vec<_> = queries
            .chunks(chunk)
            .enumerate()
            .map(|(k, part)| {
                scope.spawn(move || {
                    part.iter()
                        .enumerate()
                        .map(|(i, &(s, g))| {
                            let row = run_one(build, k * chunk + i, s, g, options);
                            done.fetch_add(1, Ordering::Relaxed);
                            row
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            // A worker's panic is a bug: pass it on rather than drop its rows.
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    LabReport::new(rows, options.any())
}

/// Answers one query of a run (row `index`).
pub fn run_one(
    build: &Build,
    index: usize,
    start: Point,
    goal: Point,
    options: &CorridorOptions,
) -> LabRow {
    let options = QueryOptions {
        corridor: *options,
        ..QueryOptions::default()
    };
    let answer = query(build, start, goal, &options);
    let shrunk = &answer.shrunk;
    let mut timings_us = vec![
        ("locate", shrunk.timings.locate_us),
        ("astar", shrunk.timings.astar_us),
    ];
    if let Some(raw) = &answer.raw {
        timings_us.push(("raw_locate", raw.timings.locate_us));
        timings_us.push(("raw_astar", raw.timings.astar_us));
    }
    for side in std::iter::once(shrunk).chain(&answer.raw) {
        timings_us.extend(side.timings.variants_us.iter().map(|(v, t)| (v.name(), *t)));
    }
    if let Some(o) = &shrunk.optimized {
        timings_us.push(("corridor_opt", o.time_us));
    }
    let total = timings_us.iter().map(|(_, t)| t).sum();
    timings_us.push(("total", total));
    LabRow {
        index,
        start,
        goal,
        status: answer.status(),
        lengths: answer.paths().map(|(v, p)| (v, p.length)).collect(),
        funnel_unoptimized: shrunk
            .optimized
            .as_ref()
            .and_then(|o| o.funnel_before.as_ref())
            .map(|p| p.length),
        timings_us,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::build;
    use crate::scene::generate;

    #[test]
    fn stats_use_nearest_ranks() {
        let s = Stats::of((1..=100).map(f64::from));
        assert_eq!((s.count, s.p50, s.p99, s.max), (100, 50.0, 99.0, 100.0));
        assert_eq!(s.mean, 50.5);
        assert!(Stats::of(std::iter::empty()).mean.is_nan());
    }

    #[test]
    fn random_queries_lie_in_the_free_space_and_repeat_by_seed() {
        let scene = generate::random_field(12, 30.0, 20.0, 0.3, 4);
        let built = build(&scene).unwrap();
        let queries = random_queries(&built.mesh, 200, 9);
        assert_eq!(queries, random_queries(&built.mesh, 200, 9));
        assert_ne!(queries, random_queries(&built.mesh, 200, 10));
        for (s, g) in queries {
            assert!(built.mesh.locate(s).is_inside() && built.mesh.locate(g).is_inside());
        }
    }

    #[test]
    fn worst_cases_come_highest_first() {
        let scene = generate::random_field(12, 30.0, 20.0, 0.3, 4);
        let built = build(&scene).unwrap();
        let report = run(
            &built,
            &random_queries(&built.mesh, 60, 1),
            &CorridorOptions::default(),
        );
        assert_eq!(report.rows.len(), 60);
        assert!(report.rows.iter().enumerate().all(|(i, r)| r.index == i));
        let ratios: Vec<f64> = report
            .worst
            .iter()
            .map(|&i| report.rows[i].ratio(Ratio::FUNNEL_OPTIMAL).unwrap())
            .collect();
        assert!(ratios.windows(2).all(|w| w[0] >= w[1]));
        let max = report.ratio(Ratio::FUNNEL_OPTIMAL).unwrap().max;
        assert_eq!(ratios.first(), Some(&max));
        assert!(report.violations().is_empty(), "{:?}", report.violations());
    }
}
