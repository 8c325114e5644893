//! `FreeSpace`: where the centre of an agent may be, as polygon contours with the scene corner
//! behind each vertex.

use crate::geom::{Aabb, Point, Segment, SegmentGrid, signed_area};
use crate::scene::{Corner, PackedCorner};
use std::sync::Arc;

/// A closed contour of the free space. Counter-clockwise contours bound free regions from
/// outside; clockwise contours are holes.
#[derive(Clone, Debug, PartialEq)]
pub struct Contour {
    pub points: Arc<[Point]>,
    /// For each point: the scene corner whose offset arc it lies on (for radius 0, the corner at
    /// the same position); none where two offset edges meet. Read with [`Contour::corner`].
    pub corners: Arc<[PackedCorner]>,
}

impl Contour {
    /// A contour of `points` with the scene corner behind each of them (`corners`).
    pub fn new(points: Vec<Point>, corners: Vec<Option<Corner>>) -> Contour {
        Contour {
            points: points.into(),
            corners: corners.into_iter().map(PackedCorner::new).collect(),
        }
    }

    /// The scene corner behind point `i`, if any.
    pub fn corner(&self, i: usize) -> Option<Corner> {
        self.corners[i].get()
    }

    /// A contour of `points` with no scene corner behind any.
    pub fn without_corners(points: Vec<Point>) -> Contour {
        Contour {
            corners: vec![PackedCorner::NONE; points.len()].into(),
            points: points.into(),
        }
    }

    /// Changes the scene corners behind the points by `f`.
    pub fn map_corners(&mut self, f: impl Fn(&mut Corner)) {
        let mut corners = self.corners.to_vec();
        corners.iter_mut().for_each(|c| c.update(&f));
        self.corners = corners.into();
    }

    pub fn signed_area(&self) -> f64 {
        signed_area(&self.points)
    }

    pub fn is_hole(&self) -> bool {
        self.signed_area() < 0.0
    }

    pub fn edges(&self) -> impl Iterator<Item = Segment> + '_ {
        let n = self.points.len();
        (0..n).map(move |i| Segment::new(self.points[i], self.points[(i + 1) % n]))
    }
}

/// The free space of a scene for one agent radius.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FreeSpace {
    pub contours: Vec<Contour>,
}

impl FreeSpace {
    pub fn is_empty(&self) -> bool {
        self.area() <= 0.0
    }

    /// Total area (holes subtracted).
    pub fn area(&self) -> f64 {
        self.contours.iter().map(Contour::signed_area).sum()
    }

    /// Total length of all contours.
    pub fn perimeter(&self) -> f64 {
        self.contours
            .iter()
            .flat_map(|c| c.edges())
            .map(|e| e.length())
            .sum()
    }

    pub fn vertex_count(&self) -> usize {
        self.contours.iter().map(|c| c.points.len()).sum()
    }

    pub fn bounds(&self) -> Aabb {
        Aabb::from_points(self.contours.iter().flat_map(|c| c.points.iter().copied()))
    }

    /// The contour edges in a grid, for containment (`contains`) and wall-distance queries.
    pub fn walls(&self) -> SegmentGrid {
        SegmentGrid::new(self.contours.iter().flat_map(|c| c.edges()).collect())
    }
}
