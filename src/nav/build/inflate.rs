//! Inflation: the free space for an agent of radius r is the walkable union shrunk by r minus
//! the obstacle union grown by r, with round joins.
//!
//! Every arc is replaced by a polygon that lies OUTSIDE the true offset curve, so clearance >= r
//! holds everywhere, and strays from it by at most the arc tolerance:
//! ```text
//!   convex obstacles (exact, fast):          other shapes (i_overlay):
//!   tangent polygon around each corner        round joins at r' = r / cos(step / 2),
//!        ___                                   chords touch the circle of radius r
//!      /     \   <- vertices at r / cos(d/2)
//!     |   c   |     edges tangent at r
//! ```
//! Along a convex obstacle's gently turning runs (a finely divided curve) tangents are left out
//! while their corners stay within the same tolerance (`tangent_polygon`). A convex walkable
//! outline shrinks exactly (no arcs). Only pieces whose boxes touch are unioned, and only pieces that touch the shrunk outline take
//! part in the boolean difference; the rest become holes as they are.

use super::polygon_ops::{self, Shape, difference, union_shapes};
use super::repair::{Piece, Repaired, is_convex};
use super::tangent_polygon::tangent_polygon;
use crate::geom::{Aabb, Point, Segment, SegmentGrid, overlap_clusters};
use crate::nav::mesh::free_space::{Contour, FreeSpace};
use crate::scene::{Corner, RingRef};
use std::borrow::Cow;
use std::collections::HashMap;

/// A grown obstacle piece (or several merged), with the corners of its points when they are
/// known exactly.
#[derive(Clone, Debug)]
pub(super) struct Grown {
    pub(super) shapes: Vec<Shape>,
    pub(super) corners: Option<Vec<Corner>>,
    /// The scene rings it was made of: the corners that may name its points.
    pub(super) sources: Vec<RingRef>,
    pub(super) bounds: Aabb,
}

/// Where a grown piece lies relative to the shrunk walkable outline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    /// It touches the outline and is cut out of it.
    Cut,
    /// It lies inside: its contours are holes of the free space.
    Hole,
    /// It lies outside the walkable region and changes nothing.
    Outside,
}

/// The walkable union shrunk by the radius, with its walls for telling where grown pieces lie.
#[derive(Clone, Debug)]
pub(super) struct Outline {
    pub(super) shapes: Vec<Shape>,
    /// For a convex outline shrunk exactly: the corner each point of its one ring comes from
    /// (where its two edges meet), by position, `None` where two edges that do not meet there
    /// cross.
    sources: Option<Vec<Option<Point>>>,
    walls: SegmentGrid,
}

impl Outline {
    pub(super) fn new(walkable: &[Shape], radius: f64, tolerance: f64) -> Outline {
        let (shapes, sources) = shrink_walkable(walkable, radius, tolerance);
        let walls = SegmentGrid::new(
            shapes
                .iter()
                .flatten()
                .flat_map(|c| ring_edges(c))
                .collect(),
        );
        Outline {
            shapes,
            sources,
            walls,
        }
    }

    /// Whether `g` is cut out of the outline, a hole inside it, or outside it.
    pub(super) fn place(&self, g: &Grown) -> Place {
        let touches = self.walls.candidates(g.bounds, 0.0).iter().any(|&i| {
            let s = self.walls.segment(i as usize);
            Aabb::from_points([s.a, s.b]).intersects(&g.bounds)
        });
        if touches {
            Place::Cut
        } else if self.walls.contains(g.shapes[0][0][0]) {
            Place::Hole
        } else {
            Place::Outside
        }
    }
}

/// The free space of `repaired` for radius `radius`; `tolerance` bounds how far the polygonal
/// arcs may lie outside the true offset (it cannot go below about 0.012% of the radius, the
/// finest step of the offsetting library).
pub fn inflate(repaired: &Repaired, radius: f64, tolerance: f64) -> FreeSpace {
    let radius = radius.max(0.0);
    let outline = Outline::new(&repaired.walkable, radius, tolerance);
    let grown: Vec<Grown> = repaired
        .obstacles
        .iter()
        .map(|p| grow(p, radius, tolerance))
        .collect();

    let (clusters, mut contours) =
        place_all(&outline, grown, repaired, radius + tolerance.max(0.0));
    contours.extend(clusters.into_iter().flat_map(|c| c.contours));
    FreeSpace { contours }
}

/// Grown pieces whose boxes touch, merged.
#[derive(Clone, Debug)]
pub(super) struct Cluster {
    /// The pieces merged, by index.
    pub(super) members: Vec<usize>,
    pub(super) place: Place,
    /// Its hole contours when it is a hole.
    pub(super) contours: Vec<Contour>,
}

/// The `grown` pieces merged where their boxes touch and placed against the shrunk
/// `outline`, and the outline's contours with the pieces that touch it cut out of it. The
/// points of each contour are named within `reach` after the corners of its own rings.
pub(super) fn place_all(
    outline: &Outline,
    grown: Vec<Grown>,
    repaired: &Repaired,
    reach: f64,
) -> (Vec<Cluster>, Vec<Contour>) {
    let named_by =
        |rings: &[RingRef]| corners_of(rings, |r| repaired.ring_corners(r).iter().copied());
    let mut cut = Vec::new();
    let mut outline_rings = repaired.outline_rings();
    let mut clusters = Vec::new();
    for (members, g) in merge_touching(grown) {
        let place = outline.place(&g);
        let contours = match place {
            Place::Cut => {
                cut.extend(g.shapes);
                outline_rings.extend(g.sources);
                Vec::new()
            }
            Place::Hole => hole_contours(g, reach, named_by),
            Place::Outside => Vec::new(),
        };
        clusters.push(Cluster {
            members,
            place,
            contours,
        });
    }
    let lookup = CornerLookup::new(named_by(&outline_rings), reach);
    (clusters, cut_outline(outline, &cut, &lookup))
}

/// The corners of `rings`, given each ring's. A contour's point is named after a corner of
/// the rings its contour is made of, never after a neighbour's: the name then stays when the
/// neighbour moves, so an incremental rebuild names every point as a full build does.
pub(super) fn corners_of<I: IntoIterator<Item = (Point, Corner)>>(
    rings: &[RingRef],
    ring_corners: impl Fn(RingRef) -> I,
) -> Vec<(Point, Corner)> {
    rings.iter().flat_map(|&r| ring_corners(r)).collect()
}

/// The contours of the shrunk outline with the pieces `cut` cut out of it.
pub(super) fn cut_outline(outline: &Outline, cut: &[Shape], lookup: &CornerLookup) -> Vec<Contour> {
    if cut.is_empty()
        && let (Some(sources), [shape]) = (&outline.sources, outline.shapes.as_slice())
        && let [ring] = shape.as_slice()
    {
        return vec![lookup.contour_from(ring.clone(), sources)];
    }
    let walkable = if cut.is_empty() {
        outline.shapes.clone()
    } else {
        difference(&outline.shapes, cut)
    };
    walkable
        .into_iter()
        .flatten()
        .map(|c| lookup.contour(c))
        .collect()
}

/// The hole contours (clockwise) of a grown piece inside the outline; `corners_of` gives the
/// corners of its source rings, which name its points within `reach`.
pub(super) fn hole_contours(
    g: Grown,
    reach: f64,
    corners_of: impl FnOnce(&[RingRef]) -> Vec<(Point, Corner)>,
) -> Vec<Contour> {
    match g.corners {
        Some(mut corners) => {
            let mut points = g.shapes.into_iter().flatten().next().unwrap_or_default();
            points.reverse();
            corners.reverse();
            vec![Contour::new(
                points,
                corners.into_iter().map(Some).collect(),
            )]
        }
        None => {
            let lookup = CornerLookup::new(corners_of(&g.sources), reach);
            (g.shapes.into_iter().flatten())
                .map(|mut c| {
                    c.reverse();
                    lookup.contour(c)
                })
                .collect()
        }
    }
}

/// The walkable union shrunk by `r`. A single convex ring shrinks exactly (its corners stay
/// sharp, no arcs appear): the intersection of its edges' inward offset half-planes; then the
/// corner each point comes from is known too (see `Outline::sources`).
fn shrink_walkable(
    walkable: &[Shape],
    r: f64,
    tolerance: f64,
) -> (Vec<Shape>, Option<Vec<Option<Point>>>) {
    // As for the obstacles (see [`grow`]).
    if too_small_to_grow(
        r,
        Aabb::from_points(walkable.iter().flatten().flatten().copied()),
    ) {
        return (walkable.to_vec(), None);
    }
    if let [shape] = walkable
        && let [ring] = shape.as_slice()
        && is_convex(ring)
    {
        return match shrink_convex(ring, r) {
            Some((shrunk, sources)) => (vec![vec![shrunk]], Some(sources)),
            None => (Vec::new(), None),
        };
    }
    let (offset, step) = library_offset(r, tolerance);
    (polygon_ops::outline(walkable, -offset, step), None)
}

/// A convex counter-clockwise ring shrunk by `r`: the intersection of its edges' inward offset
/// half-planes, in O(n log n) (half-planes sorted by direction, a deque of the ones that bound
/// the result; clipping by each half-plane in turn took O(n^2), 32 s for 125k corners), with the
/// corner of `ring` each point comes from when its two edges meet there; `None` when nothing is
/// left.
fn shrink_convex(ring: &[Point], r: f64) -> Option<(Vec<Point>, Vec<Option<Point>>)> {
    let n = ring.len();
    let extent = Aabb::from_points(ring.iter().copied()).diagonal();
    let eps = 1e-12 * extent.max(r);
    // Each half-plane: a point on its line and its unit direction (inside is on the left), and
    // the index of its edge.
    let mut planes: Vec<(Point, Point, usize)> = (0..n)
        .filter_map(|i| {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            let dir = (b - a).normalized()?;
            Some((a + dir.perp() * r, dir, i))
        })
        .collect();
    planes.sort_by(|x, y| x.1.angle().total_cmp(&y.1.angle()));
    let out = |(p, d, _): (Point, Point, usize), x: Point| d.cross(x - p) < -eps;
    let meet = |(p, d, _): (Point, Point, usize), (q, e, _): (Point, Point, usize)| {
        p + d * (e.cross(q - p) / e.cross(d))
    };
    let mut dq: std::collections::VecDeque<(Point, Point, usize)> = Default::default();
    for h in planes {
        while dq.len() > 1 && out(h, meet(dq[dq.len() - 1], dq[dq.len() - 2])) {
            dq.pop_back();
        }
        while dq.len() > 1 && out(h, meet(dq[0], dq[1])) {
            dq.pop_front();
        }
        if let Some(&last) = dq.back()
            && h.1.cross(last.1).abs() < 1e-12
        {
            if h.1.dot(last.1) < 0.0 {
                return None; // opposite walls closer than 2r
            }
            if !out(h, last.0) {
                continue; // the same direction, and the kept one is tighter
            }
            dq.pop_back();
        }
        dq.push_back(h);
    }
    while dq.len() > 2 && out(dq[0], meet(dq[dq.len() - 1], dq[dq.len() - 2])) {
        dq.pop_back();
    }
    while dq.len() > 2 && out(dq[dq.len() - 1], meet(dq[0], dq[1])) {
        dq.pop_front();
    }
    if dq.len() < 3 {
        return None;
    }
    let m = dq.len();
    let mut poly: Vec<(Point, Option<Point>)> = (0..m)
        .map(|i| {
            let (a, b) = (dq[i], dq[(i + 1) % m]);
            let source = (b.2 == (a.2 + 1) % n).then(|| ring[b.2]);
            (meet(a, b), source)
        })
        .collect();
    poly.dedup_by(|b, a| a.0 == b.0);
    if poly.len() > 1 && poly.first().map(|p| p.0) == poly.last().map(|p| p.0) {
        poly.pop();
    }
    let (points, sources): (Vec<Point>, Vec<Option<Point>>) = poly.into_iter().unzip();
    (points.len() >= 3 && crate::geom::signed_area(&points) > 0.0).then_some((points, sources))
}

/// Offset distance and join step for i_overlay so that its chords stay outside radius `r`
/// while its vertices stay within `r + tolerance` (when the library's step range allows).
fn library_offset(r: f64, tolerance: f64) -> (f64, f64) {
    let step = max_step(r, tolerance).min(polygon_ops::MAX_STEP);
    (r / (0.5 * step).cos(), step)
}

/// Largest angular step whose tangent polygon strays at most `tolerance` outside radius `r`,
/// never below the offsetting library's finest step: a full circle has at most
/// 200 segments (a step of 0.01 * pi) however small the tolerance: a tolerance of 1e-20 gave a
/// step of 0 and an endless loop.
pub(super) fn max_step(r: f64, tolerance: f64) -> f64 {
    (2.0 * (r / (r + tolerance.max(0.0))).clamp(-1.0, 1.0).acos()).max(polygon_ops::MIN_STEP)
}

/// Radii at most this share of the coordinates of an obstacle (or of the walkable outline)
/// leave it as it is (see [`grow`]).
const TOO_SMALL_TO_GROW: f64 = 1e-9;

/// Whether `r` is at most [`TOO_SMALL_TO_GROW`] of the largest |coordinate| within `bounds`.
fn too_small_to_grow(r: f64, bounds: Aabb) -> bool {
    r <= TOO_SMALL_TO_GROW * largest_coordinate(bounds)
}

/// Convex rings at least this share of the coordinates wide (within `bounds`) are fat: a
/// million times the area operations' grid.
const FAT: f64 = 1e-3;

/// Whether `ring` is convex and at least [`FAT`] of the largest |coordinate| within `bounds`
/// wide: twice its area over its perimeter bounds its width from below (a convex region's
/// inradius is at least its area over its perimeter).
fn is_fat_convex(ring: &[Point], bounds: Aabb) -> bool {
    if !is_convex(ring) {
        return false;
    }
    let perimeter: f64 = ring_edges(ring).map(|e| e.length()).sum();
    let width = 2.0 * crate::geom::signed_area(ring).abs() / perimeter;
    width >= FAT * largest_coordinate(bounds)
}

/// The largest |coordinate| within `bounds`.
fn largest_coordinate(b: Aabb) -> f64 {
    (b.min.x.abs())
        .max(b.min.y.abs())
        .max(b.max.x.abs())
        .max(b.max.y.abs())
}

pub(super) fn grow(piece: &Piece, r: f64, tolerance: f64) -> Grown {
    let unchanged = || Grown {
        shapes: piece.shapes.clone(),
        corners: piece.convex_corners.clone(),
        sources: piece.sources.clone(),
        bounds: piece.bounds,
    };
    if r == 0.0 {
        return unchanged();
    }
    if let (Some(corners), [shape]) = (&piece.convex_corners, piece.shapes.as_slice()) {
        let (points, corners): (Vec<Point>, Vec<Corner>) =
            tangent_polygon(&shape[0], r, max_step(r, tolerance))
                .into_iter()
                .map(|(p, i)| (p, corners[i]))
                .unzip();
        let bounds = Aabb::from_points(points.iter().copied());
        return Grown {
            shapes: vec![vec![points]],
            corners: Some(corners),
            sources: piece.sources.clone(),
            bounds,
        };
    }
    // A radius under a billionth of the coordinates is below the offsetting library's grid:
    // lost in its rounding, or worse (its stroke then made points off the grid, 1e-12 at
    // x = 35). Such a piece grows by nothing, as for a point agent.
    if too_small_to_grow(r, piece.bounds) {
        return unchanged();
    }
    // The area grown, and every segment of the drawn rings grown too: the area operations lose a
    // part thinner than their grid (a sliver, a near-collinear stretch), the segments do not, so
    // an obstacle blocks everything within r of its ring however thin it is. A fat convex ring
    // loses no part: its grown area covers its segments' (200 near-coincident 200-gons, merged,
    // took 22 s and 2 GB in the union of their 40k strokes).
    let (offset, step) = library_offset(r, tolerance);
    let mut parts = polygon_ops::outline(&piece.shapes, offset, step);
    let thin: Vec<Vec<Point>> = (piece.rings.iter())
        .filter(|ring| !is_fat_convex(ring, piece.bounds))
        .cloned()
        .collect();
    parts.extend(polygon_ops::stroke(thin, offset, step));
    let shapes = union_shapes(&parts);
    let bounds = Aabb::from_points(shapes.iter().flatten().flatten().copied());
    Grown {
        shapes,
        corners: None,
        sources: piece.sources.clone(),
        bounds,
    }
}

/// Unions grown pieces whose boxes touch, so that the result's pieces are disjoint; each comes
/// with the indices of the pieces it was made of.
pub(super) fn merge_touching(grown: Vec<Grown>) -> Vec<(Vec<usize>, Grown)> {
    let boxes: Vec<Aabb> = grown.iter().map(|g| g.bounds).collect();
    let clusters = overlap_clusters(&boxes);
    let mut slots: Vec<Option<Grown>> = grown.into_iter().map(Some).collect();
    let mut out = Vec::with_capacity(clusters.len());
    for cluster in clusters {
        if let [only] = cluster.as_slice() {
            if let Some(g) = slots[*only].take() {
                out.push((cluster, g));
            }
            continue;
        }
        let mut members: Vec<Shape> = Vec::new();
        let mut sources = Vec::new();
        for g in cluster.iter().filter_map(|&i| slots[i].take()) {
            members.extend(g.shapes);
            sources.extend(g.sources);
        }
        let shapes = union_shapes(&members);
        let bounds = cluster.iter().fold(Aabb::EMPTY, |b, &i| b.union(boxes[i]));
        if !shapes.is_empty() {
            let g = Grown {
                shapes,
                corners: None,
                sources,
                bounds,
            };
            out.push((cluster, g));
        }
    }
    out
}

fn ring_edges(c: &[Point]) -> impl Iterator<Item = Segment> + '_ {
    let n = c.len();
    (0..n).map(move |i| Segment::new(c[i], c[(i + 1) % n]))
}

/// Finds the scene corner behind a vertex: the nearest corner, if within the offset reach. A
/// vertex at exactly a corner's position (the raw free space keeps the scene's own points) is
/// found by that position alone, without building the spatial index.
pub(super) struct CornerLookup<'a> {
    corners: Cow<'a, [(Point, Corner)]>,
    /// The first corner at each position.
    at: std::cell::OnceCell<HashMap<(u64, u64), u32>>,
    grid: std::cell::OnceCell<SegmentGrid>,
    reach: f64,
}

impl<'a> CornerLookup<'a> {
    /// A lookup among `corners` (those of the rings the contours looked up are made of, see
    /// [`corners_of`]) within `reach`.
    pub(super) fn new(corners: impl Into<Cow<'a, [(Point, Corner)]>>, reach: f64) -> Self {
        CornerLookup {
            corners: corners.into(),
            at: std::cell::OnceCell::new(),
            grid: std::cell::OnceCell::new(),
            reach,
        }
    }

    pub(super) fn contour(&self, points: Vec<Point>) -> Contour {
        let at = self.at();
        let corners = points
            .iter()
            .map(|&p| {
                // At distance 0 the first such corner is the nearest, as the index would say.
                let i = match at.get(&p.position_key()) {
                    Some(&i) => i as usize,
                    None => self.nearest(p)?,
                };
                Some(self.corners[i].1)
            })
            .collect();
        Contour::new(points, corners)
    }

    /// The contour of `points`, each of which comes from the corner at `sources` (by position)
    /// where known: that corner when within the reach, else the nearest one as in `contour`.
    pub(super) fn contour_from(&self, points: Vec<Point>, sources: &[Option<Point>]) -> Contour {
        let reach = self.reach * (1.0 + 1e-9);
        let corners = points
            .iter()
            .zip(sources)
            .map(|(&p, source)| {
                let known = source
                    .filter(|&c| p.distance(c) <= reach)
                    .and_then(|c| self.at().get(&c.position_key()));
                let i = match known {
                    Some(&i) => i as usize,
                    None => self.nearest(p)?,
                };
                Some(self.corners[i].1)
            })
            .collect();
        Contour::new(points, corners)
    }

    /// The first corner at each position.
    fn at(&self) -> &HashMap<(u64, u64), u32> {
        self.at.get_or_init(|| {
            let mut at = HashMap::with_capacity(self.corners.len());
            for (i, &(p, _)) in self.corners.iter().enumerate() {
                at.entry(p.position_key()).or_insert(i as u32);
            }
            at
        })
    }

    /// The index of the corner nearest to `p` within the reach, if any.
    fn nearest(&self, p: Point) -> Option<usize> {
        let grid = self.grid.get_or_init(|| {
            SegmentGrid::new(
                self.corners
                    .iter()
                    .map(|&(p, _)| Segment::new(p, p))
                    .collect(),
            )
        });
        // The slack is for the rounding of `p`'s coordinates, so it depends on `p` alone: a
        // lookup among the corners near a box (an incremental rebuild) finds what one among
        // the whole scene's finds.
        let magnitude = p.x.abs().max(p.y.abs()).max(1.0);
        let limit = self.reach * (1.0 + 1e-9) + 1e-9 * magnitude;
        grid.nearest(p, limit).map(|(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::RingRef;

    /// A regular n-gon of radius 15 round the origin, counter-clockwise.
    fn circle(n: usize) -> Vec<Point> {
        (0..n)
            .map(|k| Point::from_angle(k as f64 * std::f64::consts::TAU / n as f64) * 15.0)
            .collect()
    }

    #[test]
    fn fat_convex_rings_are_told_from_thin_or_concave_ones() {
        let bounds = Aabb::from_points(circle(8).iter().map(|&p| p * 2.0));
        assert!(is_fat_convex(&circle(40), bounds));
        // A sliver: convex, but 1e-6 wide.
        let sliver = [(0.0, 0.0), (20.0, 0.0), (20.0, 1e-6)].map(|(x, y)| Point::new(x, y));
        assert!(!is_fat_convex(&sliver, bounds));
        // Wide, but not convex.
        let mut notch = circle(40);
        notch[3] = Point::new(0.0, 0.0);
        assert!(!is_fat_convex(&notch, bounds));
        assert!(!is_fat_convex(&[Point::new(1.0, 1.0); 3], bounds));
    }

    /// Merged fat convex rings grow without their strokes (the union of 40k near-coincident
    /// strokes took 22 s): the grown area is the one with them.
    #[test]
    fn merged_fat_convex_rings_grow_as_with_their_strokes() {
        use crate::geom::Ring;
        use crate::scene::generate::rect;
        use crate::scene::{Obstacle, ObstacleId, Scene};
        let ring = |k: usize| {
            let shift = Point::new(0.01 * k as f64, 0.013 * k as f64);
            (0..60)
                .map(|i| {
                    let angle = (i as f64 / 60.0) * std::f64::consts::TAU + 0.001 * k as f64;
                    Point::from_angle(angle) * 15.0 + shift
                })
                .collect::<Vec<Point>>()
        };
        let scene = Scene {
            walkable: vec![rect(-40.0, -40.0, 40.0, 40.0)],
            obstacles: (0..30)
                .map(|k| Obstacle {
                    id: ObstacleId(k as u32),
                    name: String::new(),
                    ring: Ring::new(ring(k)),
                })
                .collect(),
            ..Default::default()
        };
        let repaired = crate::nav::build::repair::repair(&scene).unwrap();
        let [piece] = repaired.obstacles.as_slice() else {
            panic!("{} pieces", repaired.obstacles.len());
        };
        assert_eq!(piece.rings.len(), 30);
        assert!(piece.rings.iter().all(|r| is_fat_convex(r, piece.bounds)));
        let grown = grow(piece, 0.5, 0.005);
        let (offset, step) = library_offset(0.5, 0.005);
        let mut parts = polygon_ops::outline(&piece.shapes, offset, step);
        parts.extend(polygon_ops::stroke(piece.rings.clone(), offset, step));
        let stroked = union_shapes(&parts);
        let (a, b) = (
            polygon_ops::area(&grown.shapes),
            polygon_ops::area(&stroked),
        );
        assert!((a - b).abs() <= 1e-9 * b, "{a} against {b}");
    }

    #[test]
    fn a_convex_outline_shrinks_with_its_corners_known_without_the_spatial_index() {
        // Issue 11 item 9: the shrunk 125k-corner outline searched an R-tree of every corner
        // once a vertex; the exact shrink knows the corner where each vertex's two edges meet.
        let n = 1000;
        let ring = circle(n);
        let corners: Vec<(Point, Corner)> = (ring.iter().enumerate())
            .map(|(index, &p)| {
                let ring = RingRef::Walkable(0);
                (p, Corner { ring, index })
            })
            .collect();
        let outline = Outline::new(&[vec![ring.clone()]], 0.5, 0.005);
        let lookup = CornerLookup::new(&corners, 0.505);
        let contours = cut_outline(&outline, &[], &lookup);
        assert_eq!(contours.len(), 1);
        let offset = 0.5 / (std::f64::consts::PI / n as f64).cos();
        for (i, p) in contours[0].points.iter().enumerate() {
            let c = (contours[0].corner(i)).expect("every vertex is within reach of its corner");
            assert!(
                (p.distance(ring[c.index]) - offset).abs() < 1e-9,
                "{p} from {c:?}"
            );
        }
        assert!(lookup.grid.get().is_none());
    }

    #[test]
    fn vertices_at_corners_are_found_without_the_spatial_index() {
        // Issue 11 item 9: the raw free space of a 125k-corner outline built an R-tree of every
        // corner and searched it once a vertex, though each vertex is a corner.
        let corner = |index| Corner {
            ring: RingRef::Walkable(0),
            index,
        };
        let (a, b) = (Point::new(1.0, 2.0), Point::new(-0.0, 5.0));
        let corners = [(a, corner(0)), (a, corner(1)), (b, corner(2))];
        let lookup = CornerLookup::new(&corners, 0.5);
        let found = lookup.contour(vec![a, Point::new(0.0, 5.0)]);
        // The first of two corners at one position, and -0 is 0.
        assert_eq!(
            [found.corner(0), found.corner(1)],
            [Some(corner(0)), Some(corner(2))]
        );
        assert!(lookup.grid.get().is_none());
        let near = lookup.contour(vec![Point::new(1.3, 2.0), Point::new(3.0, 3.0)]);
        assert_eq!([near.corner(0), near.corner(1)], [Some(corner(0)), None]);
    }

    /// Issue 11 item 9: a convex walkable outline of 125k corners took 32 s to build, clipping
    /// the ring by each edge's half-plane in turn (O(n^2)). The sorted half-plane intersection
    /// shrinks it right, keeping every corner (its time is measured by `cargo bench --bench
    /// dense`; no timed unit tests).
    #[test]
    fn convex_shrink_of_125k_corners() {
        let n = 125_000;
        let ring = circle(n);
        let (shrunk, sources) = shrink_convex(&ring, 0.5).unwrap();
        assert_eq!(shrunk.len(), n);
        // Each point comes from the corner its two edges meet at, along the bisector.
        for (p, source) in shrunk.iter().zip(&sources) {
            let c = source.expect("consecutive edges meet at every point");
            assert!((c.length() - 15.0).abs() < 1e-9 && p.cross(c).abs() < 1e-9 * 15.0);
        }
        // Each edge moves in by 0.5, so each corner by 0.5 / cos(half the corner angle step).
        let inner = 15.0 - 0.5 / (std::f64::consts::PI / n as f64).cos();
        assert!(shrunk.iter().all(|p| (p.length() - inner).abs() < 1e-6));
    }
}
