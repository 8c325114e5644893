//! The faces of a triangulation keyed by their directed edges: the face on the left of edge
//! a -> b is named by its third corner and, when walkable, by its mesh triangle. A navmesh kept
//! in step with a changing triangulation (see `build::live_mesh`) finds its triangles here,
//! since the triangulation renumbers its faces as it changes.
//! ```text
//!        c
//!       / \       key (a, b) -> Face { third: c, tri }
//!      / f \      (and likewise (b, c) -> a, (c, a) -> b)
//!     a --> b
//! ```

use super::ids::{TriId, VertexId};
use rustc_hash::FxHashMap;

/// One face: its corner opposite the keyed edge, and its triangle when walkable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Face {
    pub third: VertexId,
    pub tri: Option<TriId>,
}

/// Every inner face of a triangulation, once under each of its three directed edges.
#[derive(Clone, Debug, Default)]
pub(crate) struct FaceEdges(FxHashMap<u64, Face>);

fn key(a: VertexId, b: VertexId) -> u64 {
    (u64::from(a.0) << 32) | u64::from(b.0)
}

impl FaceEdges {
    pub(crate) fn with_capacity(faces: usize) -> Self {
        let mut map = FxHashMap::default();
        map.reserve(3 * faces);
        FaceEdges(map)
    }

    /// The face on the left of a -> b.
    pub(crate) fn left_of(&self, a: VertexId, b: VertexId) -> Option<Face> {
        self.0.get(&key(a, b)).copied()
    }

    /// The face with corners `corners` (counter-clockwise) if it is recorded.
    pub(crate) fn face(&self, [a, b, c]: [VertexId; 3]) -> Option<Face> {
        self.left_of(a, b).filter(|f| f.third == c)
    }

    /// Records the face with corners `corners` (counter-clockwise).
    pub(crate) fn insert(&mut self, [a, b, c]: [VertexId; 3], tri: Option<TriId>) {
        for (p, q, r) in [(a, b, c), (b, c, a), (c, a, b)] {
            self.0.insert(key(p, q), Face { third: r, tri });
        }
    }

    /// Forgets the face with corners `corners` (counter-clockwise).
    pub(crate) fn remove(&mut self, [a, b, c]: [VertexId; 3]) {
        for (p, q) in [(a, b), (b, c), (c, a)] {
            self.0.remove(&key(p, q));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_face_is_found_from_each_of_its_edges_and_not_from_the_reversed_ones() {
        let [a, b, c, d] = [0, 1, 2, 3].map(VertexId);
        let mut faces = FaceEdges::default();
        faces.insert([a, b, c], Some(TriId(7)));
        for (p, q, r) in [(a, b, c), (b, c, a), (c, a, b)] {
            assert_eq!(
                faces.left_of(p, q),
                Some(Face {
                    third: r,
                    tri: Some(TriId(7))
                })
            );
        }
        assert_eq!(faces.left_of(b, a), None);
        assert_eq!(faces.face([a, b, d]), None);
        faces.remove([b, c, a]);
        assert_eq!(faces.left_of(a, b), None);
    }
}
