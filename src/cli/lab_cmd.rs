//! `navscope lab SCENE [--n N] [--seed S | --scene-queries] [--radius R] [--optimize LIST]
//! [--json]`: the path lab (`crate::lab`) as tables or as JSON:
//! `{"queries", "found", "unreachable", "outside", "radius", "seed", "optimize",
//! "ratios": {"funnel/optimal": {"count", "mean", "p50", "p99", "max"}, "midpoint/funnel",
//! "tangent/funnel", "midpoint_smoothed/funnel", "offset/funnel", and with --optimize
//! "funnel_unoptimized/optimal"}, "timings_us": {stage: {...}}, "worst": [{"index", "start",
//! "goal", "ratio"}]}`. Statistics of an empty set are `null`; `seed` is `null` with
//! `--scene-queries`. Exit code 1 when a funnel is shorter than the optimal path or an
//! optimisation made one longer.

use super::{LabArgs, Optimization, Outcome, load_and_build, load_as_navmesh};
use crate::geom::Point;
use crate::lab::{self, LabReport, Ratio, Stats};
use crate::nav::{BuildOptions, CorridorOptions, Status};
use anyhow::bail;
use serde::Serialize;
use std::collections::BTreeMap;

/// More random queries than this are refused (memory, not time, is the limit).
const MAX_QUERIES: usize = 1_000_000;

#[derive(Serialize)]
struct Report {
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

pub fn run(args: &LabArgs) -> anyhow::Result<Outcome> {
    if args.n > MAX_QUERIES {
        bail!("--n {} is more than {MAX_QUERIES} queries", args.n);
    }
    let options = BuildOptions {
        radius: args.radius,
        ..Default::default()
    };
    let (scene, build) = if args.as_navmesh {
        load_as_navmesh(&args.scene, args.radius)?
    } else {
        load_and_build(&args.scene, &options)?
    };
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
    let report = lab::run(&build, &queries, &options);
    if args.json {
        let json = Report {
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
        };
        println!("{}", serde_json::to_string(&json)?);
    } else {
        print_tables(&report, build.radius, &options);
    }
    let violations = report.violations();
    for v in &violations {
        eprintln!("violation: {v}");
    }
    Ok(if violations.is_empty() {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
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
