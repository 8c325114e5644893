//! `navscope build SCENE [-o OUT] [--radius R | --agent NAME|all]
//! [--format json|obj|svg|mesh|godot|gltf] [--polygons triangles|convex] [--max-vertices N]`.
//! With `--agent all`, one navmesh per agent profile, each to OUT with `_NAME` before the
//! extension (`mesh.json` -> `mesh_default.json`, `mesh_large.json`, ...).

use super::{BuildArgs, Format, build_scene, chosen_profiles, load_scene, report};
use crate::export::{NavmeshFormat, svg, write_navmesh};
use crate::nav::BuildOptions;
use crate::numbers::{compact, count};
use crate::scene::Scene;
use crate::viz::{DrawList, Theme, draw_free_space, draw_mesh, draw_scene};
use anyhow::{Context, bail};
use std::path::{Path, PathBuf};

pub fn run(args: &BuildArgs) -> anyhow::Result<()> {
    let scene = load_scene(&args.scene)?;
    // Chosen (and checked) once, before anything is built.
    let format = match &args.output {
        Some(out) => {
            super::refuse_input_as_output(&args.scene, out)?;
            chosen_format(args.format, out)?
        }
        None => args.format.unwrap_or(Format::Json),
    };
    let Some(agent) = &args.agent else {
        return build_one(args, format, &scene, args.radius);
    };
    let profiles = chosen_profiles(&scene, &args.scene, agent, true)?;
    if agent != "all" {
        let radius = profiles.first().map(|p| p.radius);
        return build_one(args, format, &scene, radius);
    }
    // `-` is standard output, which cannot take several files.
    let Some(out) = args
        .output
        .as_ref()
        .filter(|o| !super::is_standard_output(o))
    else {
        bail!("--agent all writes one file per profile; give -o OUT (a file)");
    };
    // Every profile is built before anything is written: a profile that fails (an agent too
    // big for every passage) leaves no partial set of files behind.
    let mut made = Vec::with_capacity(profiles.len());
    for p in &profiles {
        let file = suffixed(out, &p.name)?;
        super::refuse_input_as_output(&args.scene, &file)?;
        let (text, summary) = make_one(args, format, &scene, Some(p.radius), &file)
            .with_context(|| format!("agent profile \"{}\"", p.name))?;
        made.push((file, text, summary));
    }
    for (file, text, summary) in made {
        super::write_output(Some(&file), text.as_bytes(), &summary)?;
    }
    Ok(())
}

/// `out` with `_NAME` before its extension; a name that cannot be part of a file name is an error.
fn suffixed(out: &Path, name: &str) -> anyhow::Result<PathBuf> {
    if !name
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        bail!(
            "agent profile \"{name}\" cannot be part of a file name (use letters, digits, '-', '_', '.')"
        );
    }
    let stem = out.file_stem().unwrap_or_default().to_string_lossy();
    let file = match out.extension() {
        Some(ext) => format!("{stem}_{name}.{}", ext.to_string_lossy()),
        None => format!("{stem}_{name}"),
    };
    Ok(out.with_file_name(file))
}

/// Builds `scene` for `radius` (default: its own) and writes the navmesh in `format` to `-o`
/// or to standard output, with a one-line summary.
fn build_one(
    args: &BuildArgs,
    format: Format,
    scene: &Scene,
    radius: Option<f64>,
) -> anyhow::Result<()> {
    let target = args.output.as_deref().unwrap_or(Path::new("-"));
    let (text, summary) = make_one(args, format, scene, radius, target)?;
    super::write_output(args.output.as_deref(), text.as_bytes(), &summary)
}

/// The navmesh text of `scene` built for `radius` in `format`, and its summary line; a note
/// on what the format needs names `target`, the file it goes to.
fn make_one(
    args: &BuildArgs,
    format: Format,
    scene: &Scene,
    radius: Option<f64>,
    target: &Path,
) -> anyhow::Result<(String, String)> {
    // The exported navmesh is the shrunk one; the raw mesh serves path queries only.
    let options = BuildOptions {
        radius,
        arc_tolerance: args.arc_tolerance,
        skip_raw: true,
    };
    let build = build_scene(scene, &args.scene, &options)?;
    let origin = args.scene.display();
    let format = match format {
        Format::Json => Some(NavmeshFormat::Json),
        Format::Obj => Some(NavmeshFormat::Obj),
        Format::Mesh => Some(NavmeshFormat::Mesh),
        Format::Godot => Some(NavmeshFormat::Godot),
        Format::Gltf => Some(NavmeshFormat::Gltf),
        Format::Svg => None,
    };
    let choice = args.polygons.choice()?;
    let text = match format {
        Some(format) => {
            let written = write_navmesh(&build.mesh, build.radius, format, choice, None)
                .with_context(|| format!("{origin}"))?;
            if let Some(note) = &written.note {
                report::note(target, note);
            }
            report::note_left_out_of_navmesh(target, scene);
            if choice != crate::export::Polygons::Triangles {
                report_polygons(&origin.to_string(), &written, build.mesh.triangle_count());
            }
            written.text
        }
        None => {
            if choice != crate::export::Polygons::Triangles {
                anyhow::bail!("{}", crate::export::ExportError::ConvexNotSupported);
            }
            let mut list = DrawList::default();
            draw_scene(scene, &mut list);
            draw_free_space(&build.free_space, &mut list);
            draw_mesh(&build.mesh, &mut list);
            svg(&list, scene.bounds(), 1200.0, Theme::Light)
        }
    };
    let mesh = &build.mesh;
    let summary = format!(
        "{origin}: {} vertices, {} triangles, {}, radius {}, built in {:.1} ms",
        mesh.vertex_count(),
        mesh.triangle_count(),
        count(mesh.component_count(), "component"),
        compact(build.radius),
        build.timings.total_us() as f64 / 1000.0
    );
    Ok((text, summary))
}

/// Extensions of files navscope reads (or the path command writes) that `build` does not
/// write: JSON under one of them is a file its readers refuse.
const NOT_WRITTEN: [&str; 5] = ["glb", "tscn", "map", "scen", "png"];

/// The format to write to `out`: `given` (by `--format`), else the one its extension names,
/// else json. A `given` format that the extension contradicts is an error: a `.mesh` of JSON
/// is a file nothing reads back; so is an extension of a format `build` does not write
/// ([`NOT_WRITTEN`]).
fn chosen_format(given: Option<Format>, out: &Path) -> anyhow::Result<Format> {
    use clap::ValueEnum;
    let ext = out.extension().map(|e| e.to_string_lossy().to_lowercase());
    if let Some(ext) = ext.as_deref().filter(|e| NOT_WRITTEN.contains(e)) {
        bail!(
            "{}: build does not write .{ext} files; name it .json, .obj, .svg, .mesh, .tres or .gltf",
            out.display()
        );
    }
    let named = (Format::value_variants().iter().copied())
        .find(|&f| ext.as_deref() == Some(extension_of(f).as_str()));
    match (given, named) {
        (Some(given), Some(named)) if given != named => bail!(
            "{}: a .{} file cannot hold --format {}; name it .{} or leave out --format",
            out.display(),
            ext.unwrap_or_default(),
            format_name(given),
            extension_of(given)
        ),
        (given, named) => Ok(given.or(named).unwrap_or(Format::Json)),
    }
}

/// The `--format` value naming `format`.
fn format_name(format: Format) -> String {
    use clap::ValueEnum;
    format
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_string())
}

/// The extension of files of `format`.
fn extension_of(format: Format) -> String {
    match format {
        Format::Godot => "tres".into(),
        other => format_name(other),
    }
}

/// The stderr line saying how many convex polygons the triangles became.
fn report_polygons(origin: &str, written: &crate::export::Written, triangles: usize) {
    if let Some(n) = written.polygon_count {
        report::hold_line(format!(
            "{origin}: {} from {}",
            count(n, "convex polygon"),
            count(triangles, "triangle")
        ));
    }
}
