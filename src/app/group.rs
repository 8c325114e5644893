//! `Group`: several rings and links selected at once (box select, shift+click), and the edits
//! that move or delete them together.

use crate::document::Edit;
use crate::geom::{Aabb, Point};
use crate::scene::{Link, RingRef, Scene};
use std::collections::BTreeSet;

/// One thing of a scene a group can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Item {
    Ring(RingRef),
    /// An off-mesh link, by index.
    Link(usize),
}

/// A set of rings and links. Ordered by kind, then index, so that deleting in reverse order
/// never shifts an index still to be deleted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Group(BTreeSet<Item>);

impl FromIterator<Item> for Group {
    fn from_iter<I: IntoIterator<Item = Item>>(items: I) -> Self {
        Group(items.into_iter().collect())
    }
}

impl Group {
    /// Every ring wholly inside `area` (all its corners) and every link with both ends in it.
    pub fn inside(scene: &Scene, area: Aabb) -> Group {
        let rings = scene
            .rings()
            .filter(|(_, ring)| !ring.is_empty() && ring.points().iter().all(|&p| area.contains(p)))
            .map(|(r, _)| Item::Ring(r));
        let links = scene.links.iter().enumerate();
        let links = links
            .filter(|(_, l)| area.contains(l.from) && area.contains(l.to))
            .map(|(i, _)| Item::Link(i));
        rings.chain(links).collect()
    }

    pub fn items(&self) -> impl DoubleEndedIterator<Item = Item> + '_ {
        self.0.iter().copied()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn contains(&self, item: Item) -> bool {
        self.0.contains(&item)
    }

    /// Both groups' items.
    pub fn union(&self, other: &Group) -> Group {
        self.0.union(&other.0).copied().collect()
    }

    /// With `item` added, or taken out when it was in already (shift+click).
    pub fn toggled(&self, item: Item) -> Group {
        let mut items = self.0.clone();
        if !items.remove(&item) {
            items.insert(item);
        }
        Group(items)
    }

    /// The items that exist in `scene`.
    pub fn valid_in(&self, scene: &Scene) -> Group {
        self.items()
            .filter(|&item| match item {
                Item::Ring(r) => scene.ring(r).is_some(),
                Item::Link(i) => i < scene.links.len(),
            })
            .collect()
    }

    /// The edits that put every item at its place in `original` moved by `delta`.
    pub fn moved(&self, original: &Scene, delta: Point) -> Vec<Edit> {
        self.items()
            .filter_map(|item| match item {
                Item::Ring(r) => original
                    .ring(r)
                    .map(|ring| Edit::SetRing(r, ring.translated(delta))),
                Item::Link(index) => original.links.get(index).map(|l| Edit::SetLink {
                    index,
                    link: Link {
                        from: l.from + delta,
                        to: l.to + delta,
                        ..l.clone()
                    },
                }),
            })
            .collect()
    }

    /// The edits that remove every item, later indices first.
    pub fn deleted(&self) -> Vec<Edit> {
        self.items()
            .rev()
            .map(|item| match item {
                Item::Ring(r) => Edit::DeleteRing(r),
                Item::Link(i) => Edit::DeleteLink(i),
            })
            .collect()
    }

    /// A point of the group a drag snaps by (its first corner or link end).
    pub fn anchor(&self, scene: &Scene) -> Point {
        self.items()
            .find_map(|item| match item {
                Item::Ring(r) => scene
                    .ring(r)
                    .and_then(|ring| ring.points().first().copied()),
                Item::Link(i) => scene.links.get(i).map(|l| l.from),
            })
            .unwrap_or_default()
    }

    /// What the group holds, counted by kind: `2 obstacles, 1 cost area and 1 link`.
    pub fn describe(&self) -> String {
        let count = |f: fn(&Item) -> bool| self.0.iter().filter(|i| f(i)).count();
        let kinds = [
            (
                count(|i| matches!(i, Item::Ring(RingRef::Walkable(_)))),
                "walkable outline",
            ),
            (
                count(|i| matches!(i, Item::Ring(RingRef::Obstacle(_)))),
                "obstacle",
            ),
            (
                count(|i| matches!(i, Item::Ring(RingRef::Cost(_)))),
                "cost area",
            ),
            (count(|i| matches!(i, Item::Link(_))), "link"),
        ];
        let parts: Vec<String> = kinds
            .into_iter()
            .filter(|&(n, _)| n > 0)
            .map(|(n, what)| crate::numbers::count(n, what))
            .collect();
        match parts.split_last() {
            None => "nothing".into(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        }
    }

    /// The group's rings (in painting order) and links as a scene of their own, with the
    /// agent radius of `scene`.
    pub fn copied(&self, scene: &Scene) -> Scene {
        let mut pieces = Scene {
            agent_radius: scene.agent_radius,
            ..Scene::default()
        };
        let mut order = Vec::new();
        for r in scene.areas() {
            if !self.contains(Item::Ring(r)) {
                continue;
            }
            match r {
                RingRef::Walkable(i) => {
                    order.push(RingRef::Walkable(pieces.walkable.len()));
                    pieces.walkable.push(scene.walkable[i].clone());
                    pieces
                        .walkable_names
                        .push(scene.walkable_name(i).to_string());
                }
                RingRef::Obstacle(i) => {
                    order.push(RingRef::Obstacle(pieces.obstacles.len()));
                    let mut obstacle = scene.obstacles[i].clone();
                    obstacle.id = pieces.next_obstacle_id();
                    pieces.obstacles.push(obstacle);
                }
                RingRef::Cost(i) => {
                    order.push(RingRef::Cost(pieces.costs.len()));
                    pieces.costs.push(scene.costs[i].clone());
                }
            }
        }
        if pieces.walkable_names.iter().all(String::is_empty) {
            pieces.walkable_names.clear();
        }
        pieces.set_order(order);
        pieces.links = self
            .items()
            .filter_map(|item| match item {
                Item::Link(i) => scene.links.get(i).cloned(),
                Item::Ring(_) => None,
            })
            .collect();
        pieces
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Ring;
    use crate::scene::{Obstacle, ObstacleId};

    fn square(x: f64, y: f64, s: f64) -> Ring {
        Ring::new(vec![
            Point::new(x, y),
            Point::new(x + s, y),
            Point::new(x + s, y + s),
            Point::new(x, y + s),
        ])
    }

    fn scene() -> Scene {
        let obstacle = |id: u32, x: f64| Obstacle {
            id: ObstacleId(id),
            name: format!("o{id}"),
            ring: square(x, 5.0, 2.0),
        };
        Scene {
            walkable: vec![square(0.0, 0.0, 40.0)],
            obstacles: vec![obstacle(0, 5.0), obstacle(1, 10.0), obstacle(2, 30.0)],
            links: vec![
                Link::new("in", Point::new(6.0, 1.0), Point::new(12.0, 1.0)),
                Link::new("out", Point::new(6.0, 1.0), Point::new(35.0, 1.0)),
            ],
            ..Scene::default()
        }
    }

    #[test]
    fn a_box_takes_what_lies_wholly_inside_it() {
        let s = scene();
        let area = Aabb::from_points([Point::new(4.0, 0.0), Point::new(13.0, 8.0)]);
        let group = Group::inside(&s, area);
        let items: Vec<Item> = group.items().collect();
        assert_eq!(
            items,
            vec![
                Item::Ring(RingRef::Obstacle(0)),
                Item::Ring(RingRef::Obstacle(1)),
                Item::Link(0)
            ]
        );
        assert_eq!(group.describe(), "2 obstacles and 1 link");
    }

    #[test]
    fn deleting_goes_from_the_last_index_down() {
        let group: Group = [
            Item::Ring(RingRef::Obstacle(0)),
            Item::Link(1),
            Item::Ring(RingRef::Obstacle(2)),
            Item::Link(0),
        ]
        .into_iter()
        .collect();
        assert_eq!(
            group.deleted(),
            vec![
                Edit::DeleteLink(1),
                Edit::DeleteLink(0),
                Edit::DeleteRing(RingRef::Obstacle(2)),
                Edit::DeleteRing(RingRef::Obstacle(0)),
            ]
        );
    }

    #[test]
    fn toggling_adds_then_removes() {
        let one = Group::default().toggled(Item::Link(3));
        assert!(one.contains(Item::Link(3)));
        assert!(one.toggled(Item::Link(3)).is_empty());
    }

    #[test]
    fn a_copy_keeps_painting_order_names_and_links() {
        let s = scene();
        let group: Group = [Item::Ring(RingRef::Obstacle(2)), Item::Link(0)]
            .into_iter()
            .collect();
        let pieces = group.copied(&s);
        assert!(pieces.walkable.is_empty());
        assert_eq!(pieces.obstacles.len(), 1);
        assert_eq!(pieces.obstacles[0].name, "o2");
        assert_eq!(pieces.obstacles[0].ring, s.obstacles[2].ring);
        assert_eq!(pieces.links, vec![s.links[0].clone()]);
    }
}
