//! Off-mesh links in the search: every usable link placed on a mesh as jumps (a bidirectional
//! link both ways), listed by the triangles holding their start, and what a search through
//! them yields: the corridor pieces ([`Leg`]s) after each link taken.
//!
//! ```text
//!   start ~~ piece 0 ~~> from ==link==> to ~~ leg 0 ~~> from ==link==> to ~~ leg 1 ~~> goal
//! ```
//! A link is usable when both its ends lie inside the mesh's free space; the others are left
//! out (the diagnosis says why, see `explain::diagnosis`). Taking a link costs its
//! [`Link::cost`] (its straight length by default); since that may be less than the distance it
//! spans, the straight-line heuristic is scaled by the smallest cost per unit of length of any
//! move (1 when no link is cheaper than its length), which keeps it admissible and consistent.

use super::corridor::Corridor;
use crate::geom::Point;
use crate::nav::mesh::ids::TriId;
use crate::nav::mesh::navmesh::NavMesh;
use crate::scene::Link;

/// One way across a link.
#[derive(Clone, Debug, PartialEq)]
pub struct Jump {
    /// The link's index in the scene (and build).
    pub link: usize,
    pub from: Point,
    pub to: Point,
    pub cost: f64,
    /// The triangles holding `to`.
    pub to_tris: Vec<TriId>,
}

/// The usable links of a mesh, as jumps by the triangle holding their start.
#[derive(Clone, Debug, PartialEq)]
pub struct Jumps {
    jumps: Vec<Jump>,
    /// (triangle holding a jump's `from`, jump index), sorted.
    by_triangle: Vec<(TriId, u32)>,
    /// No move costs less than this per unit of straight distance (at most 1).
    heuristic_scale: f64,
}

impl Default for Jumps {
    /// No links: a plain search.
    fn default() -> Self {
        Jumps {
            jumps: Vec::new(),
            by_triangle: Vec::new(),
            heuristic_scale: 1.0,
        }
    }
}

/// A corridor piece walked after taking a link.
#[derive(Clone, Debug, PartialEq)]
pub struct Leg {
    /// The link taken (its index in the scene), from the previous piece's goal to this
    /// corridor's start.
    pub link: usize,
    pub corridor: Corridor,
}

/// The triangles holding a link's ends on `mesh`, when both lie inside its free space (or off
/// it by rounding only: see `NavMesh::locate_near`).
pub fn link_ends(mesh: &NavMesh, link: &Link) -> Option<(Vec<TriId>, Vec<TriId>)> {
    let ((_, from), (_, to)) = (mesh.locate_near(link.from)?, mesh.locate_near(link.to)?);
    Some((mesh.triangles_at(&from), mesh.triangles_at(&to)))
}

impl Jumps {
    /// Places `links` on `mesh`, leaving out the links with an end outside the free space.
    pub fn place(mesh: &NavMesh, links: &[Link]) -> Jumps {
        let mut out = Jumps::default();
        for (index, link) in links.iter().enumerate() {
            let Some((from_tris, to_tris)) = link_ends(mesh, link) else {
                continue;
            };
            let cost = link.cost();
            let length = link.from.distance(link.to);
            if length > 0.0 {
                out.heuristic_scale = out.heuristic_scale.min(cost / length);
            }
            let mut add = |from: Point, to: Point, starts: &[TriId], ends: Vec<TriId>| {
                let j = out.jumps.len() as u32;
                out.by_triangle.extend(starts.iter().map(|&t| (t, j)));
                out.jumps.push(Jump {
                    link: index,
                    from,
                    to,
                    cost,
                    to_tris: ends,
                });
            };
            if link.bidirectional {
                add(link.to, link.from, &to_tris, from_tris.clone());
            }
            add(link.from, link.to, &from_tris, to_tris);
        }
        out.by_triangle.sort_unstable();
        out
    }

    pub fn is_empty(&self) -> bool {
        self.jumps.is_empty()
    }

    /// The factor of the straight-line heuristic (see the module documentation).
    pub fn heuristic_scale(&self) -> f64 {
        self.heuristic_scale
    }

    /// Jump `j`.
    pub fn jump(&self, j: u32) -> &Jump {
        &self.jumps[j as usize]
    }

    /// Every jump, with each triangle holding its start.
    pub fn each(&self) -> impl Iterator<Item = (TriId, &Jump)> + '_ {
        (self.by_triangle.iter()).map(|&(t, j)| (t, &self.jumps[j as usize]))
    }

    /// The jumps starting in triangle `t`, by index.
    pub fn starting_in(&self, t: TriId) -> impl Iterator<Item = u32> + '_ {
        let first = self.by_triangle.partition_point(|&(s, _)| s < t);
        self.by_triangle[first..]
            .iter()
            .take_while(move |&&(s, _)| s == t)
            .map(|&(_, j)| j)
    }
}
