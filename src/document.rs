//! `Document`: the scene being edited, with its undo history, a revision counter, its file path
//! and a dirty flag. The scene changes only through [`Document::apply`]; a gesture (a whole drag)
//! is one undo step.

use crate::geom::{Point, Ring};
use crate::scene::{
    self, Corner, CostArea, Link, LoadError, Obstacle, Query, Reference, RingRef, SaveError, Scene,
};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// How many steps undo can go back.
pub const HISTORY_LIMIT: usize = 256;

/// One change to a scene.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Moves corners to absolute positions.
    MoveCorners(Vec<(Corner, Point)>),
    /// Replaces every point of a ring.
    SetRing(RingRef, Ring),
    /// Inserts `at` as point `index` of `ring` (0 ..= len).
    InsertPoint {
        ring: RingRef,
        index: usize,
        at: Point,
    },
    /// Removes a corner; a ring left with fewer than 3 points is removed altogether.
    DeleteCorner(Corner),
    /// Removes a walkable outline or an obstacle.
    DeleteRing(RingRef),
    /// Appends an obstacle (it gets a fresh id).
    AddObstacle {
        name: String,
        ring: Ring,
    },
    /// Appends a walkable outline, painted after every other ring (so it can make an island
    /// inside an obstacle).
    AddWalkable(Ring),
    /// Appends a cost area, painted after every other ring (so it wins where it overlaps).
    AddCostArea(CostArea),
    /// Sets the cost of cost area `index` (any number: `scene::validate` reports a bad one).
    SetCost {
        index: usize,
        cost: f64,
    },
    /// Moves a ring one step earlier or later in the painting order (format v2).
    MoveArea {
        ring: RingRef,
        later: bool,
    },
    RenameObstacle {
        index: usize,
        name: String,
    },
    SetRadius(f64),
    /// Replaces query `index`, or appends a query when `index` is the number of queries.
    SetQuery {
        index: usize,
        query: Query,
    },
    /// Adds, changes or (with `None`) removes the reference underlay.
    SetReference(Option<Reference>),
    /// Replaces link `index`, or appends a link when `index` is the number of links.
    SetLink {
        index: usize,
        link: Link,
    },
    /// Removes link `index`.
    DeleteLink(usize),
    /// Removes query `index`.
    DeleteQuery(usize),
}

/// Why an edit was refused; the scene is unchanged.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum EditError {
    #[error("{0} does not exist")]
    Missing(String),
    #[error("coordinates and the radius must be finite numbers")]
    NotFinite,
}

impl Edit {
    /// Applies the edit to `scene`, or changes nothing and says why not.
    fn apply_to(self, scene: &mut Scene) -> Result<(), EditError> {
        if !self.is_finite() {
            return Err(EditError::NotFinite);
        }
        match self {
            Edit::MoveCorners(moves) => {
                for &(corner, _) in &moves {
                    corner_mut(scene, corner)?;
                }
                for (corner, to) in moves {
                    *corner_mut(scene, corner)? = to;
                }
            }
            Edit::SetRing(r, ring) => *ring_mut(scene, r)? = ring,
            Edit::InsertPoint { ring, index, at } => {
                let points = &mut ring_mut(scene, ring)?.0;
                if index > points.len() {
                    return Err(EditError::Missing(format!(
                        "corner {index} of {}",
                        scene.describe(ring)
                    )));
                }
                points.insert(index, at);
            }
            Edit::DeleteCorner(corner) => {
                corner_mut(scene, corner)?;
                let points = &mut ring_mut(scene, corner.ring)?.0;
                if points.len() > 3 {
                    points.remove(corner.index);
                } else {
                    remove_ring(scene, corner.ring)?;
                }
            }
            Edit::DeleteRing(r) => remove_ring(scene, r)?,
            Edit::AddObstacle { name, ring } => {
                let id = scene.next_obstacle_id();
                if !scene.order.is_empty() {
                    scene.order.push(RingRef::Obstacle(scene.obstacles.len()));
                }
                scene.obstacles.push(Obstacle { id, name, ring });
            }
            Edit::AddWalkable(ring) => {
                let mut order = scene.areas();
                order.push(RingRef::Walkable(scene.walkable.len()));
                scene.walkable.push(ring);
                scene.set_order(order);
            }
            Edit::AddCostArea(area) => {
                let mut order = scene.areas();
                order.push(RingRef::Cost(scene.costs.len()));
                scene.costs.push(area);
                scene.set_order(order);
            }
            Edit::SetCost { index, cost } => {
                let err = missing(scene, RingRef::Cost(index));
                scene.costs.get_mut(index).ok_or(err)?.cost = cost
            }
            Edit::MoveArea { ring, later } => {
                let mut order = scene.areas();
                let at = order
                    .iter()
                    .position(|&r| r == ring)
                    .ok_or_else(|| missing(scene, ring))?;
                let to = if later { at + 1 } else { at.wrapping_sub(1) };
                if to < order.len() {
                    order.swap(at, to);
                    scene.set_order(order);
                }
            }
            Edit::RenameObstacle { index, name } => {
                let err = missing(scene, RingRef::Obstacle(index));
                scene.obstacles.get_mut(index).ok_or(err)?.name = name
            }
            Edit::SetRadius(r) => scene.agent_radius = r,
            Edit::SetReference(r) => scene.reference = r,
            Edit::SetQuery { index, query } => match index.cmp(&scene.queries.len()) {
                std::cmp::Ordering::Less => scene.queries[index] = query,
                std::cmp::Ordering::Equal => scene.queries.push(query),
                std::cmp::Ordering::Greater => {
                    return Err(EditError::Missing(format!("query {index}")));
                }
            },
            Edit::SetLink { index, link } => match index.cmp(&scene.links.len()) {
                std::cmp::Ordering::Less => scene.links[index] = link,
                std::cmp::Ordering::Equal => scene.links.push(link),
                std::cmp::Ordering::Greater => {
                    return Err(EditError::Missing(format!("link {index}")));
                }
            },
            Edit::DeleteLink(index) => {
                if index >= scene.links.len() {
                    return Err(EditError::Missing(format!("link {index}")));
                }
                scene.links.remove(index);
            }
            Edit::DeleteQuery(index) => {
                if index >= scene.queries.len() {
                    return Err(EditError::Missing(format!("query {index}")));
                }
                scene.queries.remove(index);
            }
        }
        Ok(())
    }

    fn is_finite(&self) -> bool {
        let ring_ok = |r: &Ring| r.points().iter().all(|p| p.is_finite());
        match self {
            Edit::MoveCorners(moves) => moves.iter().all(|(_, p)| p.is_finite()),
            Edit::SetRing(_, ring) | Edit::AddObstacle { ring, .. } | Edit::AddWalkable(ring) => {
                ring_ok(ring)
            }
            Edit::AddCostArea(area) => ring_ok(&area.ring),
            Edit::InsertPoint { at, .. } => at.is_finite(),
            Edit::SetRadius(r) => r.is_finite(),
            Edit::SetQuery { query, .. } => query.start.is_finite() && query.goal.is_finite(),
            Edit::SetLink { link, .. } => {
                link.from.is_finite() && link.to.is_finite() && link.cost.is_none_or(f64::is_finite)
            }
            Edit::SetReference(r) => r.as_ref().is_none_or(|r| {
                r.position.is_finite() && r.scale.is_finite() && r.opacity.is_finite()
            }),
            Edit::DeleteCorner(_)
            | Edit::DeleteRing(_)
            | Edit::RenameObstacle { .. }
            | Edit::SetCost { .. }
            | Edit::DeleteLink(_)
            | Edit::DeleteQuery(_)
            | Edit::MoveArea { .. } => true,
        }
    }
}

fn missing(scene: &Scene, r: RingRef) -> EditError {
    EditError::Missing(scene.describe(r))
}

fn ring_mut(scene: &mut Scene, r: RingRef) -> Result<&mut Ring, EditError> {
    let err = missing(scene, r);
    match r {
        RingRef::Walkable(i) => scene.walkable.get_mut(i),
        RingRef::Obstacle(i) => scene.obstacles.get_mut(i).map(|o| &mut o.ring),
        RingRef::Cost(i) => scene.costs.get_mut(i).map(|c| &mut c.ring),
    }
    .ok_or(err)
}

fn corner_mut(scene: &mut Scene, c: Corner) -> Result<&mut Point, EditError> {
    let err = EditError::Missing(format!("corner {} of {}", c.index, scene.describe(c.ring)));
    ring_mut(scene, c.ring)?.0.get_mut(c.index).ok_or(err)
}

fn remove_ring(scene: &mut Scene, r: RingRef) -> Result<(), EditError> {
    ring_mut(scene, r)?;
    let order: Vec<RingRef> = scene
        .order
        .iter()
        .filter(|&&o| o != r)
        .map(|&o| match (o, r) {
            (RingRef::Walkable(i), RingRef::Walkable(j)) if i > j => RingRef::Walkable(i - 1),
            (RingRef::Obstacle(i), RingRef::Obstacle(j)) if i > j => RingRef::Obstacle(i - 1),
            (RingRef::Cost(i), RingRef::Cost(j)) if i > j => RingRef::Cost(i - 1),
            _ => o,
        })
        .collect();
    match r {
        RingRef::Walkable(i) => {
            scene.walkable.remove(i);
            if i < scene.walkable_names.len() {
                scene.walkable_names.remove(i);
            }
        }
        RingRef::Obstacle(i) => drop(scene.obstacles.remove(i)),
        RingRef::Cost(i) => drop(scene.costs.remove(i)),
    }
    scene.set_order(order);
    Ok(())
}

/// A past or future state of the scene.
#[derive(Clone, Debug)]
struct Snapshot {
    scene: Scene,
    content: u64,
}

/// The scene being edited, with history and file state.
#[derive(Clone, Debug)]
pub struct Document {
    scene: Scene,
    path: Option<PathBuf>,
    /// The name of a document without a file ("untitled", "example", an imported file's name).
    title: String,
    /// Identity of the current content: equal ids mean equal scenes (undo brings ids back).
    content: u64,
    next_content: u64,
    saved_content: Option<u64>,
    revision: u64,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    gesture: Gesture,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gesture {
    None,
    /// A gesture is open; `recorded` once its undo step exists.
    Open {
        recorded: bool,
    },
}

impl Document {
    /// An untitled document holding `scene`, with nothing to save.
    pub fn new(scene: Scene) -> Self {
        Document::titled(scene, "untitled")
    }

    /// A document without a file called `title`, holding `scene`, with nothing to save.
    pub fn titled(scene: Scene, title: &str) -> Self {
        Document {
            scene,
            path: None,
            title: title.to_string(),
            content: 0,
            next_content: 1,
            saved_content: Some(0),
            revision: 0,
            undo: Vec::new(),
            redo: Vec::new(),
            gesture: Gesture::None,
        }
    }

    /// A document holding `scene` with changes not saved yet (work restored after a crash),
    /// belonging to `path` when given, else titled `title`.
    pub fn recovered(scene: Scene, path: Option<PathBuf>, title: &str) -> Self {
        Document {
            path,
            saved_content: None,
            ..Document::titled(scene, title)
        }
    }

    /// Reads a scene file into a new document. A file of another tool (a `.mesh` or `.map`) is
    /// imported as a document without a file (titled with the imported file's name), so saving
    /// never writes JSON over it.
    pub fn open(path: &Path) -> Result<Self, LoadError> {
        let scene = scene::load(path)?;
        Ok(if crate::import::SceneFormat::of(path).is_none() {
            let mut doc = Document::new(scene);
            doc.path = Some(path.to_path_buf());
            doc
        } else {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            Document::titled(scene, &name.unwrap_or_else(|| "untitled".into()))
        })
    }

    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The file the document was read from or last saved to.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The file name, or the title of a document without a file.
    pub fn name(&self) -> String {
        self.path
            .as_deref()
            .and_then(Path::file_name)
            .map_or_else(|| self.title.clone(), |n| n.to_string_lossy().into_owned())
    }

    /// The file name to suggest when saving: the file's own, else the title as a `.json` scene
    /// (`example` -> `example.json`, an imported `arena.mesh` -> `arena.json`).
    pub fn save_name(&self) -> String {
        match self.path.as_deref().and_then(Path::file_name) {
            Some(name) => name.to_string_lossy().into_owned(),
            None => format!("{}.json", file_stem(&self.title)),
        }
    }

    /// Grows by one at every change of the scene (edits, undo, redo); derived data is cached by it.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// True when the scene differs from the file (or an untitled document was edited).
    pub fn is_dirty(&self) -> bool {
        self.saved_content != Some(self.content)
    }

    /// Applies an edit. Outside a gesture each edit is one undo step; inside one, the first edit
    /// records the step and the others join it.
    pub fn apply(&mut self, edit: Edit) -> Result<(), EditError> {
        let before = (self.gesture != Gesture::Open { recorded: true }).then(|| self.scene.clone());
        edit.apply_to(&mut self.scene)?;
        if let Some(before) = before {
            self.record(before);
            if self.in_gesture() {
                self.gesture = Gesture::Open { recorded: true };
            }
        }
        self.content = self.next_content;
        self.next_content += 1;
        self.revision += 1;
        Ok(())
    }

    fn record(&mut self, before: Scene) {
        self.undo.push(Snapshot {
            scene: before,
            content: self.content,
        });
        if self.undo.len() > HISTORY_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Starts a gesture: the edits until [`Self::end_gesture`] form one undo step.
    pub fn begin_gesture(&mut self) {
        self.gesture = Gesture::Open { recorded: false };
    }

    pub fn end_gesture(&mut self) {
        self.gesture = Gesture::None;
    }

    pub fn in_gesture(&self) -> bool {
        self.gesture != Gesture::None
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Goes back one step; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.end_gesture();
        let Some(previous) = self.undo.pop() else {
            return false;
        };
        let current = self.swap_in(previous);
        self.redo.push(current);
        true
    }

    /// Goes forward one undone step; false when there is none.
    pub fn redo(&mut self) -> bool {
        self.end_gesture();
        let Some(next) = self.redo.pop() else {
            return false;
        };
        let current = self.swap_in(next);
        self.undo.push(current);
        true
    }

    fn swap_in(&mut self, snapshot: Snapshot) -> Snapshot {
        let old = Snapshot {
            scene: std::mem::replace(&mut self.scene, snapshot.scene),
            content: self.content,
        };
        self.content = snapshot.content;
        self.revision += 1;
        old
    }

    /// Writes the scene to its file atomically; the document is then clean.
    pub fn save(&mut self) -> Result<(), SaveError> {
        let path = self.path.clone().ok_or_else(|| SaveError {
            path: PathBuf::from("untitled"),
            error: std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "the document has no file yet; use Save As",
            ),
        })?;
        self.save_as(&path)
    }

    /// Writes the scene to `path` atomically; the document then belongs to that file.
    pub fn save_as(&mut self, path: &Path) -> Result<(), SaveError> {
        scene::save(&self.scene, path)?;
        self.path = Some(path.to_path_buf());
        self.saved_content = Some(self.content);
        Ok(())
    }
}

/// The stem of a document or file name, for the names of files made from it (`rooms.json` ->
/// `rooms`; `untitled` when there is none).
pub fn file_stem(name: &str) -> String {
    Path::new(name)
        .file_stem()
        .map_or("untitled".into(), |s| s.to_string_lossy().into_owned())
}
