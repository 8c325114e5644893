//! The scene document: walkable outlines, obstacles, the order they are painted in, agent radius
//! and profiles, saved queries and the reference underlay, with its file format, validation and
//! hit-testing. Off-mesh links join places of the free space without walking.

mod agents;
mod assign;
mod cost;
mod file;
pub mod generate;
mod links;
mod packed_corner;
mod pick;
mod reference;
mod validate;

pub use agents::{AgentProfile, DEFAULT_PROFILE, UnknownProfile};
pub use cost::{CostArea, FLOOR_COST, cost_problem};
pub use file::{
    AreaKind, FORMAT_NAME, FORMAT_VERSION, LoadError, SaveError, from_json, load, save,
    strip_position, to_json, to_json_at,
};
pub use links::Link;
pub use packed_corner::PackedCorner;
pub use pick::{
    Hit, LinkEnd, QueryEnd, pick, pick_corner, pick_edge, pick_endpoint, pick_link_end,
    pick_obstacle,
};
pub use reference::Reference;
pub use validate::{Issue, MAX_COORDINATE, Severity, validate, validate_for};

use crate::geom::{Aabb, Point, Ring};

/// Stable identity of an obstacle within a document (not stored in files; assigned on load).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObstacleId(pub u32);

/// Which ring of a scene something refers to: a walkable outline, an obstacle or a cost area,
/// by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RingRef {
    Walkable(usize),
    Obstacle(usize),
    Cost(usize),
}

/// A corner of a scene ring: the `index`-th point of `ring`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Corner {
    pub ring: RingRef,
    pub index: usize,
}

/// A named obstacle ring, subtracted from the walkable area.
#[derive(Clone, Debug, PartialEq)]
pub struct Obstacle {
    pub id: ObstacleId,
    pub name: String,
    pub ring: Ring,
}

/// A saved start/goal pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Query {
    pub name: String,
    pub start: Point,
    pub goal: Point,
}

/// The document a designer edits. Derived data (meshes, paths) never lives here.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub agent_radius: f64,
    /// Outer rings whose union is where agents may be (before shrinking by the radius).
    pub walkable: Vec<Ring>,
    pub obstacles: Vec<Obstacle>,
    pub queries: Vec<Query>,
    /// Agent profiles besides the default one (`agent_radius`); see [`Scene::profiles`].
    pub agents: Vec<AgentProfile>,
    /// The image drawn under the scene to trace from, if any.
    pub reference: Option<Reference>,
    /// Weighted ground (format v2); see [`CostArea`].
    pub costs: Vec<CostArea>,
    /// The order the rings are painted in (format v2: a walkable ring adds its area, an obstacle
    /// cuts it out, a cost area weights the ground under it), each ring exactly once. Empty means the v1 order: every walkable outline,
    /// then every obstacle. See [`Scene::areas`].
    pub order: Vec<RingRef>,
    /// Names of the walkable outlines by index (format v2); a missing entry is no name.
    pub walkable_names: Vec<String>,
    /// Off-mesh links (jumps, ladders, teleporters), in file order.
    pub links: Vec<Link>,
}

impl Default for Scene {
    fn default() -> Self {
        Scene {
            agent_radius: 0.5,
            walkable: Vec::new(),
            obstacles: Vec::new(),
            queries: Vec::new(),
            agents: Vec::new(),
            reference: None,
            costs: Vec::new(),
            order: Vec::new(),
            walkable_names: Vec::new(),
            links: Vec::new(),
        }
    }
}

impl Scene {
    /// The ring `r` refers to, if it exists.
    pub fn ring(&self, r: RingRef) -> Option<&Ring> {
        match r {
            RingRef::Walkable(i) => self.walkable.get(i),
            RingRef::Obstacle(i) => self.obstacles.get(i).map(|o| &o.ring),
            RingRef::Cost(i) => self.costs.get(i).map(|c| &c.ring),
        }
    }

    /// Every ring with its reference: walkable outlines first, then obstacles, then cost areas.
    pub fn rings(&self) -> impl Iterator<Item = (RingRef, &Ring)> {
        let w = self
            .walkable
            .iter()
            .enumerate()
            .map(|(i, r)| (RingRef::Walkable(i), r));
        let o = self
            .obstacles
            .iter()
            .enumerate()
            .map(|(i, o)| (RingRef::Obstacle(i), &o.ring));
        let c = self
            .costs
            .iter()
            .enumerate()
            .map(|(i, c)| (RingRef::Cost(i), &c.ring));
        w.chain(o).chain(c)
    }

    /// Every ring in painting order: [`Scene::order`], or the v1 order when that is empty.
    pub fn areas(&self) -> Vec<RingRef> {
        if self.order.is_empty() {
            self.rings().map(|(r, _)| r).collect()
        } else {
            self.order.clone()
        }
    }

    /// True when painting order matters: some walkable ring comes after an obstacle (an island
    /// in a pit), which format v1 cannot say.
    pub fn is_nested(&self) -> bool {
        let mut after_obstacle = false;
        for r in self.areas() {
            match r {
                RingRef::Obstacle(_) => after_obstacle = true,
                RingRef::Walkable(_) if after_obstacle => return true,
                RingRef::Walkable(_) | RingRef::Cost(_) => {}
            }
        }
        false
    }

    /// Sets the painting order; the v1 order is stored as empty, so v1 scenes stay v1.
    pub fn set_order(&mut self, order: Vec<RingRef>) {
        let v1: Vec<RingRef> = self.rings().map(|(r, _)| r).collect();
        self.order = if order == v1 { Vec::new() } else { order };
    }

    /// A scene of `areas` (kind, name, ring) painted in the order given, with `agent_radius` and
    /// nothing else; walkable names are kept only when some walkable area has one. Cost areas
    /// cost [`FLOOR_COST`] until their `cost` is set.
    pub fn from_areas(
        agent_radius: f64,
        areas: impl IntoIterator<Item = (AreaKind, String, Ring)>,
    ) -> Scene {
        let mut scene = Scene {
            agent_radius,
            ..Scene::default()
        };
        let mut order = Vec::new();
        for (kind, name, ring) in areas {
            match kind {
                AreaKind::Walkable => {
                    order.push(RingRef::Walkable(scene.walkable.len()));
                    scene.walkable.push(ring);
                    scene.walkable_names.push(name);
                }
                AreaKind::Obstacle => {
                    order.push(RingRef::Obstacle(scene.obstacles.len()));
                    scene.obstacles.push(Obstacle {
                        id: ObstacleId(scene.obstacles.len() as u32),
                        name,
                        ring,
                    });
                }
                AreaKind::Cost => {
                    order.push(RingRef::Cost(scene.costs.len()));
                    scene.costs.push(CostArea {
                        name,
                        ring,
                        cost: FLOOR_COST,
                    });
                }
            }
        }
        if scene.walkable_names.iter().all(String::is_empty) {
            scene.walkable_names.clear();
        }
        scene.set_order(order);
        scene
    }

    /// The name of walkable ring `i` ("" when it has none).
    pub fn walkable_name(&self, i: usize) -> &str {
        self.walkable_names.get(i).map_or("", String::as_str)
    }

    /// A human name for a ring, e.g. `walkable ring 0` or `obstacle 3 "crate"`.
    pub fn describe(&self, r: RingRef) -> String {
        match r {
            RingRef::Walkable(i) => match self.walkable_name(i) {
                "" => format!("walkable ring {i}"),
                name => format!("walkable ring {i} \"{name}\""),
            },
            RingRef::Obstacle(i) => match self.obstacles.get(i) {
                Some(o) if !o.name.is_empty() => format!("obstacle {i} \"{}\"", o.name),
                _ => format!("obstacle {i}"),
            },
            RingRef::Cost(i) => match self.costs.get(i) {
                Some(c) if !c.name.is_empty() => format!("cost area {i} \"{}\"", c.name),
                _ => format!("cost area {i}"),
            },
        }
    }

    /// Index of the obstacle with this id.
    pub fn obstacle_index(&self, id: ObstacleId) -> Option<usize> {
        self.obstacles.iter().position(|o| o.id == id)
    }

    /// An id no obstacle of this scene uses yet.
    pub fn next_obstacle_id(&self) -> ObstacleId {
        ObstacleId(self.obstacles.iter().map(|o| o.id.0 + 1).max().unwrap_or(0))
    }

    /// Bounding box of every ring, query point and link end.
    pub fn bounds(&self) -> Aabb {
        let mut b = Aabb::EMPTY;
        for (_, ring) in self.rings() {
            b = b.union(ring.aabb());
        }
        for q in &self.queries {
            b.include(q.start);
            b.include(q.goal);
        }
        for l in &self.links {
            b.include(l.from);
            b.include(l.to);
        }
        b
    }

    /// Total number of ring points.
    pub fn point_count(&self) -> usize {
        self.rings().map(|(_, r)| r.len()).sum()
    }
}
