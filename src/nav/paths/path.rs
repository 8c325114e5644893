//! `Path`: a route made of straight lines and circular arcs, with its exact length; a route
//! through off-mesh links is walked pieces joined by [`PathSegment::Link`] hops.

use crate::geom::{Arc, Point};

/// One piece of a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathSegment {
    Line {
        from: Point,
        to: Point,
    },
    Arc(Arc),
    /// An off-mesh link taken from `from` to `to` (not walked: nothing lies between them);
    /// its length is the link's `cost`.
    Link {
        from: Point,
        to: Point,
        cost: f64,
    },
}

impl PathSegment {
    pub fn length(&self) -> f64 {
        match self {
            PathSegment::Line { from, to } => from.distance(*to),
            PathSegment::Arc(a) => a.length(),
            PathSegment::Link { cost, .. } => *cost,
        }
    }

    pub fn start(&self) -> Point {
        match self {
            PathSegment::Line { from, .. } | PathSegment::Link { from, .. } => *from,
            PathSegment::Arc(a) => a.start(),
        }
    }

    pub fn end(&self) -> Point {
        match self {
            PathSegment::Line { to, .. } | PathSegment::Link { to, .. } => *to,
            PathSegment::Arc(a) => a.end(),
        }
    }

    /// Distance from `p` to the nearest point of the segment (of a link: its nearer end).
    pub fn distance_to_point(&self, p: Point) -> f64 {
        match self {
            PathSegment::Link { from, to, .. } => from.distance(p).min(to.distance(p)),
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

    /// The path from `start` to `goal`: a straight step from `start` to where it begins, and
    /// from where it ends to `goal`, wherever those differ (the ends asked for, just off the
    /// free space, and the free points near them the path was made from).
    pub fn reach(self, start: Point, goal: Point) -> Path {
        let (from, to) = (self.start, self.end());
        let mut segments = Vec::with_capacity(self.segments.len() + 2);
        segments.extend((from != start).then_some(PathSegment::Line {
            from: start,
            to: from,
        }));
        segments.extend(self.segments);
        segments.extend((to != goal).then_some(PathSegment::Line { from: to, to: goal }));
        Path::from_segments(start, segments)
    }

    /// The path as points; arcs are flattened so that no chord leaves the arc by more than
    /// `max_deviation`. A link is a step from its `from` to its `to` point.
    pub fn points(&self, max_deviation: f64) -> Vec<Point> {
        let mut out = vec![self.start];
        for s in &self.segments {
            match s {
                PathSegment::Line { to, .. } | PathSegment::Link { to, .. } => out.push(*to),
                PathSegment::Arc(a) => out.extend(a.flatten(max_deviation).into_iter().skip(1)),
            }
        }
        out
    }

    /// The walked stretches as points (as [`Path::points`]), split at every link: one
    /// polyline for a path without links.
    pub fn runs(&self, max_deviation: f64) -> Vec<Vec<Point>> {
        let mut runs = vec![vec![self.start]];
        for s in &self.segments {
            match s {
                PathSegment::Link { to, .. } => runs.push(vec![*to]),
                PathSegment::Line { to, .. } => {
                    runs.last_mut().into_iter().for_each(|r| r.push(*to))
                }
                PathSegment::Arc(a) => runs.last_mut().into_iter().for_each(|r| {
                    r.extend(a.flatten(max_deviation).into_iter().skip(1));
                }),
            }
        }
        runs
    }

    /// The links of the path, as (from, to) pairs in path order.
    pub fn links(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        self.segments.iter().filter_map(|s| match *s {
            PathSegment::Link { from, to, .. } => Some((from, to)),
            _ => None,
        })
    }

    /// `pieces` joined in order by links, the k-th from piece k's end to piece k + 1's start
    /// costing `costs[k]`; `None` without pieces.
    pub fn join(pieces: &[Path], costs: &[f64]) -> Option<Path> {
        let first = pieces.first()?;
        let mut segments = first.segments.clone();
        for ((before, piece), &cost) in pieces.iter().zip(&pieces[1..]).zip(costs) {
            segments.push(PathSegment::Link {
                from: before.end(),
                to: piece.start,
                cost,
            });
            segments.extend(piece.segments.iter().copied());
        }
        Some(Path::from_segments(first.start, segments))
    }

    /// Number of corner points (segment ends plus the start).
    pub fn vertex_count(&self) -> usize {
        self.segments.len() + 1
    }
}
