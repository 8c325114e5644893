//! Copy and paste: copied rings and links travel as a scene of their own (see
//! [`Group::copied`]; on the system clipboard as the scene file's JSON) and come back as new
//! areas and links, moved by an offset, in one undo step. Duplicate is a copy pasted at once.

use super::editor::App;
use super::group::{Group, Item};
use super::selection::Selection;
use crate::document::Edit;
use crate::geom::Point;
use crate::scene::{self, Link, RingRef, Scene};

const NOTHING_SELECTED: &str = "select obstacles, areas or links first (drag a box, shift+click)";

impl App {
    /// Keeps the selected rings and links for Paste, and puts them on the system clipboard.
    pub(super) fn copy(&mut self, ctx: &egui::Context) {
        let group = self.state.selection.group();
        if group.is_empty() {
            return self.state.status.info(NOTHING_SELECTED);
        }
        let pieces = group.copied(self.state.doc.scene());
        ctx.copy_text(scene::to_json(&pieces));
        self.state.clipboard = Some(pieces);
        self.state
            .status
            .info(format!("copied {}", group.describe()));
    }

    /// Pastes the scene JSON the desktop pasted, else what was copied here: centred on the
    /// pointer when it is over the canvas, else one grid step off the originals.
    pub(super) fn paste(&mut self, ctx: &egui::Context) {
        let pasted = ctx.input(|i| {
            i.events.iter().find_map(|e| match e {
                egui::Event::Paste(text) => scene::from_json(text.as_bytes(), "clipboard").ok(),
                _ => None,
            })
        });
        let Some(pieces) = pasted.or_else(|| self.state.clipboard.clone()) else {
            return self
                .state
                .status
                .info("nothing to paste: copy something first");
        };
        let offset = match self.state.cursor {
            Some(at) => self.state.input.snapped(at - pieces.bounds().center()),
            None => self.step_offset(),
        };
        self.add_pieces(&pieces, offset, "pasted");
    }

    /// Copies and pastes the selection one grid step off.
    pub(super) fn duplicate(&mut self) {
        let group = self.state.selection.group();
        if group.is_empty() {
            return self.state.status.info(NOTHING_SELECTED);
        }
        let pieces = group.copied(self.state.doc.scene());
        self.add_pieces(&pieces, self.step_offset(), "duplicated");
    }

    /// Selects every ring and link of the scene.
    pub(super) fn select_all(&mut self) {
        let scene = self.state.doc.scene();
        let group = Group::inside(scene, scene.bounds());
        self.state
            .status
            .info(format!("selected {}", group.describe()));
        self.state.selection = Selection::of(group);
    }

    /// One grid step right and down.
    fn step_offset(&self) -> Point {
        let step = self.state.settings.grid_step(&self.state.view);
        Point::new(step, -step)
    }

    fn add_pieces(&mut self, pieces: &Scene, offset: Point, done: &str) {
        let (edits, group) = paste(self.state.doc.scene(), pieces, offset);
        if edits.is_empty() {
            return self
                .state
                .status
                .info("nothing to paste: the clipboard is empty");
        }
        match self.apply_as_one(edits) {
            Ok(()) => {
                self.state
                    .status
                    .info(format!("{done} {}", group.describe()));
                self.state.selection = Selection::of(group);
            }
            Err(e) => self.state.status.error(format!("cannot paste: {e}")),
        }
    }
}

/// The edits that add every ring (in `pieces`' painting order) and link of `pieces` to `scene`,
/// moved by `offset`, and the group the new things make once applied. Pasted links get a
/// fresh name when theirs is taken (link names are unique).
pub fn paste(scene: &Scene, pieces: &Scene, offset: Point) -> (Vec<Edit>, Group) {
    let mut edits = Vec::new();
    let mut added = Vec::new();
    let (mut walkable, mut obstacles, mut costs) = (
        scene.walkable.len(),
        scene.obstacles.len(),
        scene.costs.len(),
    );
    for r in pieces.areas() {
        let Some(ring) = pieces.ring(r).map(|ring| ring.translated(offset)) else {
            continue;
        };
        let (edit, new) = match r {
            RingRef::Walkable(_) => {
                walkable += 1;
                (Edit::AddWalkable(ring), RingRef::Walkable(walkable - 1))
            }
            RingRef::Obstacle(i) => {
                obstacles += 1;
                let name = pieces.obstacles[i].name.clone();
                let edit = Edit::AddObstacle { name, ring };
                (edit, RingRef::Obstacle(obstacles - 1))
            }
            RingRef::Cost(i) => {
                costs += 1;
                let area = crate::scene::CostArea {
                    ring,
                    ..pieces.costs[i].clone()
                };
                (Edit::AddCostArea(area), RingRef::Cost(costs - 1))
            }
        };
        edits.push(edit);
        added.push(Item::Ring(new));
    }
    let mut names: Vec<String> = scene.links.iter().map(|l| l.name.clone()).collect();
    for (k, link) in pieces.links.iter().enumerate() {
        let name = if names.contains(&link.name) {
            (1..)
                .map(|n| format!("link {n}"))
                .find(|n| !names.contains(n))
                .unwrap_or_default()
        } else {
            link.name.clone()
        };
        names.push(name.clone());
        let index = scene.links.len() + k;
        let link = Link {
            name,
            from: link.from + offset,
            to: link.to + offset,
            ..link.clone()
        };
        edits.push(Edit::SetLink { index, link });
        added.push(Item::Link(index));
    }
    (edits, added.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;
    use crate::geom::Ring;
    use crate::scene::{Obstacle, ObstacleId};

    fn square(x: f64, y: f64) -> Ring {
        Ring::new(vec![
            Point::new(x, y),
            Point::new(x + 1.0, y),
            Point::new(x + 1.0, y + 1.0),
            Point::new(x, y + 1.0),
        ])
    }

    #[test]
    fn pasted_things_are_new_moved_and_form_the_returned_group() {
        let scene = Scene {
            walkable: vec![square(0.0, 0.0)],
            obstacles: vec![Obstacle {
                id: ObstacleId(0),
                name: "crate".into(),
                ring: square(2.0, 2.0),
            }],
            links: vec![Link::new(
                "link 1",
                Point::new(0.5, 0.5),
                Point::new(3.0, 3.0),
            )],
            ..Scene::default()
        };
        let copied: Group = [Item::Ring(RingRef::Obstacle(0)), Item::Link(0)]
            .into_iter()
            .collect();
        let pieces = copied.copied(&scene);
        let mut doc = Document::new(scene.clone());
        let (edits, group) = paste(&scene, &pieces, Point::new(10.0, 0.0));
        for edit in edits {
            doc.apply(edit).unwrap();
        }
        let after = doc.scene();
        assert_eq!(after.obstacles.len(), 2);
        assert_eq!(after.obstacles[1].name, "crate");
        assert_eq!(after.obstacles[1].ring, square(12.0, 2.0));
        assert_ne!(after.obstacles[1].id, after.obstacles[0].id);
        assert_eq!(after.links[1].name, "link 2", "link names stay unique");
        assert_eq!(after.links[1].from, Point::new(10.5, 0.5));
        let expected: Group = [Item::Ring(RingRef::Obstacle(1)), Item::Link(1)]
            .into_iter()
            .collect();
        assert_eq!(group, expected);
        assert!(after.link_problems().is_empty());
    }
}
