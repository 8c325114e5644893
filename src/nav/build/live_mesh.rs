//! A navmesh kept in step with its constrained Delaunay triangulation while that changes
//! locally (vertices taken out and put in, constraints added): after an [`Edit`], only the faces
//! that changed are spliced into the mesh, and only the clearance widths that can see them are
//! measured again.
//!
//! Spade vertex i is mesh vertex i (removing a vertex moves the last one into its place, in
//! both). Faces carry no id through spade's changes, so the mesh finds them by their corners
//! ([`FaceEdges`], every inner face, walkable or not). After an edit:
//! ```text
//!   1. changed faces: flood from the faces at the inserted vertices and at the removed
//!      vertices' places, through faces whose corners are no recorded face; each is walkable
//!      when its neighbour across an edge is, toggled when that edge is a wall (parity)
//!   2. gone faces: flood the records from the changed faces' edges through recorded faces
//!      that are no longer in the triangulation
//!   3. splice: gone walkable triangles out, changed walkable faces in (their ids reused,
//!      the last triangles moved into the ids left over), links across the border mended,
//!      faces around a vertex that moved renamed
//!   4. components labelled again; widths measured again for the new triangles, those whose
//!      links changed and those whose width searches can look into the changed area (an
//!      R-tree of the boxes the searches can look into)
//! ```
//! A face changed only by a cocircular re-triangulation far from every inserted or removed
//! vertex would not be found; the mesh then keeps the old (equally Delaunay) triangles there.

use super::spare::{self, Op, Spare};
use super::triangulate::classify;
use crate::geom::{Aabb, Point};
use crate::nav::mesh::clearance::Widths;
use crate::nav::mesh::components::{label_components, relabel_locally};
use crate::nav::mesh::cost_map::CostMap;
use crate::nav::mesh::face_edges::{Face, FaceEdges};
use crate::nav::mesh::faces::Faces;
use crate::nav::mesh::ids::{TriId, VertexId};
use crate::nav::mesh::live_locate::{CdtFace, LiveLocator};
use crate::nav::mesh::locate::{Cdt, Locator};
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::mesh::tri_links::TriLinks;
use crate::scene::{Corner, PackedCorner};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};
use rustc_hash::{FxHashMap, FxHashSet};
use spade::handles::{FixedFaceHandle, FixedVertexHandle, InnerTag};
use spade::{Point2, PositionInTriangulation, Triangulation};
use std::sync::{Arc, OnceLock};

/// A navmesh whose locator holds the triangulation it is kept in step with, and for a raw
/// mesh its clearance widths.
#[derive(Clone, Debug)]
pub(super) struct LiveMesh {
    /// The mesh, without a locator (see [`LiveMesh::mesh`]).
    mesh: NavMesh,
    locator: LiveLocator,
    widths: Option<Reach>,
    /// The triangulation as the mesh before last had it, for the next edit (see `spare`).
    spare: Option<Spare>,
}

/// Clearance widths, and the box each triangle's width searches can look into (see
/// [`search_box`]), indexed to find the triangles that can see a change.
#[derive(Clone, Debug)]
struct Reach {
    widths: Widths,
    boxes: Vec<Option<Aabb>>,
    tree: RTree<GeomWithData<Rectangle<[f64; 2]>, u32>>,
}

type Entry = GeomWithData<Rectangle<[f64; 2]>, u32>;

fn entry(b: Aabb, t: TriId) -> Entry {
    GeomWithData::new(
        Rectangle::from_corners([b.min.x, b.min.y], [b.max.x, b.max.y]),
        t.0,
    )
}

/// Where the width searches of triangle `t` can look: a search from corner C crosses the edge
/// opposite C only when that edge is no wall, and looks no farther from C than the nearer of
/// the two edges at C (see `clearance`). `None` when no corner searches.
fn search_box(mesh: &NavMesh, t: TriId) -> Option<Aabb> {
    let pts = mesh.triangle_points(t);
    (0..3)
        .filter(|&k| mesh.neighbors(t)[(k + 1) % 3].is_some())
        .map(|k| {
            let (c, a, b) = (pts[k], pts[(k + 1) % 3], pts[(k + 2) % 3]);
            Aabb::from_points([c]).expanded(c.distance(a).min(c.distance(b)))
        })
        .reduce(|x, y| Aabb::from_points([x.min, x.max, y.min, y.max]))
}

impl Reach {
    fn new(mesh: &NavMesh) -> Reach {
        let boxes: Vec<Option<Aabb>> = mesh.triangle_ids().map(|t| search_box(mesh, t)).collect();
        let tree = RTree::bulk_load(
            mesh.triangle_ids()
                .filter_map(|t| boxes[t.index()].map(|b| entry(b, t)))
                .collect(),
        );
        Reach {
            widths: Widths::new(mesh),
            boxes,
            tree,
        }
    }
}

/// Changes to a [`LiveMesh`]'s triangulation, spliced into the mesh by [`Edit::finish`].
pub(super) struct Edit<'a> {
    live: &'a mut LiveMesh,
    /// The vertex index before the edit of each index whose vertex changed (`None`: inserted);
    /// an index not listed holds the same vertex as before.
    was: FxHashMap<u32, Option<u32>>,
    /// Vertices removed: their index before the edit and place.
    removed: Vec<(u32, Point)>,
    /// Indices of inserted vertices.
    inserted: Vec<u32>,
}

fn ids(corners: [FixedVertexHandle; 3]) -> [VertexId; 3] {
    corners.map(|v| VertexId(v.index() as u32))
}

fn corners(face: CdtFace<'_>) -> [VertexId; 3] {
    ids(face.vertices().map(|v| v.fix()))
}

fn point(p: Point2<f64>) -> Point {
    Point::new(p.x, p.y)
}

/// The face with corners `a, b, c` in `key` order, smallest first (a set key).
fn canonical([a, b, c]: [VertexId; 3]) -> [u32; 3] {
    let m = a.0.min(b.0).min(c.0);
    if m == a.0 {
        [a.0, b.0, c.0]
    } else if m == b.0 {
        [b.0, c.0, a.0]
    } else {
        [c.0, a.0, b.0]
    }
}

impl LiveMesh {
    /// The mesh of a walls-only triangulation with the scene corner behind each vertex (by
    /// index), and its clearance widths when `measure` (a raw mesh).
    pub(super) fn new(cdt: Cdt, vertex_corners: Vec<PackedCorner>, measure: bool) -> Self {
        // Spade's inner faces in order, from 1 (0 is the outer face).
        let inside = classify(&Faces::new(&cdt));
        let inside = |f: usize| inside[f - 1];
        let mut faces = FaceEdges::with_capacity(cdt.num_inner_faces());
        let mut face_tri = vec![None; cdt.num_all_faces()];
        let mut triangles = Vec::new();
        for face in cdt.inner_faces() {
            let tri = inside(face.index()).then_some(TriId(triangles.len() as u32));
            if tri.is_some() {
                triangles.push(corners(face));
            }
            face_tri[face.index()] = tri;
            faces.insert(corners(face), tri);
        }
        let mut neighbors = vec![TriLinks::WALLS; triangles.len()];
        for face in cdt.inner_faces() {
            let Some(t) = face_tri[face.index()] else {
                continue;
            };
            for (k, e) in face.adjacent_edges().iter().enumerate() {
                neighbors[t.index()].set(
                    k,
                    e.rev().face().as_inner().and_then(|f| face_tri[f.index()]),
                );
            }
        }
        let vertices = cdt.vertices().map(|v| point(v.position())).collect();
        let mesh = NavMesh::new(
            vertices,
            vertex_corners,
            triangles,
            neighbors,
            Locator::new(Vec::new(), Vec::new(), None),
            CostMap::default(),
        );
        let widths = measure.then(|| Reach::new(&mesh));
        LiveMesh {
            mesh,
            locator: LiveLocator::new(cdt, faces),
            widths,
            spare: None,
        }
    }

    /// The mesh, locating points in the kept triangulation.
    pub(super) fn mesh(&self) -> NavMesh {
        let mut mesh = self.mesh.clone();
        mesh.locator.live = Some(self.locator.clone());
        mesh
    }

    /// The clearance widths, when measured.
    pub(super) fn widths(&self) -> Option<&Widths> {
        self.widths.as_ref().map(|r| &r.widths)
    }

    /// Applies `shift` to the scene corner behind every vertex (obstacles renumbered).
    pub(super) fn shift_corners(&mut self, shift: impl Fn(&mut Corner)) {
        self.mesh
            .vertex_corners
            .iter_mut()
            .for_each(|c| c.update(&shift));
    }

    pub(super) fn edit(&mut self) -> Edit<'_> {
        spare::unshare(&mut self.spare, &mut self.locator);
        Edit {
            live: self,
            was: FxHashMap::default(),
            removed: Vec::new(),
            inserted: Vec::new(),
        }
    }

    fn cdt(&self) -> &Cdt {
        self.locator.cdt()
    }
}

impl Edit<'_> {
    fn cdt(&mut self) -> &mut Cdt {
        self.live.locator.parts_mut().0
    }

    /// The vertex at exactly `p`, if any.
    pub(super) fn vertex_at(&self, p: Point) -> Option<FixedVertexHandle> {
        self.live
            .cdt()
            .locate_vertex(Point2::new(p.x, p.y))
            .map(|v| v.fix())
    }

    /// The index before the edit of the vertex now at index `i`.
    fn was(&self, i: u32) -> Option<u32> {
        match self.was.get(&i) {
            Some(&w) => w,
            None => Some(i),
        }
    }

    /// Removes vertex `v` (the last vertex takes its index).
    pub(super) fn remove(&mut self, v: FixedVertexHandle) {
        let (i, last) = (v.index() as u32, self.live.mesh.vertices.len() as u32 - 1);
        let place = self.live.mesh.vertices[v.index()];
        if let Some(w) = self.was(i) {
            self.removed.push((w, place));
        }
        let moved = self.was(last);
        self.cdt().remove(v);
        spare::record(&mut self.live.spare, Op::Remove(v));
        let mesh = &mut self.live.mesh;
        mesh.vertices.swap_remove(v.index());
        mesh.vertex_corners.swap_remove(v.index());
        self.was.remove(&last);
        if i != last {
            self.was.insert(i, moved);
        }
    }

    /// Inserts a vertex at `p` made from `corner`; `None` when a vertex is already there or
    /// spade refuses the point.
    pub(super) fn insert(&mut self, p: Point, corner: Option<Corner>) -> Option<FixedVertexHandle> {
        let before = self.live.mesh.vertices.len();
        let at = Point2::new(p.x, p.y);
        let v = self.cdt().insert(at).ok()?;
        spare::record(&mut self.live.spare, Op::Insert(at));
        if self.live.cdt().num_vertices() == before || v.index() != before {
            return None;
        }
        self.live.mesh.vertices.push(p);
        self.live
            .mesh
            .vertex_corners
            .push(PackedCorner::new(corner));
        self.was.insert(v.index() as u32, None);
        self.inserted.push(v.index() as u32);
        Some(v)
    }

    /// Adds the constraint edge a-b; `false` (and nothing added) when it would cross one.
    pub(super) fn add_constraint(&mut self, a: FixedVertexHandle, b: FixedVertexHandle) -> bool {
        let cdt = self.cdt();
        if !cdt.can_add_constraint(a, b) {
            return false;
        }
        cdt.add_constraint(a, b);
        spare::record(&mut self.live.spare, Op::Constraint(a, b));
        true
    }

    /// Splices the changed faces into the mesh and returns how many faces changed; `None`
    /// when the change cannot be told for sure (then the mesh is unusable).
    pub(super) fn finish(self) -> Option<usize> {
        let names = Names {
            was: self.was,
            removed: self.removed.iter().map(|&(w, _)| w).collect(),
        };
        let renamed: FxHashMap<u32, u32> = names
            .was
            .iter()
            .filter_map(|(&now, &was)| was.filter(|&w| w != now).map(|w| (w, now)))
            .collect();
        let mesh = &mut self.live.mesh;
        let (cdt, faces) = self.live.locator.parts_mut();
        let log = &mut self.live.spare;
        let cdt: &Cdt = cdt;
        let changed = Changed::find(cdt, faces, &names, &self.inserted, &self.removed)?;
        let gone = gone(cdt, faces, &names, &renamed, &changed.faces);
        let rename = rename(cdt, faces, &names, &renamed);
        // Every kept triangle that bordered a gone one borders a changed face: else the two
        // floods disagree.
        let gone_tris: FxHashSet<TriId> = gone.iter().filter_map(|&(_, t)| t).collect();
        let bordering: FxHashSet<TriId> = changed
            .faces
            .iter()
            .flat_map(|&f| cdt.face(f).adjacent_edges())
            .filter_map(|e| e.rev().face().as_inner())
            .filter(|g| !changed.slot.contains_key(&g.index()))
            .filter_map(|g| names.kept(faces, g).and_then(|r| r.tri))
            .collect();
        for &t in &gone_tris {
            for n in mesh.neighbors[t.index()].get().into_iter().flatten() {
                if !gone_tris.contains(&n) && !bordering.contains(&n) {
                    return None;
                }
            }
        }

        // Records out, triangles renamed and replaced, records in.
        for old in gone.iter().map(|g| g.0).chain(rename.iter().map(|r| r.0)) {
            faces.remove(old);
            spare::record(log, Op::FaceOut(old));
        }
        let now = |v: VertexId| VertexId(renamed.get(&v.0).copied().unwrap_or(v.0));
        for &(_, corners, tri) in &rename {
            if let Some(t) = tri {
                let tri = &mut mesh.triangles[t.index()];
                *tri = tri.map(now);
            }
            faces.insert(corners, tri);
            spare::record(log, Op::FaceIn(corners, tri));
        }
        let before = mesh.triangles.len();
        let mut free: Vec<TriId> = gone.iter().filter_map(|&(_, t)| t).collect();
        free.sort_unstable_by(|a, b| b.cmp(a));
        let mut id_of: Vec<Option<TriId>> = vec![None; changed.faces.len()];
        for (s, &f) in changed.faces.iter().enumerate() {
            let c = corners(cdt.face(f));
            let tri = changed.walkable[s].then(|| {
                let t = free.pop().unwrap_or(TriId(mesh.triangles.len() as u32));
                if t.index() == mesh.triangles.len() {
                    mesh.triangles.push(c);
                    mesh.neighbors.push(TriLinks::WALLS);
                } else {
                    mesh.triangles[t.index()] = c;
                }
                t
            });
            id_of[s] = tri;
            faces.insert(c, tri);
            spare::record(log, Op::FaceIn(c, tri));
        }
        // Links across every edge of a changed face, both ways.
        let mut border = Vec::new();
        for (s, &f) in changed.faces.iter().enumerate() {
            for (k, e) in cdt.face(f).adjacent_edges().iter().enumerate() {
                let g = e.rev().face().as_inner();
                let across = match g.map(|g| (g, changed.slot.get(&g.index()))) {
                    None => None,
                    Some((_, Some(&n))) => id_of[n],
                    Some((g, None)) => match faces.face(corners(g)).and_then(|r| r.tri) {
                        None => None,
                        Some(u) => {
                            border.push(u);
                            let back = e.rev().from().index() as u32;
                            let j = (0..3).find(|&j| mesh.triangles[u.index()][j].0 == back)?;
                            mesh.neighbors[u.index()].set(j, id_of[s]);
                            Some(u)
                        }
                    },
                };
                if let Some(t) = id_of[s] {
                    mesh.neighbors[t.index()].set(k, across);
                }
            }
        }
        // The id before the edit of each triangle (`None`: new, or an id left over).
        let mut origin: Vec<Option<TriId>> = (0..mesh.triangles.len() as u32)
            .map(|t| (t < before as u32).then_some(TriId(t)))
            .collect();
        for t in id_of.iter().flatten().chain(&free) {
            origin[t.index()] = None;
        }
        // Ids left over: the last triangles move into them.
        free.reverse();
        let holes: FxHashSet<TriId> = free.iter().copied().collect();
        let mut moved: FxHashMap<TriId, TriId> = FxHashMap::default();
        let mut end = mesh.triangles.len();
        for hole in free {
            while end > 0 && holes.contains(&TriId(end as u32 - 1)) && end - 1 > hole.index() {
                end -= 1;
            }
            if hole.index() + 1 >= end {
                end = end.min(hole.index());
                break;
            }
            let last = TriId(end as u32 - 1);
            end -= 1;
            mesh.triangles[hole.index()] = mesh.triangles[last.index()];
            mesh.neighbors[hole.index()] = mesh.neighbors[last.index()];
            for n in mesh.neighbors[hole.index()].get().into_iter().flatten() {
                mesh.neighbors[n.index()].relink(last, hole);
            }
            faces.insert(mesh.triangles[hole.index()], Some(hole));
            spare::record(log, Op::FaceIn(mesh.triangles[hole.index()], Some(hole)));
            moved.insert(last, hole);
            origin[hole.index()] = origin[last.index()];
        }
        mesh.triangles.truncate(end);
        mesh.neighbors.truncate(end);
        origin.truncate(end);
        // A triangle's id now, from its id before the moves.
        let id = |t: TriId| moved.get(&t).copied().unwrap_or(t);
        let now_border: Vec<TriId> = border.iter().map(|&t| id(t)).collect();
        let labels_before = (&mesh.components[..], mesh.component_count);
        let (components, count) =
            relabel_locally(&mesh.neighbors, labels_before, &origin, &now_border);
        debug_assert!(
            label_components(&mesh.neighbors) == (components.clone(), count),
            "the components labelled locally differ from a full labelling"
        );
        mesh.components = components;
        mesh.component_count = count;
        // The convex polygons of the exact search (if made) are merged again around the
        // change beside the widths' update near it (a raw mesh's): neither reads what the
        // other writes.
        let dirty = gone_tris.iter().chain(&border);
        let renamed_tris = rename.iter().filter_map(|r| r.2);
        let now: &NavMesh = mesh;
        let convex = || {
            now.convex.get().map(|old| {
                old.updated(
                    &now.vertices,
                    &now.triangles,
                    &now.neighbors,
                    &origin,
                    dirty.copied().chain(renamed_tris),
                )
            })
        };
        let reach = self.live.widths.as_mut();
        let widths = || {
            // Widths near the change: of the new triangles, of those whose links changed, and
            // of those whose searches can look into the changed area.
            let Some(reach) = reach else { return };
            let mut stale: Vec<TriId> = gone_tris.iter().copied().collect();
            stale.extend(border.iter().copied());
            stale.extend(moved.keys().copied());
            stale.sort_unstable();
            stale.dedup();
            for t in stale {
                if let Some(b) = reach.boxes[t.index()] {
                    reach.tree.remove(&entry(b, t));
                }
            }
            for (&from, &to) in &moved {
                reach.widths.renumber(from, to);
            }
            reach.boxes.resize(now.triangle_count(), None);
            let mut fresh: Vec<TriId> = id_of.iter().flatten().map(|&t| id(t)).collect();
            fresh.extend(&now_border);
            fresh.extend(moved.values().copied());
            fresh.sort_unstable();
            fresh.dedup();
            for &t in &fresh {
                reach.boxes[t.index()] = search_box(now, t);
                if let Some(b) = reach.boxes[t.index()] {
                    reach.tree.insert(entry(b, t));
                }
            }
            let area = Aabb::from_points(
                changed
                    .faces
                    .iter()
                    .flat_map(|&f| cdt.face(f).vertices().map(|v| point(v.position()))),
            );
            let seen = AABB::from_corners([area.min.x, area.min.y], [area.max.x, area.max.y]);
            fresh.extend(
                reach
                    .tree
                    .locate_in_envelope_intersecting(seen)
                    .map(|e| TriId(e.data)),
            );
            fresh.sort_unstable();
            fresh.dedup();
            reach.widths.remeasure(now, fresh);
        };
        let (convex, ()) = rayon::join(convex, widths);
        debug_assert!(
            convex
                .as_ref()
                .is_none_or(|c| c.validate(&mesh.vertices, &mesh.triangles).is_ok())
        );
        mesh.convex = Arc::new(convex.map_or_else(OnceLock::new, OnceLock::from));
        mesh.hub_fans = Arc::default();
        mesh.packed_polys = Arc::default();
        let fallback = self.inserted.first().map_or(0, |&i| i as usize);
        self.live.locator.rename_hints(
            |v| {
                let v = v as u32;
                (!names.removed.contains(&v))
                    .then(|| renamed.get(&v).copied().unwrap_or(v) as usize)
            },
            fallback,
        );

        Some(changed.faces.len())
    }
}

/// The vertex numbering before an edit, seen from after it.
struct Names {
    /// See [`Edit::was`].
    was: FxHashMap<u32, Option<u32>>,
    /// Indices before the edit of the removed vertices.
    removed: FxHashSet<u32>,
}

impl Names {
    /// The corners of a current face in the numbering before the edit, when all are old.
    fn before(&self, c: [VertexId; 3]) -> Option<[VertexId; 3]> {
        let [a, b, d] = c.map(|v| self.was.get(&v.0).copied().unwrap_or(Some(v.0)));
        Some([VertexId(a?), VertexId(b?), VertexId(d?)])
    }

    /// The record of a current face, when it is a face from before the edit.
    fn kept(&self, faces: &FaceEdges, face: CdtFace<'_>) -> Option<Face> {
        self.before(corners(face)).and_then(|old| faces.face(old))
    }
}

/// The faces that changed in an edit and which of them are walkable.
struct Changed {
    faces: Vec<FixedFaceHandle<InnerTag>>,
    /// Position in `faces` by face index.
    slot: FxHashMap<usize, usize>,
    walkable: Vec<bool>,
}

impl Changed {
    /// Floods from the faces at the inserted vertices and at the removed vertices' places
    /// through faces that are not recorded; `None` when a side cannot be told.
    fn find(
        cdt: &Cdt,
        faces: &FaceEdges,
        names: &Names,
        inserted: &[u32],
        removed: &[(u32, Point)],
    ) -> Option<Changed> {
        let around = |v: FixedVertexHandle| {
            cdt.vertex(v)
                .out_edges()
                .filter_map(|e| e.face().as_inner().map(|f| f.fix()))
                .collect::<Vec<_>>()
        };
        let mut stack: Vec<FixedFaceHandle<InnerTag>> = Vec::new();
        for &i in inserted {
            stack.extend(around(FixedVertexHandle::from_index(i as usize)));
        }
        for &(_, p) in removed {
            match cdt.locate(Point2::new(p.x, p.y)) {
                PositionInTriangulation::OnFace(f) => stack.push(f),
                PositionInTriangulation::OnEdge(e) => {
                    let e = cdt.directed_edge(e);
                    stack.extend(
                        [e, e.rev()]
                            .iter()
                            .filter_map(|s| s.face().as_inner().map(|f| f.fix())),
                    );
                }
                PositionInTriangulation::OnVertex(v) => stack.extend(around(v)),
                _ => {}
            }
        }
        let mut seen: FxHashSet<usize> = FxHashSet::default();
        let mut changed = Vec::new();
        while let Some(f) = stack.pop() {
            if !seen.insert(f.index()) {
                continue;
            }
            let face = cdt.face(f);
            if names.kept(faces, face).is_some() {
                continue;
            }
            changed.push(f);
            for e in face.adjacent_edges() {
                if let Some(g) = e.rev().face().as_inner()
                    && !seen.contains(&g.index())
                {
                    stack.push(g.fix());
                }
            }
        }
        let slot: FxHashMap<usize, usize> = changed
            .iter()
            .enumerate()
            .map(|(s, f)| (f.index(), s))
            .collect();
        // Walkable by parity, from the neighbours whose side is known.
        let mut walkable: Vec<Option<bool>> = vec![None; changed.len()];
        let mut queue = Vec::new();
        for (s, &f) in changed.iter().enumerate() {
            for e in cdt.face(f).adjacent_edges() {
                let known = match e.rev().face().as_inner() {
                    None => Some(false),
                    Some(g) if slot.contains_key(&g.index()) => None,
                    Some(g) => names.kept(faces, g).map(|r| r.tri.is_some()),
                };
                if let Some(side) = known {
                    walkable[s] = Some(side ^ e.is_constraint_edge());
                    queue.push(s);
                    break;
                }
            }
        }
        while let Some(s) = queue.pop() {
            let side = walkable[s]?;
            for e in cdt.face(changed[s]).adjacent_edges() {
                if let Some(g) = e.rev().face().as_inner()
                    && let Some(&n) = slot.get(&g.index())
                    && walkable[n].is_none()
                {
                    walkable[n] = Some(side ^ e.is_constraint_edge());
                    queue.push(n);
                }
            }
        }
        Some(Changed {
            faces: changed,
            slot,
            walkable: walkable.into_iter().collect::<Option<_>>()?,
        })
    }
}

/// The recorded faces (corners before the edit, triangle) no longer in the triangulation:
/// flooded from the records on the changed faces' edges.
fn gone(
    cdt: &Cdt,
    faces: &FaceEdges,
    names: &Names,
    renamed: &FxHashMap<u32, u32>,
    changed: &[FixedFaceHandle<InnerTag>],
) -> Vec<([VertexId; 3], Option<TriId>)> {
    let now = |old: VertexId| -> Option<usize> {
        (!names.removed.contains(&old.0))
            .then(|| renamed.get(&old.0).copied().unwrap_or(old.0) as usize)
    };
    let present = |old: [VertexId; 3]| -> bool {
        let [Some(a), Some(b), Some(c)] = old.map(now) else {
            return false;
        };
        let (a, b) = (
            FixedVertexHandle::from_index(a),
            FixedVertexHandle::from_index(b),
        );
        cdt.get_edge_from_neighbors(a, b)
            .and_then(|e| e.opposite_vertex())
            .is_some_and(|v| v.index() == c)
    };
    let mut stack = Vec::new();
    for &f in changed {
        let c = corners(cdt.face(f));
        for k in 0..3 {
            if let Some([a, b, _]) = names.before([c[k], c[(k + 1) % 3], c[k]])
                && let Some(r) = faces.left_of(a, b)
            {
                stack.push(([a, b, r.third], r.tri));
            }
        }
    }
    let mut seen: FxHashSet<[u32; 3]> = FxHashSet::default();
    let mut gone = Vec::new();
    while let Some((old, tri)) = stack.pop() {
        if !seen.insert(canonical(old)) || present(old) {
            continue;
        }
        gone.push((old, tri));
        for k in 0..3 {
            let (a, b) = (old[(k + 1) % 3], old[k]);
            if let Some(r) = faces.left_of(a, b) {
                stack.push(([a, b, r.third], r.tri));
            }
        }
    }
    gone
}

/// The kept faces around a vertex that moved to another index: corners before and after the
/// edit, and triangle.
fn rename(
    cdt: &Cdt,
    faces: &FaceEdges,
    names: &Names,
    renamed: &FxHashMap<u32, u32>,
) -> Vec<([VertexId; 3], [VertexId; 3], Option<TriId>)> {
    let mut seen: FxHashSet<usize> = FxHashSet::default();
    let mut out = Vec::new();
    for &i in renamed.values() {
        for e in cdt
            .vertex(FixedVertexHandle::from_index(i as usize))
            .out_edges()
        {
            if let Some(face) = e.face().as_inner()
                && seen.insert(face.index())
                && let Some(old) = names.before(corners(face))
                && let Some(r) = faces.face(old)
            {
                out.push((old, corners(face), r.tri));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::build::inflate::inflate;
    use crate::nav::build::repair::repair;
    use crate::nav::build::triangulate::single_cdt;
    use crate::nav::invariants::check_delaunay;
    use crate::nav::mesh::free_space::{Contour, FreeSpace};
    use crate::scene::generate::rotated_squares;

    /// The triangles of a mesh by corner positions, each from its smallest corner, sorted.
    fn by_position(mesh: &NavMesh) -> Vec<[(u64, u64); 3]> {
        let mut all: Vec<[(u64, u64); 3]> = mesh
            .triangle_ids()
            .map(|t| {
                let mut c = mesh.triangle_points(t).map(Point::position_key);
                let m = (0..3).min_by_key(|&k| c[k]).unwrap_or(0);
                c.rotate_left(m);
                c
            })
            .collect();
        all.sort_unstable();
        all
    }

    /// Replaces the hole `from` of `live` (if any) by `to` (if any); returns how many faces
    /// changed.
    fn move_hole(live: &mut LiveMesh, from: Option<&Contour>, to: Option<&Contour>) -> usize {
        let mut edit = live.edit();
        for &p in from.iter().flat_map(|c| c.points.iter()) {
            let v = edit.vertex_at(p).expect("a hole corner is a vertex");
            edit.remove(v);
        }
        let handles: Vec<_> = (to.iter().flat_map(|c| c.points.iter()))
            .zip(to.iter().flat_map(|c| c.corners.iter()))
            .map(|(&p, &c)| edit.insert(p, c.get()).expect("a new point"))
            .collect();
        for i in 0..handles.len() {
            assert!(edit.add_constraint(handles[i], handles[(i + 1) % handles.len()]));
        }
        edit.finish().expect("the change is told")
    }

    /// `contour` moved by `by`.
    fn shifted(contour: &Contour, by: Point) -> Contour {
        let mut moved = contour.clone();
        moved.points = contour.points.iter().map(|&p| p + by).collect();
        moved
    }

    /// The index of the hole of `free` whose centre is nearest `at`.
    fn nearest_hole(free: &FreeSpace, at: Point) -> usize {
        let centre = |c: &Contour| {
            let n = c.points.len() as f64;
            let sum = c.points.iter().fold(Point::new(0.0, 0.0), |s, &p| s + p);
            Point::new(sum.x / n, sum.y / n)
        };
        (0..free.contours.len())
            .filter(|&k| free.contours[k].is_hole())
            .min_by(|&a, &b| {
                let d = |k: usize| centre(&free.contours[k]).distance(at);
                d(a).total_cmp(&d(b))
            })
            .unwrap()
    }

    /// The free space of `side` x `side` rotated squares at radius 0 and its live mesh,
    /// with its widths when `measure`.
    fn squares(side: usize, measure: bool) -> (FreeSpace, LiveMesh) {
        let scene = rotated_squares(side, side, 10.0, 0.0, 1);
        let free = inflate(&repair(&scene).expect("scene repairs"), 0.0, 0.0);
        let (cdt, corners) = single_cdt(&free).unwrap().expect("no conflicts");
        (free, LiveMesh::new(cdt, corners, measure))
    }

    #[test]
    fn moving_a_hole_changes_only_the_faces_near_it_and_matches_a_fresh_mesh() {
        let (free, mut live) = squares(12, true);
        let faces = live.cdt().num_inner_faces();
        // The hole nearest the middle, moved by (0.5, 0.3).
        let k = nearest_hole(&free, Point::new(60.0, 60.0));
        let mut moved = free.clone();
        moved.contours[k] = shifted(&free.contours[k], Point::new(0.5, 0.3));
        let changed = move_hole(&mut live, Some(&free.contours[k]), Some(&moved.contours[k]));
        assert!(
            changed * 20 < faces,
            "{changed} of {faces} faces changed for one square"
        );
        let mesh = &live.mesh();
        mesh.validate(&moved).unwrap();
        check_delaunay(mesh).unwrap();
        let fresh = LiveMesh::new(live.cdt().clone(), mesh.vertex_corners.clone(), true);
        assert_eq!(by_position(mesh), by_position(&fresh.mesh()));
        assert_eq!(mesh.component_count(), fresh.mesh().component_count());
        assert_eq!(live.widths(), Some(&Widths::new(mesh)));
    }

    #[test]
    fn a_hole_moved_to_and_fro_keeps_valid_convex_polygons_in_bounded_slots() {
        let (free, mut live) = squares(6, false);
        live.mesh.convex();
        let k = nearest_hole(&free, Point::new(30.0, 30.0));
        // Moved, taken out every third step and put back at the next.
        let mut now = Some(free.contours[k].clone());
        let (mut compacted, mut most_slots) = (0, 0);
        for step in 0..40 {
            let by = Point::new(0.1 * (step % 7) as f64, -0.05 * (step % 5) as f64);
            let next = (step % 3 != 0).then(|| shifted(&free.contours[k], by));
            move_hole(&mut live, now.as_ref(), next.as_ref());
            now = next;
            let mesh = live.mesh();
            let convex = mesh.convex.get().expect("kept up to date, not dropped");
            convex.validate(&mesh.vertices, &mesh.triangles).unwrap();
            let used: usize = convex.polygons().map(|p| convex.corners(p).len()).sum();
            assert!(
                convex.slot_count() <= 2 * used,
                "step {step}: unused slots pile up"
            );
            compacted += usize::from(convex.slot_count() < most_slots);
            most_slots = most_slots.max(convex.slot_count());
        }
        assert!(compacted > 0, "the slots were never compacted");
    }
}
