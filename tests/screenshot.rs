//! `navscope --screenshot` opens the real window (under Xvfb), saves a PNG of it and exits 0;
//! without any display it fails at once with a non-zero status.

use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_navscope");

fn xvfb_run() -> Option<&'static str> {
    let found = Command::new("sh")
        .args(["-c", "command -v xvfb-run"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found && std::env::var_os("CI").is_some() {
        panic!("xvfb-run is missing; .ci/run installs it");
    }
    found.then_some("xvfb-run")
}

#[test]
fn screenshot_of_the_real_window() {
    let Some(xvfb) = xvfb_run() else {
        eprintln!("skipped: xvfb-run is not installed");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("editor.png");
    let scene = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes/maze.json");
    let status = Command::new(xvfb)
        .args(["-a", "-s", "-screen 0 1280x1024x24", BIN, "--screenshot"])
        .arg(&out)
        .arg(&scene)
        .args(["--size", "900x640"])
        .env("XDG_RUNTIME_DIR", dir.path())
        .status()
        .expect("xvfb-run runs");
    assert!(
        status.success(),
        "navscope --screenshot exited with {status}"
    );
    let image = image::open(&out).expect("a PNG was written").to_rgba8();
    assert_eq!(image.dimensions(), (900, 640));
    let first = image.get_pixel(0, 0);
    let distinct = image.pixels().filter(|p| *p != first).count();
    assert!(distinct > 10_000, "the picture is nearly uniform");
}

#[test]
fn screenshot_without_a_display_fails() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("never.png");
    let status = Command::new(BIN)
        .arg("--screenshot")
        .arg(&out)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .env("XDG_RUNTIME_DIR", dir.path())
        .status()
        .expect("navscope runs");
    assert_eq!(status.code(), Some(2));
    assert!(!out.exists());
}
