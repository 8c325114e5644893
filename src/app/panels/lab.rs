//! The Path lab, docked beside the canvas: runs random queries on the shown build (`crate::lab`)
//! on a worker thread (progress bar, cancel, rows streaming in) and shows them in a table
//! sortable by any column (click a header; again to reverse), histograms of the ratios and of
//! the query times, and the worst cases. Clicking a row or a worst case loads its start and goal
//! into a scratch query ("lab case") and shows it. The corridor optimisation checkboxes apply to the lab's runs and to the
//! canvas paths.

use crate::app::action::Action;
use crate::app::commands::Command;
use crate::app::lab_worker::LabJob;
use crate::app::live::Built;
use crate::app::number::fixed;
use crate::document::Edit;
use crate::geom::Point;
use crate::lab::{self, LabReport, LabRow, Ratio};
use crate::nav::{ANYTIME_BUDGET, CorridorOptions, CorridorSearch, Variant};
use crate::scene::Query;
use egui::{Grid, RichText, ScrollArea, Ui};
use egui_plot::{Bar, BarChart, Plot};
use std::cmp::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Bars of each histogram.
const BINS: usize = 24;
/// How often the summaries of a run under way are recomputed.
const REPORT_EVERY: Duration = Duration::from_millis(250);

/// A column of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    Index,
    Status,
    Funnel,
    Optimal,
    FunnelOptimal,
    MidpointFunnel,
    TangentFunnel,
    Time,
}

impl Column {
    pub const ALL: [Column; 8] = [
        Column::Index,
        Column::Status,
        Column::Funnel,
        Column::Optimal,
        Column::FunnelOptimal,
        Column::MidpointFunnel,
        Column::TangentFunnel,
        Column::Time,
    ];

    /// The header text.
    pub fn name(self) -> &'static str {
        match self {
            Column::Index => "query",
            Column::Status => "status",
            Column::Funnel => "funnel",
            Column::Optimal => "optimal",
            Column::FunnelOptimal => "funnel/optimal",
            Column::MidpointFunnel => "midpoint/funnel",
            Column::TangentFunnel => "tangent/funnel",
            Column::Time => "time (µs)",
        }
    }

    /// The numeric value of a row in this column (`None`: no value; sorts last).
    pub fn value(self, row: &LabRow) -> Option<f64> {
        match self {
            Column::Index => Some(row.index as f64),
            Column::Status => None,
            Column::Funnel => row.length(Variant::Funnel),
            Column::Optimal => row.length(Variant::Optimal),
            Column::FunnelOptimal => row.ratio(Ratio::FUNNEL_OPTIMAL),
            Column::MidpointFunnel => {
                row.ratio(Ratio::Variants(Variant::Midpoint, Variant::Funnel))
            }
            Column::TangentFunnel => row.ratio(Ratio::Variants(Variant::Tangent, Variant::Funnel)),
            Column::Time => Some(row.total_us()),
        }
    }

    fn text(self, row: &LabRow) -> String {
        match (self, self.value(row)) {
            (Column::Index, _) => format!("#{}", row.index),
            (Column::Status, _) => row.status.as_str().to_string(),
            (Column::Time, Some(t)) => fixed(t, 1),
            (Column::Funnel | Column::Optimal, Some(l)) => fixed(l, 3),
            (_, Some(r)) => fixed(r, 4),
            (_, None) => "-".to_string(),
        }
    }

    fn compare(self, a: &LabRow, b: &LabRow) -> Ordering {
        let by_value = match (self.value(a), self.value(b)) {
            _ if self == Column::Status => a.status.as_str().cmp(b.status.as_str()),
            (Some(x), Some(y)) => x.total_cmp(&y),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        };
        by_value.then(a.index.cmp(&b.index))
    }
}

/// The window's state.
pub struct LabWindow {
    pub open: bool,
    /// Number of random queries of a run.
    pub count: usize,
    pub seed: u64,
    /// Applied to the lab's runs and to the canvas paths.
    pub options: CorridorOptions,
    report: Option<LabReport>,
    sort: (Column, bool),
    /// Row indices in table order.
    order: Vec<usize>,
    job: Option<LabJob>,
    /// Rows of the run under way (or the last one).
    rows: Vec<LabRow>,
    /// Runs started so far.
    runs: usize,
    reported: Option<Instant>,
}

impl Default for LabWindow {
    fn default() -> Self {
        LabWindow {
            open: false,
            count: 1000,
            seed: 1,
            options: CorridorOptions::default(),
            report: None,
            sort: (Column::Index, false),
            order: Vec::new(),
            job: None,
            rows: Vec::new(),
            runs: 0,
            reported: None,
        }
    }
}

impl LabWindow {
    /// The last run.
    pub fn report(&self) -> Option<&LabReport> {
        self.report.as_ref()
    }

    /// The sorted column and whether it is descending.
    pub fn sort(&self) -> (Column, bool) {
        self.sort
    }

    /// Row indices in the order the table shows them.
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// Starts a run of `self.count` random queries on `built` on a worker thread (a run under
    /// way is cancelled). `wake` asks for a frame when rows arrive.
    pub fn start(
        &mut self,
        built: Arc<Built>,
        wake: impl Fn() + Send + 'static,
    ) -> Result<(), String> {
        let queries = lab::random_queries(&built.build.mesh, self.count, self.seed);
        self.job = None;
        let job = LabJob::start(built, queries, self.options, wake)
            .map_err(|e| format!("cannot start the lab thread: {e}"))?;
        self.job = Some(job);
        self.rows.clear();
        self.report = None;
        self.reported = None;
        self.runs += 1;
        Ok(())
    }

    /// Asks the run under way to stop; the rows answered so far stay.
    pub fn cancel(&mut self) {
        if let Some(job) = &self.job {
            job.cancel();
        }
    }

    /// A run is under way.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// Rows answered and asked for, while a run is under way.
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.job.as_ref().map(LabJob::progress)
    }

    /// Collects the rows that arrived; the report follows them (at most every
    /// [`REPORT_EVERY`] while the run is under way). Called once per frame.
    pub fn poll(&mut self) {
        let Some(job) = &mut self.job else { return };
        let (rows, ended) = job.poll();
        let due = !rows.is_empty() && self.reported.is_none_or(|t| t.elapsed() >= REPORT_EVERY);
        self.rows.extend(rows);
        if ended {
            self.job = None;
        }
        if ended || due {
            self.report = Some(LabReport::new(self.rows.clone(), self.options.any()));
            self.reported = Some(Instant::now());
            self.resort();
        }
    }

    /// Sorts by `column`; descending when it was already sorted ascending by it.
    pub fn sort_by(&mut self, column: Column) {
        let descending = self.sort == (column, false);
        self.sort = (column, descending);
        self.resort();
    }

    fn resort(&mut self) {
        let Some(report) = &self.report else { return };
        let (column, descending) = self.sort;
        let mut order: Vec<usize> = (0..report.rows.len()).collect();
        order.sort_by(|&a, &b| {
            let o = column.compare(&report.rows[a], &report.rows[b]);
            if descending { o.reverse() } else { o }
        });
        self.order = order;
    }
}

/// The name of the scratch query a clicked row or worst case is loaded into, so the scene's
/// own queries are never overwritten.
pub const LAB_CASE: &str = "lab case";

/// Shows the lab in `ui` (a panel beside the canvas); returns the actions of its buttons and
/// clicked rows. A click loads the row into the scratch query [`LAB_CASE`] of `queries` (added
/// the first time) and shows it.
pub fn show(
    ui: &mut Ui,
    window: &mut LabWindow,
    has_build: bool,
    queries: &[Query],
) -> Vec<Action> {
    let mut actions = Vec::new();
    ui.horizontal(|ui| {
        ui.heading("Path lab");
        if ui.button("Close").clicked() {
            actions.push(Action::Run(Command::PathLab));
        }
    });
    actions.extend(controls(ui, window, has_build));
    ScrollArea::vertical().id_salt("lab").show(ui, |ui| {
        let Some(report) = &window.report else {
            if !window.is_running() {
                ui.label("Run to answer random queries on the current navmesh.");
            }
            return;
        };
        summary(ui, report);
        histograms(ui, report);
        let mut load = worst_cases(ui, report);
        ui.separator();
        let (clicked, sort) = table(ui, report, &window.order, window.sort);
        load = load.or(clicked);
        if let Some(column) = sort {
            window.sort_by(column);
        }
        if let Some(row) = load.and_then(|i| window.report.as_ref()?.rows.get(i)) {
            let index = queries
                .iter()
                .position(|q| q.name == LAB_CASE)
                .unwrap_or(queries.len());
            let query = Query {
                name: LAB_CASE.to_string(),
                start: row.start,
                goal: row.goal,
            };
            let said = if index == queries.len() {
                "added to the scene"
            } else {
                "changed"
            };
            actions.push(Action::Apply(Edit::SetQuery { index, query }));
            actions.push(Action::ShowQuery(index));
            actions.push(Action::Notice(format!(
                "lab case #{} loaded: query \"{LAB_CASE}\" {said} (Ctrl+Z takes it back)",
                row.index
            )));
        }
    });
    actions
}

fn controls(ui: &mut Ui, window: &mut LabWindow, has_build: bool) -> Vec<Action> {
    let mut actions = Vec::new();
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("queries");
        ui.add(egui::DragValue::new(&mut window.count).range(1..=100_000))
            .labelled_by(label.id);
        let label = ui.label("seed");
        ui.add(egui::DragValue::new(&mut window.seed))
            .labelled_by(label.id);
        ui.separator();
        let mut options = window.options;
        ui.checkbox(&mut options.visibility, "visibility optimisation");
        ui.checkbox(&mut options.topology, "topology optimisation");
        let mut anytime = matches!(options.search, CorridorSearch::Anytime { .. });
        let toggled = ui
            .checkbox(&mut anytime, "anytime corridor search")
            .on_hover_text(
                "Find corridors with the anytime search whose costs follow the funnel \
                 (as `navscope lab --optimize anytime`) instead of A*. While you drag, \
                 the canvas uses A* (this search's tables are made again after each edit) \
                 and switches back on release",
            )
            .changed();
        if toggled {
            options.search = match anytime {
                true => CorridorSearch::Anytime {
                    budget: ANYTIME_BUDGET,
                },
                false => CorridorSearch::AStar,
            };
        }
        if options != window.options {
            actions.push(Action::SetCorridorOptions(options));
        }
    });
    ui.horizontal(|ui| {
        if ui
            .add_enabled(has_build, egui::Button::new("Run"))
            .clicked()
        {
            actions.push(Action::RunLab);
        }
        let running = window.job.as_ref().is_some_and(|j| !j.is_cancelled());
        if ui
            .add_enabled(running, egui::Button::new("Cancel"))
            .clicked()
        {
            actions.push(Action::CancelLab);
        }
    });
    if let Some((done, total)) = window.progress() {
        ui.add(
            egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                .text(format!("run {}: {done} of {total} queries", window.runs)),
        );
    } else if let Some(report) = &window.report {
        ui.label(format!(
            "run {}: {} of {} queries answered",
            window.runs,
            report.rows.len(),
            window.count
        ));
    }
    actions
}

fn summary(ui: &mut Ui, report: &LabReport) {
    use crate::nav::Status;
    let mut text = format!(
        "{} queries: {} found, {} unreachable.",
        report.rows.len(),
        report.count(Status::Found),
        report.count(Status::Unreachable)
    );
    for (ratio, stats) in &report.ratios {
        if stats.count > 0
            && matches!(
                ratio,
                Ratio::Variants(_, Variant::Optimal) | Ratio::UnoptimizedFunnelOptimal
            )
        {
            text.push_str(&format!(
                "  {}: mean {:.5}, p99 {:.5}, max {:.5}.",
                ratio.name(),
                stats.mean,
                stats.p99,
                stats.max
            ));
        }
    }
    ui.label(text);
}

fn histograms(ui: &mut Ui, report: &LabReport) {
    let columns = [
        Column::FunnelOptimal,
        Column::MidpointFunnel,
        Column::TangentFunnel,
        Column::Time,
    ];
    for pair in columns.chunks(2) {
        ui.horizontal(|ui| {
            for &column in pair {
                let values: Vec<f64> = report.rows.iter().filter_map(|r| column.value(r)).collect();
                ui.vertical(|ui| {
                    ui.label(RichText::new(format!("{} histogram", column.name())).strong());
                    Plot::new(("lab histogram", column.name()))
                        .width(190.0)
                        .height(110.0)
                        .allow_drag(false)
                        .allow_zoom(false)
                        .allow_scroll(false)
                        .show_axes([true, false])
                        .show(ui, |plot| {
                            plot.bar_chart(BarChart::new(column.name(), bars(&values)))
                        });
                });
            }
        });
    }
}

/// Equal-width bins from the smallest to the largest value.
fn bars(values: &[f64]) -> Vec<Bar> {
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(lo.is_finite() && hi.is_finite()) {
        return Vec::new();
    }
    let width = ((hi - lo) / BINS as f64).max(1e-12);
    let mut counts = [0usize; BINS];
    for v in values {
        counts[(((v - lo) / width) as usize).min(BINS - 1)] += 1;
    }
    counts
        .iter()
        .enumerate()
        .map(|(k, &c)| Bar::new(lo + (k as f64 + 0.5) * width, c as f64).width(width))
        .collect()
}

/// The worst cases as buttons; the clicked one's row index.
fn worst_cases(ui: &mut Ui, report: &LabReport) -> Option<usize> {
    let mut clicked = None;
    ui.label(
        RichText::new(format!(
            "Worst cases (funnel/optimal), click to load as the query \"{LAB_CASE}\":"
        ))
        .strong(),
    );
    ui.horizontal_wrapped(|ui| {
        for (rank, &i) in report.worst.iter().enumerate() {
            let row = &report.rows[i];
            let ratio = row.ratio(Ratio::FUNNEL_OPTIMAL).unwrap_or(f64::NAN);
            let button = ui
                .button(format!("worst {}", rank + 1))
                .on_hover_text(format!(
                    "#{}: {ratio:.5}, {} -> {}",
                    row.index,
                    point(row.start),
                    point(row.goal)
                ));
            if button.clicked() {
                clicked = Some(i);
            }
        }
    });
    clicked
}

fn point(p: Point) -> String {
    format!("({:.2}, {:.2})", p.x, p.y)
}

/// The table; returns the clicked row and the clicked header.
fn table(
    ui: &mut Ui,
    report: &LabReport,
    order: &[usize],
    sort: (Column, bool),
) -> (Option<usize>, Option<Column>) {
    let (mut clicked, mut header) = (None, None);
    // Scrolls sideways too: a table wider than the panel would widen it. Only the rows in view
    // are laid out (a run of thousands of rows made every frame take a second), under the
    // header, which so stays in view.
    let row_height = ui.spacing().interact_size.y;
    ScrollArea::both()
        .max_height(300.0)
        .auto_shrink([false, true])
        .show_rows(ui, row_height, order.len(), |ui, in_view| {
            Grid::new("lab table")
                .num_columns(Column::ALL.len())
                .striped(true)
                .spacing([16.0, 3.0])
                .show(ui, |ui| {
                    for column in Column::ALL {
                        let arrow = match sort {
                            (c, false) if c == column => " (ascending)",
                            (c, true) if c == column => " (descending)",
                            _ => "",
                        };
                        let text = RichText::new(format!("{}{arrow}", column.name())).strong();
                        if ui.selectable_label(sort.0 == column, text).clicked() {
                            header = Some(column);
                        }
                    }
                    ui.end_row();
                    for &i in &order[in_view] {
                        let row = &report.rows[i];
                        for column in Column::ALL {
                            let text = column.text(row);
                            let cell = if column == Column::Index {
                                ui.button(text)
                            } else {
                                ui.label(text)
                            };
                            if cell.clicked() {
                                clicked = Some(i);
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    (clicked, header)
}
