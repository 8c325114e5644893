//! `SegmentGrid`: a spatial index over a set of segments (usually the walls of a region) that
//! answers even-odd containment, box and nearest-distance queries without scanning every
//! segment. It is an R-tree (rstar, bulk-loaded), so it adapts to the density of the segments: a
//! uniform grid of sqrt(n) cells held thousands of segments per cell along a dense ring (an
//! obstacle of 40k corners), and every query round it scanned them (issue 11 item 9).

use super::{Aabb, Point, Segment, segment_distance};
use rstar::{AABB, Envelope, ParentNode, RTree, RTreeNode, RTreeObject, SelectionFunction};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A segment in the tree, with its index in the input.
#[derive(Clone, Copy, Debug)]
struct Indexed {
    segment: Segment,
    index: u32,
}

impl RTreeObject for Indexed {
    type Envelope = AABB<[f64; 2]>;

    fn envelope(&self) -> Self::Envelope {
        let (a, b) = (self.segment.a, self.segment.b);
        AABB::from_corners([a.x, a.y], [b.x, b.y])
    }
}

/// Selects the tree entry that is exactly this segment.
struct Same(Segment);

impl SelectionFunction<Indexed> for Same {
    fn should_unpack_parent(&self, envelope: &AABB<[f64; 2]>) -> bool {
        let (a, b) = (self.0.a, self.0.b);
        envelope.contains_envelope(&AABB::from_corners([a.x, a.y], [b.x, b.y]))
    }

    fn should_unpack_leaf(&self, leaf: &Indexed) -> bool {
        leaf.segment == self.0
    }
}

fn to_aabb(e: &AABB<[f64; 2]>) -> Aabb {
    let (lo, hi) = (e.lower(), e.upper());
    Aabb {
        min: Point::new(lo[0], lo[1]),
        max: Point::new(hi[0], hi[1]),
    }
}

/// Segments in an R-tree. Build once (O(n log n)), query many times (O(log n) for a nearest
/// segment).
#[derive(Clone, Debug)]
pub struct SegmentGrid {
    segments: Vec<Segment>,
    bounds: Aabb,
    tree: RTree<Indexed>,
}

impl SegmentGrid {
    pub fn new(segments: Vec<Segment>) -> Self {
        let bounds = Aabb::from_points(segments.iter().flat_map(|s| [s.a, s.b]));
        let tree = RTree::bulk_load(
            segments
                .iter()
                .enumerate()
                .map(|(i, &segment)| Indexed {
                    segment,
                    index: i as u32,
                })
                .collect(),
        );
        SegmentGrid {
            segments,
            bounds,
            tree,
        }
    }

    /// This index with the segments `removed` (as given before) taken out and `added` put
    /// in, for a local change of a big set of walls: the kept segments keep their numbers,
    /// the added ones come after them, and the numbers of the removed ones are no longer
    /// returned by any query. A segment not found is ignored.
    pub fn updated(&self, removed: &[Segment], added: &[Segment]) -> SegmentGrid {
        let mut tree = self.tree.clone();
        for &s in removed {
            tree.remove_with_selection_function(Same(s));
        }
        let mut segments = self.segments.clone();
        for &segment in added {
            let index = segments.len() as u32;
            tree.insert(Indexed { segment, index });
            segments.push(segment);
        }
        let bounds = if tree.size() == 0 {
            Aabb::from_points(std::iter::empty())
        } else {
            to_aabb(&tree.root().envelope())
        };
        SegmentGrid {
            segments,
            bounds,
            tree,
        }
    }

    /// The segments by number (a number no query returns may be a removed segment: see
    /// [`SegmentGrid::updated`]).
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    pub fn bounds(&self) -> Aabb {
        self.bounds
    }

    /// Even-odd containment: true when a ray from `p` towards +x crosses the segments an odd
    /// number of times. Meant for segment sets that form closed rings.
    pub fn contains(&self, p: Point) -> bool {
        if !self.bounds.contains(p) {
            return false;
        }
        let ray = AABB::from_corners([p.x, p.y], [self.bounds.max.x, p.y]);
        let mut inside = false;
        for item in self.tree.locate_in_envelope_intersecting(ray) {
            let s = item.segment;
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
        inside
    }

    /// Distance from `p` to the nearest segment, or `limit` when none is closer than `limit`.
    pub fn distance_to_point(&self, p: Point, limit: f64) -> f64 {
        self.nearest(p, limit).map_or(limit, |(_, d)| d)
    }

    /// Distance from segment `q` to the nearest segment, or `limit` when none is closer.
    pub fn distance_to_segment(&self, q: &Segment, limit: f64) -> f64 {
        let q_box = Aabb::from_points([q.a, q.b]);
        self.nearest_by(
            limit,
            |b, best| box_bound(b, q, &q_box, best),
            |s, best| {
                // A leaf whose box is farther than the best cannot win (nor tie).
                let gap = box_to_box(&Aabb::from_points([s.a, s.b]), &q_box);
                if gap > best {
                    gap
                } else {
                    segment_distance(s, q)
                }
            },
        )
        .map_or(limit, |(_, d)| d)
    }

    /// Indices (ascending) of segments whose boxes come within `margin` of `area`.
    pub fn candidates(&self, area: Aabb, margin: f64) -> Vec<u32> {
        let area = area.expanded(margin);
        if self.segments.is_empty() || !area.intersects(&self.bounds) {
            return Vec::new();
        }
        let envelope = AABB::from_corners([area.min.x, area.min.y], [area.max.x, area.max.y]);
        let mut out: Vec<u32> = self
            .tree
            .locate_in_envelope_intersecting(envelope)
            .map(|item| item.index)
            .collect();
        out.sort_unstable();
        out
    }

    /// Indices (ascending) of segments closer than `radius` to segment `q`: the tree is walked
    /// inside the capsule round `q`, not its bounding box (along a dense ring the box held ten
    /// times the segments the capsule does).
    pub fn near_segment(&self, q: &Segment, radius: f64) -> Vec<u32> {
        let mut out: Vec<u32> = self
            .tree
            .locate_with_selection_function(WithinCapsule {
                q: *q,
                q_box: Aabb::from_points([q.a, q.b]),
                radius,
            })
            .map(|item| item.index)
            .collect();
        out.sort_unstable();
        out
    }

    /// The point of the segments nearest to `p`, with the segment's index, if one lies closer than
    /// `limit`.
    pub fn closest_point(&self, p: Point, limit: f64) -> Option<(Point, usize)> {
        self.nearest(p, limit)
            .map(|(i, _)| (self.segments[i].closest_point(p), i))
    }

    /// The segment nearest to `p` and its distance, if one lies closer than `limit` (of equally
    /// near ones, the first).
    pub fn nearest(&self, p: Point, limit: f64) -> Option<(usize, f64)> {
        self.nearest_by(
            limit,
            |b, _| box_to_point(b, p),
            |s, _| s.distance_to_point(p),
        )
    }

    /// Best-first search: nodes in order of `box_distance` (a lower bound of `distance` for
    /// everything inside; given the distance to beat, it and `distance` may answer any bound at
    /// least that),
    /// stopping once that bound passes the best found. Of equally near segments, the one of the
    /// lowest index wins.
    fn nearest_by(
        &self,
        limit: f64,
        box_distance: impl Fn(&Aabb, f64) -> f64,
        distance: impl Fn(&Segment, f64) -> f64,
    ) -> Option<(usize, f64)> {
        let mut best: Option<(u32, f64)> = None;
        let mut heap = BinaryHeap::new();
        heap.push(Pending(0.0, self.tree.root()));
        while let Some(Pending(bound, node)) = heap.pop() {
            if bound >= limit || best.is_some_and(|(_, b)| bound > b) {
                break;
            }
            for child in node.children() {
                match child {
                    RTreeNode::Leaf(item) => {
                        let beat = best.map_or(limit, |(_, b)| b.min(limit));
                        let d = distance(&item.segment, beat);
                        let better = best.is_none_or(|(i, b)| d < b || (d == b && item.index < i));
                        if d < limit && better {
                            best = Some((item.index, d));
                        }
                    }
                    RTreeNode::Parent(p) => {
                        let beat = best.map_or(limit, |(_, b)| b.min(limit));
                        let d = box_distance(&to_aabb(&p.envelope()), beat);
                        if d < limit && best.is_none_or(|(_, b)| d <= b) {
                            heap.push(Pending(d, p));
                        }
                    }
                }
            }
        }
        best.map(|(i, d)| (i as usize, d))
    }
}

/// Selects the segments closer than `radius` to `q`.
struct WithinCapsule {
    q: Segment,
    q_box: Aabb,
    radius: f64,
}

impl SelectionFunction<Indexed> for WithinCapsule {
    fn should_unpack_parent(&self, envelope: &AABB<[f64; 2]>) -> bool {
        box_bound(&to_aabb(envelope), &self.q, &self.q_box, self.radius) < self.radius
    }

    fn should_unpack_leaf(&self, leaf: &Indexed) -> bool {
        segment_distance(&leaf.segment, &self.q) < self.radius
    }
}

/// A tree node waiting in the best-first search, nearest lower bound first.
struct Pending<'a>(f64, &'a ParentNode<Indexed>);

impl PartialEq for Pending<'_> {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Pending<'_> {}
impl Ord for Pending<'_> {
    fn cmp(&self, o: &Self) -> Ordering {
        o.0.total_cmp(&self.0)
    }
}
impl PartialOrd for Pending<'_> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// Distance from `p` to the box (0 inside).
fn box_to_point(b: &Aabb, p: Point) -> f64 {
    let dx = (b.min.x - p.x).max(p.x - b.max.x).max(0.0);
    let dy = (b.min.y - p.y).max(p.y - b.max.y).max(0.0);
    Point::new(dx, dy).length()
}

/// A lower bound of the distance from segment `q` (whose box is `q_box`) to box `b`, exact
/// where it matters against `beat`: the gap between the boxes is cheap, and the exact distance
/// is at most the gap plus q's box diagonal, so the exact one is computed only when it could
/// reach `beat` where the gap does not (along a dense ring most nodes are nearer than that).
fn box_bound(b: &Aabb, q: &Segment, q_box: &Aabb, beat: f64) -> f64 {
    let gap = box_to_box(b, q_box);
    if gap >= beat || gap + q_box.diagonal() < beat {
        gap
    } else {
        box_to_segment(b, q)
    }
}

/// Gap between two boxes (0 when they meet).
fn box_to_box(a: &Aabb, b: &Aabb) -> f64 {
    let dx = (a.min.x - b.max.x).max(b.min.x - a.max.x).max(0.0);
    let dy = (a.min.y - b.max.y).max(b.min.y - a.max.y).max(0.0);
    Point::new(dx, dy).length()
}

/// Distance from segment `q` to the box (0 when they meet). Two disjoint convex polygons are
/// nearest at a corner of one, so it is the nearest of q's ends to the box and of the box's
/// corners to q; a clip of q against the box (Liang-Barsky) tells whether they meet.
fn box_to_segment(b: &Aabb, q: &Segment) -> f64 {
    if clips(b, q) {
        return 0.0;
    }
    let corners = [
        b.min,
        Point::new(b.max.x, b.min.y),
        b.max,
        Point::new(b.min.x, b.max.y),
    ];
    corners
        .iter()
        .map(|&c| q.distance_to_point(c))
        .fold(box_to_point(b, q.a).min(box_to_point(b, q.b)), f64::min)
}

/// True when segment `q` has a point in the closed box.
fn clips(b: &Aabb, q: &Segment) -> bool {
    let d = q.b - q.a;
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for (start, delta, min, max) in [
        (q.a.x, d.x, b.min.x, b.max.x),
        (q.a.y, d.y, b.min.y, b.max.y),
    ] {
        if delta == 0.0 {
            if start < min || start > max {
                return false;
            }
            continue;
        }
        let (t0, t1) = ((min - start) / delta, (max - start) / delta);
        lo = lo.max(t0.min(t1));
        hi = hi.min(t0.max(t1));
        if lo > hi {
            return false;
        }
    }
    true
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
    fn an_updated_index_answers_as_a_new_one_of_the_same_segments() {
        let outline = ring_segments(&[(0.0, 0.0), (30.0, 0.0), (30.0, 20.0), (0.0, 20.0)]);
        let hole = |x: f64| ring_segments(&[(x, 8.0), (x, 12.0), (x + 4.0, 12.0), (x + 4.0, 8.0)]);
        let before: Vec<Segment> = outline.iter().copied().chain(hole(5.0)).collect();
        let after: Vec<Segment> = outline.iter().copied().chain(hole(20.0)).collect();
        let updated = SegmentGrid::new(before).updated(&hole(5.0), &hole(20.0));
        let fresh = SegmentGrid::new(after);
        assert_eq!(updated.bounds(), fresh.bounds());
        let live = |g: &SegmentGrid| -> Vec<[u64; 4]> {
            let mut v: Vec<[u64; 4]> = (g.candidates(g.bounds(), 1.0).iter())
                .map(|&i| g.segments()[i as usize])
                .map(|s| [s.a.x, s.a.y, s.b.x, s.b.y].map(f64::to_bits))
                .collect();
            v.sort_unstable();
            v
        };
        assert_eq!(live(&updated), live(&fresh));
        for p in [
            Point::new(7.0, 10.0),
            Point::new(22.0, 10.0),
            Point::new(15.0, 3.0),
        ] {
            assert_eq!(updated.contains(p), fresh.contains(p), "{p}");
            assert_eq!(
                updated.distance_to_point(p, 100.0),
                fresh.distance_to_point(p, 100.0),
                "{p}"
            );
        }
        // The old hole is gone: nothing is within 1 of where it was.
        assert!(updated.distance_to_point(Point::new(7.0, 10.0), 1.0) >= 1.0);
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

    /// Random segments of every length (many tiny ones in a dense ring, a few long ones):
    /// every query agrees with a scan of all segments, ties going to the lowest index.
    #[test]
    fn queries_match_brute_force() {
        let mut rng = crate::rng::Rng::new(3);
        let mut segs: Vec<Segment> = (0..2000)
            .map(|k| {
                let a = k as f64 * std::f64::consts::TAU / 2000.0;
                let b = (k + 1) as f64 * std::f64::consts::TAU / 2000.0;
                Segment::new(Point::from_angle(a) * 6.0, Point::from_angle(b) * 6.0)
            })
            .collect();
        for _ in 0..50 {
            let p = |rng: &mut crate::rng::Rng| {
                Point::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0))
            };
            segs.push(Segment::new(p(&mut rng), p(&mut rng)));
        }
        segs.push(segs[7]); // an exact duplicate: the tie goes to index 7
        let g = SegmentGrid::new(segs.clone());
        for _ in 0..300 {
            let p = Point::new(rng.range(-12.0, 12.0), rng.range(-12.0, 12.0));
            let q = Segment::new(
                p,
                p + Point::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)),
            );
            let brute = |f: &dyn Fn(&Segment) -> f64| {
                (0..segs.len())
                    .map(|i| (i, f(&segs[i])))
                    .fold(None, |best: Option<(usize, f64)>, (i, d)| match best {
                        Some((_, b)) if b <= d => best,
                        _ => Some((i, d)),
                    })
                    .unwrap()
            };
            assert_eq!(
                g.nearest(p, f64::INFINITY),
                Some(brute(&|s| s.distance_to_point(p)))
            );
            let d = brute(&|s| segment_distance(s, &q)).1;
            assert_eq!(g.distance_to_segment(&q, f64::INFINITY), d);
            assert_eq!(
                g.distance_to_segment(&q, d),
                d,
                "nothing nearer than the limit"
            );
            let area = Aabb::from_points([q.a, q.b]);
            let boxes: Vec<u32> = (0..segs.len() as u32)
                .filter(|&i| {
                    let s = segs[i as usize];
                    Aabb::from_points([s.a, s.b]).intersects(&area.expanded(0.5))
                })
                .collect();
            assert_eq!(g.candidates(area, 0.5), boxes);
            let near: Vec<u32> = (0..segs.len() as u32)
                .filter(|&i| segment_distance(&segs[i as usize], &q) < 0.5)
                .collect();
            assert_eq!(g.near_segment(&q, 0.5), near);
        }
        let at_seven = segs[7].a.lerp(segs[7].b, 0.5);
        assert_eq!(g.nearest(at_seven, 1.0).map(|(i, _)| i), Some(7));
    }

    /// The box-to-segment bound is the exact distance: it matches the nearest of the box's
    /// four sides (or 0 with an end inside), for segments crossing, touching, missing the box.
    #[test]
    fn box_to_segment_is_the_distance_to_the_box() {
        let mut rng = crate::rng::Rng::new(11);
        let b = Aabb {
            min: Point::new(-1.0, -0.5),
            max: Point::new(2.0, 1.5),
        };
        let sides = [
            Segment::new(b.min, Point::new(b.max.x, b.min.y)),
            Segment::new(Point::new(b.max.x, b.min.y), b.max),
            Segment::new(b.max, Point::new(b.min.x, b.max.y)),
            Segment::new(Point::new(b.min.x, b.max.y), b.min),
        ];
        let mut qs: Vec<Segment> = (0..2000)
            .map(|_| {
                let mut p = || Point::new(rng.range(-4.0, 5.0), rng.range(-4.0, 5.0));
                Segment::new(p(), p())
            })
            .collect();
        qs.push(Segment::new(Point::new(-3.0, -2.5), Point::new(-1.0, -0.5))); // at a corner
        qs.push(Segment::new(Point::new(-3.0, 0.0), Point::new(5.0, 0.0))); // through
        qs.push(Segment::new(Point::new(3.0, 3.0), Point::new(3.0, 3.0))); // a point
        for q in qs {
            let expected = if b.contains(q.a) {
                0.0
            } else {
                sides
                    .iter()
                    .map(|s| segment_distance(s, &q))
                    .fold(f64::INFINITY, f64::min)
            };
            assert!((box_to_segment(&b, &q) - expected).abs() < 1e-12, "{q:?}");
        }
    }

    /// Issue 11 item 9: round a ring of 40k corners a uniform grid held hundreds of segments
    /// per cell and each clearance query scanned them all (N^1.5 for a path along the ring).
    /// The tree answers them right; their time is measured by `cargo bench --bench dense` (no
    /// timed unit tests: a loaded machine would fail them).
    #[test]
    fn clearance_along_a_dense_ring() {
        let n = 40_000;
        let corner = |k: usize| Point::from_angle(k as f64 * std::f64::consts::TAU / n as f64);
        let g = SegmentGrid::new(
            (0..n)
                .map(|k| Segment::new(corner(k) * 6.0, corner(k + 1) * 6.0))
                .collect(),
        );
        for k in 0..n {
            let q = Segment::new(corner(k) * 6.5, corner(k + 1) * 6.5);
            assert!((g.distance_to_segment(&q, 100.0) - 0.5).abs() < 1e-3);
        }
    }
}
