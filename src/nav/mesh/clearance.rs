//! Clearance widths of the raw mesh (Demyen & Buro 2006; Demyen's 2007 thesis, chapter 5): the
//! diameter of the largest disc that can cross a triangle from one edge to another, so one raw
//! mesh answers queries for any agent radius (the A* rule built on them is in
//! `search::clearance_astar`).
//!
//! Crossing triangle ABC from edge CA to edge CB goes round C, so the width is measured from C:
//! ```text
//!                C            - angle at A or at B >= 90 degrees: width = min(|CA|, |CB|)
//!               / \             (the nearest wall point across AB is no nearer than A or B)
//!        in -> /   \ -> out   - otherwise, AB a wall: width = distance from C to AB
//!             /  w  \         - otherwise: the distance from C to the nearest wall point across
//!            A-------B          AB within the strip between the perpendiculars to AB at A and B
//!            :  \ /  :          (dotted), searching triangle by triangle across non-wall edges
//!            :   D   :          while their part in the strip is nearer than the best so far;
//!            :  wall :          every mesh vertex (such as D) is a wall point.
//! ```
//! Every vertex of the raw mesh lies on a wall, so a width never exceeds the two edges at C, and
//! a portal shorter than 2r is never crossed; but for the corners of cost areas, which lie in
//! the open (the cost outlines are edges of the raw mesh). Only wall points bound a width: a
//! crossing round an open corner is not narrowed by it (its width is unbounded), an open A or B
//! does not bound it, and the search across AB passes open points by. (Taking them for walls
//! made a start in a cost area 'blocked' in an empty room.) The tangent path's clearance is
//! measured against the walls after the search in any case (`raw_query`).

use super::ids::{TriId, VertexId};
use super::navmesh::NavMesh;
use crate::geom::{Point, Segment};

/// Crossing widths of every triangle: `at(t, k)` is the width of the crossing between the two
/// edges that meet at vertex k of t (edges k-1 and k).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Widths(Vec<[f64; 3]>);

impl Widths {
    /// Computes the three widths of every triangle of a raw mesh.
    pub fn new(mesh: &NavMesh) -> Widths {
        let mut visited = Vec::new();
        let walls = WallPoints::of(mesh);
        Widths(
            mesh.triangle_ids()
                .map(|t| [0, 1, 2].map(|k| width(mesh, &walls, t, k, &mut visited)))
                .collect(),
        )
    }

    /// Measures the widths of triangles `ids` of `mesh` again (after the mesh changed near
    /// them), first giving the widths one entry per triangle of `mesh`.
    pub(in crate::nav) fn remeasure(
        &mut self,
        mesh: &NavMesh,
        ids: impl IntoIterator<Item = TriId>,
    ) {
        self.0.resize(mesh.triangle_count(), [0.0; 3]);
        let mut visited = Vec::new();
        let walls = WallPoints::of(mesh);
        for t in ids {
            self.0[t.index()] = [0, 1, 2].map(|k| width(mesh, &walls, t, k, &mut visited));
        }
    }

    /// Triangle `from` took id `to`.
    pub(in crate::nav) fn renumber(&mut self, from: TriId, to: TriId) {
        self.0[to.index()] = self.0[from.index()];
    }

    /// The width of the crossing of `t` between the two edges meeting at vertex `k`.
    pub fn at(&self, t: TriId, k: usize) -> f64 {
        self.0[t.index()][k]
    }

    /// The width of crossing `t` from edge `entry` to edge `exit` (different edges).
    pub fn crossing(&self, t: TriId, entry: usize, exit: usize) -> f64 {
        self.at(t, shared_vertex(entry, exit))
    }
}

/// The vertex shared by two different edges of a triangle (edge k runs from vertex k to k+1).
pub fn shared_vertex(e1: usize, e2: usize) -> usize {
    let third = 3 - e1 - e2;
    (third + 2) % 3
}

/// Which vertices of a raw mesh are wall points (ends of its boundary edges): all of them but
/// the corners of cost areas in the open.
struct WallPoints(Option<Vec<bool>>);

impl WallPoints {
    fn of(mesh: &NavMesh) -> WallPoints {
        if mesh.cost_map().is_empty() {
            return WallPoints(None);
        }
        let mut wall = vec![false; mesh.vertex_count()];
        for t in mesh.triangle_ids() {
            let corners = mesh.triangle(t);
            for (k, n) in mesh.neighbors(t).into_iter().enumerate() {
                if n.is_none() {
                    wall[corners[k].index()] = true;
                    wall[corners[(k + 1) % 3].index()] = true;
                }
            }
        }
        WallPoints(Some(wall))
    }

    fn contains(&self, v: VertexId) -> bool {
        self.0.as_ref().is_none_or(|wall| wall[v.index()])
    }
}

/// Width at vertex `k` of `t` (C = vertex k, A = k+1, B = k+2).
fn width(mesh: &NavMesh, walls: &WallPoints, t: TriId, k: usize, visited: &mut Vec<TriId>) -> f64 {
    let corners = mesh.triangle(t);
    let (vc, va, vb) = (corners[k], corners[(k + 1) % 3], corners[(k + 2) % 3]);
    if !walls.contains(vc) {
        return f64::INFINITY;
    }
    let pts = mesh.triangle_points(t);
    let (c, a, b) = (pts[k], pts[(k + 1) % 3], pts[(k + 2) % 3]);
    let to = |v: VertexId, p: Point| {
        if walls.contains(v) {
            c.distance(p)
        } else {
            f64::INFINITY
        }
    };
    let base = to(va, a).min(to(vb, b));
    let obtuse = (c - a).dot(b - a) <= 0.0 || (c - b).dot(a - b) <= 0.0;
    if obtuse && walls.contains(va) && walls.contains(vb) {
        return base;
    }
    let opposite = (k + 1) % 3;
    match mesh.neighbors(t)[opposite] {
        None => base.min(Segment::new(a, b).distance_to_point(c)),
        Some(_) => {
            let strip = Strip::new(a, b);
            search_across(mesh, walls, c, strip, (t, opposite), base, visited)
        }
    }
}

/// The points across AB from C whose projection on line AB falls within AB: the slab between
/// the perpendiculars at A and B, on the right of A -> B (C, a corner of a counter-clockwise
/// triangle CAB, is on its left). Without that side, a search that no wall bounds (A and B in
/// the open, at cost-area corners) came round to C and measured a width of 0.
#[derive(Clone, Copy)]
struct Strip {
    a: Point,
    ab: Point,
    len_sq: f64,
}

impl Strip {
    fn new(a: Point, b: Point) -> Self {
        Strip {
            a,
            ab: b - a,
            len_sq: (b - a).length_sq(),
        }
    }

    /// The part of segment pq inside the strip, if any.
    fn clip(&self, p: Point, q: Point) -> Option<Segment> {
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        // Along AB within [0, |AB|^2], and across it (towards the right) at least 0.
        let right = Point::new(self.ab.y, -self.ab.x);
        for (fp, fq, min, max) in [
            (
                (p - self.a).dot(self.ab),
                (q - self.a).dot(self.ab),
                0.0,
                self.len_sq,
            ),
            (
                (p - self.a).dot(right),
                (q - self.a).dot(right),
                0.0,
                f64::INFINITY,
            ),
        ] {
            let df = fq - fp;
            if df == 0.0 {
                if fp < min || fp > max {
                    return None;
                }
            } else {
                let (s0, s1) = ((min - fp) / df, (max - fp) / df);
                lo = lo.max(s0.min(s1));
                hi = hi.min(s0.max(s1));
            }
        }
        (lo <= hi).then(|| Segment::new(p.lerp(q, lo), p.lerp(q, hi)))
    }
}

/// Nearest wall point to `c` across edge `edge` of `t`, within the strip, if nearer than `best`.
fn search_across(
    mesh: &NavMesh,
    walls: &WallPoints,
    c: Point,
    strip: Strip,
    (t, edge): (TriId, usize),
    mut best: f64,
    visited: &mut Vec<TriId>,
) -> f64 {
    visited.clear();
    visited.push(t);
    let mut stack = vec![(t, edge, 0.0)];
    while let Some((from, k, reach)) = stack.pop() {
        if reach >= best {
            continue;
        }
        let Some(u) = mesh.neighbors(from)[k] else {
            continue;
        };
        if visited.contains(&u) {
            continue;
        }
        visited.push(u);
        let Some(back) = mesh.shared_edge(u, from) else {
            continue;
        };
        let pts = mesh.triangle_points(u);
        // The vertex opposite the entry edge, when it is a wall point.
        let d = pts[(back + 2) % 3];
        if walls.contains(mesh.triangle(u)[(back + 2) % 3]) && strip.clip(d, d).is_some() {
            best = best.min(c.distance(d));
        }
        for e in [(back + 1) % 3, (back + 2) % 3] {
            let Some(part) = strip.clip(pts[e], pts[(e + 1) % 3]) else {
                continue;
            };
            let dist = part.distance_to_point(c);
            if dist >= best {
                continue;
            }
            match mesh.neighbors(u)[e] {
                None => best = dist,
                Some(_) => stack.push((u, e, dist)),
            }
        }
    }
    best
}

/// The width a disc has leaving `t` across edge `exit` after entering across `entry`: the
/// crossing width, or the exit edge's length when leaving a start triangle (`entry` `None`).
pub(in crate::nav) fn crossing_width(
    mesh: &NavMesh,
    widths: &Widths,
    t: TriId,
    entry: Option<usize>,
    exit: usize,
) -> f64 {
    match entry {
        Some(entry) => widths.crossing(t, entry, exit),
        None => {
            let pts = mesh.triangle_points(t);
            pts[exit].distance(pts[(exit + 1) % 3])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::build::inflate::inflate;
    use crate::nav::build::repair::repair;
    use crate::nav::build::triangulate::triangulate;
    use crate::scene::generate::{rect, scene_with};

    fn raw_mesh(obstacles: &[crate::geom::Ring]) -> NavMesh {
        let scene = scene_with(vec![rect(0.0, 0.0, 20.0, 10.0)], obstacles.to_vec(), 0.0);
        triangulate(&inflate(&repair(&scene).unwrap(), 0.0, 0.0)).unwrap()
    }

    /// Brute force: the width at vertex k of t is at most the distance from C to any wall point
    /// in the strip across the opposite edge, and at most the two edges at C.
    fn brute_bound(mesh: &NavMesh, walls: &[Segment], t: TriId, k: usize) -> f64 {
        let pts = mesh.triangle_points(t);
        let (c, a, b) = (pts[k], pts[(k + 1) % 3], pts[(k + 2) % 3]);
        let base = c.distance(a).min(c.distance(b));
        if (c - a).dot(b - a) <= 0.0 || (c - b).dot(a - b) <= 0.0 {
            return base;
        }
        let strip = Strip::new(a, b);
        walls
            .iter()
            .filter(|w| {
                // Only walls on the far side of AB count.
                crate::geom::orient(a, b, w.a) <= 0.0 && crate::geom::orient(a, b, w.b) <= 0.0
            })
            .filter_map(|w| strip.clip(w.a, w.b))
            .map(|s| s.distance_to_point(c))
            .fold(base, f64::min)
    }

    #[test]
    fn shared_vertices() {
        assert_eq!(shared_vertex(0, 1), 1);
        assert_eq!(shared_vertex(1, 0), 1);
        assert_eq!(shared_vertex(1, 2), 2);
        assert_eq!(shared_vertex(2, 0), 0);
    }

    #[test]
    fn strip_clipping() {
        let s = Strip::new(Point::new(0.0, 0.0), Point::new(4.0, 0.0));
        let part = s
            .clip(Point::new(-2.0, -1.0), Point::new(6.0, -1.0))
            .unwrap();
        assert_eq!(
            (part.a, part.b),
            (Point::new(0.0, -1.0), Point::new(4.0, -1.0))
        );
        assert!(
            s.clip(Point::new(5.0, -1.0), Point::new(6.0, -3.0))
                .is_none()
        );
        assert!(
            s.clip(Point::new(2.0, -1.0), Point::new(2.0, -3.0))
                .is_some()
        );
        // Only across AB: the side of C (the left of A -> B) is not searched.
        assert!(s.clip(Point::new(1.0, 1.0), Point::new(3.0, 2.0)).is_none());
        let part = s.clip(Point::new(2.0, 1.0), Point::new(2.0, -1.0)).unwrap();
        assert_eq!(
            (part.a, part.b),
            (Point::new(2.0, 0.0), Point::new(2.0, -1.0))
        );
    }

    #[test]
    fn widths_never_exceed_edges_and_match_brute_force_bound() {
        let mesh = raw_mesh(&[
            rect(5.0, 3.0, 6.0, 7.0),
            rect(9.0, 0.0, 10.0, 4.6),
            rect(9.0, 5.4, 10.0, 10.0),
        ]);
        let widths = Widths::new(&mesh);
        let walls: Vec<Segment> = mesh
            .triangle_ids()
            .flat_map(|t| {
                let (pts, n) = (mesh.triangle_points(t), mesh.neighbors(t));
                (0..3)
                    .filter(move |&k| n[k].is_none())
                    .map(move |k| Segment::new(pts[k], pts[(k + 1) % 3]))
            })
            .collect();
        for t in mesh.triangle_ids() {
            let pts = mesh.triangle_points(t);
            for k in 0..3 {
                let w = widths.at(t, k);
                assert!(w <= pts[k].distance(pts[(k + 1) % 3]) + 1e-12);
                assert!(w <= pts[k].distance(pts[(k + 2) % 3]) + 1e-12);
                // The search finds the nearest wall in the strip: it is never wider than it.
                assert!(
                    w <= brute_bound(&mesh, &walls, t, k) + 1e-12,
                    "triangle {t:?} vertex {k}"
                );
                assert!(w > 0.0);
            }
        }
    }

    #[test]
    fn gap_between_walls_limits_the_width() {
        // Two walls leave a gap of 0.8 between y = 4.6 and y = 5.4 at x in [9, 10]: any crossing
        // through the gap is at most 0.8 wide, so a disc of radius 0.41 cannot pass.
        let mesh = raw_mesh(&[rect(9.0, 0.0, 10.0, 4.6), rect(9.0, 5.4, 10.0, 10.0)]);
        let widths = Widths::new(&mesh);
        let in_gap = |p: Point| (9.0..=10.0).contains(&p.x) && (4.6..=5.4).contains(&p.y);
        let mut gap_widths = Vec::new();
        for t in mesh
            .triangle_ids()
            .filter(|&t| mesh.triangle_points(t).iter().all(|&p| in_gap(p)))
        {
            let n = mesh.neighbors(t);
            for (entry, exit) in [(0, 1), (1, 2), (2, 0)] {
                if n[entry].is_some() && n[exit].is_some() {
                    gap_widths.push(widths.crossing(t, entry, exit));
                }
            }
        }
        assert!(!gap_widths.is_empty());
        assert!(
            gap_widths.iter().all(|&w| (w - 0.8).abs() < 1e-9),
            "{gap_widths:?}"
        );
    }
}
