//! `navscope path SCENE [--from X,Y --to X,Y] [--radius R] [--json]`: corridors and paths of the
//! scene's queries, as a table or as JSON:
//! `{"radius": r, "results": [{"name", "start", "goal", "status", "corridor", "portals", "paths",
//! "timings_us"}]}`.

use super::{PathArgs, load_scene};
use crate::geom::Point;
use crate::nav::{BuildOptions, NavMesh, QueryResult, build_with, query};
use anyhow::{Context, bail};
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Serialize)]
struct Report {
    radius: f64,
    results: Vec<QueryReport>,
}

#[derive(Serialize)]
struct QueryReport {
    name: String,
    start: Point,
    goal: Point,
    status: &'static str,
    corridor: Vec<[Point; 3]>,
    portals: Vec<[Point; 2]>,
    paths: BTreeMap<&'static str, PathReport>,
    timings_us: BTreeMap<String, f64>,
}

#[derive(Serialize)]
struct PathReport {
    length: f64,
    points: Vec<Point>,
}

pub fn run(args: &PathArgs) -> anyhow::Result<()> {
    let scene = load_scene(&args.scene)?;
    let origin = args.scene.display();
    let build = build_with(
        &scene,
        &BuildOptions {
            radius: args.radius,
            ..Default::default()
        },
    )
    .with_context(|| format!("{origin}"))?;
    for w in &build.warnings {
        eprintln!("warning: {origin}: {w}");
    }
    let queries: Vec<(String, Point, Point)> = match (args.from, args.to) {
        (Some(from), Some(to)) => vec![("cli".to_string(), from, to)],
        _ => scene
            .queries
            .iter()
            .map(|q| (q.name.clone(), q.start, q.goal))
            .collect(),
    };
    if queries.is_empty() {
        bail!("{origin}: the scene has no queries; give --from X,Y --to X,Y");
    }
    let results: Vec<(String, QueryResult)> = queries
        .into_iter()
        .map(|(name, s, g)| (name, query(&build.mesh, s, g)))
        .collect();
    if args.json {
        let report = Report {
            radius: build.radius,
            results: results
                .iter()
                .map(|(name, r)| query_report(&build.mesh, name, r))
                .collect(),
        };
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print_table(build.radius, &results);
    }
    Ok(())
}

fn query_report(mesh: &NavMesh, name: &str, r: &QueryResult) -> QueryReport {
    let corridor = r.corridor.as_ref();
    let mut timings_us = BTreeMap::new();
    timings_us.insert("locate".to_string(), r.timings.locate_us);
    timings_us.insert("astar".to_string(), r.timings.astar_us);
    for (v, t) in &r.timings.variants_us {
        timings_us.insert(v.name().to_string(), *t);
    }
    timings_us.insert("total".to_string(), r.timings.total_us());
    QueryReport {
        name: name.to_string(),
        start: r.start,
        goal: r.goal,
        status: r.status.as_str(),
        corridor: corridor.map_or(Vec::new(), |c| {
            c.triangles
                .iter()
                .map(|&t| mesh.triangle_points(t))
                .collect()
        }),
        portals: corridor.map_or(Vec::new(), |c| {
            c.portals(mesh).iter().map(|p| [p.left, p.right]).collect()
        }),
        paths: r
            .paths
            .iter()
            .map(|(v, p)| {
                (
                    v.name(),
                    PathReport {
                        length: p.length,
                        points: p.points(0.0),
                    },
                )
            })
            .collect(),
        timings_us,
    }
}

fn print_table(radius: f64, results: &[(String, QueryResult)]) {
    println!("agent radius {radius}");
    println!(
        "{:<24} {:<14} {:>9} {:>12} {:>12} {:>10}",
        "query", "status", "corridor", "midpoint", "funnel", "time (us)"
    );
    for (name, r) in results {
        let len = |v| {
            r.path(v)
                .map_or("-".to_string(), |p| format!("{:.4}", p.length))
        };
        let tris = r
            .corridor
            .as_ref()
            .map_or("-".to_string(), |c| c.triangles.len().to_string());
        println!(
            "{:<24} {:<14} {:>9} {:>12} {:>12} {:>10.1}",
            name,
            r.status.as_str(),
            tris,
            len(crate::nav::Variant::Midpoint),
            len(crate::nav::Variant::Funnel),
            r.timings.total_us()
        );
    }
}
