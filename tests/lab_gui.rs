//! The Path lab window driven through egui_kittest: open it from the Tools menu, run a few
//! queries, load the worst case into the canvas, sort the table, and switch the corridor
//! optimisations and the anytime corridor search on for the canvas paths and runs.

mod gui_harness;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, editor_on, funnel_length, screen, set_number};
use navscope::app::App;
use navscope::app::panels::lab::Column;
use navscope::lab::Ratio;
use navscope::nav::{ANYTIME_BUDGET, CorridorOptions, CorridorSearch, QueryOptions, Variant};

fn editor() -> Harness<'static, App> {
    editor_on(&FakeDialogs::default(), None)
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
    finish_lab(h);
}

/// Draws frames until the lab's worker has answered every query.
fn finish_lab(h: &mut Harness<'_, App>) {
    h.step(); // the click: the panel asks for a run
    h.step(); // the next logic pass starts it
    let started = std::time::Instant::now();
    while h.state().lab().is_running() {
        assert!(started.elapsed().as_secs() < 120, "the lab run never ended");
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
    h.run();
}

#[test]
fn running_the_lab_and_clicking_the_worst_case_loads_it_into_the_canvas() {
    let mut h = editor();
    let before = h.state().document().scene().queries.clone();
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
    // The worst case goes into a scratch query after the scene's own, which stay as they were.
    let queries = &h.state().document().scene().queries;
    assert_eq!(queries[..before.len()], before[..]);
    let query = &queries[before.len()];
    assert_eq!(query.name, "lab case");
    assert_eq!((query.start, query.goal), (worst.start, worst.goal));
    assert_eq!(h.state().shown_query(), Some(before.len()));
    // The status bar says the scene changed (the title's * alone did).
    let (_, said) = h.state().status().message().expect("the load is said");
    assert!(
        said.contains("query \"lab case\" added to the scene"),
        "{said}"
    );
    // Loading another case reuses the scratch query.
    h.get_by_label("worst 2").click();
    h.run();
    let queries = &h.state().document().scene().queries;
    assert_eq!(queries.len(), before.len() + 1);
    let second = &report.rows[report.worst[1]];
    assert_eq!(
        (queries[before.len()].start, queries[before.len()].goal),
        (second.start, second.goal)
    );
    h.get_by_label("worst 1").click();
    h.run();
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
    // The docked table is wider than the lab panel: scroll to the column first.
    h.get_by_label("time (µs)").scroll_to_me();
    h.run();
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
    h.get_by_label("time (µs) (ascending)").scroll_to_me();
    h.run();
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
    h.get_by_label(&format!("#{}", row.index)).scroll_to_me();
    h.run();
    h.get_by_label(&format!("#{}", row.index)).click();
    h.run();
    let queries = &h.state().document().scene().queries;
    let query = queries.last().unwrap();
    assert_eq!(query.name, "lab case");
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
    let after = analysis.answer.path(Variant::Funnel).unwrap().length;
    assert!(after <= before);
    h.get_by_label("Run").click();
    finish_lab(&mut h);
    let report = h.state().lab().report().unwrap();
    assert!(report.optimized);
    assert!(report.ratio(Ratio::UnoptimizedFunnelOptimal).is_some());
}

#[test]
fn the_anytime_corridor_search_applies_to_the_canvas_and_to_runs() {
    let mut h = editor();
    open_lab_and_run(&mut h, 60);
    let mean = |h: &Harness<'_, App>| {
        let report = h.state().lab().report().expect("the lab ran");
        report.ratio(Ratio::FUNNEL_OPTIMAL).unwrap().mean
    };
    let astar_mean = mean(&h);
    // A*'s worst case goes into the canvas.
    h.get_by_label("worst 1").click();
    h.run();
    let astar_funnel = funnel_length(&h);
    h.get_by_label("anytime corridor search").click();
    h.run();
    assert_eq!(
        h.state().lab().options.search,
        CorridorSearch::Anytime {
            budget: ANYTIME_BUDGET
        }
    );
    let anytime_funnel = funnel_length(&h);
    assert!(
        anytime_funnel < astar_funnel - 1e-9,
        "the canvas funnel {anytime_funnel}, with A* {astar_funnel}"
    );
    h.get_by_label("Run").click();
    finish_lab(&mut h);
    let anytime_mean = mean(&h);
    assert!(
        anytime_mean < astar_mean,
        "funnel/optimal mean {anytime_mean}, with A* {astar_mean}"
    );
    // Unticked, the canvas is back on A*.
    h.get_by_label("anytime corridor search").click();
    h.run();
    assert_eq!(h.state().lab().options.search, CorridorSearch::AStar);
    assert_eq!(funnel_length(&h), astar_funnel);
}

/// While a drag edits the scene, the canvas answers with A* (the anytime search's tables would
/// be made again at every step); the release answers with the anytime search again.
#[test]
fn a_drag_shows_a_star_until_its_release_when_the_anytime_search_is_on() {
    let mut h = editor();
    open_lab_and_run(&mut h, 60);
    h.get_by_label("worst 1").click(); // where the two searches' funnels differ
    h.run();
    h.get_by_label("anytime corridor search").click();
    h.run();
    h.key_press(egui::Key::L); // the window closes, its options stay
    h.run();
    assert!(!h.state().lab().open);
    // The shown build's funnel for the shown query with `search`.
    let funnel_with = |h: &Harness<'_, App>, search: CorridorSearch| {
        let q = &h.state().document().scene().queries[h.state().shown_query().unwrap()];
        let options = QueryOptions {
            variants: &[Variant::Funnel],
            corridor: CorridorOptions {
                search,
                ..CorridorOptions::default()
            },
            explain: None,
        };
        let build = &h.state().built().unwrap().build;
        let answer = navscope::nav::query(build, q.start, q.goal, &options);
        answer.path(Variant::Funnel).unwrap().length
    };
    let anytime = CorridorSearch::Anytime {
        budget: ANYTIME_BUDGET,
    };
    assert_eq!(funnel_length(&h), funnel_with(&h, anytime));
    // Press on the goal, move away and back, still pressed.
    let shown = h.state().shown_query().unwrap();
    let goal = h.state().document().scene().queries[shown].goal;
    let at = screen(&h, goal.x, goal.y);
    h.hover_at(at);
    h.drag_at(at);
    for to in [at + egui::vec2(12.0, 0.0), at] {
        h.hover_at(to);
        h.run();
        assert!(h.state().document().in_gesture());
        assert_eq!(funnel_length(&h), funnel_with(&h, CorridorSearch::AStar));
    }
    assert_eq!(h.state().document().scene().queries[shown].goal, goal);
    let astar = funnel_length(&h);
    h.drop_at(at);
    h.run();
    assert!(!h.state().document().in_gesture());
    assert_eq!(funnel_length(&h), funnel_with(&h, anytime));
    assert!(
        funnel_length(&h) < astar - 1e-9,
        "{} against A*'s {astar}",
        funnel_length(&h)
    );
}

#[test]
fn a_long_run_streams_rows_while_the_editor_keeps_drawing_and_cancel_stops_it() {
    let mut h = editor();
    h.key_press(egui::Key::L);
    h.run();
    assert!(h.state().lab().open);
    set_number(&mut h, "queries", 100_000.0);
    h.get_by_label("Run").click();
    h.step();
    h.step();
    assert!(h.state().lab().is_running());
    // Frames keep coming, each quickly, and rows arrive between them.
    let mut slowest = std::time::Duration::ZERO;
    let started = std::time::Instant::now();
    let shown_rows = |h: &Harness<'_, App>| h.state().lab().report().map_or(0, |r| r.rows.len());
    while shown_rows(&h) < 50 {
        assert!(started.elapsed().as_secs() < 60, "no rows arrived");
        let t = std::time::Instant::now();
        h.step();
        slowest = slowest.max(t.elapsed());
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(slowest.as_secs_f64() < 1.0, "a frame took {slowest:?}");
    let (done, total) = h.state().lab().progress().expect("still running");
    assert!(done < total);
    h.get_by_label_contains("of 100000 queries"); // the progress bar
    h.get_by_label("Cancel").click();
    let started = std::time::Instant::now();
    h.step();
    while h.state().lab().is_running() {
        assert!(
            started.elapsed().as_secs() < 10,
            "cancel did not stop the run"
        );
        std::thread::sleep(std::time::Duration::from_millis(2));
        h.step();
    }
    let rows = h
        .state()
        .lab()
        .report()
        .expect("the answered rows stay")
        .rows
        .len();
    assert!(rows > 0 && rows < 100_000, "{rows} rows");
}
