//! Regression cases: a query saved with its expected outcome, replayed by `navscope check`.
//!
//! ```json
//! {"format": "navscope-scenario", "version": 1,
//!  "scene": "rooms.json",            // a path relative to this file, or an inline scene object
//!  "radius": 0.5, "start": [2, 2], "goal": [38, 28],
//!  "expected": {"status": "found", "raw_status": "found",
//!               "lengths": {"funnel": 47.44, "midpoint": 65.06}},
//!  "tolerance": 1e-6}                // relative, on lengths
//! ```
//!
//! `status` is the shrunk mesh's (`navscope path`'s "status"), `raw_status` (optional) the
//! radius-aware side's, the only one that can be `blocked` (an agent too wide for a passage a
//! point passes); a `status` of `blocked` is refused as one no answer can meet.
//!
//! A case recorded with other query options than the defaults names them as `navscope path`
//! takes them, and is replayed with them: `"optimize": ["visibility", "topology", "anytime"]`,
//! `"topology_nodes"`, `"anytime_nodes"` (their budgets) and `"arc_tolerance"` (absent: 1% of
//! the radius).

use crate::fileio::{ReadError, json_format, read_input, without_bom};
use crate::geom::Point;
use crate::nav::{
    ANYTIME_BUDGET, Answer, BuildError, BuildOptions, CorridorOptions, CorridorSearch,
    Optimization, QueryOptions, Status, TOPOLOGY_BUDGET, Variant, build_with, query,
};
use crate::scene::{self, LoadError, Scene};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use thiserror::Error;

pub const SCENARIO_FORMAT: &str = "navscope-scenario";
/// The only scenario file version there is.
pub const SCENARIO_VERSION: u32 = 1;

/// Where a scenario's scene comes from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SceneSource {
    /// A scene file, relative to the scenario file's directory.
    Path(PathBuf),
    /// The scene itself, in the scene file format.
    Inline(serde_json::Value),
}

/// The outcome a scenario expects.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Expected {
    pub status: String,
    /// The radius-aware (raw mesh) side's status, when the case checks it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raw_status: Option<String>,
    /// Path length per variant name.
    #[serde(default)]
    pub lengths: BTreeMap<String, f64>,
}

/// A saved query with its expected outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub format: String,
    pub version: u32,
    pub scene: SceneSource,
    pub radius: f64,
    pub start: Point,
    pub goal: Point,
    pub expected: Expected,
    #[serde(default = "default_tolerance")]
    pub tolerance: f64,
    /// The corridor optimisations the case was recorded with (none when absent).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub optimize: Vec<Optimization>,
    /// The topology optimisation's budget, when not the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub topology_nodes: Option<usize>,
    /// The anytime search's budget, when not the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anytime_nodes: Option<usize>,
    /// The build's arc tolerance, when not the default (1% of the radius).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arc_tolerance: Option<f64>,
}

fn default_tolerance() -> f64 {
    1e-6
}

/// Why a scenario could not be run.
#[derive(Debug, Error)]
pub enum ScenarioError {
    /// The file could not be read, or is too large (see [`crate::fileio`]).
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("{path}: line {line} column {column}: {message}")]
    Syntax {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{path}: not a navscope scenario (format {found:?})")]
    WrongFormat { path: PathBuf, found: String },
    #[error(
        "{path}: unsupported scenario version {found} (this navscope reads version {SCENARIO_VERSION})"
    )]
    BadVersion { path: PathBuf, found: u32 },
    #[error(transparent)]
    Scene(#[from] LoadError),
    #[error("{path}: {error}")]
    Build { path: PathBuf, error: BuildError },
    /// A relative length tolerance outside [0, 1): a negative one failed equal lengths, a huge
    /// one passed any.
    #[error("{path}: tolerance {found} is not a relative tolerance in [0, 1)")]
    BadTolerance { path: PathBuf, found: f64 },
    /// An expectation no answer can meet (a misspelt status or variant name).
    #[error("{path}: expected {what} `{found}` is none of {known}")]
    BadExpectation {
        path: PathBuf,
        what: &'static str,
        found: String,
        known: String,
    },
}

impl Scenario {
    /// Records what a query produced now as the expectation.
    pub fn record(scene: SceneSource, radius: f64, answer: &Answer) -> Scenario {
        Scenario {
            format: SCENARIO_FORMAT.to_string(),
            version: SCENARIO_VERSION,
            scene,
            radius,
            start: answer.start,
            goal: answer.goal,
            expected: Expected {
                status: answer.status().as_str().to_string(),
                raw_status: (answer.raw.as_ref()).map(|raw| raw.status.as_str().to_string()),
                lengths: answer
                    .paths()
                    .map(|(v, p)| (v.name().to_string(), p.length))
                    .collect(),
            },
            tolerance: default_tolerance(),
            optimize: Vec::new(),
            topology_nodes: None,
            anytime_nodes: None,
            arc_tolerance: None,
        }
    }

    /// The case recorded with the corridor optimisations `corridor` and on a build with
    /// `arc_tolerance` (`None`: the default), which its replay uses too.
    pub fn made_with(mut self, corridor: CorridorOptions, arc_tolerance: Option<f64>) -> Self {
        self.optimize = corridor.list();
        self.topology_nodes = (corridor.topology && corridor.topology_nodes != TOPOLOGY_BUDGET)
            .then_some(corridor.topology_nodes);
        self.anytime_nodes = match corridor.search {
            CorridorSearch::Anytime { budget } if budget != ANYTIME_BUDGET => Some(budget),
            _ => None,
        };
        self.arc_tolerance = arc_tolerance;
        self
    }

    /// The corridor options of the replay.
    pub fn corridor(&self) -> CorridorOptions {
        CorridorOptions::from_list(
            &self.optimize,
            self.topology_nodes.unwrap_or(TOPOLOGY_BUDGET),
            self.anytime_nodes.unwrap_or(ANYTIME_BUDGET),
        )
    }

    /// An inline source holding `scene`.
    pub fn inline(scene: &Scene) -> SceneSource {
        SceneSource::Inline(serde_json::from_str(&scene::to_json(scene)).unwrap_or_default())
    }

    pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        let bytes = read_input(path)?;
        let s: Scenario = serde_json::from_slice(without_bom(&bytes)).map_err(|e| {
            // Another format's file (a scene, say) is named as such, not by a field it lacks.
            let format = json_format(&bytes).map(|f| match f {
                serde_json::Value::String(text) => text,
                other => other.to_string(),
            });
            match format {
                Some(found) if found != SCENARIO_FORMAT => ScenarioError::WrongFormat {
                    path: path.into(),
                    found,
                },
                _ => ScenarioError::Syntax {
                    path: path.into(),
                    line: e.line(),
                    column: e.column(),
                    message: e
                        .to_string()
                        .split(" at line ")
                        .next()
                        .unwrap_or_default()
                        .to_string(),
                },
            }
        })?;
        if s.format != SCENARIO_FORMAT {
            return Err(ScenarioError::WrongFormat {
                path: path.into(),
                found: s.format,
            });
        }
        if s.version != SCENARIO_VERSION {
            return Err(ScenarioError::BadVersion {
                path: path.into(),
                found: s.version,
            });
        }
        if !(s.tolerance.is_finite() && (0.0..1.0).contains(&s.tolerance)) {
            return Err(ScenarioError::BadTolerance {
                path: path.into(),
                found: s.tolerance,
            });
        }
        let statuses = Status::ALL.map(Status::as_str);
        let variants = Variant::ALL.map(Variant::name);
        let bad = |what, found: &str, known: &[&str]| ScenarioError::BadExpectation {
            path: path.into(),
            what,
            found: found.to_string(),
            known: known.join(", "),
        };
        // Only the radius-aware side is ever blocked.
        let shrunk: Vec<&str> = (statuses.iter().copied())
            .filter(|&st| st != Status::Blocked.as_str())
            .collect();
        if !shrunk.contains(&s.expected.status.as_str()) {
            let what = if s.expected.status == Status::Blocked.as_str() {
                "status (blocked is a raw_status)"
            } else {
                "status"
            };
            return Err(bad(what, &s.expected.status, &shrunk));
        }
        if let Some(raw) =
            (s.expected.raw_status.as_ref()).filter(|r| !statuses.contains(&r.as_str()))
        {
            return Err(bad("raw_status", raw, &statuses));
        }
        if let Some(name) = (s.expected.lengths.keys()).find(|n| !variants.contains(&n.as_str())) {
            return Err(bad("variant", name, &variants));
        }
        Ok(s)
    }

    /// Writes the scenario atomically as pretty JSON.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        crate::fileio::write_atomic(path, format!("{text}\n").as_bytes())
    }

    /// Replays the scenario with every variant (`path` is its own file, for resolving a
    /// relative scene path) and lists every difference from the expectation; empty means it
    /// passed.
    pub fn check(&self, path: &Path) -> Result<Vec<String>, ScenarioError> {
        let scene = match &self.scene {
            SceneSource::Path(p) => scene::load(&path.parent().unwrap_or(Path::new(".")).join(p))?,
            SceneSource::Inline(v) => {
                scene::from_json(v.to_string().as_bytes(), &path.display().to_string())?
            }
        };
        let built = build_with(
            &scene,
            &BuildOptions {
                radius: Some(self.radius),
                arc_tolerance: self.arc_tolerance,
                ..Default::default()
            },
        )
        .map_err(|error| ScenarioError::Build {
            path: path.into(),
            error,
        })?;
        let options = QueryOptions {
            corridor: self.corridor(),
            ..QueryOptions::default()
        };
        let answer = query(&built, self.start, self.goal, &options);
        let mut differences = Vec::new();
        if answer.status().as_str() != self.expected.status {
            differences.push(format!(
                "status {} (expected {})",
                answer.status().as_str(),
                self.expected.status
            ));
        }
        if let Some(expected) = &self.expected.raw_status {
            let got = answer
                .raw
                .as_ref()
                .map_or("none", |raw| raw.status.as_str());
            if got != expected {
                differences.push(format!("raw_status {got} (expected {expected})"));
            }
        }
        for (name, &expected) in &self.expected.lengths {
            match answer.paths().find(|(v, _)| v.name() == name) {
                None => differences.push(format!("{name}: no path (expected length {expected})")),
                Some((_, p))
                    if (p.length - expected).abs() > self.tolerance * expected.abs().max(1.0) =>
                {
                    differences.push(format!("{name}: length {} (expected {expected})", p.length));
                }
                Some(_) => {}
            }
        }
        Ok(differences)
    }
}
