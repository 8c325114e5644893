//! `Answer`: everything one query makes (both sides, the metrics of every path, the detour and
//! the diagnosis), as the query pass returns it and the answer checks read it.

use crate::geom::Point;
use crate::nav::explain::detour::Detour;
use crate::nav::explain::diagnosis::Diagnosis;
use crate::nav::paths::path::Path;
use crate::nav::paths::side::{Side, Status, Variant};

/// Measurements of one path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metrics {
    /// Length in world units (arcs exact).
    pub length: f64,
    /// Weighted length: each piece's length times the cost of the ground under it (see
    /// `scene::CostArea`; arcs flattened to 0.1% of the radius); `length` without cost areas.
    pub cost: f64,
    /// Corner points (segment ends plus the start).
    pub vertices: usize,
    /// Smallest distance to a wall of the unshrunk scene (arcs flattened to 0.1% of the
    /// radius); `None` when the build has no raw mesh.
    pub min_clearance: Option<f64>,
    /// The time this variant alone costs, in microseconds: its side's corridor search (with
    /// the corridor optimisations) and making its path; for the optimal path, its own search.
    pub time_us: f64,
    /// The time of the whole query (both sides, every variant, the metrics and the detour,
    /// not the diagnosis), in microseconds; the same for every variant.
    pub query_time_us: f64,
    /// How much longer than the optimal path, as a fraction (`length / optimal - 1`; 0 for
    /// the optimal path itself); `None` without an optimal path.
    pub excess: Option<f64>,
}

/// Everything a query produces.
#[derive(Clone, Debug)]
pub struct Answer {
    pub start: Point,
    pub goal: Point,
    /// The agent radius of the build.
    pub radius: f64,
    /// The shrunk mesh's side (midpoint, funnel, smoothed midpoints, optimal).
    pub shrunk: Side,
    /// The raw mesh's side (tangent, offset); `None` when the build has no raw mesh or no
    /// radius-aware variant was asked for.
    pub raw: Option<Side>,
    /// Measurements of every path, in `Variant` order.
    pub metrics: Vec<(Variant, Metrics)>,
    /// Time of the whole query, as [`Metrics::query_time_us`].
    pub time_us: f64,
    /// The funnel path against the optimal one (when the shrunk side has both).
    pub detour: Option<Detour>,
    /// Why the query failed (empty when it found its paths); `None` when not asked for.
    pub diagnosis: Option<Diagnosis>,
}

impl Answer {
    /// The shrunk mesh's status (the raw side's is `raw.status`).
    pub fn status(&self) -> Status {
        self.shrunk.status
    }

    /// The side that makes `variant`.
    pub fn side(&self, variant: Variant) -> Option<&Side> {
        if variant.uses_raw_mesh() {
            self.raw.as_ref()
        } else {
            Some(&self.shrunk)
        }
    }

    pub fn path(&self, variant: Variant) -> Option<&Path> {
        self.side(variant)?.path(variant)
    }

    /// Every path found, in `Variant` order.
    pub fn paths(&self) -> impl Iterator<Item = (Variant, &Path)> {
        Variant::ALL
            .into_iter()
            .filter_map(|v| self.path(v).map(|p| (v, p)))
    }

    pub fn metrics(&self, variant: Variant) -> Option<&Metrics> {
        self.metrics
            .iter()
            .find(|(v, _)| *v == variant)
            .map(|(_, m)| m)
    }
}
