//! Point location: which triangle, edge or vertex of the navmesh holds a point, or none.
//! spade walks its triangulation from a hint vertex taken from a coarse grid, so a query costs a
//! few steps whatever the mesh size.

use super::face_edges::FaceEdges;
use super::ids::{TriId, VertexId};
use super::reshaped::Reshaped;
use crate::geom::{Aabb, Point, orient};
use spade::handles::{FaceHandle, FixedVertexHandle, InnerTag};
use spade::{
    CdtEdge, ConstrainedDelaunayTriangulation, Point2, PositionInTriangulation, Triangulation,
};
use std::sync::Arc;

pub(in crate::nav) type Cdt = ConstrainedDelaunayTriangulation<Point2<f64>>;

/// An inner face of a [`Cdt`].
pub(in crate::nav) type CdtFace<'a> = FaceHandle<'a, InnerTag, Point2<f64>, (), CdtEdge<()>, ()>;

/// Where a point lies relative to the walkable triangles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// Strictly inside a triangle.
    InTriangle(TriId),
    /// On edge `k` of a walkable triangle (the triangle across it, if walkable, shares it).
    OnEdge(TriId, usize),
    /// On a mesh vertex; the triangle is one of the walkable triangles around it.
    OnVertex(VertexId, TriId),
    /// Not in the free space (or not a finite point).
    Outside,
}

impl Location {
    pub fn is_inside(&self) -> bool {
        !matches!(self, Location::Outside)
    }

    /// One walkable triangle containing the point, if any.
    pub fn triangle(&self) -> Option<TriId> {
        match *self {
            Location::InTriangle(t) | Location::OnEdge(t, _) | Location::OnVertex(_, t) => Some(t),
            Location::Outside => None,
        }
    }
}

/// The spade triangulations kept for point location (one, or two split at `split_x`), and the
/// triangles reshaped since (see `reshaped`).
#[derive(Clone, Debug)]
pub(crate) struct Locator {
    pub(in crate::nav) parts: Vec<LocatorPart>,
    pub(in crate::nav) split_x: Option<f64>,
    pub(in crate::nav) reshaped: Option<Reshaped>,
}

/// One triangulation with the maps into the mesh's ids. The triangulation and the faces of a
/// live part are shared with the state that keeps them in step (copied only when it changes
/// them while a mesh still holds them).
#[derive(Clone, Debug)]
pub(crate) struct LocatorPart {
    cdt: Arc<Cdt>,
    ids: Ids,
    hints: HintGrid,
}

/// How spade's faces and vertices map to the mesh's triangles and vertices.
#[derive(Clone, Debug)]
enum Ids {
    /// A triangulation taken once.
    Fixed {
        /// Mesh triangle of each spade face (by face index), `None` outside the free space.
        face_tri: Vec<Option<TriId>>,
        /// Mesh vertex of each spade vertex (by vertex index).
        vertex_id: Vec<Option<VertexId>>,
    },
    /// A triangulation that changes (see `build::live_mesh`): spade vertex i is mesh vertex
    /// i, and faces are found by their corners.
    Live(Arc<FaceEdges>),
}

impl LocatorPart {
    pub(in crate::nav) fn new(
        cdt: Cdt,
        face_tri: Vec<Option<TriId>>,
        vertex_id: Vec<Option<VertexId>>,
    ) -> Self {
        let hints = HintGrid::new(&cdt);
        LocatorPart {
            cdt: Arc::new(cdt),
            ids: Ids::Fixed {
                face_tri,
                vertex_id,
            },
            hints,
        }
    }

    /// A part over a triangulation whose vertex i is mesh vertex i, with its faces.
    pub(in crate::nav) fn live(cdt: Cdt, faces: FaceEdges) -> Self {
        let hints = HintGrid::new(&cdt);
        LocatorPart {
            cdt: Arc::new(cdt),
            ids: Ids::Live(Arc::new(faces)),
            hints,
        }
    }

    pub(in crate::nav) fn cdt(&self) -> &Cdt {
        &self.cdt
    }

    /// The triangulation and the faces of a live part, to change together (`None` for a
    /// fixed part).
    pub(in crate::nav) fn live_mut(&mut self) -> Option<(&mut Cdt, &mut FaceEdges)> {
        match &mut self.ids {
            Ids::Live(faces) => Some((Arc::make_mut(&mut self.cdt), Arc::make_mut(faces))),
            Ids::Fixed { .. } => None,
        }
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
        match &self.ids {
            Ids::Fixed { face_tri, .. } => face_tri[face.index()],
            Ids::Live(faces) => faces
                .face(face.vertices().map(|v| VertexId(v.index() as u32)))
                .and_then(|f| f.tri),
        }
    }

    /// The mesh vertex of a spade vertex.
    fn vertex(&self, v: FixedVertexHandle) -> Option<VertexId> {
        match &self.ids {
            Ids::Fixed { vertex_id, .. } => vertex_id[v.index()],
            Ids::Live(_) => Some(VertexId(v.index() as u32)),
        }
    }

    fn locate(&self, p: Point, triangles: &[[VertexId; 3]]) -> Location {
        if self.cdt.num_vertices() == 0 {
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
                    let from = self.vertex(side.from().fix());
                    if let Some(k) = (0..3).find(|&k| Some(triangles[t.index()][k]) == from) {
                        return Location::OnEdge(t, k);
                    }
                }
                Location::Outside
            }
            PositionInTriangulation::OnVertex(v) => {
                match (self.vertex(v), self.walkable_around(v).next()) {
                    (Some(id), Some(t)) => Location::OnVertex(id, t),
                    _ => Location::Outside,
                }
            }
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

    /// The spade vertex at exactly `p`, if there is one.
    fn vertex_at(&self, p: Point) -> Option<FixedVertexHandle> {
        match self
            .cdt
            .locate_with_hint(Point2::new(p.x, p.y), self.hints.hint(p))
        {
            PositionInTriangulation::OnVertex(v) => Some(v),
            _ => None,
        }
    }
}

impl Locator {
    /// The parts that may hold a point with this x (both when it is on the seam).
    fn parts_for(&self, x: f64) -> &[LocatorPart] {
        match self.split_x {
            Some(c) if x < c => &self.parts[..1],
            Some(c) if x > c => &self.parts[1..],
            _ => &self.parts,
        }
    }

    /// Locates `p` among the mesh triangles `triangles`.
    pub(in crate::nav) fn locate(&self, p: Point, triangles: &[[VertexId; 3]]) -> Location {
        if !p.is_finite() {
            return Location::Outside;
        }
        // Flips keep the union of the triangles they reshape, so a point in one of them is
        // found here, and spade's answer stands for every other point.
        if let Some(location) = self.reshaped.as_ref().and_then(|r| {
            r.candidates(p)
                .filter_map(|e| position_in(e.id, e.corners, e.points, p))
                .min_by_key(|l| l.triangle())
        }) {
            return location;
        }
        for part in self.parts_for(p.x) {
            let location = part.locate(p, triangles);
            if location.is_inside() {
                return location;
            }
        }
        Location::Outside
    }

    /// Every walkable triangle around the mesh vertex at `p`, sorted.
    pub(in crate::nav) fn triangles_around(&self, p: Point) -> Vec<TriId> {
        let mut around: Vec<TriId> = self
            .parts_for(p.x)
            .iter()
            .filter_map(|part| {
                part.vertex_at(p)
                    .map(|h| part.walkable_around(h).collect::<Vec<_>>())
            })
            .flatten()
            .filter(|&t| !self.reshaped.as_ref().is_some_and(|r| r.contains(t)))
            .chain(self.reshaped.iter().flat_map(|r| r.around(p)))
            .collect();
        around.sort_unstable();
        around.dedup();
        around
    }
}

/// Where `p` lies in triangle `t` (corners `corners` at `points`), its boundary included:
/// inside, on edge k (corner k to corner k + 1) or on a corner, decided exactly.
fn position_in(
    t: TriId,
    corners: [VertexId; 3],
    [a, b, c]: [Point; 3],
    p: Point,
) -> Option<Location> {
    let sides = [orient(a, b, p), orient(b, c, p), orient(c, a, p)];
    if sides.iter().any(|&s| s < 0.0) {
        return None;
    }
    let on: Vec<usize> = (0..3).filter(|&k| sides[k] == 0.0).collect();
    Some(match on.as_slice() {
        [] => Location::InTriangle(t),
        [k] => Location::OnEdge(t, *k),
        // On edges k and k + 1 (or edges 2 and 0): the corner they share.
        [0, 1] => Location::OnVertex(corners[1], t),
        [1, 2] => Location::OnVertex(corners[2], t),
        _ => Location::OnVertex(corners[0], t),
    })
}

/// A grid of spade vertices, one near each cell, to start location walks from.
#[derive(Clone, Debug)]
struct HintGrid {
    bounds: Aabb,
    cell: f64,
    cols: usize,
    rows: usize,
    cells: Vec<FixedVertexHandle>,
}

impl HintGrid {
    fn new(cdt: &Cdt) -> Self {
        let points: Vec<Point> = cdt
            .vertices()
            .map(|v| Point::new(v.position().x, v.position().y))
            .collect();
        let bounds = Aabb::from_points(points.iter().copied());
        let span = bounds.width().max(bounds.height());
        let side = ((points.len() as f64 / 4.0).sqrt().ceil() as usize).clamp(1, 512);
        let cell = if span > 0.0 { span / side as f64 } else { 1.0 };
        let cols = ((bounds.width() / cell) as usize + 1).min(side + 1);
        let rows = ((bounds.height() / cell) as usize + 1).min(side + 1);
        let mut cells: Vec<Option<FixedVertexHandle>> = vec![None; cols * rows];
        let mut grid = HintGrid {
            bounds,
            cell,
            cols,
            rows,
            cells: Vec::new(),
        };
        for (i, &p) in points.iter().enumerate() {
            let c = grid.cell_index(p);
            cells[c].get_or_insert(FixedVertexHandle::from_index(i));
        }
        // Empty cells borrow a neighbour's vertex (breadth-first from the filled cells).
        let mut queue: std::collections::VecDeque<usize> =
            (0..cells.len()).filter(|&c| cells[c].is_some()).collect();
        while let Some(c) = queue.pop_front() {
            let (col, row) = (c % cols, c / cols);
            let around = [
                (col > 0).then(|| c - 1),
                (col + 1 < cols).then(|| c + 1),
                (row > 0).then(|| c - cols),
                (row + 1 < rows).then(|| c + cols),
            ];
            for n in around.into_iter().flatten() {
                if cells[n].is_none() {
                    cells[n] = cells[c];
                    queue.push_back(n);
                }
            }
        }
        let fallback = FixedVertexHandle::from_index(0);
        grid.cells = cells.into_iter().map(|c| c.unwrap_or(fallback)).collect();
        grid
    }

    fn cell_index(&self, p: Point) -> usize {
        let f = |v: f64, n: usize| {
            if v.is_nan() || v < 0.0 {
                0
            } else {
                (v as usize).min(n - 1)
            }
        };
        let col = f((p.x - self.bounds.min.x) / self.cell, self.cols);
        let row = f((p.y - self.bounds.min.y) / self.cell, self.rows);
        row * self.cols + col
    }

    fn hint(&self, p: Point) -> FixedVertexHandle {
        self.cells[self.cell_index(p)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_edge_and_corner_are_told_apart() {
        let points = [
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(0.0, 4.0),
        ];
        let corners = [VertexId(0), VertexId(1), VertexId(2)];
        let t = TriId(0);
        let at = |x: f64, y: f64| position_in(t, corners, points, Point::new(x, y));
        assert_eq!(at(1.0, 1.0), Some(Location::InTriangle(t)));
        assert_eq!(at(2.0, 0.0), Some(Location::OnEdge(t, 0)));
        assert_eq!(at(2.0, 2.0), Some(Location::OnEdge(t, 1)));
        assert_eq!(at(0.0, 2.0), Some(Location::OnEdge(t, 2)));
        assert_eq!(at(4.0, 0.0), Some(Location::OnVertex(VertexId(1), t)));
        assert_eq!(at(0.0, 0.0), Some(Location::OnVertex(VertexId(0), t)));
        assert_eq!(at(3.0, 3.0), None);
    }
}
