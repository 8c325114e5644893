//! Triangles reshaped after the point-location triangulations were taken (the flips that join a
//! split build, see `build::stitch`): spade's faces no longer match them, so they are found by
//! an R-tree of their boxes and an exact containment test. Flips keep the union of the
//! triangles they touch, so a point lies in a reshaped triangle exactly when spade would have
//! named one of them, and spade's answer stands for every other point.

use super::ids::{TriId, VertexId};
use super::locate::Location;
use crate::geom::{Point, orient};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};

/// One reshaped triangle: its id, corners and corner positions.
#[derive(Clone, Debug)]
struct Entry {
    id: TriId,
    corners: [VertexId; 3],
    points: [Point; 3],
}

/// The reshaped triangles, indexed by their boxes.
#[derive(Clone, Debug)]
pub(crate) struct Reshaped {
    /// Sorted ids.
    ids: Vec<TriId>,
    tree: RTree<GeomWithData<Rectangle<[f64; 2]>, usize>>,
    entries: Vec<Entry>,
}

impl Reshaped {
    /// The index of triangles `ids` (sorted, no repeats) of a mesh.
    pub(crate) fn new(ids: Vec<TriId>, vertices: &[Point], triangles: &[[VertexId; 3]]) -> Self {
        let entries: Vec<Entry> = ids
            .iter()
            .map(|&id| {
                let corners = triangles[id.index()];
                Entry {
                    id,
                    corners,
                    points: corners.map(|v| vertices[v.index()]),
                }
            })
            .collect();
        let boxes = entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let [a, b, c] = e.points;
                let lo = [a.x.min(b.x).min(c.x), a.y.min(b.y).min(c.y)];
                let hi = [a.x.max(b.x).max(c.x), a.y.max(b.y).max(c.y)];
                GeomWithData::new(Rectangle::from_corners(lo, hi), i)
            })
            .collect();
        Reshaped {
            ids,
            tree: RTree::bulk_load(boxes),
            entries,
        }
    }

    pub(crate) fn contains(&self, t: TriId) -> bool {
        self.ids.binary_search(&t).is_ok()
    }

    /// Where `p` lies in the reshaped triangles (their boundaries included), the lowest id
    /// first; `None` when in none of them.
    pub(crate) fn locate(&self, p: Point) -> Option<Location> {
        self.candidates(p)
            .filter_map(|e| position_in(e, p))
            .min_by_key(|l| l.triangle())
    }

    /// The reshaped triangles with a corner at `p`.
    pub(crate) fn around(&self, p: Point) -> impl Iterator<Item = TriId> + '_ {
        self.candidates(p)
            .filter(move |e| e.points.contains(&p))
            .map(|e| e.id)
    }

    fn candidates(&self, p: Point) -> impl Iterator<Item = &Entry> + '_ {
        self.tree
            .locate_in_envelope_intersecting(AABB::from_point([p.x, p.y]))
            .map(|g| &self.entries[g.data])
    }
}

/// `p` in the triangle (inside, on edge k = corner k to corner k + 1, or on a corner), exactly.
fn position_in(e: &Entry, p: Point) -> Option<Location> {
    let [a, b, c] = e.points;
    let sides = [orient(a, b, p), orient(b, c, p), orient(c, a, p)];
    if sides.iter().any(|&s| s < 0.0) {
        return None;
    }
    let on: Vec<usize> = (0..3).filter(|&k| sides[k] == 0.0).collect();
    Some(match on.as_slice() {
        [] => Location::InTriangle(e.id),
        [k] => Location::OnEdge(e.id, *k),
        // On edges k and k + 1 (or edges 2 and 0): the corner they share.
        [0, 1] => Location::OnVertex(e.corners[1], e.id),
        [1, 2] => Location::OnVertex(e.corners[2], e.id),
        _ => Location::OnVertex(e.corners[0], e.id),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_edge_and_corner_are_told_apart() {
        let vertices = [
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(0.0, 4.0),
        ];
        let tri = [[VertexId(0), VertexId(1), VertexId(2)]];
        let r = Reshaped::new(vec![TriId(0)], &vertices, &tri);
        let t = TriId(0);
        assert_eq!(
            r.locate(Point::new(1.0, 1.0)),
            Some(Location::InTriangle(t))
        );
        assert_eq!(r.locate(Point::new(2.0, 0.0)), Some(Location::OnEdge(t, 0)));
        assert_eq!(r.locate(Point::new(2.0, 2.0)), Some(Location::OnEdge(t, 1)));
        assert_eq!(r.locate(Point::new(0.0, 2.0)), Some(Location::OnEdge(t, 2)));
        assert_eq!(
            r.locate(Point::new(4.0, 0.0)),
            Some(Location::OnVertex(VertexId(1), t))
        );
        assert_eq!(
            r.locate(Point::new(0.0, 0.0)),
            Some(Location::OnVertex(VertexId(0), t))
        );
        assert_eq!(r.locate(Point::new(3.0, 3.0)), None);
        assert_eq!(r.around(Point::new(0.0, 4.0)).collect::<Vec<_>>(), vec![t]);
        assert!(r.contains(t) && !r.contains(TriId(1)));
    }
}
