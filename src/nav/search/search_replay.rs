//! Replaying an A* trace ([`astar_trace`](super::astar::astar_trace)) up to a step: the open and closed
//! triangles, the parent links and the costs as they were then. Step k is the state after the
//! k-th triangle was closed and its neighbours opened; step 0 has only the start triangles open.

use super::astar::SearchEvent;
use crate::nav::mesh::ids::TriId;
use std::collections::HashMap;

/// What the search knew about one triangle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchNode {
    /// The triangle it was reached from (`None` for a start triangle).
    pub parent: Option<TriId>,
    pub g: f64,
    pub h: f64,
    pub closed: bool,
}

impl SearchNode {
    pub fn f(&self) -> f64 {
        self.g + self.h
    }
}

/// The search state after some steps of a trace.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchReplay {
    /// Every triangle reached so far.
    pub nodes: HashMap<TriId, SearchNode>,
    /// Triangles in the order they were closed.
    pub closed: Vec<TriId>,
    /// The goal triangle and the path length, once the search has ended with a path.
    pub found: Option<(TriId, f64)>,
}

impl SearchReplay {
    /// How many steps `events` has (one per closed triangle).
    pub fn steps(events: &[SearchEvent]) -> usize {
        events
            .iter()
            .filter(|e| matches!(e, SearchEvent::Close { .. }))
            .count()
    }

    /// The state after `step` steps of `events` (clamped to the last step).
    pub fn at(events: &[SearchEvent], step: usize) -> SearchReplay {
        let mut state = SearchReplay::default();
        for e in events {
            match *e {
                SearchEvent::Open { tri, parent, g, h } => {
                    state.nodes.insert(
                        tri,
                        SearchNode {
                            parent,
                            g,
                            h,
                            closed: false,
                        },
                    );
                }
                SearchEvent::Close { tri, .. } => {
                    if state.closed.len() == step {
                        break;
                    }
                    if let Some(node) = state.nodes.get_mut(&tri) {
                        node.closed = true;
                    }
                    state.closed.push(tri);
                }
                SearchEvent::Found { tri, length } => state.found = Some((tri, length)),
            }
        }
        state
    }

    /// Triangles on the open list.
    pub fn open(&self) -> impl Iterator<Item = TriId> + '_ {
        self.nodes
            .iter()
            .filter(|(_, n)| !n.closed)
            .map(|(&t, _)| t)
    }

    /// The chain of parent links from a start triangle to `tri` (empty if `tri` was not
    /// reached).
    pub fn chain_to(&self, tri: TriId) -> Vec<TriId> {
        let mut chain = Vec::new();
        let mut cursor = self.nodes.get(&tri).map(|_| tri);
        while let Some(t) = cursor {
            // Parent links form a tree; the bound only guards a malformed trace.
            if chain.len() > self.nodes.len() {
                return Vec::new();
            }
            chain.push(t);
            cursor = self.nodes.get(&t).and_then(|n| n.parent);
        }
        chain.reverse();
        chain
    }

    /// The corridor's triangles once the search has found a path.
    pub fn corridor(&self) -> Option<Vec<TriId>> {
        self.found.map(|(tri, _)| self.chain_to(tri))
    }
}
