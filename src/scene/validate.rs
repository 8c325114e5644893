//! Structural checks of a scene: finite and in-range numbers, enough distinct points, a
//! non-negative radius, well-formed agent profiles and links. Geometric repairs (self-intersections, overlaps) are found by `nav::repair`.

use super::{RingRef, Scene, cost_problem};
use crate::geom::Point;
use crate::numbers::compact;

/// Largest coordinate or radius magnitude accepted (keeps every later stage in exact range).
pub const MAX_COORDINATE: f64 = 1e9;

/// How serious an [`Issue`] is: errors stop the build, warnings describe a repair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

/// One problem found in a scene, naming the ring (or query) it is about.
#[derive(Clone, Debug, PartialEq)]
pub struct Issue {
    pub severity: Severity,
    /// The ring concerned, if any; the GUI highlights it.
    pub ring: Option<RingRef>,
    /// Full one-line message, already naming the ring or query.
    pub message: String,
}

impl Issue {
    pub fn error(ring: Option<RingRef>, message: String) -> Self {
        Issue {
            severity: Severity::Error,
            ring,
            message,
        }
    }

    pub fn warning(ring: Option<RingRef>, message: String) -> Self {
        Issue {
            severity: Severity::Warning,
            ring,
            message,
        }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl std::fmt::Display for Issue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Checks what can be checked without geometry operations. Errors come first.
pub fn validate(scene: &Scene) -> Vec<Issue> {
    validate_for(scene, scene.agent_radius)
}

/// [`validate`] for an agent of radius `r` instead of the scene's.
pub fn validate_for(scene: &Scene, r: f64) -> Vec<Issue> {
    let mut issues = Vec::new();
    if !r.is_finite() {
        issues.push(Issue::error(
            None,
            format!("agent radius {} is not a finite number", compact(r)),
        ));
    } else if r < 0.0 {
        issues.push(Issue::error(
            None,
            format!("agent radius {} is negative", compact(r)),
        ));
    } else if r > MAX_COORDINATE {
        issues.push(Issue::error(
            None,
            format!(
                "agent radius {} is out of range (at most {MAX_COORDINATE:e})",
                compact(r)
            ),
        ));
    }
    for problem in scene.profile_problems() {
        issues.push(Issue::error(None, problem));
    }
    for problem in scene.link_problems() {
        issues.push(Issue::error(None, problem));
    }
    if let Some(problem) = scene.reference.as_ref().and_then(|r| r.problem()) {
        issues.push(Issue::error(None, problem));
    }
    if scene.walkable.is_empty() {
        issues.push(Issue::error(
            None,
            "the scene has no walkable ring".to_string(),
        ));
    }
    if !scene.order.is_empty() {
        let mut order = scene.order.clone();
        order.sort_unstable();
        let rings: Vec<RingRef> = scene.rings().map(|(r, _)| r).collect();
        if order != rings {
            issues.push(Issue::error(
                None,
                "the painting order does not list every ring exactly once".to_string(),
            ));
        }
    }
    for (ring_ref, ring) in scene.rings() {
        // Named only when there is something to say (a city has thousands of rings).
        let name = || scene.describe(ring_ref);
        if let Some(problem) = ring
            .points()
            .iter()
            .enumerate()
            .find_map(|(i, &p)| coordinate_problem(p, i))
        {
            issues.push(Issue::error(
                Some(ring_ref),
                format!("{}: {problem}", name()),
            ));
            continue;
        }
        let distinct = ring.distinct_points_up_to(3);
        if distinct < 3 {
            issues.push(Issue::error(
                Some(ring_ref),
                format!(
                    "{}: has {distinct} distinct point(s), a ring needs at least 3",
                    name()
                ),
            ));
            continue;
        }
        let n = ring.len();
        let repeats = (0..n)
            .filter(|&i| ring.points()[i] == ring.points()[(i + 1) % n])
            .count();
        if repeats > 0 {
            issues.push(Issue::warning(
                Some(ring_ref),
                format!(
                    "{}: {repeats} duplicate consecutive point(s) removed",
                    name()
                ),
            ));
        }
    }
    for (i, area) in scene.costs.iter().enumerate() {
        if let Some(problem) = cost_problem(area.cost) {
            let ring = RingRef::Cost(i);
            let name = scene.describe(ring);
            issues.push(Issue::error(Some(ring), format!("{name}: {problem}")));
        }
    }
    for (i, q) in scene.queries.iter().enumerate() {
        for (what, p) in [("start", q.start), ("goal", q.goal)] {
            if let Some(problem) = coordinate_problem(p, 0) {
                let problem = problem.replacen("point 0", what, 1);
                issues.push(Issue::error(
                    None,
                    format!("query {i} \"{}\": {problem}", q.name),
                ));
            }
        }
    }
    issues.sort_by_key(|i| i.severity);
    issues
}

fn coordinate_problem(p: Point, index: usize) -> Option<String> {
    if !p.is_finite() {
        Some(format!(
            "point {index} ({}, {}) is not finite",
            compact(p.x),
            compact(p.y)
        ))
    } else if p.x.abs() > MAX_COORDINATE || p.y.abs() > MAX_COORDINATE {
        Some(format!(
            "point {index} ({}, {}) is out of range (|x|, |y| at most {MAX_COORDINATE:e})",
            compact(p.x),
            compact(p.y)
        ))
    } else {
        None
    }
}
