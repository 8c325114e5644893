//! Queries through off-mesh links. A* on the shrunk mesh, with the build's usable links as extra
//! moves (`search::links`), picks the route; when it takes links, the query is answered piece
//! by piece (start -> first link's `from`, its `to` -> the next link's `from`, ..., -> goal),
//! each piece by the plain query of each side, and every variant's paths are joined through the
//! links taken (a [`PathSegment::Link`](crate::nav::paths::path::PathSegment) of the link's
//! cost). So each variant is what it is per piece: the optimal variant is the exact shortest
//! path of every piece through the same links, not a search over every choice of links.
//!
//! ```text
//!   start ~~ side of piece 0 ~~> from ==link==> to ~~ side of piece 1 ~~> goal
//! ```

use crate::geom::Point;
use crate::nav::build::pipeline::Build;
use crate::nav::paths::path::Path;
use crate::nav::paths::side::{Side, Status, Variant};
use crate::nav::search::astar::astar_linked;
use crate::nav::search::links::{Jumps, Leg};

/// A route through off-mesh links: the (start, goal) of every piece, and the links taken
/// between them (their indices in the build).
pub(super) struct Route {
    pub pieces: Vec<(Point, Point)>,
    pub links: Vec<usize>,
}

impl Route {
    fn start(&self) -> Point {
        self.pieces.first().map_or(Point::default(), |p| p.0)
    }

    fn goal(&self) -> Point {
        self.pieces.last().map_or(Point::default(), |p| p.1)
    }
}

/// The best route from `start` to `goal` on the shrunk mesh when it takes off-mesh links;
/// `None` when it takes none (or there is none), so the plain query answers.
pub(super) fn linked_route(build: &Build, start: Point, goal: Point) -> Option<Route> {
    if build.links.is_empty() {
        return None;
    }
    let mesh = &build.mesh;
    // Ends just off the free space by rounding count as on it (as the pieces answer them).
    let (Some((_, s)), Some((_, g))) = (mesh.locate_near(start), mesh.locate_near(goal)) else {
        return None;
    };
    let jumps = Jumps::place(mesh, &build.links);
    if jumps.is_empty() {
        return None;
    }
    let (start_tris, goal_tris) = (mesh.triangles_at(&s), mesh.triangles_at(&g));
    let (first, legs) = astar_linked(mesh, (start, &start_tris), (goal, &goal_tris), &jumps)?;
    if legs.is_empty() {
        return None;
    }
    let corridors = std::iter::once(&first).chain(legs.iter().map(|l| &l.corridor));
    Some(Route {
        pieces: corridors.map(|c| (c.start, c.goal)).collect(),
        links: legs.iter().map(|l| l.link).collect(),
    })
}

/// Both sides of a query along `route`, each piece answered by `sides` (the plain query's
/// shrunk and raw sides), joined through the links.
pub(super) fn answer_route(
    build: &Build,
    route: &Route,
    sides: impl Fn(Point, Point) -> (Side, Option<Side>),
) -> (Side, Option<Side>) {
    let (shrunk, raw): (Vec<Side>, Vec<Option<Side>>) =
        route.pieces.iter().map(|&(a, b)| sides(a, b)).unzip();
    let raw: Option<Vec<Side>> = raw.into_iter().collect();
    let whole = |mut pieces: Vec<Side>| {
        let rest = pieces.split_off(1.min(pieces.len()));
        let first = pieces.pop()?;
        Some(join(first, rest, &route.links, build))
    };
    match whole(shrunk) {
        Some(shrunk) => (shrunk, raw.and_then(whole)),
        // A route has at least one piece; answer plainly should it have none.
        None => sides(route.start(), route.goal()),
    }
}

/// One side of a linked query from the sides of its pieces (`first`, then `rest` in order, one
/// per link of `links` taken before it): the statuses, corridors, blocked crossings and offset
/// cuts of every piece, and each variant's paths joined through the links when every piece has
/// one.
pub(super) fn join(first: Side, rest: Vec<Side>, links: &[usize], build: &Build) -> Side {
    let costs: Vec<f64> = links.iter().map(|&i| build.links[i].cost()).collect();
    let mut paths = Vec::new();
    for variant in Variant::ALL {
        let found: Option<Vec<Path>> = std::iter::once(&first)
            .chain(&rest)
            .map(|p| p.path(variant).cloned())
            .collect();
        if let Some(joined) = found.and_then(|f| Path::join(&f, &costs)) {
            paths.push((variant, joined));
        }
    }
    let mut side = first;
    side.paths = paths;
    side.optimized = None;
    let mut failed = side.status != Status::Found;
    for (piece, &link) in rest.into_iter().zip(links) {
        if side.status == Status::Found {
            side.status = piece.status;
        }
        if !failed && let Some(corridor) = piece.corridor {
            side.legs.push(Leg { link, corridor });
        }
        failed |= piece.status != Status::Found;
        side.goal_location = piece.goal_location;
        side.blocked.extend(piece.blocked);
        side.offset_cuts.extend(piece.offset_cuts);
        side.timings.locate_us += piece.timings.locate_us;
        side.timings.astar_us += piece.timings.astar_us;
        for (v, us) in piece.timings.variants_us {
            match side.timings.variants_us.iter_mut().find(|(w, _)| *w == v) {
                Some((_, total)) => *total += us,
                None => side.timings.variants_us.push((v, us)),
            }
        }
    }
    side
}
