//! Convex polygons from a navmesh's triangles (Hertel–Mehlhorn): remove interior edges, longest
//! first, wherever the two polygons on either side merge into a convex polygon (and, with a
//! limit, one of at most that many vertices). No vertex is dropped, so neighbouring polygons
//! still meet edge to edge; the result has at most four times the optimal number of polygons.

use crate::geom::orient;
use crate::nav::{NavMesh, PolygonMesh};

/// The triangles of `mesh` merged into convex polygons of at most `max_vertices` vertices
/// (`None`: no limit; values below 3 act as 3, i.e. no merging).
pub fn convex_polygons(mesh: &NavMesh, max_vertices: Option<usize>) -> PolygonMesh {
    let mut merged = PolygonMesh::from_triangles(mesh);
    let limit = max_vertices.unwrap_or(usize::MAX);
    // Interior edges (a, b) seen from triangle t (a -> b counter-clockwise in t) with u across.
    let mut diagonals: Vec<(f64, u32, u32, u32, u32)> = Vec::new();
    for t in mesh.triangle_ids() {
        let tri = mesh.triangle(t);
        for (k, n) in mesh.neighbors(t).into_iter().enumerate() {
            if let Some(u) = n.filter(|u| t < *u) {
                let (a, b) = (tri[k], tri[(k + 1) % 3]);
                let length = mesh.vertex(a).distance(mesh.vertex(b));
                diagonals.push((length, t.0, u.0, a.0, b.0));
            }
        }
    }
    diagonals.sort_by(|x, y| y.0.total_cmp(&x.0).then((x.1, x.2).cmp(&(y.1, y.2))));
    let mut parent: Vec<u32> = (0..merged.polygons.len() as u32).collect();
    for (_, t, u, a, b) in diagonals {
        let (p, q) = (root(&mut parent, t), root(&mut parent, u));
        if p == q {
            continue;
        }
        let (pp, qq) = (&merged.polygons[p as usize], &merged.polygons[q as usize]);
        if pp.len() + qq.len() - 2 > limit.max(3) {
            continue;
        }
        let Some(joined) = join(pp, qq, a, b) else {
            continue;
        };
        if !is_convex(&merged, &joined) {
            continue;
        }
        merged.polygons[p as usize] = joined;
        merged.polygons[q as usize].clear();
        parent[q as usize] = p;
    }
    merged.polygons.retain(|p| !p.is_empty());
    merged
}

/// The representative polygon of triangle `t` (with path halving).
fn root(parent: &mut [u32], mut t: u32) -> u32 {
    while parent[t as usize] != t {
        parent[t as usize] = parent[parent[t as usize] as usize];
        t = parent[t as usize];
    }
    t
}

/// `p` (holding edge a -> b) and `q` (holding b -> a) as one ring without that edge, or `None`
/// when they share more than the edge (the ring would repeat a vertex).
fn join(p: &[u32], q: &[u32], a: u32, b: u32) -> Option<Vec<u32>> {
    let start_p = p.iter().position(|&v| v == b)?;
    let start_q = q.iter().position(|&v| v == a)?;
    let mut ring: Vec<u32> = (0..p.len()).map(|i| p[(start_p + i) % p.len()]).collect();
    ring.extend((1..q.len() - 1).map(|i| q[(start_q + i) % q.len()]));
    let mut sorted = ring.clone();
    sorted.sort_unstable();
    sorted.windows(2).all(|w| w[0] != w[1]).then_some(ring)
}

/// Whether no corner of the ring turns clockwise (straight corners are allowed: they keep
/// neighbours' vertices).
pub(crate) fn is_convex(mesh: &PolygonMesh, ring: &[u32]) -> bool {
    let n = ring.len();
    let at = |i: usize| mesh.vertices[ring[i % n] as usize];
    (0..n).all(|i| orient(at(i + n - 1), at(i), at(i + 1)) >= 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::build;
    use crate::scene::generate;

    #[test]
    fn a_square_of_two_triangles_becomes_one_polygon() {
        let scene = generate::scene_with(vec![generate::rect(0.0, 0.0, 10.0, 6.0)], vec![], 0.0);
        let mesh = build(&scene).unwrap().mesh;
        let polygons = convex_polygons(&mesh, None);
        assert_eq!(mesh.triangle_count(), 2);
        assert_eq!(polygons.polygons.len(), 1);
        assert_eq!(polygons.polygons[0].len(), 4);
        assert_eq!(convex_polygons(&mesh, Some(3)).polygons.len(), 2);
    }
}
