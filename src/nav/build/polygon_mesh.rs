//! `PolygonMesh`: a navmesh as engines store it (vertices and counter-clockwise polygons over
//! them), and the conversions to and from `NavMesh`. Opening one as a navmesh keeps every
//! polygon: each is triangulated inside itself only, and the free space is the union of the
//! polygons, bounded by the polygon edges that no other polygon shares (walls).

use super::bulk_load::bulk_load;
use crate::geom::{Point, orient, signed_area};
use crate::nav::mesh::cost_map::CostMap;
use crate::nav::mesh::faces::{Faces, NONE};
use crate::nav::mesh::free_space::{Contour, FreeSpace};
use crate::nav::mesh::ids::{TriId, VertexId};
use crate::nav::mesh::locate::{Cdt, Locator, LocatorPart};
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::mesh::tri_links::TriLinks;
use crate::numbers::{self, compact};
use crate::scene::PackedCorner;
use spade::Triangulation;
use spade::handles::FixedVertexHandle;
use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};
use thiserror::Error;

/// Vertices and counter-clockwise polygons (vertex indices) over them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PolygonMesh {
    pub vertices: Vec<Point>,
    pub polygons: Vec<Vec<u32>>,
}

/// Why a polygon mesh cannot be used as a navmesh.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum PolygonMeshError {
    #[error("the mesh has no polygons")]
    Empty,
    #[error("vertex {0} is not a finite number of at most 1e15")]
    BadVertex(usize),
    #[error("polygon {polygon}: {message}")]
    BadPolygon { polygon: usize, message: String },
    #[error("polygons {0} and {1} overlap")]
    Overlap(usize, usize),
    /// An edge of `polygon` (from `from` to `to`) crosses another edge, and `count` edges in
    /// all cross one.
    #[error(
        "polygon {polygon}: its edge from ({}, {}) to ({}, {}) crosses another edge ({}): polygons overlap or cross themselves",
        compact(from.x), compact(from.y), compact(to.x), compact(to.y), numbers::count(*count, "crossing")
    )]
    Crossing {
        polygon: usize,
        from: Point,
        to: Point,
        count: usize,
    },
    /// Two polygon corners fell on one vertex of the triangulation (normalising merges the
    /// corners at one position first).
    #[error("polygons overlap: two vertices of the triangulation are one")]
    Duplicate,
    #[error("triangulation failed: {0}")]
    Triangulation(String),
    #[error("the walls do not close: {0}")]
    OpenWalls(String),
}

fn bad(polygon: usize, message: impl Into<String>) -> PolygonMeshError {
    PolygonMeshError::BadPolygon {
        polygon,
        message: message.into(),
    }
}

impl PolygonMesh {
    /// The triangles of a navmesh, one polygon each.
    pub fn from_triangles(mesh: &NavMesh) -> PolygonMesh {
        PolygonMesh {
            vertices: mesh.vertices().to_vec(),
            polygons: mesh
                .triangle_ids()
                .map(|t| mesh.triangle(t).map(|v| v.0).to_vec())
                .collect(),
        }
    }

    /// A polygon's corner positions.
    pub fn points(&self, polygon: usize) -> Vec<Point> {
        self.polygons[polygon]
            .iter()
            .map(|&v| self.vertices[v as usize])
            .collect()
    }

    /// Total area of the polygons.
    pub fn area(&self) -> f64 {
        (0..self.polygons.len())
            .map(|i| signed_area(&self.points(i)))
            .sum()
    }

    /// For each polygon, the polygon across each edge k (vertex k -> vertex k+1), `None` for a
    /// wall. Edges are matched by vertex index.
    pub fn neighbors(&self) -> Vec<Vec<Option<u32>>> {
        let mut owner: HashMap<(u32, u32), u32> = HashMap::new();
        for (i, poly) in self.polygons.iter().enumerate() {
            for (a, b) in ring_edges(poly) {
                owner.insert((a, b), i as u32);
            }
        }
        self.polygons
            .iter()
            .map(|poly| {
                ring_edges(poly)
                    .map(|(a, b)| owner.get(&(b, a)).copied())
                    .collect()
            })
            .collect()
    }

    /// Checks what every use relies on: finite vertices, polygons of at least 3 distinct
    /// in-range vertices, counter-clockwise with positive area.
    pub fn validate(&self) -> Result<(), PolygonMeshError> {
        if self.polygons.is_empty() {
            return Err(PolygonMeshError::Empty);
        }
        if let Some(i) = self
            .vertices
            .iter()
            .position(|p| !(p.x.is_finite() && p.y.is_finite() && p.x.abs().max(p.y.abs()) <= 1e15))
        {
            return Err(PolygonMeshError::BadVertex(i));
        }
        for (i, poly) in self.polygons.iter().enumerate() {
            if poly.len() < 3 {
                return Err(bad(
                    i,
                    format!("{} vertices; at least 3 are needed", poly.len()),
                ));
            }
            if let Some(&v) = poly.iter().find(|&&v| v as usize >= self.vertices.len()) {
                return Err(bad(
                    i,
                    format!(
                        "vertex {v} is out of range (there are {})",
                        self.vertices.len()
                    ),
                ));
            }
            let mut sorted = poly.clone();
            sorted.sort_unstable();
            if sorted.windows(2).any(|w| w[0] == w[1]) {
                return Err(bad(i, "repeats a vertex"));
            }
            if signed_area(&self.points(i)) <= 0.0 {
                return Err(bad(i, "is not counter-clockwise (or has no area)"));
            }
        }
        Ok(())
    }

    /// The navmesh of these polygons, kept as they are: each polygon is triangulated inside
    /// itself, triangles of neighbouring polygons are linked across their shared edges, and the
    /// free space is the union of the polygons. Vertices at the same position are one vertex.
    pub fn to_navmesh(&self) -> Result<(FreeSpace, NavMesh), PolygonMeshError> {
        let PolygonMesh {
            vertices: points,
            polygons,
        } = self.normalized()?;
        let polygons: Vec<Vec<usize>> = polygons
            .iter()
            .map(|p| p.iter().map(|&v| v as usize).collect())
            .collect();
        let mut edges: Vec<[usize; 2]> = polygons
            .iter()
            .flat_map(|p| ring_edges(p).map(|(a, b)| [a.min(b), a.max(b)]))
            .collect();
        edges.sort_unstable();
        edges.dedup();
        let loaded = bulk_load(&points, &edges)
            .map_err(|e| PolygonMeshError::Triangulation(format!("{e:?}")))?;
        // Spade numbers its vertices without duplicates: only then are its indices ours.
        if loaded.cdt.num_vertices() != points.len() {
            return Err(PolygonMeshError::Duplicate);
        }
        if let Some([a, b]) = loaded.first_conflict {
            let polygon =
                (polygons.iter()).position(|p| ring_edges(p).any(|e| e == (a, b) || e == (b, a)));
            debug_assert!(polygon.is_some(), "no polygon has the edge {a}-{b}");
            return Err(PolygonMeshError::Crossing {
                polygon: polygon.unwrap_or(0),
                from: points[a],
                to: points[b],
                count: loaded.conflicts,
            });
        }
        // The polygons over spade's vertex numbers.
        let vertex_of = loaded.vertex_of();
        let polygons: Vec<Vec<usize>> = (polygons.into_iter())
            .map(|p| p.into_iter().map(|v| vertex_of[v]).collect())
            .collect();
        warn_of_t_junctions(&loaded.cdt, &polygons);
        let points = loaded.reordered(points);
        let owner = fill_polygons(&loaded.cdt, &points, &polygons)?;
        assemble(loaded.cdt, points, &owner)
    }
}

/// Warns (once, with the first) of polygon edges that another polygon's corner splits: a
/// T-junction. The triangulation links the polygons there, as the free space (their union)
/// does; engines that link polygons only across edges both have whole (Polyanya, Godot) do
/// not, so a path found here may be missing in the engine.
fn warn_of_t_junctions(cdt: &Cdt, polygons: &[Vec<usize>]) {
    let handle = FixedVertexHandle::from_index;
    let split = (polygons.iter().enumerate())
        .flat_map(|(i, p)| ring_edges(p).map(move |edge| (i, edge)))
        .filter(|&(_, (a, b))| cdt.get_edge_from_neighbors(handle(a), handle(b)).is_none());
    let (mut count, mut first) = (0, None);
    for (polygon, (a, _)) in split {
        count += 1;
        first.get_or_insert((polygon, cdt.vertex(handle(a)).position()));
    }
    if let Some((polygon, at)) = first {
        log::warn!(
            "{count} polygon edges meet another polygon's corner partway along (T-junctions; the first on polygon {polygon}, from ({}, {})): navscope links the polygons there, engines that link only whole shared edges (Polyanya, Godot) do not",
            at.x,
            at.y
        );
    }
}

impl PolygonMesh {
    /// The same polygons over distinct vertices: vertices at the same position merged, unused
    /// ones dropped (order of first use kept), after `validate`.
    pub fn normalized(&self) -> Result<PolygonMesh, PolygonMeshError> {
        self.validate()?;
        let slot = first_alike(&self.vertices);
        let mut renumber: Vec<Option<u32>> = vec![None; self.vertices.len()];
        let mut vertices = Vec::new();
        let mut polygons = Vec::with_capacity(self.polygons.len());
        for (i, poly) in self.polygons.iter().enumerate() {
            let ring: Vec<u32> = poly
                .iter()
                .map(|&v| {
                    let s = slot[v as usize];
                    *renumber[s].get_or_insert_with(|| {
                        vertices.push(self.vertices[s]);
                        vertices.len() as u32 - 1
                    })
                })
                .collect();
            let mut sorted = ring.clone();
            sorted.sort_unstable();
            if sorted.windows(2).any(|w| w[0] == w[1]) {
                return Err(bad(i, "has two corners at the same position"));
            }
            polygons.push(ring);
        }
        Ok(PolygonMesh { vertices, polygons })
    }
}

/// The directed edges of a closed ring of vertex ids.
fn ring_edges<T: Copy>(ring: &[T]) -> impl Iterator<Item = (T, T)> + '_ {
    (0..ring.len()).map(move |k| (ring[k], ring[(k + 1) % ring.len()]))
}

/// For each input point, the first input point at the same position.
fn first_alike(input: &[Point]) -> Vec<usize> {
    let mut seen: BTreeMap<(u64, u64), usize> = BTreeMap::new();
    input
        .iter()
        .enumerate()
        .map(|(i, p)| *seen.entry(p.position_key()).or_insert(i))
        .collect()
}

/// The polygon each spade face lies in (by face index): a flood from the face left of each
/// polygon edge that stops at polygon edges (all constraints).
fn fill_polygons(
    cdt: &Cdt,
    points: &[Point],
    polygons: &[Vec<usize>],
) -> Result<Vec<Option<usize>>, PolygonMeshError> {
    let mut owner = vec![None; cdt.num_all_faces()];
    for (i, poly) in polygons.iter().enumerate() {
        let handle = FixedVertexHandle::from_index;
        let seed = ring_edges(poly)
            .find_map(|(a, b)| cdt.get_edge_from_neighbors(handle(a), handle(b)))
            .and_then(|e| e.face().as_inner())
            .ok_or_else(|| {
                bad(
                    i,
                    "no edge of it survives triangulation (vertices on its edges?)",
                )
            })?;
        let mut stack = vec![seed.fix()];
        let mut covered = 0.0;
        while let Some(f) = stack.pop() {
            match owner[f.index()] {
                Some(j) if j == i => continue,
                Some(j) => return Err(PolygonMeshError::Overlap(j, i)),
                None => owner[f.index()] = Some(i),
            }
            let [a, b, c] = cdt.face(f).positions();
            covered += 0.5 * ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
            for e in cdt.face(f).adjacent_edges() {
                if e.is_constraint_edge() {
                    continue;
                }
                match e.rev().face().as_inner() {
                    Some(g) => stack.push(g.fix()),
                    None => return Err(bad(i, "is not closed inside its edges")),
                }
            }
        }
        // Edges of overlapping polygons that run along each other leave no crossing, but the
        // polygon is then cut by the other's edges: its own triangles do not fill it.
        let ring: Vec<Point> = poly.iter().map(|&v| points[v]).collect();
        let area = signed_area(&ring);
        if (covered - area).abs() > 1e-9 * area {
            return Err(bad(
                i,
                format!(
                    "overlaps another polygon: its own triangles cover {covered} of its area {area}"
                ),
            ));
        }
    }
    Ok(owner)
}

/// Packs the faces that lie in a polygon into a `NavMesh` (neighbours across any edge with a
/// polygon face on both sides) and chains the other edges into the free-space contours.
fn assemble(
    cdt: Cdt,
    points: Vec<Point>,
    owner: &[Option<usize>],
) -> Result<(FreeSpace, NavMesh), PolygonMeshError> {
    let mut face_tri = vec![None; cdt.num_all_faces()];
    let mut triangles = Vec::new();
    for face in cdt.inner_faces() {
        if owner[face.index()].is_some() {
            face_tri[face.index()] = Some(TriId(triangles.len() as u32));
            triangles.push(face.vertices().map(|v| VertexId(v.fix().index() as u32)));
        }
    }
    let mut neighbors = vec![TriLinks::WALLS; triangles.len()];
    let mut walls = Vec::new();
    for face in cdt.inner_faces() {
        let Some(t) = face_tri[face.index()] else {
            continue;
        };
        for (k, e) in face.adjacent_edges().iter().enumerate() {
            let across = e.rev().face().as_inner().and_then(|f| face_tri[f.index()]);
            neighbors[t.index()].set(k, across);
            if across.is_none() {
                walls.push((e.from().fix().index(), e.to().fix().index()));
            }
        }
    }
    walls.sort_unstable();
    let contours = wall_loops(&points, walls).map_err(PolygonMeshError::OpenWalls)?;
    let vertex_id = (0..cdt.num_vertices() as u32).collect();
    // Faces number spade's inner faces from 0.
    let face_tri = cdt
        .inner_faces()
        .map(|face| face_tri[face.index()].map_or(NONE, |t: TriId| t.0))
        .collect();
    let faces = Faces::new(&cdt);
    drop(cdt);
    let part = LocatorPart::new(faces, face_tri, vertex_id, points.len());
    let vertex_corners = vec![PackedCorner::NONE; points.len()];
    let mesh = NavMesh::new(
        points,
        vertex_corners,
        triangles,
        neighbors,
        Locator::new(vec![part], Vec::new(), None),
        CostMap::default(),
    );
    Ok((FreeSpace { contours }, mesh))
}

/// Chains directed wall edges (free space on their left) into closed contours. Where several
/// walls leave one vertex (two obstacles touching at a point), a contour takes the first one
/// clockwise from the way it came in, so it follows the boundary of one region and never
/// crosses itself.
pub fn wall_loops(points: &[Point], walls: Vec<(usize, usize)>) -> Result<Vec<Contour>, String> {
    let mut outgoing: HashMap<usize, Vec<usize>> = HashMap::new();
    for &(a, b) in &walls {
        outgoing.entry(a).or_default().push(b);
    }
    let mut contours = Vec::new();
    for &(a, b) in &walls {
        let Some(out) = outgoing.get_mut(&a) else {
            continue;
        };
        let Some(pos) = out.iter().position(|&x| x == b) else {
            continue;
        }; // already chained
        out.swap_remove(pos);
        let mut ids = vec![a];
        let (mut prev, mut cur) = (a, b);
        while cur != a {
            ids.push(cur);
            let out = outgoing
                .get_mut(&cur)
                .filter(|o| !o.is_empty())
                .ok_or_else(|| format!("no wall leaves vertex {cur} (at {})", points[cur]))?;
            let pick = (0..out.len())
                .min_by(|&i, &j| {
                    clockwise_from(points[cur], points[prev], points[out[i]], points[out[j]])
                })
                .unwrap_or(0);
            (prev, cur) = (cur, out.swap_remove(pick));
        }
        let points: Vec<Point> = ids.iter().map(|&v| points[v]).collect();
        contours.push(Contour::without_corners(points));
    }
    Ok(contours)
}

/// Orders directions from `v` towards `p` and `q` by the clockwise angle from the direction
/// towards `back` (exclusive: `back` itself comes last), exactly.
fn clockwise_from(v: Point, back: Point, p: Point, q: Point) -> Ordering {
    // Quarter-free classes: 0 strictly right of v->back (clockwise angle in (0, pi)), 1 straight
    // away from it, 2 strictly left, 3 along it.
    let class = |x: Point| {
        let s = orient(v, back, x);
        if s < 0.0 {
            0
        } else if s > 0.0 {
            2
        } else if (x - v).dot(back - v) < 0.0 {
            1
        } else {
            3
        }
    };
    class(p).cmp(&class(q)).then_with(|| {
        // Same class: p comes first when q is clockwise from p.
        let s = orient(v, p, q);
        if s < 0.0 {
            Ordering::Less
        } else if s > 0.0 {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    })
}
