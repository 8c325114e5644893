//! `Corridor`: the triangles from start to goal and the portals between them.
//!
//! Portals follow the seeds' convention: the first portal is (start, start), then each shared
//! edge as (left, right) seen walking towards the goal, and the last portal is (goal, goal).
//! ```text
//!      left ---- left ---- left
//!   S    |  t1    |  t2    |    G      walking ->
//!      right --- right --- right
//! ```

use crate::geom::{Point, orient};
use crate::nav::mesh::ids::{TriId, VertexId};
use crate::nav::mesh::navmesh::NavMesh;

/// Which side of the corridor a portal end is on, seen walking from start to goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hand {
    Left,
    Right,
}

/// One end of a portal: `portal` indexes the portal list (0 = start, last = goal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PortalEnd {
    pub portal: usize,
    pub hand: Hand,
}

impl PortalEnd {
    pub fn new(portal: usize, hand: Hand) -> Self {
        PortalEnd { portal, hand }
    }
}

/// A segment the path must cross: endpoints as seen walking from start to goal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Portal {
    pub left: Point,
    pub right: Point,
}

impl Portal {
    pub fn midpoint(&self) -> Point {
        self.left.midpoint(self.right)
    }

    /// The end on the given side.
    pub fn end(&self, hand: Hand) -> Point {
        match hand {
            Hand::Left => self.left,
            Hand::Right => self.right,
        }
    }
}

/// A triangle corridor with its start and goal.
#[derive(Clone, Debug, PartialEq)]
pub struct Corridor {
    pub start: Point,
    pub goal: Point,
    pub triangles: Vec<TriId>,
    /// The shared edge of each consecutive pair of triangles, as (left, right) vertex ids.
    pub edges: Vec<(VertexId, VertexId)>,
}

impl Corridor {
    /// Builds a corridor from a triangle sequence; `None` if two consecutive triangles are not
    /// neighbours.
    pub fn from_triangles(
        mesh: &NavMesh,
        start: Point,
        goal: Point,
        triangles: Vec<TriId>,
    ) -> Option<Corridor> {
        let edges = triangles
            .windows(2)
            .map(|w| {
                mesh.shared_edge(w[0], w[1])
                    .map(|k| mesh.edge_left_right(w[0], k))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Corridor {
            start,
            goal,
            triangles,
            edges,
        })
    }

    /// The corners of the end triangles that lie on no portal, beside which the start and the
    /// goal sit: (those of the first triangle, those of the last). A one-triangle corridor has
    /// all three corners first and none last.
    pub fn loose_corners(&self, mesh: &NavMesh) -> (Vec<Point>, Vec<Point>) {
        let loose = |t: TriId, edge: Option<(VertexId, VertexId)>| -> Vec<Point> {
            let on_edge = |v: VertexId| edge.is_some_and(|(l, r)| v == l || v == r);
            mesh.triangle(t)
                .into_iter()
                .filter(|&v| !on_edge(v))
                .map(|v| mesh.vertex(v))
                .collect()
        };
        match (self.triangles.first(), self.triangles.last()) {
            (Some(&first), Some(_)) if self.edges.is_empty() => (loose(first, None), Vec::new()),
            (Some(&first), Some(&last)) => (
                loose(first, self.edges.first().copied()),
                loose(last, self.edges.last().copied()),
            ),
            _ => (Vec::new(), Vec::new()),
        }
    }

    /// All portals including the degenerate start and goal portals.
    pub fn portals(&self, mesh: &NavMesh) -> Vec<Portal> {
        let mut portals = Vec::with_capacity(self.edges.len() + 2);
        portals.push(Portal {
            left: self.start,
            right: self.start,
        });
        portals.extend(self.edges.iter().map(|&(l, r)| Portal {
            left: mesh.vertex(l),
            right: mesh.vertex(r),
        }));
        portals.push(Portal {
            left: self.goal,
            right: self.goal,
        });
        portals
    }
}

/// A corridor is valid on `mesh`: its first triangle holds the start and its last the goal
/// (boundaries included), consecutive triangles are neighbours with `edges` their shared edges,
/// and no triangle appears twice.
pub fn check_corridor(mesh: &NavMesh, corridor: &Corridor) -> Result<(), String> {
    let holds = |t: TriId, p: Point| {
        let pts = mesh.triangle_points(t);
        (0..3).all(|k| orient(pts[k], pts[(k + 1) % 3], p) >= 0.0)
    };
    let (Some(&first), Some(&last)) = (corridor.triangles.first(), corridor.triangles.last())
    else {
        return Err("the corridor has no triangle".into());
    };
    if !holds(first, corridor.start) {
        return Err(format!(
            "first triangle {} does not hold the start",
            first.0
        ));
    }
    if !holds(last, corridor.goal) {
        return Err(format!("last triangle {} does not hold the goal", last.0));
    }
    if corridor.edges.len() + 1 != corridor.triangles.len() {
        return Err("the corridor has not one edge per pair of triangles".into());
    }
    for (w, &edge) in corridor.triangles.windows(2).zip(&corridor.edges) {
        let Some(k) = mesh.shared_edge(w[0], w[1]) else {
            return Err(format!(
                "triangles {} and {} are not neighbours",
                w[0].0, w[1].0
            ));
        };
        if mesh.edge_left_right(w[0], k) != edge {
            return Err(format!(
                "wrong edge between triangles {} and {}",
                w[0].0, w[1].0
            ));
        }
    }
    let mut sorted = corridor.triangles.clone();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("triangle {} appears twice", w[0].0));
    }
    Ok(())
}
