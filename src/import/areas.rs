//! Closed boundary loops (free space on their left) to scene areas: a loop's nesting depth says
//! what it is (even: a walkable outline, odd: an obstacle) and when it is painted (by depth, so
//! every island comes after the pit around it).

use crate::geom::{Aabb, Point, Ring, Segment, SegmentGrid, signed_area};
use crate::scene::{AreaKind, Scene};

/// The scene whose painted free space is the region the loops bound. Loops must not cross
/// (they may touch at vertices); each ring is stored counter-clockwise. Radius 0.
pub(crate) fn scene_from_loops(loops: Vec<Vec<Point>>) -> Scene {
    let depths = depths(&loops);
    scene_from_nested_loops(loops, &depths)
}

/// The scene of `loops` (as for [`scene_from_loops`]) when how many other loops enclose each is
/// known: `depths`.
pub(crate) fn scene_from_nested_loops(loops: Vec<Vec<Point>>, depths: &[usize]) -> Scene {
    let mut by_depth: Vec<usize> = (0..loops.len()).collect();
    by_depth.sort_by_key(|&i| (depths[i], i));
    let mut loops: Vec<Option<Vec<Point>>> = loops.into_iter().map(Some).collect();
    let areas = by_depth.into_iter().filter_map(|i| {
        let mut points = loops[i].take()?;
        if signed_area(&points) < 0.0 {
            points.reverse();
        }
        let kind = if depths[i].is_multiple_of(2) {
            AreaKind::Walkable
        } else {
            AreaKind::Obstacle
        };
        Some((kind, String::new(), Ring::new(points)))
    });
    Scene::from_areas(0.0, areas)
}

/// A closed contour that passes a point more than once (blocked cells touching only at a
/// corner, with free space around both; a navmesh's hole pinched at a vertex) as loops that
/// pass each point once: the rings touch one another there, and none touches itself (which
/// the build would report as a repair).
pub(crate) fn simple_loops(contour: &[Point]) -> Vec<Vec<Point>> {
    let key = Point::position_key;
    let mut loops = Vec::new();
    let mut open: Vec<Point> = Vec::new();
    let mut index = std::collections::HashMap::new();
    for &p in contour {
        match index.get(&key(p)) {
            // Back at p: the points since its first visit close a loop.
            Some(&i) => {
                let closed: Vec<Point> = open.drain(i + 1..).collect();
                for q in &closed {
                    index.remove(&key(*q));
                }
                loops.push(std::iter::once(p).chain(closed).collect());
            }
            None => {
                index.insert(key(p), open.len());
                open.push(p);
            }
        }
    }
    loops.push(open);
    loops
}

/// How many other loops enclose each loop: counted along a ray to +x from the middle of the
/// loop's first edge (which lies on no other loop, as loops share no edges).
fn depths(loops: &[Vec<Point>]) -> Vec<usize> {
    let mut segments = Vec::new();
    let mut owner = Vec::new();
    for (i, l) in loops.iter().enumerate() {
        for k in 0..l.len() {
            segments.push(Segment::new(l[k], l[(k + 1) % l.len()]));
            owner.push(i);
        }
    }
    let grid = SegmentGrid::new(segments);
    let right = grid.bounds().max.x;
    let mut crossings = vec![0usize; loops.len()];
    loops
        .iter()
        .enumerate()
        .map(|(i, l)| {
            if l.len() < 2 {
                return 0;
            }
            let m = (l[0] + l[1]) * 0.5;
            let ray = Aabb::from_points([m, Point::new(right, m.y)]);
            let mut touched = Vec::new();
            for s in grid.candidates(ray, 0.0) {
                let (seg, o) = (grid.segment(s as usize), owner[s as usize]);
                if o == i || (seg.a.y > m.y) == (seg.b.y > m.y) {
                    continue;
                }
                let x = seg.a.x + (m.y - seg.a.y) / (seg.b.y - seg.a.y) * (seg.b.x - seg.a.x);
                if x > m.x {
                    crossings[o] += 1;
                    touched.push(o);
                }
            }
            let mut depth = 0;
            for o in touched {
                depth += crossings[o] % 2;
                crossings[o] = 0;
            }
            depth
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Point;
    use crate::scene::RingRef;

    fn square(x0: f64, y0: f64, size: f64, clockwise: bool) -> Vec<Point> {
        let mut r = vec![
            Point::new(x0, y0),
            Point::new(x0 + size, y0),
            Point::new(x0 + size, y0 + size),
            Point::new(x0, y0 + size),
        ];
        if clockwise {
            r.reverse();
        }
        r
    }

    #[test]
    fn nesting_depth_decides_kind_and_order() {
        // Listed innermost first: an island in a pit in the ground, and a separate field.
        let scene = scene_from_loops(vec![
            square(4.0, 4.0, 2.0, false),
            square(2.0, 2.0, 6.0, true),
            square(0.0, 0.0, 10.0, false),
            square(20.0, 0.0, 3.0, false),
        ]);
        assert_eq!(
            scene.areas(),
            vec![
                RingRef::Walkable(0),
                RingRef::Walkable(1),
                RingRef::Obstacle(0),
                RingRef::Walkable(2)
            ]
        );
        assert_eq!(scene.walkable[0].points()[0], Point::new(0.0, 0.0));
        assert_eq!(scene.walkable[2].points()[0], Point::new(4.0, 4.0));
        assert!(scene.obstacles[0].ring.signed_area() > 0.0);
        assert!(scene.is_nested());
    }
}
