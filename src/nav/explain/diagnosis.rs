//! `Diagnosis`: why a query found no path, as data and one sentence each, for the CLI JSON and
//! the GUI:
//! - a start or goal outside the (shrunk) free space: what holds it (see `diagnose::blocker`)
//!   and the nearest free point;
//! - an unreachable goal: the components of start and goal, the free point of the start's
//!   component closest to the goal, and the paths of every variant to it (partial paths);
//! - a radius-aware side `blocked` while a point could pass: the narrowest passage of the
//!   widest route (see `bottleneck`);
//! - an off-mesh link with an end outside the (shrunk) free space, which no search may take:
//!   what holds that end and the nearest free point, as for an outside start (this one is
//!   reported with every query, found or not).

use super::bottleneck::{Bottleneck, bottleneck};
use super::diagnose::{
    Blocker, blocker, closest_in_components, nearest_free_point, reachable_components,
};
use crate::geom::{Point, SegmentGrid};
use crate::nav::build::pipeline::Build;
use crate::nav::mesh::ids::ComponentId;
use crate::nav::paths::path::Path;
use crate::nav::paths::side::{Side, Status, Variant};
use crate::nav::search::links::Jumps;
use crate::scene::{LinkEnd, Scene};

/// A start or goal outside the free space.
#[derive(Clone, Debug, PartialEq)]
pub struct Outside {
    pub blocker: Blocker,
    /// The free point nearest to it (`None` only if the free space could not be reached).
    pub nearest: Option<Point>,
}

/// An off-mesh link's end outside the free space: the link is not usable.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkOutside {
    /// The link's index in the scene.
    pub link: usize,
    pub name: String,
    pub end: LinkEnd,
    pub at: Point,
    pub outside: Outside,
}

/// Start and goal in different parts of the free space.
#[derive(Clone, Debug)]
pub struct Unreachable {
    pub start_component: ComponentId,
    pub goal_component: ComponentId,
    /// The free point of the start's component closest to the goal.
    pub closest_reachable: Point,
    /// Every variant's path from the start to `closest_reachable`, in `Variant` order.
    pub partial_paths: Vec<(Variant, Path)>,
}

/// Everything known about why a query failed; empty when it found its paths.
#[derive(Clone, Debug, Default)]
pub struct Diagnosis {
    pub start: Option<Outside>,
    pub goal: Option<Outside>,
    pub unreachable: Option<Unreachable>,
    /// The radius-aware side is blocked: where and how narrow.
    pub bottleneck: Option<Bottleneck>,
    /// Ends of off-mesh links outside the free space, in link order.
    pub links: Vec<LinkOutside>,
    /// The agent radius of the build, for the sentences.
    pub radius: f64,
}

impl Diagnosis {
    pub fn is_empty(&self) -> bool {
        self.start.is_none()
            && self.goal.is_none()
            && self.unreachable.is_none()
            && self.bottleneck.is_none()
            && self.links.is_empty()
    }

    /// The blocker of the end the status names: the start's when both are outside.
    pub fn blocker(&self) -> Option<(&'static str, &Blocker)> {
        let start = self.start.as_ref().map(|o| ("start", &o.blocker));
        start.or(self.goal.as_ref().map(|o| ("goal", &o.blocker)))
    }

    /// One sentence per finding.
    pub fn sentences(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (end, outside) in [("start", &self.start), ("goal", &self.goal)] {
            if let Some(o) = outside {
                let nearest = o.nearest.map_or(String::new(), |p| {
                    format!("; the nearest free point is {}", show(p))
                });
                out.push(format!("the {end} is {}{nearest}", o.blocker.describe()));
            }
        }
        if let Some(u) = &self.unreachable {
            out.push(format!(
                "the goal lies in another part of the free space (component {}, the start's is {}); \
                 the closest reachable point is {}",
                u.goal_component.0,
                u.start_component.0,
                show(u.closest_reachable)
            ));
        }
        for l in &self.links {
            let nearest = l.outside.nearest.map_or(String::new(), |p| {
                format!("; the nearest free point is {}", show(p))
            });
            out.push(format!(
                "link \"{}\" is not usable: its {} end {} is {}{nearest}",
                l.name,
                l.end.name(),
                show(l.at),
                l.outside.blocker.describe()
            ));
        }
        if let Some(b) = &self.bottleneck {
            out.push(format!(
                "a point agent could pass, but the narrowest passage on its way, at {}, is {:.4} \
                 wide, less than 2r = {:.4}",
                show(b.at),
                b.width,
                2.0 * self.radius
            ));
        }
        out
    }

    /// All findings in one line (`None` when there are none).
    pub fn sentence(&self) -> Option<String> {
        let s = self.sentences();
        (!s.is_empty()).then(|| s.join("; "))
    }
}

fn show(p: Point) -> String {
    format!("({:.3}, {:.3})", p.x, p.y)
}

/// Diagnoses the query from `start` to `goal` answered on `build` (built from `scene`) with
/// its `shrunk` and `raw` sides; `paths_to(p)` gives every variant's path from the start to
/// `p` (the partial paths to the closest reachable point).
pub fn diagnose(
    scene: &Scene,
    build: &Build,
    (start, goal): (Point, Point),
    (shrunk, raw): (&Side, Option<&Side>),
    paths_to: impl FnOnce(Point) -> Vec<(Variant, Path)>,
) -> Diagnosis {
    let mesh = &build.mesh;
    let mut walls: Option<SegmentGrid> = None;
    let mut nearest = |p: Point| {
        let walls = walls.get_or_insert_with(|| build.free_space.walls());
        nearest_free_point(mesh, &build.free_space, walls, p)
    };
    let mut diagnosis = Diagnosis {
        radius: build.radius,
        ..Diagnosis::default()
    };
    if !shrunk.start_location.is_inside() {
        diagnosis.start = Some(Outside {
            blocker: blocker(scene, start),
            nearest: nearest(start),
        });
    }
    if !shrunk.goal_location.is_inside() {
        diagnosis.goal = Some(Outside {
            blocker: blocker(scene, goal),
            nearest: nearest(goal),
        });
    }
    let located = (
        shrunk.start_location.triangle(),
        shrunk.goal_location.triangle(),
    );
    if let (Status::Unreachable, (Some(s), Some(g))) = (shrunk.status, located) {
        let (start_component, goal_component) = (mesh.component(s), mesh.component(g));
        // Through links, more than the start's own component may be reached.
        let jumps = Jumps::place(mesh, &build.links);
        let reached = reachable_components(mesh, &jumps, start_component);
        let closest = closest_in_components(mesh, &reached, goal)
            .and_then(&mut nearest)
            .filter(|_| !reached.contains(&goal_component));
        if let Some(closest_reachable) = closest {
            diagnosis.unreachable = Some(Unreachable {
                start_component,
                goal_component,
                closest_reachable,
                partial_paths: paths_to(closest_reachable),
            });
        }
    }
    if let (Some(raw), Some(raw_nav)) = (raw, &build.raw)
        && raw.status == Status::Blocked
    {
        let m = &raw_nav.mesh;
        let (starts, goals) = (
            m.triangles_at(&raw.start_location),
            m.triangles_at(&raw.goal_location),
        );
        diagnosis.bottleneck = bottleneck(raw_nav, &starts, &goals, &raw.blocked)
            .filter(|b| b.width < 2.0 * build.radius);
    }
    for (i, link) in build.links.iter().enumerate() {
        for end in [LinkEnd::From, LinkEnd::To] {
            let at = link.end(end);
            if mesh.locate_near(at).is_none() {
                diagnosis.links.push(LinkOutside {
                    link: i,
                    name: link.name.clone(),
                    end,
                    at,
                    outside: Outside {
                        blocker: blocker(scene, at),
                        nearest: nearest(at),
                    },
                });
            }
        }
    }
    diagnosis
}
