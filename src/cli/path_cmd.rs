//! `navscope path SCENE [--from X,Y --to X,Y] [--radius R] [--json]`: corridors and paths of the
//! scene's queries, as a table or as JSON:
//! `{"radius": r, "results": [{"name", "start", "goal", "status", "corridor", "portals", "paths",
//! "timings_us", "raw_status", "raw_corridor", "metrics"}]}`.
//!
//! `status`, `corridor` and `portals` are the shrunk mesh's (variants `midpoint`, `funnel`,
//! `midpoint_smoothed`, and `optimal`, the exact shortest path whatever the corridor);
//! `raw_status` and `raw_corridor` the raw mesh's (variants `tangent`,
//! `offset`, answered for any R without rebuilding the raw mesh), where `raw_status` may also be
//! `blocked`: a point could pass but nothing 2r wide can. `paths` holds a variant exactly when its
//! side found a path: `{"length", "points"}`, plus `"segments"` (lines and arcs; angles in radians,
//! positive sweep counter-clockwise) for `tangent`, whose `points` flatten the arcs to 0.1% of R,
//! and `"min_clearance"` and `"cuts"` (stretches closer than R to a wall) for `offset`.
//! `metrics` maps each found variant to `{"length", "vertex_count", "min_clearance", "time_us"}`.
//!
//! A failed query also gets its diagnosis (see `diagnosis_report`): `"diagnosis"` (one sentence),
//! `"blocked_by"`, `"blocked_by_detail"`, `"nearest_start"`, `"nearest_goal"`, `"components"`,
//! `"closest_reachable"` and `"bottleneck"`, each only when relevant; when the goal is
//! unreachable, `paths` holds every variant's path to `closest_reachable`, marked
//! `"partial": true`.

use super::diagnosis_report::DiagnosisReport;
use super::{PathArgs, load_and_build, load_as_navmesh};
use crate::geom::{Arc, Point};
use crate::nav::{
    Build, BuildOptions, Diagnosis, NavMesh, PathSegment, QueryResult, Status, Variant, diagnose,
    flatten_tolerance, query_build,
};
use anyhow::bail;
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
    raw_status: &'static str,
    raw_corridor: Vec<[Point; 3]>,
    metrics: BTreeMap<&'static str, MetricsReport>,
    #[serde(flatten)]
    diagnosis: DiagnosisReport,
}

#[derive(Serialize)]
struct PathReport {
    length: f64,
    points: Vec<Point>,
    #[serde(skip_serializing_if = "Option::is_none")]
    segments: Option<Vec<SegmentReport>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    min_clearance: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cuts: Option<Vec<[Point; 2]>>,
    /// A path to the closest reachable point only.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    partial: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum SegmentReport {
    Line([Point; 2]),
    Arc(Arc),
}

#[derive(Serialize)]
struct MetricsReport {
    length: f64,
    vertex_count: usize,
    min_clearance: f64,
    time_us: f64,
}

pub fn run(args: &PathArgs) -> anyhow::Result<()> {
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
    let results: Vec<(String, QueryResult, Diagnosis)> = queries
        .into_iter()
        .map(|(name, s, g)| {
            let r = query_build(&build, s, g);
            let d = diagnose(&scene, &build, &r);
            (name, r, d)
        })
        .collect();
    if args.json {
        let report = Report {
            radius: build.radius,
            results: results
                .iter()
                .map(|(name, r, d)| query_report(&build, name, r, d))
                .collect(),
        };
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print_table(build.radius, &results);
    }
    Ok(())
}

fn query_report(build: &Build, name: &str, r: &QueryResult, d: &Diagnosis) -> QueryReport {
    let (mesh, radius) = (&build.mesh, build.radius);
    let corridor = r.corridor.as_ref();
    let raw = r.raw.as_ref();
    let mut timings_us = BTreeMap::new();
    timings_us.insert("locate".to_string(), r.timings.locate_us);
    timings_us.insert("astar".to_string(), r.timings.astar_us);
    if let Some(raw) = raw {
        timings_us.insert("raw_locate".to_string(), raw.locate_us);
        timings_us.insert("raw_astar".to_string(), raw.astar_us);
    }
    for (v, t) in &r.timings.variants_us {
        timings_us.insert(v.name().to_string(), *t);
    }
    let total = r.timings.total_us() + raw.map_or(0.0, |raw| raw.locate_us + raw.astar_us);
    timings_us.insert("total".to_string(), total);
    let triangles = |mesh: &NavMesh, c: Option<&crate::nav::Corridor>| {
        c.map_or(Vec::new(), |c| {
            c.triangles
                .iter()
                .map(|&t| mesh.triangle_points(t))
                .collect()
        })
    };
    let mut paths: BTreeMap<&'static str, PathReport> = r
        .paths
        .iter()
        .map(|(v, p)| (v.name(), path_report(*v, p, r, radius)))
        .collect();
    for (v, p) in d.unreachable.iter().flat_map(|u| &u.partial_paths) {
        paths.entry(v.name()).or_insert_with(|| PathReport {
            partial: true,
            ..line_report(*v, p, radius)
        });
    }
    QueryReport {
        name: name.to_string(),
        start: r.start,
        goal: r.goal,
        status: r.status.as_str(),
        corridor: triangles(mesh, corridor),
        portals: corridor.map_or(Vec::new(), |c| {
            c.portals(mesh).iter().map(|p| [p.left, p.right]).collect()
        }),
        paths,
        timings_us,
        raw_status: raw.map_or(Status::Unreachable, |raw| raw.status).as_str(),
        raw_corridor: match (&build.raw, raw.and_then(|raw| raw.corridor.as_ref())) {
            (Some(raw_nav), Some(c)) => triangles(&raw_nav.mesh, Some(c)),
            _ => Vec::new(),
        },
        metrics: r
            .metrics
            .iter()
            .map(|(v, m)| {
                let report = MetricsReport {
                    length: m.length,
                    vertex_count: m.vertices,
                    min_clearance: m.min_clearance,
                    time_us: m.time_us,
                };
                (v.name(), report)
            })
            .collect(),
        diagnosis: DiagnosisReport::new(d),
    }
}

fn path_report(
    variant: Variant,
    path: &crate::nav::Path,
    r: &QueryResult,
    radius: f64,
) -> PathReport {
    let mut report = line_report(variant, path, radius);
    if variant == Variant::Offset {
        report.min_clearance = r.metrics(Variant::Offset).map(|m| m.min_clearance);
        report.cuts = r
            .raw
            .as_ref()
            .map(|raw| raw.offset_cuts.iter().map(|c| [c.from, c.to]).collect());
    }
    report
}

/// Length and points of a path, with the lines and arcs of a tangent path.
fn line_report(variant: Variant, path: &crate::nav::Path, radius: f64) -> PathReport {
    let mut report = PathReport {
        length: path.length,
        points: path.points(0.0),
        segments: None,
        min_clearance: None,
        cuts: None,
        partial: false,
    };
    if variant == Variant::Tangent {
        report.points = path.points(flatten_tolerance(radius));
        report.segments = Some(
            path.segments
                .iter()
                .map(|s| match *s {
                    PathSegment::Line { from, to } => SegmentReport::Line([from, to]),
                    PathSegment::Arc(a) => SegmentReport::Arc(a),
                })
                .collect(),
        );
    }
    report
}

fn print_table(radius: f64, results: &[(String, QueryResult, Diagnosis)]) {
    println!("agent radius {radius}; lengths per variant (- = no path)");
    let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    print!(
        "{:<24} {:<14} {:<14} {:>9}",
        "query", "status", "raw status", "corridor"
    );
    for n in &names {
        print!(" {n:>17}");
    }
    println!(" {:>10}", "time (us)");
    for (name, r, d) in results {
        let tris = r
            .corridor
            .as_ref()
            .map_or("-".to_string(), |c| c.triangles.len().to_string());
        let raw_status = r.raw.as_ref().map_or("-", |raw| raw.status.as_str());
        print!(
            "{:<24} {:<14} {:<14} {:>9}",
            name,
            r.status.as_str(),
            raw_status,
            tris
        );
        for v in Variant::ALL {
            let len = r
                .path(v)
                .map_or("-".to_string(), |p| format!("{:.4}", p.length));
            print!(" {len:>17}");
        }
        let total = r.timings.total_us()
            + r.raw
                .as_ref()
                .map_or(0.0, |raw| raw.locate_us + raw.astar_us);
        println!(" {total:>10.1}");
        if let Some(sentence) = d.sentence() {
            println!("  why: {sentence}");
        }
    }
}
