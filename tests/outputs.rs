//! What navscope does with its inputs and outputs when they are hostile or fail: every input is
//! read through one bounded reader, standard output failures end in one line (or quietly for a
//! closed pipe), every file is written by one atomic writer that keeps what the user set on the
//! old file, and numbers and errors print once and compactly. The real binary, every time.

use std::fs::{self, File};
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

const ROOMS: &str = "assets/scenes/rooms.json";
const LIMIT: Duration = Duration::from_secs(30);

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    /// The single stderr line of a failed run (exit 2).
    fn error_line(&self) -> &str {
        assert_eq!(self.code, Some(2), "{}", self.stderr);
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{}", self.stderr);
        assert!(lines[0].starts_with("navscope: error: "), "{}", lines[0]);
        lines[0]
    }
}

fn command(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_navscope"));
    c.args(args).stdin(Stdio::null());
    c
}

/// Waits for `child` (killing it past [`LIMIT`]) and collects what it printed.
fn finish(mut child: Child, what: &str) -> Run {
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            panic!("{what} did not finish within {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stdout = String::new();
    if let Some(mut out) = child.stdout.take() {
        out.read_to_string(&mut stdout).unwrap();
    }
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    Run {
        code: status.code(),
        stdout,
        stderr,
    }
}

fn run_with(mut c: Command, what: &str) -> Run {
    let child = c.stderr(Stdio::piped()).spawn().expect("binary starts");
    finish(child, what)
}

fn navscope(args: &[&str]) -> Run {
    let mut c = command(args);
    c.stdout(Stdio::piped());
    run_with(c, &format!("navscope {args:?}"))
}

/// navscope run by `sh` after `setup` (e.g. `umask 027` or `exec >&-`).
fn navscope_after(setup: &str, args: &[&str]) -> Run {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!("{setup}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_navscope"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped());
    run_with(c, &format!("{setup}; navscope {args:?}"))
}

fn mode(path: &Path) -> u32 {
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success());
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

// ---- issue 11 item 3: one bounded reader ----

#[test]
fn endless_inputs_are_refused_at_the_size_limit() {
    let dir = tempfile::tempdir().unwrap();
    let words = "more than the 536870912 bytes";
    for (cmd, file) in [("build", "/dev/zero"), ("path", "/dev/urandom")] {
        let r = navscope(&[cmd, file]);
        assert!(r.error_line().contains(words), "{cmd} {file}: {}", r.stderr);
        assert!(r.error_line().contains(file), "{}", r.stderr);
    }

    let mut c = command(&["build", "/dev/stdin"]);
    c.stdin(File::open("/dev/zero").unwrap());
    let r = run_with(c, "build /dev/stdin < /dev/zero");
    assert!(r.error_line().contains(words), "{}", r.stderr);

    // A FIFO fed for ever.
    let fifo = dir.path().join("endless.json");
    mkfifo(&fifo);
    let mut feeder = Command::new("sh")
        .arg("-c")
        .arg("yes ' ' > \"$0\" 2>/dev/null")
        .arg(&fifo)
        .spawn()
        .unwrap();
    let r = navscope(&["path", s(&fifo)]);
    let _ = feeder.kill();
    let _ = feeder.wait();
    assert!(r.error_line().contains(words), "{}", r.stderr);

    // A scenario whose scene is a device.
    let case = dir.path().join("zero.case.json");
    fs::write(
        &case,
        r#"{"format":"navscope-scenario","version":1,"scene":"/dev/zero","radius":0.5,
            "start":[2,2],"goal":[38,28],"expected":{"status":"found"}}"#,
    )
    .unwrap();
    let r = navscope(&["check", s(&case)]);
    assert!(r.error_line().contains("/dev/zero"), "{}", r.stderr);
    assert!(r.error_line().contains(words), "{}", r.stderr);

    // A MovingAI scenario file (`--scen`), once read without the limit.
    let map = dir.path().join("m.map");
    fs::write(&map, "type octile\nheight 1\nwidth 2\nmap\n..\n").unwrap();
    let r = navscope(&["path", s(&map), "--scen", "/dev/zero"]);
    assert!(r.error_line().contains(words), "{}", r.stderr);
}

// ---- issue 11 item 4: standard output failures ----

fn output_commands(dir: &Path) -> Vec<Vec<String>> {
    let case = dir.join("rooms.case.json");
    fs::copy(ROOMS, dir.join("rooms.json")).unwrap();
    fs::write(
        &case,
        r#"{"format":"navscope-scenario","version":1,"scene":"rooms.json","radius":0.5,
            "start":[2,2],"goal":[38,28],"expected":{"status":"found"}}"#,
    )
    .unwrap();
    let out = dir.join("out.json");
    let converted = dir.join("out.mesh");
    [
        vec!["path", ROOMS, "--json"],
        vec!["path", ROOMS],
        vec!["lab", ROOMS, "--n", "20"],
        vec!["lab", ROOMS, "--n", "20", "--json"],
        vec!["build", ROOMS],
        vec!["build", ROOMS, "-o", s(&out)],
        vec!["check", s(&case)],
        vec!["convert", ROOMS, s(&converted)],
    ]
    .into_iter()
    .map(|args| args.into_iter().map(String::from).collect())
    .collect()
}

#[test]
fn a_full_disk_on_standard_output_is_exit_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    for args in output_commands(dir.path()) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut c = command(&args);
        c.stdout(File::options().write(true).open("/dev/full").unwrap());
        let r = run_with(c, &format!("{args:?} > /dev/full"));
        assert!(
            r.error_line()
                .contains("cannot write to standard output: No space left"),
            "{args:?}: {}",
            r.stderr
        );
    }
}

#[test]
fn a_closed_pipe_ends_quietly_and_a_closed_stdout_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    for args in output_commands(dir.path()) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // The reader is gone before navscope writes a byte.
        let mut child = command(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let r = finish(child, &format!("{args:?} | closed pipe"));
        assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
        // `build` without -o prints its summary on stderr after the (lost) navmesh: no.
        assert_eq!(r.stderr, "", "{args:?}");

        let r = navscope_after("exec >&-", &args);
        assert!(
            r.error_line()
                .contains("cannot write to standard output: it is closed"),
            "{args:?} >&-: {}",
            r.stderr
        );
    }
    // Standard output sent to /dev/null on purpose is not closed.
    let r = navscope_after("exec >/dev/null", &["path", ROOMS, "--json"]);
    assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""));
}

// ---- issue 11 items 5 and 6: one atomic writer ----

fn build_to(out: &Path) -> Run {
    navscope(&["build", ROOMS, "-o", s(out)])
}

fn is_navmesh(path: &Path) -> bool {
    fs::read_to_string(path)
        .unwrap()
        .contains("navscope-navmesh")
}

/// A write that cannot happen says why in words of the path given: "Not a directory" for
/// `dir/`, "No such file or directory" for a missing folder or a folder that takes no new
/// files (`/proc`).
#[test]
fn a_write_to_a_folder_or_a_missing_folder_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let folder = format!("{}/", dir.path().join("nodir").display());
    let missing = dir.path().join("nodir").join("x.json");
    for (out, says) in [
        (
            folder.clone(),
            format!("{folder}: cannot write: it names a folder; give a file name"),
        ),
        (
            s(&missing).to_string(),
            format!(
                "{}: cannot write: the folder {} does not exist",
                missing.display(),
                dir.path().join("nodir").display()
            ),
        ),
        (
            "/proc/version".to_string(),
            "/proc/version: cannot write: no new file can be made in the folder /proc".to_string(),
        ),
    ] {
        let r = navscope(&["build", ROOMS, "-o", &out]);
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert_eq!(r.stderr.trim_end(), format!("navscope: error: {says}"));
    }
}

#[test]
fn writing_over_a_file_keeps_its_mode_and_a_new_file_gets_the_umask() {
    let dir = tempfile::tempdir().unwrap();
    for old_mode in [0o644, 0o664, 0o755, 0o600, 0o640] {
        let out = dir.path().join(format!("mode-{old_mode:o}.json"));
        fs::write(&out, "old").unwrap();
        fs::set_permissions(&out, fs::Permissions::from_mode(old_mode)).unwrap();
        let r = build_to(&out);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        assert!(is_navmesh(&out));
        assert_eq!(mode(&out), old_mode, "{old_mode:o}");
    }
    for (umask, expected) in [("022", 0o644), ("027", 0o640), ("002", 0o664)] {
        let out = dir.path().join(format!("new-{umask}.json"));
        let r = navscope_after(&format!("umask {umask}"), &["build", ROOMS, "-o", s(&out)]);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        assert_eq!(mode(&out), expected, "umask {umask}");
    }
}

#[test]
fn writing_over_a_file_keeps_its_owner_when_run_as_root() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("owned.json");
    fs::write(&out, "old").unwrap();
    if fs::metadata(&out).unwrap().uid() != 0 {
        eprintln!("not root: a file cannot be given away, nothing to check");
        return;
    }
    std::os::unix::fs::chown(&out, Some(65534), Some(65534)).unwrap();
    let r = build_to(&out);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let m = fs::metadata(&out).unwrap();
    assert_eq!((m.uid(), m.gid()), (65534, 65534));
    assert!(is_navmesh(&out));
}

#[test]
fn symlinks_are_written_through_and_non_regular_targets_refused() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.json");
    fs::write(&target, "old").unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink("target.json", &link).unwrap();
    let r = build_to(&link);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(is_navmesh(&target));
    // A dangling link creates its target.
    let dangling = dir.path().join("dangling.json");
    std::os::unix::fs::symlink("created.json", &dangling).unwrap();
    assert_eq!(build_to(&dangling).code, Some(0));
    assert!(is_navmesh(&dir.path().join("created.json")));

    let fifo = dir.path().join("fifo.json");
    mkfifo(&fifo);
    let sub = dir.path().join("sub.json");
    fs::create_dir(&sub).unwrap();
    let to_fifo = dir.path().join("to-fifo.json");
    std::os::unix::fs::symlink(&fifo, &to_fifo).unwrap();
    for (out, kind) in [
        (fifo.as_path(), "is a FIFO, not a regular file"),
        (sub.as_path(), "is a directory, not a regular file"),
        (Path::new("/dev/null"), "is a device, not a regular file"),
        (to_fifo.as_path(), "its target"),
    ] {
        let r = build_to(out);
        let line = r.error_line();
        assert!(line.contains(s(out)) && line.contains(kind), "{line}");
    }
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(
        fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
}

#[test]
fn a_hard_link_is_replaced_and_its_other_name_keeps_the_old_content() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.json");
    fs::write(&out, "old").unwrap();
    let other = dir.path().join("other.json");
    fs::hard_link(&out, &other).unwrap();
    assert_eq!(build_to(&out).code, Some(0));
    assert!(is_navmesh(&out));
    assert_eq!(fs::read_to_string(&other).unwrap(), "old");
}

#[test]
fn stale_temporary_files_of_ours_are_removed_and_none_is_left() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.json");
    let stale = dir.path().join(".out.json.navscope-tmp-00000000deadbeef");
    let fresh = dir.path().join(".other.json.navscope-tmp-00000000cafef00d");
    let foreign = dir.path().join(".out.json.tmp");
    for p in [&stale, &fresh, &foreign] {
        fs::write(p, "partial").unwrap();
    }
    let two_hours_ago = SystemTime::now() - Duration::from_secs(7200);
    for p in [&stale, &foreign] {
        File::options()
            .write(true)
            .open(p)
            .unwrap()
            .set_modified(two_hours_ago)
            .unwrap();
    }
    assert_eq!(build_to(&out).code, Some(0));
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            ".other.json.navscope-tmp-00000000cafef00d",
            ".out.json.tmp",
            "out.json"
        ],
        "the stale one of ours goes; a young one and others' stay"
    );
}

// ---- issue 11 item 8: one stderr line for a failed run ----

#[test]
fn warnings_of_a_failed_run_fold_into_its_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let bow_tie = dir.path().join("bow-tie.json");
    fs::write(
        &bow_tie,
        r#"{"format":"navscope-scene","version":1,"agent_radius":0.3,
            "walkable":[[[0,0],[10,0],[10,10],[0,10]]],
            "obstacles":[{"name":"bow","points":[[2,2],[6,6],[6,2],[2,6]]}]}"#,
    )
    .unwrap();
    // No queries: the build warns, then the run fails.
    let r = navscope(&["path", s(&bow_tie)]);
    let line = r.error_line();
    assert!(
        line.contains("has no queries")
            && line.contains("(after warning: ")
            && line.contains("self-intersecting"),
        "{line}"
    );
    // A run that succeeds prints its warnings, one line each, in the same style.
    let r = navscope(&["build", s(&bow_tie), "-o", s(&dir.path().join("out.json"))]);
    assert_eq!(r.code, Some(0));
    let warnings: Vec<&str> = r.stderr.lines().collect();
    assert!(!warnings.is_empty());
    assert!(
        warnings
            .iter()
            .all(|w| w.starts_with("navscope: warning: ")),
        "{}",
        r.stderr
    );
}

// ---- issue 11 item 10: check, nearest points, numbers, option values ----

fn scenario(dir: &Path, name: &str, version: &str, scene: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(
        &path,
        format!(
            r#"{{"format":"navscope-scenario","version":{version},"scene":"{scene}","radius":0.5,
                "start":[2,2],"goal":[38,28],"expected":{{"status":"found"}}}}"#
        ),
    )
    .unwrap();
    path
}

#[test]
fn check_refuses_unknown_versions_says_each_error_once_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = fs::canonicalize(ROOMS).unwrap();
    let rooms = s(&rooms);
    let good = scenario(dir.path(), "good.json", "1", rooms);
    for version in ["0", "99"] {
        let bad = scenario(dir.path(), "v.json", version, rooms);
        let line = navscope(&["check", s(&bad)]).error_line().to_string();
        assert!(
            line.contains(&format!("unsupported scenario version {version}")),
            "{line}"
        );
    }
    let missing = scenario(dir.path(), "missing.json", "1", "/no/such/scene.json");
    let r = navscope(&["check", s(&missing), s(&good)]);
    let line = r.error_line();
    assert_eq!(line.matches("cannot read").count(), 1, "{line}");
    assert!(
        line.contains(&format!(
            "{}: /no/such/scene.json: cannot read",
            s(&missing)
        )),
        "{line}"
    );
    assert!(
        r.stdout.contains(&format!("ok    {}", s(&good))),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .ends_with("1 passed, 0 failed, 1 could not be run\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_start_far_outside_the_map_gets_a_nearest_start() {
    for far in ["100,100", "1e5,1e5", "-1e8,3e7"] {
        let r = navscope(&["path", ROOMS, "--from", far, "--to", "5,5", "--json"]);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        assert!(r.stdout.contains("\"nearest_start\":["), "from {far}");
    }
}

#[test]
fn radii_print_compactly_and_never_as_negative_zero() {
    let line = navscope(&["path", ROOMS, "--radius", "5e-324"])
        .error_line()
        .to_string();
    assert!(
        line.contains("agent radius 5e-324 is too small") && !line.contains("arc tolerance"),
        "{line}"
    );
    let line = navscope(&["build", ROOMS, "--radius", "1e308"])
        .error_line()
        .to_string();
    assert!(
        line.contains("agent radius 1e308 is out of range"),
        "{line}"
    );
    assert!(line.len() < 200, "{line}");

    let table = navscope(&["path", ROOMS, "--radius", "-0"]);
    assert!(
        table.stdout.starts_with("agent radius 0; "),
        "{}",
        table.stdout
    );
    for args in [
        vec![
            "path", ROOMS, "--radius", "-0", "--json", "--from", "-0,-0", "--to", "5,5",
        ],
        vec!["lab", ROOMS, "--radius", "-0", "--n", "20", "--json"],
        vec!["lab", ROOMS, "--radius", "-0", "--n", "20"],
        vec!["build", ROOMS, "--radius", "-0"],
        vec!["build", ROOMS, "--radius", "-0", "--format", "obj"],
    ] {
        let r = navscope(&args);
        assert!(!r.stdout.is_empty() && !r.stdout.contains("-0.0") && !r.stdout.contains("-0,"));
        assert!(!r.stderr.contains("-0"), "{args:?}: {}", r.stderr);
    }
}

#[test]
fn a_negative_count_is_an_invalid_value() {
    for args in [
        ["lab", ROOMS, "--n", "-1"],
        ["lab", ROOMS, "--seed", "-1"],
        ["lab", ROOMS, "--topology-nodes", "-1"],
    ] {
        let line = navscope(&args).error_line().to_string();
        assert!(line.contains("invalid value '-1'"), "{line}");
    }
    let line = navscope(&["build", ROOMS, "--arc-tolerance", "-1"])
        .error_line()
        .to_string();
    assert!(
        line.contains("arc tolerance -1 is not a positive"),
        "{line}"
    );
}
