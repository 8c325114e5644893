//! Query list edits (add, rename, duplicate, delete): each is one document edit with the
//! status-bar sentence saying what it did and the query to show afterwards.

use crate::document::Edit;
use crate::geom::Point;
use crate::nav::{ComponentId, NavMesh, TriId};
use crate::scene::{Query, Scene};

/// What the query list asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum QueryEdit {
    /// A new query across the middle of the scene (on the navmesh, when there is one), shown
    /// and ready for the Start / goal tool.
    Add,
    Rename {
        index: usize,
        name: String,
    },
    Duplicate(usize),
    Delete(usize),
}

/// A query edit turned into a document edit.
#[derive(Clone, Debug, PartialEq)]
pub struct Planned {
    pub edit: Edit,
    /// What the edit did, for the status bar.
    pub message: String,
    /// The query to show once it is applied.
    pub show: usize,
}

/// The name a query is shown under: its own, or "query N" (1-based) when it has none.
pub fn display_name(scene: &Scene, index: usize) -> String {
    match scene.queries.get(index) {
        Some(q) if !q.name.is_empty() => q.name.clone(),
        _ => format!("query {}", index + 1),
    }
}

/// The indices of the queries whose shown name contains `filter` (ignoring case); all of
/// them for an empty filter.
pub fn matching(scene: &Scene, filter: &str) -> Vec<usize> {
    let filter = filter.trim().to_lowercase();
    (0..scene.queries.len())
        .filter(|&i| filter.is_empty() || display_name(scene, i).to_lowercase().contains(&filter))
        .collect()
}

/// The document edit for `edit` on `scene` (whose navmesh is `mesh`, when it built), or why
/// there is none.
pub fn plan(scene: &Scene, mesh: Option<&NavMesh>, edit: QueryEdit) -> Result<Planned, String> {
    let count = scene.queries.len();
    let exists = |index: usize| {
        if index < count {
            Ok(())
        } else {
            Err(format!(
                "query {} does not exist (the scene has {count})",
                index + 1
            ))
        }
    };
    Ok(match edit {
        QueryEdit::Add => {
            let name = unused_name(scene, "query", count + 1);
            let (start, goal) = across(scene, mesh);
            Planned {
                message: format!(
                    "added \"{name}\": click to place its start, Shift+click its goal"
                ),
                edit: Edit::SetQuery {
                    index: count,
                    query: Query { name, start, goal },
                },
                show: count,
            }
        }
        QueryEdit::Rename { index, name } => {
            exists(index)?;
            let old = display_name(scene, index);
            let name = name.trim().to_string();
            let query = Query {
                name: name.clone(),
                ..scene.queries[index].clone()
            };
            let new = if name.is_empty() {
                format!("no name (shown as \"query {}\")", index + 1)
            } else {
                format!("\"{name}\"")
            };
            Planned {
                message: format!("renamed \"{old}\" to {new}"),
                edit: Edit::SetQuery { index, query },
                show: index,
            }
        }
        QueryEdit::Duplicate(index) => {
            exists(index)?;
            let old = display_name(scene, index);
            let name = unused_name(scene, &format!("{old} copy"), 1);
            Planned {
                message: format!("duplicated \"{old}\" as \"{name}\""),
                edit: Edit::SetQuery {
                    index: count,
                    query: Query {
                        name,
                        ..scene.queries[index].clone()
                    },
                },
                show: count,
            }
        }
        QueryEdit::Delete(index) => {
            exists(index)?;
            let edit = Edit::DeleteQuery(index);
            Planned {
                message: super::removals::removal(scene, &edit).unwrap_or_default(),
                edit,
                show: index.min(count.saturating_sub(2)),
            }
        }
    })
}

/// `base`, or `base N` for the first N from `from` on (`from` 1 tries `base` itself first),
/// that no query is called yet.
fn unused_name(scene: &Scene, base: &str, from: usize) -> String {
    let taken = |name: &str| scene.queries.iter().any(|q| q.name == name);
    if from <= 1 && !taken(base) {
        return base.to_string();
    }
    (from.max(2)..)
        .map(|k| format!("{base} {k}"))
        .find(|name| !taken(name))
        .unwrap_or_else(|| base.to_string())
}

/// Start and goal a new query gets: a quarter and three quarters across the middle of the
/// scene's bounds (the origin and (1, 0) for an empty scene), each moved into `mesh` when it
/// is outside (to the nearest triangle centre; the goal in the start's component), so the new
/// query has a path.
fn across(scene: &Scene, mesh: Option<&NavMesh>) -> (Point, Point) {
    let b = scene.bounds();
    if b.is_empty() {
        return (Point::ZERO, Point::new(1.0, 0.0));
    }
    let y = 0.5 * (b.min.y + b.max.y);
    let x = |t: f64| b.min.x + t * b.width();
    let (start, goal) = (Point::new(x(0.25), y), Point::new(x(0.75), y));
    let Some(mesh) = mesh.filter(|m| m.triangle_count() > 0) else {
        return (start, goal);
    };
    let (start, from) = onto(mesh, start, None);
    let (goal, _) = onto(mesh, goal, from.map(|t| mesh.component(t)));
    (start, goal)
}

/// `p` when a triangle of `mesh` (in `component`, if given) holds it, else the nearest such
/// triangle's centre; with the triangle.
fn onto(mesh: &NavMesh, p: Point, component: Option<ComponentId>) -> (Point, Option<TriId>) {
    let ok = |t: &TriId| component.is_none_or(|c| mesh.component(*t) == c);
    if let Some(t) = mesh.locate(p).triangle().filter(ok) {
        return (p, Some(t));
    }
    mesh.triangle_ids()
        .filter(ok)
        .map(|t| (mesh.centroid(t), Some(t)))
        .min_by(|a, b| a.0.distance(p).total_cmp(&b.0.distance(p)))
        .unwrap_or((p, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene(names: &[&str]) -> Scene {
        Scene {
            queries: names
                .iter()
                .map(|n| Query {
                    name: n.to_string(),
                    start: Point::ZERO,
                    goal: Point::new(1.0, 1.0),
                })
                .collect(),
            ..Scene::default()
        }
    }

    #[test]
    fn new_names_never_repeat_an_existing_one() {
        let s = scene(&["query 2", "a", "a copy"]);
        assert_eq!(unused_name(&s, "query", 3), "query 3");
        assert_eq!(unused_name(&s, "query", 2), "query 3");
        assert_eq!(unused_name(&s, "a copy", 1), "a copy 2");
        assert_eq!(unused_name(&s, "b copy", 1), "b copy");
    }

    #[test]
    fn the_filter_matches_shown_names_ignoring_case() {
        let s = scene(&["Kitchen", "", "hall"]);
        assert_eq!(matching(&s, "kit"), [0]);
        assert_eq!(matching(&s, "QUERY 2"), [1]);
        assert_eq!(matching(&s, " "), [0, 1, 2]);
    }

    #[test]
    fn a_missing_query_is_named_one_based() {
        let err = plan(&scene(&["a"]), None, QueryEdit::Delete(1)).unwrap_err();
        assert_eq!(err, "query 2 does not exist (the scene has 1)");
    }
}
