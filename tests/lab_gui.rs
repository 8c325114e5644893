//! The Path lab window driven through egui_kittest: open it from the Tools menu, run a few
//! queries, load the worst case into the canvas, sort the table, and switch the corridor
//! optimisations on for the canvas paths.

mod gui_harness;

use egui::accesskit::{Action, ActionData, ActionRequest, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use gui_harness::{FakeDialogs, editor_on};
use navscope::app::App;
use navscope::app::panels::lab::Column;
use navscope::lab::Ratio;

fn editor() -> Harness<'static, App> {
    editor_on(&FakeDialogs::default(), None)
}

/// Sets the number field labelled `label` through its accessibility action.
fn set_number(h: &mut Harness<'_, App>, label: &str, value: f64) {
    let (target_node, target_tree) = h
        .get_by_role_and_label(Role::SpinButton, label)
        .accesskit_node()
        .locate();
    h.event(egui::Event::AccessKitActionRequest(ActionRequest {
        action: Action::SetValue,
        target_node,
        target_tree,
        data: Some(ActionData::NumericValue(value)),
    }));
    h.run();
}

fn open_lab_and_run(h: &mut Harness<'_, App>, queries: usize) {
    h.get_by_role_and_label(Role::Button, "Tools").click();
    h.run();
    h.get_by_label_contains("Path lab…").click();
    h.run();
    assert!(h.state().lab().open);
    set_number(h, "queries", queries as f64);
    assert_eq!(h.state().lab().count, queries);
    h.get_by_label("Run").click();
    h.run();
}

#[test]
fn running_the_lab_and_clicking_the_worst_case_loads_it_into_the_canvas() {
    let mut h = editor();
    open_lab_and_run(&mut h, 25);
    let report = h.state().lab().report().expect("the lab ran").clone();
    assert_eq!(report.rows.len(), 25);
    let worst = &report.rows[report.worst[0]];
    let highest = report
        .rows
        .iter()
        .filter_map(|r| r.ratio(Ratio::FUNNEL_OPTIMAL))
        .fold(f64::NEG_INFINITY, f64::max);
    assert_eq!(worst.ratio(Ratio::FUNNEL_OPTIMAL), Some(highest));
    h.get_by_label("worst 1").click();
    h.run();
    let query = &h.state().document().scene().queries[0];
    assert_eq!((query.start, query.goal), (worst.start, worst.goal));
    let analysis = h.state().analysis().expect("the loaded query is shown");
    assert_eq!(
        (analysis.answer.start, analysis.answer.goal),
        (worst.start, worst.goal)
    );
    // One undo step brings the previous query back.
    assert!(h.state().document().can_undo());
}

#[test]
fn clicking_a_header_sorts_by_it_and_again_reverses() {
    let mut h = editor();
    open_lab_and_run(&mut h, 20);
    h.get_by_label("time (µs)").click();
    h.run();
    assert_eq!(h.state().lab().sort(), (Column::Time, false));
    let times = |h: &Harness<'_, App>| -> Vec<f64> {
        let lab = h.state().lab();
        let report = lab.report().unwrap();
        lab.order()
            .iter()
            .map(|&i| report.rows[i].total_us())
            .collect()
    };
    let ascending = times(&h);
    assert_eq!(ascending.len(), 20);
    assert!(ascending.windows(2).all(|w| w[0] <= w[1]), "{ascending:?}");
    h.get_by_label("time (µs) (ascending)").click();
    h.run();
    assert_eq!(h.state().lab().sort(), (Column::Time, true));
    let descending = times(&h);
    assert!(
        descending.windows(2).all(|w| w[0] >= w[1]),
        "{descending:?}"
    );
    // A row's button loads that row.
    let first = h.state().lab().order()[0];
    let row = h.state().lab().report().unwrap().rows[first].clone();
    h.get_by_label(&format!("#{}", row.index)).click();
    h.run();
    let query = &h.state().document().scene().queries[0];
    assert_eq!((query.start, query.goal), (row.start, row.goal));
}

#[test]
fn corridor_optimisations_apply_to_the_canvas_and_to_runs() {
    let mut h = editor();
    open_lab_and_run(&mut h, 10);
    assert!(
        h.state()
            .analysis()
            .unwrap()
            .answer
            .shrunk
            .optimized
            .is_none()
    );
    h.get_by_label("topology optimisation").click();
    h.run();
    h.get_by_label("visibility optimisation").click();
    h.run();
    let options = h.state().lab().options;
    assert!(options.visibility && options.topology);
    let analysis = h.state().analysis().unwrap();
    let optimized = analysis
        .answer
        .shrunk
        .optimized
        .as_ref()
        .expect("the canvas query is optimised");
    let before = optimized.funnel_before.as_ref().unwrap().length;
    let after = analysis
        .answer
        .path(navscope::nav::Variant::Funnel)
        .unwrap()
        .length;
    assert!(after <= before);
    h.get_by_label("Run").click();
    h.run();
    let report = h.state().lab().report().unwrap();
    assert!(report.optimized);
    assert!(report.ratio(Ratio::UnoptimizedFunnelOptimal).is_some());
}
