//! Repair: turns the scene's rings into clean polygon sets. Duplicate points are dropped,
//! self-intersecting rings are resolved with the non-zero rule, overlapping obstacles are merged;
//! each repair is reported as a warning. Convex obstacles keep their exact corners. A nested
//! scene (format v2) is painted in order up to its last walkable ring; the obstacles after it
//! stay pieces, as in every v1 scene, and so do the obstacles before it that no later walkable
//! ring and no other obstacle can reach (see [`painted`]).

use super::error::BuildError;
use super::polygon_ops::{Shape, area, difference, interiors_intersect, union, union_shapes};
use crate::geom::{Aabb, Point, orient, overlap_clusters, signed_area};
use crate::nav::mesh::cost_map::CostMap;
use crate::numbers::compact;
use crate::scene::{Corner, Issue, RingRef, Scene};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{RTree, RTreeObject};

/// Obstacles whose boxes touch form one piece; pieces have pairwise disjoint boxes.
#[derive(Clone, Debug)]
pub struct Piece {
    /// The piece's region: outer contours counter-clockwise, holes clockwise.
    pub shapes: Vec<Shape>,
    /// When the piece is a single convex ring: the scene corner behind each of its points.
    pub convex_corners: Option<Vec<Corner>>,
    /// The scene rings the piece was made of, as drawn (duplicate points dropped): growing
    /// these rings' segments keeps a part too thin for the area operations (a sliver) a wall.
    pub rings: Vec<Vec<Point>>,
    /// The scene rings the piece was made of: their corners name its grown contours' points.
    pub sources: Vec<RingRef>,
    pub bounds: Aabb,
}

/// The scene's rings after repair.
#[derive(Clone, Debug)]
pub struct Repaired {
    /// Union of the walkable rings (for a nested scene: the region painted up to the last
    /// walkable ring).
    pub walkable: Vec<Shape>,
    pub obstacles: Vec<Piece>,
    /// Per scene obstacle: painted with the walkable rings (part of `walkable`) rather than cut
    /// out as one of `obstacles` (see [`painted`]).
    pub painted: Vec<bool>,
    /// Every corner of every scene ring but the cost areas', ring by ring in the scene's order,
    /// for tracing derived vertices back to their origin (see [`Repaired::ring_corners`]).
    pub corners: Vec<(Point, Corner)>,
    /// Where each walkable ring's and then each obstacle's corners start in `corners`, and
    /// where the last one's end.
    corner_starts: Vec<usize>,
    walkable_rings: usize,
    /// The cost areas, which weight the free space without changing it.
    pub costs: CostMap,
    pub warnings: Vec<Issue>,
}

/// Most overlap warnings listed one by one; the rest are counted (or, past the check budget,
/// said to exist).
const MAX_OVERLAP_WARNINGS: usize = 20;

/// Most pairs of obstacles whose boxes overlap: the union of k mutually overlapping obstacles
/// can have O(k^2) crossings, so a scene with more is refused before the union runs.
const MAX_OVERLAPPING_PAIRS: usize = 20_000;

/// Overlap tests per member of a cluster of touching obstacles.
const PAIR_CHECKS_PER_MEMBER: usize = 16;

/// Repairs every ring of a scene whose numbers already passed `scene::validate`.
pub fn repair(scene: &Scene) -> Result<Repaired, BuildError> {
    let mut warnings = Vec::new();
    let mut corners = Vec::new();
    let mut walkable = Vec::new();
    let mut obstacles = Vec::new();
    let mut painted_obstacles = Vec::new();
    // Cost areas do not change the free space: they are left to the `CostMap`.
    let order: Vec<RingRef> = scene
        .areas()
        .into_iter()
        .filter(|r| !matches!(r, RingRef::Cost(_)))
        .collect();
    let last_walkable = order
        .iter()
        .rposition(|r| matches!(r, RingRef::Walkable(_)))
        .unwrap_or(0);
    let painted = painted(scene, &order);
    let mut corner_starts = vec![0];
    for (ring_ref, ring) in scene.rings() {
        if let RingRef::Cost(_) = ring_ref {
            continue;
        }
        let piece = clean_ring(scene, ring_ref, ring.points(), &mut warnings)?;
        corners.extend(ring.points().iter().enumerate().map(|(index, &p)| {
            (
                p,
                Corner {
                    ring: ring_ref,
                    index,
                },
            )
        }));
        corner_starts.push(corners.len());
        match ring_ref {
            RingRef::Walkable(_) => walkable.push(piece),
            RingRef::Obstacle(i) if painted[i] => painted_obstacles.push((i, piece)),
            RingRef::Obstacle(i) => obstacles.push((i, piece)),
            RingRef::Cost(_) => {}
        }
    }
    let walkable = if painted_obstacles.is_empty() {
        match walkable.len() {
            1 => walkable.pop().map(|p| p.shapes).unwrap_or_default(),
            _ => union_shapes(
                &walkable
                    .into_iter()
                    .flat_map(|p| p.shapes)
                    .collect::<Vec<_>>(),
            ),
        }
    } else {
        paint(&order[..=last_walkable], walkable, painted_obstacles)
    };
    let obstacles = merge_overlapping(scene, obstacles, &mut warnings)?;
    Ok(Repaired {
        walkable,
        obstacles,
        painted,
        corners,
        corner_starts,
        walkable_rings: scene.walkable.len(),
        costs: CostMap::new(scene),
        warnings,
    })
}

impl Repaired {
    /// The corners of scene ring `r` (none for a cost area or a ring the scene lacks).
    pub fn ring_corners(&self, r: RingRef) -> &[(Point, Corner)] {
        let k = match r {
            RingRef::Walkable(i) if i < self.walkable_rings => i,
            RingRef::Obstacle(i) => self.walkable_rings + i,
            _ => return &[],
        };
        match (self.corner_starts.get(k), self.corner_starts.get(k + 1)) {
            (Some(&a), Some(&b)) => &self.corners[a..b],
            _ => &[],
        }
    }

    /// The rings the shrunk outline is made of: the walkable rings and the obstacles painted
    /// with them.
    pub(super) fn outline_rings(&self) -> Vec<RingRef> {
        let walkable = (0..self.walkable_rings).map(RingRef::Walkable);
        let painted = (self.painted.iter().enumerate())
            .filter(|&(_, &p)| p)
            .map(|(i, _)| RingRef::Obstacle(i));
        walkable.chain(painted).collect()
    }
}

/// The region painted by `order` (walkable rings add, obstacles cut), one boolean operation per
/// run of rings of the same kind.
fn paint(order: &[RingRef], walkable: Vec<Piece>, obstacles: Vec<(usize, Piece)>) -> Vec<Shape> {
    let mut walkable: Vec<Option<Piece>> = walkable.into_iter().map(Some).collect();
    let mut cut: std::collections::HashMap<usize, Piece> = obstacles.into_iter().collect();
    let mut region: Vec<Shape> = Vec::new();
    let mut k = 0;
    while k < order.len() {
        let adds = matches!(order[k], RingRef::Walkable(_));
        let mut run = Vec::new();
        while k < order.len() && matches!(order[k], RingRef::Walkable(_)) == adds {
            let piece = match order[k] {
                RingRef::Walkable(i) => walkable.get_mut(i).and_then(Option::take),
                RingRef::Obstacle(i) => cut.remove(&i),
                RingRef::Cost(_) => None,
            };
            run.extend(piece.into_iter().flat_map(|p| p.shapes));
            k += 1;
        }
        // A run of obstacles that are all cut out as pieces paints nothing.
        if run.is_empty() {
            continue;
        }
        region = if adds {
            region.extend(run);
            union_shapes(&region)
        } else {
            difference(&region, &union_shapes(&run))
        };
    }
    region
}

/// Which obstacles are painted with the walkable rings (format v2: a pit with an island in it)
/// rather than cut out as pieces, given the painting `order` without cost areas. Only an
/// obstacle before the last walkable ring is painted, and only when painting can differ from
/// cutting it out afterwards: its box meets a walkable ring painted after it, or another
/// obstacle's box (the two may merge). Subtracting a region no later ring touches commutes
/// with those later unions, so the free space is the same either way.
fn painted(scene: &Scene, order: &[RingRef]) -> Vec<bool> {
    let mut painted = vec![false; scene.obstacles.len()];
    let last_walkable = order
        .iter()
        .rposition(|r| matches!(r, RingRef::Walkable(_)));
    let early = |at: usize| last_walkable.is_some_and(|last| at < last);
    if !(order.iter().enumerate()).any(|(at, r)| early(at) && matches!(r, RingRef::Obstacle(_))) {
        return painted;
    }
    let boxes: Vec<Aabb> = scene.obstacles.iter().map(|o| o.ring.aabb()).collect();
    let mut crowded = vec![false; boxes.len()];
    for cluster in overlap_clusters(&boxes) {
        if cluster.len() > 1 {
            cluster.into_iter().for_each(|i| crowded[i] = true);
        }
    }
    // Backwards through the order: the tree holds the boxes of the walkable rings painted later.
    let envelope = |b: Aabb| Rectangle::from_corners([b.min.x, b.min.y], [b.max.x, b.max.y]);
    let mut later: RTree<GeomWithData<Rectangle<[f64; 2]>, Aabb>> = RTree::new();
    for (at, r) in order.iter().enumerate().rev() {
        match *r {
            RingRef::Walkable(w) => {
                let b = scene.walkable[w].aabb();
                later.insert(GeomWithData::new(envelope(b), b));
            }
            RingRef::Obstacle(i) if early(at) => {
                let reached = later
                    .locate_in_envelope_intersecting(envelope(boxes[i]).envelope())
                    .any(|w| w.data.intersects(&boxes[i]));
                painted[i] = crowded[i] || reached;
            }
            _ => {}
        }
    }
    painted
}

/// Whether `area` meets the box of a walkable ring of `later` (the rings painted after an
/// obstacle), given the box of every walkable ring.
pub(super) fn reaches_later_walkable(walkable: &[Aabb], later: &[RingRef], area: Aabb) -> bool {
    later.iter().any(|r| match *r {
        RingRef::Walkable(w) => walkable[w].intersects(&area),
        _ => false,
    })
}

/// The first corner where `ring` (without repeated points) turns straight back along the edge
/// it came by: the tip of a spike of no width, which the non-zero rule would drop from the
/// area while the grown segments of the shrunk side keep it as a wall. A ring on one line
/// has none: it has zero area, and is refused as such.
fn turn_back(ring: &[Point]) -> Option<usize> {
    let n = ring.len();
    let flat = n < 3 || ring.iter().all(|&p| orient(ring[0], ring[1], p) == 0.0);
    if flat {
        return None;
    }
    (0..n).find(|&k| {
        let (a, b, c) = (ring[(k + n - 1) % n], ring[k], ring[(k + 1) % n]);
        orient(a, b, c) == 0.0 && (b - a).dot(c - b) < 0.0
    })
}

/// One ring as a piece: exact and convex when possible, else resolved by the non-zero rule.
pub(super) fn clean_ring(
    scene: &Scene,
    ring_ref: RingRef,
    points: &[Point],
    warnings: &mut Vec<Issue>,
) -> Result<Piece, BuildError> {
    let n = points.len();
    let kept: Vec<usize> = (0..n)
        .filter(|&i| points[i] != points[(i + 1) % n])
        .collect();
    let mut ring: Vec<Point> = kept.iter().map(|&i| points[i]).collect();
    let name = || scene.describe(ring_ref);
    let zero_area = || {
        BuildError::InvalidScene(Issue::error(
            Some(ring_ref),
            format!("{}: has zero area", name()),
        ))
    };
    if let Some(k) = turn_back(&ring) {
        let (i, p) = (kept[k], ring[k]);
        return Err(BuildError::InvalidScene(Issue::error(
            Some(ring_ref),
            format!(
                "{}: turns back on itself at point {i} ({}, {}): a spike of no width is no wall \
                 on every side; give it a width or remove it",
                name(),
                compact(p.x),
                compact(p.y)
            ),
        )));
    }
    let bounds = Aabb::from_points(ring.iter().copied());
    let extent = bounds.width().max(bounds.height());
    // The same bound for every ring: thinner than about 1e-12 of its size, a ring is a line, and
    // the triangulation cannot keep its two sides apart (a point agent would slip through).
    let too_thin = |area: f64| area <= 1e-12 * extent * extent;
    if is_convex(&ring) {
        let a = signed_area(&ring);
        if too_thin(a.abs()) {
            return Err(zero_area());
        }
        let mut corners: Vec<Corner> = kept
            .iter()
            .map(|&index| Corner {
                ring: ring_ref,
                index,
            })
            .collect();
        if a < 0.0 {
            ring.reverse();
            corners.reverse();
        }
        return Ok(Piece {
            shapes: vec![vec![ring.clone()]],
            convex_corners: Some(corners),
            rings: vec![ring],
            sources: vec![ring_ref],
            bounds,
        });
    }
    let shapes = union(std::slice::from_ref(&ring));
    let repaired_area = area(&shapes);
    if too_thin(repaired_area) {
        return Err(zero_area());
    }
    let changed = shapes.len() != 1
        || shapes[0].len() != 1
        || (repaired_area - signed_area(&ring).abs()).abs() > 1e-9 * repaired_area;
    if changed {
        warnings.push(Issue::warning(
            Some(ring_ref),
            format!(
                "{}: is self-intersecting; repaired with the non-zero rule",
                name()
            ),
        ));
    }
    Ok(Piece {
        shapes,
        convex_corners: None,
        rings: vec![ring],
        sources: vec![ring_ref],
        bounds,
    })
}

/// True for a strictly convex ring (collinear points allowed, no reversals) that turns once.
pub(crate) fn is_convex(ring: &[Point]) -> bool {
    let n = ring.len();
    if n < 3 {
        return false;
    }
    let mut sign = 0.0;
    let mut turning = 0.0;
    for i in 0..n {
        let d0 = ring[(i + 1) % n] - ring[i];
        let d1 = ring[(i + 2) % n] - ring[(i + 1) % n];
        let c = d0.cross(d1);
        if c == 0.0 {
            if d0.dot(d1) <= 0.0 {
                return false;
            }
            continue;
        }
        if sign == 0.0 {
            sign = c.signum();
        } else if c.signum() != sign {
            return false;
        }
        turning += c.atan2(d0.dot(d1));
    }
    sign != 0.0 && (turning.abs() - std::f64::consts::TAU).abs() < 1e-6
}

/// Unions obstacles whose boxes touch, and warns about the ones that truly overlap.
fn merge_overlapping(
    scene: &Scene,
    obstacles: Vec<(usize, Piece)>,
    warnings: &mut Vec<Issue>,
) -> Result<Vec<Piece>, BuildError> {
    let obstacles = without_copies(obstacles);
    let boxes: Vec<Aabb> = obstacles.iter().map(|(_, p)| p.bounds).collect();
    let pairs = overlapping_box_pairs(&boxes, MAX_OVERLAPPING_PAIRS);
    if pairs > MAX_OVERLAPPING_PAIRS {
        return Err(BuildError::InvalidScene(Issue::error(
            None,
            format!(
                "more than {MAX_OVERLAPPING_PAIRS} pairs of obstacles overlap: too many to \
                 merge within the memory budget (merge them into fewer obstacles)"
            ),
        )));
    }
    let mut overlaps = Vec::new();
    let mut uncounted = false;
    let mut pieces = Vec::new();
    let mut taken: Vec<Option<Piece>> = obstacles.iter().map(|(_, p)| Some(p.clone())).collect();
    for cluster in overlap_clusters(&boxes) {
        if cluster.len() == 1 {
            if let Some(p) = taken[cluster[0]].take() {
                pieces.push(p);
            }
            continue;
        }
        let members: Vec<Shape> = cluster
            .iter()
            .flat_map(|&i| obstacles[i].1.shapes.clone())
            .collect();
        let merged = union_shapes(&members);
        let separate: f64 = cluster.iter().map(|&i| area(&obstacles[i].1.shapes)).sum();
        if area(&merged) < separate * (1.0 - 1e-9) {
            // Naming the pairs is a courtesy: at most PAIR_CHECKS_PER_MEMBER tests per member,
            // and none once more pairs are found than are listed (thousands of identical
            // obstacles took O(k^2) tests).
            let mut budget = PAIR_CHECKS_PER_MEMBER * cluster.len();
            'pairs: for (k, &i) in cluster.iter().enumerate() {
                for &j in &cluster[k + 1..] {
                    if budget == 0 || overlaps.len() > MAX_OVERLAP_WARNINGS {
                        uncounted = true;
                        break 'pairs;
                    }
                    if boxes[i].intersects(&boxes[j]) {
                        budget -= 1;
                        if pieces_overlap(&obstacles[i].1, &obstacles[j].1) {
                            overlaps.push((obstacles[i].0, obstacles[j].0));
                        }
                    }
                }
            }
        }
        let bounds = cluster.iter().fold(Aabb::EMPTY, |b, &i| b.union(boxes[i]));
        pieces.push(Piece {
            shapes: merged,
            convex_corners: None,
            rings: cluster
                .iter()
                .flat_map(|&i| obstacles[i].1.rings.iter().cloned())
                .collect(),
            sources: (cluster.iter())
                .flat_map(|&i| obstacles[i].1.sources.iter().copied())
                .collect(),
            bounds,
        });
    }
    for &(a, b) in overlaps.iter().take(MAX_OVERLAP_WARNINGS) {
        warnings.push(Issue::warning(
            Some(RingRef::Obstacle(a)),
            format!(
                "{} overlaps {}; they are merged",
                scene.describe(RingRef::Obstacle(a)),
                scene.describe(RingRef::Obstacle(b))
            ),
        ));
    }
    if uncounted {
        warnings.push(Issue::warning(
            None,
            "more pairs of overlapping obstacles are merged".to_string(),
        ));
    } else if overlaps.len() > MAX_OVERLAP_WARNINGS {
        warnings.push(Issue::warning(
            None,
            format!(
                "{} more pairs of overlapping obstacles are merged",
                overlaps.len() - MAX_OVERLAP_WARNINGS
            ),
        ));
    }
    Ok(pieces)
}

/// The obstacles with exact copies of an earlier one left out (the first of each kept).
fn without_copies(obstacles: Vec<(usize, Piece)>) -> Vec<(usize, Piece)> {
    let mut seen = std::collections::HashSet::new();
    obstacles
        .into_iter()
        .filter(|(_, p)| {
            let bits: Vec<[u64; 2]> = p
                .rings
                .iter()
                .flatten()
                .map(|q| [q.x.to_bits(), q.y.to_bits()])
                .collect();
            seen.insert(bits)
        })
        .collect()
}

/// The number of pairs of overlapping boxes, counted up to just past `cap` by a sweep along x
/// that tests at most 64 pairs per box beyond `cap` (past that it stops and returns what it has
/// counted: boxes side by side in long columns are not overlaps).
fn overlapping_box_pairs(boxes: &[Aabb], cap: usize) -> usize {
    let mut order: Vec<&Aabb> = boxes.iter().collect();
    order.sort_by(|a, b| a.min.x.total_cmp(&b.min.x));
    let mut budget = 64 * boxes.len() + cap;
    let mut count = 0;
    for (k, a) in order.iter().enumerate() {
        for b in &order[k + 1..] {
            if b.min.x > a.max.x || budget == 0 {
                break;
            }
            budget -= 1;
            if a.intersects(b) {
                count += 1;
                if count > cap {
                    return count;
                }
            }
        }
    }
    count
}

fn pieces_overlap(a: &Piece, b: &Piece) -> bool {
    a.shapes
        .iter()
        .any(|sa| b.shapes.iter().any(|sb| interiors_intersect(sa, sb)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pts(v: &[(f64, f64)]) -> Vec<Point> {
        v.iter().map(|&(x, y)| Point::new(x, y)).collect()
    }

    #[test]
    fn only_obstacles_a_later_walkable_ring_or_another_obstacle_reaches_are_painted() {
        use crate::scene::AreaKind::{Obstacle, Walkable};
        use crate::scene::generate::rect;
        let ring = |kind, ring| (kind, String::new(), ring);
        let scene = Scene::from_areas(
            0.0,
            [
                ring(Walkable, rect(0.0, 0.0, 40.0, 30.0)),
                ring(Obstacle, rect(2.0, 2.0, 4.0, 4.0)), // apart: a piece
                ring(Obstacle, rect(10.0, 10.0, 20.0, 20.0)), // a pit: painted
                ring(Obstacle, rect(18.0, 18.0, 22.0, 22.0)), // meets the pit: painted
                ring(Obstacle, rect(30.0, 2.0, 32.0, 4.0)), // touches the dock: painted
                ring(Walkable, rect(12.0, 12.0, 16.0, 16.0)), // an island in the pit
                ring(Walkable, rect(32.0, 4.0, 36.0, 8.0)), // a dock
                ring(Obstacle, rect(2.0, 20.0, 4.0, 22.0)), // after the last walkable: a piece
            ],
        );
        assert!(scene.is_nested());
        let painted = painted(&scene, &scene.areas());
        assert_eq!(painted, [false, true, true, true, false]);
        let repaired = repair(&scene).unwrap();
        assert_eq!(repaired.obstacles.len(), 2);
        // The walkable region: the ground less the painted obstacles, the island painted back
        // (the dock lies on the ground), the pieces not cut out of it yet.
        let expected = 1200.0 - (100.0 + 12.0 + 4.0) + 16.0;
        assert!((area(&repaired.walkable) - expected).abs() < 1e-9);
    }

    #[test]
    fn convexity() {
        assert!(is_convex(&pts(&[
            (0.0, 0.0),
            (1.0, 0.0),
            (1.0, 1.0),
            (0.0, 1.0)
        ])));
        assert!(is_convex(&pts(&[
            (0.0, 0.0),
            (0.0, 1.0),
            (1.0, 1.0),
            (1.0, 0.0)
        ])));
        assert!(is_convex(&pts(&[
            (0.0, 0.0),
            (0.5, 0.0),
            (1.0, 0.0),
            (0.0, 1.0)
        ])));
        assert!(!is_convex(&pts(&[
            (0.0, 0.0),
            (2.0, 0.0),
            (1.0, 0.5),
            (2.0, 2.0),
            (0.0, 2.0)
        ])));
        // A pentagram turns the same way at every corner but winds twice.
        let star: Vec<Point> = (0..5)
            .map(|k| Point::from_angle(k as f64 * 4.0 * std::f64::consts::PI / 5.0))
            .collect();
        assert!(!is_convex(&star));
        // A spike doubles back on itself.
        assert!(!is_convex(&pts(&[
            (0.0, 0.0),
            (2.0, 0.0),
            (1.0, 0.0),
            (1.0, 1.0)
        ])));
    }
}
