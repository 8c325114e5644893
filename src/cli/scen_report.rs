//! `--scen FILE.scen` for `navscope path` and `navscope lab`: the scenario's queries (named by
//! their line number) and how our lengths compare with the published ones, per query and in
//! total. For a grid map the published length is the octile grid length, which any-angle paths
//! beat; for a mesh it is the exact Euclidean optimum, which `optimal` must match to 1e-6
//! relative or to the precision the length is written with, whichever is looser.

use crate::geom::Point;
use crate::import::{ScenCoordinates, ScenQuery, SceneFormat, map_size, parse_scen};
use crate::numbers::fixed;
use anyhow::Context;
use serde::Serialize;
use std::path::Path;

/// Largest relative difference between `optimal` and a published Euclidean optimum.
pub const MATCH_TOLERANCE: f64 = 1e-6;

/// A scenario file's queries and what its lengths mean.
pub struct Scen {
    pub queries: Vec<ScenQuery>,
    /// True for a grid map: the published lengths are octile grid lengths.
    pub grid: bool,
}

impl Scen {
    /// Reads `scen`, whose points are mapped as the scene file `scene` (a `.map` or not) wants.
    pub fn load(scene: &Path, scen: &Path) -> anyhow::Result<Scen> {
        let format = SceneFormat::of(scene);
        let bytes = crate::fileio::read_input(scen)?;
        let text = crate::fileio::text_of(&bytes)
            .with_context(|| format!("{}: not UTF-8 text", scen.display()))?;
        let coordinates = match format {
            Some(SceneFormat::MovingAiMap) => {
                let map = crate::fileio::read_input(scene)?;
                let (width, height) = crate::fileio::text_of(&map)
                    .map_err(|e| e.to_string())
                    .and_then(|t| map_size(t).map_err(|e| e.to_string()))
                    .map_err(|e| anyhow::anyhow!("{}: {e}", scene.display()))?;
                ScenCoordinates::GridCells { width, height }
            }
            _ => ScenCoordinates::Direct,
        };
        let queries = parse_scen(text, coordinates).with_context(|| scen.display().to_string())?;
        if queries.is_empty() {
            anyhow::bail!("{}: the scenario has no queries", scen.display());
        }
        Ok(Scen {
            queries,
            grid: format == Some(SceneFormat::MovingAiMap),
        })
    }

    /// `(name, start, goal)` of every query; the name is the line number.
    pub fn named(&self) -> Vec<(String, Point, Point)> {
        self.queries
            .iter()
            .map(|q| (q.line.to_string(), q.start, q.goal))
            .collect()
    }

    /// What the published lengths are, for the output.
    pub fn published(&self) -> &'static str {
        if self.grid {
            "octile grid length (8-connected moves between cell centres); any-angle paths are shorter"
        } else {
            "exact Euclidean optimum for a point agent; optimal must match it to 1e-6 relative (or to the written precision)"
        }
    }

    /// Compares our lengths with the published ones; `lengths[i]` is `(optimal, funnel)` of
    /// query `i`, `None` where none was found.
    pub fn compare(&self, lengths: &[(Option<f64>, Option<f64>)]) -> ScenSummary {
        let mut s = ScenSummary {
            published: self.published(),
            queries: self.queries.len(),
            found: 0,
            expected_total: 0.0,
            optimal_total: 0.0,
            funnel_total: 0.0,
            optimal_over_expected: None,
            funnel_over_expected: None,
            max_optimal_error: 0.0,
            mismatches: Vec::new(),
        };
        for (q, &(optimal, funnel)) in self.queries.iter().zip(lengths) {
            let (Some(optimal), Some(funnel)) = (optimal, funnel) else {
                // A published optimum says a path exists: a mesh query we cannot answer
                // misses it (an import that broke the mesh's connections must not pass).
                if !self.grid {
                    s.mismatches.push(q.line);
                }
                continue;
            };
            s.found += 1;
            s.expected_total += q.expected;
            s.optimal_total += optimal;
            s.funnel_total += funnel;
            let error = relative_error(optimal, q.expected);
            s.max_optimal_error = s.max_optimal_error.max(error);
            // A length written with 6 significant digits (as Polyanya's own query lists are)
            // is matched to its last digit.
            let slack = MATCH_TOLERANCE * if q.expected > 0.0 { q.expected } else { 1.0 };
            if !self.grid && (optimal - q.expected).abs() > slack.max(q.rounding) {
                s.mismatches.push(q.line);
            }
        }
        if s.expected_total > 0.0 {
            s.optimal_over_expected = Some(s.optimal_total / s.expected_total);
            s.funnel_over_expected = Some(s.funnel_total / s.expected_total);
        }
        s
    }
}

/// `|ours - published| / published` (absolute when the published length is 0).
pub fn relative_error(ours: f64, published: f64) -> f64 {
    (ours - published).abs() / if published > 0.0 { published } else { 1.0 }
}

/// `ours / published`, `None` when the published length is 0.
pub fn ratio(ours: Option<f64>, published: f64) -> Option<f64> {
    ours.filter(|_| published > 0.0).map(|l| l / published)
}

/// The totals of a scenario run (over the queries that found a path).
#[derive(Clone, Debug, Serialize)]
pub struct ScenSummary {
    pub published: &'static str,
    pub queries: usize,
    pub found: usize,
    pub expected_total: f64,
    pub optimal_total: f64,
    pub funnel_total: f64,
    #[serde(rename = "optimal/expected")]
    pub optimal_over_expected: Option<f64>,
    #[serde(rename = "funnel/expected")]
    pub funnel_over_expected: Option<f64>,
    /// Largest `|optimal - expected| / expected`.
    pub max_optimal_error: f64,
    /// Lines whose optimal length misses a published Euclidean optimum, or that found no path
    /// where it publishes one (mesh maps only).
    pub mismatches: Vec<usize>,
}

impl ScenSummary {
    /// The summary as text lines.
    pub fn print(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        writeln!(out, "published length: {}", self.published)?;
        writeln!(
            out,
            "{} of {} queries found; totals: expected {}, optimal {}, funnel {}",
            self.found,
            self.queries,
            fixed(self.expected_total, 6),
            fixed(self.optimal_total, 6),
            fixed(self.funnel_total, 6)
        )?;
        let show = |r: Option<f64>| r.map_or("-".to_string(), |r| fixed(r, 6));
        writeln!(
            out,
            "optimal/expected {}, funnel/expected {}, largest |optimal - expected| / expected {:.3e}",
            show(self.optimal_over_expected),
            show(self.funnel_over_expected),
            self.max_optimal_error
        )?;
        if !self.mismatches.is_empty() {
            writeln!(
                out,
                "optimal differs from the published optimum by more than {MATCH_TOLERANCE:e}, or finds no path, on lines {:?}",
                self.mismatches
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_length_written_to_six_digits_is_matched_to_its_last_digit_and_no_further() {
        // Published 1.41421 (6 significant digits) for sqrt(2) = 1.4142135...: 2.5e-6 relative.
        let text =
            "version 1\n1\tm\t0\t0\t0\t0\t1\t1\t1.41421\n1\tm\t0\t0\t0\t0\t1\t1\t2.0000000000\n";
        let scen = Scen {
            queries: parse_scen(text, ScenCoordinates::Direct).unwrap(),
            grid: false,
        };
        let root2 = 2f64.sqrt();
        let within = scen.compare(&[(Some(root2), Some(1.5)), (Some(2.0), Some(2.0))]);
        assert!(within.mismatches.is_empty(), "{:?}", within.mismatches);
        let off = scen.compare(&[(Some(1.41428), Some(1.5)), (Some(2.00001), Some(2.0))]);
        assert_eq!(off.mismatches, vec![2, 3]);
        // No path where one is published is a miss too.
        let lost = scen.compare(&[(None, None), (Some(2.0), Some(2.0))]);
        assert_eq!(lost.mismatches, vec![2]);
    }
}
