//! `CostMap`: the scene's cost areas in painting order, as the navmesh sees them. It says what
//! walking costs at a point (the last area holding it wins, else the floor's cost 1), gives the
//! outlines the triangulation takes as constraint edges, and weighs a polyline.

use crate::geom::{Aabb, Point, Segment};
use crate::scene::{FLOOR_COST, RingRef, Scene};

/// One cost area: its outline, box and cost.
#[derive(Clone, Debug, PartialEq)]
struct CostRing {
    points: Vec<Point>,
    bounds: Aabb,
    cost: f64,
}

/// The cost areas of a scene, in painting order (empty: every point costs [`FLOOR_COST`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CostMap {
    areas: Vec<CostRing>,
}

impl CostMap {
    /// The cost areas of `scene` in its painting order (costs are assumed valid: see
    /// `scene::validate`).
    pub fn new(scene: &Scene) -> CostMap {
        let areas = scene
            .areas()
            .into_iter()
            .filter_map(|r| match r {
                RingRef::Cost(i) => scene.costs.get(i),
                _ => None,
            })
            .map(|c| CostRing {
                points: c.ring.points().to_vec(),
                bounds: c.ring.aabb(),
                cost: c.cost,
            })
            .collect();
        CostMap { areas }
    }

    pub fn is_empty(&self) -> bool {
        self.areas.is_empty()
    }

    /// The cost of walking at `p`: the last area (in painting order) holding `p` (non-zero
    /// winding), or [`FLOOR_COST`]. On an area's outline (within 1e-9 of its size) the cheaper
    /// side counts, so a path along the edge of mud is not in the mud.
    pub fn cost_at(&self, p: Point) -> f64 {
        self.cost_under(p, self.areas.len())
    }

    /// [`CostMap::cost_at`] with only the first `n` areas painted.
    fn cost_under(&self, p: Point, n: usize) -> f64 {
        for (i, a) in self.areas[..n].iter().enumerate().rev() {
            let near = 1e-9 * a.bounds.diagonal();
            if !a.bounds.expanded(near).contains(p) {
                continue;
            }
            if ring_edges(&a.points).any(|e| e.distance_to_point(p) <= near) {
                return a.cost.min(self.cost_under(p, i));
            }
            if crate::geom::winding_number(&a.points, p) != 0 {
                return a.cost;
            }
        }
        FLOOR_COST
    }

    /// The smallest cost anywhere: the floor's or an area's. Scaling a straight-line distance
    /// by it never overestimates a weighted length.
    pub fn min_cost(&self) -> f64 {
        self.areas.iter().map(|a| a.cost).fold(FLOOR_COST, f64::min)
    }

    /// Every edge of every area's outline.
    pub fn edges(&self) -> impl Iterator<Item = Segment> + '_ {
        self.areas.iter().flat_map(|a| ring_edges(&a.points))
    }

    /// The outlines cut into pieces at most an eighth of their area's box diagonal long: the
    /// constraint edges of the triangulation. Short pieces give the triangles along an outline
    /// many ways in and out, so a corridor can enter cheap ground at one place and leave it at
    /// another.
    pub fn outline_pieces(&self) -> impl Iterator<Item = Segment> + '_ {
        self.areas.iter().flat_map(|a| {
            let longest = a.bounds.diagonal() / 8.0;
            ring_edges(&a.points).flat_map(move |e| {
                let pieces = (e.length() / longest).ceil().clamp(1.0, 64.0) as usize;
                (0..pieces).map(move |k| {
                    let at = |k: usize| match k {
                        k if k == pieces => e.b,
                        k => e.a.lerp(e.b, k as f64 / pieces as f64),
                    };
                    Segment::new(at(k), at(k + 1))
                })
            })
        })
    }

    /// The weighted length of the polyline `points`: each piece between two crossings of an
    /// area outline counts its length times the cost at its middle.
    pub fn weighted_length(&self, points: &[Point]) -> f64 {
        points
            .windows(2)
            .map(|w| {
                let length = w[0].distance(w[1]);
                if self.is_empty() {
                    return length;
                }
                let leg = Segment::new(w[0], w[1]);
                let mut cuts = vec![0.0, 1.0];
                cuts.extend(self.edges().filter_map(|e| crossing(&leg, &e)));
                cuts.sort_by(f64::total_cmp);
                cuts.windows(2)
                    .map(|c| {
                        let middle = w[0].lerp(w[1], 0.5 * (c[0] + c[1]));
                        (c[1] - c[0]) * length * self.cost_at(middle)
                    })
                    .sum::<f64>()
            })
            .sum()
    }
}

/// The edges of a closed ring.
fn ring_edges(points: &[Point]) -> impl Iterator<Item = Segment> + '_ {
    let n = points.len();
    (0..n).map(move |i| Segment::new(points[i], points[(i + 1) % n]))
}

/// Where `edge` crosses `leg`, as a parameter along `leg` strictly between its ends.
fn crossing(leg: &Segment, edge: &Segment) -> Option<f64> {
    let d = leg.b - leg.a;
    let e = edge.b - edge.a;
    let denominator = d.cross(e);
    if denominator == 0.0 {
        return None;
    }
    let w = edge.a - leg.a;
    let t = w.cross(e) / denominator;
    let u = w.cross(d) / denominator;
    ((0.0..=1.0).contains(&u) && t > 0.0 && t < 1.0).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Ring;
    use crate::scene::AreaKind;
    use crate::scene::generate::rect;

    fn square(x0: f64, y0: f64, size: f64) -> Ring {
        rect(x0, y0, x0 + size, y0 + size)
    }

    /// Ground 10 x 10 with mud (cost 5) at [1, 5]^2 and a road (cost 0.5) at [3, 7]^2 over it.
    fn scene() -> Scene {
        let mut scene = Scene::from_areas(
            0.5,
            [
                (AreaKind::Walkable, String::new(), square(0.0, 0.0, 10.0)),
                (AreaKind::Cost, "mud".into(), square(1.0, 1.0, 4.0)),
                (AreaKind::Cost, "road".into(), square(3.0, 3.0, 4.0)),
            ],
        );
        scene.costs[0].cost = 5.0;
        scene.costs[1].cost = 0.5;
        scene
    }

    #[test]
    fn the_area_painted_last_wins_where_two_overlap() {
        let mut scene = scene();
        let map = CostMap::new(&scene);
        assert_eq!(map.cost_at(Point::new(2.0, 2.0)), 5.0);
        assert_eq!(map.cost_at(Point::new(4.0, 4.0)), 0.5);
        assert_eq!(map.cost_at(Point::new(8.0, 8.0)), FLOOR_COST);
        assert_eq!(map.min_cost(), 0.5);
        // On an outline the cheaper side counts: the mud's edge is floor, the road's is road.
        assert_eq!(map.cost_at(Point::new(1.0, 2.0)), FLOOR_COST);
        assert_eq!(map.cost_at(Point::new(2.0, 5.0)), FLOOR_COST);
        assert_eq!(map.cost_at(Point::new(3.0, 4.5)), 0.5);
        assert_eq!(map.cost_at(Point::new(4.0, 7.0)), 0.5);
        // Painted the other way round, the mud covers the overlap.
        scene.set_order(vec![
            RingRef::Walkable(0),
            RingRef::Cost(1),
            RingRef::Cost(0),
        ]);
        assert_eq!(CostMap::new(&scene).cost_at(Point::new(4.0, 4.0)), 5.0);
    }

    #[test]
    fn a_polyline_is_weighed_piece_by_piece() {
        let map = CostMap::new(&scene());
        // y = 2: floor [0, 1], mud [1, 5], floor [5, 10].
        let across = [Point::new(0.0, 2.0), Point::new(10.0, 2.0)];
        assert!((map.weighted_length(&across) - (1.0 + 4.0 * 5.0 + 5.0)).abs() < 1e-12);
        // y = 4: floor [0, 1], mud [1, 3], road [3, 7], floor [7, 10], split over two legs.
        let bent = [
            Point::new(0.0, 4.0),
            Point::new(4.0, 4.0),
            Point::new(10.0, 4.0),
        ];
        let expected = 1.0 + 2.0 * 5.0 + 4.0 * 0.5 + 3.0;
        assert!((map.weighted_length(&bent) - expected).abs() < 1e-12);
        assert_eq!(CostMap::default().weighted_length(&across), 10.0);
    }
}
