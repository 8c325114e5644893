//! Step-through traces of A*, the funnel and the tangent funnel: replaying a trace gives what
//! the algorithm returns, and the funnel's steps on the seed's figure are the ones the seed
//! describes (expectations worked out by hand from the seed, not from the code).

use navscope::geom::{Point, Wrap};
use navscope::nav::{
    FunnelEvent, FunnelMove, Hand, NavMesh, PathSegment, Portal, SearchEvent, SearchReplay,
    TangentFunnelEvent, TriId, astar, astar_trace, build, funnel_trace, string_pull,
    tangent_funnel_trace, tangent_path,
};
use navscope::rng::Rng;
use navscope::scene::generate::random_field;

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

/// Start/goal pairs at random places of random triangles, with the triangles holding them.
fn random_queries(
    mesh: &NavMesh,
    n: usize,
    seed: u64,
) -> Vec<(Point, Vec<TriId>, Point, Vec<TriId>)> {
    let mut rng = Rng::new(seed);
    let count = mesh.triangle_count();
    let mut pick = || {
        let t = TriId((rng.next_u64() % count as u64) as u32);
        let at = mesh.centroid(t);
        (at, mesh.triangles_at(&mesh.locate(at)))
    };
    (0..n)
        .map(|_| {
            let (s, st) = pick();
            let (g, gt) = pick();
            (s, st, g, gt)
        })
        .collect()
}

fn meshes() -> Vec<NavMesh> {
    let maze = navscope::scene::from_json(
        include_str!("../assets/scenes/maze.json").as_bytes(),
        "maze",
    )
    .unwrap();
    vec![
        build(&maze).unwrap().mesh,
        build(&random_field(40, 80.0, 50.0, 0.5, 7)).unwrap().mesh,
    ]
}

#[test]
fn replaying_the_whole_astar_trace_gives_the_corridor() {
    let mut found = 0;
    for mesh in meshes() {
        for (s, st, g, gt) in random_queries(&mesh, 40, 3) {
            let events = astar_trace(&mesh, s, &st, g, &gt);
            let end = SearchReplay::at(&events, SearchReplay::steps(&events));
            let expected = astar(&mesh, s, &st, g, &gt).map(|c| c.triangles);
            assert_eq!(end.corridor(), expected, "{s} -> {g}");
            found += usize::from(expected.is_some());
        }
    }
    assert!(found > 40, "only {found} queries found a path");
}

#[test]
fn every_astar_step_is_a_consistent_search_state() {
    let mesh = &meshes()[1];
    for (s, st, g, gt) in random_queries(mesh, 10, 11) {
        let events = astar_trace(mesh, s, &st, g, &gt);
        let steps = SearchReplay::steps(&events);
        let mut last_f = 0.0;
        for step in 0..=steps {
            let state = SearchReplay::at(&events, step);
            assert_eq!(state.closed.len(), step);
            assert_eq!(
                state.found.is_some(),
                step == steps && state.found.is_some()
            );
            for t in &state.closed {
                assert!(state.nodes[t].closed);
            }
            // A triangle was opened by expanding its parent: the parent is closed, and every
            // chain of parent links leads back to a start triangle.
            for (t, node) in &state.nodes {
                if let Some(parent) = node.parent {
                    assert!(state.nodes[&parent].closed, "{t:?} from open {parent:?}");
                }
                let chain = state.chain_to(*t);
                assert!(
                    st.contains(&chain[0]),
                    "{t:?} does not lead back to a start"
                );
            }
            // With a consistent heuristic, triangles close in order of non-decreasing f.
            if let Some(t) = state.closed.last() {
                let f = state.nodes[t].f();
                assert!(f >= last_f - 1e-9 * f.max(1.0), "f went down to {f}");
                last_f = f;
            }
        }
        let starts = events
            .iter()
            .take_while(|e| !matches!(e, SearchEvent::Close { .. }))
            .count();
        assert_eq!(
            starts,
            st.len(),
            "the search starts with the start triangles open"
        );
    }
}

/// The seed's figure, as portals walking +x (left is +y). The funnel narrows over portals 1..4
/// (A-D), the left ends of portals 3 and 4 lie outside it (E-F: skipped), and portal 5's left
/// end lies over the right side (F): the right end of portal 4 becomes a corner and the scan
/// restarts from it (G).
fn figure() -> Vec<Portal> {
    let portal = |l: Point, r: Point| Portal { left: l, right: r };
    let (s, g) = (p(0.0, 0.0), p(7.0, -5.0));
    vec![
        portal(s, s),
        portal(p(1.0, 2.0), p(1.0, -2.0)),
        portal(p(2.0, 1.5), p(2.0, -1.5)),
        portal(p(3.0, 3.0), p(3.0, -1.0)),
        portal(p(4.0, 4.0), p(4.0, -1.0)),
        portal(p(5.0, -2.0), p(5.0, -3.0)),
        portal(g, g),
    ]
}

fn kinds(events: impl Iterator<Item = FunnelEvent>) -> Vec<(FunnelMove, Hand, usize)> {
    events.map(|e| (e.kind, e.side, e.portal)).collect()
}

use FunnelMove::{Corner, Skip, Tighten};
use Hand::{Left, Right};

#[test]
fn the_figure_steps_as_the_seed_describes() {
    let events = funnel_trace(&figure());
    assert_eq!(
        kinds(events.iter().copied()),
        vec![
            // A-D: both ends inside the funnel, it narrows (the right end is checked first).
            (Tighten, Right, 1),
            (Tighten, Left, 1),
            (Tighten, Right, 2),
            (Tighten, Left, 2),
            // E-F: the right side keeps narrowing, the left ends lie outside: not updated.
            (Tighten, Right, 3),
            (Skip, Left, 3),
            (Tighten, Right, 4),
            (Skip, Left, 4),
            // Portal 5: its right end widens; its left end is over the right side, so the right
            // point (4, -1) is a corner and the scan restarts just after it (G).
            (Skip, Right, 5),
            (Corner, Right, 5),
            (Tighten, Right, 5),
            (Tighten, Left, 5),
            // The goal: the right side moves to it, then the left side crosses onto it.
            (Tighten, Right, 6),
            (Corner, Right, 6),
        ]
    );
    let corner = events[9];
    let ps = figure();
    assert_eq!(ps[corner.apex.portal].end(corner.apex.hand), p(4.0, -1.0));
    assert_eq!((corner.left, corner.right), (corner.apex, corner.apex));
    assert_eq!(
        string_pull(&ps),
        vec![p(0.0, 0.0), p(4.0, -1.0), p(7.0, -5.0)]
    );
    assert_eq!(
        events[9].name(),
        "corner on right, restart from it",
        "named as in the seed"
    );
    assert_eq!(events[5].name(), "skip left (widening)");
}

/// The path the corner events of a trace describe: the start, each new apex, the goal.
fn corners_of(portals: &[Portal], events: &[FunnelEvent]) -> Vec<Point> {
    let mut path = vec![portals[0].left];
    let apexes = events
        .iter()
        .filter(|e| e.kind == Corner)
        .map(|e| portals[e.apex.portal].end(e.apex.hand));
    for q in apexes.chain([portals[portals.len() - 1].left]) {
        if path.last() != Some(&q) {
            path.push(q);
        }
    }
    path
}

#[test]
fn the_funnel_trace_corners_are_the_string_pulled_path() {
    let mut checked = 0;
    for mesh in meshes() {
        for (s, st, g, gt) in random_queries(&mesh, 40, 5) {
            let Some(corridor) = astar(&mesh, s, &st, g, &gt) else {
                continue;
            };
            let portals = corridor.portals(&mesh);
            let events = funnel_trace(&portals);
            assert_eq!(corners_of(&portals, &events), string_pull(&portals));
            // Every portal after the start is processed at least once.
            for k in 1..portals.len() {
                assert!(
                    events.iter().any(|e| e.portal == k),
                    "portal {k} never seen"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 40);
}

fn tangent_kinds(events: &[TangentFunnelEvent]) -> Vec<(FunnelMove, Hand, usize)> {
    kinds(events.iter().map(|e| e.event))
}

#[test]
fn the_tangent_funnel_steps_the_figure_with_circles() {
    let r = 0.05;
    let events = tangent_funnel_trace(&figure(), r);
    assert_eq!(
        tangent_kinds(&events),
        vec![
            (Tighten, Right, 1),
            (Tighten, Left, 1),
            (Tighten, Right, 2),
            (Tighten, Left, 2),
            (Tighten, Right, 3),
            (Skip, Left, 3),
            (Tighten, Right, 4),
            (Skip, Left, 4),
            (Skip, Right, 5),
            (Corner, Right, 5),
            // A circle reaches past its portal: the scan resumes at the corner's own portal.
            (Tighten, Right, 4),
            (Tighten, Left, 4),
            (Tighten, Right, 5),
            (Tighten, Left, 5),
            (Tighten, Right, 6),
            (Corner, Right, 6),
            // ... and at the goal's portal too, where both sides close on the goal apex.
            (Tighten, Right, 6),
            (Tighten, Left, 6),
        ]
    );
    // The start is a point apex; the corner at (4, -1) is a right-hand circle of radius r,
    // wrapped clockwise, and the funnel's sides leave from its rim.
    assert_eq!(events[0].apex.radius, 0.0);
    let corner = events[9];
    assert_eq!(corner.apex.center, p(4.0, -1.0));
    assert_eq!(corner.apex.radius, r);
    assert_eq!(corner.apex.wrap, Wrap::Cw);
    let side = events[12].right;
    assert!((side.from.distance(p(4.0, -1.0)) - r).abs() < 1e-12);
    assert!((side.to.distance(p(5.0, -3.0)) - r).abs() < 1e-12);
}

#[test]
fn the_tangent_trace_corners_are_the_tangent_paths_arcs() {
    // Turning left round the corner (5, 1) to a goal up north.
    let v = p(5.0, 1.0);
    let portal = |l: Point, r: Point| Portal { left: l, right: r };
    let (s, g) = (p(0.0, 0.0), p(7.0, 10.0));
    let ps = vec![
        portal(s, s),
        portal(v, p(5.0, -3.0)),
        portal(v, p(9.0, -3.0)),
        portal(v, p(9.0, 5.0)),
        portal(g, g),
    ];
    let r = 0.5;
    let path = tangent_path(&ps, (&[], &[]), r).unwrap();
    let arcs: Vec<(Point, f64)> = path
        .segments
        .iter()
        .filter_map(|seg| match seg {
            PathSegment::Arc(a) => Some((a.center, a.radius)),
            PathSegment::Line { .. } | PathSegment::Link { .. } => None,
        })
        .collect();
    assert_eq!(arcs, vec![(v, r)]);
    let events = tangent_funnel_trace(&ps, r);
    let corners: Vec<(Point, f64, Wrap)> = events
        .iter()
        .filter(|e| e.event.kind == Corner && e.apex.center != g)
        .map(|e| (e.apex.center, e.apex.radius, e.apex.wrap))
        .collect();
    assert_eq!(corners, vec![(v, r, Wrap::Ccw)]);
}
