//! The anytime corridor search (`CorridorSearch::Anytime`, `navscope lab --optimize anytime`):
//! its corridors are valid and their funnels never shorter than the exact optimum, a larger
//! budget never gives a longer funnel, on a subset of the aurora map's published queries
//! (`../shared/validation-data`) its funnels are within 0.3% of the optimum on average and 2%
//! at the 99th percentile (and shorter than A*'s). (`lab` and `path` take it with
//! `--optimize anytime`: tests/lab.rs.)

mod validation_data;

use navscope::lab::random_queries;
use navscope::nav::invariants::{check_corridor, polyline_length};
use navscope::nav::{
    CorridorOptions, CorridorSearch, NavMesh, QueryOptions, Variant, anytime_corridor, build,
    funnel_length, query_mesh,
};
use navscope::scene::generate;
use validation_data::{data_dir, load_map, load_queries};

/// The funnel and optimal variants through the corridor of `search`.
fn options(search: CorridorSearch) -> QueryOptions<'static> {
    QueryOptions {
        variants: &[Variant::Funnel, Variant::Optimal],
        corridor: CorridorOptions {
            search,
            ..CorridorOptions::default()
        },
        explain: None,
    }
}

/// The anytime search's corridor from `s` to `g`.
fn anytime(
    mesh: &NavMesh,
    s: navscope::geom::Point,
    g: navscope::geom::Point,
    budget: usize,
) -> Option<navscope::nav::Corridor> {
    let (ls, lg) = (mesh.locate(s), mesh.locate(g));
    anytime_corridor(
        mesh,
        (s, &mesh.triangles_at(&ls)),
        (g, &mesh.triangles_at(&lg)),
        budget,
    )
}

/// Mean and 99th percentile (nearest rank).
fn mean_p99(mut values: Vec<f64>) -> (f64, f64) {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    let p99 = values[((0.99 * (n - 1) as f64).round() as usize).min(n - 1)];
    (values.iter().sum::<f64>() / n as f64, p99)
}

#[test]
fn corridors_are_valid_and_funnels_never_shorter_than_optimal() {
    // The maze is mostly trees of polygons hanging off a few loops: the search enters one only
    // when the goal lies inside, so a corridor to every goal must still be found.
    let maze = navscope::scene::from_json(
        include_str!("../assets/scenes/maze.json").as_bytes(),
        "maze",
    )
    .unwrap();
    let scenes = (0..3)
        .map(|seed| (generate::random_field(60, 100.0, 80.0, 0.5, seed), seed))
        .chain([(maze, 3)]);
    let mut found = 0;
    for (scene, seed) in scenes {
        let mesh = build(&scene).unwrap().mesh;
        for (s, g) in random_queries(&mesh, 60, seed) {
            let side = query_mesh(
                &mesh,
                s,
                g,
                &options(CorridorSearch::Anytime { budget: 64 }),
            );
            let plain = query_mesh(&mesh, s, g, &options(CorridorSearch::AStar));
            // Either search finds a corridor exactly when the other does.
            assert_eq!(
                side.corridor.is_some(),
                plain.corridor.is_some(),
                "{s} -> {g}"
            );
            let Some(corridor) = &side.corridor else {
                continue;
            };
            found += 1;
            check_corridor(&mesh, corridor).unwrap();
            let funnel = side.path(Variant::Funnel).unwrap().length;
            let optimal = side.path(Variant::Optimal).unwrap().length;
            assert!(
                funnel >= optimal - 1e-9 * optimal.max(1.0),
                "{s} -> {g}: {funnel} < {optimal}"
            );
        }
    }
    assert!(found > 150, "{found} corridors");
}

#[test]
fn from_a_point_on_an_edge_or_a_vertex_a_goal_in_view_is_reached_straight() {
    // A start or goal on an edge lies in two triangles, on a vertex in all of its fan: the
    // corridor must begin at the right one, else its funnel wraps round a corner of the edge.
    let scene = generate::random_field(30, 100.0, 80.0, 0.5, 11);
    let mesh = build(&scene).unwrap().mesh;
    let on_mesh: Vec<_> = (mesh.triangle_ids().step_by(3))
        .flat_map(|t| {
            let [a, b, _] = mesh.triangle_points(t);
            [a.midpoint(b), a]
        })
        .collect();
    let mut straight = 0;
    let n = on_mesh.len();
    let pairs = (0..n).flat_map(|i| (1..6).map(move |k| (i, (i * 7 + k * 13) % n)));
    for (s, g) in pairs.map(|(i, j)| (on_mesh[i], on_mesh[j])) {
        let Some(corridor) = anytime(&mesh, s, g, 64) else {
            continue;
        };
        check_corridor(&mesh, &corridor).unwrap();
        let (ls, lg) = (mesh.locate(s), mesh.locate(g));
        let optimal = navscope::nav::optimal_path(
            &mesh,
            s,
            &mesh.triangles_at(&ls),
            g,
            &mesh.triangles_at(&lg),
        )
        .unwrap();
        let optimal = polyline_length(&optimal);
        if optimal <= s.distance(g) * (1.0 + 1e-12) {
            straight += 1;
            let funnel = funnel_length(&mesh, &corridor);
            assert!(
                funnel <= optimal * (1.0 + 1e-9),
                "{s} -> {g}: {funnel} > {optimal}"
            );
        }
    }
    assert!(straight > 30, "{straight} goals in view");
}

#[test]
fn a_larger_budget_never_gives_a_longer_funnel() {
    let scene = generate::random_field(80, 120.0, 90.0, 0.5, 7);
    let mesh = build(&scene).unwrap().mesh;
    let mut found = 0;
    for (s, g) in random_queries(&mesh, 80, 7) {
        let lengths: Vec<Option<f64>> = [0, 8, 64, 4096]
            .into_iter()
            .map(|budget| anytime(&mesh, s, g, budget).map(|c| funnel_length(&mesh, &c)))
            .collect();
        for w in lengths.windows(2) {
            if let (Some(smaller_budget), Some(larger_budget)) = (w[0], w[1]) {
                assert!(larger_budget <= smaller_budget, "{s} -> {g}: {lengths:?}");
            }
        }
        found += usize::from(lengths.iter().all(Option::is_some));
    }
    assert!(found > 40, "{found} queries found with every budget");
}

#[test]
fn a_corridor_whose_first_portals_lead_away_from_the_goal_is_still_found() {
    // Aurora's query 333: the optimal path leaves the start across a portal with the goal
    // behind it. A bound that went round the portal's far end dropped that corridor, and the
    // funnel came out at 1.196 times the optimum.
    let Some(dir) = data_dir() else { return };
    let (_, mesh) = load_map(&dir, "aurora-merged.mesh");
    let (s, g) = (
        navscope::geom::Point::new(609.0, 299.0),
        navscope::geom::Point::new(508.0, 364.0),
    );
    let corridor = anytime(&mesh, s, g, 64).expect("a corridor");
    let length = funnel_length(&mesh, &corridor);
    // The published length, 128.118 (to the written precision).
    assert!((length - 128.118).abs() < 1e-3, "funnel {length}");
}

/// Funnel / published optimum through the corridors of `search` over every `step`-th aurora
/// query.
fn aurora_ratios(step: usize, search: CorridorSearch) -> Option<Vec<f64>> {
    let dir = data_dir()?;
    let (_, mesh) = load_map(&dir, "aurora-merged.mesh");
    let queries = load_queries(&dir.join("aurora-queries.csv"));
    let only_funnel = QueryOptions {
        variants: &[Variant::Funnel],
        ..options(search)
    };
    let ratios = queries
        .iter()
        .step_by(step)
        .filter(|q| q.optimal > 0.0)
        .map(|q| {
            let side = query_mesh(&mesh, q.start, q.goal, &only_funnel);
            let funnel = side.path(Variant::Funnel);
            funnel
                .unwrap_or_else(|| panic!("no path {} -> {}", q.start, q.goal))
                .length
                / q.optimal
        })
        .collect();
    Some(ratios)
}

#[test]
fn on_aurora_the_anytime_funnels_are_within_the_targets_and_shorter_than_a_stars() {
    let Some(anytime) = aurora_ratios(10, CorridorSearch::Anytime { budget: 64 }) else {
        return;
    };
    let astar = aurora_ratios(10, CorridorSearch::AStar).unwrap();
    assert!(anytime.len() >= 290);
    assert!(
        anytime.iter().all(|&r| r >= 1.0 - 1e-4),
        "a funnel below the optimum"
    );
    let ((mean, p99), (astar_mean, astar_p99)) = (mean_p99(anytime), mean_p99(astar));
    println!(
        "aurora, every 10th query: funnel/optimal mean {mean:.5} p99 {p99:.5} (A*: {astar_mean:.5}, {astar_p99:.5})"
    );
    assert!(mean < astar_mean, "anytime mean {mean}, A* {astar_mean}");
    // Issue 14's targets: funnel/optimal mean <= 1.003, p99 <= 1.02.
    assert!(mean <= 1.003 && p99 <= 1.02, "mean {mean}, p99 {p99}");
}
