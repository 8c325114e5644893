//! What an undo or redo changed, in words ("obstacles 15 to 14", "agent radius 0.5 to 0.8"),
//! so the status bar can say what a history step did.

use crate::numbers::compact;
use crate::scene::Scene;

/// The differences between `before` and `after`, joined by ", "; "nothing visible" when
/// there are none to name (the painting order, say).
pub fn describe(before: &Scene, after: &Scene) -> String {
    let mut said = Vec::new();
    let mut list = |kind: &str, a: usize, b: usize, same: bool| {
        if a != b {
            said.push(format!("{kind} {a} to {b}"));
        } else if !same {
            said.push(format!("{kind} edited"));
        }
    };
    list(
        "walkable areas",
        before.walkable.len(),
        after.walkable.len(),
        before.walkable == after.walkable && before.walkable_names == after.walkable_names,
    );
    list(
        "obstacles",
        before.obstacles.len(),
        after.obstacles.len(),
        before.obstacles == after.obstacles,
    );
    list(
        "cost areas",
        before.costs.len(),
        after.costs.len(),
        before.costs == after.costs,
    );
    list(
        "queries",
        before.queries.len(),
        after.queries.len(),
        before.queries == after.queries,
    );
    list(
        "links",
        before.links.len(),
        after.links.len(),
        before.links == after.links,
    );
    if before.agent_radius.to_bits() != after.agent_radius.to_bits() {
        said.push(format!(
            "agent radius {} to {}",
            compact(before.agent_radius),
            compact(after.agent_radius)
        ));
    }
    if before.reference != after.reference {
        said.push("reference image changed".to_string());
    }
    if said.is_empty() {
        return "nothing visible".to_string();
    }
    said.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Point;
    use crate::scene::Query;

    #[test]
    fn names_counts_edits_and_the_radius() {
        let before = Scene::default();
        let mut after = before.clone();
        after.agent_radius = 0.8;
        after.queries.push(Query {
            name: "a".into(),
            start: Point::ZERO,
            goal: Point::ZERO,
        });
        assert_eq!(
            describe(&before, &after),
            "queries 0 to 1, agent radius 0.5 to 0.8"
        );
        let mut moved = after.clone();
        moved.queries[0].goal = Point::new(1.0, 0.0);
        assert_eq!(describe(&after, &moved), "queries edited");
        assert_eq!(describe(&after, &after), "nothing visible");
    }
}
