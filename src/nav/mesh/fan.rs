//! Fans: the walkable triangles around a mesh vertex, walked from one of them towards a wall.
//!
//! Around a vertex v, crossing a triangle's edge (v, next) turns clockwise and crossing its edge
//! (prev, v) turns counter-clockwise. A walk stops at a wall (an edge at v with no neighbour) or
//! when it comes back to where it started (v is then inside the free space):
//! ```text
//!    before          counter-clockwise walk from t ends at the incoming wall before -> v,
//!       \  t2  /     clockwise walk ends at the outgoing wall v -> after
//!        \    /  t1
//!  (wall) v-------- after (wall)
//! ```

use super::ids::{TriId, VertexId};
use super::navmesh::NavMesh;

impl NavMesh {
    /// The triangles met turning around `v` from `t` (included, `v` must be one of its corners)
    /// counter-clockwise (`ccw`) or clockwise, until a wall or until the walk is back at `t`.
    pub(crate) fn fan(&self, v: VertexId, t: TriId, ccw: bool) -> impl Iterator<Item = TriId> + '_ {
        std::iter::successors(Some(t), move |&u| {
            self.fan_step(v, u, ccw).filter(|&n| n != t)
        })
    }

    /// Where the walk of [`NavMesh::fan`] meets a wall: its last triangle and the wall's other
    /// vertex (`before` counter-clockwise, `after` clockwise). `None` when the triangles close
    /// around `v`.
    pub(crate) fn fan_wall(&self, v: VertexId, t: TriId, ccw: bool) -> Option<(TriId, VertexId)> {
        let mut u = t;
        loop {
            let (i, tri) = (self.corner_of(v, u), self.triangle(u));
            match self.neighbors(u)[if ccw { (i + 2) % 3 } else { i }] {
                None => {
                    return Some((
                        u,
                        if ccw {
                            tri[(i + 2) % 3]
                        } else {
                            tri[(i + 1) % 3]
                        },
                    ));
                }
                Some(n) if n == t => return None,
                Some(n) => u = n,
            }
        }
    }

    /// The next triangle around `v` from `t`, if no wall is in between.
    fn fan_step(&self, v: VertexId, t: TriId, ccw: bool) -> Option<TriId> {
        let i = self.corner_of(v, t);
        self.neighbors(t)[if ccw { (i + 2) % 3 } else { i }]
    }

    /// The index (0, 1 or 2) of vertex `v` among the corners of `t`.
    pub(crate) fn corner_of(&self, v: VertexId, t: TriId) -> usize {
        self.triangle(t).iter().position(|&u| u == v).unwrap_or(0)
    }
}
