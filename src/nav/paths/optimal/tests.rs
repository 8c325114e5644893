//! Tests of the optimal path: hand-made rooms with known answers, and random scenes checked
//! against a brute-force visibility graph over every free-space vertex.

use super::optimal_path;
use crate::geom::{Point, Segment, Side, side_of};
use crate::nav::build::triangulate::triangulate;
use crate::nav::invariants::polyline_length;
use crate::nav::mesh::free_space::{Contour, FreeSpace};
use crate::nav::mesh::navmesh::NavMesh;
use crate::rng::Rng;
use proptest::prelude::*;
use std::f64::consts::TAU;

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn contour(points: Vec<Point>) -> Contour {
    Contour::without_corners(points)
}

/// An axis-aligned rectangle: counter-clockwise for an outline, clockwise for a hole.
fn rect(x0: f64, y0: f64, x1: f64, y1: f64, hole: bool) -> Contour {
    let mut points = vec![p(x0, y0), p(x1, y0), p(x1, y1), p(x0, y1)];
    if hole {
        points.reverse();
    }
    contour(points)
}

fn mesh_of(free: &FreeSpace) -> NavMesh {
    let mesh = triangulate(free).unwrap();
    mesh.validate(free).unwrap();
    mesh
}

fn shortest(mesh: &NavMesh, s: Point, g: Point) -> Option<Vec<Point>> {
    let (ls, lg) = (mesh.locate(s), mesh.locate(g));
    assert!(
        ls.is_inside() && lg.is_inside(),
        "{s} or {g} is outside the test room"
    );
    optimal_path(mesh, s, &mesh.triangles_at(&ls), g, &mesh.triangles_at(&lg))
}

/// The 10 x 10 room with a 2 x 2 box in the middle.
fn room_with_box() -> FreeSpace {
    FreeSpace {
        contours: vec![
            rect(0.0, 0.0, 10.0, 10.0, false),
            rect(4.0, 4.0, 6.0, 6.0, true),
        ],
    }
}

/// Checks the path's ends and that every corner is a reflex vertex of `free`.
fn check_path(free: &FreeSpace, path: &[Point], s: Point, g: Point) -> Result<(), String> {
    if path.first() != Some(&s) || path.last() != Some(&g) {
        return Err(format!("path {path:?} does not run from {s} to {g}"));
    }
    for &corner in path.iter().skip(1).take(path.len().saturating_sub(2)) {
        let reflex = free.contours.iter().any(|c| {
            let n = c.points.len();
            (0..n).any(|i| {
                c.points[i] == corner
                    && side_of(c.points[(i + n - 1) % n], corner, c.points[(i + 1) % n])
                        == Side::Right
            })
        });
        if !reflex {
            return Err(format!(
                "corner {corner} of {path:?} is not a reflex vertex of the free space"
            ));
        }
    }
    Ok(())
}

fn assert_length(path: &[Point], expected: f64) {
    let length = polyline_length(path);
    assert!(
        (length - expected).abs() <= 1e-12 * expected.max(1.0),
        "length {length} of {path:?}, expected {expected}"
    );
}

#[test]
fn straight_line_in_open_space() {
    let free = FreeSpace {
        contours: vec![rect(0.0, 0.0, 10.0, 10.0, false)],
    };
    let path = shortest(&mesh_of(&free), p(1.0, 2.0), p(9.0, 7.5)).unwrap();
    assert_eq!(path, vec![p(1.0, 2.0), p(9.0, 7.5)]);
}

#[test]
fn around_one_box() {
    let free = room_with_box();
    let (s, g) = (p(1.0, 5.0), p(9.0, 5.0));
    let path = shortest(&mesh_of(&free), s, g).unwrap();
    check_path(&free, &path, s, g).unwrap();
    assert_eq!(path.len(), 4, "{path:?}");
    assert_length(&path, 2.0 + 2.0 * 10f64.sqrt());
}

#[test]
fn start_and_goal_on_vertices() {
    let free = room_with_box();
    let mesh = mesh_of(&free);
    // Room corner to room corner: the diagonal crosses the box, the path bends round one corner.
    let path = shortest(&mesh, p(0.0, 0.0), p(10.0, 10.0)).unwrap();
    check_path(&free, &path, p(0.0, 0.0), p(10.0, 10.0)).unwrap();
    assert_length(&path, 2.0 * 52f64.sqrt());
    // Box corner to the opposite box corner: along two sides.
    let path = shortest(&mesh, p(4.0, 4.0), p(6.0, 6.0)).unwrap();
    check_path(&free, &path, p(4.0, 4.0), p(6.0, 6.0)).unwrap();
    assert_length(&path, 4.0);
    // Box corner to the next box corner: along the side.
    assert_eq!(
        shortest(&mesh, p(4.0, 4.0), p(6.0, 4.0)).unwrap(),
        vec![p(4.0, 4.0), p(6.0, 4.0)]
    );
}

#[test]
fn start_and_goal_on_edges() {
    let free = room_with_box();
    let mesh = mesh_of(&free);
    // From the room's wall to the box's near side: in sight.
    assert_eq!(
        shortest(&mesh, p(0.0, 5.0), p(4.0, 5.0)).unwrap(),
        vec![p(0.0, 5.0), p(4.0, 5.0)]
    );
    // To the box's far side: round two corners.
    let path = shortest(&mesh, p(0.0, 5.0), p(6.0, 5.0)).unwrap();
    check_path(&free, &path, p(0.0, 5.0), p(6.0, 5.0)).unwrap();
    assert_length(&path, 17f64.sqrt() + 3.0);
    // Along the bottom wall.
    assert_eq!(
        shortest(&mesh, p(1.0, 0.0), p(9.0, 0.0)).unwrap(),
        vec![p(1.0, 0.0), p(9.0, 0.0)]
    );
}

#[test]
fn same_triangle_and_same_point() {
    let mesh = mesh_of(&room_with_box());
    let t = mesh.triangle_ids().next().unwrap();
    let [a, _, _] = mesh.triangle_points(t);
    let (s, g) = (mesh.centroid(t), mesh.centroid(t).midpoint(a));
    assert_eq!(optimal_path(&mesh, s, &[t], g, &[t]).unwrap(), vec![s, g]);
    assert_eq!(optimal_path(&mesh, s, &[t], s, &[t]).unwrap(), vec![s]);
}

#[test]
fn grazing_a_corner_and_running_along_a_wall() {
    let free = FreeSpace {
        contours: vec![
            rect(0.0, 0.0, 10.0, 10.0, false),
            rect(3.0, 3.0, 5.0, 5.0, true),
        ],
    };
    let mesh = mesh_of(&free);
    // x + y = 6 touches the box at its corner (3, 3) only.
    assert_eq!(
        shortest(&mesh, p(0.0, 6.0), p(6.0, 0.0)).unwrap(),
        vec![p(0.0, 6.0), p(6.0, 0.0)]
    );
    // x = 3 runs along the box's left side.
    assert_eq!(
        shortest(&mesh, p(3.0, 1.0), p(3.0, 7.0)).unwrap(),
        vec![p(3.0, 1.0), p(3.0, 7.0)]
    );
    // Beyond the corner in line with it: straight, the corner is no bend.
    assert_eq!(
        shortest(&mesh, p(1.0, 1.0), p(3.0, 3.0)).unwrap(),
        vec![p(1.0, 1.0), p(3.0, 3.0)]
    );
    assert_eq!(
        shortest(&mesh, p(1.0, 5.0), p(4.0, 5.0)).unwrap(),
        vec![p(1.0, 5.0), p(4.0, 5.0)]
    );
}

#[test]
fn unreachable_between_components() {
    let free = FreeSpace {
        contours: vec![
            rect(0.0, 0.0, 4.0, 4.0, false),
            rect(6.0, 0.0, 10.0, 4.0, false),
        ],
    };
    let mesh = mesh_of(&free);
    let (s, g) = (p(1.0, 1.0), p(9.0, 1.0));
    let (ls, lg) = (mesh.locate(s), mesh.locate(g));
    assert_eq!(
        optimal_path(
            &mesh,
            s,
            &mesh.triangles_at(&ls),
            g,
            &mesh.triangles_at(&lg)
        ),
        None
    );
}

#[test]
fn never_through_a_point_where_two_obstacles_touch() {
    // Two boxes touching at (4, 4): the straight line (3, 5) -> (5, 3) would pass that point.
    let free = FreeSpace {
        contours: vec![
            rect(0.0, 0.0, 8.0, 8.0, false),
            rect(2.0, 2.0, 4.0, 4.0, true),
            rect(4.0, 4.0, 6.0, 6.0, true),
        ],
    };
    let (s, g) = (p(3.0, 5.0), p(5.0, 3.0));
    let path = shortest(&mesh_of(&free), s, g).unwrap();
    check_path(&free, &path, s, g).unwrap();
    assert_length(&path, 4.0 + 2.0 * 2f64.sqrt());
}

/// A random 90 x 90 room with one hole per cell of a 3 x 3 grid, so holes never touch: either a
/// star-shaped polygon with arbitrary corners, or a rectangle on a lattice of spacing 3 shared by
/// all cells, which lines corners and sides up exactly across the room.
fn random_room(rng: &mut Rng) -> FreeSpace {
    let mut contours = vec![rect(0.0, 0.0, 90.0, 90.0, false)];
    let lattice = |rng: &mut Rng, lo: f64, steps: u64| lo + 3.0 * (rng.next_u64() % steps) as f64;
    for i in 0..3 {
        for j in 0..3 {
            let (x, y) = (30.0 * i as f64, 30.0 * j as f64);
            match rng.next_u64() % 4 {
                0 => {}
                1 => {
                    let (x0, y0) = (lattice(rng, x + 3.0, 4), lattice(rng, y + 3.0, 4));
                    let (x1, y1) = (lattice(rng, x0 + 3.0, 5), lattice(rng, y0 + 3.0, 5));
                    contours.push(rect(x0, y0, x1, y1, true));
                }
                _ => {
                    let c = p(
                        x + 15.0 + rng.range(-3.0, 3.0),
                        y + 15.0 + rng.range(-3.0, 3.0),
                    );
                    let n = 3 + (rng.next_u64() % 6) as usize;
                    let mut points: Vec<Point> = (0..n)
                        .map(|k| {
                            let angle = (k as f64 + rng.range(-0.3, 0.3)) * TAU / n as f64;
                            c + Point::from_angle(angle) * rng.range(3.0, 11.0)
                        })
                        .collect();
                    points.reverse();
                    contours.push(contour(points));
                }
            }
        }
    }
    FreeSpace { contours }
}

/// A query end: anywhere, on the lattice, on a free-space vertex, or halfway along a contour edge
/// (exactly on it for lattice rectangles).
fn random_point(rng: &mut Rng, free: &FreeSpace) -> Point {
    let c = &free.contours[(rng.next_u64() % free.contours.len() as u64) as usize];
    let i = (rng.next_u64() % c.points.len() as u64) as usize;
    match rng.next_u64() % 4 {
        0 => p(rng.range(0.0, 90.0), rng.range(0.0, 90.0)),
        1 => p(
            1.5 * (rng.next_u64() % 61) as f64,
            1.5 * (rng.next_u64() % 61) as f64,
        ),
        2 => c.points[i],
        _ => c.points[i].midpoint(c.points[(i + 1) % c.points.len()]),
    }
}

/// The segment lies in the closed free space: no wall crosses it, and between the free-space
/// vertices on it, every piece has its midpoint inside the free space or on a wall.
fn visible(free: &FreeSpace, a: Point, b: Point) -> bool {
    let walls: Vec<Segment> = free.contours.iter().flat_map(Contour::edges).collect();
    let crosses = |w: &Segment| {
        let opposite = |x: Side, y: Side| {
            matches!(
                (x, y),
                (Side::Left, Side::Right) | (Side::Right, Side::Left)
            )
        };
        opposite(side_of(w.a, w.b, a), side_of(w.a, w.b, b))
            && opposite(side_of(a, b, w.a), side_of(a, b, w.b))
    };
    if walls.iter().any(crosses) {
        return false;
    }
    let d = b - a;
    let mut cuts = vec![0.0, 1.0];
    for q in free.contours.iter().flat_map(|c| c.points.iter().copied()) {
        let t = (q - a).dot(d) / d.length_sq();
        if side_of(a, b, q) == Side::On && t > 0.0 && t < 1.0 {
            cuts.push(t);
        }
    }
    cuts.sort_by(f64::total_cmp);
    let grid = free.walls();
    cuts.windows(2).all(|w| {
        let mid = a.lerp(b, 0.5 * (w[0] + w[1]));
        grid.contains(mid) || grid.distance_to_point(mid, 1.0) < 1e-9
    })
}

/// Dijkstra over the visibility graph of the start, the goal and every free-space vertex.
fn brute_force(free: &FreeSpace, s: Point, g: Point) -> Option<f64> {
    let mut nodes = vec![s, g];
    nodes.extend(free.contours.iter().flat_map(|c| c.points.iter().copied()));
    let mut dist = vec![f64::INFINITY; nodes.len()];
    let mut done = vec![false; nodes.len()];
    dist[0] = 0.0;
    while let Some(u) = (0..nodes.len())
        .filter(|&i| !done[i] && dist[i].is_finite())
        .min_by(|&i, &j| dist[i].total_cmp(&dist[j]))
    {
        if u == 1 {
            return Some(dist[1]);
        }
        done[u] = true;
        for v in 0..nodes.len() {
            let through = dist[u] + nodes[u].distance(nodes[v]);
            if !done[v] && through < dist[v] && visible(free, nodes[u], nodes[v]) {
                dist[v] = through;
            }
        }
    }
    None
}

fn check_random_room(seed: u64) -> Result<(), String> {
    let mut rng = Rng::new(seed);
    let free = random_room(&mut rng);
    let mesh = triangulate(&free).map_err(|e| e.to_string())?;
    mesh.validate(&free)?;
    for _ in 0..8 {
        let (s, g) = (random_point(&mut rng, &free), random_point(&mut rng, &free));
        let (ls, lg) = (mesh.locate(s), mesh.locate(g));
        if !ls.is_inside() || !lg.is_inside() {
            continue;
        }
        let ours = optimal_path(
            &mesh,
            s,
            &mesh.triangles_at(&ls),
            g,
            &mesh.triangles_at(&lg),
        );
        let reference = brute_force(&free, s, g);
        match (&ours, reference) {
            (Some(path), Some(best)) => {
                check_path(&free, path, s, g)?;
                if let Some(w) = path.windows(2).find(|w| !visible(&free, w[0], w[1])) {
                    return Err(format!(
                        "{s} -> {g}: segment {} -> {} leaves the free space",
                        w[0], w[1]
                    ));
                }
                let length = polyline_length(path);
                if (length - best).abs() > 1e-9 * best.max(1.0) {
                    return Err(format!(
                        "{s} -> {g}: length {length} ({path:?}), brute force {best}"
                    ));
                }
            }
            (None, None) => {}
            _ => {
                return Err(format!(
                    "{s} -> {g}: ours {ours:?}, brute force {reference:?}"
                ));
            }
        }
    }
    Ok(())
}

/// `PROPTEST_CASES` overrides the number of cases (e.g. for long soak runs).
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn matches_a_brute_force_visibility_graph(seed in any::<u64>()) {
        check_random_room(seed).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn searches_in_turn_on_different_meshes_reuse_the_buffers_safely() {
    // The search buffers outlive a query: each search must see only its own fan records.
    let boxed = mesh_of(&room_with_box());
    let touching = mesh_of(&FreeSpace {
        contours: vec![
            rect(0.0, 0.0, 8.0, 8.0, false),
            rect(2.0, 2.0, 4.0, 4.0, true),
            rect(4.0, 4.0, 6.0, 6.0, true),
        ],
    });
    for _ in 0..3 {
        let path = shortest(&boxed, p(1.0, 5.0), p(9.0, 5.0)).unwrap();
        assert_length(&path, 2.0 + 2.0 * 10f64.sqrt());
        let path = shortest(&touching, p(3.0, 5.0), p(5.0, 3.0)).unwrap();
        assert_length(&path, 4.0 + 2.0 * 2f64.sqrt());
    }
}

/// A 40 x 30 room round a regular `n`-gon of radius 6 centred at (20, 15).
fn room_with_disc(n: usize) -> FreeSpace {
    let disc: Vec<Point> = (0..n)
        .rev()
        .map(|k| p(20.0, 15.0) + Point::from_angle(TAU * k as f64 / n as f64) * 6.0)
        .collect();
    FreeSpace {
        contours: vec![rect(0.0, 0.0, 40.0, 30.0, false), contour(disc)],
    }
}

/// The polygons the last search on this thread carried cones through.
fn carried() -> usize {
    super::SCRATCH.with(|cell| {
        let scratch = cell.take();
        let carried = scratch.carried;
        cell.set(scratch);
        carried
    })
}

/// Nodes the last search of this thread put in its queue.
fn queued() -> usize {
    super::SCRATCH.with(|cell| {
        let scratch = cell.take();
        let queued = scratch.nodes.len();
        cell.set(scratch);
        queued
    })
}

/// Checks `tries` queries round the ring (the second contour of `free`, in the 40 x 30 room)
/// against the brute force, their ends anywhere, on a ring corner or halfway along a ring
/// side; returns how many had both ends inside.
fn round_a_ring_matches_brute_force(free: &FreeSpace, seed: u64, tries: usize) -> usize {
    let mesh = mesh_of(free);
    let ring = &free.contours[1].points;
    let n = ring.len();
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    for _ in 0..tries {
        let mut end = || {
            let i = (rng.next_u64() % n as u64) as usize;
            match rng.next_u64() % 3 {
                0 => p(rng.range(0.0, 40.0), rng.range(0.0, 30.0)),
                1 => ring[i],
                _ => ring[i].midpoint(ring[(i + 1) % n]),
            }
        };
        let (s, g) = (end(), end());
        if !mesh.locate(s).is_inside() || !mesh.locate(g).is_inside() {
            continue;
        }
        let path = shortest(&mesh, s, g).unwrap();
        check_path(free, &path, s, g).unwrap();
        let best = brute_force(free, s, g).unwrap();
        let length = polyline_length(&path);
        assert!(
            (length - best).abs() <= 1e-9 * best,
            "{s} -> {g}: length {length} ({path:?}), brute force {best}"
        );
        checked += 1;
    }
    checked
}

#[test]
fn round_a_many_sided_disc_matches_brute_force() {
    // Each room corner fans out to a quarter of the ring: long fans the search crosses in one
    // step each (see `hub_fans`).
    round_a_ring_matches_brute_force(&room_with_disc(48), 11, 60);
}

/// A lumpy ring (bulges, whose fans' far corners are convex runs the search follows along a
/// curve, between hollows, where the runs break) of 90 corners in the room.
#[test]
fn round_a_lumpy_ring_matches_brute_force() {
    let n = 90;
    let ring: Vec<Point> = (0..n)
        .rev()
        .map(|k| {
            let angle = TAU * k as f64 / n as f64;
            p(20.0, 15.0) + Point::from_angle(angle) * (6.0 + 1.5 * (5.0 * angle).sin())
        })
        .collect();
    let free = FreeSpace {
        contours: vec![rect(0.0, 0.0, 40.0, 30.0, false), contour(ring)],
    };
    assert!(
        mesh_of(&free).convex().long_fans().count() > 0,
        "no long fans to cross"
    );
    let checked = round_a_ring_matches_brute_force(&free, 23, 32);
    assert!(checked > 15, "only {checked} queries inside");
}

#[test]
fn round_a_disc_the_work_grows_linearly_with_its_corners() {
    // Every ring corner on the way round is a root whose cone runs off along the tangent
    // through a room corner's fan of thin triangles: crossed one by one, that is quadratic.
    let work = |n: usize| {
        let free = room_with_disc(n);
        let mesh = mesh_of(&free);
        let path = shortest(&mesh, p(2.0, 15.0), p(38.0, 15.0)).unwrap();
        check_path(&free, &path, p(2.0, 15.0), p(38.0, 15.0)).unwrap();
        carried()
    };
    let (small, big) = (work(1000), work(4000));
    assert!(
        big < 5 * small && big < 40 * 4000,
        "{small} polygons carried round a 1000-gon, {big} round a 4000-gon"
    );
}

#[test]
fn round_a_disc_the_two_equal_ways_do_not_take_turns_through_the_queue() {
    // Above and below the disc the ways are equally long: with the least f always taken from
    // the queue, each step round one side went in and out of the queue behind the other.
    let free = room_with_disc(4000);
    let mesh = mesh_of(&free);
    let (s, g) = (p(2.0, 15.0), p(38.0, 15.0));
    let path = shortest(&mesh, s, g).unwrap();
    check_path(&free, &path, s, g).unwrap();
    let (queued, carried) = (queued(), carried());
    assert!(
        queued < carried / 2,
        "{queued} nodes queued, {carried} polygons carried round a 4000-gon"
    );
}
