//! `Selection`: what the inspector shows and Delete removes.

use crate::geom::Point;
use crate::scene::{Corner, RingRef, Scene};

#[derive(Clone, Copy, Debug, Default, PartialEq)]
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
}

impl Selection {
    /// The ring the selection belongs to.
    pub fn ring(self) -> Option<RingRef> {
        match self {
            Selection::Corner(c) => Some(c.ring),
            Selection::Ring(r) => Some(r),
            Selection::None | Selection::Triangle(_) | Selection::Link(_) => None,
        }
    }

    /// The selection if it still exists in `scene`, else nothing.
    pub fn valid_in(self, scene: &Scene) -> Selection {
        let exists = match self {
            Selection::Corner(c) => scene.ring(c.ring).is_some_and(|r| c.index < r.len()),
            Selection::Ring(r) => scene.ring(r).is_some(),
            Selection::Link(i) => i < scene.links.len(),
            Selection::None | Selection::Triangle(_) => true,
        };
        if exists { self } else { Selection::None }
    }
}
