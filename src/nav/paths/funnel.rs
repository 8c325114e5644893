//! The simple stupid funnel algorithm (Mononen, 2010), restart-on-corner form: the shortest path
//! through a sequence of portals. Sides are decided with exact orientation tests.
//! ```text
//!        left           The funnel is the apex and two rays through the current left and
//!    \     |     /      right points. A new portal point tightens its side if it lies inside
//!     \    |    /       the funnel; if it crosses the other side, that side's point becomes a
//!      \   |   /        corner of the path, the apex moves there and the scan restarts just
//!       \  |  /         after the portal that set it.
//!        apex
//! ```
//! The scan is written once, over [`FunnelSides`]: what a side is (a ray between points here, a
//! tangent between circles in the tangent funnel) is the caller's business.

use crate::geom::{Point, orient};
use crate::nav::search::corridor::{Hand, Portal, PortalEnd};

/// What the funnel scan needs to know about the sides of a funnel.
pub(crate) trait FunnelSides {
    /// Number of portals, including the start and goal portals.
    fn portal_count(&self) -> usize;
    /// True when two ends are the same place (the same vertex, or the start or goal).
    fn same(&self, a: PortalEnd, b: PortalEnd) -> bool;
    /// How the side from `apex` towards `b` turns relative to the side towards `a`: positive when
    /// counter-clockwise, negative when clockwise, 0 when collinear or when `a` or `b` is the apex.
    fn turn(&self, apex: PortalEnd, a: PortalEnd, b: PortalEnd) -> f64;
    /// True when the new end `new` may become the end of side `side` without a check against
    /// the other side's end `other`.
    fn unchecked(&self, apex: PortalEnd, side: PortalEnd, other: PortalEnd, new: PortalEnd)
    -> bool;
    /// Called when the new end `b` crosses over the other side's end `a`: true when the path
    /// reaches `b` before it has to go round `a`, so `b` becomes the next corner instead of `a`.
    fn reached_first(&self, apex: PortalEnd, a: PortalEnd, b: PortalEnd) -> bool;
    /// The portal the scan resumes at once `corner` has become the apex.
    fn resume_at(&self, corner: PortalEnd) -> usize;
}

/// What one funnel step did to a side of the funnel (the names of the seed's figure).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FunnelMove {
    /// The new portal end lies inside the funnel: the side moves to it.
    Tighten,
    /// The new portal end lies outside the funnel (it would widen it): the side stays.
    Skip,
    /// The new portal end crosses over the other side: a corner is added (the event's `side`
    /// says which side it is on), the apex moves to it and the scan restarts from there.
    Corner,
}

/// One step of the funnel scan, with the funnel as it is after the step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FunnelEvent {
    pub kind: FunnelMove,
    /// The side tightened or skipped, or the side of the new corner.
    pub side: Hand,
    /// The portal being processed.
    pub portal: usize,
    pub apex: PortalEnd,
    pub left: PortalEnd,
    pub right: PortalEnd,
}

impl FunnelEvent {
    /// The step in words, e.g. "tighten left", "corner on right, restart from it".
    pub fn name(&self) -> &'static str {
        match (self.kind, self.side) {
            (FunnelMove::Tighten, Hand::Left) => "tighten left",
            (FunnelMove::Tighten, Hand::Right) => "tighten right",
            (FunnelMove::Skip, Hand::Left) => "skip left (widening)",
            (FunnelMove::Skip, Hand::Right) => "skip right (widening)",
            (FunnelMove::Corner, Hand::Left) => "corner on left, restart from it",
            (FunnelMove::Corner, Hand::Right) => "corner on right, restart from it",
        }
    }
}

/// The corners of the funnel path: the start, every portal end the path turns at, the goal; no
/// end repeated.
#[cfg(test)]
pub(crate) fn funnel_corners(sides: &impl FunnelSides) -> Vec<PortalEnd> {
    funnel_corners_observed(sides, &mut |_| {})
}

/// [`funnel_corners`], telling `observe` every step.
pub(crate) fn funnel_corners_observed(
    sides: &impl FunnelSides,
    observe: &mut impl FnMut(FunnelEvent),
) -> Vec<PortalEnd> {
    scan(sides, usize::MAX, observe).expect("an unbounded scan ends")
}

/// [`funnel_corners`], or `None` once the scan has taken more than `max_steps` portal steps
/// (it rescans after every corner: quadratic on a path that turns at thousands of corners).
pub(crate) fn funnel_corners_within(
    sides: &impl FunnelSides,
    max_steps: usize,
) -> Option<Vec<PortalEnd>> {
    scan(sides, max_steps, &mut |_| {})
}

/// The restart scan, telling `observe` every step; `None` after `max_steps` portal steps.
fn scan(
    sides: &impl FunnelSides,
    max_steps: usize,
    observe: &mut impl FnMut(FunnelEvent),
) -> Option<Vec<PortalEnd>> {
    let n = sides.portal_count();
    if n == 0 {
        return Some(Vec::new());
    }
    if n - 1 > max_steps {
        return None; // a step moves on one portal at most
    }
    let start = PortalEnd::new(0, Hand::Left);
    let mut corners = vec![start];
    let push = |corners: &mut Vec<PortalEnd>, e: PortalEnd| {
        if corners.last().is_none_or(|&last| !sides.same(last, e)) {
            corners.push(e);
        }
    };
    // Every portal end becomes a corner at most once: the scan restarts at most 2n times, so it
    // ends after O(n^2) steps whatever the sides say. (Circle sides can cross back and forth: at
    // a gap as wide as the agent, each end of the gap's portal crosses over the other, and
    // restarting at the corner's own portal would alternate between them for ever.) A repeat
    // is skipped like a widening end; the settling pass repairs what the scan missed.
    let mut taken = vec![[false; 2]; n];
    let mut take = |e: PortalEnd| !std::mem::replace(&mut taken[e.portal][e.hand as usize], true);
    take(start);
    let (mut apex, mut left, mut right) = (start, start, PortalEnd::new(0, Hand::Right));
    let mut i = 1;
    let mut steps = 0;
    while i < n {
        steps += 1;
        if steps > max_steps {
            return None;
        }
        let (new_left, new_right) = (
            PortalEnd::new(i, Hand::Left),
            PortalEnd::new(i, Hand::Right),
        );
        let mut event = |kind, side, (apex, left, right)| {
            observe(FunnelEvent {
                kind,
                side,
                portal: i,
                apex,
                left,
                right,
            })
        };
        // Right side: the new right end tightens the funnel unless it lies right of the right side.
        if sides.turn(apex, right, new_right) >= 0.0 {
            if sides.unchecked(apex, right, left, new_right)
                || sides.turn(apex, left, new_right) < 0.0
            {
                right = new_right;
                event(FunnelMove::Tighten, Hand::Right, (apex, left, right));
            } else {
                let corner = if sides.reached_first(apex, left, new_right) {
                    new_right
                } else {
                    left // right crosses over left: left becomes a corner
                };
                if take(corner) {
                    push(&mut corners, corner);
                    (apex, left, right) = (corner, corner, corner);
                    event(FunnelMove::Corner, corner.hand, (apex, left, right));
                    i = sides.resume_at(apex);
                    continue;
                }
                event(FunnelMove::Skip, Hand::Right, (apex, left, right));
            }
        } else {
            event(FunnelMove::Skip, Hand::Right, (apex, left, right));
        }
        // Left side, mirrored.
        if sides.turn(apex, left, new_left) <= 0.0 {
            if sides.unchecked(apex, left, right, new_left)
                || sides.turn(apex, right, new_left) > 0.0
            {
                left = new_left;
                event(FunnelMove::Tighten, Hand::Left, (apex, left, right));
            } else {
                let corner = if sides.reached_first(apex, right, new_left) {
                    new_left
                } else {
                    right
                };
                if take(corner) {
                    push(&mut corners, corner);
                    (apex, left, right) = (corner, corner, corner);
                    event(FunnelMove::Corner, corner.hand, (apex, left, right));
                    i = sides.resume_at(apex);
                    continue;
                }
                event(FunnelMove::Skip, Hand::Left, (apex, left, right));
            }
        } else {
            event(FunnelMove::Skip, Hand::Left, (apex, left, right));
        }
        i += 1;
    }
    push(&mut corners, PortalEnd::new(n - 1, Hand::Left));
    Some(corners)
}

/// Funnel sides between points: rays from the apex, compared exactly.
pub(super) struct Rays<'a>(pub(super) &'a [Portal]);

impl Rays<'_> {
    fn point(&self, e: PortalEnd) -> Point {
        self.0[e.portal].end(e.hand)
    }
}

impl FunnelSides for Rays<'_> {
    fn portal_count(&self) -> usize {
        self.0.len()
    }

    fn same(&self, a: PortalEnd, b: PortalEnd) -> bool {
        self.point(a) == self.point(b)
    }

    fn turn(&self, apex: PortalEnd, a: PortalEnd, b: PortalEnd) -> f64 {
        orient(self.point(apex), self.point(a), self.point(b))
    }

    /// A side still at the apex: the apex lies on the portal, so it sees the whole next triangle
    /// and the new end cannot be hidden by the other side.
    fn unchecked(&self, apex: PortalEnd, side: PortalEnd, _: PortalEnd, _: PortalEnd) -> bool {
        self.same(apex, side)
    }

    fn reached_first(&self, _: PortalEnd, _: PortalEnd, _: PortalEnd) -> bool {
        false // for points, crossing over the other side always means going round it first
    }

    /// Just after the corner's portal: a point corner lies on its portal, already crossed.
    fn resume_at(&self, corner: PortalEnd) -> usize {
        corner.portal + 1
    }
}

/// The portal ends the shortest path through `portals` turns at, with the start (first) and the
/// goal (last): the corners of [`string_pull`] with the side each lies on.
/// (The same corners as the scan of [`funnel_trace`], found in linear time by
/// [`deque_funnel`](super::funnel_deque::deque_funnel).)
pub fn funnel_ends(portals: &[Portal]) -> Vec<PortalEnd> {
    super::funnel_deque::deque_funnel(portals)
}

/// [`string_pull`] step by step: every event of the same scan, in order.
pub fn funnel_trace(portals: &[Portal]) -> Vec<FunnelEvent> {
    let mut events = Vec::new();
    funnel_corners_observed(&Rays(portals), &mut |e| events.push(e));
    events
}

/// String-pulls a portal sequence (first portal = start point, last = goal point) into the
/// corner points of the shortest path through it: start, corners, goal, with no point repeated.
pub fn string_pull(portals: &[Portal]) -> Vec<Point> {
    funnel_ends(portals)
        .into_iter()
        .map(|e| portals[e.portal].end(e.hand))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::invariants::{check_no_repeats, polyline_length, shortest_through_portals};

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    fn portal(l: Point, r: Point) -> Portal {
        Portal { left: l, right: r }
    }

    fn with_ends(start: Point, inner: &[(Point, Point)], goal: Point) -> Vec<Portal> {
        let mut v = vec![portal(start, start)];
        v.extend(inner.iter().map(|&(l, r)| portal(l, r)));
        v.push(portal(goal, goal));
        v
    }

    fn check(portals: &[Portal]) -> Vec<Point> {
        let path = string_pull(portals);
        assert_eq!(path.first(), Some(&portals[0].left));
        assert_eq!(path.last(), Some(&portals[portals.len() - 1].left));
        check_no_repeats(&path).unwrap();
        let best = shortest_through_portals(portals);
        assert!(
            (polyline_length(&path) - best).abs() <= 1e-12 * best.max(1.0),
            "{path:?} vs {best}"
        );
        path
    }

    #[test]
    fn same_triangle_is_a_straight_line() {
        assert_eq!(
            check(&with_ends(p(0.0, 0.0), &[], p(3.0, 4.0))),
            vec![p(0.0, 0.0), p(3.0, 4.0)]
        );
    }

    #[test]
    fn start_equals_goal_is_one_point() {
        assert_eq!(
            string_pull(&with_ends(p(1.0, 1.0), &[], p(1.0, 1.0))),
            vec![p(1.0, 1.0)]
        );
    }

    #[test]
    fn straight_corridor_has_no_corners() {
        // Walking +x: left is +y.
        let inner: Vec<_> = (1..5)
            .map(|i| (p(i as f64, 1.0), p(i as f64, -1.0)))
            .collect();
        assert_eq!(check(&with_ends(p(0.0, 0.0), &inner, p(5.0, 0.0))).len(), 2);
    }

    #[test]
    fn turns_around_a_right_corner() {
        // Corridor going +x then the goal is far down-right: the right end (2,-1) is a corner.
        let inner = [(p(1.0, 1.0), p(1.0, -1.0)), (p(2.0, 1.0), p(2.0, -1.0))];
        let path = check(&with_ends(p(0.0, 0.0), &inner, p(3.0, -10.0)));
        assert_eq!(path, vec![p(0.0, 0.0), p(2.0, -1.0), p(3.0, -10.0)]);
    }

    #[test]
    fn turns_around_a_left_corner() {
        let inner = [(p(1.0, 1.0), p(1.0, -1.0)), (p(2.0, 1.0), p(2.0, -1.0))];
        let path = check(&with_ends(p(0.0, 0.0), &inner, p(3.0, 10.0)));
        assert_eq!(path, vec![p(0.0, 0.0), p(2.0, 1.0), p(3.0, 10.0)]);
    }

    #[test]
    fn start_on_a_portal_endpoint() {
        // The start is the left end of the first two portals (a fan around it).
        let s = p(0.0, 1.0);
        let inner = [
            (s, p(1.0, -1.0)),
            (s, p(2.0, -1.0)),
            (p(3.0, 1.0), p(3.0, -1.0)),
        ];
        check(&with_ends(s, &inner, p(4.0, -5.0)));
    }

    #[test]
    fn goal_on_the_last_portal_corner_is_not_repeated() {
        // Regression: the goal equals the corner the funnel adds last; it must appear once.
        let g = p(2.0, -1.0);
        let inner = [(p(1.0, 1.0), p(1.0, -1.0)), (p(2.0, 1.0), g)];
        let path = check(&with_ends(p(0.0, 0.0), &inner, g));
        assert_eq!(path.iter().filter(|&&q| q == g).count(), 1);
    }

    #[test]
    fn collinear_portal_endpoints() {
        // All left ends on one line, all right ends on another, goal straight ahead.
        let inner: Vec<_> = (1..6)
            .map(|i| (p(i as f64, 2.0), p(i as f64 * 0.5 + 1.0, 0.0)))
            .collect();
        check(&with_ends(p(0.0, 1.0), &inner, p(7.0, 1.0)));
        // And a goal that forces the funnel along the collinear left ends.
        check(&with_ends(p(0.0, 1.0), &inner, p(6.0, 9.0)));
    }

    #[test]
    fn zigzag_needs_several_corners() {
        let inner = [
            (p(1.0, 1.0), p(1.0, -1.0)),
            (p(2.0, 3.0), p(2.0, 0.5)),
            (p(3.0, -0.5), p(3.0, -3.0)),
            (p(4.0, 3.0), p(4.0, 0.5)),
        ];
        let path = check(&with_ends(p(0.0, 0.0), &inner, p(5.0, 0.0)));
        assert!(path.len() >= 4, "{path:?}");
    }

    fn tp(l: (f64, f64), r: (f64, f64)) -> Portal {
        Portal {
            left: Point::new(l.0, l.1),
            right: Point::new(r.0, r.1),
        }
    }

    #[test]
    fn corner_keeps_its_side() {
        // Turning left around (5, 1): the left end of the second portal is the corner.
        let s = (0.0, 0.0);
        let g = (5.0, 10.0);
        let portals = [
            tp(s, s),
            tp((5.0, 1.0), (5.0, -1.0)),
            tp((5.0, 1.0), (7.0, 1.0)),
            tp(g, g),
        ];
        let ends = funnel_ends(&portals);
        assert_eq!(ends.len(), 3);
        assert_eq!(ends[1].hand, Hand::Left);
        assert_eq!(portals[ends[1].portal].left, Point::new(5.0, 1.0));
        assert_eq!(string_pull(&portals)[1], Point::new(5.0, 1.0));
    }
}
