//! Triangles reshaped after the point-location triangulations were taken (the flips that join a
//! split build, see `build::stitch`): spade's faces no longer match them, so they are indexed by
//! an R-tree of their boxes, and `locate` tests the candidates exactly. Flips keep the union of
//! the triangles they touch, so a point lies in a reshaped triangle exactly when spade would have
//! named one of them, and spade's answer stands for every other point.

use super::ids::{TriId, VertexId};
use crate::geom::Point;
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};

/// One reshaped triangle: its id, corners and corner positions.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub id: TriId,
    pub corners: [VertexId; 3],
    pub points: [Point; 3],
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

    /// The reshaped triangles with a corner at `p`.
    pub(crate) fn around(&self, p: Point) -> impl Iterator<Item = TriId> + '_ {
        self.candidates(p)
            .filter(move |e| e.points.contains(&p))
            .map(|e| e.id)
    }

    /// The reshaped triangles whose boxes hold `p` (the caller tests the triangles exactly).
    pub(crate) fn candidates(&self, p: Point) -> impl Iterator<Item = &Entry> + '_ {
        self.tree
            .locate_in_envelope_intersecting(AABB::from_point([p.x, p.y]))
            .map(|g| &self.entries[g.data])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_are_the_triangles_whose_boxes_hold_the_point() {
        let vertices = [
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(0.0, 4.0),
            Point::new(9.0, 9.0),
        ];
        let v = VertexId;
        let tri = [[v(0), v(1), v(2)], [v(1), v(3), v(2)]];
        let r = Reshaped::new(vec![TriId(0), TriId(1)], &vertices, &tri);
        let ids = |p: Point| {
            let mut ids: Vec<TriId> = r.candidates(p).map(|e| e.id).collect();
            ids.sort();
            ids
        };
        assert_eq!(ids(Point::new(1.0, 1.0)), vec![TriId(0), TriId(1)]);
        assert_eq!(ids(Point::new(8.0, 8.0)), vec![TriId(1)]);
        assert!(ids(Point::new(-1.0, 1.0)).is_empty());
        assert_eq!(
            r.around(Point::new(9.0, 9.0)).collect::<Vec<_>>(),
            vec![TriId(1)]
        );
        assert!(r.contains(TriId(1)) && !r.contains(TriId(2)));
    }
}
