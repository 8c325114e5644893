//! Agent profiles: named radii a scene is checked for. The scene's `agent_radius` is the default
//! profile, named [`DEFAULT_PROFILE`]; `agents` lists the others.

use super::Scene;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Name of the profile made of the scene's `agent_radius`.
pub const DEFAULT_PROFILE: &str = "default";

/// A named agent size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentProfile {
    pub name: String,
    pub radius: f64,
}

/// A profile name the scene does not define.
#[derive(Debug, Error, PartialEq)]
#[error("no agent profile named \"{name}\"; the scene has {}", known.join(", "))]
pub struct UnknownProfile {
    pub name: String,
    pub known: Vec<String>,
}

impl Scene {
    /// Every profile: the default one (the scene's `agent_radius`) first, then `agents` in order.
    pub fn profiles(&self) -> Vec<AgentProfile> {
        let default = AgentProfile {
            name: DEFAULT_PROFILE.to_string(),
            radius: self.agent_radius,
        };
        std::iter::once(default)
            .chain(self.agents.iter().cloned())
            .collect()
    }

    /// The profile called `name`, or an error listing the known names.
    pub fn profile(&self, name: &str) -> Result<AgentProfile, UnknownProfile> {
        let profiles = self.profiles();
        match profiles.iter().find(|p| p.name == name) {
            Some(p) => Ok(p.clone()),
            None => Err(UnknownProfile {
                name: name.to_string(),
                known: profiles.into_iter().map(|p| p.name).collect(),
            }),
        }
    }

    /// Problems with the profiles, one sentence each naming the profile: an empty, reserved or
    /// repeated name, or a radius that is not a finite number >= 0.
    pub fn profile_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (i, a) in self.agents.iter().enumerate() {
            let who = format!("agent profile {i} \"{}\"", a.name);
            if a.name.is_empty() {
                out.push(format!("agent profile {i} has no name"));
            } else if a.name == DEFAULT_PROFILE || a.name == "all" {
                out.push(format!(
                    "{who}: the name is reserved (\"{DEFAULT_PROFILE}\" is the scene's agent_radius, \"all\" means every profile)"
                ));
            } else if self.agents[..i].iter().any(|b| b.name == a.name) {
                out.push(format!("{who}: the name is used by an earlier profile"));
            }
            if !(a.radius.is_finite() && a.radius >= 0.0 && a.radius <= super::MAX_COORDINATE) {
                out.push(format!(
                    "{who}: radius {} is not a finite number between 0 and {:e}",
                    a.radius,
                    super::MAX_COORDINATE
                ));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene() -> Scene {
        Scene {
            agent_radius: 0.5,
            agents: vec![
                AgentProfile {
                    name: "small".into(),
                    radius: 0.3,
                },
                AgentProfile {
                    name: "large".into(),
                    radius: 1.0,
                },
            ],
            ..Scene::default()
        }
    }

    #[test]
    fn the_default_profile_comes_first_and_unknown_names_list_the_known_ones() {
        let s = scene();
        let names: Vec<String> = s.profiles().into_iter().map(|p| p.name).collect();
        assert_eq!(names, ["default", "small", "large"]);
        assert_eq!(s.profile("large").unwrap().radius, 1.0);
        assert_eq!(s.profile("default").unwrap().radius, 0.5);
        let e = s.profile("huge").unwrap_err().to_string();
        assert_eq!(
            e,
            "no agent profile named \"huge\"; the scene has default, small, large"
        );
    }

    #[test]
    fn reserved_repeated_and_bad_profiles_are_named() {
        let mut s = scene();
        assert!(s.profile_problems().is_empty());
        s.agents.push(AgentProfile {
            name: "small".into(),
            radius: -1.0,
        });
        s.agents.push(AgentProfile {
            name: "all".into(),
            radius: 1.0,
        });
        let p = s.profile_problems();
        assert_eq!(p.len(), 3, "{p:?}");
        assert!(p[0].starts_with("agent profile 2 \"small\": the name is used"));
        assert!(p[1].starts_with("agent profile 2 \"small\": radius -1"));
        assert!(p[2].starts_with("agent profile 3 \"all\": the name is reserved"));
    }
}
