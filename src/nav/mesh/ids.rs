//! Ids of mesh elements: triangles, vertices and connected components.

/// Index of a triangle; valid for the mesh that produced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TriId(pub u32);

/// Index of a mesh vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VertexId(pub u32);

/// Label of a connected set of triangles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ComponentId(pub u32);

impl TriId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl VertexId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
