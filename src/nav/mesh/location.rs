//! `Location`: where a point lies relative to a navmesh's walkable triangles (inside one, on
//! an edge, on a vertex, or outside), as every point locator answers it.

use super::ids::{TriId, VertexId};

/// Where a point lies relative to the walkable triangles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// Strictly inside a triangle.
    InTriangle(TriId),
    /// On edge `k` of a walkable triangle (the triangle across it, if walkable, shares it).
    OnEdge(TriId, usize),
    /// On a mesh vertex; the triangle is the lowest-numbered walkable triangle around it.
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
