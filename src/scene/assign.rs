//! Making a kept copy of a scene equal to the scene again after an edit, copying only what
//! differs: an edit changes one ring of thousands, and a whole copy allocates every ring and
//! name again (the incremental rebuild keeps the scene it last saw).

use super::Scene;

impl Scene {
    /// Makes this scene equal to `other`, copying only the items that differ from it (list
    /// items compared in place: an item taken out of a list copies every item after it).
    pub fn assign_from(&mut self, other: &Scene) {
        let Scene {
            agent_radius,
            walkable,
            obstacles,
            queries,
            agents,
            reference,
            costs,
            order,
            walkable_names,
            links,
        } = other;
        self.agent_radius = *agent_radius;
        assign_list(&mut self.walkable, walkable);
        assign_list(&mut self.obstacles, obstacles);
        assign_list(&mut self.queries, queries);
        assign_list(&mut self.agents, agents);
        if self.reference != *reference {
            self.reference.clone_from(reference);
        }
        assign_list(&mut self.costs, costs);
        assign_list(&mut self.order, order);
        assign_list(&mut self.walkable_names, walkable_names);
        assign_list(&mut self.links, links);
    }
}

/// Makes `list` equal to `other`, copying only the items that differ.
fn assign_list<T: Clone + PartialEq>(list: &mut Vec<T>, other: &[T]) {
    list.truncate(other.len());
    for (mine, theirs) in list.iter_mut().zip(other) {
        if mine != theirs {
            mine.clone_from(theirs);
        }
    }
    let kept = list.len();
    list.extend_from_slice(&other[kept..]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Point, Ring};
    use crate::scene::generate::rotated_squares;

    #[test]
    fn a_scene_assigned_from_an_edited_one_equals_it() {
        let before = rotated_squares(4, 4, 10.0, 0.5, 1);
        let mut edits: Vec<Scene> = Vec::new();
        let mut moved = before.clone();
        moved.obstacles[5].ring = Ring(vec![
            Point::new(1.0, 1.0),
            Point::new(2.0, 1.0),
            Point::new(1.0, 2.0),
        ]);
        edits.push(moved);
        let mut removed = before.clone();
        removed.obstacles.remove(3);
        removed.obstacles[7].name = "renamed".into();
        edits.push(removed);
        let mut added = before.clone();
        added.obstacles.push(before.obstacles[0].clone());
        added.agent_radius = 2.0;
        added.walkable.clear();
        edits.push(added);
        for edited in edits {
            let mut kept = before.clone();
            kept.assign_from(&edited);
            assert_eq!(kept, edited);
        }
    }
}
