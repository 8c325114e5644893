//! `Corridor`: the triangles from start to goal and the portals between them.
//!
//! Portals follow the seeds' convention: the first portal is (start, start), then each shared
//! edge as (left, right) seen walking towards the goal, and the last portal is (goal, goal).
//! ```text
//!      left ---- left ---- left
//!   S    |  t1    |  t2    |    G      walking ->
//!      right --- right --- right
//! ```

use super::mesh::{NavMesh, TriId, VertexId};
use crate::geom::Point;

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
