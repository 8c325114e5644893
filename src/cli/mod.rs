//! The command line: `navscope build`, `navscope path`, and the options that open the editor.
//! Commands return `anyhow::Result`; `main` prints the error on one line and exits with 2.

mod build_cmd;
mod check_cmd;
mod convert_cmd;
mod diagnosis_report;
mod lab_cmd;
mod path_cmd;
mod progress;
pub mod report;
mod scen_report;
mod stdout;

use crate::geom::Point;
use crate::nav::{ANYTIME_BUDGET, Optimization, TOPOLOGY_BUDGET};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// navscope: navmesh editor and inspector. Without a command it opens the editor.
#[derive(Debug, Parser)]
#[command(
    name = "navscope",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Scene file to open in the editor (default: the embedded example scene).
    pub scene: Option<PathBuf>,
    /// Open the editor, wait for the layout to settle, save a PNG of the window here and exit.
    #[arg(long, value_name = "OUT.png")]
    pub screenshot: Option<PathBuf>,
    /// Window size for the editor or the screenshot, as WIDTHxHEIGHT.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(u32, u32)>,
    /// Open the editor split into 2 or 4 synchronised viewports, one path variant each.
    #[arg(long, value_name = "N", value_parser = parse_viewports)]
    pub compare: Option<u8>,
    /// Open the editor with the Path lab docked beside the canvas, running N random queries.
    #[arg(long, value_name = "N")]
    pub lab: Option<usize>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Build the navmesh of a scene and write it as navmesh JSON, OBJ, SVG, Polyanya .mesh,
    /// Godot .tres or glTF.
    Build(BuildArgs),
    /// Answer the scene's queries (or one --from/--to pair) and print corridors and paths.
    Path(PathArgs),
    /// Run many queries (random ones from a seed, or the scene's) and report the ratios between
    /// path variants, the timings and the worst cases.
    Lab(LabArgs),
    /// Convert any readable scene or navmesh file into any scene or navmesh format, chosen by
    /// the output's extension.
    Convert(ConvertArgs),
    /// Replay saved regression cases (scenario files) and report differences.
    Check {
        /// Scenario files (format navscope-scenario).
        files: Vec<PathBuf>,
    },
}

#[derive(Debug, Args)]
pub struct BuildArgs {
    /// Scene file: navscope JSON, Polyanya `.mesh`, MovingAI `.map` or SVG `.svg`.
    ///
    /// SVG: each shape is an obstacle, or walkable when its id or class contains "walkable"
    /// (with none, the canvas rectangle is walkable); y is flipped to point up (y -> height - y);
    /// curves are flattened within 0.1% of the larger canvas side.
    pub scene: PathBuf,
    /// Output file; without it (or with `-`) the navmesh goes to standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Agent radius (default: the scene's agent_radius).
    #[arg(long, value_name = "R", allow_hyphen_values = true, value_parser = parse_radius)]
    pub radius: Option<f64>,
    /// Agent profile to build for (the scene's `agents`, or `default`), or `all`: one file per
    /// profile, OUT with `_NAME` before its extension.
    #[arg(long, value_name = "NAME", conflicts_with = "radius")]
    pub agent: Option<String>,
    /// Output format (default: the one OUT's extension names, .json, .obj, .svg, .mesh, .tres
    /// or .gltf; else json). A format that OUT's extension contradicts is an error, and so is
    /// an OUT named .glb, .tscn, .map, .scen or .png (not written by build).
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Largest distance an arc approximation may stray outside the true offset (default 1% of R;
    /// arcs have at most 200 segments per full circle, so a tolerance below about 0.012% of R
    /// gives no finer arcs).
    #[arg(long, value_name = "T", allow_hyphen_values = true)]
    pub arc_tolerance: Option<f64>,
    #[command(flatten)]
    pub polygons: PolygonArgs,
}

/// What `build` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Json,
    Obj,
    Svg,
    /// Polyanya mesh v2.
    Mesh,
    /// Godot 4 NavigationPolygon (.tres).
    Godot,
    /// glTF 2.0 with an embedded buffer.
    Gltf,
}

/// Triangles or convex polygons, for the formats that take polygons (json, mesh, godot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PolygonKind {
    Triangles,
    Convex,
}

#[derive(Debug, Args)]
pub struct PolygonArgs {
    /// Write the mesh's triangles or merge them into convex polygons (json, mesh, godot)
    /// [default: triangles; `convert` keeps a navmesh file's own polygons]
    #[arg(long, value_enum)]
    pub polygons: Option<PolygonKind>,
    /// Most vertices of a convex polygon (with --polygons convex).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(3..))]
    pub max_vertices: Option<u32>,
}

impl PolygonArgs {
    /// The polygons asked for; `--max-vertices` without `--polygons convex` is an error, not
    /// ignored.
    pub fn choice(&self) -> anyhow::Result<crate::export::Polygons> {
        Ok(match self.polygons.unwrap_or(PolygonKind::Triangles) {
            PolygonKind::Triangles if self.max_vertices.is_some() => {
                anyhow::bail!("--max-vertices applies with --polygons convex only")
            }
            PolygonKind::Triangles => crate::export::Polygons::Triangles,
            PolygonKind::Convex => crate::export::Polygons::Convex {
                max_vertices: self.max_vertices.map(|n| n as usize),
            },
        })
    }
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// Input: a scene, or a navmesh file (.mesh, .tres, .obj, .gltf, .glb, navmesh .json).
    pub input: std::path::PathBuf,
    /// Output, by extension: .json (a scene; *.navmesh.json a navmesh), .mesh, .tres, .gltf, .obj.
    pub output: std::path::PathBuf,
    /// Agent radius when a scene is built into a navmesh (default: the scene's agent_radius),
    /// or of the scene a navmesh becomes; refused for a navmesh to a navmesh.
    #[arg(long, value_name = "R", allow_hyphen_values = true, value_parser = parse_radius)]
    pub radius: Option<f64>,
    #[command(flatten)]
    pub polygons: PolygonArgs,
}

#[derive(Debug, Args)]
pub struct PathArgs {
    /// Scene file: navscope JSON, Polyanya `.mesh`, MovingAI `.map` or SVG `.svg`.
    pub scene: PathBuf,
    /// Start point as X,Y (with --to; without both, every query of the scene runs).
    #[arg(long, value_name = "X,Y", value_parser = parse_point, allow_hyphen_values = true, requires = "to")]
    pub from: Option<Point>,
    /// Goal point as X,Y.
    #[arg(long, value_name = "X,Y", value_parser = parse_point, allow_hyphen_values = true, requires = "from")]
    pub to: Option<Point>,
    /// Run the queries of a MovingAI/Polyanya scenario file and compare with its lengths.
    #[arg(long, value_name = "FILE.scen", conflicts_with_all = ["from", "to"])]
    pub scen: Option<PathBuf>,
    /// Agent radius (default: the scene's agent_radius).
    #[arg(long, value_name = "R", allow_hyphen_values = true, value_parser = parse_radius)]
    pub radius: Option<f64>,
    /// Agent profile to answer for (the scene's `agents`, or `default`).
    #[arg(long, value_name = "NAME", conflicts_with = "radius")]
    pub agent: Option<String>,
    #[command(flatten)]
    pub corridor: CorridorArgs,
    /// Write the picture of each query (scene, free space, mesh, corridor, portals, every
    /// variant, diagnosis, bottleneck, detour) as SVG. With several queries, a `{name}` in OUT
    /// is replaced by the query's name; without one, `-NAME` is added before the extension.
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,
    /// Write the same picture as PNG (OUT named as for --svg).
    #[arg(long, value_name = "OUT")]
    pub png: Option<PathBuf>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Open SCENE as an engine's navmesh, as it is (.mesh, .tres, .obj, .gltf, .glb, .json):
    /// its polygons kept, nothing shrunk (R, default 0, only serves the radius-aware variants).
    #[arg(long)]
    pub as_navmesh: bool,
}

#[derive(Debug, Args)]
pub struct LabArgs {
    /// Scene file: navscope JSON, Polyanya `.mesh`, MovingAI `.map` or SVG `.svg`.
    pub scene: PathBuf,
    /// Number of random queries.
    #[arg(long, default_value_t = 1000, allow_hyphen_values = true)]
    pub n: usize,
    /// Seed of the random queries.
    #[arg(long, default_value_t = 1, allow_hyphen_values = true)]
    pub seed: u64,
    /// Run the scene's own queries instead of random ones.
    #[arg(long, conflicts_with_all = ["n", "seed"])]
    pub scene_queries: bool,
    /// Run the queries of a MovingAI/Polyanya scenario file and compare with its lengths.
    #[arg(long, value_name = "FILE.scen", conflicts_with_all = ["n", "seed", "scene_queries"])]
    pub scen: Option<PathBuf>,
    /// Agent radius (default: the scene's agent_radius).
    #[arg(long, value_name = "R", allow_hyphen_values = true, value_parser = parse_radius)]
    pub radius: Option<f64>,
    /// Agent profile to run (the scene's `agents`, or `default`), or `all` for every profile.
    #[arg(long, value_name = "NAME", conflicts_with = "radius")]
    pub agent: Option<String>,
    #[command(flatten)]
    pub corridor: CorridorArgs,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Open SCENE as an engine's navmesh, as it is (see `path --as-navmesh`).
    #[arg(long)]
    pub as_navmesh: bool,
}

/// The corridor optimisations of `path` and `lab`.
#[derive(Debug, Args)]
pub struct CorridorArgs {
    /// Corridor optimisations to apply, comma-separated.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "LIST")]
    pub optimize: Vec<Optimization>,
    /// Triangles the topology optimisation may expand.
    #[arg(
        long,
        value_name = "N",
        default_value_t = TOPOLOGY_BUDGET,
        allow_hyphen_values = true
    )]
    pub topology_nodes: usize,
    /// Polygons (convex, merged from the triangles) the anytime search may expand after its
    /// first corridor.
    #[arg(
        long,
        value_name = "N",
        default_value_t = ANYTIME_BUDGET,
        allow_hyphen_values = true
    )]
    pub anytime_nodes: usize,
}

impl CorridorArgs {
    pub fn options(&self) -> crate::nav::CorridorOptions {
        crate::nav::CorridorOptions::from_list(
            &self.optimize,
            self.topology_nodes,
            self.anytime_nodes,
        )
    }
}

/// How a command that ran went: `Ok` (exit 0) or `Failed` (exit 1, e.g. a regression case
/// differs). Bad input is an `Err` (exit 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ok,
    Failed,
}

/// Runs a command.
pub fn run(command: Command) -> anyhow::Result<Outcome> {
    let ok = |()| Outcome::Ok;
    match command {
        Command::Build(args) => build_cmd::run(&args).map(ok),
        Command::Path(args) => path_cmd::run(&args).map(ok),
        Command::Lab(args) => lab_cmd::run(&args),
        Command::Convert(args) => convert_cmd::run(&args).map(ok),
        Command::Check { files } => {
            check_cmd::run(&files).map(|all| if all { Outcome::Ok } else { Outcome::Failed })
        }
    }
}

fn parse_point(s: &str) -> Result<Point, String> {
    let (x, y) = (s.split_once(','))
        .filter(|(_, y)| !y.contains(','))
        .ok_or_else(|| format!("'{s}' is not a point; expected X,Y (two numbers)"))?;
    let num = |v: &str| {
        v.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| format!("'{v}' is not a finite number"))
    };
    Ok(Point::new(num(x)?, num(y)?))
}

/// An agent radius given on the command line: a finite number >= 0 (`-0` is 0). Refused here,
/// it is named as the option it came from, not as the scene's.
fn parse_radius(s: &str) -> Result<f64, String> {
    (s.trim().parse::<f64>().ok())
        .filter(|r| r.is_finite() && *r >= 0.0)
        .map(|r| r + 0.0)
        .ok_or_else(|| format!("'{s}' is not an agent radius (a finite number >= 0)"))
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("'{s}' is not a size; expected WIDTHxHEIGHT"))?;
    let num = |v: &str| {
        v.trim()
            .parse::<u32>()
            .ok()
            .filter(|&v| (64..=8192).contains(&v))
            .ok_or_else(|| format!("'{v}' is not a size between 64 and 8192"))
    };
    Ok((num(w)?, num(h)?))
}

fn parse_viewports(s: &str) -> Result<u8, String> {
    match s.trim() {
        "2" => Ok(2),
        "4" => Ok(4),
        _ => Err(format!("'{s}' viewports; expected 2 or 4")),
    }
}

/// Loads a scene, naming the file in errors; an engine's navmesh file, by its extension (which
/// the scene reader would call bad JSON), is refused with what reads it. (The input is read
/// once: it may be a pipe.)
fn load_scene(path: &std::path::Path) -> anyhow::Result<crate::scene::Scene> {
    if crate::import::has_navmesh_extension(path) {
        let origin = path.display().to_string();
        return Err(crate::scene::LoadError::Navmesh { origin }.into());
    }
    Ok(report::reading(path, || crate::scene::load(path))?)
}

/// Loads the scene at `path` and builds it (see [`build_scene`]).
fn load_and_build(
    path: &std::path::Path,
    options: &crate::nav::BuildOptions,
) -> anyhow::Result<(crate::scene::Scene, crate::nav::Build)> {
    let scene = load_scene(path)?;
    let build = build_scene(&scene, path, options)?;
    Ok((scene, build))
}

/// Builds a scene loaded from `path`, holding back the build's warnings for the end of the run
/// (see [`report`]) and naming the file in any error.
fn build_scene(
    scene: &crate::scene::Scene,
    path: &std::path::Path,
    options: &crate::nav::BuildOptions,
) -> anyhow::Result<crate::nav::Build> {
    use anyhow::Context;
    let origin = path.display();
    let build = crate::nav::build_with(scene, options).with_context(|| format!("{origin}"))?;
    for w in &build.warnings {
        report::warn(format!("{origin}: {w}"));
    }
    Ok(build)
}

/// The profiles `--agent NAME` picks from the scene loaded from `path`: the one named, or every
/// profile for `all` when `all_allowed`; an unknown name is an error listing the known ones.
fn chosen_profiles(
    scene: &crate::scene::Scene,
    path: &std::path::Path,
    name: &str,
    all_allowed: bool,
) -> anyhow::Result<Vec<crate::scene::AgentProfile>> {
    let origin = path.display();
    if name == "all" {
        if !all_allowed {
            anyhow::bail!("{origin}: --agent all is not available here; name one profile");
        }
        return Ok(scene.profiles());
    }
    Ok(vec![
        scene
            .profile(name)
            .map_err(|e| anyhow::anyhow!("{origin}: {e}"))?,
    ])
}

/// True for the output path `-`, which means standard output.
fn is_standard_output(path: &std::path::Path) -> bool {
    path.as_os_str() == "-"
}

/// Refuses to write `output` when it is the file `input` (the same file by another name too):
/// a run never replaces what it reads.
fn refuse_input_as_output(input: &std::path::Path, output: &std::path::Path) -> anyhow::Result<()> {
    let real = |p: &std::path::Path| p.canonicalize().ok();
    if real(input).is_some_and(|i| real(output) == Some(i)) {
        anyhow::bail!("{}: is the input file; write to another", output.display());
    }
    Ok(())
}

/// Writes `bytes` atomically to `output` and prints `summary` on standard output, or writes
/// them to standard output (no `output`, or `-`) and `summary` on standard error.
fn write_output(
    output: Option<&std::path::Path>,
    bytes: &[u8],
    summary: &str,
) -> anyhow::Result<()> {
    use anyhow::Context;
    use std::io::Write;
    let mut stdout = stdout::Stdout::new();
    match output.filter(|out| !is_standard_output(out)) {
        Some(out) => {
            crate::fileio::write_atomic(out, bytes)
                .with_context(|| format!("{}: cannot write", out.display()))?;
            writeln!(stdout, "{summary} -> {}", out.display())?;
        }
        None => {
            // Written out before the summary, so a failed write is the run's only stderr line.
            stdout.write_all(bytes)?;
            stdout.flush()?;
            let _ = writeln!(std::io::stderr(), "{summary}");
        }
    }
    Ok(stdout.finish()?)
}

/// Opens the navmesh file at `path` as it is (`--as-navmesh`); `radius` (default 0) serves the
/// radius-aware variants.
fn load_as_navmesh(
    path: &std::path::Path,
    radius: Option<f64>,
) -> anyhow::Result<(crate::scene::Scene, crate::nav::Build)> {
    let radius = radius.unwrap_or(0.0);
    if !(radius.is_finite() && radius >= 0.0) {
        anyhow::bail!(
            "agent radius {} is negative or not a finite number",
            crate::numbers::compact(radius)
        );
    }
    Ok(crate::import::load_navmesh(path, radius)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_sizes_parse() {
        assert_eq!(parse_point("1.5,-2").unwrap(), Point::new(1.5, -2.0));
        assert!(parse_point("1.5").is_err());
        assert!(parse_point("nan,1").is_err());
        assert_eq!(parse_size("800x600").unwrap(), (800, 600));
        assert!(parse_size("10x10").is_err());
    }
}
