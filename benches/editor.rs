//! Editor frame costs through the real `App`, driven by egui_kittest (CPU only, no GPU):
//! - `canvas_frame`: the CPU time (process, all threads) of one frame (panels, canvas shapes)
//!   plus egui tessellation with a navmesh of growing size on screen, the whole scene in view;
//!   the target is <= 8 ms at 100k triangles.
//! - `drag_vertex`: the wall-clock time of one step of a vertex drag (edit, synchronous
//!   rebuild, query, metrics, paint, tessellation) on scenes of growing size; the target is
//!   <= 16 ms at 2k vertices, on a 2,000-obstacle city and on the game map aurora (from
//!   `../shared/validation-data`, skipped without it; the rebuild is incremental on both), and
//!   on aurora with the Path lab's anytime corridor search on (`aurora_anytime`). Each case
//!   also prints the median of the part of its steps the app times itself: the rebuild of
//!   both meshes with its picture and the query's answer beside it ("rebuild with query").
//!
//! Run: `cargo bench --bench editor`; results in benches/README.md.

mod common;
mod cpu_time;
#[path = "../tests/validation_data/mod.rs"]
mod validation_data;

use cpu_time::CpuTime;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use egui::{Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use navscope::app::{App, Options};
use navscope::geom::Point;
use navscope::nav::{BuildOptions, CorridorSearch, Incremental};
use navscope::scene::generate::rotated_squares;
use navscope::scene::{self, Query, Scene};
use std::time::Duration;

/// `side` x `side` rotated squares 10 units apart (the core benches' scenes) with a query
/// along the diagonal.
fn squares(side: usize, radius: f64) -> Scene {
    let mut scene = rotated_squares(side, side, 10.0, radius, 1);
    let far = 10.0 * (side as f64 - 1.0);
    scene.queries.push(Query {
        name: "diagonal".into(),
        start: Point::new(10.0, 10.0),
        goal: Point::new(far, far),
    });
    scene
}

/// The editor on `scene`, rebuilding synchronously so each frame includes its rebuild.
fn editor(scene: &Scene, dir: &tempfile::TempDir) -> Harness<'static, App> {
    let path = dir.path().join("bench.json");
    scene::save(scene, &path).expect("bench scene saves");
    let options = Options {
        scene: Some(path),
        rebuild_budget: Duration::MAX,
        ..Options::default()
    };
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .with_max_steps(64)
        .build_eframe(|cc| App::new(cc, options));
    h.run();
    // Every layer, as before the lighter default set, so figures stay comparable.
    h.get_by_label("all").click();
    h.run();
    h
}

/// Runs one frame and tessellates it like the window would; returns the primitive count.
fn frame(h: &mut Harness<'_, App>) -> usize {
    h.step();
    let output = h.output();
    let (shapes, ppp) = (output.shapes.clone(), output.pixels_per_point);
    h.ctx.tessellate(shapes, ppp).len()
}

fn canvas_frame(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("canvas_frame");
    group
        .sample_size(30)
        .measurement_time(Duration::from_secs(6));
    // At least 7k and 100k triangles.
    for (side, at_least) in [(35, 7_000), (130, 100_000)] {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut h = editor(&squares(side, 0.0), &dir);
        let triangles = h.state().triangle_count().expect("the bench scene builds");
        assert!(triangles >= at_least, "{triangles} triangles");
        let center = h
            .state()
            .to_screen(Point::new(5.0 * side as f64, 5.0 * side as f64))
            .expect("laid out");
        let mut k = 0u32;
        group.bench_with_input(
            BenchmarkId::new("triangles", triangles),
            &triangles,
            |b, _| {
                b.iter(|| {
                    k += 1;
                    h.hover_at(center + Vec2::new((k % 40) as f32, 0.0));
                    frame(&mut h)
                })
            },
        );
        assert!(
            h.state()
                .painted_layers()
                .contains(&navscope::viz::Layer::Mesh)
        );
    }
    group.finish();
}

fn drag_vertex(c: &mut Criterion) {
    let mut group = c.benchmark_group("drag_vertex");
    group
        .sample_size(30)
        .measurement_time(Duration::from_secs(8));
    // At least 480 and 2,000 scene vertices, and a city of 2,025 blocks (8,100 vertices), where
    // each step is an incremental rebuild (issue 14 item 1).
    for (side, at_least) in [(11, 480), (23, 2_000), (45, 8_000)] {
        let scene = squares(side, 1.0);
        let vertices = scene.point_count();
        assert!(vertices >= at_least, "{vertices} vertices");
        let middle = scene.obstacles[scene.obstacles.len() / 2].ring.points()[0];
        let id = ("vertices", vertices);
        drag(&mut group, id, &scene, middle, Point::new(0.1, 0.0), false);
    }
    // The game map aurora (35k triangles), a corner of an obstacle dragged outwards.
    // The same with the Path lab's anytime corridor search on: the drag's steps answer with A*.
    if let Some((scene, corner, step)) = aurora() {
        let id = ("aurora", scene.point_count());
        drag(&mut group, id, &scene, corner, step, false);
        let id = ("aurora_anytime", scene.point_count());
        drag(&mut group, id, &scene, corner, step, true);
    }
    group.finish();
}

/// Aurora (`../shared/validation-data`; `None` without it) with its first published query,
/// the first corner of the first obstacle that drags incrementally, and a step of 0.1 away from
/// that obstacle's centre through the corner.
fn aurora() -> Option<(Scene, Point, Point)> {
    let dir = validation_data::data_dir()?;
    let mut scene = scene::load(&dir.join("aurora-merged.mesh")).expect("aurora loads");
    let (_, state) = Incremental::start(&scene, &BuildOptions::default()).expect("aurora builds");
    let state = state.expect("aurora keeps an incremental state");
    let (i, _) = validation_data::drag_step(&scene, &state).expect("an obstacle drags");
    let first = validation_data::load_queries(&dir.join("aurora-queries.csv"));
    let first = first.first().expect("aurora has published queries");
    scene.queries.push(Query {
        name: "published".into(),
        start: first.start,
        goal: first.goal,
    });
    let ring = scene.obstacles[i].ring.points();
    let sum = ring.iter().fold(Point::new(0.0, 0.0), |a, &p| a + p);
    let (corner, out) = (ring[0], ring[0] - sum * (1.0 / ring.len() as f64));
    Some((scene, corner, out * (0.1 / out.length())))
}

/// Drags `corner` of `scene` in the editor by 8 and 14 `step`s in turn, one frame per step,
/// with the Path lab's anytime corridor search ticked when `anytime`; `(name, parameter)`
/// names the case.
fn drag(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    (name, parameter): (&str, usize),
    scene: &Scene,
    corner: Point,
    step: Point,
    anytime: bool,
) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut h = editor(scene, &dir);
    if anytime {
        h.key_press(egui::Key::L);
        h.run();
        h.get_by_label("anytime corridor search").click();
        h.run();
        h.key_press(egui::Key::L);
        h.run();
        assert_ne!(h.state().lab().options.search, CorridorSearch::AStar);
        // The whole scene in view again, as the other cases start.
        h.key_press(egui::Key::F);
        h.run();
    }
    let grab: Pos2 = h.state().to_screen(corner).expect("laid out");
    // Steps of 0.8 to 1.4 world units whatever the zoom (the city is zoomed out further:
    // 14 pixels there moved the corner into its neighbour's cell).
    let unit = h.state().to_screen(corner + step).expect("laid out") - grab;
    h.hover_at(grab);
    h.drag_at(grab);
    h.hover_at(grab + unit * 6.0);
    h.hover_at(grab + unit * 8.0);
    h.run_steps(4);
    assert!(
        h.state().document().in_gesture(),
        "the drag grabbed nothing"
    );
    let revision = h.state().document().revision();
    let mut k = 0u32;
    let mut rebuilds = Vec::new();
    group.bench_function(BenchmarkId::new(name, parameter), |b| {
        b.iter(|| {
            k += 1;
            let offset = if k.is_multiple_of(2) { 8.0 } else { 14.0 };
            h.hover_at(grab + unit * offset);
            let primitives = frame(&mut h);
            let built = h.state().built().expect("the drag step built");
            rebuilds.push(built.with_answer.as_secs_f64() * 1e3);
            primitives
        })
    });
    if k == 0 {
        return; // filtered out
    }
    // What the step waited for before painting: the incremental rebuild of both meshes with
    // its picture and, beside it, the answer to the scene's query.
    let (median, _) = common::percentiles(&mut rebuilds);
    println!(
        "drag_vertex/{name}/{parameter}: rebuild with query median {median:.2} ms over {} steps",
        rebuilds.len()
    );
    let state = h.state();
    assert!(
        state.document().revision() > revision + 10,
        "the drag did not edit the scene"
    );
    assert!(state.document().in_gesture(), "the drag is one gesture");
    assert!(
        state.built().is_some_and(|b| !b.preview),
        "each step rebuilt incrementally (exact, not a preview)"
    );
    assert_eq!(
        state.built().map(|b| b.revision),
        Some(state.document().revision()),
        "rebuilt every frame"
    );
}

criterion_group! {
    name = frames;
    config = Criterion::default().with_measurement(CpuTime);
    targets = canvas_frame
}
criterion_group!(drags, drag_vertex);
criterion_main!(frames, drags);
