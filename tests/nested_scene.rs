//! Scene format v2 nesting: an island inside a pit inside walkable ground is walkable, shrinks
//! away from the pit's edge by the agent radius, and is reachable only where it touches other
//! walkable ground; the raw mesh and the diagnoses work on it too.

use navscope::geom::{Point, Segment};
use navscope::nav::{self, Answer, BuildOptions, Status, Variant};
use navscope::scene::{self, Scene};

/// Ground 40 x 30, a pit [10,30] x [10,20], an island [15,25] x [12,18] inside the pit.
const NESTED: &str = r#"{"format": "navscope-scene", "version": 2, "agent_radius": 0.5,
 "areas": [ {"name": "ground", "kind": "walkable", "points": [[0,0],[40,0],[40,30],[0,30]]},
            {"name": "pit",    "kind": "obstacle", "points": [[10,10],[30,10],[30,20],[10,20]]},
            {"name": "island", "kind": "walkable", "points": [[15,12],[25,12],[25,18],[15,18]]} ]}"#;

/// The nested scene with a bridge from the ground (x < 10) onto the island, painted last.
fn bridged() -> Scene {
    let text = NESTED.replace(
        "]]} ]}",
        r#"]]},
            {"name": "bridge", "kind": "walkable", "points": [[5,14],[16,14],[16,16],[5,16]]} ]}"#,
    );
    let scene = scene::from_json(text.as_bytes(), "bridged").unwrap();
    assert_eq!(scene.walkable.len(), 3);
    scene
}

/// The query pass as the CLI and the editor run it, with the diagnosis.
fn ask(scene: &Scene, build: &nav::Build, start: Point, goal: Point) -> Answer {
    nav::query(
        build,
        start,
        goal,
        &nav::QueryOptions::explained(scene, Default::default()),
    )
}

fn nested() -> Scene {
    scene::from_json(NESTED.as_bytes(), "nested").unwrap()
}

#[test]
fn the_island_is_walkable_but_cut_off() {
    let build = nav::build(&nested()).unwrap();
    let inside = ask(
        &nested(),
        &build,
        Point::new(16.0, 13.0),
        Point::new(24.0, 17.0),
    );
    assert_eq!(inside.status(), Status::Found);
    let across = ask(
        &nested(),
        &build,
        Point::new(1.0, 1.0),
        Point::new(20.0, 15.0),
    );
    assert_eq!(across.status(), Status::Unreachable);
    let d = across.diagnosis.clone().unwrap();
    assert!(d.unreachable.is_some(), "{:?}", d.sentence());
    // In the pit but off the island: blamed on the pit, not on the island.
    let pit = ask(
        &nested(),
        &build,
        Point::new(1.0, 1.0),
        Point::new(12.0, 15.0),
    );
    let d = pit.diagnosis.clone().unwrap();
    let sentence = d.sentence().unwrap();
    assert!(sentence.contains("inside obstacle \"pit\""), "{sentence}");
    // On the island but within the radius of the pit's edge.
    let edge = ask(
        &nested(),
        &build,
        Point::new(16.0, 13.0),
        Point::new(15.2, 15.0),
    );
    let sentence = edge.diagnosis.clone().unwrap().sentence().unwrap();
    assert!(sentence.contains("agent radius"), "{sentence}");
}

#[test]
fn the_bridge_makes_the_island_reachable() {
    let scene = bridged();
    let build = nav::build(&scene).unwrap();
    let r = ask(&scene, &build, Point::new(1.0, 1.0), Point::new(24.0, 17.0));
    assert_eq!(r.status(), Status::Found);
    assert!(r.path(Variant::Optimal).is_some());
}

#[test]
fn the_island_keeps_the_radius_from_the_pit_edge() {
    let scene = nested();
    let r = scene.agent_radius;
    let build = nav::build(&scene).unwrap();
    // Every wall of the painted region: ground outline, pit and island edges.
    let walls: Vec<Segment> = scene
        .rings()
        .flat_map(|(_, ring)| ring.edges().collect::<Vec<_>>())
        .collect();
    let mut island_corners = 0;
    for c in &build.free_space.contours {
        for &p in c.points.iter() {
            let d = walls
                .iter()
                .map(|w| w.distance_to_point(p))
                .fold(f64::INFINITY, f64::min);
            assert!(d >= r * (1.0 - 1e-9), "{p} is {d} from a wall");
            if (15.0..=25.0).contains(&p.x) && (12.0..=18.0).contains(&p.y) {
                island_corners += 1;
                assert!(d <= r * 1.02, "{p} is {d} from the island's edge");
            }
        }
    }
    assert!(island_corners >= 4);
    // The shrunk island is about (10 - 2r) x (6 - 2r).
    let island_area: f64 = build
        .free_space
        .contours
        .iter()
        .filter(|c| {
            c.points
                .iter()
                .all(|p| p.x > 14.0 && p.x < 26.0 && p.y > 11.0 && p.y < 19.0)
        })
        .map(|c| c.signed_area())
        .sum();
    assert!((island_area - 45.0).abs() < 0.2, "{island_area}");
}

#[test]
fn the_raw_mesh_is_the_painted_region() {
    let options = BuildOptions {
        radius: Some(0.0),
        ..Default::default()
    };
    let build = nav::build_with(&nested(), &options).unwrap();
    assert_eq!(
        build.free_space.area(),
        40.0 * 30.0 - 20.0 * 10.0 + 10.0 * 6.0
    );
    let raw = nav::build(&nested()).unwrap().raw.unwrap();
    assert_eq!(raw.free_space.area(), 1060.0);
}

#[test]
fn order_matters_an_island_before_the_pit_is_cut_away() {
    let mut scene = nested();
    let mut order = scene.areas();
    order.swap(1, 2); // ground, island, pit: the island is painted, then cut out
    scene.set_order(order);
    assert!(!scene.is_nested());
    let build = nav::build_with(
        &scene,
        &BuildOptions {
            radius: Some(0.0),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(build.free_space.area(), 1000.0);
}

#[test]
fn the_editor_draws_an_island_into_a_pit_and_reorders_it() {
    use navscope::document::{Document, Edit};
    use navscope::geom::Ring;
    use navscope::scene::RingRef;
    let mut scene = nested();
    let island = scene.walkable.pop().unwrap();
    scene.walkable_names.clear();
    scene.order.clear();
    let mut doc = Document::new(scene);
    assert!(!doc.scene().is_nested());
    // A new walkable ring is painted last: inside the pit it is an island.
    doc.apply(Edit::AddWalkable(Ring::new(island.points().to_vec())))
        .unwrap();
    assert!(doc.scene().is_nested());
    let build = nav::build(doc.scene()).unwrap();
    let r = ask(
        doc.scene(),
        &build,
        Point::new(16.0, 13.0),
        Point::new(24.0, 17.0),
    );
    assert_eq!(r.status(), Status::Found);
    // Painted before the pit, the pit cuts it away again (and the scene is v1 once more).
    let island = RingRef::Walkable(1);
    doc.apply(Edit::MoveArea {
        ring: island,
        later: false,
    })
    .unwrap();
    assert!(!doc.scene().is_nested());
    assert!(scene::to_json(doc.scene()).contains("\"version\": 1,"));
    assert!(doc.undo());
    assert!(doc.scene().is_nested());
    // Deleting a ring keeps the painting order whole.
    doc.apply(Edit::DeleteRing(RingRef::Walkable(0))).unwrap();
    assert_eq!(
        doc.scene().areas(),
        vec![RingRef::Obstacle(0), RingRef::Walkable(0)]
    );
    assert!(scene::validate(doc.scene()).iter().all(|i| !i.is_error()));
}
