//! Public checkers of the invariants paths and meshes must keep. Tests, property tests and
//! debug assertions all call these; each returns a message naming the first violation.

use super::corridor::{Corridor, Portal};
use super::mesh::NavMesh;
use super::path::{Path, PathSegment};
use super::{BuildError, FreeSpace, inflate, repair};
use crate::geom::{Point, Segment, SegmentGrid, orient, side_of};
use crate::scene::Scene;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Length of a polyline.
pub fn polyline_length(points: &[Point]) -> f64 {
    points.windows(2).map(|w| w[0].distance(w[1])).sum()
}

/// The walls of the scene's raw free space (walkable union minus obstacle union, radius 0):
/// what clearance is measured against.
pub fn raw_walls(scene: &Scene) -> Result<SegmentGrid, BuildError> {
    let free: FreeSpace = inflate(&repair(scene)?, 0.0, 0.0);
    Ok(free.walls())
}

/// The path starts exactly at `start` and ends exactly at `goal`.
pub fn check_endpoints(points: &[Point], start: Point, goal: Point) -> Result<(), String> {
    match (points.first(), points.last()) {
        (Some(&a), Some(&b)) if a == start && b == goal => Ok(()),
        (Some(a), Some(b)) => Err(format!(
            "path runs from {a} to {b}, not from {start} to {goal}"
        )),
        _ => Err("path is empty".to_string()),
    }
}

/// No two consecutive points of the path are equal.
pub fn check_no_repeats(points: &[Point]) -> Result<(), String> {
    match points.windows(2).position(|w| w[0] == w[1]) {
        Some(i) => Err(format!("point {} ({}) is repeated", i, points[i])),
        None => Ok(()),
    }
}

/// Smallest distance from the polyline to any wall (at most `limit`).
pub fn min_clearance(points: &[Point], walls: &SegmentGrid, limit: f64) -> f64 {
    match points {
        [] => limit,
        [p] => walls.distance_to_point(*p, limit),
        _ => points
            .windows(2)
            .map(|w| walls.distance_to_segment(&Segment::new(w[0], w[1]), limit))
            .fold(limit, f64::min),
    }
}

/// The polyline stays inside the region bounded by `walls` and keeps at least
/// `radius - tolerance` from every wall.
pub fn check_clearance(
    points: &[Point],
    walls: &SegmentGrid,
    radius: f64,
    tolerance: f64,
) -> Result<(), String> {
    check_inside(points, walls, tolerance)?;
    if radius > 0.0 {
        let c = min_clearance(points, walls, radius);
        if c < radius - tolerance {
            return Err(format!(
                "path comes within {c} of a wall; the agent radius is {radius}"
            ));
        }
    }
    Ok(())
}

/// Every point of the polyline is inside the walls' region or on a wall (within `tolerance`),
/// and no segment properly crosses a wall.
pub fn check_inside(points: &[Point], walls: &SegmentGrid, tolerance: f64) -> Result<(), String> {
    let inside =
        |p: Point| walls.contains(p) || walls.distance_to_point(p, tolerance * 2.0) <= tolerance;
    for (i, &p) in points.iter().enumerate() {
        if !inside(p) {
            return Err(format!("path point {i} {p} is outside the free space"));
        }
    }
    for (i, w) in points.windows(2).enumerate() {
        let s = Segment::new(w[0], w[1]);
        let aabb = crate::geom::Aabb::from_points([s.a, s.b]);
        for j in walls.candidates(aabb, 0.0) {
            let wall = walls.segments()[j as usize];
            if crosses_properly(&s, &wall) {
                return Err(format!(
                    "path segment {i} {} -> {} crosses a wall",
                    s.a, s.b
                ));
            }
        }
        for k in 1..8 {
            let p = s.a.lerp(s.b, k as f64 / 8.0);
            if !inside(p) {
                return Err(format!("path segment {i} leaves the free space near {p}"));
            }
        }
    }
    Ok(())
}

/// True when the two segments cross at a point inside both (touching does not count).
pub fn crosses_properly(s: &Segment, o: &Segment) -> bool {
    use crate::geom::Side::{Left, Right};
    let opposite = |a, b| matches!((a, b), (Left, Right) | (Right, Left));
    opposite(side_of(o.a, o.b, s.a), side_of(o.a, o.b, s.b))
        && opposite(side_of(s.a, s.b, o.a), side_of(s.a, s.b, o.b))
}

/// Length of the shortest path through the portals, computed independently of the funnel:
/// Dijkstra over the portal endpoints, where a straight move is allowed when it crosses every
/// portal in between.
pub fn shortest_through_portals(portals: &[Portal]) -> f64 {
    let n = portals.len();
    if n == 0 {
        return 0.0;
    }
    // Nodes: start, every portal endpoint (with the portal it belongs to), goal.
    let mut nodes: Vec<(Point, usize)> = vec![(portals[0].left, 0)];
    for (i, p) in portals.iter().enumerate().take(n - 1).skip(1) {
        nodes.push((p.left, i));
        nodes.push((p.right, i));
    }
    nodes.push((portals[n - 1].left, n - 1));
    let goal = nodes.len() - 1;
    let visible = |a: (Point, usize), b: (Point, usize)| {
        let (lo, hi) = if a.1 <= b.1 { (a, b) } else { (b, a) };
        let s = Segment::new(lo.0, hi.0);
        (lo.1 + 1..hi.1).all(|k| s.intersects(&Segment::new(portals[k].left, portals[k].right)))
    };
    let mut dist = vec![f64::INFINITY; nodes.len()];
    let mut done = vec![false; nodes.len()];
    let mut heap = BinaryHeap::new();
    dist[0] = 0.0;
    heap.push(Item(0.0, 0));
    while let Some(Item(d, u)) = heap.pop() {
        if done[u] {
            continue;
        }
        done[u] = true;
        if u == goal {
            return d;
        }
        for v in 0..nodes.len() {
            if !done[v] && visible(nodes[u], nodes[v]) {
                let nd = d + nodes[u].0.distance(nodes[v].0);
                if nd < dist[v] {
                    dist[v] = nd;
                    heap.push(Item(nd, v));
                }
            }
        }
    }
    f64::INFINITY
}

#[derive(PartialEq)]
struct Item(f64, usize);
impl Eq for Item {}
impl Ord for Item {
    fn cmp(&self, o: &Self) -> Ordering {
        o.0.total_cmp(&self.0).then(o.1.cmp(&self.1))
    }
}
impl PartialOrd for Item {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// The funnel path is the shortest path through its portals, to `relative` precision.
pub fn check_funnel_optimal(
    funnel: &[Point],
    portals: &[Portal],
    relative: f64,
) -> Result<(), String> {
    let ours = polyline_length(funnel);
    let best = shortest_through_portals(portals);
    if (ours - best).abs() > relative * best.max(1e-300) {
        return Err(format!(
            "funnel length {ours} differs from the corridor's shortest path {best}"
        ));
    }
    Ok(())
}

/// `shorter` is not longer than `longer` (up to `relative` rounding).
pub fn check_not_longer(
    shorter: f64,
    longer: f64,
    relative: f64,
    what: &str,
) -> Result<(), String> {
    if shorter > longer * (1.0 + relative) + 1e-12 {
        return Err(format!("{what}: {shorter} is longer than {longer}"));
    }
    Ok(())
}

/// A stretch of a path that comes closer than the agent radius to a wall.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stretch {
    pub from: Point,
    pub to: Point,
    /// The smallest distance to a wall along the stretch.
    pub clearance: f64,
}

/// The stretches of the polyline that come closer than `radius` to a wall, in path order
/// (overlapping or touching ones merged, also across the polyline's corners).
pub fn close_stretches(points: &[Point], walls: &SegmentGrid, radius: f64) -> Vec<Stretch> {
    let mut out: Vec<Stretch> = Vec::new();
    for w in points.windows(2) {
        let s = Segment::new(w[0], w[1]);
        let mut spans: Vec<(f64, f64)> = walls
            .candidates(crate::geom::Aabb::from_points([s.a, s.b]), radius)
            .into_iter()
            .filter_map(|i| near_span(&s, &walls.segments()[i as usize], radius))
            .collect();
        spans.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut merged: Vec<(f64, f64)> = Vec::new();
        for (lo, hi) in spans {
            match merged.last_mut() {
                Some(last) if lo <= last.1 => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        for (lo, hi) in merged {
            let at = |t: f64| {
                if t == 0.0 {
                    s.a
                } else if t == 1.0 {
                    s.b
                } else {
                    s.a.lerp(s.b, t)
                }
            };
            let part = Segment::new(at(lo), at(hi));
            let clearance = walls.distance_to_segment(&part, radius);
            match out.last_mut() {
                Some(last) if lo == 0.0 && last.to == s.a => {
                    last.to = part.b;
                    last.clearance = last.clearance.min(clearance);
                }
                _ => out.push(Stretch {
                    from: part.a,
                    to: part.b,
                    clearance,
                }),
            }
        }
    }
    out
}

/// The parameter interval of segment `s` closer than `radius` to `wall`, if not empty. The
/// distance to a segment is convex along a line, so the near set is one interval: the union of
/// the parts near either end of the wall and near its middle.
fn near_span(s: &Segment, wall: &Segment, radius: f64) -> Option<(f64, f64)> {
    let d = s.b - s.a;
    let near_point = |c: Point| {
        // |s.a + t d - c|^2 < r^2
        let (a, b, k) = (
            d.length_sq(),
            2.0 * d.dot(s.a - c),
            (s.a - c).length_sq() - radius * radius,
        );
        if a == 0.0 {
            return (k < 0.0).then_some((0.0, 1.0));
        }
        let disc = b * b - 4.0 * a * k;
        (disc > 0.0).then(|| {
            (
                (-b - disc.sqrt()) / (2.0 * a),
                (-b + disc.sqrt()) / (2.0 * a),
            )
        })
    };
    let near_middle = || {
        let along = wall.b - wall.a;
        let len = along.length();
        let e = along.normalized()?;
        let n = e.perp();
        // Linear conditions c0 + c1 t in (lo, hi), intersected.
        let mut span = (f64::NEG_INFINITY, f64::INFINITY);
        for (c0, c1, lo, hi) in [
            (n.dot(s.a - wall.a), n.dot(d), -radius, radius),
            (e.dot(s.a - wall.a), e.dot(d), 0.0, len),
        ] {
            if c1 == 0.0 {
                if c0 <= lo || c0 >= hi {
                    return None;
                }
            } else {
                let (t0, t1) = ((lo - c0) / c1, (hi - c0) / c1);
                span = (span.0.max(t0.min(t1)), span.1.min(t0.max(t1)));
            }
        }
        (span.0 < span.1).then_some(span)
    };
    let pieces = [near_point(wall.a), near_point(wall.b), near_middle()];
    let (lo, hi) = pieces
        .into_iter()
        .flatten()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), (a, b)| {
            (lo.min(a), hi.max(b))
        });
    let (lo, hi) = (lo.max(0.0), hi.min(1.0));
    (lo < hi).then_some((lo, hi))
}

/// The path is continuous (each segment starts within `tolerance` of where the previous one
/// ends) and smooth where a line meets an arc: the line runs along the arc's direction there
/// (within 1e-6 radians), as a tangent does. Lines may meet lines at an angle (corners of
/// radius 0).
pub fn check_tangent_continuity(path: &Path, tolerance: f64) -> Result<(), String> {
    let mut at = path.start;
    let mut previous: Option<&PathSegment> = None;
    for (i, s) in path.segments.iter().enumerate() {
        if s.start().distance(at) > tolerance {
            return Err(format!(
                "segment {i} starts at {}, not where the path is ({at})",
                s.start()
            ));
        }
        if let Some(p) = previous
            && (matches!(p, PathSegment::Arc(_)) || matches!(s, PathSegment::Arc(_)))
            && direction(p, true).distance(direction(s, false)) > 1e-6
        {
            return Err(format!(
                "segment {i} turns sharply where it meets segment {}",
                i - 1
            ));
        }
        at = s.end();
        previous = Some(s);
    }
    Ok(())
}

/// The unit direction of a segment at its end (or start).
fn direction(s: &PathSegment, at_end: bool) -> Point {
    match s {
        PathSegment::Line { from, to } => (*to - *from).normalized().unwrap_or(Point::ZERO),
        PathSegment::Arc(a) => {
            let angle = if at_end {
                a.start_angle + a.sweep
            } else {
                a.start_angle
            };
            let radial = Point::from_angle(angle);
            if a.sweep >= 0.0 {
                radial.perp()
            } else {
                -radial.perp()
            }
        }
    }
}

/// A corridor is valid on `mesh`: its first triangle holds the start and its last the goal
/// (boundaries included), consecutive triangles are neighbours with `edges` their shared edges,
/// and no triangle appears twice.
pub fn check_corridor(mesh: &NavMesh, corridor: &Corridor) -> Result<(), String> {
    let holds = |t: super::TriId, p: Point| {
        let pts = mesh.triangle_points(t);
        (0..3).all(|k| orient(pts[k], pts[(k + 1) % 3], p) >= 0.0)
    };
    let (Some(&first), Some(&last)) = (corridor.triangles.first(), corridor.triangles.last())
    else {
        return Err("the corridor has no triangle".into());
    };
    if !holds(first, corridor.start) {
        return Err(format!(
            "first triangle {} does not hold the start",
            first.0
        ));
    }
    if !holds(last, corridor.goal) {
        return Err(format!("last triangle {} does not hold the goal", last.0));
    }
    if corridor.edges.len() + 1 != corridor.triangles.len() {
        return Err("the corridor has not one edge per pair of triangles".into());
    }
    for (w, &edge) in corridor.triangles.windows(2).zip(&corridor.edges) {
        let Some(k) = mesh.shared_edge(w[0], w[1]) else {
            return Err(format!(
                "triangles {} and {} are not neighbours",
                w[0].0, w[1].0
            ));
        };
        if mesh.edge_left_right(w[0], k) != edge {
            return Err(format!(
                "wrong edge between triangles {} and {}",
                w[0].0, w[1].0
            ));
        }
    }
    let mut sorted = corridor.triangles.clone();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("triangle {} appears twice", w[0].0));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_stretches_of_a_path_past_a_wall() {
        // A wall from (0, 0) to (10, 0); the path runs at height 0.3 from x = -5 to x = 5, then
        // leaves upwards. Radius 0.5: near the wall from x = -0.4 (the end disc) round the corner
        // of the path and up until y = 0.5, one stretch.
        let walls = SegmentGrid::new(vec![Segment::new(
            Point::new(0.0, 0.0),
            Point::new(10.0, 0.0),
        )]);
        let path = [
            Point::new(-5.0, 0.3),
            Point::new(5.0, 0.3),
            Point::new(5.0, 3.0),
        ];
        let stretches = close_stretches(&path, &walls, 0.5);
        assert_eq!(stretches.len(), 1);
        assert!(stretches[0].from.distance(Point::new(-0.4, 0.3)) < 1e-12);
        assert!(stretches[0].to.distance(Point::new(5.0, 0.5)) < 1e-12);
        assert!((stretches[0].clearance - 0.3).abs() < 1e-12);
        // Two separate approaches are two stretches.
        let path = [
            Point::new(1.0, 0.3),
            Point::new(3.0, 0.3),
            Point::new(5.0, 3.0),
            Point::new(7.0, 0.3),
            Point::new(9.0, 0.3),
        ];
        assert_eq!(close_stretches(&path, &walls, 0.5).len(), 2);
        assert!(
            close_stretches(&[Point::new(0.0, 1.0), Point::new(10.0, 1.0)], &walls, 0.5).is_empty()
        );
    }
}
