//! The Path lab window: runs random queries on the shown build (`crate::lab`) and shows them in
//! a table sortable by any column (click a header; again to reverse), histograms of the ratios
//! and of the query times, and the worst cases. Clicking a row or a worst case loads its start
//! and goal into the shown query. The corridor optimisation checkboxes apply to the lab's runs
//! and to the canvas paths.

use crate::app::action::Action;
use crate::document::Edit;
use crate::geom::Point;
use crate::lab::{self, LabReport, LabRow, Ratio};
use crate::nav::{Build, CorridorOptions, Variant};
use crate::scene::Query;
use egui::{Grid, RichText, ScrollArea, Ui};
use egui_plot::{Bar, BarChart, Plot};
use std::cmp::Ordering;

/// Bars of each histogram.
const BINS: usize = 24;

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
            (Column::Time, Some(t)) => format!("{t:.1}"),
            (Column::Funnel | Column::Optimal, Some(l)) => format!("{l:.3}"),
            (_, Some(r)) => format!("{r:.4}"),
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

    /// Runs `self.count` random queries on `build`.
    pub fn run(&mut self, build: &Build) {
        let queries = lab::random_queries(&build.mesh, self.count, self.seed);
        self.report = Some(lab::run(build, &queries, &self.options));
        self.resort();
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

/// Shows the window; returns the actions of clicked rows. `shown` is the shown query (its index
/// and name), which a click replaces; without one a query is added.
pub fn show(
    ctx: &egui::Context,
    window: &mut LabWindow,
    build: Option<&Build>,
    shown: Option<(usize, &str)>,
) -> Vec<Action> {
    let mut actions = Vec::new();
    let mut open = window.open;
    egui::Window::new("Path lab")
        .open(&mut open)
        .default_size([820.0, 640.0])
        .vscroll(true)
        .show(ctx, |ui| {
            actions.extend(controls(ui, window, build));
            let Some(report) = &window.report else {
                ui.label("Run to answer random queries on the current navmesh.");
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
                let (index, name) = shown.unwrap_or((0, "lab"));
                let query = Query {
                    name: name.to_string(),
                    start: row.start,
                    goal: row.goal,
                };
                actions.push(Action::Apply(Edit::SetQuery { index, query }));
                actions.push(Action::ShowQuery(index));
            }
        });
    window.open = open;
    actions
}

/// The run settings; changing an optimisation asks for it (it applies to the canvas too).
fn controls(ui: &mut Ui, window: &mut LabWindow, build: Option<&Build>) -> Vec<Action> {
    let mut actions = Vec::new();
    ui.horizontal(|ui| {
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
        if options != window.options {
            actions.push(Action::SetCorridorOptions(options));
        }
        ui.separator();
        let run = ui.add_enabled(build.is_some(), egui::Button::new("Run"));
        if run.clicked()
            && let Some(build) = build
        {
            window.run(build);
        }
    });
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
    ui.horizontal(|ui| {
        for column in columns {
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
    ui.label(RichText::new("Worst cases (funnel/optimal), click to load:").strong());
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
    ScrollArea::vertical()
        .max_height(300.0)
        .auto_shrink([false, true])
        .show(ui, |ui| {
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
                    for &i in order {
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
