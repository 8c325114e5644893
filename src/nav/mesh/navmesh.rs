//! `NavMesh`: the walkable triangles of a constrained Delaunay triangulation, with adjacency,
//! connected components and a point locator.
//!
//! Triangles are counter-clockwise. Edge k of triangle t runs from vertex k to vertex k+1 (mod 3)
//! and `neighbors(t)[k]` is the triangle across it (`None` = wall). Walking out of t across edge
//! k, vertex k+1 is on the left and vertex k on the right:
//! ```text
//!        v2
//!       /  \        edge 0 = v0 -> v1, crossed downwards:
//!      / t  \       left = v1, right = v0
//!    v0 ---- v1
//! ```

use super::components::label_components;
use super::convex::ConvexMesh;
use super::cost_map::CostMap;
use super::free_space::FreeSpace;
use super::hub_fans::HubFans;
use super::ids::{ComponentId, TriId, VertexId};
use super::locate::{Location, Locator};
use super::packed_polys::PackedPolys;
use super::tri_links::TriLinks;
use crate::geom::{Aabb, Point, orient};
use crate::scene::{Corner, FLOOR_COST, PackedCorner};
use std::sync::{Arc, OnceLock};

/// How far outside the free space, relative to the mesh's extent, `NavMesh::locate_near`
/// still finds it: well above the rounding of crossing rings (about 1e-16), well below what
/// the answers' checks forgive (1e-9, `clearance_tolerance`) and anything visible.
pub const NEAR_FREE_SPACE: f64 = 1e-11;

/// The directions `NavMesh::locate_near` looks in for the free space near a point outside it.
const PROBES: usize = 16;

/// A triangulated free space.
#[derive(Clone, Debug)]
pub struct NavMesh {
    pub(in crate::nav) vertices: Vec<Point>,
    pub(in crate::nav) vertex_corners: Vec<PackedCorner>,
    pub(in crate::nav) triangles: Vec<[VertexId; 3]>,
    pub(in crate::nav) neighbors: Vec<TriLinks>,
    pub(in crate::nav) components: Vec<ComponentId>,
    pub(in crate::nav) component_count: usize,
    pub(in crate::nav) locator: Locator,
    /// The diagonal of the vertices' bounds when the mesh was made: the scale of the rounding
    /// that `locate_near` forgives.
    pub(in crate::nav) extent: f64,
    /// The cost of walking in each triangle (empty: every triangle costs the floor's 1).
    pub(in crate::nav) costs: Vec<f64>,
    /// The cost areas the triangle costs come from (their outlines are constraint edges, so
    /// each triangle lies inside or outside each area).
    pub(in crate::nav) cost_map: CostMap,
    /// The triangles merged into convex polygons, and their long fans, made on first use (by
    /// the exact search). Clones share them: made for one, they are made for all.
    pub(in crate::nav) convex: Arc<OnceLock<ConvexMesh>>,
    pub(in crate::nav) hub_fans: Arc<OnceLock<HubFans>>,
    /// The polygons and landmark distances of the anytime corridor search, made on first use.
    pub(in crate::nav) packed_polys: Arc<OnceLock<PackedPolys>>,
}

impl NavMesh {
    /// The mesh of `triangles` (over `vertices`, with the scene corner behind each vertex),
    /// linked by `neighbors` and located by `locator`: its components labelled, and each
    /// triangle's cost taken from `cost_map` at its centroid (none without cost areas).
    pub(in crate::nav) fn new(
        vertices: Vec<Point>,
        vertex_corners: Vec<PackedCorner>,
        triangles: Vec<[VertexId; 3]>,
        neighbors: Vec<TriLinks>,
        locator: Locator,
        cost_map: CostMap,
    ) -> NavMesh {
        let (components, component_count) = label_components(&neighbors);
        let extent = Aabb::from_points(vertices.iter().copied()).diagonal();
        let mut mesh = NavMesh {
            extent,
            vertices,
            vertex_corners,
            triangles,
            neighbors,
            components,
            component_count,
            locator,
            costs: Vec::new(),
            cost_map,
            convex: Arc::default(),
            hub_fans: Arc::default(),
            packed_polys: Arc::default(),
        };
        if !mesh.cost_map.is_empty() {
            mesh.costs = mesh
                .triangle_ids()
                .map(|t| mesh.cost_map.cost_at(mesh.centroid(t)))
                .collect();
        }
        mesh
    }

    /// The triangles merged into convex polygons (made on the first call).
    pub(crate) fn convex(&self) -> &ConvexMesh {
        self.convex
            .get_or_init(|| ConvexMesh::new(&self.vertices, &self.triangles, &self.neighbors))
    }

    /// The long fans of the convex polygons (see `hub_fans`; made on the first call).
    pub(crate) fn hub_fans(&self) -> &HubFans {
        self.hub_fans
            .get_or_init(|| HubFans::new(&self.vertices, self.convex()))
    }

    /// The convex polygons packed for the anytime search, with their landmark distances (made
    /// on the first call).
    pub(crate) fn packed_polys(&self) -> &PackedPolys {
        self.packed_polys.get_or_init(|| {
            PackedPolys::new(
                &self.vertices,
                &self.triangles,
                &self.neighbors,
                self.convex(),
            )
        })
    }

    /// Makes the convex polygons and hub fans of the exact search now (otherwise its first
    /// query makes them), so that a caller can overlap that work with its own.
    pub fn prepare_exact_search(&self) {
        self.hub_fans();
    }

    pub fn vertex_count(&self) -> usize {
        self.vertices.len()
    }

    pub fn triangle_count(&self) -> usize {
        self.triangles.len()
    }

    pub fn component_count(&self) -> usize {
        self.component_count
    }

    pub fn vertices(&self) -> &[Point] {
        &self.vertices
    }

    pub fn vertex(&self, v: VertexId) -> Point {
        self.vertices[v.index()]
    }

    /// The scene corner a vertex was made from, when it lies on a corner's offset arc.
    pub fn vertex_corner(&self, v: VertexId) -> Option<Corner> {
        self.vertex_corners[v.index()].get()
    }

    pub fn triangle_ids(&self) -> impl Iterator<Item = TriId> + use<> {
        (0..self.triangles.len() as u32).map(TriId)
    }

    /// Vertex ids of a triangle, counter-clockwise.
    pub fn triangle(&self, t: TriId) -> [VertexId; 3] {
        self.triangles[t.index()]
    }

    /// Corner positions of a triangle, counter-clockwise.
    pub fn triangle_points(&self, t: TriId) -> [Point; 3] {
        self.triangles[t.index()].map(|v| self.vertex(v))
    }

    pub fn centroid(&self, t: TriId) -> Point {
        let [a, b, c] = self.triangle_points(t);
        Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0)
    }

    /// Neighbour across each edge (`None` = wall).
    pub fn neighbors(&self, t: TriId) -> [Option<TriId>; 3] {
        self.neighbors[t.index()].get()
    }

    /// The cost of walking a unit of length inside `t` (1 without cost areas).
    pub fn cost(&self, t: TriId) -> f64 {
        self.costs.get(t.index()).copied().unwrap_or(FLOOR_COST)
    }

    /// The cost areas of the mesh, in painting order.
    pub fn cost_map(&self) -> &CostMap {
        &self.cost_map
    }

    pub fn component(&self, t: TriId) -> ComponentId {
        self.components[t.index()]
    }

    /// Endpoints (left, right) of edge `k` of `t`, as seen walking out of `t` across it.
    pub fn edge_left_right(&self, t: TriId, k: usize) -> (VertexId, VertexId) {
        let tri = self.triangles[t.index()];
        (tri[(k + 1) % 3], tri[k])
    }

    /// Which edge of `t` borders `u`, if they are neighbours.
    pub fn shared_edge(&self, t: TriId, u: TriId) -> Option<usize> {
        self.neighbors[t.index()]
            .get()
            .iter()
            .position(|&n| n == Some(u))
    }

    pub fn bounds(&self) -> Aabb {
        Aabb::from_points(self.vertices.iter().copied())
    }

    /// Total area of the triangles.
    pub fn area(&self) -> f64 {
        self.triangle_ids()
            .map(|t| {
                let [a, b, c] = self.triangle_points(t);
                0.5 * (b - a).cross(c - a)
            })
            .sum()
    }

    /// Checks the mesh's own invariants and that it covers exactly `free`: triangles are
    /// counter-clockwise, adjacency is symmetric, components agree with adjacency, every triangle
    /// lies inside the free space, walls lie on its contours and the areas agree; and, once made,
    /// the convex polygons of the exact search fit the triangles (`ConvexMesh::validate`).
    pub fn validate(&self, free: &FreeSpace) -> Result<(), String> {
        let n = self.triangles.len();
        for t in self.triangle_ids() {
            let [a, b, c] = self.triangle_points(t);
            if orient(a, b, c) <= 0.0 {
                return Err(format!("triangle {} is not counter-clockwise", t.0));
            }
            for k in 0..3 {
                let Some(u) = self.neighbors[t.index()].get()[k] else {
                    continue;
                };
                if u.index() >= n {
                    return Err(format!(
                        "triangle {} has neighbour {} out of range",
                        t.0, u.0
                    ));
                }
                let Some(back) = self.shared_edge(u, t) else {
                    return Err(format!(
                        "triangle {} lists {} as neighbour, not the other way round",
                        t.0, u.0
                    ));
                };
                let (l, r) = self.edge_left_right(t, k);
                let (ul, ur) = self.edge_left_right(u, back);
                if (l, r) != (ur, ul) {
                    return Err(format!(
                        "triangles {} and {} disagree on their shared edge",
                        t.0, u.0
                    ));
                }
                if self.components[t.index()] != self.components[u.index()] {
                    return Err(format!(
                        "neighbours {} and {} are in different components",
                        t.0, u.0
                    ));
                }
            }
        }
        if let Some(convex) = self.convex.get() {
            convex.validate(&self.vertices, &self.triangles)?;
        }
        let walls = free.walls();
        let extent = free.bounds().diagonal().max(1e-300);
        // Directed contour edges, free space on their left: a triangle on the left of one of
        // them lies inside, exactly. The centroid test alone misjudges slivers thinner than the
        // rounding of their centroid (two contour points 1e-15 apart where a gap closes).
        let contour_edges: std::collections::HashSet<_> = free
            .contours
            .iter()
            .flat_map(|c| c.edges())
            .map(|e| (e.a.position_key(), e.b.position_key()))
            .collect();
        for t in self.triangle_ids() {
            let [a, b, c] = self.triangle_points(t);
            let on_contour = [(a, b), (b, c), (c, a)]
                .iter()
                .any(|&(p, q)| contour_edges.contains(&(p.position_key(), q.position_key())));
            if !on_contour && !walls.contains(self.centroid(t)) {
                return Err(format!("triangle {} lies outside the free space", t.0));
            }
            for k in 0..3 {
                if self.neighbors[t.index()].get()[k].is_none() {
                    let (l, r) = self.edge_left_right(t, k);
                    let mid = self.vertex(l).midpoint(self.vertex(r));
                    if walls.distance_to_point(mid, 1.0) > 1e-9 * extent {
                        return Err(format!(
                            "wall edge {k} of triangle {} is not on a free-space contour",
                            t.0
                        ));
                    }
                }
            }
        }
        let (ours, theirs) = (self.area(), free.area());
        if (ours - theirs).abs() > 1e-9 * theirs.abs().max(1e-300) {
            return Err(format!(
                "mesh area {ours} differs from free-space area {theirs}"
            ));
        }
        Ok(())
    }

    /// Locates `p`. Points on the boundary of the free space count as inside.
    pub fn locate(&self, p: Point) -> Location {
        self.locator.locate(p, &self.vertices, &self.triangles)
    }

    /// A point of the free space as near `p` as rounding, with its location: `p` itself when it
    /// is inside, else a point at most [`NEAR_FREE_SPACE`] of the mesh's extent away, if there
    /// is one. A point computed on an edge of a drawn obstacle may lie that far off the mesh's
    /// boundary, whose vertices were rounded where rings cross.
    pub fn locate_near(&self, p: Point) -> Option<(Point, Location)> {
        let reach = NEAR_FREE_SPACE * self.extent;
        let probes = (0..PROBES).map(|k| {
            p + Point::from_angle(k as f64 * std::f64::consts::TAU / PROBES as f64) * reach
        });
        (std::iter::once(p).chain(probes))
            .map(|q| (q, self.locate(q)))
            .find(|(_, location)| location.is_inside())
    }

    /// Every walkable triangle that contains the located point (1 inside a triangle, 1 or 2 on
    /// an edge, all walkable triangles around a vertex).
    pub fn triangles_at(&self, location: &Location) -> Vec<TriId> {
        match *location {
            Location::InTriangle(t) => vec![t],
            Location::OnEdge(t, k) => std::iter::once(t)
                .chain(self.neighbors[t.index()].get()[k])
                .collect(),
            Location::OnVertex(v, _) => self
                .locator
                .triangles_around(self.vertex(v), &self.vertices),
            Location::Outside => Vec::new(),
        }
    }
}
