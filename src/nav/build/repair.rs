//! Repair: turns the scene's rings into clean polygon sets. Duplicate points are dropped,
//! self-intersecting rings are resolved with the non-zero rule, overlapping obstacles are merged;
//! each repair is reported as a warning. Convex obstacles keep their exact corners.

use super::error::BuildError;
use super::polygon_ops::{Shape, area, interiors_intersect, union, union_shapes};
use crate::geom::{Aabb, Point, overlap_clusters, signed_area};
use crate::scene::{Corner, Issue, RingRef, Scene};

/// Obstacles whose boxes touch form one piece; pieces have pairwise disjoint boxes.
#[derive(Clone, Debug)]
pub struct Piece {
    /// The piece's region: outer contours counter-clockwise, holes clockwise.
    pub shapes: Vec<Shape>,
    /// When the piece is a single convex ring: the scene corner behind each of its points.
    pub convex_corners: Option<Vec<Corner>>,
    pub bounds: Aabb,
}

/// The scene's rings after repair.
#[derive(Clone, Debug)]
pub struct Repaired {
    /// Union of the walkable rings.
    pub walkable: Vec<Shape>,
    pub obstacles: Vec<Piece>,
    /// Every corner of every scene ring, for tracing derived vertices back to their origin.
    pub corners: Vec<(Point, Corner)>,
    pub warnings: Vec<Issue>,
}

/// Most overlap warnings listed one by one; the rest are counted.
const MAX_OVERLAP_WARNINGS: usize = 20;

/// Repairs every ring of a scene whose numbers already passed `scene::validate`.
pub fn repair(scene: &Scene) -> Result<Repaired, BuildError> {
    let mut warnings = Vec::new();
    let mut corners = Vec::new();
    let mut walkable = Vec::new();
    let mut obstacles = Vec::new();
    for (ring_ref, ring) in scene.rings() {
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
        match ring_ref {
            RingRef::Walkable(_) => walkable.push(piece),
            RingRef::Obstacle(i) => obstacles.push((i, piece)),
        }
    }
    let walkable = match walkable.len() {
        1 => walkable.pop().map(|p| p.shapes).unwrap_or_default(),
        _ => union_shapes(
            &walkable
                .into_iter()
                .flat_map(|p| p.shapes)
                .collect::<Vec<_>>(),
        ),
    };
    let obstacles = merge_overlapping(scene, obstacles, &mut warnings);
    Ok(Repaired {
        walkable,
        obstacles,
        corners,
        warnings,
    })
}

/// One ring as a piece: exact and convex when possible, else resolved by the non-zero rule.
fn clean_ring(
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
    let bounds = Aabb::from_points(ring.iter().copied());
    if is_convex(&ring) {
        let a = signed_area(&ring);
        if a == 0.0 {
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
            shapes: vec![vec![ring]],
            convex_corners: Some(corners),
            bounds,
        });
    }
    let shapes = union(std::slice::from_ref(&ring));
    let repaired_area = area(&shapes);
    let extent = bounds.width().max(bounds.height());
    if repaired_area <= 1e-12 * extent * extent {
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
) -> Vec<Piece> {
    let boxes: Vec<Aabb> = obstacles.iter().map(|(_, p)| p.bounds).collect();
    let mut overlaps = Vec::new();
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
            for (k, &i) in cluster.iter().enumerate() {
                for &j in &cluster[k + 1..] {
                    if boxes[i].intersects(&boxes[j])
                        && pieces_overlap(&obstacles[i].1, &obstacles[j].1)
                    {
                        overlaps.push((obstacles[i].0, obstacles[j].0));
                    }
                }
            }
        }
        let bounds = cluster.iter().fold(Aabb::EMPTY, |b, &i| b.union(boxes[i]));
        pieces.push(Piece {
            shapes: merged,
            convex_corners: None,
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
    if overlaps.len() > MAX_OVERLAP_WARNINGS {
        warnings.push(Issue::warning(
            None,
            format!(
                "{} more pairs of overlapping obstacles are merged",
                overlaps.len() - MAX_OVERLAP_WARNINGS
            ),
        ));
    }
    pieces
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
