//! Regression cases: recording a query as a scenario and replaying it with `navscope check`.

use navscope::geom::Point;
use navscope::nav::{QueryOptions, Variant, build, query};
use navscope::scenario::{Scenario, SceneSource};
use navscope::scene;
use std::path::Path;
use std::process::Command;

fn check(files: &[&Path]) -> (Option<i32>, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_navscope"))
        .arg("check")
        .args(files)
        .output()
        .unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn recorded(source: SceneSource) -> Scenario {
    let s = scene::load(Path::new("assets/scenes/rooms.json")).unwrap();
    let b = build(&s).unwrap();
    Scenario::record(
        source,
        s.agent_radius,
        &query(
            &b,
            Point::new(2.0, 2.0),
            Point::new(38.0, 28.0),
            &QueryOptions {
                variants: &Variant::SHRUNK,
                ..QueryOptions::default()
            },
        ),
    )
}

#[test]
fn recorded_cases_pass_and_tampered_ones_fail_with_the_difference() {
    let dir = tempfile::tempdir().unwrap();
    // A copy of the scene beside the case, referenced by a relative path.
    std::fs::copy("assets/scenes/rooms.json", dir.path().join("rooms.json")).unwrap();
    let by_path = dir.path().join("by-path.json");
    recorded(SceneSource::Path("rooms.json".into()))
        .save(&by_path)
        .unwrap();
    let inline = dir.path().join("inline.json");
    let s = scene::load(Path::new("assets/scenes/rooms.json")).unwrap();
    recorded(Scenario::inline(&s)).save(&inline).unwrap();
    assert_eq!(
        Scenario::load(&inline).unwrap(),
        recorded(Scenario::inline(&s)),
        "saved cases load back identically"
    );

    let (code, out, err) = check(&[&by_path, &inline]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("2 passed, 0 failed"), "{out}");

    let mut tampered = recorded(SceneSource::Path("rooms.json".into()));
    *tampered.expected.lengths.get_mut("funnel").unwrap() += 0.5;
    tampered.expected.status = "unreachable".into();
    let bad = dir.path().join("bad.json");
    tampered.save(&bad).unwrap();
    let (code, out, _) = check(&[&by_path, &bad]);
    assert_eq!(code, Some(1));
    assert!(out.contains("1 passed, 1 failed"), "{out}");
    assert!(
        out.contains("status found (expected unreachable)") && out.contains("funnel: length"),
        "{out}"
    );
}

#[test]
fn unreadable_cases_exit_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, b"{not json").unwrap();
    for path in [junk.as_path(), Path::new("/no/such/case.json")] {
        let (code, _, err) = check(&[path]);
        assert_eq!(code, Some(2), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(&path.display().to_string()), "{err}");
    }
}

#[test]
fn an_expectation_no_answer_can_meet_is_refused_naming_it() {
    // A misspelt status or variant once replayed as an ordinary failure ("funnle: no path").
    let dir = tempfile::tempdir().unwrap();
    let case = recorded(SceneSource::Path("/dev/null".into()));
    let mut text: serde_json::Value = serde_json::to_value(&case).unwrap();
    let scene = std::fs::canonicalize("assets/scenes/rooms.json").unwrap();
    text["scene"] = serde_json::json!(scene);
    let write = |name: &str, v: &serde_json::Value| {
        let path = dir.path().join(name);
        std::fs::write(&path, v.to_string()).unwrap();
        path
    };
    let good = write("good.json", &text);
    assert_eq!(check(&[&good]).0, Some(0));
    let mut status = text.clone();
    status["expected"]["status"] = "fnd".into();
    let mut variant = text.clone();
    variant["expected"]["lengths"]["funnle"] = 47.0.into();
    let mut negative = text.clone();
    negative["tolerance"] = (-1e-9).into();
    for (case, says) in [
        (
            write("negative.json", &negative),
            "tolerance -0.000000001 is not a relative tolerance in [0, 1)",
        ),
        (
            write("status.json", &status),
            "expected status `fnd` is none of found, start_outside",
        ),
        (
            write("variant.json", &variant),
            "expected variant `funnle` is none of midpoint, funnel",
        ),
    ] {
        let (code, _, err) = check(&[&case]);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(says), "{err}");
    }
}
