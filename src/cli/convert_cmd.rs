//! `navscope convert IN OUT [--radius R] [--polygons triangles|convex] [--max-vertices N]`:
//! any readable file to any scene or navmesh format, by extension. Navmesh files (.mesh, .tres,
//! .tscn, .obj, .gltf, .glb, navmesh .json) are read as they are (`import::load_polygon_mesh`),
//! everything else through the scene loader (`scene::load`, which dispatches on the extension).
//! OUT: `.json` is a scene (`*.navmesh.json` a navmesh), `.mesh`, `.tres`, `.gltf`, `.obj`
//! navmeshes; `-` is a scene on standard output. A scene becomes a navmesh by building it for
//! R; a navmesh becomes a scene whose free space is the union of its polygons, or another
//! navmesh with the agent radius its file records (0 when it records none), with its own
//! polygons unless `--polygons` asks for triangles or convex polygons merged from them.

use super::{ConvertArgs, load_and_build};
use crate::export::{NAVMESH_FORMAT, NavmeshFormat, Polygons, write_navmesh};
use crate::import::{build_polygon_mesh, has_navmesh_extension, load_polygon_mesh};
use crate::nav::{BuildOptions, build_with};
use crate::numbers::count;
use crate::scene::{FORMAT_NAME, Scene, to_json, to_json_at};
use anyhow::{Context, bail};
use std::path::Path;

pub fn run(args: &ConvertArgs) -> anyhow::Result<()> {
    let (input, output) = (&args.input, &args.output);
    let origin = input.display().to_string();
    let out_name = output.display().to_string();
    let target = if out_name.to_lowercase().ends_with(".navmesh.json") {
        Some(NavmeshFormat::Json)
    } else if out_name.to_lowercase().ends_with(".json") || super::is_standard_output(output) {
        None
    } else {
        Some(NavmeshFormat::from_file_name(&out_name).with_context(|| {
            format!("{out_name}: cannot write this extension (expected .json, .navmesh.json, .mesh, .tres, .gltf or .obj)")
        })?)
    };
    let choice = args.polygons.choice()?;
    super::refuse_input_as_output(input, output)?;
    if target.is_none() && args.polygons.polygons.is_some() {
        bail!("--polygons applies to navmesh outputs only");
    }
    let (text, summary) = if is_navmesh_file(input)? {
        let (polygons, recorded) = load_polygon_mesh(input)?;
        let radius = args.radius.unwrap_or(0.0);
        let (scene, build) =
            build_polygon_mesh(&polygons, radius).with_context(|| origin.clone())?;
        match target {
            None => {
                check_scene(&scene, build.free_space.area()).with_context(|| origin.clone())?;
                let summary = format!(
                    "{origin}: {} -> scene of {} and {}",
                    count(polygons.polygons.len(), "polygon"),
                    count(scene.walkable.len(), "walkable ring"),
                    count(scene.obstacles.len(), "obstacle")
                );
                (to_json(&scene), summary)
            }
            Some(format) => {
                // Its polygons are kept as they are: no radius shrank them.
                if let Some(r) = args.radius {
                    bail!(
                        "{origin}: --radius {} applies when a scene is built into a navmesh; a navmesh is converted as it is",
                        crate::numbers::compact(r)
                    );
                }
                let kept = polygons.normalized().with_context(|| origin.clone())?;
                // The same polygons made for the same agent: the radius the file records.
                let radius = recorded.unwrap_or(radius);
                // Its own polygons, unless --polygons asks for others.
                let own = args.polygons.polygons.is_none().then_some(&kept);
                let written = write_navmesh(&build.mesh, radius, format, choice, own)
                    .with_context(|| origin.clone())?;
                if let Some(note) = &written.note {
                    super::report::note(output, note);
                }
                let polygons = count(kept.polygons.len(), "polygon");
                let summary = match written.polygon_count {
                    _ if written.kept => format!("{origin}: {polygons} kept"),
                    // Merged as asked, or because the format needs convex polygons.
                    Some(n) if choice != Polygons::Triangles || own.is_some() => {
                        format!("{origin}: {polygons} -> {}", count(n, "convex polygon"))
                    }
                    _ => format!(
                        "{origin}: {polygons} -> {}",
                        count(build.mesh.triangle_count(), "triangle")
                    ),
                };
                (written.text, summary)
            }
        }
    } else {
        match target {
            None => {
                if let Some(r) = args.radius {
                    bail!(
                        "{origin}: --radius {} applies when a scene is built into a navmesh or a navmesh becomes a scene; set the scene's agent_radius instead",
                        crate::numbers::compact(r)
                    );
                }
                let scene = super::report::reading(input, || crate::scene::load(input))?;
                // A reference image stays where it is, named from the new file's folder.
                let text = match super::is_standard_output(output) {
                    true => to_json(&scene),
                    false => to_json_at(&scene, output),
                };
                (text, format!("{origin}: scene"))
            }
            Some(format) => {
                let options = BuildOptions {
                    radius: args.radius,
                    skip_raw: true,
                    ..Default::default()
                };
                let (scene, build) = load_and_build(input, &options)?;
                let written = write_navmesh(&build.mesh, build.radius, format, choice, None)
                    .with_context(|| origin.clone())?;
                if let Some(note) = &written.note {
                    super::report::note(output, note);
                }
                super::report::note_left_out_of_navmesh(output, &scene);
                if !scene.agents.is_empty() {
                    super::report::note(
                        output,
                        &format!(
                            "built for radius {}; the scene's other agent {} left out (navscope build --agent NAME writes one)",
                            crate::numbers::compact(build.radius),
                            match scene.agents.len() {
                                1 => "profile is".to_string(),
                                n => format!("profiles ({n}) are"),
                            }
                        ),
                    );
                }
                let triangles = count(build.mesh.triangle_count(), "triangle");
                let made = match written.polygon_count {
                    Some(n) if choice != Polygons::Triangles => {
                        format!("{triangles} merged into {}", count(n, "convex polygon"))
                    }
                    _ => triangles,
                };
                let summary = format!(
                    "{origin}: {made}, radius {}",
                    crate::numbers::compact(build.radius)
                );
                (written.text, summary)
            }
        }
    };
    super::write_output(Some(output), text.as_bytes(), &summary)
}

/// Whether `path` is read as a navmesh: by extension (a Polyanya `.mesh` too), and for
/// `.json` by its `format` (a `.navmesh.json` unless it says it is a scene, so that a broken
/// one is told what a navmesh lacks).
fn is_navmesh_file(path: &Path) -> anyhow::Result<bool> {
    let named = path
        .to_string_lossy()
        .to_lowercase()
        .ends_with(".navmesh.json");
    let ext = (path.extension()).map(|e| e.to_string_lossy().to_lowercase());
    Ok(match ext.as_deref() {
        Some("mesh") => true,
        Some("json") => {
            let format = crate::fileio::json_format(&crate::fileio::read_input(path)?);
            let says = |name: &str| format.as_ref().is_some_and(|f| f == name);
            says(NAVMESH_FORMAT) || named && !says(FORMAT_NAME)
        }
        _ => has_navmesh_extension(path),
    })
}

/// Checks that `scene` (outer contours walkable, holes obstacles) covers the navmesh's free
/// space: a walkable island inside a hole cannot be written as a version 1 scene.
fn check_scene(scene: &Scene, area: f64) -> anyhow::Result<()> {
    let mut point = scene.clone();
    point.agent_radius = 0.0;
    let built = build_with(
        &point,
        &BuildOptions {
            skip_raw: true,
            ..Default::default()
        },
    )?;
    let got = built.free_space.area();
    if (got - area).abs() > 1e-9 * area.abs() {
        bail!(
            "the navmesh's free space (area {area}) cannot be written as this scene (area {got}): walkable islands inside holes are lost"
        );
    }
    Ok(())
}
