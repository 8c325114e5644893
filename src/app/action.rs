//! `Action`: what tools and panels ask the editor to do. They return actions and never change
//! the document themselves; the editor performs them in order.

use super::commands::Command;
use super::panels::confirm;
use super::profiles::Shown;
use super::queries::QueryEdit;
use super::selection::Selection;
use crate::document::Edit;
use crate::nav::CorridorOptions;
use std::path::PathBuf;

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Change the scene (one undo step, or part of the open gesture).
    Apply(Edit),
    /// The edits until `EndGesture` form one undo step (a drag).
    BeginGesture,
    EndGesture,
    Select(Selection),
    Run(Command),
    OpenRecent(PathBuf),
    /// Show the query with this index.
    ShowQuery(usize),
    /// Add, rename, duplicate or delete a query (one undo step, said in the status bar).
    EditQuery(QueryEdit),
    /// Show one agent profile, or all of them.
    ShowProfile(Shown),
    /// A fixed grid and snap step (`None`: follow the zoom).
    SetGridStep(Option<f64>),
    /// The arc tolerance of the builds (`None`: 1% of the radius).
    SetArcTolerance(Option<f64>),
    /// Corners of the regular-polygon tool.
    SetPolygonSides(usize),
    /// The corridor optimisations of the canvas paths and the lab's runs.
    SetCorridorOptions(CorridorOptions),
    /// Start a Path lab run on the shown build.
    RunLab,
    CancelLab,
    /// The path typed into the in-app field (`None`: cancelled).
    PathTyped(Option<PathBuf>),
    /// Say this in the status bar (what a tool did, or what it needs next).
    Notice(String),
    /// The error modal was dismissed.
    DismissAlert,
    /// The answer to the unsaved-changes question.
    Answer(confirm::Answer),
    /// Restore (true) or discard (false) the first unsaved work an earlier editor left.
    Recover(bool),
}
