//! Convex polygons merged from the navmesh's triangles (Hertel-Mehlhorn: drop a shared edge
//! while both its ends stay strictly convex), the coarser mesh the exact search sweeps: fewer,
//! bigger cells mean fewer search nodes, as in Polyanya's merged meshes.
//!
//! Polygons are counter-clockwise; edge i of a polygon runs from corner i to corner i+1 and
//! `neighbors(p)[i]` is the polygon across it (`None` = wall), as for triangles (see `mesh`).
//! Merging keeps every corner strictly convex, so two polygons share at most one edge.
//!
//! A fan is the polygons around a vertex, walked from one of them towards a wall: crossing a
//! polygon's edge (v, next) turns clockwise and crossing its edge (prev, v) turns
//! counter-clockwise. A walk stops at a wall (an edge at v with no neighbour) or when it comes
//! back to where it started (v is then inside the free space). Each fan is numbered once when
//! the mesh is made, with its walls, so the search looks them up instead of walking:
//! ```text
//!    before          counter-clockwise walk from p ends at the incoming wall before -> v,
//!       \  p2  /     clockwise walk ends at the outgoing wall v -> after
//!        \    /  p
//!  (wall) v-------- after (wall)
//! ```

use super::bits::Bits;
use super::ids::{TriId, VertexId};
use crate::geom::{Point, orient};
use smallvec::SmallVec;

/// The most corners a merged polygon may have (search nodes store an edge index in a byte).
const MAX_CORNERS: usize = 32;

/// Index of a polygon; valid for the convex mesh that produced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct PolyId(u32);

impl PolyId {
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }
}

/// The walkable triangles of a navmesh merged into convex polygons.
#[derive(Clone, Debug)]
pub(crate) struct ConvexMesh {
    /// Polygon p's corners are `corners[starts[p]..starts[p + 1]]`.
    starts: Vec<u32>,
    corners: Vec<VertexId>,
    /// The polygon across each edge, parallel to `corners`.
    neighbors: Vec<Option<PolyId>>,
    /// The polygon holding each triangle.
    poly_of: Vec<PolyId>,
    /// Parallel to `corners`: the edge of the polygon across each edge that leads back (0 at
    /// a wall).
    back: Vec<u8>,
    /// Parallel to `corners`: the fan of that corner's vertex holding the polygon, with its
    /// walls (kept per corner, not per fan: the search reads both at once).
    corner_fans: Vec<CornerFan>,
    /// Number of fans.
    fan_count: usize,
    /// The corner slots whose vertex is reflex in their fan: the walls meet there at more than
    /// a half-turn on the free side, so a shortest path may bend round it (never elsewhere).
    reflex: Bits,
    /// Per polygon: walled on all its sides but one.
    dead_end: Vec<bool>,
}

/// The fan of a corner's vertex holding its polygon: its number and the far vertices of the
/// walls that end it [counter-clockwise, clockwise], `NO_WALLS` when its polygons close around
/// the vertex.
#[derive(Clone, Copy, Debug)]
struct CornerFan {
    fan: u32,
    walls: [u32; 2],
}

const NO_WALLS: [u32; 2] = [u32::MAX; 2];

/// A polygon while merging: each corner with the triangle across the edge that starts there.
/// Most merged polygons have few corners, so they stay inline: merging a mesh of 50k
/// triangles allocated a vector per triangle and per merge.
type Ring = SmallVec<[(VertexId, Option<TriId>); 6]>;

impl ConvexMesh {
    /// Merges a navmesh's counter-clockwise `triangles` over `vertices` (with the triangle
    /// across each edge in `neighbors`), shared edges taken in triangle order (deterministic).
    pub(crate) fn new(
        vertices: &[Point],
        triangles: &[[VertexId; 3]],
        neighbors: &[[Option<TriId>; 3]],
    ) -> ConvexMesh {
        let n = triangles.len();
        let mut rings: Vec<Ring> = (0..n)
            .map(|t| (0..3).map(|k| (triangles[t][k], neighbors[t][k])).collect())
            .collect();
        // Union-find over triangles: the ring of a polygon lives at its representative.
        let mut parent: Vec<u32> = (0..n as u32).collect();
        for t in 0..n {
            for (k, u) in neighbors[t].into_iter().enumerate() {
                let Some(u) = u.filter(|u| u.index() > t) else {
                    continue;
                };
                let (a, b) = (find(&mut parent, t as u32), find(&mut parent, u.0));
                let x = triangles[t][k];
                let Some(merged) = merge(vertices, &rings[a as usize], &rings[b as usize], x)
                else {
                    continue;
                };
                parent[b as usize] = a;
                rings[a as usize] = merged;
                rings[b as usize] = Ring::new();
            }
        }
        // Number the polygons in order of their first triangle.
        let mut number = vec![u32::MAX; n];
        let mut order = Vec::new();
        let mut poly_of = Vec::with_capacity(n);
        for t in 0..n as u32 {
            let root = find(&mut parent, t) as usize;
            if number[root] == u32::MAX {
                number[root] = order.len() as u32;
                order.push(root);
            }
            poly_of.push(PolyId(number[root]));
        }
        let mut starts = Vec::with_capacity(order.len() + 1);
        let mut corners = Vec::with_capacity(n + 2 * order.len());
        let mut neighbors = Vec::with_capacity(corners.capacity());
        starts.push(0);
        for &root in &order {
            for &(v, across) in &rings[root] {
                corners.push(v);
                neighbors.push(across.map(|u| poly_of[u.index()]));
            }
            starts.push(corners.len() as u32);
        }
        let mut convex = ConvexMesh {
            starts,
            corners,
            neighbors,
            poly_of,
            back: Vec::new(),
            corner_fans: Vec::new(),
            fan_count: 0,
            reflex: Bits::default(),
            dead_end: Vec::new(),
        };
        convex.back = convex
            .polygons()
            .flat_map(|p| convex.neighbors(p).iter().map(move |&q| (p, q)))
            .map(|(p, q)| q.and_then(|q| convex.shared_edge(q, p)).unwrap_or(0) as u8)
            .collect();
        convex.number_fans(vertices);
        convex.dead_end = convex
            .polygons()
            .map(|p| convex.neighbors(p).iter().flatten().count() == 1)
            .collect();
        convex
    }

    /// Numbers the fans and notes their walls (`corner_fans`) and reflex corners:
    /// each fan is walked counter-clockwise to its wall (or round to its start) and numbered
    /// from there clockwise.
    fn number_fans(&mut self, vertices: &[Point]) {
        const UNSEEN: CornerFan = CornerFan {
            fan: u32::MAX,
            walls: NO_WALLS,
        };
        let mut corner_fans = vec![UNSEEN; self.corners.len()];
        let mut fan = 0;
        let mut reflex = Bits::new(self.corners.len());
        for p in self.polygons() {
            for i in 0..self.corners(p).len() {
                if corner_fans[self.slot(p) + i].fan != UNSEEN.fan {
                    continue;
                }
                let first = self.fan_corners(p, i, true).last().unwrap_or((p, i));
                let closed = self.fan_step(first.0, first.1, true).is_some();
                let end = self
                    .fan_corners(first.0, first.1, false)
                    .last()
                    .unwrap_or(first);
                let far = |(q, j): (PolyId, usize), ccw: bool| {
                    let corners = self.corners(q);
                    let n = corners.len();
                    corners[if ccw { (j + n - 1) % n } else { (j + 1) % n }]
                };
                let walls = (!closed).then(|| [far(first, true), far(end, false)]);
                // Walls turning right at v (or folding back on each other) leave more than a
                // half-turn free.
                let is_reflex = walls.is_some_and(|[before, after]| {
                    let [b, v, a] =
                        [before, self.corners(p)[i], after].map(|u| vertices[u.index()]);
                    let turn = orient(b, v, a);
                    turn < 0.0 || (turn == 0.0 && (b - v).dot(a - v) > 0.0)
                });
                for (q, j) in self.fan_corners(first.0, first.1, false) {
                    corner_fans[self.slot(q) + j] = CornerFan {
                        fan,
                        walls: walls.map_or(NO_WALLS, |w| w.map(|v| v.0)),
                    };
                    if is_reflex {
                        reflex.insert(self.slot(q) + j);
                    }
                }
                fan += 1;
            }
        }
        self.corner_fans = corner_fans;
        self.fan_count = fan as usize;
        self.reflex = reflex;
    }

    /// Every polygon.
    pub(crate) fn polygons(&self) -> impl Iterator<Item = PolyId> {
        (0..self.starts.len() as u32 - 1).map(PolyId)
    }

    pub(crate) fn polygon_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The polygon holding triangle `t`.
    pub(crate) fn poly_of(&self, t: TriId) -> PolyId {
        self.poly_of[t.index()]
    }

    /// Corners of a polygon, counter-clockwise.
    pub(crate) fn corners(&self, p: PolyId) -> &[VertexId] {
        &self.corners[self.range(p)]
    }

    /// The polygon across each edge (`None` = wall).
    pub(crate) fn neighbors(&self, p: PolyId) -> &[Option<PolyId>] {
        &self.neighbors[self.range(p)]
    }

    /// Index of corner 0 of `p` among all polygons' corners: `slot(p) + i` numbers corner i.
    pub(crate) fn slot(&self, p: PolyId) -> usize {
        self.starts[p.index()] as usize
    }

    /// Number of corners of all polygons together.
    pub(crate) fn slot_count(&self) -> usize {
        self.corners.len()
    }

    /// Which edge of `p` borders `q`, if they are neighbours.
    pub(crate) fn shared_edge(&self, p: PolyId, q: PolyId) -> Option<usize> {
        self.neighbors(p).iter().position(|&n| n == Some(q))
    }

    /// The index of vertex `v` among the corners of `p`.
    pub(crate) fn corner_of(&self, v: VertexId, p: PolyId) -> usize {
        self.corners(p).iter().position(|&u| u == v).unwrap_or(0)
    }

    /// Which edge of the polygon across edge `k` of `p` borders `p` (0 at a wall).
    pub(crate) fn entry_edge(&self, p: PolyId, k: usize) -> usize {
        self.back[self.slot(p) + k] as usize
    }

    /// The polygon is walled on all its sides but one.
    pub(crate) fn is_dead_end(&self, p: PolyId) -> bool {
        self.dead_end[p.index()]
    }

    /// The vertex of the corner with slot `slot` is reflex in its fan: its walls meet at more
    /// than a half-turn on the free side (the only corners a shortest path bends round).
    pub(crate) fn is_reflex(&self, slot: usize) -> bool {
        self.reflex.contains(slot)
    }

    /// Number of fans of all vertices together.
    pub(crate) fn fan_count(&self) -> usize {
        self.fan_count
    }

    /// The fan holding the corner with slot `slot` (see [`ConvexMesh::slot`]; fans are
    /// numbered `0..fan_count()`) and the far vertices of the walls ending it
    /// [counter-clockwise, clockwise] (`None` when its polygons close around the vertex).
    pub(crate) fn fan_at(&self, slot: usize) -> (u32, Option<[VertexId; 2]>) {
        let CornerFan { fan, walls } = self.corner_fans[slot];
        (fan, (walls != NO_WALLS).then(|| walls.map(VertexId)))
    }

    /// The polygons met turning around `v` from `p` (included, `v` must be one of its corners)
    /// counter-clockwise (`ccw`) or clockwise, until a wall or until the walk is back at `p`.
    pub(crate) fn fan(&self, v: VertexId, p: PolyId, ccw: bool) -> impl Iterator<Item = PolyId> {
        self.fan_corners(p, self.corner_of(v, p), ccw)
            .map(|(q, _)| q)
    }

    /// [`ConvexMesh::fan`] around corner `i` of `p`, with that vertex's corner index in each
    /// polygon.
    pub(crate) fn fan_corners(
        &self,
        p: PolyId,
        i: usize,
        ccw: bool,
    ) -> impl Iterator<Item = (PolyId, usize)> {
        std::iter::successors(Some((p, i)), move |&(q, j)| {
            self.fan_step(q, j, ccw).filter(|&(n, _)| n != p)
        })
    }

    /// Where the walk of [`ConvexMesh::fan`] meets a wall: its last polygon and the wall's
    /// other vertex (`before` counter-clockwise, `after` clockwise). `None` when the polygons
    /// close around `v`.
    pub(crate) fn fan_wall(&self, v: VertexId, p: PolyId, ccw: bool) -> Option<(PolyId, VertexId)> {
        let (q, j) = self.fan_corners(p, self.corner_of(v, p), ccw).last()?;
        if self.fan_step(q, j, ccw).is_some() {
            return None; // back at p
        }
        let walls = self.fan_at(self.slot(q) + j).1?;
        Some((q, walls[usize::from(!ccw)]))
    }

    /// The next polygon around corner `i` of `p`, and the vertex's corner index there, if no
    /// wall is in between.
    fn fan_step(&self, p: PolyId, i: usize, ccw: bool) -> Option<(PolyId, usize)> {
        let n = self.corners(p).len();
        let edge = self.slot(p) + if ccw { (i + n - 1) % n } else { i };
        let q = self.neighbors[edge]?;
        let e = self.back[edge] as usize;
        Some((
            q,
            if ccw {
                e
            } else {
                (e + 1) % self.corners(q).len()
            },
        ))
    }

    fn range(&self, p: PolyId) -> std::ops::Range<usize> {
        self.starts[p.index()] as usize..self.starts[p.index() + 1] as usize
    }
}

fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let up = parent[parent[x as usize] as usize];
        parent[x as usize] = up;
        x = up;
    }
    x
}

/// Rings `a` and `b` joined across their shared edge `x -> y` of `a` (`y -> x` of `b`), or
/// `None` when a corner of the join would not be strictly convex or the result too big.
fn merge(vertices: &[Point], a: &Ring, b: &Ring, x: VertexId) -> Option<Ring> {
    let (na, nb) = (a.len(), b.len());
    if na + nb - 2 > MAX_CORNERS {
        return None;
    }
    let i = a.iter().position(|&(v, _)| v == x)?;
    let y = a[(i + 1) % na].0;
    let m = b.iter().position(|&(v, _)| v == y)?;
    if b[(m + 1) % nb].0 != x {
        return None;
    }
    let p = |v: VertexId| vertices[v.index()];
    let convex_at_x = orient(p(a[(i + na - 1) % na].0), p(x), p(b[(m + 2) % nb].0)) > 0.0;
    let convex_at_y = orient(p(b[(m + nb - 1) % nb].0), p(y), p(a[(i + 2) % na].0)) > 0.0;
    if !convex_at_x || !convex_at_y {
        return None;
    }
    // a from y round to x, x taking b's edge onwards; then b after x up to (not including) y.
    let mut ring: Ring = (1..=na).map(|s| a[(i + s) % na]).collect();
    ring[na - 1] = b[(m + 1) % nb];
    ring.extend((2..nb).map(|s| b[(m + s) % nb]));
    Some(ring)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::build::triangulate::triangulate;
    use crate::nav::mesh::free_space::{Contour, FreeSpace};
    use crate::nav::mesh::navmesh::NavMesh;

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64, hole: bool) -> Contour {
        let mut points = vec![
            Point::new(x0, y0),
            Point::new(x1, y0),
            Point::new(x1, y1),
            Point::new(x0, y1),
        ];
        if hole {
            points.reverse();
        }
        Contour {
            corners: vec![None; 4],
            points,
        }
    }

    /// Every polygon is strictly convex, counter-clockwise, and its neighbour across each edge
    /// has the same edge reversed; the polygons cover exactly the triangles.
    fn check(free: &FreeSpace, mesh: &NavMesh, convex: &ConvexMesh) {
        let mut area = 0.0;
        for p in (0..convex.polygon_count() as u32).map(PolyId) {
            let corners = convex.corners(p);
            let n = corners.len();
            assert!((3..=MAX_CORNERS).contains(&n));
            let first = mesh.vertex(corners[0]);
            for i in 0..n {
                let [a, b, c] = [i, i + 1, i + 2].map(|k| mesh.vertex(corners[k % n]));
                assert!(
                    orient(a, b, c) > 0.0,
                    "corner {b} of polygon {p:?} not convex"
                );
                area += 0.5 * (a - first).cross(b - first);
                if let Some(q) = convex.neighbors(p)[i] {
                    let e = convex.shared_edge(q, p).expect("neighbours both ways");
                    assert_eq!(convex.entry_edge(p, i), e);
                    let back = convex.corners(q);
                    assert_eq!(back[e], corners[(i + 1) % n]);
                    assert_eq!(back[(e + 1) % back.len()], corners[i]);
                }
            }
        }
        assert!((area - mesh.area()).abs() < 1e-9 * mesh.area());
        check_fans(free, mesh, convex);
    }

    /// The numbered fans agree with walking round each vertex: every corner met walking from
    /// a corner has its number, a corner of another fan of the vertex has another, and the
    /// noted walls are the walls the walks reach.
    fn check_fans(free: &FreeSpace, mesh: &NavMesh, convex: &ConvexMesh) {
        let number =
            |v: VertexId, q: PolyId| convex.fan_at(convex.slot(q) + convex.corner_of(v, q)).0;
        for p in convex.polygons() {
            for &v in convex.corners(p) {
                let fan = number(v, p);
                let around: Vec<PolyId> = convex
                    .fan(v, p, true)
                    .chain(convex.fan(v, p, false))
                    .collect();
                assert!(around.iter().all(|&q| number(v, q) == fan));
                for q in convex.polygons() {
                    if convex.corners(q).contains(&v) && !around.contains(&q) {
                        assert_ne!(number(v, q), fan, "two fans of {v:?} share a number");
                    }
                }
                let walk = |ccw: bool| {
                    let mut q = p;
                    loop {
                        let (corners, i) = (convex.corners(q), convex.corner_of(v, q));
                        let n = corners.len();
                        let edge = if ccw { (i + n - 1) % n } else { i };
                        match convex.neighbors(q)[edge] {
                            None => return Some(corners[if ccw { edge } else { (i + 1) % n }]),
                            Some(next) if next == p => return None,
                            Some(next) => q = next,
                        }
                    }
                };
                let walls = walk(true).zip(walk(false)).map(|(a, b)| [a, b]);
                let slot = convex.slot(p) + convex.corner_of(v, p);
                assert_eq!(
                    convex.fan_at(slot),
                    (fan, walls),
                    "walls of {}",
                    mesh.vertex(v)
                );
                let on_hole = |c: &Contour| c.points.contains(&mesh.vertex(v));
                // The test rooms' walls: a corner is reflex exactly on a (rectangular) hole,
                // except where two holes touch.
                let holes = free.contours[1..].iter().filter(|c| on_hole(c)).count();
                assert_eq!(convex.is_reflex(slot), holes == 1, "{}", mesh.vertex(v));
            }
        }
    }

    /// The 10 x 10 room with a 2 x 2 box in the middle, and its mesh.
    fn room_with_box() -> (FreeSpace, NavMesh) {
        let free = FreeSpace {
            contours: vec![
                rect(0.0, 0.0, 10.0, 10.0, false),
                rect(4.0, 4.0, 6.0, 6.0, true),
            ],
        };
        let mesh = triangulate(&free).unwrap();
        (free, mesh)
    }

    #[test]
    fn a_room_with_a_box_merges_into_few_convex_polygons() {
        let (free, mesh) = room_with_box();
        let convex = mesh.convex();
        check(&free, &mesh, convex);
        // 8 triangles; a ring round a box needs at least 4 convex pieces.
        assert_eq!(mesh.triangle_count(), 8);
        assert!(
            (4..8).contains(&convex.polygon_count()),
            "{}",
            convex.polygon_count()
        );
        for t in mesh.triangle_ids() {
            let p = convex.poly_of(t);
            for v in mesh.triangle(t) {
                assert!(convex.corners(p).contains(&v));
            }
        }
    }

    #[test]
    fn a_vertex_where_two_obstacles_touch_has_two_numbered_fans() {
        let free = FreeSpace {
            contours: vec![
                rect(0.0, 0.0, 8.0, 8.0, false),
                rect(2.0, 2.0, 4.0, 4.0, true),
                rect(4.0, 4.0, 6.0, 6.0, true),
            ],
        };
        let mesh = triangulate(&free).unwrap();
        let convex = mesh.convex();
        check(&free, &mesh, convex);
        let v = (0..mesh.vertex_count() as u32)
            .map(VertexId)
            .find(|&v| mesh.vertex(v) == Point::new(4.0, 4.0))
            .unwrap();
        let mut fans: Vec<u32> = convex
            .polygons()
            .filter(|&p| convex.corners(p).contains(&v))
            .map(|p| convex.fan_at(convex.slot(p) + convex.corner_of(v, p)).0)
            .collect();
        fans.sort_unstable();
        fans.dedup();
        assert_eq!(fans.len(), 2);
    }

    #[test]
    fn fans_walk_polygons_round_a_vertex_to_the_walls() {
        let (_, mesh) = room_with_box();
        let convex = mesh.convex();
        // The box corner (4, 4): walls to (6, 4) and (4, 6).
        let v = (0..mesh.vertex_count() as u32)
            .map(VertexId)
            .find(|&v| mesh.vertex(v) == Point::new(4.0, 4.0))
            .unwrap();
        let t = mesh
            .triangle_ids()
            .find(|&t| mesh.triangle(t).contains(&v))
            .unwrap();
        let p = convex.poly_of(t);
        let walls = [true, false].map(|ccw| mesh.vertex(convex.fan_wall(v, p, ccw).unwrap().1));
        let mut walls = walls.to_vec();
        walls.sort_by(|a, b| a.x.total_cmp(&b.x));
        assert_eq!(walls, vec![Point::new(4.0, 6.0), Point::new(6.0, 4.0)]);
        let around: Vec<PolyId> = convex
            .fan(v, p, true)
            .chain(convex.fan(v, p, false).skip(1))
            .collect();
        assert!(around.iter().all(|&q| convex.corners(q).contains(&v)));
        assert!(!around.is_empty());
    }
}
