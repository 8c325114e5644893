//! Counts A* expansions and times queries on the query-bench scene (for tuning the search).
use navscope::geom::Point;
use navscope::nav::{Variant, build, query_mesh};
use navscope::rng::Rng;
use navscope::scene::generate::rotated_squares;
use std::time::Instant;

fn main() {
    let scene = rotated_squares(70, 70, 10.0, 1.0, 1);
    let built = build(&scene).unwrap();
    let mesh = &built.mesh;
    let mut rng = Rng::new(42);
    let (mut times, mut lengths) = (Vec::new(), 0.0);
    let mut n = 0;
    while n < 300 {
        let (s, g) = (
            Point::new(rng.range(0.0, 700.0), rng.range(0.0, 700.0)),
            Point::new(rng.range(0.0, 700.0), rng.range(0.0, 700.0)),
        );
        if !mesh.locate(s).is_inside() || !mesh.locate(g).is_inside() {
            continue;
        }
        n += 1;
        let t = Instant::now();
        let r = query_mesh(mesh, s, g, &Default::default());
        times.push(t.elapsed().as_secs_f64() * 1e6);
        lengths += r
            .path(Variant::Funnel)
            .map_or(0.0, |p| p.length / s.distance(g).max(1e-9));
    }
    times.sort_by(f64::total_cmp);
    println!(
        "p50 {:.0} us p99 {:.0} us; mean funnel/straight {:.4}",
        times[150],
        times[296],
        lengths / 300.0
    );
}
