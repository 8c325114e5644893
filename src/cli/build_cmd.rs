//! `navscope build SCENE [-o OUT] [--radius R] [--format json|obj|svg|mesh|godot|gltf]
//! [--polygons triangles|convex] [--max-vertices N]`.

use super::{BuildArgs, Format, load_and_build};
use crate::export::{NavmeshFormat, svg, write_navmesh};
use crate::nav::BuildOptions;
use crate::viz::{DrawList, Theme, draw_free_space, draw_mesh, draw_scene};
use anyhow::Context;

pub fn run(args: &BuildArgs) -> anyhow::Result<()> {
    // The exported navmesh is the shrunk one; the raw mesh serves path queries only.
    let options = BuildOptions {
        radius: args.radius,
        arc_tolerance: args.arc_tolerance,
        skip_raw: true,
    };
    let (scene, build) = load_and_build(&args.scene, &options)?;
    let origin = args.scene.display();
    let format = match args.format {
        Format::Json => Some(NavmeshFormat::Json),
        Format::Obj => Some(NavmeshFormat::Obj),
        Format::Mesh => Some(NavmeshFormat::Mesh),
        Format::Godot => Some(NavmeshFormat::Godot),
        Format::Gltf => Some(NavmeshFormat::Gltf),
        Format::Svg => None,
    };
    let text = match format {
        Some(format) => {
            let written = write_navmesh(
                &build.mesh,
                build.radius,
                format,
                args.polygons.choice(),
                None,
            )
            .with_context(|| format!("{origin}"))?;
            if let Some(note) = &written.note {
                eprintln!("note: {note}");
            }
            if args.polygons.choice() != crate::export::Polygons::Triangles {
                report_polygons(&origin.to_string(), &written, build.mesh.triangle_count());
            }
            written.text
        }
        None => {
            if args.polygons.choice() != crate::export::Polygons::Triangles {
                anyhow::bail!("--polygons convex applies to the json, mesh and godot formats only");
            }
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
        build.radius,
        build.timings.total_us() as f64 / 1000.0
    );
    super::write_output(args.output.as_deref(), text.as_bytes(), &summary)
}

/// The stderr line saying how many convex polygons the triangles became.
pub(super) fn report_polygons(origin: &str, written: &crate::export::Written, triangles: usize) {
    if let Some(n) = written.polygon_count {
        eprintln!("{origin}: {n} convex polygons from {triangles} triangles");
    }
}
