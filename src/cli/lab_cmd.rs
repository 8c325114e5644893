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

use super::{
    LabArgs, Optimization, Outcome, build_scene, chosen_profiles, load_as_navmesh, load_scene,
};
use crate::geom::Point;
use crate::lab::{self, LabReport, Ratio, Stats};
use crate::nav::{BuildOptions, CorridorOptions, Status};
use crate::scene::{AgentProfile, Scene};
use anyhow::bail;
use serde::Serialize;
use std::collections::BTreeMap;

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
    if args.as_navmesh {
        if args.agent.is_some() {
            bail!("--agent needs a scene file; a navmesh (--as-navmesh) has one radius");
        }
        let (scene, build) = load_as_navmesh(&args.scene, args.radius)?;
        return run_profile(args, &scene, &build, None);
    }
    let scene = load_scene(&args.scene)?;
    let Some(agent) = &args.agent else {
        let build = build_for(args, &scene, None)?;
        return run_profile(args, &scene, &build, None);
    };
    let profiles = chosen_profiles(&scene, &args.scene, agent, true)?;
    if agent != "all" {
        let build = build_for(args, &scene, profiles.first())?;
        return run_profile(args, &scene, &build, profiles.first());
    }
    let mut outcome = Outcome::Ok;
    let mut reports = Vec::new();
    for (i, p) in profiles.iter().enumerate() {
        if !args.json {
            if i > 0 {
                println!();
            }
            println!("== agent profile \"{}\" (radius {}) ==", p.name, p.radius);
        }
        let build = build_for(args, &scene, Some(p))?;
        let (report, o) = profile_report(args, &scene, &build, Some(p))?;
        reports.extend(report);
        if o == Outcome::Failed {
            outcome = Outcome::Failed;
        }
    }
    if args.json {
        println!("{}", serde_json::to_string(&AllAgents { agents: reports })?);
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
    args: &LabArgs,
    scene: &Scene,
    build: &crate::nav::Build,
    agent: Option<&AgentProfile>,
) -> anyhow::Result<Outcome> {
    let (report, outcome) = profile_report(args, scene, build, agent)?;
    if let Some(report) = report {
        println!("{}", serde_json::to_string(&report)?);
    }
    Ok(outcome)
}

/// Runs the lab on one build: with `--json` returns its report, else prints its tables.
fn profile_report(
    args: &LabArgs,
    scene: &Scene,
    build: &crate::nav::Build,
    agent: Option<&AgentProfile>,
) -> anyhow::Result<(Option<Report>, Outcome)> {
    let origin = args.scene.display();
    let queries: Vec<(Point, Point)> = if args.scene_queries {
        if scene.queries.is_empty() {
            bail!("{origin}: the scene has no queries; leave out --scene-queries");
        }
        scene.queries.iter().map(|q| (q.start, q.goal)).collect()
    } else {
        lab::random_queries(&build.mesh, args.n, args.seed)
    };
    let options = CorridorOptions {
        visibility: args.optimize.contains(&Optimization::Visibility),
        topology: args.optimize.contains(&Optimization::Topology),
        topology_nodes: args.topology_nodes,
    };
    let report = lab::run(build, &queries, &options);
    let json = args.json.then(|| Report {
        agent: agent.map(|a| a.name.clone()),
        queries: report.rows.len(),
        found: report.count(Status::Found),
        unreachable: report.count(Status::Unreachable),
        outside: report.count(Status::StartOutside) + report.count(Status::GoalOutside),
        radius: build.radius,
        seed: (!args.scene_queries).then_some(args.seed),
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
    });
    if !args.json {
        print_tables(&report, build.radius, &options);
    }
    let violations = report.violations();
    for v in &violations {
        eprintln!("violation: {v}");
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
    names
}

fn print_tables(report: &LabReport, radius: f64, options: &CorridorOptions) {
    let optimize = optimizations(options);
    println!(
        "{} queries: {} found, {} unreachable, {} outside; agent radius {radius}; corridor optimisations: {}",
        report.rows.len(),
        report.count(Status::Found),
        report.count(Status::Unreachable),
        report.count(Status::StartOutside) + report.count(Status::GoalOutside),
        if optimize.is_empty() {
            "none".to_string()
        } else {
            optimize.join(", ")
        }
    );
    println!();
    let header = |what: &str| {
        println!(
            "{what:<28} {:>7} {:>12} {:>12} {:>12} {:>12}",
            "count", "mean", "p50", "p99", "max"
        )
    };
    let line = |name: &str, s: &Stats, digits: usize| {
        println!(
            "{name:<28} {:>7} {:>12.digits$} {:>12.digits$} {:>12.digits$} {:>12.digits$}",
            s.count, s.mean, s.p50, s.p99, s.max
        )
    };
    header("ratio");
    for (r, s) in &report.ratios {
        line(&r.name(), s, 5);
    }
    println!();
    header("time (us)");
    for (stage, s) in &report.timings_us {
        line(stage, s, 1);
    }
    println!();
    println!("worst funnel/optimal:");
    for &i in &report.worst {
        let row = &report.rows[i];
        let ratio = row.ratio(Ratio::FUNNEL_OPTIMAL).unwrap_or(f64::NAN);
        println!(
            "  #{:<6} {:.5}  {} -> {}",
            row.index, ratio, row.start, row.goal
        );
    }
}
