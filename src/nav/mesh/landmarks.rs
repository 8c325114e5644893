//! Landmark distances (the ALT heuristic of Goldberg and Harrelson): for a few vertices far
//! apart, about the length of the shortest path to every vertex. By the triangle inequality,
//! the distance from a point to a goal is at least the difference of their distances to any
//! landmark, which on a map of long detours is far more than the straight distance.
//!
//! The distances are Dijkstra's over the mesh's edges with the fast-marching update across
//! triangles (a vertex reached straight from the point source two done corners agree on), so
//! they follow open ground straight rather than in zigzags along edges; they are close to the
//! shortest paths but not exact, so a search guided by them is measured, not exact.
//! ```text
//!        s  (the source: da from a, db from b)
//!       / \
//!      a---b      c is reached at |s - c| when the way s-c crosses a-b,
//!       \ /       else along an edge
//!        c
//! ```

use super::grouped::Grouped;
use super::ids::{TriId, VertexId};
use crate::geom::{Point, orient};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Most landmarks a mesh keeps.
const MAX_LANDMARKS: usize = 16;

/// Most bytes the table may take (fewer landmarks on a bigger mesh).
const MAX_BYTES: usize = 64 << 20;

/// The landmarks' distances of a mesh's vertices.
#[derive(Clone, Debug, Default)]
pub struct Landmarks {
    /// How many landmarks: a power of two, so that a vertex's row lies in one [`Line`].
    count: usize,
    /// Per row (a vertex) and landmark, its distance (`INFINITY`: another component).
    lines: Vec<Line>,
}

/// One cache line of the table: a vertex's row of distances reads one line, not two.
#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
struct Line([f32; MAX_LANDMARKS]);

impl Landmarks {
    /// The table of the mesh of `triangles` over `vertices`, vertex v's distances in row
    /// `rows[v]` (a permutation): landmarks chosen one by one, each the vertex farthest from
    /// those before (the first the farthest from vertex 0).
    pub fn new(vertices: &[Point], triangles: &[[VertexId; 3]], rows: &[u32]) -> Landmarks {
        let n = vertices.len();
        let fit = MAX_LANDMARKS.min(MAX_BYTES / (4 * n.max(1)));
        if n == 0 || fit == 0 {
            return Landmarks::default();
        }
        let count = 1 << fit.ilog2();
        let fans = VertexFans::new(vertices, triangles);
        let mut nearest = fans.distances(0);
        let mut lines = vec![Line([0.0; MAX_LANDMARKS]); (n * count).div_ceil(MAX_LANDMARKS)];
        for l in 0..count {
            let far = farthest(&nearest);
            let d = fans.distances(far);
            for (&row, &x) in rows.iter().zip(&d) {
                let at = row as usize * count + l;
                lines[at / MAX_LANDMARKS].0[at % MAX_LANDMARKS] = x as f32;
            }
            if l == 0 {
                nearest = d;
            } else {
                for (m, x) in nearest.iter_mut().zip(d) {
                    *m = m.min(x);
                }
            }
        }
        Landmarks { count, lines }
    }

    /// The range of each landmark's distance to `goal`, which lies in the triangle whose
    /// corners have rows `corners` and lie at `points` (a distance changes by at most the way
    /// walked).
    pub fn goal(&self, goal: Point, corners: [u32; 3], points: [Point; 3]) -> Vec<[f32; 2]> {
        (0..self.count)
            .map(|l| {
                let mut range = [f32::NEG_INFINITY, f32::INFINITY];
                for (v, p) in corners.into_iter().zip(points) {
                    let (d, w) = (self.at(v, l), goal.distance(p) as f32);
                    range = [range[0].max(d - w), range[1].min(d + w)];
                }
                range
            })
            .collect()
    }

    /// About the least distance from a point of the segment between the vertices of rows `a`
    /// and `b` (at `pa` and `pb`) to the goal whose distance ranges are `goal`.
    pub fn bound(&self, (a, pa): (u32, Point), (b, pb): (u32, Point), goal: &[[f32; 2]]) -> f64 {
        let half = 0.5 * pa.distance(pb) as f32;
        let (ra, rb) = (self.row(a), self.row(b));
        let mut best = 0f32;
        for ((&[g_least, g_most], &da), &db) in goal.iter().zip(ra).zip(rb) {
            // On the segment the distance lies within half its length of the ends' mean.
            let mid = 0.5 * (da + db);
            let d = (g_least - (mid + half)).max((mid - half) - g_most);
            best = if d.is_finite() { best.max(d) } else { best };
        }
        best as f64
    }

    /// The distances of the vertex of row `v`, one per landmark.
    fn row(&self, v: u32) -> &[f32] {
        let at = v as usize * self.count;
        let line = &self.lines[at / MAX_LANDMARKS].0;
        &line[at % MAX_LANDMARKS..at % MAX_LANDMARKS + self.count]
    }

    fn at(&self, v: u32, l: usize) -> f32 {
        self.row(v)[l]
    }
}

/// The index of the largest finite distance.
fn farthest(d: &[f64]) -> usize {
    (0..d.len())
        .filter(|&v| d[v].is_finite())
        .max_by(|&a, &b| d[a].total_cmp(&d[b]))
        .unwrap_or(0)
}

/// The mesh's vertices with the triangles around each (compressed rows).
struct VertexFans<'a> {
    vertices: &'a [Point],
    triangles: &'a [[VertexId; 3]],
    around: Grouped<TriId>,
}

impl<'a> VertexFans<'a> {
    fn new(vertices: &'a [Point], triangles: &'a [[VertexId; 3]]) -> VertexFans<'a> {
        let corners = (triangles.iter().enumerate())
            .flat_map(|(t, tri)| tri.iter().map(move |v| (v.index(), TriId(t as u32))));
        VertexFans {
            vertices,
            triangles,
            around: Grouped::new(vertices.len(), corners),
        }
    }

    /// The distances from vertex `source` (`INFINITY` where it cannot reach): Dijkstra's over
    /// the edges, where a vertex whose triangle has two done corners may also be reached
    /// straight from the point both their distances are measured from (the fast-marching
    /// update), so that distances across open ground are straight, not zigzags along edges.
    fn distances(&self, source: usize) -> Vec<f64> {
        let n = self.around.count();
        let mut d = vec![f64::INFINITY; n];
        let mut done = vec![false; n];
        let mut heap = BinaryHeap::new();
        d[source] = 0.0;
        heap.push(Reverse((0u64, source as u32)));
        while let Some(Reverse((_, v))) = heap.pop() {
            let v = v as usize;
            if done[v] {
                continue;
            }
            done[v] = true;
            for &t in self.around.group(v) {
                let tri = self.triangles[t.index()];
                let k = tri.iter().position(|u| u.index() == v).unwrap_or(0);
                let (a, c) = (tri[(k + 1) % 3].index(), tri[(k + 2) % 3].index());
                for (u, other) in [(a, c), (c, a)] {
                    if done[u] {
                        continue;
                    }
                    let (pu, pv) = (self.vertices[u], self.vertices[v]);
                    let mut du = d[v] + pv.distance(pu);
                    if done[other] {
                        let po = self.vertices[other];
                        du = du.min(unfolded(pv, d[v], po, d[other], pu));
                    }
                    if du < d[u] {
                        d[u] = du;
                        heap.push(Reverse((du.to_bits(), u as u32)));
                    }
                }
            }
        }
        d
    }
}

/// The distance at `c` from a point source that is `da` from `a` and `db` from `b`, on the
/// other side of the line a-b, when the straight way from it to `c` crosses the segment a-b;
/// otherwise infinity.
fn unfolded(a: Point, da: f64, b: Point, db: f64, c: Point) -> f64 {
    let e = b - a;
    let len = e.length();
    if len == 0.0 {
        return f64::INFINITY;
    }
    let x = (da * da - db * db + len * len) / (2.0 * len);
    let y2 = da * da - x * x;
    if y2 < 0.0 {
        return f64::INFINITY;
    }
    let (along, normal) = (e * (1.0 / len), Point::new(-e.y, e.x) * (1.0 / len));
    let side = if orient(a, b, c) > 0.0 { -1.0 } else { 1.0 };
    let s = a + along * x + normal * (side * y2.sqrt());
    // The way from s to c must cross a-b between its ends.
    let (os_a, os_b) = (orient(s, c, a), orient(s, c, b));
    if os_a * os_b > 0.0 {
        return f64::INFINITY;
    }
    s.distance(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Ring;
    use crate::nav::build::inflate::inflate;
    use crate::nav::build::repair::repair;
    use crate::nav::build::triangulate::triangulate;
    use crate::nav::mesh::navmesh::NavMesh;
    use crate::nav::paths::measure::polyline_length;
    use crate::nav::paths::optimal::optimal_path;
    use crate::scene::generate::rect;
    use crate::scene::{Obstacle, ObstacleId, Scene};

    /// A 40 x 30 room with scattered points in it (so it has many triangles), and `walls`.
    fn room(walls: Vec<Ring>) -> NavMesh {
        let mut obstacles: Vec<Obstacle> = (walls.into_iter().enumerate())
            .map(|(i, ring)| Obstacle {
                id: ObstacleId(i as u32),
                name: format!("wall {i}"),
                ring,
            })
            .collect();
        let mut rng = crate::rng::Rng::new(3);
        for i in 0..60 {
            let (x, y) = (rng.range(1.0, 39.0), rng.range(1.0, 29.0));
            let tiny = rect(x, y, x + 0.01, y + 0.01);
            if !obstacles
                .iter()
                .any(|o| o.ring.aabb().expanded(0.1).contains(tiny.aabb().min))
            {
                obstacles.push(Obstacle {
                    id: ObstacleId(100 + i),
                    name: format!("speck {i}"),
                    ring: tiny,
                });
            }
        }
        let scene = Scene {
            walkable: vec![rect(0.0, 0.0, 40.0, 30.0)],
            obstacles,
            ..Scene::default()
        };
        triangulate(&inflate(&repair(&scene).unwrap(), 0.0, 0.0)).unwrap()
    }

    /// The exact shortest distance between two vertices.
    fn exact(mesh: &NavMesh, a: VertexId, b: VertexId) -> f64 {
        let (pa, pb) = (mesh.vertex(a), mesh.vertex(b));
        let (la, lb) = (mesh.locate(pa), mesh.locate(pb));
        let path = optimal_path(
            mesh,
            pa,
            &mesh.triangles_at(&la),
            pb,
            &mesh.triangles_at(&lb),
        );
        polyline_length(&path.expect("one component"))
    }

    #[test]
    fn the_unfolded_distance_is_the_point_source_s_where_its_way_crosses_the_edge() {
        let s = Point::new(0.0, 3.0);
        let (a, b) = (Point::new(-1.0, 0.0), Point::new(1.0, 0.0));
        let (da, db) = (s.distance(a), s.distance(b));
        let c = Point::new(0.3, -2.0);
        assert!((unfolded(a, da, b, db, c) - s.distance(c)).abs() < 1e-12);
        // The way from s to a point far to the side misses the edge.
        assert_eq!(unfolded(a, da, b, db, Point::new(9.0, -0.5)), f64::INFINITY);
        // Distances no point source has.
        assert_eq!(unfolded(a, 0.1, b, 0.1, c), f64::INFINITY);
    }

    /// The table of `mesh` with its rows in the reverse order of the vertices, and the row of
    /// a vertex.
    fn reversed(mesh: &NavMesh) -> (Landmarks, impl Fn(VertexId) -> u32) {
        let n = mesh.vertex_count() as u32;
        let rows: Vec<u32> = (0..n).rev().collect();
        let row = move |v: VertexId| n - 1 - v.0;
        (Landmarks::new(&mesh.vertices, &mesh.triangles, &rows), row)
    }

    /// Every landmark's distance to every 7th vertex against the exact shortest path: never more
    /// than `over` longer, never more than 1% shorter.
    fn check_against_exact(mesh: &NavMesh, over: f64) {
        let (landmarks, row) = reversed(mesh);
        assert_eq!(landmarks.count, MAX_LANDMARKS);
        let mut worst: f64 = 1.0;
        for l in 0..landmarks.count {
            let source = (0..mesh.vertex_count())
                .find(|&v| landmarks.at(row(VertexId(v as u32)), l) == 0.0)
                .expect("the landmark is a vertex");
            for v in (0..mesh.vertex_count()).step_by(7) {
                let v = VertexId(v as u32);
                let truth = exact(mesh, VertexId(source as u32), v);
                let ours = landmarks.at(row(v), l) as f64;
                // A virtual source may see past a speck the path goes round.
                assert!(ours >= truth * 0.99 - 1e-6, "{ours} < exact {truth}");
                if truth > 1.0 {
                    worst = worst.max(ours / truth);
                }
            }
        }
        assert!(
            worst <= 1.0 + over,
            "a distance {worst} times the exact one"
        );
    }

    #[test]
    fn in_an_open_room_the_distances_are_about_straight() {
        // 7% at worst round the specks' slivers (walks along edges alone: 27%).
        check_against_exact(&room(Vec::new()), 0.08);
    }

    #[test]
    fn round_walls_the_distances_follow_the_shortest_paths_closely() {
        let walls = vec![rect(10.0, 0.0, 11.0, 22.0), rect(25.0, 8.0, 26.0, 30.0)];
        // 6% at worst (walks along edges alone: 30%).
        check_against_exact(&room(walls), 0.08);
    }

    #[test]
    fn the_bound_from_a_portal_to_the_goal_is_close_below_the_exact_distance() {
        let mesh = room(vec![
            rect(10.0, 0.0, 11.0, 22.0),
            rect(25.0, 8.0, 26.0, 30.0),
        ]);
        let (landmarks, row) = reversed(&mesh);
        let goal = Point::new(38.0, 2.0);
        let goal_tri = mesh.locate(goal).triangle().unwrap();
        let distances = landmarks.goal(
            goal,
            mesh.triangle(goal_tri).map(&row),
            mesh.triangle_points(goal_tri),
        );
        let mut tight = 0;
        for t in mesh.triangle_ids().step_by(5) {
            let [a, b, _] = mesh.triangle(t);
            let mid = mesh.vertex(a).midpoint(mesh.vertex(b));
            let (lm, lg) = (mesh.locate(mid), mesh.locate(goal));
            let path = optimal_path(
                &mesh,
                mid,
                &mesh.triangles_at(&lm),
                goal,
                &mesh.triangles_at(&lg),
            );
            let truth = polyline_length(&path.unwrap());
            let (pa, pb) = (mesh.vertex(a), mesh.vertex(b));
            let bound = landmarks.bound((row(a), pa), (row(b), pb), &distances);
            assert!(bound <= truth * 1.05 + 1e-6, "bound {bound}, exact {truth}");
            tight += usize::from(bound >= 0.9 * truth && bound > goal.distance(mid) + 1.0);
        }
        // Behind the walls the landmarks see the detour the straight line does not.
        assert!(tight > 10, "{tight} tight bounds");
    }
}
