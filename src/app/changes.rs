//! What an undo or redo changed, in words ("obstacles 15 to 14", "agent radius 0.5 to 0.8"),
//! so the status bar can say what a history step did.

use crate::numbers::compact;
use crate::scene::Scene;

/// The differences between `before` and `after`, joined by ", "; "nothing visible" when
/// there are none to name (the painting order, say).
pub fn describe(before: &Scene, after: &Scene) -> String {
    let (x, y) = (before, after);
    let mut said: Vec<String> = [
        list("walkable areas", &x.walkable, &y.walkable),
        list("obstacles", &x.obstacles, &y.obstacles),
        list("cost areas", &x.costs, &y.costs),
        list("queries", &x.queries, &y.queries),
        list("links", &x.links, &y.links),
    ]
    .into_iter()
    .flatten()
    .collect();
    if x.walkable_names != y.walkable_names && x.walkable.len() == y.walkable.len() {
        said.push("walkable areas renamed".to_string());
    }
    if x.agent_radius.to_bits() != y.agent_radius.to_bits() {
        said.push(format!(
            "agent radius {} to {}",
            compact(x.agent_radius),
            compact(y.agent_radius)
        ));
    }
    if x.reference != y.reference {
        said.push("reference image changed".to_string());
    }
    if said.is_empty() {
        return "nothing visible".to_string();
    }
    said.join(", ")
}

/// "obstacles 15 to 14" when the count changed, "obstacles edited" when only the content did.
fn list<T: PartialEq>(kind: &str, a: &[T], b: &[T]) -> Option<String> {
    if a.len() != b.len() {
        Some(format!("{kind} {} to {}", a.len(), b.len()))
    } else if a != b {
        Some(format!("{kind} edited"))
    } else {
        None
    }
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
