//! Point location in a mesh kept in step with a changing spade triangulation (see
//! `build::live_mesh`): spade walks its triangulation from a hint vertex taken from a coarse
//! grid, spade vertex i is mesh vertex i, and a face's triangle is found by its corners
//! ([`FaceEdges`]), since spade renumbers its faces as it changes.

use super::face_edges::FaceEdges;
use super::faces::Cdt;
use super::hint_grid::HintGrid;
use super::ids::{TriId, VertexId};
use super::location::Location;
use crate::geom::{Aabb, Point};
use spade::handles::{FaceHandle, FixedVertexHandle, InnerTag};
use spade::{CdtEdge, Point2, PositionInTriangulation, Triangulation};
use std::sync::Arc;

/// An inner face of a [`Cdt`].
pub(in crate::nav) type CdtFace<'a> = FaceHandle<'a, InnerTag, Point2<f64>, (), CdtEdge<()>, ()>;

/// The triangulation and its faces, shared with the state that keeps them in step (copied
/// only when it changes them while a mesh still holds them).
#[derive(Clone, Debug)]
pub(crate) struct LiveLocator {
    cdt: Arc<Cdt>,
    faces: Arc<FaceEdges>,
    hints: HintGrid<FixedVertexHandle>,
}

impl LiveLocator {
    pub(in crate::nav) fn new(cdt: Cdt, faces: FaceEdges) -> Self {
        let vertices: Vec<(FixedVertexHandle, Point)> = cdt
            .vertices()
            .map(|v| (v.fix(), Point::new(v.position().x, v.position().y)))
            .collect();
        let bounds = Aabb::from_points(vertices.iter().map(|&(_, p)| p));
        let hints = HintGrid::new(bounds, 4.0, &vertices, FixedVertexHandle::from_index(0));
        LiveLocator {
            cdt: Arc::new(cdt),
            faces: Arc::new(faces),
            hints,
        }
    }

    pub(in crate::nav) fn cdt(&self) -> &Cdt {
        &self.cdt
    }

    /// No mesh handed out shares the triangulation or the faces.
    pub(in crate::nav) fn is_unshared(&self) -> bool {
        Arc::strong_count(&self.cdt) == 1 && Arc::strong_count(&self.faces) == 1
    }

    /// The triangulation and the faces.
    pub(in crate::nav) fn parts(&self) -> (&Cdt, &FaceEdges) {
        (&self.cdt, &self.faces)
    }

    /// Puts `cdt` and `faces` (the same triangulation, another copy) in place of the
    /// locator's, returning those.
    pub(in crate::nav) fn swap_parts(
        &mut self,
        cdt: Arc<Cdt>,
        faces: Arc<FaceEdges>,
    ) -> (Arc<Cdt>, Arc<FaceEdges>) {
        (
            std::mem::replace(&mut self.cdt, cdt),
            std::mem::replace(&mut self.faces, faces),
        )
    }

    /// The triangulation and the faces, to change together.
    pub(in crate::nav) fn parts_mut(&mut self) -> (&mut Cdt, &mut FaceEdges) {
        (Arc::make_mut(&mut self.cdt), Arc::make_mut(&mut self.faces))
    }

    /// After the triangulation changed, points every hint at `renamed(v)` for its old vertex
    /// index v (`None`: the vertex is gone, so the hint takes `fallback`).
    pub(in crate::nav) fn rename_hints(
        &mut self,
        renamed: impl Fn(usize) -> Option<usize>,
        fallback: usize,
    ) {
        let fallback = FixedVertexHandle::from_index(fallback);
        for cell in &mut self.hints.cells {
            *cell = renamed(cell.index()).map_or(fallback, FixedVertexHandle::from_index);
        }
    }

    /// The mesh triangle of a spade face, if it is walkable.
    fn tri(&self, face: CdtFace<'_>) -> Option<TriId> {
        self.faces
            .face(face.vertices().map(|v| VertexId(v.index() as u32)))
            .and_then(|f| f.tri)
    }

    /// Locates `p` among the mesh triangles `triangles`.
    pub(in crate::nav) fn locate(&self, p: Point, triangles: &[[VertexId; 3]]) -> Location {
        if !p.is_finite() || self.cdt.num_vertices() == 0 {
            return Location::Outside;
        }
        match self
            .cdt
            .locate_with_hint(Point2::new(p.x, p.y), self.hints.hint(p))
        {
            PositionInTriangulation::OnFace(f) => self
                .tri(self.cdt.face(f))
                .map_or(Location::Outside, Location::InTriangle),
            PositionInTriangulation::OnEdge(e) => {
                let e = self.cdt.directed_edge(e);
                for side in [e, e.rev()] {
                    let Some(t) = side.face().as_inner().and_then(|f| self.tri(f)) else {
                        continue;
                    };
                    let from = VertexId(side.from().index() as u32);
                    if let Some(k) = (0..3).find(|&k| triangles[t.index()][k] == from) {
                        return Location::OnEdge(t, k);
                    }
                }
                Location::Outside
            }
            PositionInTriangulation::OnVertex(v) => match self.walkable_around(v).next() {
                Some(t) => Location::OnVertex(VertexId(v.index() as u32), t),
                None => Location::Outside,
            },
            PositionInTriangulation::OutsideOfConvexHull(_)
            | PositionInTriangulation::NoTriangulation => Location::Outside,
        }
    }

    /// Walkable triangles around a spade vertex.
    fn walkable_around(&self, v: FixedVertexHandle) -> impl Iterator<Item = TriId> + '_ {
        self.cdt
            .vertex(v)
            .out_edges()
            .filter_map(|e| e.face().as_inner().and_then(|f| self.tri(f)))
    }

    /// Every walkable triangle around the mesh vertex at `p`, sorted.
    pub(in crate::nav) fn triangles_around(&self, p: Point) -> Vec<TriId> {
        if !p.is_finite() || self.cdt.num_vertices() == 0 {
            return Vec::new();
        }
        let mut around: Vec<TriId> = match self
            .cdt
            .locate_with_hint(Point2::new(p.x, p.y), self.hints.hint(p))
        {
            PositionInTriangulation::OnVertex(v) => self.walkable_around(v).collect(),
            _ => Vec::new(),
        };
        around.sort_unstable();
        around.dedup();
        around
    }
}
