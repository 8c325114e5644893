//! navscope: build navmeshes of 2D scenes for agents of a given radius and inspect the paths
//! made from them.
//!
//! Pipeline (each stage is a folder of `nav`; nothing is hidden in between):
//! ```text
//! Scene --validate/repair--> issues (warnings shown, errors stop the build)
//!   -> nav::build    inflate(scene, r) -> FreeSpace, triangulate -> NavMesh; the raw mesh (r = 0)
//!   -> nav::mesh     FreeSpace, NavMesh, ids, locate, fan, raycast, clearance widths (raw mesh)
//!   -> nav::search   astar (point) / clearance_astar (disc of radius r) -> Corridor + portals,
//!                    lengths weighted by the cost areas (a cost per triangle, `CostMap`)
//!   -> nav::paths    midpoint, smooth, funnel, tangent, offset, optimal; measure (length, clearance);
//!                    a Side (what one mesh answers: status, corridor, paths, timings), Variant
//!   -> nav::explain  why a query failed or went round: diagnosis, bottleneck, detour (of Sides)
//!   -> nav::query    the one query pass: both Sides, corridor optimisations, metrics, explained
//!   -> viz::draw     DrawList shared by the GUI, SVG/PNG export and tests (the answer's picture)
//! ```
//! Layering: a module imports only from modules listed before it here (`nav` stages in the order
//! above, `mesh` first as the data the others share); inside `nav` by full path, never through the
//! `nav` re-exports; no import cycles (`tests/layering.rs`); `nav::invariants` holds the checkers
//! and is imported by no production code; only `app` and `main.rs` use egui/eframe/rfd.
//!
//! Module map:
//! - `geom`: plane geometry, exact predicates, the segment grid.
//! - `rng`: the seeded generator behind random scenes and queries.
//! - `scene`: the scene document, its file format, validation, hit-testing and generators.
//! - `document`: the edited scene with undo history and revision.
//! - `nav`: navmeshes, searches, paths, queries and their explanations (stages above).
//! - `scenario`: saved queries with expected outcomes, replayed by `navscope check`.
//! - `lab`: many queries on one build, ratios between variants, timings, worst cases.
//! - `viz`: world-space draw lists with layers and styles.
//! - `export` / `import`: navmesh JSON, OBJ and SVG writers; readers of other tools' meshes.
//! - `cli`: the `navscope` commands.
//! - `app` (feature `gui`): the editor, painting `viz` draw lists with egui.
//!
//! Conventions: world units are f64, y points up, angles are radians counter-clockwise from +x,
//! outer rings are counter-clockwise and holes clockwise wherever orientation matters.

#![forbid(unsafe_code)]

pub mod cli;
pub mod document;
pub mod export;
pub mod fileio;
pub mod geom;
pub mod import;
pub mod lab;
pub mod nav;
pub mod numbers;
pub mod rng;
pub mod scenario;
pub mod scene;
mod union_find;
pub mod viz;

#[cfg(feature = "gui")]
pub mod app;
