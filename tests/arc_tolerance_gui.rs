//! The arc tolerance is settable in the editor (issue 13), as `--arc-tolerance` is in the CLI:
//! 1% of r by default, a typed distance otherwise, and the CLI's error for one that is not
//! positive. A change rebuilds at the same document revision, and what is derived from the
//! build (the query's paths) follows it.

mod gui_harness;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_harness::{FakeDialogs, editor_on, funnel_length, set_number};
use navscope::app::App;
use navscope::nav::{self, QueryOptions, Variant};

/// Points of the free space's outlines in the shown build.
fn free_space_points(h: &Harness<'_, App>) -> usize {
    let built = h.state().built().expect("a build");
    built
        .build
        .free_space
        .contours
        .iter()
        .map(|c| c.points.len())
        .sum()
}

#[test]
fn changing_the_arc_tolerance_rebuilds_the_mesh_and_the_paths() {
    let mut h = editor_on(&FakeDialogs::default(), None);
    let revision = h.state().document().revision();
    let (points, length) = (free_space_points(&h), funnel_length(&h));
    assert_eq!(h.state().arc_tolerance(), None);

    // Unticking the default keeps its value, 1% of r = 0.005: the same mesh.
    h.get_by_label("1% of r").click();
    h.run();
    assert_eq!(h.state().arc_tolerance(), Some(0.005));
    assert_eq!(free_space_points(&h), points);

    set_number(&mut h, "Arc tolerance", 0.1);
    h.run();
    assert_eq!(h.state().arc_tolerance(), Some(0.1));
    assert_eq!(
        h.state().document().revision(),
        revision,
        "not a document edit"
    );
    let coarse = free_space_points(&h);
    assert!(
        coarse < points,
        "coarser arcs have fewer points: {coarse} vs {points}"
    );
    // The shown paths are those of the new mesh, not the old ones kept by revision.
    let built = h.state().built().unwrap().clone();
    let q = &h.state().document().scene().queries[h.state().shown_query().unwrap()];
    let fresh = nav::query(&built.build, q.start, q.goal, &QueryOptions::default());
    let fresh_length = fresh.path(Variant::Funnel).unwrap().length;
    assert_eq!(funnel_length(&h), fresh_length);
    assert_ne!(
        fresh_length, length,
        "the coarser mesh gives another funnel path"
    );

    // Not a positive number: the build refuses it with the CLI's words.
    set_number(&mut h, "Arc tolerance", 0.0);
    h.run();
    assert!(
        h.query_by_label_contains("arc tolerance 0 is not a positive finite number")
            .is_some()
    );

    // Back to the default: the first mesh again.
    h.get_by_label("1% of r").click();
    h.run();
    assert_eq!(h.state().arc_tolerance(), None);
    assert_eq!(free_space_points(&h), points);
    assert_eq!(funnel_length(&h), length);
}
