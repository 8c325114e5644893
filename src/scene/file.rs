//! Scene file format v1 (JSON): parsing with clear errors, canonical writing, atomic saves.
//!
//! ```json
//! {"format": "navscope-scene", "version": 1, "agent_radius": 0.5,
//!  "walkable": [ [[0,0],[40,0],[40,30],[0,30]] ],
//!  "obstacles": [ {"name": "crate", "points": [[5,5],[8,5],[8,9],[5,9]]} ],
//!  "queries": [ {"name": "main", "start": [1,1], "goal": [38,28]} ]}
//! ```

use super::{Obstacle, ObstacleId, Query, Scene};
use crate::fileio::{ReadError, read_input, write_atomic};
use crate::geom::{Point, Ring};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Value of the `format` field.
pub const FORMAT_NAME: &str = "navscope-scene";
/// Newest file version this build reads and the one it writes.
pub const FORMAT_VERSION: u64 = 1;

/// Why a scene could not be read. `origin` is the file path or another name for the input.
#[derive(Debug, Error)]
pub enum LoadError {
    /// The file could not be read, or is too large (see [`crate::fileio`]).
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("{origin}: line {line} column {column}: {message}")]
    Syntax {
        origin: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{origin}: not a navscope scene (format is {found}, expected \"{FORMAT_NAME}\")")]
    WrongFormat { origin: String, found: String },
    #[error(
        "{origin}: scene file version {found} is newer than this navscope supports (up to {FORMAT_VERSION}); update navscope"
    )]
    NewerVersion { origin: String, found: u64 },
    #[error("{origin}: unsupported scene file version {found}")]
    BadVersion { origin: String, found: String },
}

/// Why a scene could not be written.
#[derive(Debug, Error)]
#[error("{path}: cannot save: {error}")]
pub struct SaveError {
    pub path: PathBuf,
    pub error: std::io::Error,
}

#[derive(Deserialize)]
struct Header {
    format: Option<serde_json::Value>,
    version: Option<serde_json::Value>,
}

#[derive(Serialize, Deserialize)]
struct SceneFile {
    format: String,
    version: u64,
    agent_radius: f64,
    walkable: Vec<Ring>,
    obstacles: Vec<ObstacleFile>,
    #[serde(default)]
    queries: Vec<QueryFile>,
}

#[derive(Serialize, Deserialize)]
struct ObstacleFile {
    #[serde(default)]
    name: String,
    points: Ring,
}

#[derive(Serialize, Deserialize)]
struct QueryFile {
    #[serde(default)]
    name: String,
    start: Point,
    goal: Point,
}

/// Reads a scene file. Geometry is not checked here; see [`super::validate`].
pub fn load(path: &Path) -> Result<Scene, LoadError> {
    let bytes = read_input(path)?;
    from_json(&bytes, &path.display().to_string())
}

/// Parses scene JSON. `origin` names the input in error messages.
pub fn from_json(bytes: &[u8], origin: &str) -> Result<Scene, LoadError> {
    let syntax = |e: serde_json::Error| LoadError::Syntax {
        origin: origin.to_string(),
        line: e.line(),
        column: e.column(),
        message: strip_position(&e.to_string()),
    };
    let header: Header = serde_json::from_slice(bytes).map_err(syntax)?;
    match header.format {
        Some(serde_json::Value::String(s)) if s == FORMAT_NAME => {}
        Some(other) => {
            return Err(LoadError::WrongFormat {
                origin: origin.into(),
                found: other.to_string(),
            });
        }
        None => {
            return Err(LoadError::WrongFormat {
                origin: origin.into(),
                found: "missing".into(),
            });
        }
    }
    match header.version.as_ref().and_then(|v| v.as_u64()) {
        Some(v) if v > FORMAT_VERSION => {
            return Err(LoadError::NewerVersion {
                origin: origin.into(),
                found: v,
            });
        }
        Some(v) if v >= 1 => {}
        _ => {
            let found = header
                .version
                .map_or("missing".to_string(), |v| v.to_string());
            return Err(LoadError::BadVersion {
                origin: origin.into(),
                found,
            });
        }
    }
    let file: SceneFile = serde_json::from_slice(bytes).map_err(syntax)?;
    Ok(Scene {
        agent_radius: file.agent_radius,
        walkable: file.walkable,
        obstacles: file
            .obstacles
            .into_iter()
            .enumerate()
            .map(|(i, o)| Obstacle {
                id: ObstacleId(i as u32),
                name: o.name,
                ring: o.points,
            })
            .collect(),
        queries: file
            .queries
            .into_iter()
            .map(|q| Query {
                name: q.name,
                start: q.start,
                goal: q.goal,
            })
            .collect(),
    })
}

/// serde_json appends " at line L column C"; the error carries those fields separately.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// The canonical text of a scene: one ring, obstacle or query per line; same scene, same bytes.
pub fn to_json(scene: &Scene) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "{{\n  \"format\": \"{FORMAT_NAME}\",\n  \"version\": {FORMAT_VERSION},\n"
    ));
    out.push_str(&format!(
        "  \"agent_radius\": {},\n",
        compact(&scene.agent_radius)
    ));
    let list = |out: &mut String, key: &str, items: Vec<String>, last: bool| {
        out.push_str(&format!("  \"{key}\": ["));
        if !items.is_empty() {
            out.push('\n');
            out.push_str(
                &items
                    .iter()
                    .map(|s| format!("    {s}"))
                    .collect::<Vec<_>>()
                    .join(",\n"),
            );
            out.push_str("\n  ");
        }
        out.push_str(if last { "]\n" } else { "],\n" });
    };
    list(
        &mut out,
        "walkable",
        scene.walkable.iter().map(compact).collect(),
        false,
    );
    let obstacles = scene
        .obstacles
        .iter()
        .map(|o| {
            compact(&ObstacleFile {
                name: o.name.clone(),
                points: o.ring.clone(),
            })
        })
        .collect();
    list(&mut out, "obstacles", obstacles, false);
    let queries = scene
        .queries
        .iter()
        .map(|q| {
            compact(&QueryFile {
                name: q.name.clone(),
                start: q.start,
                goal: q.goal,
            })
        })
        .collect();
    list(&mut out, "queries", queries, true);
    out.push_str("}\n");
    out
}

/// Compact JSON of a value; serialising these plain data types cannot fail.
fn compact<T: Serialize>(value: &T) -> String {
    crate::numbers::to_json(value).unwrap_or_default()
}

/// Writes the scene atomically (see [`crate::fileio`]): a crash never leaves a half-written
/// scene behind.
pub fn save(scene: &Scene, path: &Path) -> Result<(), SaveError> {
    write_atomic(path, to_json(scene).as_bytes()).map_err(|error| SaveError {
        path: path.to_path_buf(),
        error,
    })
}
