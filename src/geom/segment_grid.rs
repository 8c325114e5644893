//! `SegmentGrid`: a uniform grid over a set of segments (usually the walls of a region) that
//! answers even-odd containment and nearest-distance queries without scanning every segment.

use super::{Aabb, Point, Segment, segment_distance};

/// Segments bucketed into square cells. Build once, query many times.
#[derive(Clone, Debug)]
pub struct SegmentGrid {
    segments: Vec<Segment>,
    bounds: Aabb,
    cell: f64,
    cols: usize,
    rows: usize,
    /// `cells[row * cols + col]` lists indices into `segments`.
    cells: Vec<Vec<u32>>,
}

impl SegmentGrid {
    pub fn new(segments: Vec<Segment>) -> Self {
        let bounds = Aabb::from_points(segments.iter().flat_map(|s| [s.a, s.b]));
        let n = segments.len().max(1);
        let span = bounds.width().max(bounds.height());
        let cells_per_side = ((n as f64).sqrt().ceil() as usize).clamp(1, 1024);
        let cell = if span > 0.0 && span.is_finite() {
            span / cells_per_side as f64
        } else {
            1.0
        };
        let cols = if bounds.is_empty() {
            1
        } else {
            ((bounds.width() / cell).floor() as usize + 1).min(1025)
        };
        let rows = if bounds.is_empty() {
            1
        } else {
            ((bounds.height() / cell).floor() as usize + 1).min(1025)
        };
        let mut grid = SegmentGrid {
            segments,
            bounds,
            cell,
            cols,
            rows,
            cells: vec![Vec::new(); cols * rows],
        };
        for (i, s) in grid.segments.iter().enumerate() {
            let (c0, r0) = grid.cell_of(Point::new(s.a.x.min(s.b.x), s.a.y.min(s.b.y)));
            let (c1, r1) = grid.cell_of(Point::new(s.a.x.max(s.b.x), s.a.y.max(s.b.y)));
            for r in r0..=r1 {
                for c in c0..=c1 {
                    grid.cells[r * cols + c].push(i as u32);
                }
            }
        }
        grid
    }

    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    pub fn bounds(&self) -> Aabb {
        self.bounds
    }

    fn cell_of(&self, p: Point) -> (usize, usize) {
        let c = ((p.x - self.bounds.min.x) / self.cell).floor();
        let r = ((p.y - self.bounds.min.y) / self.cell).floor();
        let clamp = |v: f64, n: usize| {
            if v.is_nan() || v < 0.0 {
                0
            } else {
                (v as usize).min(n - 1)
            }
        };
        (clamp(c, self.cols), clamp(r, self.rows))
    }

    /// Even-odd containment: true when a ray from `p` towards +x crosses the segments an odd
    /// number of times. Meant for segment sets that form closed rings.
    pub fn contains(&self, p: Point) -> bool {
        if !self.bounds.contains(p) {
            return false;
        }
        let (c0, r) = self.cell_of(p);
        let mut inside = false;
        // A segment spanning several cells of this row is listed in each; count it once, in the
        // first cell (from c0 on) that lists it.
        for c in c0..self.cols {
            for &i in &self.cells[r * self.cols + c] {
                let s = self.segments[i as usize];
                let first_col = self.cell_of(Point::new(s.a.x.min(s.b.x), p.y)).0.max(c0);
                if first_col != c {
                    continue;
                }
                if (s.a.y > p.y) != (s.b.y > p.y) {
                    let (lo, hi) = if s.a.y < s.b.y {
                        (s.a, s.b)
                    } else {
                        (s.b, s.a)
                    };
                    if super::orient(lo, hi, p) > 0.0 {
                        inside = !inside;
                    }
                }
            }
        }
        inside
    }

    /// Distance from `p` to the nearest segment, or `limit` when none is closer than `limit`.
    pub fn distance_to_point(&self, p: Point, limit: f64) -> f64 {
        self.min_distance(Aabb::from_points([p]), limit, |s| s.distance_to_point(p))
    }

    /// Distance from segment `q` to the nearest segment, or `limit` when none is closer.
    pub fn distance_to_segment(&self, q: &Segment, limit: f64) -> f64 {
        self.min_distance(Aabb::from_points([q.a, q.b]), limit, |s| {
            segment_distance(s, q)
        })
    }

    /// Indices of segments whose boxes come within `margin` of `area`.
    pub fn candidates(&self, area: Aabb, margin: f64) -> Vec<u32> {
        let area = area.expanded(margin);
        if self.segments.is_empty() || !area.intersects(&self.bounds) {
            return Vec::new();
        }
        let (c0, r0) = self.cell_of(area.min);
        let (c1, r1) = self.cell_of(area.max);
        let mut out = Vec::new();
        for r in r0..=r1 {
            for c in c0..=c1 {
                out.extend_from_slice(&self.cells[r * self.cols + c]);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The point of the segments nearest to `p`, with the segment's index, if one lies closer than
    /// `limit`.
    pub fn closest_point(&self, p: Point, limit: f64) -> Option<(Point, usize)> {
        self.nearest(p, limit)
            .map(|(i, _)| (self.segments[i].closest_point(p), i))
    }

    /// The segment nearest to `p` and its distance, if one lies closer than `limit`.
    pub fn nearest(&self, p: Point, limit: f64) -> Option<(usize, f64)> {
        self.nearest_by(Aabb::from_points([p]), limit, |s| s.distance_to_point(p))
    }

    fn min_distance(&self, area: Aabb, limit: f64, dist: impl Fn(&Segment) -> f64) -> f64 {
        self.nearest_by(area, limit, dist).map_or(limit, |(_, d)| d)
    }

    fn nearest_by(
        &self,
        area: Aabb,
        limit: f64,
        dist: impl Fn(&Segment) -> f64,
    ) -> Option<(usize, f64)> {
        if self.segments.is_empty() {
            return None;
        }
        let mut best: Option<(usize, f64)> = None;
        let consider = |i: u32, best: &mut Option<(usize, f64)>| {
            let d = dist(&self.segments[i as usize]);
            if d < limit && best.is_none_or(|(_, b)| d < b) {
                *best = Some((i as usize, d));
            }
        };
        // Grow the search box until it holds a segment, then search once more at the distance
        // found, which is exact: anything nearer must overlap that box.
        // Once the margin spans the box holding both, every segment is a candidate, however far
        // `area` lies outside the grid.
        let span = self.bounds.union(area).diagonal();
        let mut margin = self.cell;
        loop {
            let reach = margin.min(limit);
            for i in self.candidates(area, reach) {
                consider(i, &mut best);
            }
            if best.is_some_and(|(_, d)| d <= reach) || reach >= limit || margin > span {
                break;
            }
            margin *= 2.0;
        }
        if let Some((_, d)) = best {
            for i in self.candidates(area, d) {
                consider(i, &mut best);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Ring;

    fn ring_segments(points: &[(f64, f64)]) -> Vec<Segment> {
        Ring::new(points.iter().map(|&(x, y)| Point::new(x, y)).collect())
            .edges()
            .collect()
    }

    #[test]
    fn containment_with_a_hole() {
        let mut segs = ring_segments(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]);
        segs.extend(ring_segments(&[
            (4.0, 4.0),
            (6.0, 4.0),
            (6.0, 6.0),
            (4.0, 6.0),
        ]));
        let g = SegmentGrid::new(segs);
        assert!(g.contains(Point::new(1.0, 1.0)));
        assert!(!g.contains(Point::new(5.0, 5.0)));
        assert!(g.contains(Point::new(7.0, 5.0)));
        assert!(!g.contains(Point::new(11.0, 5.0)));
        // On the level of a vertex: the half-open rule counts the corner once.
        assert!(g.contains(Point::new(2.0, 4.0)));
    }

    #[test]
    fn the_nearest_segment_is_found_from_far_outside_the_grid() {
        let g = SegmentGrid::new(ring_segments(&[
            (0.0, 0.0),
            (10.0, 0.0),
            (10.0, 10.0),
            (0.0, 10.0),
        ]));
        for far in [1e5, 1e9, 1e12] {
            let (q, _) = g
                .closest_point(Point::new(far, far), f64::INFINITY)
                .unwrap();
            assert_eq!(q, Point::new(10.0, 10.0), "from ({far}, {far})");
        }
    }

    #[test]
    fn distances_match_brute_force() {
        let segs = ring_segments(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]);
        let g = SegmentGrid::new(segs.clone());
        for p in [
            Point::new(3.0, 2.0),
            Point::new(-5.0, 20.0),
            Point::new(9.5, 9.0),
        ] {
            let brute = segs
                .iter()
                .map(|s| s.distance_to_point(p))
                .fold(f64::INFINITY, f64::min);
            assert!((g.distance_to_point(p, f64::INFINITY) - brute).abs() < 1e-12);
        }
        assert_eq!(g.distance_to_point(Point::new(5.0, 5.0), 1.0), 1.0);
        let q = Segment::new(Point::new(2.0, 5.0), Point::new(8.0, 5.0));
        assert!((g.distance_to_segment(&q, f64::INFINITY) - 2.0).abs() < 1e-12);
    }
}
