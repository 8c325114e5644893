//! The convex polygons (`convex`) laid out for the anytime corridor search, which spends most
//! of its time waiting for memory: each polygon's corners are packed with their points, their
//! neighbours and their landmark rows' numbers, and polygons are numbered along a Hilbert curve
//! through their centroids, so that the polygons a search walks through, being near in the
//! plane, are near in memory. The landmark rows (`landmarks`) are numbered in the order the
//! polygons first use their vertices, for the same reason. The trees of polygons that hang off
//! the rest (`hanging_trees`) are marked on the edges into them, so that a search enters one
//! only when its goal lies inside. Each polygon's triangles are packed beside it with their
//! links, and each edge between two polygons names the triangles along it on either side, so
//! that a corridor of polygons is handed out as triangles from the same few cache lines.

use super::convex::{ConvexMesh, PolyId};
use super::grouped::Grouped;
use super::hanging_trees::HangingTrees;
use super::ids::{TriId, VertexId};
use super::landmarks::Landmarks;
use super::tri_links::TriLinks;
use crate::geom::{Aabb, Point, hilbert_index};

/// A packed polygon's number (its place along the curve).
pub(crate) type Packed = u32;

/// No polygon across an edge.
const WALL: Packed = Packed::MAX >> 1;

/// The bit of a slot's neighbour set when that polygon hangs from the slot's (see
/// `hanging_trees`).
const HANGS: Packed = !WALL;

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
        let n = self.neighbor & WALL;
        (n != WALL).then_some(n)
    }

    /// The polygon across hangs from this one in a tree (see `hanging_trees`).
    pub(crate) fn hangs(&self) -> bool {
        self.neighbor & HANGS != 0
    }
}

/// The packed polygons of a convex mesh, and the landmark distances of their corners.
#[derive(Clone, Debug, Default)]
pub(crate) struct PackedPolys {
    /// Packed polygon p's corners are `slots[starts[p]..starts[p + 1]]`, in the convex mesh's
    /// order.
    starts: Vec<u32>,
    slots: Vec<Slot>,
    /// The packed number of each polygon of the convex mesh.
    packed: Vec<Packed>,
    /// Each mesh vertex's landmark row.
    rows: Vec<u32>,
    landmarks: Landmarks,
    trees: HangingTrees,
    /// Each packed polygon's triangles.
    triangles: Grouped<LocalTri>,
    /// Per slot whose edge has a polygon across: the number (among its polygon's triangles) of
    /// the triangle along the edge on the slot's side, and of the one across.
    edge_triangles: Vec<[u8; 2]>,
}

/// A link of a [`LocalTri`] that leaves its polygon.
pub(crate) const OUT: u8 = u8::MAX;

/// A triangle of a packed polygon.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LocalTri {
    pub(crate) id: TriId,
    /// Its vertices, counter-clockwise, as in the mesh.
    pub(crate) vertices: [VertexId; 3],
    /// The polygon's corner (its number in the polygon) at each vertex.
    pub(crate) corners: [u8; 3],
    /// Across each edge (from vertex i to i + 1): the polygon's triangle there (its number
    /// among the polygon's triangles), or [`OUT`] where the edge is the polygon's edge from
    /// corner `corners[i]`.
    pub(crate) links: [u8; 3],
}

impl PackedPolys {
    /// The polygons of `convex`, merged from `triangles` over `vertices` (linked by
    /// `neighbors`), with their landmarks.
    pub(crate) fn new(
        vertices: &[Point],
        triangles: &[[VertexId; 3]],
        neighbors: &[TriLinks],
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
        let trees = HangingTrees::new(original.len(), |p| {
            let span = starts[p as usize] as usize..starts[p as usize + 1] as usize;
            slots[span].iter().filter_map(Slot::neighbor)
        });
        for (p, ends) in starts.windows(2).enumerate() {
            for slot in &mut slots[ends[0] as usize..ends[1] as usize] {
                if slot
                    .neighbor()
                    .is_some_and(|n| trees.hangs_from(n, p as Packed))
                {
                    slot.neighbor |= HANGS;
                }
            }
        }
        let by_poly = Grouped::new(
            original.len(),
            (0..triangles.len() as u32)
                .map(TriId)
                .map(|t| (packed[convex.poly_of(t).index()] as usize, t)),
        );
        // Each triangle's number among its polygon's triangles.
        let mut local = vec![0u8; triangles.len()];
        for p in 0..by_poly.count() {
            for (i, t) in by_poly.group(p).iter().enumerate() {
                local[t.index()] = i as u8;
            }
        }
        let mut edge_triangles = vec![[OUT; 2]; slots.len()];
        let packed_tris = by_poly.map(|&t| {
            let op = convex.poly_of(t);
            let corners = triangles[t.index()].map(|v| convex.corner_of(v, op) as u8);
            let mut links = [OUT; 3];
            for (i, u) in neighbors[t.index()].get().into_iter().enumerate() {
                match u {
                    Some(u) if convex.poly_of(u) == op => links[i] = local[u.index()],
                    Some(u) => {
                        let slot =
                            starts[packed[op.index()] as usize] as usize + corners[i] as usize;
                        edge_triangles[slot] = [local[t.index()], local[u.index()]];
                    }
                    None => {}
                }
            }
            LocalTri {
                id: t,
                vertices: triangles[t.index()],
                corners,
                links,
            }
        });
        let landmarks = Landmarks::new(vertices, triangles, &rows);
        PackedPolys {
            starts,
            slots,
            packed,
            rows,
            landmarks,
            trees,
            triangles: packed_tris,
            edge_triangles,
        }
    }

    pub(crate) fn polygon_count(&self) -> usize {
        self.starts.len() - 1
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

    /// The landmark row of mesh vertex `v`.
    pub(crate) fn row(&self, v: VertexId) -> u32 {
        self.rows[v.index()]
    }

    pub(crate) fn landmarks(&self) -> &Landmarks {
        &self.landmarks
    }

    /// The triangles of packed polygon `p`.
    pub(crate) fn triangles(&self, p: Packed) -> &[LocalTri] {
        self.triangles.group(p as usize)
    }

    /// For the edge of corner slot `slot` (numbered as by [`PackedPolys::slot`]) between two
    /// polygons: the number of the triangle along it in the slot's polygon, and of the one
    /// along it in the polygon across.
    pub(crate) fn edge_triangles(&self, slot: usize) -> [u8; 2] {
        self.edge_triangles[slot]
    }

    /// Some polygon of `goals` is `n` or lies in the tree hanging from `n`.
    pub(crate) fn leads_to(&self, n: Packed, goals: &[Packed]) -> bool {
        goals.iter().any(|&g| self.trees.holds(n, g))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::mesh::navmesh::NavMesh;
    use crate::scene::generate::rotated_squares;

    fn packed(mesh: &NavMesh) -> PackedPolys {
        PackedPolys::new(
            &mesh.vertices,
            &mesh.triangles,
            &mesh.neighbors,
            mesh.convex(),
        )
    }

    fn mesh() -> NavMesh {
        let scene = rotated_squares(8, 6, 4.0, 0.3, 1);
        crate::nav::build(&scene).expect("the squares build").mesh
    }

    #[test]
    fn every_polygon_keeps_its_corners_and_neighbours() {
        let mesh = mesh();
        let convex = mesh.convex();
        let packed = packed(&mesh);
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
        let mut numbers: Vec<Packed> = convex.polygons().map(|p| packed.packed(p)).collect();
        numbers.sort_unstable();
        assert!(
            numbers.iter().enumerate().all(|(i, &q)| q == i as Packed),
            "packed numbers are a permutation"
        );
        for p in convex.polygons() {
            let q = packed.packed(p);
            let slots = packed.corners(q);
            assert_eq!(slots.len(), convex.corners(p).len());
            for ((s, &v), &n) in slots.iter().zip(convex.corners(p)).zip(convex.neighbors(p)) {
                assert_eq!(s.point, mesh.vertex(v));
                assert_eq!(s.row, packed.row(v));
                assert_eq!(s.neighbor(), n.map(|m| packed.packed(m)));
            }
        }
    }

    #[test]
    fn each_polygon_keeps_its_triangles_linked_and_its_edges_name_the_triangles_along_them() {
        let mesh = mesh();
        let convex = mesh.convex();
        let packed = packed(&mesh);
        let mut seen = 0;
        for p in convex.polygons() {
            let q = packed.packed(p);
            let (tris, corners) = (packed.triangles(q), packed.corners(q));
            seen += tris.len();
            for tri in tris {
                assert_eq!(convex.poly_of(tri.id), p);
                assert_eq!(tri.vertices, mesh.triangle(tri.id));
                for (i, u) in mesh.neighbors(tri.id).into_iter().enumerate() {
                    let corner = &corners[tri.corners[i] as usize];
                    assert_eq!(corner.point, mesh.vertex(tri.vertices[i]));
                    match tri.links[i] {
                        OUT => {
                            // A polygon edge: the polygon across is the triangle's neighbour's.
                            let across = u.map(|u| packed.packed(convex.poly_of(u)));
                            assert_eq!(corner.neighbor(), across);
                            if let Some(u) = u {
                                let slot = packed.slot(q) + tri.corners[i] as usize;
                                let [along, over] = packed.edge_triangles(slot);
                                assert_eq!(tris[along as usize].id, tri.id);
                                let there = packed.triangles(across.unwrap());
                                assert_eq!(there[over as usize].id, u);
                            }
                        }
                        l => assert_eq!(Some(tris[l as usize].id), u),
                    }
                }
            }
        }
        assert_eq!(seen, mesh.triangle_count(), "every triangle in one polygon");
    }

    #[test]
    fn edges_into_hanging_trees_are_marked_and_a_tree_holds_just_what_it_reaches() {
        let maze = crate::scene::from_json(
            include_str!("../../../assets/scenes/maze.json").as_bytes(),
            "maze",
        )
        .expect("the maze loads");
        let mesh = crate::nav::build(&maze).expect("the maze builds").mesh;
        let packed = packed(&mesh);
        let n = packed.polygon_count() as Packed;
        let mut hanging = 0;
        for p in 0..n {
            for slot in packed.corners(p).iter().filter(|s| s.hangs()) {
                hanging += 1;
                let into = slot.neighbor().expect("a tree is entered across an edge");
                // Everything reached from `into` without coming back to `p` is its tree.
                let mut reached = vec![false; n as usize];
                let mut stack = vec![into];
                reached[into as usize] = true;
                while let Some(q) = stack.pop() {
                    for m in packed.corners(q).iter().filter_map(Slot::neighbor) {
                        if m != p && !reached[m as usize] {
                            reached[m as usize] = true;
                            stack.push(m);
                        }
                    }
                }
                for q in 0..n {
                    assert_eq!(
                        packed.leads_to(into, &[q]),
                        reached[q as usize],
                        "{p} -> {into}: {q}"
                    );
                }
            }
        }
        assert!(hanging > 20, "{hanging} edges into trees");
    }

    #[test]
    fn polygons_next_in_memory_are_near_in_the_plane() {
        let mesh = mesh();
        let convex = mesh.convex();
        let packed = packed(&mesh);
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
