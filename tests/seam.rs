//! The split (two-core) build of a big map against one triangulation, on the 2,025-obstacle city
//! (`assets/scenes/city.json`, r = 1, about 48k free-space points, so `triangulate` splits it):
//! no more sliver triangles (minimum angle under 1 degree) than one triangulation, Delaunay
//! across the former seam, and the same midpoint-path lengths. Run with `-- --nocapture` to see
//! the figures (benches/README.md quotes them).

use navscope::geom::Point;
use navscope::nav::invariants::check_delaunay;
use navscope::nav::{
    NavMesh, QueryOptions, Variant, inflate, query_mesh, repair, triangulate,
    triangulate_in_one_piece,
};
use navscope::rng::Rng;
use navscope::scene;

/// The smallest angle of triangle `t`, in degrees.
fn min_angle(mesh: &NavMesh, t: navscope::nav::TriId) -> f64 {
    let p = mesh.triangle_points(t);
    (0..3)
        .map(|k| {
            let (a, b, c) = (p[k], p[(k + 1) % 3], p[(k + 2) % 3]);
            let (u, v) = (b - a, c - a);
            u.cross(v).abs().atan2(u.dot(v)).to_degrees()
        })
        .fold(f64::INFINITY, f64::min)
}

/// The share of triangles whose smallest angle is under `degrees`.
fn share_under(mesh: &NavMesh, degrees: f64) -> f64 {
    let thin = mesh
        .triangle_ids()
        .filter(|&t| min_angle(mesh, t) < degrees)
        .count();
    thin as f64 / mesh.triangle_count() as f64
}

/// The mean midpoint-path length over `pairs` (each found in `mesh`).
fn mean_midpoint_length(mesh: &NavMesh, pairs: &[(Point, Point)]) -> f64 {
    let options = QueryOptions {
        variants: &[Variant::Midpoint],
        ..QueryOptions::default()
    };
    let total: f64 = pairs
        .iter()
        .map(|&(s, g)| {
            let answer = query_mesh(mesh, s, g, &options);
            let path = answer.path(Variant::Midpoint);
            path.unwrap_or_else(|| panic!("{s} -> {g}: no midpoint path"))
                .length
        })
        .sum();
    total / pairs.len() as f64
}

#[test]
fn the_city_split_build_has_no_seam_of_slivers() {
    let city = scene::load(std::path::Path::new("assets/scenes/city.json")).unwrap();
    let free = inflate(&repair(&city).unwrap(), 1.0, 0.01);
    let split = triangulate(&free).unwrap();
    let whole = triangulate_in_one_piece(&free).unwrap();
    // The seam points (where the seam crossed a wall) are the split build's extra vertices.
    assert!(
        split.vertex_count() > whole.vertex_count(),
        "the city was not split"
    );
    split.validate(&free).unwrap();
    check_delaunay(&split).unwrap();
    let (a, b) = (split.area(), whole.area());
    assert!((a - b).abs() <= 1e-9 * b, "areas {a} and {b}");

    let mut rng = Rng::new(14);
    let mut inside = || loop {
        let p = Point::new(rng.range(0.0, 450.0), rng.range(0.0, 450.0));
        if whole.locate(p).is_inside() && split.locate(p).is_inside() {
            return p;
        }
    };
    let pairs: Vec<(Point, Point)> = (0..300).map(|_| (inside(), inside())).collect();
    let (thin_split, thin_whole) = (share_under(&split, 1.0), share_under(&whole, 1.0));
    let (mid_split, mid_whole) = (
        mean_midpoint_length(&split, &pairs),
        mean_midpoint_length(&whole, &pairs),
    );
    println!(
        "city: {} triangles split, {} in one piece; min angle < 1 deg: {:.4}% split, {:.4}% one \
         piece; mean midpoint path over 300 pairs: {mid_split:.3} split, {mid_whole:.3} one piece",
        split.triangle_count(),
        whole.triangle_count(),
        100.0 * thin_split,
        100.0 * thin_whole
    );
    assert!(thin_split <= thin_whole, "{thin_split} > {thin_whole}");
    assert!(
        (mid_split - mid_whole).abs() <= 1e-3 * mid_whole,
        "{mid_split} against {mid_whole}"
    );
}
