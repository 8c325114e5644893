//! A triangulation in flat arrays: the corners of every inner face (counter-clockwise; edge k
//! runs from corner k to corner k + 1), the face across each edge and which edges are
//! constraints. Copied from spade's triangulation in one pass, so that its ~150 bytes a point
//! can be freed right away; classifying faces and packing the mesh read these 25 bytes a face
//! instead, in order, and point location keeps their corners (renamed to mesh vertices) and
//! adjacency (see `locate`).

use crate::geom::Point;
use spade::{ConstrainedDelaunayTriangulation, Point2, Triangulation};

/// spade's constrained triangulation as the build makes it.
pub(in crate::nav) type Cdt = ConstrainedDelaunayTriangulation<Point2<f64>>;

/// No face (across a hull edge), no triangle, no vertex.
pub(in crate::nav) const NONE: u32 = u32::MAX;

/// Every inner face of a triangulation, numbered from 0 in spade's order.
#[derive(Clone, Debug, Default)]
pub(in crate::nav) struct Faces {
    /// Vertex positions, in spade's vertex order.
    pub points: Vec<Point>,
    pub corners: Vec<[u32; 3]>,
    /// The face across each edge, `NONE` on the convex hull.
    pub across: Vec<[u32; 3]>,
    /// Bit k is set when edge k is a constraint edge.
    pub constrained: Vec<u8>,
}

impl Faces {
    /// The faces of `cdt`: face i is spade's inner face i + 1 (spade's face 0 is the outer one).
    pub fn new(cdt: &Cdt) -> Faces {
        let count = cdt.num_inner_faces();
        let mut faces = Faces {
            points: cdt
                .vertices()
                .map(|v| Point::new(v.position().x, v.position().y))
                .collect(),
            corners: Vec::with_capacity(count),
            across: Vec::with_capacity(count),
            constrained: Vec::with_capacity(count),
        };
        for face in cdt.inner_faces() {
            debug_assert_eq!(face.index(), faces.corners.len() + 1);
            let edges = face.adjacent_edges();
            faces
                .corners
                .push(face.vertices().map(|v| v.index() as u32));
            faces.across.push(edges.map(|e| {
                e.rev()
                    .face()
                    .as_inner()
                    .map_or(NONE, |g| (g.index() - 1) as u32)
            }));
            faces.constrained.push(
                (0..3)
                    .filter(|&k| edges[k].is_constraint_edge())
                    .fold(0, |bits, k| bits | 1 << k),
            );
        }
        faces
    }

    pub fn len(&self) -> usize {
        self.corners.len()
    }

    /// The corner positions of face `f`.
    pub fn positions(&self, f: u32) -> [Point; 3] {
        self.corners[f as usize].map(|v| self.points[v as usize])
    }

    pub fn is_constraint(&self, f: u32, k: usize) -> bool {
        self.constrained[f as usize] & (1 << k) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_link_across_their_shared_edges_and_keep_the_constraints() {
        // A square split by a constrained diagonal, and a point to its right.
        let points = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0), (2.0, 0.5)];
        let vertices = points.iter().map(|&(x, y)| Point2::new(x, y)).collect();
        let cdt = Cdt::bulk_load_cdt(vertices, vec![[0, 2]]).unwrap();
        let faces = Faces::new(&cdt);
        assert_eq!(faces.len(), cdt.num_inner_faces());
        let mut constraint_sides = 0;
        for f in 0..faces.len() as u32 {
            let [a, b, c] = faces.positions(f);
            assert!(
                crate::geom::orient(a, b, c) > 0.0,
                "face {f} is not counter-clockwise"
            );
            for k in 0..3 {
                let (from, to) = (
                    faces.corners[f as usize][k],
                    faces.corners[f as usize][(k + 1) % 3],
                );
                let g = faces.across[f as usize][k];
                if g != NONE {
                    // The face across has the same edge the other way round, and agrees on
                    // whether it is a constraint.
                    let j = (0..3)
                        .find(|&j| {
                            faces.corners[g as usize][j] == to
                                && faces.corners[g as usize][(j + 1) % 3] == from
                        })
                        .expect("the face across shares the edge");
                    assert_eq!(faces.across[g as usize][j], f);
                    assert_eq!(faces.is_constraint(g, j), faces.is_constraint(f, k));
                }
                if faces.is_constraint(f, k) {
                    constraint_sides += 1;
                    assert_eq!([from.min(to), from.max(to)], [0, 2]);
                }
            }
        }
        assert_eq!(constraint_sides, 2);
    }
}
