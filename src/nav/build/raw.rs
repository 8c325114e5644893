//! `RawNav`: the navmesh of the free space for a point agent (walkable union minus obstacle
//! union, repaired, not shrunk), with the clearance widths of its triangles and its walls. One
//! build answers radius-aware queries (tangent and offset paths) for any agent radius.

use super::error::BuildError;
use super::inflate::inflate;
use super::repair::Repaired;
use super::triangulate::triangulate_with_costs;
use crate::geom::SegmentGrid;
use crate::nav::mesh::clearance::Widths;
use crate::nav::mesh::free_space::FreeSpace;
use crate::nav::mesh::navmesh::NavMesh;
use std::sync::{Arc, OnceLock};

/// The raw (radius 0) free space, its mesh and what radius-aware queries need of it.
#[derive(Clone, Debug)]
pub struct RawNav {
    pub free_space: FreeSpace,
    pub mesh: NavMesh,
    /// Crossing widths of every triangle of `mesh`.
    pub widths: Widths,
    /// The free space's contour edges, indexed on first use (see [`RawNav::walls`]); an
    /// incremental build shares the cell, to update the index rather than make it again.
    walls: Arc<OnceLock<SegmentGrid>>,
}

impl RawNav {
    /// Triangulates the raw free space of a repaired scene (cost outlines included) and
    /// measures its widths.
    pub fn build(repaired: &Repaired) -> Result<RawNav, BuildError> {
        let free_space = inflate(repaired, 0.0, 0.0);
        if free_space.is_empty() {
            return Err(BuildError::EmptyFreeSpace { radius: 0.0 });
        }
        let mesh = triangulate_with_costs(&free_space, &repaired.costs)?;
        Ok(RawNav::new(free_space, mesh))
    }

    /// The raw side of an already triangulated raw free space (a build for radius 0 shares its
    /// mesh).
    pub fn new(free_space: FreeSpace, mesh: NavMesh) -> RawNav {
        let widths = Widths::new(&mesh);
        RawNav::measured(free_space, mesh, widths, Arc::default())
    }

    /// The raw side of a raw free space whose mesh's widths are already measured, and whose
    /// walls' index is (or will be) in `walls`.
    pub(super) fn measured(
        free_space: FreeSpace,
        mesh: NavMesh,
        widths: Widths,
        walls: Arc<OnceLock<SegmentGrid>>,
    ) -> RawNav {
        RawNav {
            free_space,
            mesh,
            widths,
            walls,
        }
    }

    /// The free space's contour edges: the walls clearance is measured against (indexed on
    /// the first call, so that a caller can overlap that work with its own).
    pub fn walls(&self) -> &SegmentGrid {
        self.walls.get_or_init(|| self.free_space.walls())
    }

    /// The walls' index has been made.
    #[cfg(test)]
    pub(crate) fn has_walls(&self) -> bool {
        self.walls.get().is_some()
    }
}
