//! Bulk loading spade's constrained Delaunay triangulation without its quadratic case.
//!
//! spade's bulk load inserts the points from the middle outwards and keeps an angular front of
//! the triangulation so far. When the last, farthest points (typically the few corners of a
//! room's outline) cover a front of many thousands of points (a finely divided ring obstacle),
//! each time the front shrinks its bucket index is rebuilt with a scan that is quadratic in the
//! front's size (spade 2.15, `Hull::initialize_buckets`): a 160k-corner ring in a room took
//! 0.9 s to triangulate, against 0.13 s without that collapse. So when the convex hull of the
//! points has few corners, they are left out of the bulk load and inserted afterwards, with
//! their constraint edges: the triangulation is the same constrained Delaunay triangulation.

use crate::geom::{Point, orient};
use crate::nav::mesh::faces::Cdt;
use spade::handles::FixedVertexHandle;
use spade::{InsertionError, Point2, Triangulation};

/// Point sets smaller than this are loaded as they come (the collapse costs little there).
const MIN_POINTS: usize = 1_000;

/// Hulls with more corners than this are loaded with the rest: a convex outline of thousands
/// of corners is itself the front and does not collapse.
const MAX_DEFERRED: usize = 64;

/// A constrained triangulation of some points and edges.
pub(crate) struct Loaded {
    pub cdt: Cdt,
    /// Edges that could not be added because they cross another (each counted once).
    pub conflicts: usize,
    /// One of them (the first spade reports), by its ends' input indices (when the input has
    /// no duplicate points: spade numbers its vertices without them).
    pub first_conflict: Option<[usize; 2]>,
    /// The input index of each of spade's vertices, when it is not the vertex's own index.
    input_of: Option<Vec<u32>>,
}

impl Loaded {
    /// The vertex of spade's of each input point (by input index).
    pub fn vertex_of(&self) -> Vec<usize> {
        let n = self.cdt.num_vertices();
        self.input_of
            .as_deref()
            .map_or_else(|| (0..n).collect(), inverse)
    }

    /// `items` given by input index (one per point), in the order of spade's vertices.
    pub fn reordered<T: Clone>(&self, items: Vec<T>) -> Vec<T> {
        match &self.input_of {
            None => items,
            Some(order) => order.iter().map(|&i| items[i as usize].clone()).collect(),
        }
    }
}

/// The constrained Delaunay triangulation of `points` with the constraint `edges` (indices
/// into `points`), conflicting edges left out and counted. Spade's vertex `k` is input point
/// `k` unless the hull's corners were inserted last (see the module documentation): then
/// [`Loaded::reordered`] tells which.
pub(crate) fn bulk_load(points: &[Point], edges: &[[usize; 2]]) -> Result<Loaded, InsertionError> {
    let to_spade = |p: &Point| Point2::new(p.x, p.y);
    let deferred = deferred_corners(points);
    if deferred.is_empty() {
        let mut conflicts = Conflicts::default();
        let cdt =
            Cdt::try_bulk_load_cdt(points.iter().map(to_spade).collect(), edges.to_vec(), |e| {
                conflicts.found(e)
            })?;
        return Ok(Loaded {
            cdt,
            conflicts: conflicts.count,
            first_conflict: conflicts.first,
            input_of: None,
        });
    }
    // The kept points in their order, then the deferred ones.
    let mut is_deferred = vec![false; points.len()];
    for &i in &deferred {
        is_deferred[i] = true;
    }
    let mut input_of: Vec<u32> = (0..points.len() as u32)
        .filter(|&i| !is_deferred[i as usize])
        .collect();
    let kept = input_of.len();
    input_of.extend(deferred.iter().map(|&i| i as u32));
    let vertex_of = inverse(&input_of);
    let (inner, outer): (Vec<[usize; 2]>, Vec<[usize; 2]>) = edges
        .iter()
        .map(|e| e.map(|i| vertex_of[i]))
        .partition(|e| e[0] < kept && e[1] < kept);
    let mut conflicts = Conflicts::default();
    let first = input_of[..kept].iter();
    let mut cdt = Cdt::try_bulk_load_cdt(
        first.map(|&i| to_spade(&points[i as usize])).collect(),
        inner,
        |e| conflicts.found(e),
    )?;
    for &i in &input_of[kept..] {
        cdt.insert(to_spade(&points[i as usize]))?;
    }
    // A point equal to a kept one is one vertex: the numbering no longer holds, and the caller
    // sees the count differ.
    if cdt.num_vertices() == points.len() {
        for [a, b] in outer {
            let handles = (
                FixedVertexHandle::from_index(a),
                FixedVertexHandle::from_index(b),
            );
            if handles.0 != handles.1 && cdt.try_add_constraint(handles.0, handles.1).is_empty() {
                conflicts.found([a, b]);
            }
        }
    }
    Ok(Loaded {
        cdt,
        conflicts: conflicts.count,
        first_conflict: (conflicts.first).map(|e| e.map(|v| input_of[v] as usize)),
        input_of: Some(input_of),
    })
}

/// The edges left out because they cross another: how many, and the first (by spade's
/// vertex indices).
#[derive(Default)]
struct Conflicts {
    count: usize,
    first: Option<[usize; 2]>,
}

impl Conflicts {
    fn found(&mut self, edge: [usize; 2]) {
        self.count += 1;
        self.first.get_or_insert(edge);
    }
}

/// The position of each number in `order`, a permutation of `0..order.len()`.
fn inverse(order: &[u32]) -> Vec<usize> {
    let mut at = vec![0; order.len()];
    for (k, &i) in order.iter().enumerate() {
        at[i as usize] = k;
    }
    at
}

/// The corners of the convex hull of `points` (indices), when there are at least
/// `MIN_POINTS` points and at most `MAX_DEFERRED` corners; else none.
fn deferred_corners(points: &[Point]) -> Vec<usize> {
    if points.len() < MIN_POINTS {
        return Vec::new();
    }
    // Points inside the polygon of the extremes in eight directions, counter-clockwise, are not
    // hull corners (Akl and Toussaint): in a map most points go at this first test. One pass
    // finds the extremes and refuses non-finite points.
    const DIRECTIONS: [(f64, f64); 8] = [
        (1.0, 0.0),
        (1.0, 1.0),
        (0.0, 1.0),
        (-1.0, 1.0),
        (-1.0, 0.0),
        (-1.0, -1.0),
        (0.0, -1.0),
        (1.0, -1.0),
    ];
    let mut best = [(f64::NEG_INFINITY, 0usize); 8];
    for (i, p) in points.iter().enumerate() {
        if !p.x.is_finite() || !p.y.is_finite() {
            return Vec::new();
        }
        for (b, (dx, dy)) in best.iter_mut().zip(DIRECTIONS) {
            let reach = dx * p.x + dy * p.y;
            if reach > b.0 {
                *b = (reach, i);
            }
        }
    }
    let mut octagon: Vec<usize> = best.iter().map(|&(_, i)| i).collect();
    octagon.dedup();
    if octagon.len() > 1 && octagon[0] == octagon[octagon.len() - 1] {
        octagon.pop();
    }
    let ring: Vec<Point> = octagon.iter().map(|&i| points[i]).collect();
    let strictly_inside = |p: Point| {
        ring.len() >= 3
            && (0..ring.len()).all(|k| orient(ring[k], ring[(k + 1) % ring.len()], p) > 0.0)
    };
    let mut candidates: Vec<usize> = (0..points.len())
        .filter(|&i| !strictly_inside(points[i]))
        .collect();
    candidates.sort_unstable_by(|&i, &j| {
        let (p, q) = (points[i], points[j]);
        p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y))
    });
    candidates.dedup_by(|i, j| points[*i] == points[*j]);
    let hull = monotone_chain(points, &candidates);
    if hull.len() > MAX_DEFERRED {
        return Vec::new();
    }
    hull
}

/// The strictly convex corners of the hull of `points[sorted]` (sorted by x, then y, no two
/// equal), counter-clockwise (Andrew's monotone chain: the lower chain, then the upper).
fn monotone_chain(points: &[Point], sorted: &[usize]) -> Vec<usize> {
    if sorted.len() < 3 {
        return sorted.to_vec();
    }
    let mut hull: Vec<usize> = Vec::new();
    let half = |order: &mut dyn Iterator<Item = &usize>, hull: &mut Vec<usize>| {
        let floor = hull.len();
        for &i in order {
            while hull.len() >= floor + 2
                && orient(
                    points[hull[hull.len() - 2]],
                    points[hull[hull.len() - 1]],
                    points[i],
                ) <= 0.0
            {
                hull.pop();
            }
            hull.push(i);
        }
        hull.pop();
    };
    half(&mut sorted.iter(), &mut hull);
    half(&mut sorted.iter().rev(), &mut hull);
    hull
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::collections::BTreeSet;

    /// A ring of `n` slightly uneven corners (no four on a circle) in a 40 x 30 room, as points
    /// (the room's corners last) and closed contour edges.
    fn ring_in_room(n: usize) -> (Vec<Point>, Vec<[usize; 2]>) {
        let mut rng = Rng::new(3);
        let mut points: Vec<Point> = (0..n)
            .map(|i| {
                let a = std::f64::consts::TAU * i as f64 / n as f64;
                let r = 6.0 + rng.range(0.0, 1e-4);
                Point::new(20.0 + r * a.cos(), 15.0 + r * a.sin())
            })
            .collect();
        let mut edges: Vec<[usize; 2]> = (0..n).map(|i| [i, (i + 1) % n]).collect();
        points.extend(
            [(0.0, 0.0), (40.0, 0.0), (40.0, 30.0), (0.0, 30.0)].map(|(x, y)| Point::new(x, y)),
        );
        edges.extend((0..4).map(|k| [n + k, n + (k + 1) % 4]));
        (points, edges)
    }

    /// The inner triangles of `loaded` over input point indices, each sorted, and its
    /// constraint edges the same way.
    fn shape(loaded: &Loaded) -> (BTreeSet<[usize; 3]>, BTreeSet<[usize; 2]>) {
        let n = loaded.cdt.num_vertices();
        let input = loaded.reordered((0..n).collect::<Vec<usize>>());
        let triangles = (loaded.cdt.inner_faces())
            .map(|f| {
                let mut t = f.vertices().map(|v| input[v.fix().index()]);
                t.sort_unstable();
                t
            })
            .collect();
        let constraints = (loaded.cdt.undirected_edges())
            .filter(|e| e.is_constraint_edge())
            .map(|e| {
                let mut pair = e.vertices().map(|v| input[v.fix().index()]);
                pair.sort_unstable();
                pair
            })
            .collect();
        (triangles, constraints)
    }

    #[test]
    fn a_room_s_corners_are_inserted_last_into_the_same_triangulation() {
        let (points, edges) = ring_in_room(4_000);
        let mut corners = deferred_corners(&points);
        corners.sort_unstable();
        assert_eq!(corners, vec![4_000, 4_001, 4_002, 4_003]);
        let loaded = bulk_load(&points, &edges).unwrap();
        assert!(
            loaded.input_of.is_some(),
            "the corners were loaded with the rest"
        );
        assert_eq!(loaded.conflicts, 0);
        let mut conflicts = 0;
        let plain = Loaded {
            cdt: Cdt::try_bulk_load_cdt(
                points.iter().map(|p| Point2::new(p.x, p.y)).collect(),
                edges.clone(),
                |_| conflicts += 1,
            )
            .unwrap(),
            conflicts,
            first_conflict: None,
            input_of: None,
        };
        let (triangles, constraints) = shape(&loaded);
        // 2n - 2 - h triangles for n points, h of them on the hull.
        assert_eq!(triangles.len(), 2 * points.len() - 2 - 4);
        assert_eq!(constraints.len(), edges.len());
        assert_eq!((triangles, constraints), shape(&plain));
    }

    #[test]
    fn small_sets_and_many_cornered_hulls_load_as_given() {
        let (points, _) = ring_in_room(500);
        assert!(
            deferred_corners(&points).is_empty(),
            "fewer than MIN_POINTS"
        );
        // A convex outline: every point is a hull corner.
        let outline: Vec<Point> = (0..2_000)
            .map(|i| {
                let a = std::f64::consts::TAU * i as f64 / 2_000.0;
                Point::new(a.cos(), a.sin())
            })
            .collect();
        assert!(deferred_corners(&outline).is_empty());
        assert!(bulk_load(&outline, &[]).unwrap().input_of.is_none());
    }

    #[test]
    fn a_crossing_edge_to_a_deferred_corner_is_counted() {
        let (points, mut edges) = ring_in_room(2_000);
        // From a room corner through the ring to the opposite one.
        edges.push([2_000, 2_002]);
        let loaded = bulk_load(&points, &edges).unwrap();
        assert!(loaded.input_of.is_some());
        assert!(loaded.conflicts >= 1);
        // The first edge left out is named by input indices: an edge of the input.
        let [a, b] = loaded.first_conflict.expect("a conflict");
        assert!(
            edges.contains(&[a, b]) || edges.contains(&[b, a]),
            "{a} {b}"
        );
        // With the room's corners first in the input, spade's numbers are no input's: the
        // crossing edge is still named by the input's (0 and 2).
        let n = points.len() - 4;
        let moved = |i: usize| (i + 4) % (n + 4);
        let points: Vec<Point> = (0..n + 4).map(|i| points[(i + n) % (n + 4)]).collect();
        let edges: Vec<[usize; 2]> = edges.iter().map(|e| e.map(moved)).collect();
        let loaded = bulk_load(&points, &edges).unwrap();
        assert!(loaded.input_of.is_some());
        let mut named = loaded.first_conflict.expect("a conflict");
        named.sort_unstable();
        assert_eq!(named, [0, 2]);
    }
}
