//! Incremental rebuilds (issue 14 item 1) against full builds: after random edit sequences
//! (moves, vertex drags, additions, deletions, including edits that join or split components
//! and edits near the outline) the incremental build has the same free space, an equivalent
//! mesh (valid, same area, Delaunay away from walls, same components) and the same optimal
//! path lengths as a full build of the same scene. Nested scenes (format v2: a pit with an
//! island in it) too, and the game map aurora when the validation data is there.

mod common;
mod validation_data;

use navscope::document::{Document, Edit};
use navscope::geom::{Aabb, Point, Ring};
use navscope::nav::{
    Build, BuildOptions, CorridorOptions, CorridorSearch, Incremental, NavMesh, QueryOptions,
    RawNav, Status, Variant, Widths, build_with, query, triangulate_in_one_piece,
};
use navscope::scene::generate::{rect, regular};
use navscope::scene::{AreaKind, Obstacle, ObstacleId, RingRef, Scene};
use proptest::prelude::*;

/// Side of the square scene; obstacles start in cells of `CELL` units.
const SIDE: f64 = 24.0;
const CELL: f64 = 4.0;

fn obstacle(i: usize, ring: Ring) -> Obstacle {
    Obstacle {
        id: ObstacleId(i as u32),
        name: format!("o{i}"),
        ring,
    }
}

/// A star (every other corner pulled in, not convex) or a regular polygon.
fn shape(center: Point, size: f64, corners: usize, star: bool) -> Ring {
    let points = (0..corners)
        .map(|k| {
            let f = if star && k % 2 == 1 { 0.5 } else { 1.0 };
            center
                + Point::from_angle(k as f64 * std::f64::consts::TAU / corners as f64) * (size * f)
        })
        .collect();
    Ring::new(points)
}

/// One obstacle per cell: (column, row, size, corners, star).
type Cell = (usize, usize, f64, usize, bool);

/// The obstacle rings of `cells`.
fn cell_rings(cells: &[Cell]) -> impl Iterator<Item = Ring> + '_ {
    cells.iter().map(|&(cx, cy, size, corners, star)| {
        let c = Point::new(CELL * (cx as f64 + 0.5), CELL * (cy as f64 + 0.5));
        shape(c, size, corners, star)
    })
}

/// Obstacles one per cell (boxes apart), some of them stars.
fn scene(radius: f64, cells: &[Cell]) -> Scene {
    let obstacles = cell_rings(cells)
        .enumerate()
        .map(|(i, ring)| obstacle(i, ring))
        .collect();
    Scene {
        agent_radius: radius,
        walkable: vec![rect(0.0, 0.0, SIDE, SIDE)],
        obstacles,
        ..Default::default()
    }
}

/// A nested scene (format v2) painted in this order: the ground, a pit obstacle over the top
/// right cells, the cell obstacles, then an island inside the pit. The cell obstacles whose
/// boxes meet the pit's or the island's are painted with them; the others are cut out as
/// pieces.
fn nested(radius: f64, cells: &[Cell]) -> Scene {
    let ring = |kind, name: &str, ring| (kind, name.to_string(), ring);
    let mut areas = vec![
        ring(AreaKind::Walkable, "ground", rect(0.0, 0.0, SIDE, SIDE)),
        ring(AreaKind::Obstacle, "pit", rect(13.0, 13.0, 23.0, 23.0)),
    ];
    areas.extend(
        cell_rings(cells)
            .enumerate()
            .map(|(i, r)| ring(AreaKind::Obstacle, &format!("o{i}"), r)),
    );
    areas.push(ring(
        AreaKind::Walkable,
        "island",
        rect(15.0, 15.0, 21.0, 21.0),
    ));
    Scene::from_areas(radius, areas)
}

/// Start and goal as fractions of the scene's side.
type Pair = ((f64, f64), (f64, f64));

/// `pairs` in scene coordinates.
fn scaled(pairs: &[Pair]) -> Vec<(Point, Point)> {
    pairs
        .iter()
        .map(|&((sx, sy), (gx, gy))| {
            (
                Point::new(sx * SIDE, sy * SIDE),
                Point::new(gx * SIDE, gy * SIDE),
            )
        })
        .collect()
}

#[derive(Clone, Debug)]
enum EditSpec {
    Move(usize, f64, f64),
    Drag(usize, usize, f64, f64),
    Add(f64, f64, f64, usize, bool),
    Delete(usize),
}

fn edit_spec() -> impl Strategy<Value = EditSpec> {
    prop_oneof![
        4 => (0usize..64, -1.5..1.5f64, -1.5..1.5f64).prop_map(|(i, x, y)| EditSpec::Move(i, x, y)),
        2 => (0usize..64, 0usize..16, -0.8..0.8f64, -0.8..0.8f64)
            .prop_map(|(i, k, x, y)| EditSpec::Drag(i, k, x, y)),
        1 => (0.0..SIDE, 0.0..SIDE, 0.3..1.5f64, 3usize..8, any::<bool>())
            .prop_map(|(x, y, s, n, star)| EditSpec::Add(x, y, s, n, star)),
        1 => (0usize..64).prop_map(EditSpec::Delete),
    ]
}

fn apply(scene: &mut Scene, edit: &EditSpec) {
    let n = scene.obstacles.len();
    match *edit {
        EditSpec::Move(i, dx, dy) if n > 0 => {
            let ring = &mut scene.obstacles[i % n].ring;
            *ring = Ring::new(
                ring.points()
                    .iter()
                    .map(|&p| p + Point::new(dx, dy))
                    .collect(),
            );
        }
        EditSpec::Drag(i, k, dx, dy) if n > 0 => {
            let ring = &mut scene.obstacles[i % n].ring;
            let mut points = ring.points().to_vec();
            let k = k % points.len();
            points[k] = points[k] + Point::new(dx, dy);
            *ring = Ring::new(points);
        }
        // As the editor adds and deletes: the painting order follows.
        EditSpec::Add(x, y, size, corners, star) => by_editor(
            scene,
            Edit::AddObstacle {
                name: format!("o{n}"),
                ring: shape(Point::new(x, y), size, corners, star),
            },
        ),
        EditSpec::Delete(i) if n > 0 => {
            by_editor(scene, Edit::DeleteRing(RingRef::Obstacle(i % n)))
        }
        _ => {}
    }
}

/// `scene` after the editor's `edit`.
fn by_editor(scene: &mut Scene, edit: Edit) {
    let mut doc = Document::new(scene.clone());
    doc.apply(edit).unwrap();
    *scene = doc.scene().clone();
}

/// Every contour point of a free space, as sorted bit patterns (the same set of contours in
/// any order and from any starting point gives the same list).
fn contour_points(build: &Build, raw: bool) -> Vec<(u64, u64)> {
    let free = match (raw, &build.raw) {
        (false, _) => &build.free_space,
        (true, Some(r)) => &r.free_space,
        (true, None) => return Vec::new(),
    };
    let mut points: Vec<(u64, u64)> = free
        .contours
        .iter()
        .flat_map(|c| {
            c.points
                .iter()
                .map(|p| ((p.x + 0.0).to_bits(), (p.y + 0.0).to_bits()))
        })
        .collect();
    points.sort_unstable();
    points
}

/// Every edge between two walkable triangles is locally Delaunay: the far corner of each
/// neighbour lies on or outside the triangle's circumcircle (within rounding).
fn check_delaunay(mesh: &NavMesh) -> Result<(), String> {
    for t in mesh.triangle_ids() {
        let [a, b, c] = mesh.triangle_points(t);
        for u in mesh.neighbors(t).into_iter().flatten() {
            let corners = mesh.triangle(u);
            let far = corners
                .iter()
                .find(|v| !mesh.triangle(t).contains(v))
                .map(|&v| mesh.vertex(v))
                .ok_or("neighbours share all corners")?;
            let [ad, bd, cd] = [a - far, b - far, c - far];
            let det = ad.length_sq() * bd.cross(cd)
                + bd.length_sq() * cd.cross(ad)
                + cd.length_sq() * ad.cross(bd);
            let scale = ad.length_sq() * bd.length() * cd.length()
                + bd.length_sq() * cd.length() * ad.length()
                + cd.length_sq() * ad.length() * bd.length();
            if det > 1e-9 * scale {
                return Err(format!("edge between {} and {} is not Delaunay", t.0, u.0));
            }
        }
    }
    Ok(())
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs()).max(1.0)
}

/// The incremental build `inc` is equivalent to the full build of `scene`, with the same
/// optimal path lengths between `pairs` of points.
fn compare(scene: &Scene, inc: &Build, pairs: &[(Point, Point)]) -> Result<(), String> {
    let full = build_with(scene, &BuildOptions::default()).map_err(|e| e.to_string())?;
    if inc.warnings != full.warnings {
        return Err(format!(
            "warnings {:?} and {:?}",
            inc.warnings, full.warnings
        ));
    }
    if contour_points(inc, false) != contour_points(&full, false) {
        return Err("the shrunk free spaces differ".into());
    }
    if contour_points(inc, true) != contour_points(&full, true) {
        return Err("the raw free spaces differ".into());
    }
    // The scene corner behind each contour point too (what the explanations name).
    let (a, b) = (free_space_corners(inc), free_space_corners(&full));
    if let Some(((x, y), c)) = a.iter().find(|c| b.binary_search(c).is_err()) {
        let (x, y) = (f64::from_bits(*x), f64::from_bits(*y));
        return Err(format!(
            "the shrunk free spaces' corners differ: ({x}, {y}) is {c:?} incrementally"
        ));
    }
    if a.len() != b.len() {
        return Err("the shrunk free spaces' named corners differ in number".into());
    }
    inc.mesh.validate(&inc.free_space)?;
    check_delaunay(&inc.mesh)?;
    if !close(inc.mesh.area(), full.mesh.area(), 1e-9) {
        return Err(format!(
            "areas {} and {}",
            inc.mesh.area(),
            full.mesh.area()
        ));
    }
    // The incremental build keeps one triangulation; a big full build is split at seams (and
    // has the points where they cross the contours besides).
    let whole = triangulate_in_one_piece(&full.free_space).map_err(|e| e.to_string())?;
    if inc.mesh.triangle_count() != whole.triangle_count() {
        return Err(format!(
            "{} triangles, one triangulation of the full build's free space has {}",
            inc.mesh.triangle_count(),
            whole.triangle_count()
        ));
    }
    if inc.mesh.component_count() != full.mesh.component_count() {
        return Err(format!(
            "{} components, the full build has {}",
            inc.mesh.component_count(),
            full.mesh.component_count()
        ));
    }
    let (ir, fr) = (inc.raw.as_ref(), full.raw.as_ref());
    let (ir, fr) = ir.zip(fr).ok_or("a raw mesh is missing")?;
    ir.mesh.validate(&ir.free_space)?;
    check_delaunay(&ir.mesh)?;
    if !close(ir.mesh.area(), fr.mesh.area(), 1e-9)
        || ir.mesh.component_count() != fr.mesh.component_count()
    {
        return Err("the raw meshes differ in area or components".into());
    }
    // The walls' index (updated, not made again, once made) holds the full build's walls.
    let walls = |raw: &RawNav| -> (Vec<[u64; 4]>, Aabb) {
        let w = raw.walls();
        let mut v: Vec<[u64; 4]> = (w.candidates(w.bounds(), 1.0).iter())
            .map(|&i| w.segment(i as usize))
            .map(|s| [s.a.x, s.a.y, s.b.x, s.b.y].map(|c| (c + 0.0).to_bits()))
            .collect();
        v.sort_unstable();
        (v, w.bounds())
    };
    if walls(ir) != walls(fr) {
        return Err("the raw walls differ".into());
    }
    if ir.widths != Widths::new(&ir.mesh) {
        return Err("the raw mesh's widths are not its own".into());
    }
    // The anytime search too: it reads the polygons of the updated mesh packed anew.
    let options = QueryOptions {
        variants: &[Variant::Optimal, Variant::Funnel],
        corridor: CorridorOptions {
            search: CorridorSearch::Anytime { budget: 64 },
            ..CorridorOptions::default()
        },
        ..QueryOptions::default()
    };
    for &(s, g) in pairs {
        let (a, b) = (query(inc, s, g, &options), query(&full, s, g, &options));
        if a.status() != b.status() {
            return Err(format!("{s} -> {g}: {:?} vs {:?}", a.status(), b.status()));
        }
        if a.status() == Status::Found {
            let la = a.path(Variant::Optimal).map(|p| p.length);
            let lb = b.path(Variant::Optimal).map(|p| p.length);
            if !la.zip(lb).is_some_and(|(x, y)| close(x, y, 1e-9)) {
                return Err(format!("{s} -> {g}: optimal {la:?} vs {lb:?}"));
            }
            let funnel = a.path(Variant::Funnel).map(|p| p.length);
            if !funnel.zip(la).is_some_and(|(f, o)| f >= o * (1.0 - 1e-9)) {
                return Err(format!("{s} -> {g}: funnel {funnel:?}, optimal {la:?}"));
            }
        }
    }
    Ok(())
}

/// Runs `edits` on `scene`, updating incrementally (starting again after each decline) and
/// comparing every incremental build with a full one; returns how many updates were
/// incremental.
fn run(mut scene: Scene, edits: &[EditSpec], pairs: &[Pair]) -> Result<usize, String> {
    let options = BuildOptions::default();
    let pairs = scaled(pairs);
    // The last build stays alive during the next update, as in the editor (its mesh shares
    // the state's triangulation, so the update edits the spare copy).
    let (mut _shown, mut state) = match Incremental::start(&scene, &options) {
        Ok((build, state)) => (Some(build), state),
        Err(_) => (None, None),
    };
    let mut used = 0;
    for (k, edit) in edits.iter().enumerate() {
        apply(&mut scene, edit);
        match state.take().and_then(|s| s.update(&scene, &options)) {
            Some((build, next)) => {
                used += 1;
                compare(&scene, &build, &pairs)
                    .map_err(|e| format!("after edit {k} ({edit:?}): {e}"))?;
                _shown = Some(build);
                state = Some(next);
            }
            None => {
                (_shown, state) = match Incremental::start(&scene, &options) {
                    Ok((build, state)) => (Some(build), state),
                    Err(_) => (None, None),
                };
            }
        }
    }
    Ok(used)
}

fn cells() -> impl Strategy<Value = Vec<Cell>> {
    prop::collection::vec(
        (0usize..6, 0usize..6, 0.4..1.9f64, 3usize..9, any::<bool>()),
        1..14,
    )
    .prop_map(|mut v| {
        v.sort_by_key(|c| (c.0, c.1));
        v.dedup_by_key(|c| (c.0, c.1));
        v
    })
}

fn pairs() -> impl Strategy<Value = Vec<Pair>> {
    prop::collection::vec(
        ((0.0..1.0f64, 0.0..1.0f64), (0.0..1.0f64, 0.0..1.0f64)),
        4..8,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: common::cases(80), ..ProptestConfig::default() })]

    /// Scenes of either format: v1, or nested (a pit with an island in it).
    #[test]
    fn incremental_builds_match_full_builds(
        radius in prop_oneof![Just(0.0), 0.2..1.1f64],
        cells in cells(),
        is_nested in any::<bool>(),
        edits in prop::collection::vec(edit_spec(), 1..8),
        pairs in pairs(),
    ) {
        let scene = if is_nested { nested(radius, &cells) } else { scene(radius, &cells) };
        run(scene, &edits, &pairs).map_err(TestCaseError::fail)?;
    }
}

/// The incremental update of `state` to `next`, which must not decline.
fn local(state: Incremental, next: &Scene) -> (Build, Incremental) {
    state
        .update(next, &BuildOptions::default())
        .expect("a local edit is incremental")
}

/// Moves obstacle `i` by (dx, dy).
fn moved(scene: &Scene, i: usize, dx: f64, dy: f64) -> Scene {
    let mut next = scene.clone();
    apply(&mut next, &EditSpec::Move(i, dx, dy));
    next
}

#[test]
fn moving_an_isolated_obstacle_is_incremental() {
    let scene = scene(0.5, &[(1, 1, 1.0, 6, false), (4, 4, 1.5, 5, true)]);
    let (_, state) = Incremental::start(&scene, &BuildOptions::default()).unwrap();
    let next = moved(&scene, 1, 0.7, -0.3);
    let (build, _) = local(state.unwrap(), &next);
    compare(&next, &build, &scaled(&[((0.05, 0.05), (0.95, 0.95))])).unwrap();
}

/// Found by `incremental_builds_match_full_builds` in CI: deleting an obstacle that shares a
/// cluster with a later one made the cluster's contours again with the new scene's corners,
/// and then moved every later obstacle's corners down one place, those new ones too. The
/// corners round the later obstacle named the one before it.
#[test]
fn deleting_an_obstacle_from_a_cluster_names_the_later_members_once_renumbered() {
    let cells = [
        (0, 3, 0.4, 3, false),
        (0, 5, 0.4, 3, false),
        (1, 1, 1.8450939451978048, 3, false),
        (1, 2, 0.4, 3, false),
        (2, 1, 1.8826325086087599, 3, false),
        (2, 2, 0.8086371342908855, 4, false),
        (3, 1, 0.4, 3, false),
        (3, 2, 0.4, 3, false),
        (4, 0, 0.4, 3, false),
    ];
    let scene = scene(0.8220934090098869, &cells);
    let (_, state) = Incremental::start(&scene, &BuildOptions::default()).unwrap();
    let mut next = scene.clone();
    apply(&mut next, &EditSpec::Delete(2));
    let (build, _) = local(state.unwrap(), &next);
    compare(&next, &build, &scaled(&[((0.05, 0.05), (0.95, 0.95))])).unwrap();
}

#[test]
fn clusters_split_and_join_incrementally() {
    // Two obstacles whose grown boxes overlap (one cluster, unioned), moved apart and back.
    let scene = scene(1.6, &[(2, 2, 1.0, 4, false), (3, 3, 1.0, 4, false)]);
    let (_, state) = Incremental::start(&scene, &BuildOptions::default()).unwrap();
    let apart = moved(&scene, 1, 3.0, 3.0);
    let (b1, state) = local(state.unwrap(), &apart);
    compare(&apart, &b1, &scaled(&[((0.3, 0.3), (0.7, 0.7))])).unwrap();
    let (b2, _) = local(state, &scene);
    compare(&scene, &b2, &scaled(&[((0.3, 0.3), (0.7, 0.7))])).unwrap();
}

/// A cup open at the top, and a lid `gap` above its rim.
fn cup_and_lid(gap: f64) -> Scene {
    let cup = [
        (8.0, 8.0),
        (16.0, 8.0),
        (16.0, 16.0),
        (14.0, 16.0),
        (14.0, 10.0),
        (10.0, 10.0),
        (10.0, 16.0),
        (8.0, 16.0),
    ];
    let cup = Ring::new(cup.iter().map(|&(x, y)| Point::new(x, y)).collect());
    Scene {
        agent_radius: 0.5,
        walkable: vec![rect(0.0, 0.0, SIDE, SIDE)],
        obstacles: vec![
            obstacle(0, cup),
            obstacle(1, rect(8.0, 16.0 + gap, 16.0, 17.4 + gap)),
        ],
        ..Default::default()
    }
}

#[test]
fn closing_and_opening_a_pocket_changes_the_components_incrementally() {
    let open = cup_and_lid(3.0);
    let (first, state) = Incremental::start(&open, &BuildOptions::default()).unwrap();
    assert_eq!(first.mesh.component_count(), 1);
    // 0.6 apart, less than the agent's width: the lid seals the cup, whose inside is cut off.
    let sealed = moved(&open, 1, 0.0, -2.4);
    let (b1, state) = local(state.unwrap(), &sealed);
    assert_eq!(b1.mesh.component_count(), 2);
    let inside_to_outside = [((0.5, 0.55), (0.5, 0.1))];
    compare(&sealed, &b1, &scaled(&inside_to_outside)).unwrap();
    let (b2, _) = local(state, &open);
    assert_eq!(b2.mesh.component_count(), 1);
    compare(&open, &b2, &scaled(&inside_to_outside)).unwrap();
}

#[test]
fn adding_and_deleting_obstacles_is_incremental() {
    let scene = scene(
        0.4,
        &[
            (1, 1, 1.0, 6, false),
            (3, 1, 1.2, 8, true),
            (4, 4, 1.0, 3, false),
        ],
    );
    let (_, state) = Incremental::start(&scene, &BuildOptions::default()).unwrap();
    let mut added = scene.clone();
    apply(&mut added, &EditSpec::Add(10.0, 18.0, 1.0, 5, true));
    let (b1, state) = local(state.unwrap(), &added);
    compare(&added, &b1, &scaled(&[((0.1, 0.1), (0.9, 0.9))])).unwrap();
    let mut deleted = added.clone();
    apply(&mut deleted, &EditSpec::Delete(0));
    let (b2, state) = local(state, &deleted);
    compare(&deleted, &b2, &scaled(&[((0.1, 0.1), (0.9, 0.9))])).unwrap();
    // The obstacles after the deleted one moved down a place: so did their corners.
    let corners = |b: &Build| {
        let mut c: Vec<_> = b
            .mesh
            .vertices()
            .iter()
            .enumerate()
            .filter_map(|(v, _)| b.mesh.vertex_corner(navscope::nav::VertexId(v as u32)))
            .collect();
        c.sort();
        c
    };
    let full = build_with(&deleted, &BuildOptions::default()).unwrap();
    assert_eq!(corners(&b2), corners(&full));
    let next = moved(&deleted, 2, 0.5, 0.5);
    let (b3, _) = local(state, &next);
    compare(&next, &b3, &scaled(&[((0.1, 0.1), (0.9, 0.9))])).unwrap();
}

#[test]
fn an_edit_touching_the_outline_or_another_box_declines() {
    let scene = scene(0.5, &[(1, 1, 1.0, 6, false), (2, 1, 1.0, 6, false)]);
    let start = || {
        Incremental::start(&scene, &BuildOptions::default())
            .unwrap()
            .1
            .unwrap()
    };
    // Near the outline: the grown piece is cut out of the outline, a global operation.
    assert!(
        start()
            .update(&moved(&scene, 0, -5.3, 0.0), &BuildOptions::default())
            .is_none()
    );
    // Overlapping another obstacle's box: repair would merge the two.
    assert!(
        start()
            .update(&moved(&scene, 0, 3.2, 0.0), &BuildOptions::default())
            .is_none()
    );
    // Another radius.
    let mut wider = scene.clone();
    wider.agent_radius = 0.6;
    assert!(start().update(&wider, &BuildOptions::default()).is_none());
    // Other options.
    let coarser = BuildOptions {
        arc_tolerance: Some(0.05),
        ..BuildOptions::default()
    };
    assert!(start().update(&scene, &coarser).is_none());
}

#[test]
fn a_regular_polygon_moved_in_small_steps_stays_equivalent() {
    let mut scene = scene(0.7, &[(2, 2, 1.5, 16, false)]);
    scene
        .obstacles
        .push(obstacle(1, regular(24, 18.0, 18.0, 2.0)));
    let (_, state) = Incremental::start(&scene, &BuildOptions::default()).unwrap();
    let mut state = state.unwrap();
    for k in 0..10 {
        scene = moved(&scene, k % 2, 0.13, 0.07);
        let (build, next) = local(state, &scene);
        compare(&scene, &build, &scaled(&[((0.2, 0.2), (0.8, 0.8))])).unwrap();
        state = next;
    }
}

/// Ground 40 x 30 painted in this order: the ground, a hexagon, a pit [10,30] x [10,20], a
/// bow-tie in the pit (self-intersecting: a repair warning), a square, an island
/// [15,25] x [12,18] in the pit, and a dock [30,38] x [2,8] on the ground. The pit and the
/// bow-tie are painted (their boxes meet); the hexagon and the square meet no other box and no
/// later walkable ring's, so they are cut out as pieces.
fn pit_and_island() -> Scene {
    let ring = |kind, name: &str, ring| (kind, name.to_string(), ring);
    Scene::from_areas(
        0.5,
        [
            ring(AreaKind::Walkable, "ground", rect(0.0, 0.0, 40.0, 30.0)),
            ring(AreaKind::Obstacle, "hexagon", regular(6, 5.0, 25.0, 1.5)),
            ring(AreaKind::Obstacle, "pit", rect(10.0, 10.0, 30.0, 20.0)),
            ring(
                AreaKind::Obstacle,
                "bow-tie",
                Ring::new(vec![
                    Point::new(26.0, 11.0),
                    Point::new(29.0, 14.0),
                    Point::new(29.0, 11.0),
                    Point::new(26.0, 14.0),
                ]),
            ),
            ring(AreaKind::Obstacle, "square", rect(34.0, 22.0, 37.0, 25.0)),
            ring(AreaKind::Walkable, "island", rect(15.0, 12.0, 25.0, 18.0)),
            ring(AreaKind::Walkable, "dock", rect(30.0, 2.0, 38.0, 8.0)),
        ],
    )
}

/// Every corner behind a free-space contour point, by position, sorted.
fn free_space_corners(build: &Build) -> Vec<((u64, u64), navscope::scene::Corner)> {
    let mut corners: Vec<_> = build
        .free_space
        .contours
        .iter()
        .flat_map(|c| c.points.iter().zip(c.corners.iter()))
        .filter_map(|(p, c)| c.get().map(|c| ((p.x.to_bits(), p.y.to_bits()), c)))
        .collect();
    corners.sort_unstable();
    corners
}

#[test]
fn in_a_nested_scene_free_obstacles_update_and_painted_ones_decline() {
    let scene = pit_and_island();
    assert!(scene.is_nested());
    let options = BuildOptions::default();
    let start = || {
        Incremental::start(&scene, &options)
            .unwrap()
            .1
            .expect("a nested scene keeps a state")
    };
    let pairs = [
        (Point::new(1.0, 1.0), Point::new(39.0, 29.0)),
        (Point::new(16.0, 13.0), Point::new(24.0, 17.0)),
        (Point::new(2.0, 28.0), Point::new(36.0, 3.0)),
    ];
    // The pit is painted with the walkable rings: editing or deleting it declines.
    assert!(
        start()
            .update(&moved(&scene, 1, 0.5, 0.0), &options)
            .is_none()
    );
    let mut no_pit = scene.clone();
    apply(&mut no_pit, &EditSpec::Delete(1));
    assert!(start().update(&no_pit, &options).is_none());
    // Moved into the pit's box, the hexagon would be painted; into the dock's (painted after
    // it), the square would.
    assert!(
        start()
            .update(&moved(&scene, 0, 4.0, -5.0), &options)
            .is_none()
    );
    assert!(
        start()
            .update(&moved(&scene, 3, -2.0, -18.0), &options)
            .is_none()
    );
    // Moving the hexagon and the square a little is incremental.
    let next = moved(&scene, 0, 0.7, -0.4);
    let (b1, state) = local(start(), &next);
    compare(&next, &b1, &pairs).unwrap();
    let mut next = moved(&next, 3, -0.5, 0.5);
    let (b2, state) = local(state, &next);
    compare(&next, &b2, &pairs).unwrap();
    // Renaming the bow-tie renames it in its repair warning.
    next.obstacles[2].name = "tie".to_string();
    let (b2, state) = local(state, &next);
    assert!(b2.warnings[0].message.starts_with("obstacle 2 \"tie\""));
    compare(&next, &b2, &pairs).unwrap();
    // Adding an obstacle (painted last) and deleting the hexagon are too; the pit becomes
    // obstacle 0, and so do the corners its painting left on the free space's contours (and the
    // bow-tie obstacle 1, in its warning).
    let mut added = next.clone();
    apply(&mut added, &EditSpec::Add(33.0, 14.0, 1.0, 5, true));
    let (b3, state) = local(state, &added);
    compare(&added, &b3, &pairs).unwrap();
    let mut deleted = added.clone();
    apply(&mut deleted, &EditSpec::Delete(0));
    assert_eq!(deleted.areas()[1], RingRef::Obstacle(0));
    let (b4, _) = local(state, &deleted);
    assert!(b4.warnings[0].message.starts_with("obstacle 1 \"tie\""));
    // `compare` checks the corners behind the contours against a full build's too.
    compare(&deleted, &b4, &pairs).unwrap();
}

#[test]
fn dragging_an_obstacle_on_aurora_is_incremental() {
    let Some(dir) = validation_data::data_dir() else {
        return;
    };
    let scene = navscope::scene::load(&dir.join("aurora-merged.mesh")).unwrap();
    assert!(scene.is_nested());
    let options = BuildOptions::default();
    let (_, state) = Incremental::start(&scene, &options).unwrap();
    let state = state.expect("aurora keeps an incremental state");
    let (i, step) = validation_data::drag_step(&scene, &state).expect("an obstacle drags");
    // A few published queries, and one round the dragged obstacle.
    let queries = validation_data::load_queries(&dir.join("aurora-queries.csv"));
    let around = scene.obstacles[i].ring.aabb().expanded(3.0);
    let mut pairs: Vec<(Point, Point)> = queries
        .iter()
        .step_by(97)
        .map(|q| (q.start, q.goal))
        .collect();
    pairs.push((around.min, around.max));
    let (there, state) = local(state, &step);
    compare(&step, &there, &pairs).unwrap();
    let (back, _) = local(state, &scene);
    compare(&scene, &back, &pairs).unwrap();
}

/// Found by `incremental_builds_match_full_builds` in CI: a contour point 0.202000003 from the
/// corner it comes from (r + tolerance = 0.202, the overlay's rounding besides) was named after
/// it when the lookup held every scene corner and not when it held those near the edit, as the
/// slack allowed for rounding grew with the extent of the corners looked among.
#[test]
fn a_corner_just_beyond_the_reach_is_named_alike_by_full_and_incremental_builds() {
    let cells = [
        (0, 0, 0.4, 3, false),
        (0, 1, 0.4, 3, false),
        (0, 2, 0.4, 3, false),
        (0, 3, 0.4, 3, false),
        (0, 4, 0.4, 3, false),
        (1, 0, 0.4, 3, false),
        (4, 0, 0.7816692332093235, 5, true),
        (4, 1, 0.4, 3, false),
        (4, 2, 0.4, 3, false),
        (5, 0, 0.4, 3, false),
    ];
    let scene = scene(0.2, &cells);
    let edit = EditSpec::Drag(56, 15, -0.6363510904721871, 0.14447961668647327);
    run(scene, &[edit], &[((0.05, 0.05), (0.95, 0.95))]).unwrap();
}

/// Found by `incremental_builds_match_full_builds` (4,000 cases): a point on the outline, cut
/// by obstacle 0 at the wall, was named after obstacle 1's corner (0.9494 from it, nearer than
/// obstacle 0's own at 0.9555, both within r + tolerance = 0.9574). Obstacle 1 moved away and
/// the outline, untouched, kept the name. A point is now named after the rings its contour
/// is made of only.
#[test]
fn a_point_is_not_named_after_a_neighbour_that_moves_away() {
    let cells = [
        (0, 3, 1.5133975016815988, 5, false),
        (1, 3, 0.5816958934763076, 4, false),
        (1, 4, 0.4583707474694896, 3, false),
        (2, 0, 0.4, 3, false),
        (2, 1, 0.4, 3, false),
        (2, 2, 0.4, 3, false),
        (3, 0, 0.4, 3, false),
        (3, 1, 0.4, 3, false),
    ];
    let scene = scene(0.9479305911725244, &cells);
    let edit = EditSpec::Move(25, 0.0, -0.8760123182765663);
    run(scene, &[edit], &[((0.05, 0.05), (0.95, 0.95))]).unwrap();
}
