//! Joining the two halves of a split triangulation (see `seam`) into one Delaunay mesh: the
//! triangles on both sides of each seam piece are linked, then Lawson edge flips, seeded with
//! the seam pieces, make every edge between two walkable triangles locally Delaunay again.
//!
//! Walls have no walkable triangle across them, so every linked edge is free to flip and no
//! constraint is ever flipped. A constrained triangulation whose free edges are all locally
//! Delaunay is the constrained Delaunay triangulation, so the joined mesh has no seam of
//! slivers; the seam points stay only where the seam crossed a wall.
//! ```text
//!   before (two halves)        after the flips
//!     c                          c
//!    /|\                        / \
//!   / | \      flip p-q        /   \
//!  p  |  s    --------->      p-----s
//!   \ | /                      \   /
//!    \|/                        \ /
//!     q                          q
//! ```

use crate::geom::{Point, in_circle, orient};
use crate::nav::mesh::ids::{TriId, VertexId};
use crate::nav::mesh::tri_links::TriLinks;

/// Links the triangles across the seam (an edge between two seam vertices is shared by exactly
/// one triangle on each side), then flips until every linked edge is locally Delaunay. Returns
/// the triangles the flips reshaped, sorted.
pub(super) fn stitch(
    vertices: &[Point],
    triangles: &mut [[VertexId; 3]],
    neighbors: &mut [TriLinks],
    seam_vertices: &[Option<VertexId>],
) -> Vec<TriId> {
    let seam_edges = link_seam(triangles, neighbors, seam_vertices);
    let mut flips = Flips {
        vertices,
        triangles,
        neighbors,
    };
    let mut reshaped = flips.restore_delaunay(seam_edges);
    reshaped.sort_unstable();
    reshaped.dedup();
    reshaped
}

/// Links the open seam edges in pairs and returns one side of each linked edge.
fn link_seam(
    triangles: &[[VertexId; 3]],
    neighbors: &mut [TriLinks],
    seam_vertices: &[Option<VertexId>],
) -> Vec<(TriId, usize)> {
    let mut is_seam = vec![
        false;
        triangles
            .iter()
            .flatten()
            .map(|v| v.index() + 1)
            .max()
            .unwrap_or(0)
    ];
    for v in seam_vertices.iter().flatten() {
        if let Some(slot) = is_seam.get_mut(v.index()) {
            *slot = true;
        }
    }
    let mut open: Vec<((VertexId, VertexId), TriId, usize)> = Vec::new();
    for (t, tri) in triangles.iter().enumerate() {
        for k in 0..3 {
            let (a, b) = (tri[k], tri[(k + 1) % 3]);
            if neighbors[t].get()[k].is_none() && is_seam[a.index()] && is_seam[b.index()] {
                open.push(((a.min(b), a.max(b)), TriId(t as u32), k));
            }
        }
    }
    open.sort_unstable();
    let mut linked = Vec::new();
    for group in open.chunk_by(|a, b| a.0 == b.0) {
        if let [(_, ta, ea), (_, tb, eb)] = *group {
            neighbors[ta.index()].set(ea, Some(tb));
            neighbors[tb.index()].set(eb, Some(ta));
            linked.push((ta, ea));
        }
    }
    linked
}

/// The mesh arrays the flips rewrite.
struct Flips<'a> {
    vertices: &'a [Point],
    triangles: &'a mut [[VertexId; 3]],
    neighbors: &'a mut [TriLinks],
}

impl Flips<'_> {
    /// Lawson's algorithm from the edges in `stack`: flips each edge whose far vertex lies
    /// strictly inside the near triangle's circumcircle (exact predicate) and checks the four
    /// edges around the flipped pair next. Ends because every flip lowers the lifted
    /// triangulation. Returns every triangle it reshaped (with repeats).
    fn restore_delaunay(&mut self, mut stack: Vec<(TriId, usize)>) -> Vec<TriId> {
        let mut reshaped = Vec::new();
        while let Some((t, k)) = stack.pop() {
            let Some(u) = self.neighbors[t.index()].get()[k] else {
                continue;
            };
            if !self.flip(t, k, u) {
                continue;
            }
            reshaped.extend([t, u]);
            // After `flip`, t = [r, p, s] and u = [s, q, r]; their outer edges are t's 0 and 1
            // and u's 0 and 1.
            stack.extend([(t, 0), (t, 1), (u, 0), (u, 1)]);
        }
        reshaped
    }

    /// Flips edge `k` of `t` (shared with `u`) when it is not locally Delaunay; says whether
    /// it did. Triangle `t = [p, q, r]` (edge p-q) and `u = [q, p, s]` become `[r, p, s]` and
    /// `[s, q, r]`.
    fn flip(&mut self, t: TriId, k: usize, u: TriId) -> bool {
        let tri = self.triangles[t.index()];
        let (p, q, r) = (tri[k], tri[(k + 1) % 3], tri[(k + 2) % 3]);
        let other = self.triangles[u.index()];
        let Some(j) = (0..3).find(|&j| other[j] == q && other[(j + 1) % 3] == p) else {
            return false;
        };
        let s = other[(j + 2) % 3];
        let at = |v: VertexId| self.vertices[v.index()];
        if in_circle(at(p), at(q), at(r), at(s)) <= 0.0
            || orient(at(r), at(p), at(s)) <= 0.0
            || orient(at(s), at(q), at(r)) <= 0.0
        {
            return false;
        }
        let near = self.neighbors[t.index()].get();
        let far = self.neighbors[u.index()].get();
        let (qr, rp) = (near[(k + 1) % 3], near[(k + 2) % 3]);
        let (ps, sq) = (far[(j + 1) % 3], far[(j + 2) % 3]);
        self.triangles[t.index()] = [r, p, s];
        self.neighbors[t.index()] = TriLinks::new([rp, ps, Some(u)]);
        self.triangles[u.index()] = [s, q, r];
        self.neighbors[u.index()] = TriLinks::new([sq, qr, Some(t)]);
        self.relink(ps, u, t);
        self.relink(qr, t, u);
        true
    }

    /// Makes triangle `n` (if any) point at `to` where it pointed at `from`.
    fn relink(&mut self, n: Option<TriId>, from: TriId, to: TriId) {
        if let Some(n) = n {
            self.neighbors[n.index()].relink(from, to);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(i: u32) -> VertexId {
        VertexId(i)
    }

    type Stitched = (Vec<TriId>, [[VertexId; 3]; 2], [TriLinks; 2]);

    /// Stitches the two triangles either side of the seam piece from `p` (below) to `q`
    /// (above), with `left` and `right` their far corners.
    fn stitch_diamond(p: Point, q: Point, left: Point, right: Point) -> Stitched {
        let vertices = [p, q, left, right];
        let mut triangles = [[v(0), v(1), v(2)], [v(1), v(0), v(3)]];
        let mut neighbors = [TriLinks::WALLS; 2];
        let seam = [Some(v(0)), Some(v(1))];
        let reshaped = stitch(&vertices, &mut triangles, &mut neighbors, &seam);
        (reshaped, triangles, neighbors)
    }

    #[test]
    fn a_thin_pair_flips_to_the_delaunay_diagonal() {
        // A thin diamond cut by its long vertical diagonal p-q, as a seam leaves it.
        let (reshaped, triangles, neighbors) = stitch_diamond(
            Point::new(0.0, -3.0),
            Point::new(0.0, 3.0),
            Point::new(-1.0, 0.0),
            Point::new(1.0, 0.0),
        );
        assert_eq!(reshaped, vec![TriId(0), TriId(1)]);
        // The diagonal is now left-right.
        for tri in &triangles {
            assert!(tri.contains(&v(2)) && tri.contains(&v(3)), "{triangles:?}");
        }
        assert_eq!(neighbors[0].get().iter().flatten().count(), 1);
        assert_eq!(neighbors[1].get().iter().flatten().count(), 1);
    }

    #[test]
    fn a_delaunay_pair_is_linked_but_not_flipped() {
        let (reshaped, _, neighbors) = stitch_diamond(
            Point::new(0.0, -1.0),
            Point::new(0.0, 1.0),
            Point::new(-3.0, 0.0),
            Point::new(3.0, 0.0),
        );
        assert!(reshaped.is_empty());
        assert_eq!(neighbors[0].get()[0], Some(TriId(1)));
        assert_eq!(neighbors[1].get()[0], Some(TriId(0)));
    }
}
