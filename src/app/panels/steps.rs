//! The step-through window: a timeline over the A* search, the funnel or the tangent funnel of
//! the shown query (start, back, play at a chosen speed, forward, end, a slider), what the
//! current step did, and g/h/f of the triangle under the pointer. The canvas draws the step.

use crate::app::steps::{StepThrough, Timeline};
use crate::geom::{Point, Wrap};
use crate::nav::{FunnelEvent, Hand, TriId};
use egui::{Context, Grid, RichText, Slider, Ui};

/// The longest frame time playback takes into account, in seconds.
const MAX_FRAME: f64 = 0.25;

/// Shows the window while `steps.open`; `hovered` is the navmesh triangle under the pointer.
pub fn show(ctx: &Context, steps: &mut StepThrough, hovered: Option<TriId>, area: egui::Rect) {
    if steps.is_playing() {
        steps.tick((ctx.input(|i| i.stable_dt) as f64).min(MAX_FRAME));
        ctx.request_repaint();
    }
    let mut open = steps.open;
    egui::Window::new("Step through")
        .constrain_to(area)
        .default_pos(egui::pos2(area.max.x - 364.0, area.min.y + 24.0))
        .open(&mut open)
        .default_width(340.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                for t in Timeline::ALL {
                    ui.selectable_value(&mut steps.timeline, t, t.name());
                }
            });
            ui.separator();
            if !steps.has_steps() {
                ui.label(nothing(steps.timeline));
                return;
            }
            controls(ui, steps);
            ui.separator();
            match steps.timeline {
                Timeline::Search => search_info(ui, steps, hovered),
                Timeline::Funnel | Timeline::TangentFunnel => funnel_info(ui, steps),
            }
        });
    steps.open = open;
}

fn nothing(timeline: Timeline) -> &'static str {
    match timeline {
        Timeline::Search => "Nothing to search: the start or the goal is outside the navmesh.",
        Timeline::Funnel => "No corridor: the search found no path.",
        Timeline::TangentFunnel => {
            "No corridor on the raw mesh for this radius (or the build has no raw mesh)."
        }
    }
}

fn controls(ui: &mut Ui, steps: &mut StepThrough) {
    ui.horizontal(|ui| {
        if ui.button("Start").clicked() {
            steps.set_step(0);
        }
        if ui.button("Back").clicked() {
            steps.back();
        }
        let play = if steps.is_playing() { "Pause" } else { "Play" };
        if ui.button(play).clicked() {
            steps.toggle_play();
        }
        if ui.button("Forward").clicked() {
            steps.forward();
        }
        if ui.button("End").clicked() {
            steps.to_end();
        }
    });
    let mut step = steps.step();
    let slider = Slider::new(&mut step, 0..=steps.last()).text("step");
    if ui.add(slider).changed() {
        steps.set_step(step);
    }
    ui.add(
        Slider::new(&mut steps.speed, 0.5..=500.0)
            .logarithmic(true)
            .text("steps per second"),
    );
}

fn search_info(ui: &mut Ui, steps: &StepThrough, hovered: Option<TriId>) {
    let state = steps.search();
    let open = state.open().count();
    ui.label(format!(
        "step {} of {}: {} closed, {} open",
        steps.step(),
        steps.last(),
        state.closed.len(),
        open
    ));
    match (state.found, state.closed.last()) {
        (Some((_, length)), _) => {
            ui.label(RichText::new(format!("found: corridor cost {length:.3}")).strong());
        }
        (None, Some(&t)) => {
            ui.label(format!("closed triangle {} last", t.0));
        }
        (None, None) => {
            ui.label("the start triangles are open");
        }
    }
    ui.separator();
    match hovered.map(|t| (t, steps.search_node(t))) {
        None => {
            ui.label("Point at a triangle for its g, h and f.");
        }
        Some((t, None)) => {
            ui.label(format!("triangle {}: not reached yet", t.0));
        }
        Some((t, Some(node))) => {
            let what = if node.closed { "closed" } else { "open" };
            ui.label(format!("triangle {} ({what})", t.0));
            Grid::new("steps-node").num_columns(2).show(ui, |ui| {
                for (name, value) in [("g", node.g), ("h", node.h), ("f", node.f())] {
                    ui.label(name);
                    ui.label(format!("{value:.3}"));
                    ui.end_row();
                }
                ui.label("parent");
                ui.label(node.parent.map_or("start".into(), |p| p.0.to_string()));
                ui.end_row();
            });
        }
    }
}

fn funnel_info(ui: &mut Ui, steps: &StepThrough) {
    let Some(e) = steps.funnel_event() else {
        return;
    };
    ui.label(RichText::new(e.name()).size(16.0).strong());
    ui.label(format!(
        "event {} of {}, portal {}",
        steps.step(),
        steps.last(),
        e.portal
    ));
    ui.label(ends(&e));
    if steps.timeline == Timeline::TangentFunnel
        && let Some(t) = steps.tangent_event()
    {
        let side = match t.apex.wrap {
            Wrap::Ccw => "left, counter-clockwise",
            Wrap::Cw => "right, clockwise",
        };
        ui.label(if t.apex.radius > 0.0 {
            format!(
                "apex circle at {} radius {:.3} ({side})",
                point(t.apex.center),
                t.apex.radius
            )
        } else {
            format!("apex: the point {}", point(t.apex.center))
        });
    }
}

fn ends(e: &FunnelEvent) -> String {
    let end = |p: crate::nav::PortalEnd| {
        let hand = match p.hand {
            Hand::Left => "left",
            Hand::Right => "right",
        };
        format!("{hand} end of portal {}", p.portal)
    };
    format!(
        "apex: {}\nleft: {}\nright: {}",
        end(e.apex),
        end(e.left),
        end(e.right)
    )
}

fn point(p: Point) -> String {
    format!("({:.2}, {:.2})", p.x, p.y)
}
