//! Public checkers of the invariants paths and meshes must keep. Tests, property tests and
//! debug assertions all call these; each returns a message naming the first violation.

use crate::geom::{Point, Segment, SegmentGrid, in_circle, side_of};
use crate::nav::build::error::BuildError;
use crate::nav::build::inflate::inflate;
use crate::nav::build::repair::repair;
use crate::nav::mesh::free_space::FreeSpace;
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::paths::path::{Path, PathSegment};
use crate::nav::search::corridor::Portal;
use crate::scene::Scene;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

pub use crate::nav::paths::measure::{
    Stretch, check_not_longer, close_stretches, min_clearance, polyline_length,
};
pub use crate::nav::query::checks::{check_answer, clearance_needed, clearance_tolerance};
pub use crate::nav::search::corridor::check_corridor;

/// The walls of the scene's raw free space (walkable union minus obstacle union, radius 0):
/// what clearance is measured against.
pub fn raw_walls(scene: &Scene) -> Result<SegmentGrid, BuildError> {
    let free: FreeSpace = inflate(&repair(scene)?, 0.0, 0.0);
    Ok(free.walls())
}

/// Every edge between two triangles of `mesh` is locally Delaunay: the far corner of the
/// triangle across lies on or outside the near triangle's circumcircle (exact predicate). Walls
/// have no triangle across them, so for a mesh without cost areas (whose outlines are
/// constraint edges between walkable triangles) this is "Delaunay away from constraints".
pub fn check_delaunay(mesh: &NavMesh) -> Result<(), String> {
    for t in mesh.triangle_ids() {
        let [a, b, c] = mesh.triangle_points(t);
        for (k, u) in mesh.neighbors(t).into_iter().enumerate() {
            let Some(u) = u else { continue };
            let (l, r) = mesh.edge_left_right(t, k);
            let far = mesh
                .triangle(u)
                .into_iter()
                .find(|&v| v != l && v != r)
                .ok_or_else(|| format!("triangles {} and {} are the same", t.0, u.0))?;
            let d = mesh.vertex(far);
            if in_circle(a, b, c, d) > 0.0 {
                return Err(format!(
                    "edge {} of triangle {} is not Delaunay: {d} (of triangle {}) is inside the \
                     circle through {a}, {b}, {c}",
                    k, t.0, u.0
                ));
            }
        }
    }
    Ok(())
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
            let wall = walls.segment(j as usize);
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

/// The path is continuous (each segment starts within `tolerance` of where the previous one
/// ends) and smooth where a line meets an arc: the line runs along the arc's direction there
/// (within 1e-6 radians), as a tangent does. Lines may meet lines at an angle (corners of
/// radius 0), and anything may meet a link.
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
            && !matches!(p, PathSegment::Link { .. })
            && !matches!(s, PathSegment::Link { .. })
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
        PathSegment::Line { from, to } | PathSegment::Link { from, to, .. } => {
            (*to - *from).normalized().unwrap_or(Point::ZERO)
        }
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
