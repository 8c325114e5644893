//! Point location: which triangle, edge or vertex of the navmesh holds a point, or none.
//! spade walks its triangulation from a hint vertex taken from a coarse grid, so a query costs a
//! few steps whatever the mesh size.

use super::mesh::{NavMesh, TriId, VertexId};
use crate::geom::{Aabb, Point};
use spade::handles::{FixedVertexHandle, VertexHandle};
use spade::{ConstrainedDelaunayTriangulation, Point2, PositionInTriangulation, Triangulation};

pub(super) type Cdt = ConstrainedDelaunayTriangulation<Point2<f64>>;

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

/// The spade triangulation kept for point location, with the maps into the mesh's ids.
#[derive(Clone, Debug)]
pub(crate) struct Locator {
    pub(super) cdt: Cdt,
    /// Mesh triangle of each spade face (by face index), `None` for faces outside the free space.
    pub(super) face_tri: Vec<Option<TriId>>,
    /// Mesh vertex of each spade vertex (by vertex index).
    pub(super) vertex_id: Vec<Option<VertexId>>,
    /// Spade vertex of each mesh vertex.
    pub(super) spade_vertex: Vec<FixedVertexHandle>,
    hints: HintGrid,
}

impl Locator {
    pub(super) fn new(
        cdt: Cdt,
        face_tri: Vec<Option<TriId>>,
        vertex_id: Vec<Option<VertexId>>,
    ) -> Self {
        let hints = HintGrid::new(&cdt);
        let mut spade_vertex =
            vec![FixedVertexHandle::from_index(0); vertex_id.iter().flatten().count()];
        for (i, v) in vertex_id.iter().enumerate() {
            if let Some(v) = v {
                spade_vertex[v.index()] = FixedVertexHandle::from_index(i);
            }
        }
        Locator {
            cdt,
            face_tri,
            vertex_id,
            spade_vertex,
            hints,
        }
    }
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

impl NavMesh {
    /// Locates `p`. Points on the boundary of the free space count as inside.
    pub fn locate(&self, p: Point) -> Location {
        let loc = &self.locator;
        if !p.is_finite() || loc.cdt.num_vertices() == 0 {
            return Location::Outside;
        }
        match loc
            .cdt
            .locate_with_hint(Point2::new(p.x, p.y), loc.hints.hint(p))
        {
            PositionInTriangulation::OnFace(f) => match loc.face_tri[f.index()] {
                Some(t) => Location::InTriangle(t),
                None => Location::Outside,
            },
            PositionInTriangulation::OnEdge(e) => {
                let e = loc.cdt.directed_edge(e);
                for side in [e, e.rev()] {
                    let Some(t) = side.face().as_inner().and_then(|f| loc.face_tri[f.index()])
                    else {
                        continue;
                    };
                    let from = loc.vertex_id[side.from().index()];
                    if let Some(k) = (0..3).find(|&k| Some(self.triangles[t.index()][k]) == from) {
                        return Location::OnEdge(t, k);
                    }
                }
                Location::Outside
            }
            PositionInTriangulation::OnVertex(v) => {
                let (Some(id), Some(t)) = (
                    loc.vertex_id[v.index()],
                    self.walkable_around(loc.cdt.vertex(v)).next(),
                ) else {
                    return Location::Outside;
                };
                Location::OnVertex(id, t)
            }
            PositionInTriangulation::OutsideOfConvexHull(_)
            | PositionInTriangulation::NoTriangulation => Location::Outside,
        }
    }

    /// Every walkable triangle that contains the located point (1 inside a triangle, 1 or 2 on
    /// an edge, all walkable triangles around a vertex).
    pub fn triangles_at(&self, location: &Location) -> Vec<TriId> {
        match *location {
            Location::InTriangle(t) => vec![t],
            Location::OnEdge(t, k) => std::iter::once(t)
                .chain(self.neighbors[t.index()][k])
                .collect(),
            Location::OnVertex(v, _) => self
                .walkable_around(
                    self.locator
                        .cdt
                        .vertex(self.locator.spade_vertex[v.index()]),
                )
                .collect(),
            Location::Outside => Vec::new(),
        }
    }

    fn walkable_around<'a>(
        &'a self,
        v: VertexHandle<'a, Point2<f64>, (), spade::CdtEdge<()>, ()>,
    ) -> impl Iterator<Item = TriId> + 'a {
        v.out_edges().filter_map(|e| {
            e.face()
                .as_inner()
                .and_then(|f| self.locator.face_tri[f.index()])
        })
    }
}
