//! The funnel as a double-ended queue (Lee and Preparata, 1984): the same corners as the simple
//! stupid funnel's restart scan (see [`funnel`](super::funnel)), in linear time. The restart scan
//! rescans the portals after each new corner, which is quadratic when a path hugs a ring of many
//! vertices fanned from a few far corners (each of thousands of corners rescans the rest of the
//! fan). Here each portal end is pushed once and popped at most once.
//! ```text
//!    l2 --- l1            The funnel is two concave chains joined at the apex. A new right end
//!             \           pops right-chain ends it sees past (they no longer bend the path);
//!             apex        when the right chain is empty and the new end crosses the left
//!             /           chain's first leg, the apex advances along the left chain, each end it
//!    r2 --- r1            passes becoming a corner of the path. Left ends, mirrored.
//! ```
//! Written once over [`FunnelSides`], like the scan: rays between points for the funnel, tangents
//! between corner circles for the tangent funnel (whose sides can reach a new end before the
//! other side's end, [`FunnelSides::reached_first`]: that end is then the next corner and the
//! funnel starts anew from it).

use super::funnel::{FunnelSides, Rays};
use crate::nav::search::corridor::{Hand, Portal, PortalEnd};
use std::collections::VecDeque;

/// The funnel's state: corners found so far (the last is the apex) and the two chains, each
/// running outwards from the apex (front) to the side's newest end (back).
struct Deque<'a, S> {
    sides: &'a S,
    corners: Vec<PortalEnd>,
    chains: [VecDeque<PortalEnd>; 2],
    /// Chain steps taken (pushes, pops, apex moves): at most a few per portal end.
    steps: usize,
}

impl<S: FunnelSides> Deque<'_, S> {
    fn apex(&self) -> PortalEnd {
        *self.corners.last().expect("the start is always a corner")
    }

    /// True when `x` does not lie beyond the leg `a -> b` on side `side`'s outer flank (so `b`
    /// no longer bends the path towards `x`).
    fn inside(&self, side: Hand, a: PortalEnd, b: PortalEnd, x: PortalEnd) -> bool {
        let turn = self.sides.turn(a, b, x);
        match side {
            Hand::Right => turn >= 0.0,
            Hand::Left => turn <= 0.0,
        }
    }

    /// Adds the new end `x` to its side's chain.
    fn add(&mut self, x: PortalEnd) {
        let side = x.hand as usize;
        let other = 1 - side;
        'seen: loop {
            loop {
                self.steps += 1;
                let tip = self.chains[side].back().copied();
                if tip.is_some_and(|t| self.sides.same(t, x)) {
                    // The same wall vertex again: the chain keeps it, as seen from the newer portal.
                    *self.chains[side].back_mut().expect("tip exists") = x;
                    return;
                }
                let Some(tip) = tip else { break };
                let before = match self.chains[side].len() {
                    1 => self.apex(),
                    n => self.chains[side][n - 2],
                };
                if !self.inside(x.hand, before, tip, x) {
                    self.chains[side].push_back(x);
                    return;
                }
                self.chains[side].pop_back();
            }
            // The side's chain is empty: `x` is seen straight from the apex. While it crosses the
            // other chain's first leg, that chain's first end becomes a corner and the apex moves
            // to it.
            while let Some(&first) = self.chains[other].front() {
                let apex = self.apex();
                if self.sides.same(apex, x) || !self.inside(x.hand, apex, first, x) {
                    break;
                }
                self.steps += 1;
                if self.sides.reached_first(apex, first, x) {
                    // `x` comes before `first`: it is the next corner, and the funnel starts anew
                    // from it with its portal's other end (a right end was added before its left).
                    self.chains = [VecDeque::new(), VecDeque::new()];
                    self.corners.push(x);
                    if x.hand == Hand::Left {
                        self.seed(PortalEnd::new(x.portal, Hand::Right));
                    }
                    return;
                }
                self.chains[other].pop_front();
                self.corners.push(first);
                if self.sides.resume_at(first) == first.portal {
                    // A corner reaching past its portal (a circle): the other end of that portal
                    // is still to be passed, so it starts `x`'s chain, and `x` is seen anew.
                    let far_end = PortalEnd::new(first.portal, x.hand);
                    if self.seed(far_end) {
                        continue 'seen;
                    }
                }
            }
            if !self.sides.same(self.apex(), x) {
                self.chains[side].push_back(x);
            }
            return;
        }
    }

    /// Starts `e`'s (empty) chain with `e` unless it is the apex itself; true when it did.
    fn seed(&mut self, e: PortalEnd) -> bool {
        let seeded = !self.sides.same(self.apex(), e);
        if seeded {
            self.chains[e.hand as usize].push_back(e);
        }
        seeded
    }
}

/// The portal ends the shortest path through `portals` (first = start point, last = goal point)
/// turns at, with the start (first) and the goal (last), no point repeated.
pub(crate) fn deque_funnel(portals: &[Portal]) -> Vec<PortalEnd> {
    deque_corners(&Rays(portals))
}

/// The corners of the funnel over `sides`: the start, every portal end the path turns at, the
/// goal; no end repeated.
pub(crate) fn deque_corners(sides: &impl FunnelSides) -> Vec<PortalEnd> {
    deque_corners_counted(sides).0
}

/// [`deque_corners`] with the number of chain steps it took.
pub(super) fn deque_corners_counted(sides: &impl FunnelSides) -> (Vec<PortalEnd>, usize) {
    let n = sides.portal_count();
    if n == 0 {
        return (Vec::new(), 0);
    }
    let mut funnel = Deque {
        sides,
        corners: vec![PortalEnd::new(0, Hand::Left)],
        chains: [VecDeque::new(), VecDeque::new()],
        steps: 0,
    };
    for i in 1..n {
        funnel.add(PortalEnd::new(i, Hand::Right));
        if i + 1 < n {
            funnel.add(PortalEnd::new(i, Hand::Left));
        }
    }
    // The goal ends the right chain: the path runs from the apex along it, then to the goal.
    let Deque {
        mut corners,
        chains: [_, right],
        steps,
        ..
    } = funnel;
    corners.extend(right);
    if corners.len() > 1 && corners.last().is_some_and(|e| e.portal == n - 1) {
        corners.pop();
    }
    let goal = PortalEnd::new(n - 1, Hand::Left);
    if corners.last().is_none_or(|&e| !sides.same(e, goal)) {
        corners.push(goal);
    }
    (corners, steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Point;
    use crate::nav::build::pipeline::build;
    use crate::nav::paths::funnel::funnel_corners;
    use crate::nav::query::pass::query_mesh;
    use crate::scene::generate::{rect, regular, scene_with};

    fn points(portals: &[Portal], ends: &[PortalEnd]) -> Vec<Point> {
        ends.iter().map(|e| portals[e.portal].end(e.hand)).collect()
    }

    /// The corridor of a query round an `n`-gon in a room, on the raw mesh (the shrunk mesh
    /// grows the ring into a polygon of few corners): thousands of portals fanned from the
    /// room's corners, the path turning at every ring vertex on its way.
    fn ring_corridor(n: usize) -> Vec<Portal> {
        let scene = scene_with(
            vec![rect(0.0, 0.0, 40.0, 30.0)],
            vec![regular(n, 20.0, 15.0, 6.0)],
            0.5,
        );
        let b = build(&scene).unwrap();
        let raw = &b.raw.as_ref().unwrap().mesh;
        let (s, g) = (Point::new(2.0, 15.0), Point::new(38.0, 15.0));
        let r = query_mesh(raw, s, g, &Default::default());
        r.corridor.unwrap().portals(raw)
    }

    #[test]
    fn a_path_round_a_dense_ring_takes_linear_steps_and_matches_the_scan() {
        let portals = ring_corridor(4000);
        let (ends, steps) = deque_corners_counted(&Rays(&portals));
        let scan = funnel_corners(&Rays(&portals));
        assert_eq!(points(&portals, &ends), points(&portals, &scan));
        assert!(ends.len() > 200, "the path turns at many ring vertices");
        // Each end is pushed once and popped or passed at most once, plus one look per add.
        assert!(
            steps <= 4 * portals.len(),
            "{steps} steps for {} portals",
            portals.len()
        );
    }
}
