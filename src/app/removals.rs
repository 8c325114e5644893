//! What an edit removes, in words: every edit that removes something says so in the status
//! bar, whichever widget or tool asked for it, naming areas as every status message does
//! ([`said_name`]).

use super::queries::display_name;
use crate::document::Edit;
use crate::scene::{RingRef, Scene};

/// The status-bar sentence for `edit` on `scene` (before it applies) when the edit removes
/// something, `None` when it removes nothing.
pub fn removal(scene: &Scene, edit: &Edit) -> Option<String> {
    match edit {
        Edit::DeleteCorner(c) => {
            let ring = said_name(scene, c.ring);
            let corners = scene.ring(c.ring)?.len();
            // Counted from 0, as the inspector lists the points.
            Some(if corners <= 3 {
                format!(
                    "deleted {ring} with its corner {}: a ring needs three corners",
                    c.index
                )
            } else {
                format!("deleted corner {} of {ring}", c.index)
            })
        }
        Edit::DeleteRing(r) => Some(format!("deleted {}", said_name(scene, *r))),
        Edit::DeleteLink(i) => scene
            .links
            .get(*i)
            .map(|l| format!("deleted {}", l.describe(*i))),
        Edit::DeleteQuery(i) => (*i < scene.queries.len())
            .then(|| format!("deleted query \"{}\"", display_name(scene, *i))),
        Edit::SetReference(None) => scene
            .reference
            .as_ref()
            .map(|r| format!("removed the reference image {}", r.path)),
        Edit::MoveCorners(_)
        | Edit::SetRing(..)
        | Edit::InsertPoint { .. }
        | Edit::AddObstacle { .. }
        | Edit::AddWalkable(_)
        | Edit::AddCostArea(_)
        | Edit::SetCost { .. }
        | Edit::MoveArea { .. }
        | Edit::RenameObstacle { .. }
        | Edit::SetRadius(_)
        | Edit::SetQuery { .. }
        | Edit::SetReference(Some(_))
        | Edit::SetLink { .. } => None,
    }
}

/// An area as the status bar names it: its kind and name (`obstacle "door"`), or without a
/// name its list index (`cost area 2`). Never the two side by side: a default name counts from
/// 1 and the list from 0 (`obstacle 13 "obstacle 14"`).
pub(super) fn said_name(scene: &Scene, r: RingRef) -> String {
    let (kind, index, name) = match r {
        RingRef::Walkable(i) => ("walkable area", i, scene.walkable_name(i)),
        RingRef::Obstacle(i) => (
            "obstacle",
            i,
            scene.obstacles.get(i).map_or("", |o| &o.name),
        ),
        RingRef::Cost(i) => ("cost area", i, scene.costs.get(i).map_or("", |c| &c.name)),
    };
    if name.is_empty() {
        format!("{kind} {index}")
    } else {
        format!("{kind} \"{name}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Corner;

    #[test]
    fn a_corner_delete_that_takes_its_ring_says_so() {
        let p = crate::geom::Point::new;
        let mut doc = crate::document::Document::new(Scene::default());
        for n in [3, 4] {
            let ring =
                crate::geom::Ring::new((0..n).map(|k| p(k as f64, (k * k) as f64)).collect());
            let name = format!("{n} corners");
            doc.apply(Edit::AddObstacle { name, ring }).unwrap();
        }
        let corner = |i: usize| {
            Edit::DeleteCorner(Corner {
                ring: RingRef::Obstacle(i),
                index: 1,
            })
        };
        let scene = doc.scene();
        assert_eq!(
            removal(scene, &corner(0)).unwrap(),
            "deleted obstacle \"3 corners\" with its corner 1: a ring needs three corners"
        );
        assert_eq!(
            removal(scene, &corner(1)).unwrap(),
            "deleted corner 1 of obstacle \"4 corners\""
        );
        assert_eq!(removal(scene, &Edit::SetRadius(1.0)), None);
        assert_eq!(removal(scene, &Edit::DeleteQuery(0)), None, "there is none");
    }
}
