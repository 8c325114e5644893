//! A fixed-navmesh document: an engine's navmesh file (`.mesh`, `.tres`, `.obj`, `.gltf`,
//! `.glb`, navmesh JSON) opened as it is. Its polygons are the navmesh every query, metric and
//! diagnosis runs on; the document holds a stand-in scene (free space = union of the polygons)
//! whose areas cannot be edited until the user converts it into a scene.

use crate::document::Edit;
use crate::import::{self, NavmeshFileError};
use crate::nav::PolygonMesh;
use crate::scene::{Query, Scene};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why the scene tools are off, shown beside them.
pub const REASON: &str =
    "this is a fixed navmesh: its polygons are shown as they are, so areas cannot be edited";

/// The navmesh file a document is pinned to.
#[derive(Clone, Debug)]
pub struct FixedNavmesh {
    pub file: PathBuf,
    pub polygons: Arc<PolygonMesh>,
}

impl FixedNavmesh {
    /// Reads `path` as a navmesh and makes its stand-in scene: the free space of the polygons
    /// (radius 0: the engine's mesh is already shrunk) and one query across the mesh, from the
    /// first triangle to the one farthest from it, so paths show at once.
    pub fn open(path: &Path) -> Result<(FixedNavmesh, Scene), NavmeshFileError> {
        let (polygons, _) = import::load_polygon_mesh(path)?;
        let (mut scene, build) =
            import::build_polygon_mesh(&polygons, 0.0).map_err(|e| NavmeshFileError::Invalid {
                path: path.display().to_string(),
                message: e.to_string(),
            })?;
        let mesh = &build.mesh;
        if let Some(first) = mesh.triangle_ids().next() {
            let start = mesh.centroid(first);
            let goal = mesh
                .triangle_ids()
                .map(|t| mesh.centroid(t))
                .max_by(|a, b| start.distance(*a).total_cmp(&start.distance(*b)))
                .unwrap_or(start);
            scene.queries.push(Query {
                name: "main".into(),
                start,
                goal,
            });
        }
        let fixed = FixedNavmesh {
            file: path.to_path_buf(),
            polygons: Arc::new(polygons),
        };
        Ok((fixed, scene))
    }

    /// The file name, for the canvas label and messages.
    pub fn name(&self) -> String {
        self.file.file_name().map_or_else(
            || self.file.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }
}

/// True for the edits a fixed navmesh accepts: queries, the radius of the radius-aware
/// variants and the reference underlay; none that changes an area.
pub fn allows(edit: &Edit) -> bool {
    matches!(
        edit,
        Edit::SetQuery { .. } | Edit::DeleteQuery(_) | Edit::SetRadius(_) | Edit::SetReference(_)
    )
}

/// What the tools may touch in a fixed navmesh: its queries alone (no area can be picked).
pub fn queries_only(scene: &Scene) -> Scene {
    Scene {
        agent_radius: scene.agent_radius,
        queries: scene.queries.clone(),
        ..Scene::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Point, Ring};

    #[test]
    fn only_query_radius_and_reference_edits_are_allowed() {
        let query = Query {
            name: "q".into(),
            start: Point::new(0.0, 0.0),
            goal: Point::new(1.0, 1.0),
        };
        assert!(allows(&Edit::SetQuery { index: 0, query }));
        assert!(allows(&Edit::SetRadius(0.5)));
        assert!(allows(&Edit::SetReference(None)));
        let ring = Ring::new(vec![
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
            Point::new(0.0, 1.0),
        ]);
        assert!(!allows(&Edit::AddWalkable(ring.clone())));
        assert!(!allows(&Edit::AddObstacle {
            name: "o".into(),
            ring
        }));
    }

    #[test]
    fn opening_gives_a_query_across_the_mesh() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("strip.obj");
        // Two unit squares side by side: x in [0, 2], y in [0, 1].
        let obj = "v 0 0 0\nv 1 0 0\nv 2 0 0\nv 0 0 -1\nv 1 0 -1\nv 2 0 -1\nf 1 2 5 4\nf 2 3 6 5\n";
        std::fs::write(&path, obj).unwrap();
        let (fixed, scene) = FixedNavmesh::open(&path).unwrap();
        assert_eq!(fixed.name(), "strip.obj");
        assert_eq!(fixed.polygons.polygons.len(), 2);
        let q = &scene.queries[0];
        assert!(
            q.start.distance(q.goal) > 1.0,
            "from one end to the other: {q:?}"
        );
        assert_eq!(scene.walkable.len(), 1);
    }
}
