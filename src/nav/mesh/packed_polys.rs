//! The convex polygons (`convex`) laid out for the anytime corridor search, which spends most
//! of its time waiting for memory: each polygon's corners are packed with their points, their
//! neighbours and their landmark rows' numbers, and polygons are numbered along a Hilbert curve
//! through their centroids, so that the polygons a search walks through, being near in the
//! plane, are near in memory. The landmark rows (`landmarks`) are numbered in the order the
//! polygons first use their vertices, for the same reason.

use super::convex::{ConvexMesh, PolyId};
use super::ids::VertexId;
use super::landmarks::Landmarks;
use crate::geom::{Aabb, Point, hilbert_index};

/// A packed polygon's number (its place along the curve).
pub(crate) type Packed = u32;

/// No polygon across an edge.
const WALL: Packed = Packed::MAX;

/// A polygon's corner and the edge from it to the next corner (counter-clockwise).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    pub(crate) point: Point,
    /// The corner's row in the landmark table.
    pub(crate) row: u32,
    neighbor: Packed,
}

impl Slot {
    /// The polygon across the edge from this corner to the next (`None` = wall).
    pub(crate) fn neighbor(&self) -> Option<Packed> {
        (self.neighbor != WALL).then_some(self.neighbor)
    }
}

/// The packed polygons of a convex mesh, and the landmark distances of their corners.
#[derive(Clone, Debug, Default)]
pub(crate) struct PackedPolys {
    /// Packed polygon p's corners are `slots[starts[p]..starts[p + 1]]`, in the convex mesh's
    /// order.
    starts: Vec<u32>,
    slots: Vec<Slot>,
    /// The convex mesh's number of each packed polygon, and the packed number of each.
    original: Vec<PolyId>,
    packed: Vec<Packed>,
    /// Each mesh vertex's landmark row.
    rows: Vec<u32>,
    landmarks: Landmarks,
}

impl PackedPolys {
    /// The polygons of `convex`, merged from `triangles` over `vertices`, with their landmarks.
    pub(crate) fn new(
        vertices: &[Point],
        triangles: &[[VertexId; 3]],
        convex: &ConvexMesh,
    ) -> PackedPolys {
        let centroid = |p: PolyId| {
            let corners = convex.corners(p);
            let sum = (corners.iter()).fold(Point::new(0.0, 0.0), |s, &v| s + vertices[v.index()]);
            sum * (1.0 / corners.len() as f64)
        };
        let bounds = Aabb::from_points(vertices.iter().copied());
        let mut original: Vec<PolyId> = convex.polygons().collect();
        original.sort_by_cached_key(|&p| hilbert_index(centroid(p), bounds));
        let mut packed = vec![WALL; convex.polygon_count()];
        for (i, p) in original.iter().enumerate() {
            packed[p.index()] = i as Packed;
        }
        let mut rows = vec![u32::MAX; vertices.len()];
        let mut next_row = 0;
        let mut starts = Vec::with_capacity(original.len() + 1);
        let mut slots = Vec::with_capacity(convex.slot_count());
        starts.push(0);
        for &p in &original {
            for (&v, n) in convex.corners(p).iter().zip(convex.neighbors(p)) {
                if rows[v.index()] == u32::MAX {
                    rows[v.index()] = next_row;
                    next_row += 1;
                }
                slots.push(Slot {
                    point: vertices[v.index()],
                    row: rows[v.index()],
                    neighbor: n.map_or(WALL, |q| packed[q.index()]),
                });
            }
            starts.push(slots.len() as u32);
        }
        // Vertices no polygon uses keep rows at the end.
        for row in rows.iter_mut().filter(|r| **r == u32::MAX) {
            *row = next_row;
            next_row += 1;
        }
        let landmarks = Landmarks::new(vertices, triangles, &rows);
        PackedPolys {
            starts,
            slots,
            original,
            packed,
            rows,
            landmarks,
        }
    }

    pub(crate) fn polygon_count(&self) -> usize {
        self.original.len()
    }

    /// Number of corners of all polygons together.
    pub(crate) fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// The corners of packed polygon `p`, counter-clockwise.
    pub(crate) fn corners(&self, p: Packed) -> &[Slot] {
        &self.slots[self.slot(p)..self.starts[p as usize + 1] as usize]
    }

    /// Index of corner 0 of `p` among all polygons' corners: `slot(p) + i` numbers corner i.
    pub(crate) fn slot(&self, p: Packed) -> usize {
        self.starts[p as usize] as usize
    }

    /// The packed number of the convex mesh's polygon `p`.
    pub(crate) fn packed(&self, p: PolyId) -> Packed {
        self.packed[p.index()]
    }

    /// The convex mesh's number of packed polygon `p`.
    pub(crate) fn original(&self, p: Packed) -> PolyId {
        self.original[p as usize]
    }

    /// The landmark row of mesh vertex `v`.
    pub(crate) fn row(&self, v: VertexId) -> u32 {
        self.rows[v.index()]
    }

    pub(crate) fn landmarks(&self) -> &Landmarks {
        &self.landmarks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::mesh::navmesh::NavMesh;
    use crate::scene::generate::rotated_squares;

    fn mesh() -> NavMesh {
        let scene = rotated_squares(8, 6, 4.0, 0.3, 1);
        crate::nav::build(&scene).expect("the squares build").mesh
    }

    #[test]
    fn every_polygon_keeps_its_corners_and_neighbours() {
        let mesh = mesh();
        let convex = mesh.convex();
        let packed = PackedPolys::new(&mesh.vertices, &mesh.triangles, convex);
        assert_eq!(packed.polygon_count(), convex.polygons().count());
        assert_eq!(packed.slot_count(), convex.slot_count());
        let mut rows: Vec<u32> = (0..mesh.vertex_count())
            .map(|v| packed.row(VertexId(v as u32)))
            .collect();
        rows.sort_unstable();
        assert!(
            rows.iter().enumerate().all(|(i, &r)| r == i as u32),
            "rows are a permutation"
        );
        for p in convex.polygons() {
            let q = packed.packed(p);
            assert_eq!(packed.original(q), p);
            let slots = packed.corners(q);
            assert_eq!(slots.len(), convex.corners(p).len());
            for ((s, &v), &n) in slots.iter().zip(convex.corners(p)).zip(convex.neighbors(p)) {
                assert_eq!(s.point, mesh.vertex(v));
                assert_eq!(s.row, packed.row(v));
                assert_eq!(s.neighbor().map(|m| packed.original(m)), n);
            }
        }
    }

    #[test]
    fn polygons_next_in_memory_are_near_in_the_plane() {
        let mesh = mesh();
        let convex = mesh.convex();
        let packed = PackedPolys::new(&mesh.vertices, &mesh.triangles, convex);
        let centre = |p: Packed| {
            let c = packed.corners(p);
            c.iter().fold(Point::new(0.0, 0.0), |s, x| s + x.point) * (1.0 / c.len() as f64)
        };
        let steps = |order: &mut dyn Iterator<Item = Point>| {
            let points: Vec<Point> = order.collect();
            points.windows(2).map(|w| w[0].distance(w[1])).sum::<f64>()
        };
        let n = packed.polygon_count() as Packed;
        let along_curve = steps(&mut (0..n).map(centre));
        let merged_order = steps(&mut (convex.polygons()).map(|p| centre(packed.packed(p))));
        assert!(
            along_curve < 0.5 * merged_order,
            "{along_curve} walking the packed order, {merged_order} the merged order"
        );
    }
}
