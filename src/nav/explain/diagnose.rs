//! Diagnoses of failed queries: what holds a start or goal outside the free space and the
//! nearest free point to it; for unreachable goals, the point of the start's component closest
//! to the goal.

use crate::geom::{Point, Segment, SegmentGrid, winding_number};
use crate::nav::mesh::free_space::FreeSpace;
use crate::nav::mesh::ids::ComponentId;
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::search::links::Jumps;
use crate::scene::{RingRef, Scene};

/// What keeps a point out of the free space.
#[derive(Clone, Debug, PartialEq)]
pub struct Blocker {
    /// The obstacle (index into the scene) or walkable ring responsible.
    pub ring: Option<RingRef>,
    /// True when the point is only within the agent radius of it (in the inflated zone), false
    /// when it is inside the obstacle itself or outside every walkable ring.
    pub inflated: bool,
    /// A short name: the obstacle's name (or `obstacle N`); `outline` when within the agent
    /// radius of a walkable outline, `outside` when outside every walkable ring.
    pub name: String,
}

impl Blocker {
    /// What kind of thing holds the point: `obstacle`, `outline` or `outside`.
    pub fn kind(&self) -> &'static str {
        match (self.ring, self.inflated) {
            (Some(RingRef::Obstacle(_)), _) => "obstacle",
            (_, true) => "outline",
            (_, false) => "outside",
        }
    }

    /// A sentence for the GUI and the CLI table. The free space keeps the agent radius from
    /// every wall, and up to the arc tolerance more (see `inflate`): a point exactly the radius
    /// away may be outside it, so the sentence says "within", not "closer than".
    pub fn describe(&self) -> String {
        match (self.ring, self.inflated) {
            (Some(RingRef::Obstacle(_)), false) => format!("inside obstacle \"{}\"", self.name),
            (Some(RingRef::Obstacle(_)), true) => format!(
                "within the agent radius (and arc tolerance) of obstacle \"{}\"",
                self.name
            ),
            (_, false) => "outside the walkable area".to_string(),
            (_, true) => {
                "within the agent radius (and arc tolerance) of the walkable outline".to_string()
            }
        }
    }
}

/// Why `p` (known to be outside the free space) is: inside an obstacle first (one painted after
/// the walkable ring around p), then outside the walkable area, then the nearest obstacle or
/// outline within reach.
pub fn blocker(scene: &Scene, p: Point) -> Blocker {
    let obstacle = |i: usize, inflated: bool| {
        let o = &scene.obstacles[i];
        let name = if o.name.is_empty() {
            format!("obstacle {i}")
        } else {
            o.name.clone()
        };
        Blocker {
            ring: Some(RingRef::Obstacle(i)),
            inflated,
            name,
        }
    };
    // Painted in order: the last walkable ring covering p, then the first obstacle after it
    // that covers p (any covering obstacle when no walkable ring does). A walkable ring covers
    // the points of its edges, an obstacle does not (p there is within the radius of it), on
    // every edge alike.
    let order = scene.areas();
    let covers = |r: RingRef| {
        scene.ring(r).is_some_and(|ring| {
            let on_edge = || (ring.edges()).any(|e| Segment::new(p, p).intersects(&e));
            match r {
                RingRef::Walkable(_) => winding_number(ring.points(), p) != 0 || on_edge(),
                _ => winding_number(ring.points(), p) != 0 && !on_edge(),
            }
        })
    };
    let last_walkable = order
        .iter()
        .rposition(|&r| matches!(r, RingRef::Walkable(_)) && covers(r));
    let after = last_walkable.map_or(0, |k| k + 1);
    if let Some(i) = order[after..].iter().find_map(|&r| match r {
        RingRef::Obstacle(i) if covers(r) => Some(i),
        _ => None,
    }) {
        return obstacle(i, false);
    }
    let home = last_walkable.and_then(|k| match order[k] {
        RingRef::Walkable(i) => Some(i),
        RingRef::Obstacle(_) | RingRef::Cost(_) => None,
    });
    let Some(home) = home else {
        let nearest = nearest_ring(scene.walkable.iter().map(|w| w.points()), p)
            .map(|(i, _)| RingRef::Walkable(i));
        return Blocker {
            ring: nearest,
            inflated: false,
            name: "outside".to_string(),
        };
    };
    let near_obstacle = nearest_ring(scene.obstacles.iter().map(|o| o.ring.points()), p);
    let outline_distance = edge_distance(scene.walkable[home].points(), p);
    match near_obstacle {
        Some((i, d)) if d <= outline_distance => obstacle(i, true),
        _ => Blocker {
            ring: Some(RingRef::Walkable(home)),
            inflated: true,
            name: "outline".to_string(),
        },
    }
}

fn edge_distance(ring: &[Point], p: Point) -> f64 {
    let n = ring.len();
    (0..n)
        .map(|i| Segment::new(ring[i], ring[(i + 1) % n]).distance_to_point(p))
        .fold(f64::INFINITY, f64::min)
}

fn nearest_ring<'a>(rings: impl Iterator<Item = &'a [Point]>, p: Point) -> Option<(usize, f64)> {
    rings
        .enumerate()
        .map(|(i, r)| (i, edge_distance(r, p)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

/// The free point nearest to `p` (p itself when it is free): the closest point of the
/// free-space boundary, nudged inside until the mesh locates it.
pub fn nearest_free_point(
    mesh: &NavMesh,
    free: &FreeSpace,
    walls: &SegmentGrid,
    p: Point,
) -> Option<Point> {
    if mesh.locate(p).is_inside() {
        return Some(p);
    }
    let (q, i) = walls.closest_point(p, f64::INFINITY)?;
    // Free space lies left of every contour edge (outer rings CCW, holes CW).
    let s = walls.segment(i);
    let inward = (s.b - s.a).perp().normalized().unwrap_or(Point::ZERO);
    let scale = free.bounds().diagonal().max(1e-300);
    let mut step = 0.0;
    for _ in 0..40 {
        let candidate = q + inward * step;
        if mesh.locate(candidate).is_inside() {
            return Some(candidate);
        }
        step = if step == 0.0 {
            1e-12 * scale
        } else {
            step * 4.0
        };
    }
    None
}

/// The point of component `component` nearest to `target`.
pub fn closest_in_component(
    mesh: &NavMesh,
    component: ComponentId,
    target: Point,
) -> Option<Point> {
    closest_in_components(mesh, &[component], target)
}

/// The point of any of `components` nearest to `target`.
pub fn closest_in_components(
    mesh: &NavMesh,
    components: &[ComponentId],
    target: Point,
) -> Option<Point> {
    mesh.triangle_ids()
        .filter(|&t| components.contains(&mesh.component(t)))
        .map(|t| closest_in_triangle(mesh.triangle_points(t), target))
        .min_by(|a, b| a.distance_sq(target).total_cmp(&b.distance_sq(target)))
}

/// The components an agent starting in `start` can reach: `start`, and every component a
/// chain of the links placed as `jumps` leads to.
pub fn reachable_components(mesh: &NavMesh, jumps: &Jumps, start: ComponentId) -> Vec<ComponentId> {
    let hops: Vec<(ComponentId, ComponentId)> = (jumps.each())
        .filter_map(|(t, j)| Some((mesh.component(t), mesh.component(*j.to_tris.first()?))))
        .collect();
    let mut reached = vec![start];
    let mut next = 0;
    while let Some(&c) = reached.get(next) {
        next += 1;
        for &(_, to) in hops.iter().filter(|(from, _)| *from == c) {
            if !reached.contains(&to) {
                reached.push(to);
            }
        }
    }
    reached
}

fn closest_in_triangle([a, b, c]: [Point; 3], p: Point) -> Point {
    let inside = [(a, b), (b, c), (c, a)]
        .iter()
        .all(|&(u, v)| crate::geom::orient(u, v, p) >= 0.0);
    if inside {
        return p;
    }
    [Segment::new(a, b), Segment::new(b, c), Segment::new(c, a)]
        .iter()
        .map(|s| s.closest_point(p))
        .min_by(|x, y| x.distance_sq(p).total_cmp(&y.distance_sq(p)))
        .unwrap_or(a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::build::pipeline::build;
    use crate::scene::generate::rect;
    use crate::scene::{Obstacle, ObstacleId};

    fn scene() -> Scene {
        Scene {
            agent_radius: 0.5,
            walkable: vec![rect(0.0, 0.0, 10.0, 10.0)],
            obstacles: vec![Obstacle {
                id: ObstacleId(0),
                name: "crate".into(),
                ring: rect(4.0, 4.0, 6.0, 6.0),
            }],
            queries: vec![],
            ..Default::default()
        }
    }

    #[test]
    fn blockers_are_named() {
        let s = scene();
        let at = |x, y| blocker(&s, Point::new(x, y));
        assert_eq!(
            at(5.0, 5.0),
            Blocker {
                ring: Some(RingRef::Obstacle(0)),
                inflated: false,
                name: "crate".into()
            }
        );
        assert_eq!(at(6.2, 5.0).ring, Some(RingRef::Obstacle(0)));
        assert!(at(6.2, 5.0).inflated);
        assert_eq!(
            at(0.2, 5.0),
            Blocker {
                ring: Some(RingRef::Walkable(0)),
                inflated: true,
                name: "outline".into()
            }
        );
        assert!(!at(-3.0, 5.0).inflated);
        assert!(
            at(5.0, 5.0)
                .describe()
                .contains("inside obstacle \"crate\"")
        );
        // Exactly the radius from the outline may be outside the free space (it keeps up to
        // the arc tolerance more): "within" the radius, never "closer than" it.
        assert_eq!(
            at(0.5, 5.0).describe(),
            "within the agent radius (and arc tolerance) of the walkable outline"
        );
        // On an edge or corner of the obstacle: within the radius of it, on every side alike
        // (the half-open winding test said "inside" on the bottom and left edges only); on the
        // outline: within the radius of the outline, on every side alike.
        for (x, y) in [
            (5.0, 4.0),
            (4.0, 5.0),
            (4.0, 4.0),
            (5.0, 6.0),
            (6.0, 5.0),
            (6.0, 6.0),
        ] {
            assert_eq!(at(x, y), obstacle_near(), "({x}, {y})");
        }
        for (x, y) in [
            (5.0, 0.0),
            (0.0, 5.0),
            (5.0, 10.0),
            (10.0, 5.0),
            (10.0, 10.0),
        ] {
            assert!(
                at(x, y).inflated && at(x, y).name == "outline",
                "({x}, {y})"
            );
        }
    }

    fn obstacle_near() -> Blocker {
        Blocker {
            ring: Some(RingRef::Obstacle(0)),
            inflated: true,
            name: "crate".into(),
        }
    }

    #[test]
    fn nearest_free_point_is_free_and_near() {
        let s = scene();
        let b = build(&s).unwrap();
        let walls = b.free_space.walls();
        for p in [
            Point::new(5.0, 5.1),
            Point::new(-2.0, 3.0),
            Point::new(6.2, 5.0),
        ] {
            let q = nearest_free_point(&b.mesh, &b.free_space, &walls, p).unwrap();
            assert!(b.mesh.locate(q).is_inside(), "{p} -> {q}");
            // The crate grown by 0.5 ends at x = 6.5; the room shrunk by 0.5 starts at 0.5.
            let expected = if p.x > 5.0 {
                6.5
            } else if p.x < 0.0 {
                0.5
            } else {
                f64::NAN
            };
            if expected.is_finite() {
                assert!((q.x - expected).abs() < 1e-6, "{p} -> {q}");
            }
        }
        let free = Point::new(1.0, 1.0);
        assert_eq!(
            nearest_free_point(&b.mesh, &b.free_space, &walls, free),
            Some(free)
        );
    }

    #[test]
    fn closest_point_of_a_component() {
        let b = build(&scene()).unwrap();
        let c = b
            .mesh
            .component(b.mesh.locate(Point::new(1.0, 1.0)).triangle().unwrap());
        let q = closest_in_component(&b.mesh, c, Point::new(20.0, 5.0)).unwrap();
        assert!((q.x - 9.5).abs() < 1e-9 && (q.y - 5.0).abs() < 1e-9, "{q}");
    }
}
