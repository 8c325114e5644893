//! The diagnosis strip above the metrics: one sentence per finding, a "Snap start" / "Snap goal"
//! button moving an outside end to its nearest free point (one undoable edit), the same for each
//! unusable off-mesh link end, and why the path is not the shortest (the funnel against the
//! optimal path).

use crate::app::action::Action;
use crate::app::analysis::Analysis;
use crate::document::Edit;
use crate::nav::Diagnosis;
use crate::scene::{Query, Scene};
use egui::{Color32, RichText, Ui};

/// Shows the diagnosis of the shown query (`query` indexes `scene.queries`).
pub fn show(ui: &mut Ui, analysis: &Analysis, scene: &Scene, query: Option<usize>) -> Vec<Action> {
    let mut actions = Vec::new();
    let empty = Diagnosis::default();
    let d = analysis.answer.diagnosis.as_ref().unwrap_or(&empty);
    for sentence in d.sentences() {
        ui.label(
            RichText::new(format!("Why: {sentence}.")).color(Color32::from_rgb(240, 120, 200)),
        );
    }
    let shown = query.and_then(|i| scene.queries.get(i).map(|q| (i, q)));
    if let Some((index, q)) = shown {
        ui.horizontal(|ui| {
            let ends = [
                ("Snap start", &d.start, true),
                ("Snap goal", &d.goal, false),
            ];
            for (text, outside, is_start) in ends {
                let Some(nearest) = outside.as_ref().and_then(|o| o.nearest) else {
                    continue;
                };
                let hint = format!(
                    "move it to the nearest free point ({:.3}, {:.3})",
                    nearest.x, nearest.y
                );
                if ui.button(text).on_hover_text(hint).clicked() {
                    let query = if is_start {
                        Query {
                            start: nearest,
                            ..q.clone()
                        }
                    } else {
                        Query {
                            goal: nearest,
                            ..q.clone()
                        }
                    };
                    actions.push(Action::Apply(Edit::SetQuery { index, query }));
                }
            }
        });
    }
    ui.horizontal(|ui| {
        for l in &d.links {
            let (Some(nearest), Some(link)) = (l.outside.nearest, scene.links.get(l.link)) else {
                continue;
            };
            let hint = format!(
                "move its {} end to the nearest free point ({:.3}, {:.3})",
                l.end.name(),
                nearest.x,
                nearest.y
            );
            let text = format!("Snap link \"{}\" {}", l.name, l.end.name());
            if ui.button(text).on_hover_text(hint).clicked() {
                actions.push(Action::Apply(Edit::SetLink {
                    index: l.link,
                    link: link.with_end(l.end, nearest),
                }));
            }
        }
    });
    if let Some(detour) = &analysis.answer.detour {
        let text = if detour.off_path.is_empty() {
            format!(
                "Why not shortest: the funnel path is {:.2} % over the optimal one; the corridor \
                 stays on the optimal path's way.",
                100.0 * detour.excess
            )
        } else {
            format!(
                "Why not shortest: the funnel path is {:.2} % over the optimal one; the corridor \
                 leaves the optimal path's way in {} triangles (layer \"why not shortest\").",
                100.0 * detour.excess,
                detour.off_path.len()
            )
        };
        // The optimal path is the shortest whatever the costs: with cost areas the funnel may
        // be longer on purpose, going round dear ground.
        let text = if scene.costs.is_empty() {
            text
        } else {
            format!(
                "{text} The optimal path is the shortest, whatever the cost areas: the funnel \
                 follows the cheapest corridor, so it may be longer and cost less."
            )
        };
        ui.label(text);
    }
    actions
}
