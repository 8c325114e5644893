//! `navscope path SCENE [--from X,Y --to X,Y | --scen FILE.scen] [--radius R | --agent NAME]
//! [--optimize LIST] [--svg OUT] [--png OUT] [--json]`: corridors and paths of the scene's
//! queries (answered by `nav::query`, with the corridor optimisations of `--optimize`), as a
//! table or as JSON (`agent` only with `--agent`): `{"agent", "radius": r, "prepare_us",
//! "results": [{"name", "start", "goal", "status", "corridor", "portals", "paths",
//! "timings_us", "raw_status", "raw_corridor", "metrics"}]}`. `prepare_us` is the time spent
//! once on the build before the queries, making what they all use (the exact search's polygons
//! and the walls' index), so that no query's own time holds it.
//!
//! With `--scen` the queries are the scenario's, named by their line number; each result gains
//! `"expected"` (the published length), `"optimal/expected"` and `"funnel/expected"`, and the
//! report gains `"scen"`: the totals (see `scen_report::ScenSummary`).
//!
//! `status`, `corridor` and `portals` are the shrunk mesh's (variants `midpoint`, `funnel`,
//! `midpoint_smoothed`, and `optimal`, the exact shortest path whatever the corridor);
//! `raw_status` and `raw_corridor` the raw mesh's (variants `tangent`,
//! `offset`, answered for any R without rebuilding the raw mesh), where `raw_status` may also be
//! `blocked`: a point could pass but nothing 2r wide can. `paths` holds a variant exactly when its
//! side found a path: `{"length", "points"}`, plus `"segments"` (lines and arcs; angles in radians,
//! positive sweep counter-clockwise) for `tangent`, whose `points` flatten the arcs to 0.1% of R,
//! and `"min_clearance"` and `"cuts"` (stretches closer than R to a wall) for `offset`.
//! `metrics` maps each found variant to `{"length", "cost", "vertex_count", "min_clearance",
//! "time_us", "query_time_us", "excess"}` as `nav::Metrics` defines them (`cost`: the length
//! weighted by the scene's cost areas, equal to `length` without any; `time_us`: the variant alone;
//! `query_time_us`: the whole query; `excess`: over the optimal path, `null` without one).
//! `timings_us` has `corridor_opt` when optimising.
//!
//! Through off-mesh links: `"links_used": [names]` lists the links the route takes, in order
//! (only when it takes some); `corridor`, `portals` and `raw_corridor` then hold every piece's
//! triangles and portals in route order, each path's `length` counts every link at its cost,
//! and a tangent path's `segments` include `{"link": [from, to]}`.
//!
//! `--svg OUT` / `--png OUT` write the picture of each query (`viz::answer_picture`, what the
//! editor's canvas shows; the PNG without labels); see `picture_path` for the file names.
//!
//! A failed query also gets its diagnosis (see `diagnosis_report`): `"diagnosis"` (one sentence),
//! `"blocked_by"`, `"blocked_by_detail"`, `"nearest_start"`, `"nearest_goal"`, `"components"`,
//! `"closest_reachable"` and `"bottleneck"`, each only when relevant; when the goal is
//! unreachable, `paths` holds every variant's path to `closest_reachable`, marked
//! `"partial": true`.

use super::diagnosis_report::DiagnosisReport;
use super::scen_report::{Scen, ScenSummary, ratio};
use super::stdout::Stdout;
use super::{PathArgs, build_scene, chosen_profiles, load_as_navmesh, load_scene, progress};
use crate::export::{png, svg};
use crate::geom::{Arc, Point};
use crate::import::escape_controls;
use crate::nav::{
    Answer, Build, BuildOptions, Corridor, Diagnosis, NavMesh, PathSegment, QueryOptions, Side,
    Status, Variant, flatten_tolerance, query,
};
use crate::numbers::{compact, fixed, to_json};
use crate::viz::{Theme, answer_picture};
use anyhow::{Context, bail};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Width of the pictures, in pixels.
const PICTURE_WIDTH: f64 = 1200.0;

#[derive(Serialize)]
struct Report {
    /// The agent profile chosen with `--agent`, if one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    agent: Option<String>,
    radius: f64,
    /// Microseconds spent once, before the queries, making what they all use (see
    /// `Build::prepare_queries`).
    prepare_us: u64,
    results: Vec<QueryReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    scen: Option<ScenSummary>,
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
    #[serde(skip_serializing_if = "Vec::is_empty")]
    links_used: Vec<String>,
    metrics: BTreeMap<&'static str, MetricsReport>,
    #[serde(flatten)]
    diagnosis: DiagnosisReport,
    #[serde(flatten)]
    expected: Option<Expected>,
}

/// A scenario query's published length beside ours.
#[derive(Serialize)]
struct Expected {
    expected: f64,
    #[serde(rename = "optimal/expected")]
    optimal_over_expected: Option<f64>,
    #[serde(rename = "funnel/expected")]
    funnel_over_expected: Option<f64>,
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
    /// An off-mesh link taken from the first point to the second.
    Link([Point; 2]),
}

#[derive(Serialize)]
struct MetricsReport {
    length: f64,
    cost: f64,
    vertex_count: usize,
    min_clearance: Option<f64>,
    time_us: f64,
    query_time_us: f64,
    excess: Option<f64>,
}

pub fn run(args: &PathArgs) -> anyhow::Result<()> {
    let (scene, build, profile) = if args.as_navmesh {
        if args.agent.is_some() {
            bail!("--agent needs a scene file; a navmesh (--as-navmesh) has one radius");
        }
        let (scene, build) = load_as_navmesh(&args.scene, args.radius)?;
        (scene, build, None)
    } else {
        let scene = load_scene(&args.scene)?;
        let profile = match &args.agent {
            Some(name) => chosen_profiles(&scene, &args.scene, name, false)?.pop(),
            None => None,
        };
        let options = BuildOptions {
            radius: profile.as_ref().map(|p| p.radius).or(args.radius),
            ..Default::default()
        };
        let build = build_scene(&scene, &args.scene, &options)?;
        (scene, build, profile)
    };
    let prepare_us = build.prepare_queries();
    let origin = args.scene.display();
    let scen = match &args.scen {
        Some(path) => Some(Scen::load(&args.scene, path)?),
        None => None,
    };
    let queries: Vec<(String, Point, Point)> = match (args.from, args.to, &scen) {
        (Some(from), Some(to), _) => vec![("cli".to_string(), from, to)],
        (_, _, Some(scen)) => scen.named(),
        _ => scene
            .queries
            .iter()
            .map(|q| (q.name.clone(), q.start, q.goal))
            .collect(),
    };
    if queries.is_empty() {
        bail!("{origin}: the scene has no queries; give --from X,Y --to X,Y");
    }
    let options = QueryOptions::explained(&scene, args.corridor.options());
    let several = queries.len() > 1;
    let files = file_names(queries.iter().map(|(name, _, _)| name.as_str()));
    let mut answers = Vec::with_capacity(queries.len());
    let bar = progress::bar(queries.len(), "queries");
    for ((name, s, g), file) in queries.into_iter().zip(files) {
        bar.inc(1);
        let answer = query(&build, s, g, &options);
        for (out, format) in [(&args.svg, Picture::Svg), (&args.png, Picture::Png)] {
            if let Some(out) = out {
                let list = answer_picture(&scene, &build, &answer);
                let bounds = scene.bounds();
                let bytes = match format {
                    Picture::Svg => svg(&list, bounds, PICTURE_WIDTH, Theme::Light).into_bytes(),
                    Picture::Png => png(&list, bounds, PICTURE_WIDTH, Theme::Light)?,
                };
                let path = picture_path(out, &file, several);
                crate::fileio::write_atomic(&path, &bytes)
                    .with_context(|| format!("{}: cannot write", path.display()))?;
            }
        }
        answers.push((name, answer));
    }
    bar.finish_and_clear();
    let lengths: Vec<(Option<f64>, Option<f64>)> = answers
        .iter()
        .map(|(_, a)| {
            let length = |v| a.path(v).map(|p| p.length);
            (length(Variant::Optimal), length(Variant::Funnel))
        })
        .collect();
    let summary = scen.as_ref().map(|s| s.compare(&lengths));
    let expected = |i: usize| {
        scen.as_ref().map(|s| {
            let e = s.queries[i].expected;
            Expected {
                expected: e,
                optimal_over_expected: ratio(lengths[i].0, e),
                funnel_over_expected: ratio(lengths[i].1, e),
            }
        })
    };
    let mut out = Stdout::new();
    if args.json {
        let report = Report {
            agent: profile.map(|p| p.name),
            radius: build.radius,
            prepare_us,
            results: answers
                .iter()
                .enumerate()
                .map(|(i, (name, a))| QueryReport {
                    expected: expected(i),
                    ..query_report(&build, name, a)
                })
                .collect(),
            scen: summary,
        };
        writeln!(out, "{}", to_json(&report)?)?;
    } else {
        if let Some(p) = &profile {
            writeln!(out, "agent profile \"{}\"", p.name)?;
        }
        print_table(&mut out, build.radius, &answers)?;
        if let Some(summary) = summary {
            writeln!(out)?;
            writeln!(
                out,
                "{:<8} {:>14} {:>14} {:>14} {:>17} {:>16}",
                "line", "expected", "optimal", "funnel", "optimal/expected", "funnel/expected"
            )?;
            let show = |v: Option<f64>| v.map_or("-".to_string(), |v| fixed(v, 6));
            for (i, (name, _)) in answers.iter().enumerate() {
                let e = expected(i).map_or(0.0, |e| e.expected);
                writeln!(
                    out,
                    "{name:<8} {:>14} {:>14} {:>14} {:>17} {:>16}",
                    fixed(e, 6),
                    show(lengths[i].0),
                    show(lengths[i].1),
                    show(ratio(lengths[i].0, e)),
                    show(ratio(lengths[i].1, e))
                )?;
            }
            summary.print(&mut out)?;
        }
    }
    Ok(out.finish()?)
}

#[derive(Clone, Copy)]
enum Picture {
    Svg,
    Png,
}

/// The queries' `names` as parts of file names, one per query and no two alike: characters
/// other than letters, digits, `-`, `_` and `.` become `_`, a name that is empty or all dots
/// (`..`, a folder) becomes `query`, and a name already taken (two queries called `q`, or
/// `a/b` and `a_b`) gets `-2`, `-3`, ... added.
fn file_names<'a>(names: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut taken = std::collections::HashSet::new();
    names
        .map(|name| {
            let clean: String = name
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() || "-_.".contains(c) {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            let clean = if clean.chars().all(|c| c == '.') {
                format!("query{clean}")
            } else {
                clean
            };
            let mut file = clean.clone();
            let mut n = 1;
            while !taken.insert(file.clone()) {
                n += 1;
                file = format!("{clean}-{n}");
            }
            file
        })
        .collect()
}

/// Where the picture of the query whose file name is `name` (see `file_names`) goes: `out`
/// itself for a single query; with several, `out` with `{name}` replaced by the name, or
/// without a placeholder `-NAME` added before the extension (`out.svg` -> `out-NAME.svg`).
fn picture_path(out: &Path, name: &str, several: bool) -> PathBuf {
    let text = out.to_string_lossy();
    if !several && !text.contains("{name}") {
        return out.to_path_buf();
    }
    if text.contains("{name}") {
        return PathBuf::from(text.replace("{name}", name));
    }
    let stem = out
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let file = match out.extension() {
        Some(ext) => format!("{stem}-{name}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{name}"),
    };
    out.with_file_name(file)
}

fn query_report(build: &Build, name: &str, a: &Answer) -> QueryReport {
    let (mesh, radius) = (&build.mesh, build.radius);
    let shrunk = &a.shrunk;
    let raw = a.raw.as_ref();
    let mut timings_us = BTreeMap::new();
    timings_us.insert("locate".to_string(), shrunk.timings.locate_us);
    timings_us.insert("astar".to_string(), shrunk.timings.astar_us);
    if let Some(raw) = raw {
        timings_us.insert("raw_locate".to_string(), raw.timings.locate_us);
        timings_us.insert("raw_astar".to_string(), raw.timings.astar_us);
    }
    if let Some(o) = &shrunk.optimized {
        timings_us.insert("corridor_opt".to_string(), o.time_us);
    }
    for side in std::iter::once(shrunk).chain(raw) {
        for (v, t) in &side.timings.variants_us {
            timings_us.insert(v.name().to_string(), *t);
        }
    }
    let total = timings_us.values().sum();
    timings_us.insert("total".to_string(), total);
    let triangles = |mesh: &NavMesh, side: Option<&Side>| -> Vec<[Point; 3]> {
        pieces(side)
            .flat_map(|c| c.triangles.iter().map(|&t| mesh.triangle_points(t)))
            .collect()
    };
    let mut paths: BTreeMap<&'static str, PathReport> = a
        .paths()
        .map(|(v, p)| (v.name(), path_report(v, p, a, radius)))
        .collect();
    let diagnosis = a.diagnosis.clone().unwrap_or_default();
    for (v, p) in diagnosis.unreachable.iter().flat_map(|u| &u.partial_paths) {
        paths.entry(v.name()).or_insert_with(|| PathReport {
            partial: true,
            ..line_report(*v, p, radius)
        });
    }
    QueryReport {
        name: name.to_string(),
        start: a.start,
        goal: a.goal,
        status: a.status().as_str(),
        corridor: triangles(mesh, Some(shrunk)),
        portals: pieces(Some(shrunk))
            .flat_map(|c| c.portals(mesh))
            .map(|p| [p.left, p.right])
            .collect(),
        paths,
        timings_us,
        raw_status: raw.map_or(Status::Unreachable, |raw| raw.status).as_str(),
        raw_corridor: match &build.raw {
            Some(raw_nav) => triangles(&raw_nav.mesh, raw),
            None => Vec::new(),
        },
        links_used: shrunk
            .legs
            .iter()
            .map(|l| {
                build
                    .links
                    .get(l.link)
                    .map_or(String::new(), |l| l.name.clone())
            })
            .collect(),
        metrics: a
            .metrics
            .iter()
            .map(|(v, m)| {
                let report = MetricsReport {
                    length: m.length,
                    cost: m.cost,
                    vertex_count: m.vertices,
                    min_clearance: m.min_clearance,
                    time_us: m.time_us,
                    query_time_us: m.query_time_us,
                    excess: m.excess,
                };
                (v.name(), report)
            })
            .collect(),
        diagnosis: DiagnosisReport::new(&diagnosis),
        expected: None,
    }
}

/// The corridor pieces of a side in route order: its corridor, then each leg's.
fn pieces(side: Option<&Side>) -> impl Iterator<Item = &Corridor> {
    side.into_iter()
        .flat_map(|s| s.corridor.iter().chain(s.legs.iter().map(|l| &l.corridor)))
}

fn path_report(variant: Variant, path: &crate::nav::Path, a: &Answer, radius: f64) -> PathReport {
    let mut report = line_report(variant, path, radius);
    if variant == Variant::Offset {
        report.min_clearance = a.metrics(Variant::Offset).and_then(|m| m.min_clearance);
        report.cuts = a
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
                    PathSegment::Link { from, to, .. } => SegmentReport::Link([from, to]),
                })
                .collect(),
        );
    }
    report
}

fn print_table(
    out: &mut impl Write,
    radius: f64,
    answers: &[(String, Answer)],
) -> std::io::Result<()> {
    writeln!(
        out,
        "agent radius {}; lengths per variant (- = no path)",
        compact(radius)
    )?;
    let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    write!(
        out,
        "{:<24} {:<14} {:<14} {:>9}",
        "query", "status", "raw status", "corridor"
    )?;
    for n in &names {
        write!(out, " {n:>17}")?;
    }
    writeln!(out, " {:>10}", "time (us)")?;
    for (name, a) in answers {
        let tris = match a.shrunk.corridor {
            Some(_) => pieces(Some(&a.shrunk))
                .map(|c| c.triangles.len())
                .sum::<usize>()
                .to_string(),
            None => "-".to_string(),
        };
        let raw_status = a.raw.as_ref().map_or("-", |raw| raw.status.as_str());
        write!(
            out,
            "{:<24} {:<14} {:<14} {:>9}",
            escape_controls(name),
            a.status().as_str(),
            raw_status,
            tris
        )?;
        for v in Variant::ALL {
            let len = a.path(v).map_or("-".to_string(), |p| fixed(p.length, 4));
            write!(out, " {len:>17}")?;
        }
        writeln!(out, " {:>10}", fixed(a.time_us, 1))?;
        if let Some(sentence) = a.diagnosis.as_ref().and_then(Diagnosis::sentence) {
            writeln!(out, "  why: {}", escape_controls(&sentence))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_query_gets_its_own_picture_file() {
        let names = ["q", "q", "a/b", "a_b", "q-2", "to the door"];
        assert_eq!(
            file_names(names.into_iter()),
            ["q", "q-2", "a_b", "a_b-2", "q-2-2", "to_the_door"]
        );
        let out = Path::new("dir/out.svg");
        assert_eq!(picture_path(out, "q-2", true), Path::new("dir/out-q-2.svg"));
        assert_eq!(picture_path(out, "q-2", false), out);
        let placeholder = Path::new("dir/{name}.png");
        assert_eq!(
            picture_path(placeholder, "a_b", false),
            Path::new("dir/a_b.png")
        );
        // An empty name or `..` named the folder itself (`dir/{name}` -> `dir/`).
        assert_eq!(
            file_names(["", "..", "query"].into_iter()),
            ["query", "query..", "query-2"]
        );
    }
}
