//! `Selection`: what the inspector shows and Delete removes: one thing, or a [`Group`] of
//! several.

use super::group::{Group, Item};
use crate::geom::Point;
use crate::scene::{Corner, RingRef, Scene};

#[derive(Clone, Debug, Default, PartialEq)]
pub enum Selection {
    #[default]
    None,
    Corner(Corner),
    Ring(RingRef),
    /// The navmesh triangle under a world point (triangle ids change with every build, points
    /// do not).
    Triangle(Point),
    /// An off-mesh link, by index.
    Link(usize),
    /// Two or more rings and links (box select, shift+click).
    Many(Group),
}

impl Selection {
    /// What selects exactly `group`: nothing, the one ring or link, or the group.
    pub fn of(group: Group) -> Selection {
        if group.len() > 1 {
            return Selection::Many(group);
        }
        match group.items().next() {
            None => Selection::None,
            Some(Item::Ring(r)) => Selection::Ring(r),
            Some(Item::Link(i)) => Selection::Link(i),
        }
    }

    /// The rings and links selected (a corner counts as its ring).
    pub fn group(&self) -> Group {
        match self {
            Selection::Many(group) => group.clone(),
            Selection::Corner(c) => Group::from_iter([Item::Ring(c.ring)]),
            Selection::Ring(r) => Group::from_iter([Item::Ring(*r)]),
            Selection::Link(i) => Group::from_iter([Item::Link(*i)]),
            Selection::None | Selection::Triangle(_) => Group::default(),
        }
    }

    /// The ring the selection belongs to.
    pub fn ring(&self) -> Option<RingRef> {
        match self {
            Selection::Corner(c) => Some(c.ring),
            Selection::Ring(r) => Some(*r),
            Selection::None | Selection::Triangle(_) | Selection::Link(_) | Selection::Many(_) => {
                None
            }
        }
    }

    /// The selection if it still exists in `scene`, else nothing (a group keeps what exists).
    pub fn valid_in(&self, scene: &Scene) -> Selection {
        let exists = match self {
            Selection::Corner(c) => scene.ring(c.ring).is_some_and(|r| c.index < r.len()),
            Selection::Ring(r) => scene.ring(*r).is_some(),
            Selection::Link(i) => *i < scene.links.len(),
            Selection::Many(group) => return Selection::of(group.valid_in(scene)),
            Selection::None | Selection::Triangle(_) => true,
        };
        if exists {
            self.clone()
        } else {
            Selection::None
        }
    }
}
