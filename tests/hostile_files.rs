//! Hostile and malformed scene files: every one ends quickly with exit 2 and one line on stderr,
//! or with exit 0 after a documented repair. Never a panic, never a hang.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const LIMIT: Duration = Duration::from_secs(20);

struct Run {
    code: Option<i32>,
    stderr: String,
}

fn run(args: &[&str]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_navscope"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary starts");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut stderr = String::new();
            std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
            return Run {
                code: status.code(),
                stderr,
            };
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            panic!("navscope {args:?} did not finish within {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::File::create(&path)
        .unwrap()
        .write_all(bytes)
        .unwrap();
    path.to_string_lossy().into_owned()
}

fn scene(walkable: &str, obstacles: &str, radius: &str) -> String {
    format!(
        r#"{{"format":"navscope-scene","version":1,"agent_radius":{radius},"walkable":{walkable},"obstacles":{obstacles}}}"#
    )
}

const ROOM: &str = "[[[0,0],[10,0],[10,10],[0,10]]]";

/// Files that must be refused: (name, contents, a word the message must contain).
fn refused() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let rooms = std::fs::read("assets/scenes/rooms.json").unwrap();
    let mut binary: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    binary[0] = 0xff;
    let nested = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    vec![
        ("empty.json", Vec::new(), "line 1"),
        ("binary.json", binary, "line"),
        ("truncated.json", rooms[..rooms.len() / 2].to_vec(), "line"),
        ("nested.json", nested.into_bytes(), "line"),
        ("array.json", b"[1,2,3]".to_vec(), "line"),
        ("no-format.json", br#"{"version":1}"#.to_vec(), "format"),
        ("string-version.json", br#"{"format":"navscope-scene","version":"1"}"#.to_vec(), "version"),
        ("newer.json", br#"{"format":"navscope-scene","version":7}"#.to_vec(), "newer"),
        ("huge-number.json", scene("[[[0,0],[1e999,0],[0,1]]]", "[]", "0.5").into_bytes(), "line"),
        ("nan.json", scene("[[[0,0],[NaN,0],[0,1]]]", "[]", "0.5").into_bytes(), "line"),
        ("out-of-range.json", scene("[[[0,0],[1e300,0],[0,1e300]]]", "[]", "0.5").into_bytes(), "out of range"),
        ("wrong-type.json", scene("\"everywhere\"", "[]", "0.5").into_bytes(), "line"),
        ("radius-string.json", scene(ROOM, "[]", "\"big\"").into_bytes(), "line"),
        ("point-object.json", scene("[[{\"x\":0,\"y\":0}]]", "[]", "0.5").into_bytes(), "line"),
        ("null-points.json", scene(ROOM, r#"[{"name":"a","points":null}]"#, "0.5").into_bytes(), "line"),
        ("two-points.json", scene(ROOM, r#"[{"name":"stick","points":[[1,1],[2,2]]}]"#, "0.5").into_bytes(), "stick"),
        ("zero-area.json", scene(ROOM, r#"[{"name":"flat","points":[[1,1],[2,2],[3,3]]}]"#, "0.5").into_bytes(), "zero area"),
        ("negative-radius.json", scene(ROOM, "[]", "-0.5").into_bytes(), "negative"),
        ("radius-too-big.json", scene(ROOM, "[]", "6").into_bytes(), "empty"),
        ("no-walkable.json", scene("[]", "[]", "0.5").into_bytes(), "walkable"),
        ("all-blocked.json", scene(ROOM, r#"[{"name":"lid","points":[[-1,-1],[11,-1],[11,11],[-1,11]]}]"#, "0").into_bytes(), "empty"),
        // A control character in the middle of the markup, quoted by the SVG parser's message.
        ("garbled.svg", b"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\"\x0bheight=\"10\"></svg>".to_vec(), "\\u{b}"),
        ("duplicate-key.json", br#"{"format":"navscope-scene","version":1,"agent_radius":1,"agent_radius":2,"walkable":[],"obstacles":[]}"#.to_vec(), "duplicate"),
    ]
}

#[test]
fn malformed_files_exit_2_with_one_line_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes, word) in refused() {
        let path = write(dir.path(), name, &bytes);
        for cmd in ["build", "path"] {
            let r = run(&[cmd, &path]);
            assert!(
                !r.stderr.contains("panicked"),
                "{cmd} {name} panicked: {}",
                r.stderr
            );
            assert_eq!(r.code, Some(2), "{cmd} {name}: {}", r.stderr);
            let lines: Vec<&str> = r.stderr.lines().collect();
            assert_eq!(lines.len(), 1, "{cmd} {name}: {}", r.stderr);
            assert!(
                !lines[0].contains(char::is_control),
                "{cmd} {name}: a control character in {:?}",
                lines[0]
            );
            assert!(
                lines[0].contains(name),
                "{cmd} {name}: message does not name the file: {}",
                lines[0]
            );
            assert!(
                lines[0].contains(word),
                "{cmd} {name}: message lacks '{word}': {}",
                lines[0]
            );
        }
    }
}

/// Navmesh files with what the readers once panicked on (found by fuzzing the importers): a
/// polygon naming a vertex that does not exist, glTF accessors the gltf crate indexes
/// unchecked, and a garbled number holding a control character (quoted escaped, so the
/// message stays one line).
#[test]
fn malformed_navmesh_files_exit_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let gltf = |position: &str, indices: &str| {
        format!(
            r#"{{"asset": {{"version": "2.0"}},
              "meshes": [{{"primitives": [{{"attributes": {{"POSITION": {position}}}{indices}}}]}}],
              "accessors": [{{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                             "min": [0, 0, -1], "max": [1, 0, 0]}}],
              "bufferViews": [{{"buffer": 0, "byteLength": 36}}],
              "buffers": [{{"byteLength": 36, "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAAAAAAIC/"}}]}}"#
        )
    };
    let tres = |polygon: &str| {
        format!(
            "[gd_resource type=\"NavigationPolygon\" format=3]\n\n[resource]\n\
             vertices = PackedVector2Array(0, 0, 1, 0, 0, 1)\n\
             polygons = Array[PackedInt32Array]([PackedInt32Array({polygon})])\n"
        )
    };
    let cases = [
        (
            "far-vertex.tres",
            tres("0, 1, 100000000"),
            "vertex 100000000",
        ),
        ("no-accessor.gltf", gltf("7", ""), "accessor 7"),
        (
            "float-indices.gltf",
            gltf("0", r#", "indices": 0"#),
            "SCALAR",
        ),
        (
            "garbled.tres",
            tres("0, 1, 2").replace("1, 0, 0, 1", "1, 0\u{b}5, 0, 1"),
            "\\u{b}",
        ),
        // Found by a hostile review: the reader asserted, and a .glb without its magic was
        // read as JSON ("expected value at line 1 column 1").
        (
            "short-stride.gltf",
            gltf("0", "").replace(r#""buffer": 0,"#, r#""buffer": 0, "byteStride": 4,"#),
            "byteStride 4",
        ),
        (
            "no-magic.glb",
            b"XXXX\x02\0\0\0".map(char::from).iter().collect(),
            "glTF",
        ),
        ("empty.glb", String::new(), "binary glTF"),
    ];
    for (name, text, word) in cases {
        let path = write(dir.path(), name, text.as_bytes());
        let out = dir.path().join("out.navmesh.json");
        let r = run(&["convert", &path, &out.to_string_lossy()]);
        assert!(
            !r.stderr.contains("panicked"),
            "{name} panicked: {}",
            r.stderr
        );
        assert_eq!(r.code, Some(2), "{name}: {}", r.stderr);
        let line = r.stderr.trim_end();
        assert!(
            !line.contains(['\n', '\u{b}']),
            "{name}: not one line: {line:?}"
        );
        assert!(line.contains(name) && line.contains(word), "{name}: {line}");
    }
}

#[test]
fn repairable_files_build_with_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "bow-tie.json",
            scene(
                ROOM,
                r#"[{"name":"bow","points":[[2,2],[6,6],[6,2],[2,6]]}]"#,
                "0.3",
            ),
            "self-intersecting",
        ),
        (
            "repeats.json",
            scene(
                ROOM,
                r#"[{"name":"box","points":[[2,2],[2,2],[4,2],[4,4],[2,4],[2,2]]}]"#,
                "0.3",
            ),
            "duplicate",
        ),
        (
            "overlap.json",
            scene(
                ROOM,
                r#"[{"name":"a","points":[[2,2],[5,2],[5,5],[2,5]]},{"name":"b","points":[[4,4],[7,4],[7,7],[4,7]]}]"#,
                "0.3",
            ),
            "overlaps",
        ),
        (
            "reversed.json",
            scene(
                "[[[0,10],[10,10],[10,0],[0,0]]]",
                r#"[{"name":"cw","points":[[2,6],[4,6],[4,2]]}]"#,
                "0",
            ),
            "",
        ),
    ];
    for (name, text, word) in cases {
        let path = write(dir.path(), name, text.as_bytes());
        let r = run(&["build", &path]);
        assert_eq!(r.code, Some(0), "{name}: {}", r.stderr);
        assert!(r.stderr.contains(word), "{name}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"));
    }
}

#[test]
fn extreme_but_valid_geometry_never_panics() {
    let dir = tempfile::tempdir().unwrap();
    let tiny = scene("[[[0,0],[1e-200,0],[1e-200,1e-200],[0,1e-200]]]", "[]", "0");
    let far = scene(
        "[[[-1e9,-1e9],[1e9,-1e9],[1e9,1e9],[-1e9,1e9]]]",
        r#"[{"name":"speck","points":[[0,0],[1e-3,0],[0,1e-3]]}]"#,
        "1e-4",
    );
    let sliver = scene(
        ROOM,
        r#"[{"name":"needle","points":[[1,5],[9,5.000000001],[1,5.000000002]]}]"#,
        "0.1",
    );
    let many: String = (0..3000)
        .map(|i| {
            let (x, y) = ((i % 60) as f64 * 0.16, (i / 60) as f64 * 0.19);
            format!(
                r#"{{"name":"p{i}","points":[[{x},{y}],[{},{y}],[{x},{}]]}}"#,
                x + 0.1,
                y + 0.1
            )
        })
        .collect::<Vec<_>>()
        .join(",");
    let crowd = scene(ROOM, &format!("[{many}]"), "0.02");
    for (name, text) in [
        ("tiny.json", tiny),
        ("far.json", far),
        ("sliver.json", sliver),
        ("crowd.json", crowd),
    ] {
        let path = write(dir.path(), name, text.as_bytes());
        for cmd in ["build", "path"] {
            let r = run(&[cmd, &path]);
            assert!(!r.stderr.contains("panicked"), "{cmd} {name}: {}", r.stderr);
            assert!(
                matches!(r.code, Some(0) | Some(2)),
                "{cmd} {name}: {:?} {}",
                r.code,
                r.stderr
            );
            if r.code == Some(2) {
                assert_eq!(r.stderr.lines().count(), 1, "{cmd} {name}: {}", r.stderr);
            }
        }
    }
}
