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
fn a_scene_given_as_a_case_is_named_as_not_a_scenario() {
    let scene = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes/door.json");
    let (code, _, err) = check(&[&scene]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("not a navscope scenario (format \"navscope-scene\")"),
        "{err}"
    );
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

#[test]
fn a_case_recorded_with_query_options_is_replayed_with_them() {
    // The editor records the corridor optimisations and the arc tolerance it answered with;
    // `check` once replayed every case with the defaults, and such a case failed.
    let path = Path::new("assets/scenes/field.json");
    let s = scene::load(path).unwrap();
    let arc_tolerance = Some(0.2 * s.agent_radius);
    let coarse = navscope::nav::build_with(
        &s,
        &navscope::nav::BuildOptions {
            arc_tolerance,
            ..Default::default()
        },
    )
    .unwrap();
    let corridor = navscope::nav::CorridorOptions::from_list(
        &[
            navscope::nav::Optimization::Visibility,
            navscope::nav::Optimization::Topology,
        ],
        200,
        navscope::nav::ANYTIME_BUDGET,
    );
    let options = QueryOptions {
        corridor,
        ..QueryOptions::default()
    };
    let default = build(&s).unwrap();
    // The first random pair whose funnel the optimisations shorten.
    let mut rng = navscope::rng::Rng::new(7);
    let bounds = s.bounds();
    let (start, goal) = (0..2000)
        .map(|_| {
            let mut p = || {
                Point::new(
                    rng.range(bounds.min.x, bounds.max.x),
                    rng.range(bounds.min.y, bounds.max.y),
                )
            };
            (p(), p())
        })
        .find(|&(a, b)| {
            let funnel = |o: &QueryOptions| {
                query(&default, a, b, o)
                    .path(Variant::Funnel)
                    .map(|p| p.length)
            };
            matches!((funnel(&options), funnel(&QueryOptions::default())),
                (Some(x), Some(y)) if x < y - 1e-3)
        })
        .expect("a pair the optimisations shorten");
    let dir = tempfile::tempdir().unwrap();
    let case = Scenario::record(
        Scenario::inline(&s),
        s.agent_radius,
        &query(&coarse, start, goal, &options),
    )
    .made_with(corridor, arc_tolerance);
    let file = dir.path().join("case.json");
    case.save(&file).unwrap();
    let text: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(
        text["optimize"],
        serde_json::json!(["visibility", "topology"])
    );
    assert_eq!(text["topology_nodes"], 200);
    assert!(text.get("anytime_nodes").is_none());
    assert_eq!(Scenario::load(&file).unwrap(), case);
    let (code, out, err) = check(&[&file]);
    assert_eq!(code, Some(0), "{out}{err}");

    // Without the options the same expectation no longer holds.
    let mut plain = text.clone();
    for key in ["optimize", "topology_nodes", "arc_tolerance"] {
        plain.as_object_mut().unwrap().remove(key);
    }
    let plain_file = dir.path().join("plain.json");
    std::fs::write(&plain_file, plain.to_string()).unwrap();
    let (code, out, _) = check(&[&plain_file]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("funnel: length"), "{out}");
}

/// The large agent at the door: the shrunk side finds no way (`unreachable`), the radius-aware
/// side says `blocked`. A case records and checks both; `"status": "blocked"` (which only the
/// radius-aware side gives) was accepted and could never pass.
#[test]
fn a_case_checks_the_radius_aware_status_and_refuses_blocked_as_the_status() {
    let dir = tempfile::tempdir().unwrap();
    let s = scene::load(Path::new("assets/scenes/door.json")).unwrap();
    let b = navscope::nav::build_with(
        &s,
        &navscope::nav::BuildOptions {
            radius: Some(1.0),
            ..Default::default()
        },
    )
    .unwrap();
    let q = &s.queries[0];
    let answer = query(&b, q.start, q.goal, &QueryOptions::default());
    let case = Scenario::record(Scenario::inline(&s), 1.0, &answer);
    assert_eq!(case.expected.raw_status.as_deref(), Some("blocked"));
    let good = dir.path().join("door.json");
    case.save(&good).unwrap();
    let (code, out, err) = check(&[&good]);
    assert_eq!(code, Some(0), "{out}{err}");
    let mut found = case.clone();
    found.expected.raw_status = Some("found".into());
    let wrong = dir.path().join("wrong.json");
    found.save(&wrong).unwrap();
    let (code, out, _) = check(&[&wrong]);
    assert_eq!(code, Some(1));
    assert!(out.contains("raw_status blocked (expected found)"), "{out}");
    let mut blocked = case;
    blocked.expected.status = "blocked".into();
    let never = dir.path().join("never.json");
    blocked.save(&never).unwrap();
    let (code, _, err) = check(&[&never]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("expected status (blocked is a raw_status) `blocked` is none of"),
        "{err}"
    );
}
