//! `Path`: a continuous route made of straight lines and circular arcs, with its exact length.

use crate::geom::{Arc, Point};

/// One piece of a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathSegment {
    Line { from: Point, to: Point },
    Arc(Arc),
}

impl PathSegment {
    pub fn length(&self) -> f64 {
        match self {
            PathSegment::Line { from, to } => from.distance(*to),
            PathSegment::Arc(a) => a.length(),
        }
    }

    pub fn start(&self) -> Point {
        match self {
            PathSegment::Line { from, .. } => *from,
            PathSegment::Arc(a) => a.start(),
        }
    }

    pub fn end(&self) -> Point {
        match self {
            PathSegment::Line { to, .. } => *to,
            PathSegment::Arc(a) => a.end(),
        }
    }

    /// Distance from `p` to the nearest point of the segment.
    pub fn distance_to_point(&self, p: Point) -> f64 {
        match self {
            PathSegment::Line { from, to } => {
                crate::geom::Segment::new(*from, *to).distance_to_point(p)
            }
            PathSegment::Arc(a) => a.distance_to_point(p),
        }
    }
}

/// A path from `start` through its segments; `length` is the sum of exact segment lengths.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    pub start: Point,
    pub segments: Vec<PathSegment>,
    pub length: f64,
}

impl Path {
    /// A polyline through `points` (at least one point).
    pub fn from_points(points: &[Point]) -> Path {
        let start = points.first().copied().unwrap_or_default();
        Path::from_segments(
            start,
            points
                .windows(2)
                .map(|w| PathSegment::Line {
                    from: w[0],
                    to: w[1],
                })
                .collect(),
        )
    }

    pub fn from_segments(start: Point, segments: Vec<PathSegment>) -> Path {
        let length = segments.iter().map(PathSegment::length).sum();
        Path {
            start,
            segments,
            length,
        }
    }

    pub fn end(&self) -> Point {
        self.segments.last().map_or(self.start, PathSegment::end)
    }

    /// The path as points; arcs are flattened so that no chord leaves the arc by more than
    /// `max_deviation`.
    pub fn points(&self, max_deviation: f64) -> Vec<Point> {
        let mut out = vec![self.start];
        for s in &self.segments {
            match s {
                PathSegment::Line { to, .. } => out.push(*to),
                PathSegment::Arc(a) => out.extend(a.flatten(max_deviation).into_iter().skip(1)),
            }
        }
        out
    }

    /// Number of corner points (segment ends plus the start).
    pub fn vertex_count(&self) -> usize {
        self.segments.len() + 1
    }
}
