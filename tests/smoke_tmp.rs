use navscope::nav::{self, invariants, Variant};
use navscope::scene;

#[test]
fn smoke() {
    for name in ["rooms", "maze", "field", "islands", "gaps"] {
        let path = format!("assets/scenes/{name}.json");
        let s = scene::load(std::path::Path::new(&path)).unwrap();
        let b = nav::build(&s).unwrap();
        println!("{name}: {} verts {} tris {} comps, warnings {:?}, {:?}", b.mesh.vertex_count(), b.mesh.triangle_count(), b.mesh.component_count(), b.warnings, b.timings);
        b.mesh.validate(&b.free_space).unwrap();
        let walls = invariants::raw_walls(&s).unwrap();
        for q in &s.queries {
            let r = nav::query(&b.mesh, q.start, q.goal);
            print!("  {}: {:?}", q.name, r.status);
            if let Some(c) = &r.corridor {
                let portals = c.portals(&b.mesh);
                let f = r.path(Variant::Funnel).unwrap();
                let m = r.path(Variant::Midpoint).unwrap();
                let fp = f.points(0.0);
                println!(" corridor {} funnel {:.4} midpoint {:.4} shortest-in-corridor {:.4} clearance {:.4}", c.triangles.len(), f.length, m.length, invariants::shortest_through_portals(&portals), invariants::min_clearance(&fp, &walls, 10.0));
                invariants::check_clearance(&fp, &walls, s.agent_radius, 1e-6).unwrap();
                invariants::check_clearance(&m.points(0.0), &walls, s.agent_radius, 1e-6).unwrap();
                invariants::check_funnel_optimal(&fp, &portals, 1e-9).unwrap();
                invariants::check_endpoints(&fp, q.start, q.goal).unwrap();
            } else { println!(); }
        }
    }
}
