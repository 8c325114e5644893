//! Mutation fuzzing of every importer: files of each format (made by the exporters from the
//! example scenes, plus the repo's maps) have numbers replaced by extreme values, lines
//! deleted, repeated or swapped, bytes flipped and tails cut off, and are read back. A reader
//! must return a mesh, a scene or an error, never panic; what it returns is validated and, for a
//! navmesh, opened as one. The panics this found (a Godot polygon naming a missing vertex, glTF
//! accessors the gltf crate indexes unchecked) are named cases in `hostile_files.rs`.
//!
//! `cargo test` runs 20,000 cases; `NAVSCOPE_IMPORT_FUZZ_CASES` and `NAVSCOPE_IMPORT_FUZZ_SEED`
//! set a longer run.

use navscope::export;
use navscope::import::{
    ScenCoordinates, SceneFormat, build_polygon_mesh, gltf_mesh, godot_tres, navmesh_json,
    obj_mesh, parse_polyanya_polygons, parse_scen,
};
use navscope::nav::{self, PolygonMesh};
use navscope::rng::Rng;
use navscope::scene;

#[derive(Clone, Copy, Debug)]
enum Format {
    Scene(Option<SceneFormat>),
    Godot,
    Obj,
    Gltf,
    NavmeshJson,
    PolyanyaPolygons,
    Scen,
}

/// One file of each format per example scene, and the repo's maps.
fn seeds() -> Vec<(Format, Vec<u8>)> {
    let mut out = Vec::new();
    for name in ["gaps", "rooms", "islands"] {
        let text = std::fs::read(format!("assets/scenes/{name}.json")).unwrap();
        let scene = scene::from_json(&text, name).unwrap();
        let build = nav::build(&scene).unwrap();
        let polygons = PolygonMesh::from_triangles(&build.mesh);
        let r = build.radius;
        out.push((Format::Scene(None), text));
        out.push((
            Format::Godot,
            export::godot_tres(&polygons, r).unwrap().0.into_bytes(),
        ));
        out.push((
            Format::Obj,
            export::navmesh_obj(&build.mesh, r).into_bytes(),
        ));
        out.push((
            Format::Gltf,
            export::navmesh_gltf(&build.mesh).unwrap().into_bytes(),
        ));
        out.push((
            Format::NavmeshJson,
            export::navmesh_json(&build.mesh, r).into_bytes(),
        ));
        let mesh = export::polyanya_mesh(&polygons).into_bytes();
        out.push((Format::PolyanyaPolygons, mesh.clone()));
        out.push((Format::Scene(Some(SceneFormat::PolyanyaMesh)), mesh));
    }
    let read = |path: &str| std::fs::read(path).unwrap();
    out.push((
        Format::Scene(Some(SceneFormat::MovingAiMap)),
        read("assets/maps/pockets.map"),
    ));
    out.push((Format::Scen, read("assets/maps/pockets.scen")));
    out.push((Format::Scen, read("assets/maps/notch-v3.scen")));
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50">
  <rect x="0" y="0" width="100" height="50" id="walkable"/>
  <g transform="translate(10,5) rotate(15)"><rect x="5" y="5" width="10" height="8"/>
    <circle cx="40" cy="20" r="6"/><polygon points="70,5 80,5 85,15 72,12"/>
    <path d="M 20 30 C 25 20, 35 20, 40 30 Q 30 48 20 40 A 5 5 0 0 1 20 30 Z"/></g>
</svg>"#;
    out.push((
        Format::Scene(Some(SceneFormat::Svg)),
        svg.as_bytes().to_vec(),
    ));
    out
}

const EXTREMES: [&str; 16] = [
    "NaN",
    "inf",
    "-inf",
    "1e308",
    "-1e308",
    "5e-324",
    "0",
    "-0",
    "-1",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "1e20",
    "1e-12",
    "3",
    "100000000",
];

/// Byte ranges of the numbers in `b`.
fn numbers(b: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = if i > 0 && b[i - 1] == b'-' { i - 1 } else { i };
            while i < b.len() && (b[i].is_ascii_digit() || b".eE+-".contains(&b[i])) {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

fn pick(rng: &mut Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// One to four random edits of `b`.
fn mutate(rng: &mut Rng, mut b: Vec<u8>) -> Vec<u8> {
    for _ in 0..1 + pick(rng, 4) {
        let nums = numbers(&b);
        let mut lines: Vec<Vec<u8>> = b.split(|&c| c == b'\n').map(<[u8]>::to_vec).collect();
        let n = lines.len();
        match pick(rng, 8) {
            0..=2 if !nums.is_empty() => {
                let (s, e) = nums[pick(rng, nums.len())];
                let with = EXTREMES[pick(rng, EXTREMES.len())].as_bytes();
                b.splice(s..e, with.iter().copied());
            }
            3 if !nums.is_empty() => {
                let (s, e) = nums[pick(rng, nums.len())];
                let (s2, e2) = nums[pick(rng, nums.len())];
                let with = b[s2..e2].to_vec();
                b.splice(s..e, with);
            }
            4 if n > 1 => {
                lines.remove(pick(rng, n));
                b = lines.join(&b'\n');
            }
            5 => {
                let i = pick(rng, n);
                lines.insert(i, lines[i].clone());
                b = lines.join(&b'\n');
            }
            6 if !b.is_empty() => b.truncate(pick(rng, b.len())),
            _ if !b.is_empty() => {
                let i = pick(rng, b.len());
                b[i] = rng.next_u64() as u8;
            }
            _ => {}
        }
    }
    b
}

/// Reads `bytes` as `format`; whatever comes back is checked or opened further.
fn read(format: Format, bytes: &[u8]) {
    let text = || String::from_utf8_lossy(bytes).into_owned();
    let polygons: Option<PolygonMesh> = match format {
        Format::Scene(None) => {
            let _ = scene::from_json(bytes, "case").map(|s| scene::validate(&s));
            None
        }
        Format::Scene(Some(f)) => {
            let _ = f.read(bytes).map(|s| scene::validate(&s));
            None
        }
        Format::Godot => godot_tres(&text()).ok().map(|(mesh, _)| mesh),
        Format::Obj => obj_mesh(&text()).ok(),
        Format::Gltf => gltf_mesh(bytes, None).ok(),
        Format::NavmeshJson => navmesh_json(&text()).ok().map(|(mesh, _)| mesh),
        Format::PolyanyaPolygons => parse_polyanya_polygons(&text()).ok(),
        Format::Scen => {
            let _ = parse_scen(
                &text(),
                ScenCoordinates::GridCells {
                    width: 7,
                    height: 5,
                },
            );
            None
        }
    };
    if let Some(mesh) = polygons.filter(|m| m.validate().is_ok()) {
        let _ = build_polygon_mesh(&mesh, 0.3);
    }
}

#[test]
fn mutated_files_of_every_format_are_read_or_refused_never_a_panic() {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let cases = env("NAVSCOPE_IMPORT_FUZZ_CASES", 20_000);
    let first = env("NAVSCOPE_IMPORT_FUZZ_SEED", 0);
    let seeds = seeds();
    for case in first..first + cases {
        let mut rng = Rng::new(case);
        let (format, original) = &seeds[pick(&mut rng, seeds.len())];
        let bytes = mutate(&mut rng, original.clone());
        let outcome = std::panic::catch_unwind(|| read(*format, &bytes));
        assert!(
            outcome.is_ok(),
            "case {case} ({format:?}) panicked; its first 2,000 bytes: {:?}",
            String::from_utf8_lossy(&bytes[..bytes.len().min(2000)])
        );
    }
}
