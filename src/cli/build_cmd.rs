//! `navscope build SCENE [-o OUT] [--radius R] [--format json|obj|svg]`.

use super::stdout::Stdout;
use super::{BuildArgs, Format, load_and_build};
use crate::export::{navmesh_json, navmesh_obj, svg};
use crate::fileio::write_atomic;
use crate::nav::BuildOptions;
use crate::numbers::compact;
use crate::viz::{DrawList, Theme, draw_free_space, draw_mesh, draw_scene};
use anyhow::Context;
use std::io::Write;

pub fn run(args: &BuildArgs) -> anyhow::Result<()> {
    // The exported navmesh is the shrunk one; the raw mesh serves path queries only.
    let options = BuildOptions {
        radius: args.radius,
        arc_tolerance: args.arc_tolerance,
        skip_raw: true,
    };
    let (scene, build) = load_and_build(&args.scene, &options)?;
    let origin = args.scene.display();
    let text = match args.format {
        Format::Json => navmesh_json(&build.mesh, build.radius),
        Format::Obj => navmesh_obj(&build.mesh, build.radius),
        Format::Svg => {
            let mut list = DrawList::default();
            draw_scene(&scene, &mut list);
            draw_free_space(&build.free_space, &mut list);
            draw_mesh(&build.mesh, &mut list);
            svg(&list, scene.bounds(), 1200.0, Theme::Light)
        }
    };
    let mesh = &build.mesh;
    let summary = format!(
        "{origin}: {} vertices, {} triangles, {} component{}, radius {}, built in {:.1} ms",
        mesh.vertex_count(),
        mesh.triangle_count(),
        mesh.component_count(),
        if mesh.component_count() == 1 { "" } else { "s" },
        compact(build.radius),
        build.timings.total_us() as f64 / 1000.0
    );
    let mut stdout = Stdout::new();
    match &args.output {
        Some(out) => {
            write_atomic(out, text.as_bytes())
                .with_context(|| format!("{}: cannot write", out.display()))?;
            writeln!(stdout, "{summary} -> {}", out.display())?;
        }
        None => {
            // Written out before the summary, so a failed write is the run's only stderr line.
            stdout.write_all(text.as_bytes())?;
            stdout.flush()?;
            let _ = writeln!(std::io::stderr(), "{summary}");
        }
    }
    Ok(stdout.finish()?)
}
