//! SVG import: shapes with transforms and curves to y-up rings, walkable by id or class, the
//! canvas as ground when nothing is walkable, and one-line errors.

use navscope::geom::{Point, Ring};
use navscope::import::{FLATTEN_TOLERANCE, SvgError, parse_svg};

/// A 100 x 50 drawing: walkable ground by class, a scaled and moved rect, a triangle, and a
/// quadratic curve inside a moved group.
const DRAWING: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50">
  <rect class="floor walkable" x="0" y="0" width="100" height="50" fill="green"/>
  <rect id="crate" x="0" y="0" width="5" height="5" transform="translate(50 0) scale(2)"/>
  <polygon id="rock" points="70,40 90,40 80,30"/>
  <g transform="translate(0 10)"><path id="pond" d="M 0 40 Q 10 20 20 40 Z"/></g>
</svg>"#;

/// The name and kind (walkable or not) of each area, in order.
fn kinds(areas: &[navscope::import::SvgArea]) -> Vec<(&str, bool)> {
    areas
        .iter()
        .map(|a| (a.name.as_str(), a.walkable))
        .collect()
}

fn close(a: Point, b: Point) -> bool {
    (a - b).length() < 1e-4
}

/// True when `ring` has the `expected` points in the same cyclic order.
fn same_cycle(ring: &Ring, expected: &[[f64; 2]]) -> bool {
    let p = ring.points();
    p.len() == expected.len()
        && (0..p.len())
            .any(|s| (0..p.len()).all(|i| close(p[(s + i) % p.len()], Point::from(expected[i]))))
}

#[test]
fn shapes_become_y_up_counter_clockwise_rings_in_painting_order() {
    let areas = parse_svg(DRAWING).unwrap();
    let kinds = kinds(&areas);
    assert_eq!(
        kinds,
        [
            ("", true),
            ("crate", false),
            ("rock", false),
            ("pond", false)
        ]
    );
    for a in &areas {
        assert!(
            a.ring.signed_area() > 0.0,
            "{} is not counter-clockwise",
            a.name
        );
    }
    let ground = [[0.0, 0.0], [100.0, 0.0], [100.0, 50.0], [0.0, 50.0]];
    assert!(same_cycle(&areas[0].ring, &ground));
    // x in 50..60, SVG y in 0..10, so y-up 40..50.
    let crate_ring = [[50.0, 40.0], [60.0, 40.0], [60.0, 50.0], [50.0, 50.0]];
    assert!(
        same_cycle(&areas[1].ring, &crate_ring),
        "{:?}",
        areas[1].ring
    );
    assert!((areas[1].ring.signed_area() - 100.0).abs() < 1e-6);
    let rock = [[70.0, 10.0], [90.0, 10.0], [80.0, 20.0]];
    assert!(same_cycle(&areas[2].ring, &rock), "{:?}", areas[2].ring);
    assert!((areas[2].ring.signed_area() - 100.0).abs() < 1e-6);
}

#[test]
fn curves_are_flattened_within_the_tolerance() {
    let areas = parse_svg(DRAWING).unwrap();
    let pond = &areas[3].ring;
    // y-up the curve is y = 2x - x^2/10 on [0, 20] (control point (10, 20)); |B''| = 80, so
    // chords within 1e-3 * 100 need sqrt(80 / (8 * 0.1)) = 10 steps: 11 points on the curve.
    assert_eq!(FLATTEN_TOLERANCE, 1e-3);
    assert_eq!(pond.len(), 11);
    for p in pond.points() {
        assert!(
            (p.y - (2.0 * p.x - p.x * p.x / 10.0)).abs() < 1e-4,
            "{p} is off the curve"
        );
    }
    // The exact area is 400/3; the trapezoids of step 2 under a parabola with f'' = -1/5 lose
    // 20 * 2^2 * (1/5) / 12 = 4/3 of it: 132.
    assert!(
        (pond.signed_area() - 132.0).abs() < 1e-3,
        "{}",
        pond.signed_area()
    );
}

#[test]
fn without_walkable_shapes_the_canvas_is_the_ground() {
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 4 3">
      <circle id="pillar" cx="2" cy="1.5" r="0.5"/></svg>"#;
    let areas = parse_svg(svg).unwrap();
    assert_eq!(areas.len(), 2);
    assert!(areas[0].walkable && areas[0].name == "canvas");
    let canvas = [[0.0, 0.0], [40.0, 0.0], [40.0, 30.0], [0.0, 30.0]];
    assert!(same_cycle(&areas[0].ring, &canvas));
    // The viewBox scales by 10: a circle of radius 5 around (20, 15). usvg draws it with four
    // cubic arcs (radial error below 3e-4 of the radius) which are flattened within 1e-3 * 40.
    let pillar = &areas[1];
    assert!(!pillar.walkable && pillar.name == "pillar");
    let area = pillar.ring.signed_area();
    let exact = std::f64::consts::PI * 25.0;
    assert!(area < exact && area > exact * 0.99, "{area}");
    for p in pillar.ring.points() {
        let d = (*p - Point::new(20.0, 15.0)).length();
        assert!(
            (5.0 - FLATTEN_TOLERANCE * 40.0..=5.0 * (1.0 + 3e-4)).contains(&d),
            "{p}"
        );
    }
}

#[test]
fn walkable_by_id_in_any_case() {
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
      <rect id="Walkable-Yard" x="1" y="1" width="8" height="8"/></svg>"#;
    let areas = parse_svg(svg).unwrap();
    assert_eq!(areas.len(), 1);
    assert!(areas[0].walkable && areas[0].name == "Walkable-Yard");
}

#[test]
fn malformed_svg_gives_a_one_line_error_with_its_position() {
    let svg =
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\n<rect>\n</svg>";
    let message = parse_svg(svg).unwrap_err().to_string();
    assert!(message.contains("3:"), "{message}");
    assert!(!message.contains('\n'), "{message}");
}

#[test]
fn an_open_stroke_only_path_is_an_error_naming_it() {
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
      <path id="wall" d="M 1 1 L 9 9" stroke="black" fill="none"/></svg>"#;
    assert_eq!(
        parse_svg(svg).unwrap_err(),
        SvgError::OpenPath {
            element: "shape 'wall'".into()
        }
    );
}

#[test]
fn build_reads_an_svg_end_to_end() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("level.svg");
    std::fs::write(&svg, DRAWING).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_navscope"))
        .args(["build", "--radius", "0"])
        .arg(&svg)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mesh: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Free space: 100 x 50 less the crate (100), the rock (100) and the flattened pond (132).
    let vertices = mesh["vertices"].as_array().unwrap();
    let area: f64 = mesh["triangles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let p: Vec<Point> = (0..3)
                .map(|k| {
                    let v = &vertices[t[k].as_u64().unwrap() as usize];
                    Point::new(v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
                })
                .collect();
            navscope::geom::signed_area(&p)
        })
        .sum();
    assert!((area - (5000.0 - 332.0)).abs() < 1e-3, "{area}");
}

#[test]
fn a_malformed_svg_file_names_the_file_on_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("broken.svg");
    std::fs::write(
        &svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<rect>\n</svg>",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_navscope"))
        .arg("build")
        .arg(&svg)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("broken.svg") && stderr.contains("3:"),
        "{stderr}"
    );
}

/// The free area of the navmesh an SVG document builds (radius 0).
fn free_area(svg: &str) -> f64 {
    let scene = navscope::import::svg_scene(svg).unwrap();
    navscope::nav::build(&scene).unwrap().mesh.area()
}

const SVG_100: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
    xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="100" height="100">"#;

/// A subpath inside another is a hole where the shape's fill rule says so (SVG's `fill-rule`:
/// even-odd, or non-zero with the inner loop drawn the other way, as Inkscape's Path >
/// Difference writes it). Holes were filled: a walkable floor with a pit was walkable across
/// the pit, and a wall round a courtyard was solid.
#[test]
fn holes_follow_the_fill_rule() {
    let floor = |d: &str, rule: &str| {
        format!(r#"{SVG_100}<path id="walkable" fill-rule="{rule}" d="{d}"/></svg>"#)
    };
    let (outer, same_way, other_way) = (
        "M0 0 H100 V100 H0 Z",
        "M30 30 H70 V70 H30 Z",
        "M30 30 V70 H70 V30 Z",
    );
    let pit = 100.0 * 100.0 - 40.0 * 40.0;
    assert_eq!(
        free_area(&floor(&format!("{outer} {same_way}"), "evenodd")),
        pit
    );
    assert_eq!(
        free_area(&floor(&format!("{outer} {other_way}"), "nonzero")),
        pit
    );
    // Under the non-zero rule a loop drawn the same way fills.
    assert_eq!(
        free_area(&floor(&format!("{outer} {same_way}"), "nonzero")),
        10_000.0
    );
    // An obstacle round a courtyard: the courtyard stays walkable ground.
    let wall = format!(
        r#"{SVG_100}<path id="wall" fill-rule="evenodd" d="M10 10 H90 V90 H10 Z {same_way}"/></svg>"#
    );
    assert_eq!(free_area(&wall), 10_000.0 - (6400.0 - 1600.0));
    let areas = parse_svg(&wall).unwrap();
    assert!(areas[1..].iter().all(|a| a.name == "wall" && !a.walkable));
}

/// A self-crossing shape whose signed area is zero (a bow tie) was dropped; it fills both
/// triangles, as browsers draw it.
#[test]
fn a_bow_tie_fills_both_triangles() {
    let svg = format!(r#"{SVG_100}<polygon id="bowtie" points="20,20 60,60 60,20 20,60"/></svg>"#);
    assert_eq!(free_area(&svg), 10_000.0 - 800.0);
}

/// Walkable by the groups a shape is in: a group's or `<use>`'s id or class, an Inkscape
/// layer's name, or a `<use>` of a walkable element (Inkscape's clones). usvg drops the ids of
/// the shapes a `<use>` copies, so those copies were obstacles without a name.
#[test]
fn walkable_through_groups_layers_and_copies() {
    let svg = format!(
        r##"{SVG_100}<defs><rect id="tile" width="50" height="50"/>
        <rect id="walkable-tile" width="50" height="50"/></defs>
        <use id="walkable-1" xlink:href="#tile"/>
        <use class="walkable" href="#tile" x="50"/>
        <use href="#walkable-tile" y="50"/>
        <g inkscape:groupmode="layer" inkscape:label="Walkable layer"><rect x="50" y="50" width="50" height="50"/></g>
        <use id="crate-2" href="#tile" transform="translate(5 5) scale(0.1)"/>
        <use href="#tile" transform="translate(60 60) scale(0.1)"/></svg>"##
    );
    let areas = parse_svg(&svg).unwrap();
    let kinds = kinds(&areas);
    assert_eq!(
        kinds,
        [
            ("walkable-1", true),
            ("tile", true),
            ("walkable-tile", true),
            ("", true),
            ("crate-2", false),
            ("tile", false),
        ]
    );
    // usvg's transforms are 32-bit floats.
    assert!((free_area(&svg) - (10_000.0 - 2.0 * 25.0)).abs() < 1e-3);
}

/// usvg's own warnings (a shape it skips) name the file, as every other warning does.
#[test]
fn warnings_of_the_svg_reader_name_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("bad-rect.svg");
    std::fs::write(
        &svg,
        format!(r#"{SVG_100}<rect id="zero" width="0" height="5"/></svg>"#),
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_navscope"))
        .args(["build", "-o"])
        .arg(dir.path().join("out.json"))
        .arg(&svg)
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("warning: ") && stderr.contains("bad-rect.svg: Rect 'zero'"),
        "{stderr}"
    );
}

/// A `<use>` of a group (Inkscape's clone of a group of tiles) copies each of its shapes with
/// its own name and kind: a walkable room and its pillar, twice. usvg drops the ids inside the
/// copies it makes, so every copied shape was an unnamed obstacle.
#[test]
fn a_use_of_a_group_copies_each_shape_with_its_name_and_kind() {
    let svg = format!(
        r##"{SVG_100}<defs><g id="room"><rect id="walkable-room" width="40" height="40"/>
        <rect id="pillar" x="15" y="15" width="10" height="10"/></g></defs>
        <use href="#room"/><use href="#room" x="50" y="50"/></svg>"##
    );
    let areas = parse_svg(&svg).unwrap();
    let kinds = kinds(&areas);
    let room = [("walkable-room", true), ("pillar", false)];
    assert_eq!(kinds, [room, room].concat());
    assert_eq!(free_area(&svg), 2.0 * (1600.0 - 100.0));
}

/// Found by a hostile review: a point at 1e30 was written into the scene, which navscope then
/// refused to read ("out of range"), and numbers beyond a 32-bit float (1e308, an arc's radius
/// of 1e300, a rect at x = 1e300) made usvg drop the shape without a word, so paths went
/// through it. Each is refused, naming the element; so is a point scaled out of range.
#[test]
fn a_shape_beyond_the_scene_s_range_is_an_error_naming_it() {
    let cases = [
        (
            r#"<path id="spike" d="M 40 50 L 60 50 L 50 1e30 Z"/>"#,
            "<path id=\"spike\">: `d` holds 1e30",
        ),
        (
            r#"<path d="M 40 1e308 L 60 50 L 50 60 Z"/>"#,
            "<path>: `d` holds 1e308",
        ),
        (
            r#"<path d="M40,50A1e300 1e300 0 1 0 60 50Z"/>"#,
            "`d` holds 1e300",
        ),
        (
            r#"<rect id="r" x="1e300" y="1" width="5" height="5"/>"#,
            "<rect id=\"r\">: `x` holds 1e300",
        ),
        (
            r#"<polygon points="1,1 5,1 5,-2e9"/>"#,
            "`points` holds -2e9",
        ),
    ];
    for (shape, expected) in cases {
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">{shape}</svg>"#
        );
        let message = parse_svg(&svg).unwrap_err().to_string();
        assert!(message.contains(expected), "{shape}: {message}");
        assert!(message.contains("out of range"), "{message}");
    }
    let scaled = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
      <g transform="scale(1000000)"><path id="far" d="M 40 50 L 60 50 L 50 5000 Z"/></g></svg>"#;
    let message = parse_svg(scaled).unwrap_err().to_string();
    assert!(message.contains("shape 'far' has the point"), "{message}");
    // Ordinary numbers pass: exponents, leading points, commands written against them.
    let fine = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
      <path d="M1e1,.5l5-0.5L10.5e0 9Z"/></svg>"#;
    assert_eq!(parse_svg(fine).unwrap().len(), 2);
}
