//! Hit-testing: which query handle, link end, corner, edge or obstacle lies under a point,
//! within a tolerance in world units. Query handles win over link ends, link ends over corners,
//! corners over edges, edges over insides; among obstacles the last one (drawn on top) wins.

use super::{Corner, RingRef, Scene};
use crate::geom::{Point, Segment};

/// One end of a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueryEnd {
    Start,
    Goal,
}

/// One end of an off-mesh link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkEnd {
    From,
    To,
}

impl LinkEnd {
    /// The field's name in files: `from` or `to`.
    pub fn name(self) -> &'static str {
        match self {
            LinkEnd::From => "from",
            LinkEnd::To => "to",
        }
    }
}

/// What lies under a point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hit {
    /// The start or goal handle of query `query`.
    Endpoint { query: usize, end: QueryEnd },
    /// An end of link `link`.
    LinkEnd { link: usize, end: LinkEnd },
    /// A ring corner.
    Corner(Corner),
    /// A point `at` on the edge from corner `index` to corner `index + 1` (wrapping) of `ring`.
    Edge {
        ring: RingRef,
        index: usize,
        at: Point,
    },
    /// The inside of an obstacle (walkable outlines are picked by their edges only, so that
    /// clicks in the free space stay free).
    Inside(RingRef),
}

impl Hit {
    /// The ring the hit belongs to, if any.
    pub fn ring(&self) -> Option<RingRef> {
        match *self {
            Hit::Endpoint { .. } | Hit::LinkEnd { .. } => None,
            Hit::Corner(c) => Some(c.ring),
            Hit::Edge { ring, .. } | Hit::Inside(ring) => Some(ring),
        }
    }
}

/// The topmost thing within `tolerance` of `p`. Only the handles of `query` (the one shown) are
/// considered.
pub fn pick(scene: &Scene, query: Option<usize>, p: Point, tolerance: f64) -> Option<Hit> {
    pick_endpoint(scene, query, p, tolerance)
        .or_else(|| pick_link_end(scene, p, tolerance))
        .or_else(|| pick_corner(scene, p, tolerance).map(Hit::Corner))
        .or_else(|| pick_edge(scene, p, tolerance))
        .or_else(|| pick_obstacle(scene, p).map(Hit::Inside))
        .or_else(|| pick_cost_area(scene, p).map(Hit::Inside))
}

/// The handle of `query` nearest to `p` within `tolerance`.
pub fn pick_endpoint(scene: &Scene, query: Option<usize>, p: Point, tolerance: f64) -> Option<Hit> {
    let index = query?;
    let q = scene.queries.get(index)?;
    [(QueryEnd::Goal, q.goal), (QueryEnd::Start, q.start)]
        .into_iter()
        .map(|(end, at)| (end, at.distance(p)))
        .filter(|&(_, d)| d <= tolerance)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(end, _)| Hit::Endpoint { query: index, end })
}

/// The link end nearest to `p` within `tolerance`; later links win ties.
pub fn pick_link_end(scene: &Scene, p: Point, tolerance: f64) -> Option<Hit> {
    let ends = scene.links.iter().enumerate().flat_map(|(link, l)| {
        [(LinkEnd::From, l.from), (LinkEnd::To, l.to)].map(|(end, at)| (link, end, at))
    });
    ends.map(|(link, end, at)| (link, end, at.distance(p)))
        .filter(|&(_, _, d)| d <= tolerance)
        .min_by(|a, b| a.2.total_cmp(&b.2).then(b.0.cmp(&a.0)))
        .map(|(link, end, _)| Hit::LinkEnd { link, end })
}

/// The corner nearest to `p` within `tolerance`; obstacles drawn later win ties.
pub fn pick_corner(scene: &Scene, p: Point, tolerance: f64) -> Option<Corner> {
    let mut best: Option<(Corner, f64)> = None;
    for (ring, points) in rings_top_first(scene) {
        for (index, q) in points.points().iter().enumerate() {
            if (q.x - p.x).abs() > tolerance || (q.y - p.y).abs() > tolerance {
                continue; // cheaper than the distance for the many far corners
            }
            let d = q.distance(p);
            if d <= tolerance && best.is_none_or(|(_, b)| d < b) {
                best = Some((Corner { ring, index }, d));
            }
        }
    }
    best.map(|(c, _)| c)
}

/// The edge nearest to `p` within `tolerance`, with the nearest point on it.
pub fn pick_edge(scene: &Scene, p: Point, tolerance: f64) -> Option<Hit> {
    let mut best: Option<(Hit, f64)> = None;
    for (ring, points) in rings_top_first(scene) {
        if !points.aabb().expanded(tolerance).contains(p) {
            continue;
        }
        for (index, edge) in points.edges().enumerate() {
            let at = edge.closest_point(p);
            let d = at.distance(p);
            if d <= tolerance && best.is_none_or(|(_, b)| d < b) && !is_degenerate(&edge) {
                best = Some((Hit::Edge { ring, index, at }, d));
            }
        }
    }
    best.map(|(h, _)| h)
}

/// The topmost obstacle containing `p`.
pub fn pick_obstacle(scene: &Scene, p: Point) -> Option<RingRef> {
    (0..scene.obstacles.len())
        .rev()
        .map(RingRef::Obstacle)
        .find(|&r| scene.ring(r).is_some_and(|ring| ring.contains(p)))
}

/// The cost area painted last that contains `p`.
pub fn pick_cost_area(scene: &Scene, p: Point) -> Option<RingRef> {
    scene
        .areas()
        .into_iter()
        .rev()
        .filter(|r| matches!(r, RingRef::Cost(_)))
        .find(|&r| scene.ring(r).is_some_and(|ring| ring.contains(p)))
}

fn is_degenerate(edge: &Segment) -> bool {
    edge.a == edge.b
}

/// Obstacles from the topmost down, then cost areas from the topmost down, then walkable
/// outlines.
fn rings_top_first(scene: &Scene) -> impl Iterator<Item = (RingRef, &crate::geom::Ring)> {
    let costs = scene
        .costs
        .iter()
        .enumerate()
        .rev()
        .map(|(i, c)| (RingRef::Cost(i), &c.ring));
    let obstacles = scene
        .obstacles
        .iter()
        .enumerate()
        .rev()
        .map(|(i, o)| (RingRef::Obstacle(i), &o.ring))
        .chain(costs);
    let walkable = scene
        .walkable
        .iter()
        .enumerate()
        .map(|(i, r)| (RingRef::Walkable(i), r));
    obstacles.chain(walkable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Ring;
    use crate::scene::{Obstacle, ObstacleId, Query};

    fn square(x: f64, y: f64, side: f64) -> Ring {
        Ring::new(vec![
            Point::new(x, y),
            Point::new(x + side, y),
            Point::new(x + side, y + side),
            Point::new(x, y + side),
        ])
    }

    fn scene() -> Scene {
        Scene {
            agent_radius: 0.5,
            walkable: vec![square(0.0, 0.0, 10.0)],
            obstacles: vec![
                Obstacle {
                    id: ObstacleId(0),
                    name: "low".into(),
                    ring: square(2.0, 2.0, 4.0),
                },
                Obstacle {
                    id: ObstacleId(1),
                    name: "high".into(),
                    ring: square(4.0, 4.0, 4.0),
                },
            ],
            queries: vec![Query {
                name: "q".into(),
                start: Point::new(1.0, 1.0),
                goal: Point::new(9.0, 9.0),
            }],
            ..Default::default()
        }
    }

    #[test]
    fn corners_win_over_edges_and_insides() {
        let s = scene();
        let hit = pick(&s, None, Point::new(2.05, 2.0), 0.1);
        assert_eq!(
            hit,
            Some(Hit::Corner(Corner {
                ring: RingRef::Obstacle(0),
                index: 0
            }))
        );
        let hit = pick(&s, None, Point::new(3.0, 2.05), 0.1);
        assert_eq!(
            hit,
            Some(Hit::Edge {
                ring: RingRef::Obstacle(0),
                index: 0,
                at: Point::new(3.0, 2.0)
            })
        );
        assert_eq!(
            pick(&s, None, Point::new(3.0, 3.0), 0.1),
            Some(Hit::Inside(RingRef::Obstacle(0)))
        );
    }

    #[test]
    fn topmost_obstacle_wins_where_they_overlap() {
        let s = scene();
        assert_eq!(
            pick(&s, None, Point::new(5.0, 5.0), 0.1),
            Some(Hit::Inside(RingRef::Obstacle(1)))
        );
        // A corner of the upper obstacle lies inside the lower one.
        assert_eq!(
            pick_corner(&s, Point::new(4.0, 4.0), 0.1),
            Some(Corner {
                ring: RingRef::Obstacle(1),
                index: 0
            })
        );
    }

    #[test]
    fn free_space_is_not_a_hit_but_the_outline_edge_is() {
        let s = scene();
        assert_eq!(pick(&s, None, Point::new(9.0, 1.0), 0.1), None);
        let hit = pick(&s, None, Point::new(10.05, 5.0), 0.1);
        assert_eq!(hit.and_then(|h| h.ring()), Some(RingRef::Walkable(0)));
    }

    #[test]
    fn a_cost_area_is_picked_inside_and_by_its_corners() {
        let mut s = scene();
        s.costs.push(crate::scene::CostArea {
            name: "mud".into(),
            ring: square(20.0, 20.0, 8.0),
            cost: 5.0,
        });
        assert_eq!(
            pick(&s, None, Point::new(25.0, 24.0), 0.1),
            Some(Hit::Inside(RingRef::Cost(0)))
        );
        assert_eq!(
            pick_corner(&s, Point::new(28.05, 28.0), 0.1),
            Some(Corner {
                ring: RingRef::Cost(0),
                index: 2
            })
        );
    }

    #[test]
    fn handles_of_the_shown_query_only() {
        let s = scene();
        let at_goal = Point::new(9.0, 9.05);
        assert_eq!(
            pick(&s, Some(0), at_goal, 0.1),
            Some(Hit::Endpoint {
                query: 0,
                end: QueryEnd::Goal
            })
        );
        assert_eq!(pick(&s, None, at_goal, 0.1), None);
        assert_eq!(pick(&s, Some(3), at_goal, 0.1), None);
    }

    #[test]
    fn nothing_beyond_the_tolerance() {
        let s = scene();
        assert_eq!(pick_corner(&s, Point::new(2.5, 2.5), 0.1), None);
        assert_eq!(pick_edge(&s, Point::new(1.0, 5.0), 0.5), None);
    }
}
