//! `navscope lab SCENE [--n N] [--seed S | --scene-queries] [--radius R] [--optimize LIST]
//! [--json]`: the path lab (`crate::lab`) as tables or as JSON:
//! `{"queries", "found", "unreachable", "outside", "radius", "seed", "optimize",
//! "ratios": {"funnel/optimal": {"count", "mean", "p50", "p99", "max"}, "midpoint/funnel",
//! "tangent/funnel", "midpoint_smoothed/funnel", "offset/funnel", and with --optimize
//! "funnel_unoptimized/optimal"}, "timings_us": {stage: {...}}, "worst": [{"index", "start",
//! "goal", "ratio"}]}`. Statistics of an empty set are `null`; `seed` is `null` with
//! `--scene-queries`. Exit code 1 when a funnel is shorter than the optimal path or an
//! optimisation made one longer. `--agent NAME` adds `"agent": NAME`; `--agent all` runs every
//! profile on its own navmesh and prints `{"agents": [report, ...]}` (tables one after the other).
//!
//! `--scen FILE.scen` runs a scenario file's queries instead (`seed` is `null`) and adds
//! `"scen"`: the totals against the published lengths (see `scen_report::ScenSummary`) plus
//! `"per_query": [{"line", "expected", "optimal", "funnel", "optimal/expected",
//! "funnel/expected"}]`. On a mesh map an optimal length that misses a published optimum by more
//! than 1e-6 relative, or no path where one is published, is a violation (exit code 1).

use super::scen_report::{MATCH_TOLERANCE, Scen, ScenSummary, ratio};
use super::stdout::Stdout;
use super::{
    LabArgs, Outcome, build_scene, chosen_profiles, load_as_navmesh, load_scene, progress, report,
};
use crate::geom::Point;
use crate::lab::{self, LabReport, Ratio, Stats};
use crate::nav::{BuildOptions, CorridorOptions, CorridorSearch, Status, Variant};
use crate::numbers::{compact, fixed, to_json};
use crate::scene::{AgentProfile, Scene};
use anyhow::{Context, bail};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;

/// More random queries than this are refused (memory, not time, is the limit).
const MAX_QUERIES: usize = 1_000_000;

#[derive(Serialize)]
struct Report {
    /// The agent profile chosen with `--agent`, if one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    agent: Option<String>,
    queries: usize,
    found: usize,
    unreachable: usize,
    /// Start or goal outside the free space (scene queries only).
    outside: usize,
    radius: f64,
    seed: Option<u64>,
    optimize: Vec<&'static str>,
    ratios: BTreeMap<String, Stats>,
    timings_us: BTreeMap<&'static str, Stats>,
    worst: Vec<Worst>,
    #[serde(skip_serializing_if = "Option::is_none")]
    scen: Option<ScenReport>,
}

#[derive(Serialize)]
struct ScenReport {
    #[serde(flatten)]
    summary: ScenSummary,
    per_query: Vec<ScenRow>,
}

/// One scenario query: the published length beside ours.
#[derive(Serialize)]
struct ScenRow {
    line: usize,
    expected: f64,
    optimal: Option<f64>,
    funnel: Option<f64>,
    #[serde(rename = "optimal/expected")]
    optimal_over_expected: Option<f64>,
    #[serde(rename = "funnel/expected")]
    funnel_over_expected: Option<f64>,
}

#[derive(Serialize)]
struct Worst {
    index: usize,
    start: Point,
    goal: Point,
    ratio: f64,
}

/// Every profile's report, for `--agent all --json`.
#[derive(Serialize)]
struct AllAgents {
    agents: Vec<Report>,
}

pub fn run(args: &LabArgs) -> anyhow::Result<Outcome> {
    if args.n > MAX_QUERIES {
        bail!("--n {} is more than {MAX_QUERIES} queries", args.n);
    }
    if args.n == 0 {
        bail!("--n 0: the lab needs at least one query");
    }
    let mut out = Stdout::new();
    let outcome = if args.as_navmesh {
        if args.agent.is_some() {
            bail!("--agent needs a scene file; a navmesh (--as-navmesh) has one radius");
        }
        let (scene, build) = load_as_navmesh(&args.scene, args.radius)?;
        run_profile(&mut out, args, &scene, &build, None)?
    } else {
        let scene = load_scene(&args.scene)?;
        match &args.agent {
            None => {
                let build = build_for(args, &scene, None)?;
                run_profile(&mut out, args, &scene, &build, None)?
            }
            Some(agent) if agent != "all" => {
                let profiles = chosen_profiles(&scene, &args.scene, agent, false)?;
                let build = build_for(args, &scene, profiles.first())?;
                run_profile(&mut out, args, &scene, &build, profiles.first())?
            }
            Some(agent) => run_all(&mut out, args, &scene, agent)?,
        }
    };
    out.finish()?;
    Ok(outcome)
}

/// `--agent all`: every profile on its own navmesh, tables one after the other or one JSON
/// object `{"agents": [report, ...]}`.
fn run_all(
    out: &mut Stdout,
    args: &LabArgs,
    scene: &Scene,
    agent: &str,
) -> anyhow::Result<Outcome> {
    let profiles = chosen_profiles(scene, &args.scene, agent, true)?;
    let mut outcome = Outcome::Ok;
    let mut reports = Vec::new();
    for (i, p) in profiles.iter().enumerate() {
        if !args.json {
            if i > 0 {
                writeln!(out)?;
            }
            writeln!(
                out,
                "== agent profile \"{}\" (radius {}) ==",
                p.name,
                compact(p.radius)
            )?;
        }
        let build = build_for(args, scene, Some(p))
            .with_context(|| format!("agent profile \"{}\"", p.name))?;
        let (report, o) = profile_report(out, args, scene, &build, Some(p))?;
        reports.extend(report);
        if o == Outcome::Failed {
            outcome = Outcome::Failed;
        }
    }
    if args.json {
        writeln!(out, "{}", to_json(&AllAgents { agents: reports })?)?;
    }
    Ok(outcome)
}

/// Builds `scene` for `agent` (`None`: `--radius` or the scene's radius).
fn build_for(
    args: &LabArgs,
    scene: &Scene,
    agent: Option<&AgentProfile>,
) -> anyhow::Result<crate::nav::Build> {
    let options = BuildOptions {
        radius: agent.map(|a| a.radius).or(args.radius),
        ..Default::default()
    };
    build_scene(scene, &args.scene, &options)
}

/// Runs the lab on one build and prints it.
fn run_profile(
    out: &mut Stdout,
    args: &LabArgs,
    scene: &Scene,
    build: &crate::nav::Build,
    agent: Option<&AgentProfile>,
) -> anyhow::Result<Outcome> {
    let (report, outcome) = profile_report(out, args, scene, build, agent)?;
    if let Some(report) = report {
        writeln!(out, "{}", to_json(&report)?)?;
    }
    Ok(outcome)
}

/// Runs the lab on one build: with `--json` returns its report, else prints its tables.
fn profile_report(
    out: &mut Stdout,
    args: &LabArgs,
    scene: &Scene,
    build: &crate::nav::Build,
    agent: Option<&AgentProfile>,
) -> anyhow::Result<(Option<Report>, Outcome)> {
    let origin = args.scene.display();
    let scen = match &args.scen {
        Some(path) => Some(Scen::load(&args.scene, path)?),
        None => None,
    };
    let queries: Vec<(Point, Point)> = if let Some(scen) = &scen {
        scen.queries.iter().map(|q| (q.start, q.goal)).collect()
    } else if args.scene_queries {
        if scene.queries.is_empty() {
            bail!("{origin}: the scene has no queries; leave out --scene-queries");
        }
        scene.queries.iter().map(|q| (q.start, q.goal)).collect()
    } else {
        lab::random_queries(&build.mesh, args.n, args.seed)
    };
    let options = args.corridor.options();
    let report = progress::counting(queries.len(), "queries", |done| {
        lab::run_counting(build, &queries, &options, done)
    });
    let scen = scen.map(|scen| {
        let per_query: Vec<ScenRow> = scen
            .queries
            .iter()
            .zip(&report.rows)
            .map(|(q, row)| {
                let (optimal, funnel) = (row.length(Variant::Optimal), row.length(Variant::Funnel));
                ScenRow {
                    line: q.line,
                    expected: q.expected,
                    optimal,
                    funnel,
                    optimal_over_expected: ratio(optimal, q.expected),
                    funnel_over_expected: ratio(funnel, q.expected),
                }
            })
            .collect();
        let lengths: Vec<_> = per_query.iter().map(|r| (r.optimal, r.funnel)).collect();
        ScenReport {
            summary: scen.compare(&lengths),
            per_query,
        }
    });
    // Each missed line, and whether a path was found there at all.
    let mismatches: Vec<(usize, bool)> = scen.as_ref().map_or(Vec::new(), |s| {
        let found =
            |line: usize| (s.per_query.iter()).any(|r| r.line == line && r.optimal.is_some());
        (s.summary.mismatches.iter())
            .map(|&line| (line, found(line)))
            .collect()
    });
    let json = if args.json {
        Some(Report {
            agent: agent.map(|a| a.name.clone()),
            queries: report.rows.len(),
            found: report.count(Status::Found),
            unreachable: report.count(Status::Unreachable),
            outside: report.count(Status::StartOutside) + report.count(Status::GoalOutside),
            radius: build.radius,
            seed: (!args.scene_queries && args.scen.is_none()).then_some(args.seed),
            optimize: optimizations(&options),
            ratios: report.ratios.iter().map(|(r, s)| (r.name(), *s)).collect(),
            timings_us: report.timings_us.iter().copied().collect(),
            worst: report
                .worst
                .iter()
                .map(|&i| {
                    let row = &report.rows[i];
                    Worst {
                        index: row.index,
                        start: row.start,
                        goal: row.goal,
                        ratio: row.ratio(Ratio::FUNNEL_OPTIMAL).unwrap_or(f64::NAN),
                    }
                })
                .collect(),
            scen,
        })
    } else {
        print_tables(out, &report, build.radius, &options)?;
        if let Some(scen) = &scen {
            writeln!(out)?;
            scen.summary.print(out)?;
        }
        None
    };
    let mut violations = report.violations();
    violations.extend(mismatches.iter().map(|&(line, found)| if found {
        format!(
            "scenario line {line}: optimal misses the published optimum by more than {MATCH_TOLERANCE:e} relative and more than its written precision"
        )
    } else {
        format!("scenario line {line}: no path found where the scenario publishes one")
    }));
    for v in &violations {
        report::line(&format!("violation: {v}"));
    }
    let outcome = if violations.is_empty() {
        Outcome::Ok
    } else {
        Outcome::Failed
    };
    Ok((json, outcome))
}

fn optimizations(options: &CorridorOptions) -> Vec<&'static str> {
    let mut names = Vec::new();
    if options.visibility {
        names.push("visibility");
    }
    if options.topology {
        names.push("topology");
    }
    if options.search != CorridorSearch::AStar {
        names.push("anytime");
    }
    names
}

fn print_tables(
    out: &mut impl Write,
    report: &LabReport,
    radius: f64,
    options: &CorridorOptions,
) -> std::io::Result<()> {
    let optimize = optimizations(options);
    writeln!(
        out,
        "{} queries: {} found, {} unreachable, {} outside; agent radius {}; corridor optimisations: {}",
        report.rows.len(),
        report.count(Status::Found),
        report.count(Status::Unreachable),
        report.count(Status::StartOutside) + report.count(Status::GoalOutside),
        compact(radius),
        if optimize.is_empty() {
            "none".to_string()
        } else {
            optimize.join(", ")
        }
    )?;
    writeln!(out)?;
    let header = |out: &mut dyn Write, what: &str| {
        writeln!(
            out,
            "{what:<28} {:>7} {:>12} {:>12} {:>12} {:>12}",
            "count", "mean", "p50", "p99", "max"
        )
    };
    let line = |out: &mut dyn Write, name: &str, s: &Stats, digits: usize| {
        // No values, no statistics: `-`, as `path` writes a length it has not.
        let cell = |x: f64| match x.is_nan() {
            true => "-".to_string(),
            false => fixed(x, digits),
        };
        writeln!(
            out,
            "{name:<28} {:>7} {:>12} {:>12} {:>12} {:>12}",
            s.count,
            cell(s.mean),
            cell(s.p50),
            cell(s.p99),
            cell(s.max)
        )
    };
    header(out, "ratio")?;
    for (r, s) in &report.ratios {
        line(out, &r.name(), s, 5)?;
    }
    writeln!(out)?;
    header(out, "time (us)")?;
    for (stage, s) in &report.timings_us {
        line(out, stage, s, 1)?;
    }
    writeln!(out)?;
    writeln!(out, "worst funnel/optimal:")?;
    for &i in &report.worst {
        let row = &report.rows[i];
        let ratio = row.ratio(Ratio::FUNNEL_OPTIMAL).unwrap_or(f64::NAN);
        writeln!(
            out,
            "  #{:<6} {}  {} -> {}",
            row.index,
            fixed(ratio, 5),
            row.start,
            row.goal
        )?;
    }
    Ok(())
}
