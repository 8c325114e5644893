//! Corridor optimisations (Mononen, "Path corridor optimizations"): rework the beginning of an
//! A* corridor so its funnel path gets shorter. A corridor chosen by A*'s estimated crossing
//! costs may go round the wrong side of an obstacle; both fixes look for a better start and
//! splice it onto the rest of the corridor.
//!
//! - **Visibility**: a walkability raycast from the start to a later point of the funnel path
//!   (the goal first, then each point where it crosses a portal, farthest first); the
//!   triangles the first ray that gives a shorter corridor walks replace the corridor up to
//!   the last corridor triangle among them. (Rays to the path's corners, as in the seed,
//!   never pass here: every corner is a wall vertex the path turns round.)
//! - **Topology**: a best-first search from the start triangle bounded to a number of expanded
//!   triangles, ranking a chain of triangles by the length of the shortest path from the start
//!   through its edges to the goal (a real path length and a lower bound of every path through
//!   the chain). The corridor is walked back from its end to the last triangle the search
//!   expanded, and its beginning replaced by the search's chain to that triangle.
//! ```text
//!   S . . . ray . . . q --> G     corridor S -> under the block -> q becomes
//!   |    +-------+   /          the ray's triangles S -> q, then the old corridor after q
//!   +----| block |--+
//! ```
//! A candidate is kept only when it is a valid corridor (`check_corridor`) and its
//! funnel path is strictly shorter (with cost areas: strictly cheaper, its length weighted by
//! them), so an optimisation never makes the funnel longer (dearer).

use crate::geom::Point;
use crate::nav::mesh::ids::TriId;
use crate::nav::mesh::navmesh::NavMesh;
use crate::nav::mesh::raycast::raycast_triangles;
use crate::nav::paths::funnel::{funnel_ends, string_pull};
use crate::nav::paths::measure::polyline_length;
use crate::nav::search::corridor::{Corridor, Portal, check_corridor};
use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};

/// Which corridor search to run and which optimisations to apply after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CorridorOptions {
    pub visibility: bool,
    pub topology: bool,
    /// Triangles the topology search may expand.
    pub topology_nodes: usize,
    /// The search that finds the corridor (default: A*).
    pub search: CorridorSearch,
}

impl Default for CorridorOptions {
    fn default() -> Self {
        CorridorOptions {
            visibility: false,
            topology: false,
            topology_nodes: TOPOLOGY_BUDGET,
            search: CorridorSearch::AStar,
        }
    }
}

/// A corridor optimisation by its name, as `--optimize` and scenario files list them;
/// `anytime` replaces the A* search by the anytime search ([`CorridorSearch`]).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Optimization {
    Visibility,
    Topology,
    Anytime,
}

/// The default budget of the topology optimisation (`--topology-nodes`).
pub const TOPOLOGY_BUDGET: usize = 64;

/// The anytime search's default budget (`--anytime-nodes`, the editor's lab).
pub const ANYTIME_BUDGET: usize = 64;

/// The search that finds a query's corridor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CorridorSearch {
    /// A* over triangles, costs measured between edge crossing points (`astar`).
    #[default]
    AStar,
    /// The anytime search whose costs follow the funnel (`anytime_search`), going on for at
    /// most `budget` polygons after its first corridor while a shorter one may exist.
    Anytime { budget: usize },
}

impl CorridorOptions {
    /// The options named by `list`, with the budgets of the topology optimisation and of the
    /// anytime search (each used only when its name is listed).
    pub fn from_list(list: &[Optimization], topology_nodes: usize, anytime_nodes: usize) -> Self {
        CorridorOptions {
            visibility: list.contains(&Optimization::Visibility),
            topology: list.contains(&Optimization::Topology),
            topology_nodes,
            search: match list.contains(&Optimization::Anytime) {
                true => CorridorSearch::Anytime {
                    budget: anytime_nodes,
                },
                false => CorridorSearch::AStar,
            },
        }
    }

    /// The names of the optimisations on, in the order `--optimize` lists them.
    pub fn list(&self) -> Vec<Optimization> {
        [
            (self.visibility, Optimization::Visibility),
            (self.topology, Optimization::Topology),
            (
                matches!(self.search, CorridorSearch::Anytime { .. }),
                Optimization::Anytime,
            ),
        ]
        .into_iter()
        .filter_map(|(on, o)| on.then_some(o))
        .collect()
    }

    /// True when any optimisation is on.
    pub fn any(&self) -> bool {
        self.visibility || self.topology
    }

    /// These options for the frames of an edit under way: A* in place of the anytime search,
    /// whose polygon and landmark tables are made again after every edit (about 0.2 s on a
    /// game map), the optimisations as they are.
    pub fn while_editing(self) -> CorridorOptions {
        CorridorOptions {
            search: CorridorSearch::AStar,
            ..self
        }
    }
}

/// Returns `corridor` with its optimised beginning, or a copy when nothing shorter was found.
/// Topology runs first (medium-term plan), then visibility (the start's view).
pub fn optimize_corridor(
    mesh: &NavMesh,
    corridor: &Corridor,
    options: &CorridorOptions,
) -> Corridor {
    let mut best = Best {
        length: funnel_cost(mesh, corridor),
        corridor: corridor.clone(),
    };
    if corridor.triangles.len() < 2 {
        return best.corridor;
    }
    if options.topology
        && let Some(c) = topology(mesh, &best.corridor, options.topology_nodes)
    {
        best.offer(mesh, c);
    }
    if options.visibility {
        let current = best.corridor.clone();
        for c in visibility_candidates(mesh, &current) {
            if best.offer(mesh, c) {
                break;
            }
        }
    }
    best.corridor
}

/// Length of a corridor's funnel path.
pub fn funnel_length(mesh: &NavMesh, corridor: &Corridor) -> f64 {
    polyline_length(&string_pull(&corridor.portals(mesh)))
}

/// What a corridor's funnel path costs: its length, weighted by the mesh's cost areas.
fn funnel_cost(mesh: &NavMesh, corridor: &Corridor) -> f64 {
    let costs = mesh.cost_map();
    match costs.is_empty() {
        true => funnel_length(mesh, corridor),
        false => costs.weighted_length(&string_pull(&corridor.portals(mesh))),
    }
}

/// The cheapest valid corridor offered so far.
struct Best {
    corridor: Corridor,
    length: f64,
}

impl Best {
    /// Keeps `candidate` if it is valid and its funnel path shorter (cheaper, with cost
    /// areas); true when kept.
    fn offer(&mut self, mesh: &NavMesh, candidate: Corridor) -> bool {
        if check_corridor(mesh, &candidate).is_err() {
            return false;
        }
        let length = funnel_cost(mesh, &candidate);
        let shorter = length < self.length;
        if shorter {
            *self = Best {
                corridor: candidate,
                length,
            };
        }
        shorter
    }
}

/// Joins `prefix` (neighbouring triangles from the corridor's first one) to the corridor at the
/// last corridor triangle it contains; `None` if the result is not a valid corridor or is the
/// corridor itself.
fn splice(mesh: &NavMesh, corridor: &Corridor, prefix: &[TriId]) -> Option<Corridor> {
    let position: HashMap<TriId, usize> = prefix.iter().enumerate().map(|(j, &t)| (t, j)).collect();
    let (i, j) = corridor
        .triangles
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, t)| position.get(t).map(|&j| (i, j)))?;
    let mut triangles = prefix[..=j].to_vec();
    triangles.extend_from_slice(&corridor.triangles[i + 1..]);
    if triangles == corridor.triangles {
        return None;
    }
    Corridor::from_triangles(mesh, corridor.start, corridor.goal, triangles)
}

/// Corridors through the triangles of walkability rays from the start to the goal and to
/// each point where the funnel path crosses a portal, farthest first (made as they are taken).
fn visibility_candidates<'a>(
    mesh: &'a NavMesh,
    corridor: &'a Corridor,
) -> impl Iterator<Item = Corridor> + 'a {
    let first = corridor.triangles[0];
    let portals = corridor.portals(mesh);
    let targets = funnel_crossings(&portals);
    targets.into_iter().skip(1).rev().filter_map(move |target| {
        let ray = raycast_triangles(mesh, first, corridor.start, target)?;
        splice(mesh, corridor, &ray)
    })
}

/// Where the funnel path through `portals` crosses each of them, the start and goal included.
fn funnel_crossings(portals: &[Portal]) -> Vec<Point> {
    let ends = funnel_ends(portals);
    let mut points = vec![portals[0].left];
    for w in ends.windows(2) {
        let (a, b) = (
            portals[w[0].portal].end(w[0].hand),
            portals[w[1].portal].end(w[1].hand),
        );
        let d = b - a;
        for p in &portals[w[0].portal + 1..w[1].portal] {
            let e = p.right - p.left;
            let across = e.cross(d);
            let s = if across != 0.0 {
                ((a - p.left).cross(d) / across).clamp(0.0, 1.0)
            } else {
                0.0
            };
            points.push(p.left.lerp(p.right, s));
        }
        points.push(b);
    }
    points
}

/// A triangle reached by the topology search.
struct Node {
    tri: TriId,
    parent: Option<usize>,
    /// The portal it was entered through (unused for the start node).
    portal: Portal,
}

/// An open node of a best-first search: its index and estimate; the heap pops the smallest
/// estimate first, the earlier node among equal ones (deterministic).
#[derive(PartialEq)]
pub(super) struct Open {
    pub(super) f: f64,
    pub(super) node: usize,
}

impl Eq for Open {}

impl Ord for Open {
    fn cmp(&self, o: &Self) -> Ordering {
        o.f.total_cmp(&self.f).then(o.node.cmp(&self.node))
    }
}

impl PartialOrd for Open {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// The bounded re-search of the corridor's beginning; `None` when it found nothing to change.
fn topology(mesh: &NavMesh, corridor: &Corridor, max_nodes: usize) -> Option<Corridor> {
    let (start, goal) = (corridor.start, corridor.goal);
    let first = corridor.triangles[0];
    let last = *corridor.triangles.last()?;
    let mut nodes = vec![Node {
        tri: first,
        parent: None,
        portal: Portal {
            left: start,
            right: start,
        },
    }];
    let mut heap = BinaryHeap::from([Open { f: 0.0, node: 0 }]);
    let mut expanded: HashMap<TriId, usize> = HashMap::new();
    while let Some(Open { node, .. }) = heap.pop() {
        let tri = nodes[node].tri;
        if expanded.contains_key(&tri) {
            continue;
        }
        expanded.insert(tri, node);
        if tri == last || expanded.len() >= max_nodes {
            break;
        }
        for (k, n) in mesh.neighbors(tri).into_iter().enumerate() {
            let Some(n) = n.filter(|n| !expanded.contains_key(n)) else {
                continue;
            };
            let (l, r) = mesh.edge_left_right(tri, k);
            nodes.push(Node {
                tri: n,
                parent: Some(node),
                portal: Portal {
                    left: mesh.vertex(l),
                    right: mesh.vertex(r),
                },
            });
            let f = chain_bound(&nodes, nodes.len() - 1, goal);
            heap.push(Open {
                f,
                node: nodes.len() - 1,
            });
        }
    }
    let end = corridor
        .triangles
        .iter()
        .rev()
        .find_map(|t| expanded.get(t).copied())?;
    let mut chain = Vec::new();
    let mut cursor = Some(end);
    while let Some(i) = cursor {
        chain.push(nodes[i].tri);
        cursor = nodes[i].parent;
    }
    chain.reverse();
    splice(mesh, corridor, &chain)
}

/// Length of the shortest path from the start through the portals of the chain ending at
/// `node`, then straight to `goal`.
fn chain_bound(nodes: &[Node], node: usize, goal: Point) -> f64 {
    let mut portals = vec![Portal {
        left: goal,
        right: goal,
    }];
    let mut cursor = Some(node);
    while let Some(i) = cursor {
        portals.push(nodes[i].portal);
        cursor = nodes[i].parent;
    }
    portals.reverse();
    polyline_length(&string_pull(&portals))
}
