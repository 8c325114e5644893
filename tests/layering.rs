//! The layering of `src/nav/`: one folder per stage, each importing only from the stages before
//! it, by full path (`crate::nav::<stage>::<module>`, or `super::<module>` within a stage), never
//! through the `nav/mod.rs` hub, and no import cycle between modules. A text scan of the sources:
//! comment lines are skipped, and unit-test code (from the first `#[cfg(test)]`, and whole
//! `tests.rs` files) may use any stage but not the hub.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The stages in data-flow order; `invariants` is the single file `nav/invariants.rs`.
const STAGES: [&str; 7] = [
    "mesh",
    "build",
    "search",
    "paths",
    "query",
    "explain",
    "invariants",
];

/// Import edges allowed to close a cycle for now: `query/raw_query` and `query/pass` import each
/// other until the single query pass (issue 10, item 1) merges them.
const KNOWN_CYCLE_EDGES: [(&str, &str); 1] = [("query/raw_query", "query/pass")];

/// A source file of `src/nav/`: its path relative to `src/nav/` and its text.
struct Source {
    path: String,
    text: String,
}

fn stage_index(name: &str) -> Option<usize> {
    STAGES.iter().position(|&s| s == name)
}

/// The identifier at the start of `s`.
fn ident(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// Each text following `prefix` in `code`, with its line number.
fn after<'a>(code: &'a str, prefix: &str) -> Vec<(usize, &'a str)> {
    let mut out = Vec::new();
    for (n, line) in code.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        let mut rest = line;
        while let Some(i) = rest.find(prefix) {
            rest = &rest[i + prefix.len()..];
            out.push((n + 1, rest));
        }
    }
    out
}

/// Every layering violation in `sources`, one line each naming the file and line.
fn violations(sources: &[Source]) -> Vec<String> {
    let mut errors = Vec::new();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in sources {
        let parts: Vec<&str> = source.path.trim_end_matches(".rs").split('/').collect();
        let (stage, module) = match parts.as_slice() {
            ["mod"] => continue,
            [file] => (*file, *file),
            [stage, module, ..] => (*stage, *module),
            [] => continue,
        };
        let Some(own) = stage_index(stage) else {
            errors.push(format!("{}: `{stage}` is not a stage", source.path));
            continue;
        };
        let name = if parts.len() == 1 {
            stage.to_string()
        } else {
            format!("{stage}/{module}")
        };
        let tests_only = parts.last() == Some(&"tests");
        let split = if tests_only {
            0
        } else {
            source
                .text
                .find("#[cfg(test)]")
                .unwrap_or(source.text.len())
        };
        let (production, tests) = source.text.split_at(split);
        let skipped = production.lines().count();
        for (code, first_line, is_test) in [(production, 0, false), (tests, skipped, true)] {
            let at = |n: usize| format!("{}:{}", source.path, first_line + n);
            for (n, rest) in after(code, "crate::nav::") {
                let target = ident(rest);
                let Some(index) = stage_index(target) else {
                    errors.push(format!(
                        "{}: imports through the nav/mod.rs hub (`crate::nav::{}`)",
                        at(n),
                        if target.is_empty() { "{" } else { target }
                    ));
                    continue;
                };
                if is_test {
                    continue;
                }
                if index > own {
                    errors.push(format!(
                        "{}: stage `{stage}` imports the later stage `{target}`",
                        at(n)
                    ));
                    continue;
                }
                let target_module = if target == "invariants" {
                    target.to_string()
                } else {
                    let tail = &rest[target.len()..];
                    match tail.strip_prefix("::").map(ident) {
                        Some(m) if !m.is_empty() => format!("{target}/{m}"),
                        _ => {
                            errors.push(format!(
                                "{}: imports the stage `{target}` without naming its module",
                                at(n)
                            ));
                            continue;
                        }
                    }
                };
                edges.entry(name.clone()).or_default().insert(target_module);
            }
            if is_test {
                continue;
            }
            for (n, rest) in after(code, "super::") {
                let target = ident(rest);
                if parts.len() > 2 && !target.is_empty() {
                    // A file below a module folder: `super::` is that module, not the stage.
                    continue;
                }
                if parts.len() == 1 || target == "super" || target.is_empty() {
                    errors.push(format!(
                        "{}: `super::{}` leaves the stage (use `crate::nav::<stage>::<module>`)",
                        at(n),
                        if target.is_empty() { "{" } else { target }
                    ));
                } else {
                    edges
                        .entry(name.clone())
                        .or_default()
                        .insert(format!("{stage}/{target}"));
                }
            }
        }
    }
    for (from, to) in KNOWN_CYCLE_EDGES {
        if let Some(targets) = edges.get_mut(from) {
            targets.remove(to);
        }
    }
    if let Some(cycle) = find_cycle(&edges) {
        errors.push(format!("import cycle: {}", cycle.join(" -> ")));
    }
    errors
}

/// A cycle of the graph, as the list of its modules with the first repeated at the end.
fn find_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = stack.iter().position(|s| s == node) {
            let mut cycle = stack[i..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            if next != node
                && let Some(cycle) = visit(next, edges, done, stack)
            {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|node| visit(node, edges, &mut done, &mut Vec::new()))
}

fn collect(dir: &Path, root: &Path, out: &mut Vec<Source>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(Source {
                path: path
                    .strip_prefix(root)
                    .expect("under src/nav")
                    .to_string_lossy()
                    .replace('\\', "/"),
                text: std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display())),
            });
        }
    }
}

fn source(path: &str, text: &str) -> Source {
    Source {
        path: path.to_string(),
        text: text.to_string(),
    }
}

#[test]
fn nav_stages_import_only_earlier_stages_without_the_hub_or_cycles() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/nav");
    let mut sources = Vec::new();
    collect(&root, &root, &mut sources);
    assert!(sources.len() > 30, "found only {} files", sources.len());
    for stage in &STAGES[..6] {
        assert!(
            sources.iter().any(|s| s.path == format!("{stage}/mod.rs")),
            "no stage folder {stage}/"
        );
    }
    let errors = violations(&sources);
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_scan_finds_hub_imports_later_stages_and_cycles() {
    let hub = [source(
        "paths/smooth.rs",
        "use crate::nav::{NavMesh, raycast};\n",
    )];
    assert_eq!(
        violations(&hub),
        ["paths/smooth.rs:1: imports through the nav/mod.rs hub (`crate::nav::{`)"]
    );
    let later = [source(
        "mesh/clearance.rs",
        "use crate::nav::search::astar::search;\n",
    )];
    assert_eq!(
        violations(&later),
        ["mesh/clearance.rs:1: stage `mesh` imports the later stage `search`"]
    );
    let up = [source("invariants.rs", "use super::corridor::Corridor;\n")];
    assert_eq!(violations(&up).len(), 1);
    let cycle = [
        source("mesh/navmesh.rs", "use super::locate::Locator;\n"),
        source("mesh/locate.rs", "// docs\nuse super::navmesh::NavMesh;\n"),
    ];
    assert_eq!(
        violations(&cycle),
        ["import cycle: mesh/locate -> mesh/navmesh -> mesh/locate"]
    );
    // Test code may use later stages, but not the hub; comments are not code.
    let tests = [source(
        "mesh/raycast.rs",
        "// see crate::nav::Corridor\n#[cfg(test)]\nmod tests {\n    use crate::nav::build::pipeline::build;\n    use crate::nav::build_with;\n}\n",
    )];
    assert_eq!(
        violations(&tests),
        ["mesh/raycast.rs:5: imports through the nav/mod.rs hub (`crate::nav::build_with`)"]
    );
}
