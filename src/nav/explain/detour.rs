//! Why not shortest: how much longer the funnel path through the A* corridor is than the exact
//! optimal path, and the corridor triangles the optimal path never touches (where the corridor
//! leaves the optimal path's way).

use crate::geom::{Aabb, Point, Segment, SegmentGrid, orient};
use crate::nav::mesh::ids::TriId;
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::paths::side::{Side, Variant};

/// The funnel path against the optimal one.
#[derive(Clone, Debug, PartialEq)]
pub struct Detour {
    /// Funnel length over optimal length, minus one (0 when they are equally long).
    pub excess: f64,
    /// Corridor triangles (in corridor order) the optimal path does not touch.
    pub off_path: Vec<TriId>,
}

/// The detour of the corridor of `side` (answered on `mesh`), when it has a corridor, a funnel
/// and an optimal path, and takes no off-mesh link (its paths are then joined per piece).
pub fn detour(mesh: &NavMesh, side: &Side) -> Option<Detour> {
    if !side.legs.is_empty() {
        return None;
    }
    let corridor = side.corridor.as_ref()?;
    let funnel = side.path(Variant::Funnel)?;
    let optimal = side.path(Variant::Optimal)?;
    let excess = if optimal.length > 0.0 {
        funnel.length / optimal.length - 1.0
    } else {
        0.0
    };
    let points = optimal.points(0.0);
    // The path's segments in a tree: each triangle meets only the few whose boxes reach it (a
    // corridor of 20k triangles along a path of 5k corners tested every pair).
    let pieces = match points.as_slice() {
        [p] => vec![Segment::new(*p, *p)],
        _ => points
            .windows(2)
            .map(|w| Segment::new(w[0], w[1]))
            .collect(),
    };
    let tree = SegmentGrid::new(pieces);
    let off_path = corridor
        .triangles
        .iter()
        .copied()
        .filter(|&t| !touches(mesh.triangle_points(t), &tree))
        .collect();
    Some(Detour { excess, off_path })
}

/// True when a segment of `path` meets the closed triangle.
fn touches(tri: [Point; 3], path: &SegmentGrid) -> bool {
    let inside = |p: Point| {
        let o = [0, 1, 2].map(|i| orient(tri[i], tri[(i + 1) % 3], p));
        o.iter().all(|&v| v >= 0.0) || o.iter().all(|&v| v <= 0.0)
    };
    path.candidates(Aabb::from_points(tri), 0.0)
        .into_iter()
        .any(|k| {
            let Segment { a: p, b: q } = path.segment(k as usize);
            inside(p) || inside(q) || (0..3).any(|i| segments_meet(p, q, tri[i], tri[(i + 1) % 3]))
        })
}

/// True when closed segments pq and ab share a point.
fn segments_meet(p: Point, q: Point, a: Point, b: Point) -> bool {
    let (o1, o2) = (orient(p, q, a), orient(p, q, b));
    let (o3, o4) = (orient(a, b, p), orient(a, b, q));
    if o1 == 0.0 && o2 == 0.0 {
        return Aabb::from_points([p, q]).intersects(&Aabb::from_points([a, b]));
    }
    o1 * o2 <= 0.0 && o3 * o4 <= 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_and_triangles_meet_on_their_boundaries() {
        let p = Point::new;
        let tri = [p(0.0, 0.0), p(2.0, 0.0), p(0.0, 2.0)];
        let touches = |tri, path: &[Point]| {
            let pieces = path.windows(2).map(|w| Segment::new(w[0], w[1])).collect();
            super::touches(tri, &SegmentGrid::new(pieces))
        };
        assert!(touches(tri, &[p(-1.0, 1.0), p(3.0, 1.0)]));
        assert!(touches(tri, &[p(2.0, 0.0), p(4.0, 0.0)]), "at a corner");
        assert!(!touches(tri, &[p(1.5, 1.5), p(3.0, 3.0)]));
        assert!(touches(tri, &[p(0.5, 0.5), p(0.6, 0.5)]), "inside");
        assert!(
            !touches(tri, &[p(3.0, 0.0), p(4.0, 0.0)]),
            "collinear, apart"
        );
    }
}
