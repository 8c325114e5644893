//! Agent profiles in the editor: the canvas shows one profile at a time (its navmesh, paths,
//! metrics and diagnosis) or all of them at once, each profile's tangent path for the shown
//! query in its own colour beside the default profile's full answer.

use super::paint::Picture;
use crate::geom::Point;
use crate::nav::{self, BuildOptions, CorridorOptions, Path, QueryOptions, Status, Variant};
use crate::scene::{AgentProfile, DEFAULT_PROFILE, Scene};
use crate::viz::{DrawList, Layer, Primitive, Style};

/// Which profiles the canvas shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Shown {
    /// The profile of this name (the default profile when the scene no longer has it).
    One(String),
    /// Every profile's tangent path, over the default profile's navmesh.
    All,
}

impl Default for Shown {
    fn default() -> Self {
        Shown::One(DEFAULT_PROFILE.to_string())
    }
}

impl Shown {
    /// The profile whose navmesh is built and analysed.
    pub fn profile(&self, scene: &Scene) -> AgentProfile {
        let name = match self {
            Shown::One(name) => name.as_str(),
            Shown::All => DEFAULT_PROFILE,
        };
        scene
            .profile(name)
            .unwrap_or_else(|_| scene.profiles().swap_remove(0))
    }

    /// The picker's text for this choice.
    pub fn label(&self, scene: &Scene) -> String {
        match self {
            Shown::One(_) => describe(&self.profile(scene)),
            Shown::All => "all profiles".into(),
        }
    }
}

/// A profile's name and radius, as the picker lists it.
pub fn describe(p: &AgentProfile) -> String {
    format!("{} (r = {})", p.name, crate::numbers::compact(p.radius))
}

/// One profile's outcome for the shown query.
#[derive(Clone, Debug, PartialEq)]
pub struct ProfilePath {
    pub profile: AgentProfile,
    /// Why there is no path, or `Found`; a build error is `None`, with its message.
    pub status: Result<Status, String>,
    pub tangent: Option<Path>,
}

/// What the paths depend on: document revision, arc tolerance (bits), start and goal.
type Key = (u64, Option<u64>, Point, Point);

/// Every profile's tangent path for one query, and their picture.
#[derive(Debug)]
pub struct ProfilePaths {
    key: Key,
    pub rows: Vec<ProfilePath>,
    pub picture: Picture,
}

impl ProfilePaths {
    /// Builds `scene` for each profile and answers `start` -> `goal` on each, or returns
    /// `previous` when nothing it depends on changed (`revision` is the document's; the
    /// builds use `arc_tolerance`, `None` for 1% of each radius).
    pub fn update(
        previous: Option<ProfilePaths>,
        scene: &Scene,
        revision: u64,
        arc_tolerance: Option<f64>,
        start: Point,
        goal: Point,
    ) -> ProfilePaths {
        let key = (revision, arc_tolerance.map(f64::to_bits), start, goal);
        if let Some(p) = previous.filter(|p| p.key == key) {
            return p;
        }
        let rows: Vec<ProfilePath> = scene
            .profiles()
            .into_iter()
            .map(|profile| profile_path(scene, profile, arc_tolerance, start, goal))
            .collect();
        let mut list = DrawList::default();
        for (k, row) in rows.iter().enumerate() {
            if let Some(path) = &row.tangent {
                let tolerance = (0.01 * row.profile.radius).max(1e-3);
                list.push(
                    Layer::Path(Variant::Tangent),
                    Style::Profile(k as u32),
                    Primitive::Polyline(path.points(tolerance)),
                );
            }
        }
        ProfilePaths {
            key,
            rows,
            picture: Picture::new(list),
        }
    }
}

fn profile_path(
    scene: &Scene,
    profile: AgentProfile,
    arc_tolerance: Option<f64>,
    start: Point,
    goal: Point,
) -> ProfilePath {
    let options = BuildOptions {
        radius: Some(profile.radius),
        arc_tolerance,
        ..BuildOptions::default()
    };
    let build = match nav::build_with(scene, &options) {
        Ok(b) => b,
        Err(e) => {
            return ProfilePath {
                profile,
                status: Err(e.to_string()),
                tangent: None,
            };
        }
    };
    let query = QueryOptions {
        variants: &[Variant::Tangent],
        corridor: CorridorOptions::default(),
        explain: None,
    };
    let answer = nav::query(&build, start, goal, &query);
    ProfilePath {
        tangent: answer.path(Variant::Tangent).cloned(),
        status: Ok(answer.status()),
        profile,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_the_scene_no_longer_has_falls_back_to_the_default() {
        let mut scene = Scene {
            agent_radius: 0.3,
            ..Scene::default()
        };
        scene.agents.push(AgentProfile {
            name: "large".into(),
            radius: 1.0,
        });
        assert_eq!(Shown::One("large".into()).profile(&scene).radius, 1.0);
        assert_eq!(Shown::All.profile(&scene).radius, 0.3);
        scene.agents.clear();
        assert_eq!(Shown::One("large".into()).profile(&scene).radius, 0.3);
        assert_eq!(Shown::All.label(&scene), "all profiles");
    }
}
