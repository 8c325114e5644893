//! Scene file formats v1 and v2 (JSON): parsing with clear errors, canonical writing, atomic
//! saves. Files of other tools are read through [`crate::import`] by their extension.
//!
//! ```json
//! {"format": "navscope-scene", "version": 1, "agent_radius": 0.5,
//!  "walkable": [ [[0,0],[40,0],[40,30],[0,30]] ],
//!  "obstacles": [ {"name": "crate", "points": [[5,5],[8,5],[8,9],[5,9]]} ],
//!  "queries": [ {"name": "main", "start": [1,1], "goal": [38,28]} ]}
//! ```
//! Version 2 replaces `walkable` and `obstacles` with one list painted in order (a `walkable`
//! area adds its ring, an `obstacle` cuts it out), so an island can sit in a pit:
//! ```json
//! {"format": "navscope-scene", "version": 2, "agent_radius": 0.5,
//!  "areas": [ {"name": "ground", "kind": "walkable", "points": [[0,0],[40,0],[40,30],[0,30]]},
//!             {"name": "pit", "kind": "obstacle", "points": [[10,10],[30,10],[30,20],[10,20]]},
//!             {"name": "island", "kind": "walkable", "points": [[15,12],[25,12],[25,18],[15,18]]} ],
//!  "queries": [ ... ]}
//! ```
//! A `cost` area (v2 only) weights the ground under it without changing the free space:
//! `{"name": "mud", "kind": "cost", "points": [...], "cost": 5}`, where `cost` is required, a
//! finite number > 0 (see [`super::CostArea`]); where cost areas overlap, the one listed last wins.
//!
//! A scene is written as v1 unless it needs v2 (a walkable area after an obstacle, a named
//! walkable area, or a cost area), so v1 files re-save byte for byte.
//!
//! Optional in every version, written after `agent_radius` only when present: `"agents":
//! [{"name", "radius"}]` (profiles besides the default) and `"reference": {"path", "position",
//! "scale", "opacity", "locked"}` (the underlay image), then `"links": [{"name", "from": [x, y],
//! "to": [x, y], "bidirectional": bool, "cost": c}]` (off-mesh links, one per line; `cost` is
//! optional and defaults to the link's straight length, `bidirectional` defaults to false; see
//! [`super::Link`]). A link entry of the wrong shape is refused naming the link and the field.

use super::{AgentProfile, Link, Obstacle, ObstacleId, Query, Reference, RingRef, Scene};
use crate::fileio::{ReadError, read_input, write_atomic};
use crate::geom::{Point, Ring};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Value of the `format` field.
pub const FORMAT_NAME: &str = "navscope-scene";
/// Newest file version this build reads (and writes when a scene needs it).
pub const FORMAT_VERSION: u64 = 2;

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
    /// A navmesh file (navscope's navmesh JSON, or an engine's by its extension).
    #[error(
        "{origin}: a navmesh file, not a scene: `path` and `lab` open it with --as-navmesh, `convert` turns it into a scene or another navmesh format"
    )]
    Navmesh { origin: String },
    #[error(
        "{origin}: scene file version {found} is newer than this navscope supports (up to {FORMAT_VERSION}); update navscope"
    )]
    NewerVersion { origin: String, found: u64 },
    #[error("{origin}: unsupported scene file version {found}")]
    BadVersion { origin: String, found: String },
    /// An entry of the v2 `areas` list that is not valid, e.g. a cost area without `cost`.
    #[error("{origin}: area {index} \"{name}\": {message}")]
    BadArea {
        origin: String,
        index: usize,
        name: String,
        message: String,
    },
    /// A `links` entry of the wrong shape (the message names the link and the field).
    #[error("{origin}: {message}")]
    BadLink { origin: String, message: String },
    /// A file of another tool (Polyanya mesh, MovingAI map) that could not be read.
    #[error("{origin}: {message}")]
    Import { origin: String, message: String },
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

/// The optional fields of every version: written only when present, so files without them
/// keep their bytes.
#[derive(Deserialize)]
struct Extras {
    #[serde(default)]
    agents: Vec<AgentProfile>,
    #[serde(default)]
    reference: Option<Reference>,
    /// Read entry by entry (see [`Link::from_value`]) so errors name the link and the field.
    #[serde(default)]
    links: Vec<serde_json::Value>,
}

#[derive(Serialize, Deserialize)]
struct SceneFileV2 {
    format: String,
    version: u64,
    agent_radius: f64,
    areas: Vec<AreaFile>,
    #[serde(default)]
    queries: Vec<QueryFile>,
}

/// One entry of the v2 `areas` list; later kinds extend [`AreaKind`], never rename.
#[derive(Serialize, Deserialize)]
struct AreaFile {
    #[serde(default)]
    name: String,
    kind: AreaKind,
    points: Ring,
    /// The cost of a `cost` area (required there, absent elsewhere).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cost: Option<f64>,
}

/// What an area does when painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AreaKind {
    /// Adds its ring to the free space.
    Walkable,
    /// Cuts its ring out of the free space.
    Obstacle,
    /// Weights the ground under its ring by its cost; the free space is unchanged.
    Cost,
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

/// Reads a scene file (the reference image's path made absolute). Geometry is not checked
/// here; see [`super::validate`].
pub fn load(path: &Path) -> Result<Scene, LoadError> {
    let bytes = read_input(path)?;
    let origin = path.display().to_string();
    match crate::import::SceneFormat::of(path) {
        Some(format) => format.read(&bytes).map_err(|message| LoadError::Import {
            origin,
            message: message.to_string(),
        }),
        None => {
            let mut scene = from_json(&bytes, &origin)?;
            scene.reference = scene.reference.map(|r| r.loaded_from(path));
            Ok(scene)
        }
    }
}

/// Parses scene JSON. `origin` names the input in error messages.
pub fn from_json(bytes: &[u8], origin: &str) -> Result<Scene, LoadError> {
    let bytes = crate::fileio::without_bom(bytes);
    let syntax = |e: serde_json::Error| LoadError::Syntax {
        origin: origin.to_string(),
        line: e.line(),
        column: e.column(),
        message: strip_position(&e.to_string()),
    };
    let header: Header = serde_json::from_slice(bytes).map_err(syntax)?;
    match header.format {
        Some(serde_json::Value::String(s)) if s == FORMAT_NAME => {}
        Some(serde_json::Value::String(s)) if s == crate::export::NAVMESH_FORMAT => {
            return Err(LoadError::Navmesh {
                origin: origin.into(),
            });
        }
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
    let extras: Extras = serde_json::from_slice(bytes).map_err(syntax)?;
    let links = extras
        .links
        .iter()
        .enumerate()
        .map(|(i, v)| Link::from_value(i, v))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|message| LoadError::BadLink {
            origin: origin.into(),
            message,
        })?;
    if header.version.as_ref().and_then(|v| v.as_u64()) == Some(2) {
        let file: SceneFileV2 = serde_json::from_slice(bytes).map_err(syntax)?;
        return Ok(Scene {
            agents: extras.agents,
            reference: extras.reference,
            links,
            ..from_areas(file, origin)?
        });
    }
    let file: SceneFile = serde_json::from_slice(bytes).map_err(syntax)?;
    Ok(Scene {
        agents: extras.agents,
        reference: extras.reference,
        links,
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
            .map(QueryFile::into_query)
            .collect(),
        ..Scene::default()
    })
}

/// The scene of a v2 file: its areas split into walkable rings, obstacles and cost areas, in
/// painting order. A cost area must have a `cost`, and only a cost area may have one.
fn from_areas(file: SceneFileV2, origin: &str) -> Result<Scene, LoadError> {
    let mut costs = Vec::new();
    for (index, a) in file.areas.iter().enumerate() {
        let bad = |message: &str| LoadError::BadArea {
            origin: origin.to_string(),
            index,
            name: a.name.clone(),
            message: message.to_string(),
        };
        match (a.kind, a.cost) {
            (AreaKind::Cost, Some(c)) => costs.push(c),
            (AreaKind::Cost, None) => {
                return Err(bad("a cost area needs a \"cost\" (a number > 0)"));
            }
            (_, Some(_)) => return Err(bad("\"cost\" is only for areas of kind \"cost\"")),
            (_, None) => {}
        }
    }
    let areas = file.areas.into_iter().map(|a| (a.kind, a.name, a.points));
    let mut scene = Scene {
        queries: file
            .queries
            .into_iter()
            .map(QueryFile::into_query)
            .collect(),
        ..Scene::from_areas(file.agent_radius, areas)
    };
    for (area, cost) in scene.costs.iter_mut().zip(costs) {
        area.cost = cost;
    }
    Ok(scene)
}

impl QueryFile {
    fn into_query(self) -> Query {
        Query {
            name: self.name,
            start: self.start,
            goal: self.goal,
        }
    }

    fn of(q: &Query) -> Self {
        QueryFile {
            name: q.name.clone(),
            start: q.start,
            goal: q.goal,
        }
    }
}

/// serde_json appends " at line L column C"; the error carries those fields separately.
pub fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// The canonical text of a scene: one ring, area or query per line; same scene, same bytes.
/// Version 1 unless the scene needs version 2 (see the module documentation).
pub fn to_json(scene: &Scene) -> String {
    let v2 = scene.is_nested()
        || scene.walkable_names.iter().any(|n| !n.is_empty())
        || !scene.costs.is_empty();
    let mut out = String::new();
    out.push_str(&format!(
        "{{\n  \"format\": \"{FORMAT_NAME}\",\n  \"version\": {},\n",
        if v2 { 2 } else { 1 }
    ));
    out.push_str(&format!(
        "  \"agent_radius\": {},\n",
        compact(&scene.agent_radius)
    ));
    write_extras(&mut out, scene);
    if v2 {
        let areas = scene
            .areas()
            .into_iter()
            .filter_map(|r| {
                let (name, kind, cost) = match r {
                    RingRef::Walkable(i) => {
                        (scene.walkable_name(i).to_string(), AreaKind::Walkable, None)
                    }
                    RingRef::Obstacle(i) => (
                        scene.obstacles.get(i)?.name.clone(),
                        AreaKind::Obstacle,
                        None,
                    ),
                    RingRef::Cost(i) => {
                        let c = scene.costs.get(i)?;
                        (c.name.clone(), AreaKind::Cost, Some(c.cost))
                    }
                };
                let points = scene.ring(r)?.clone();
                Some(compact(&AreaFile {
                    name,
                    kind,
                    points,
                    cost,
                }))
            })
            .collect();
        list(&mut out, "areas", areas, false);
    } else {
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
    }
    let queries = scene
        .queries
        .iter()
        .map(|q| compact(&QueryFile::of(q)))
        .collect();
    list(&mut out, "queries", queries, true);
    out.push_str("}\n");
    out
}

/// The optional fields after `agent_radius`: `"agents"` (one profile per line),
/// `"reference"` and `"links"` (one link per line), each only when the scene has it.
fn write_extras(out: &mut String, scene: &Scene) {
    if !scene.agents.is_empty() {
        let agents: Vec<String> = scene
            .agents
            .iter()
            .map(|a| format!("    {}", compact(a)))
            .collect();
        out.push_str(&format!("  \"agents\": [\n{}\n  ],\n", agents.join(",\n")));
    }
    if let Some(r) = &scene.reference {
        out.push_str(&format!("  \"reference\": {},\n", compact(r)));
    }
    if !scene.links.is_empty() {
        let links: Vec<String> = scene.links.iter().map(compact).collect();
        list(out, "links", links, false);
    }
}

/// Writes `"key": [ items ]` with one item per line.
fn list(out: &mut String, key: &str, items: Vec<String>, last: bool) {
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
}

/// Compact JSON of a value; serialising these plain data types cannot fail.
fn compact<T: Serialize>(value: &T) -> String {
    crate::numbers::to_json(value).unwrap_or_default()
}

/// The scene's JSON as a file at `path` holds it: the reference image's path relative to
/// `path`'s folder.
pub fn to_json_at(scene: &Scene, path: &Path) -> String {
    match &scene.reference {
        Some(r) => to_json(&Scene {
            reference: Some(r.stored_for(path)),
            ..scene.clone()
        }),
        None => to_json(scene),
    }
}

/// Writes the scene atomically (see [`crate::fileio`]): a crash never leaves a half-written
/// scene behind.
/// The reference image's path is written relative to `path`'s folder.
pub fn save(scene: &Scene, path: &Path) -> Result<(), SaveError> {
    let text = to_json_at(scene, path);
    write_atomic(path, text.as_bytes()).map_err(|error| SaveError {
        path: path.to_path_buf(),
        error,
    })
}
