//! The radius-aware tangent path (Demyen's modified funnel, in the form of the "funnel with agent
//! radius" seed): the simple stupid funnel over a raw corridor in which every portal end is a
//! circle of the agent radius r around a wall corner, and the start and goal are points.
//!
//! Left ends are wrapped counter-clockwise (the circle stays on the path's left), right ends
//! clockwise. A funnel side is the tangent from the apex circle to a portal end's circle: an
//! outer tangent between ends of the same side, an inner one between opposite sides, a
//! point-circle tangent from the start or to the goal. The path is the tangents joined by arcs
//! of the corner circles, with exact arc lengths:
//! ```text
//!         left ends (Ccw)          .-.
//!   S ----------------------------( L )        S: start, G: goal
//!    `-._                          `*'-._      *: tangent points; arcs join them
//!        `-._   .-.                      `-._
//!            `*( R )   right ends (Cw)        `--- G
//!               `-'
//! ```
//!
//! Two cases the seed could not explain, with the rule that resolves them. Both come from the
//! crossing test: when a new end's side crosses over the other side, a point funnel always goes
//! round the other side's end first, but a circle can bulge back towards the apex, so the new end
//! may be reached before the other end's circle is ([`Discs::reached_first`]): the new end is the
//! next corner when the other side's tangent runs into the new end's circle while the new
//! tangent does not run into the other circle (or, when both or neither do, when the new tangent
//! is the shorter one).
//! - "The end point is sometimes already in the contact list": it is there exactly when the goal
//!   is reached first in a crossing: the straight segment to the goal crosses the direction of
//!   the other side's tangent but stops short of its circle. The goal is then the last corner
//!   and is not added again.
//! - "Collapse near the last portal" (the seed drops the portal before the last when the goal is
//!   nearer): the same rule. The goal lies just beyond the last portal, inside the angle between
//!   a corner and the tangent to its circle; the goal segment crosses that tangent without
//!   touching the circle, so the goal is reached first and no corner is added.
//!
//! Two more differences from the point funnel, both because a circle reaches past its portal: a
//! side still at the apex is checked against the other side (a point apex sits on its portal
//! and sees the whole next triangle; a circle's tangents leave from its rim), and after a corner
//! the scan resumes at that corner's own portal, so the far end of a narrow gap is still passed
//! with clearance. The scan judges crossings by tangent directions, as if every side ran on for
//! ever; a last pass ([`settle`]) drops a corner the path would wrap the wrong way and adds a
//! corner whose circle a tangent cuts, until neither happens. Corners of the end triangles that
//! lie on no portal are wrapped when the path would cut their circles ([`tangent_path`]).
//!
//! Start or goal inside the radius of a corner: the agent already overlaps that corner, so the
//! corner's circle shrinks to pass through the start (or goal), radius `min(r, |corner - start|,
//! |corner - goal|)`: the path never comes nearer to a corner than it already is, and a corner
//! at the start's own position is a plain point. Clearance is then `r` everywhere except near
//! such a start or goal.
//!
//! For r = 0 the path is the point funnel's ([`string_pull`]), decided exactly.

use super::funnel::{
    FunnelEvent, FunnelSides, funnel_corners_observed, funnel_corners_within, string_pull,
};
use super::funnel_deque::deque_corners;
use super::path::{Path, PathSegment};
use crate::geom::{Circle, Point, Tangent, Wrap, orient, tangent};
use crate::nav::search::corridor::{Hand, Portal, PortalEnd};
use std::cell::RefCell;

/// Relative slack of the "runs into a circle" test: touching is not running into.
const TOUCH_SLACK: f64 = 1e-9;

/// Arcs with a smaller sweep (radians) are rounding noise of collinear corners and left out.
const ZERO_SWEEP: f64 = 1e-12;

/// Two corners the path must pass between are nearer than the agent's diameter: a narrow place
/// the crossing widths did not rule out (the corners share no triangle).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pinch {
    pub left: Point,
    pub right: Point,
}

impl Pinch {
    /// The gap between the two corners.
    pub fn width(&self) -> f64 {
        self.left.distance(self.right)
    }
}

/// The tangent path through `portals` (first = start point, last = goal point) for radius
/// `radius`, or the pinch that stops it.
///
/// `loose` holds the corners of the corridor's end triangles that are on no portal (see
/// [`Corridor::loose_corners`](crate::nav::search::corridor::Corridor::loose_corners)): the start and goal sit beside
/// them, so when the path would cut into one's circle it is wrapped too, on the side of the path
/// it lies on. A portal from that corner to the start (or goal) says so, and the funnel runs
/// again; each corner is added at most once, deepest cut first.
pub fn tangent_path(
    portals: &[Portal],
    loose: (&[Point], &[Point]),
    radius: f64,
) -> Result<Path, Pinch> {
    tangent_path_among(portals, loose, radius, &|_| true)
}

/// [`tangent_path`] where only the portal ends and loose corners `is_corner` accepts are wall
/// corners wrapped at the radius; the others (the vertices of cost-area outlines inside the free
/// space) are plain points the path may pass through.
pub fn tangent_path_among(
    portals: &[Portal],
    loose: (&[Point], &[Point]),
    radius: f64,
    is_corner: &dyn Fn(Point) -> bool,
) -> Result<Path, Pinch> {
    let (Some(&first), Some(&last)) = (portals.first(), portals.last()) else {
        return Ok(Path::from_points(&[]));
    };
    if radius <= 0.0 {
        return Ok(Path::from_points(&string_pull(portals)));
    }
    let (start, goal) = (first.left, last.left);
    let corners: Vec<(Point, bool)> = loose
        .0
        .iter()
        .map(|&c| (c, false))
        .chain(loose.1.iter().map(|&c| (c, true)))
        .filter(|&(c, _)| is_corner(c))
        .collect();
    let mut added = vec![false; corners.len()];
    // Extra portals by the start and by the goal, each with its position along the path.
    let mut by_start: Vec<(f64, Portal)> = Vec::new();
    let mut by_goal: Vec<(f64, Portal)> = Vec::new();
    let mut path = wrap_corners(portals, radius, is_corner)?;
    loop {
        let deepest = corners
            .iter()
            .enumerate()
            .filter(|&(i, _)| !added[i])
            .filter_map(|(i, &(corner, at_goal))| {
                let reach = radius
                    .min(corner.distance(start))
                    .min(corner.distance(goal));
                let (k, d) = nearest_segment(&path, corner, reach)?;
                (d < reach * (1.0 - TOUCH_SLACK)).then_some((reach - d, i, corner, at_goal, k))
            })
            .max_by(|a, b| a.0.total_cmp(&b.0));
        let Some((_, i, corner, at_goal, k)) = deepest else {
            break;
        };
        added[i] = true;
        let piece = path.segments[k];
        let position: f64 = path.segments[..k].iter().map(|s| s.length()).sum();
        let end = if at_goal { goal } else { start };
        let extra = if orient(piece.start(), piece.end(), corner) > 0.0 {
            Portal {
                left: corner,
                right: end,
            }
        } else {
            Portal {
                left: end,
                right: corner,
            }
        };
        let side = if at_goal { &mut by_goal } else { &mut by_start };
        side.push((position, extra));
        side.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut extended = vec![first];
        extended.extend(by_start.iter().map(|&(_, p)| p));
        extended.extend_from_slice(&portals[1..portals.len() - 1]);
        extended.extend(by_goal.iter().map(|&(_, p)| p));
        extended.push(last);
        path = wrap_corners(&extended, radius, is_corner)?;
    }
    Ok(path)
}

/// One step of the tangent funnel's scan, with the circles and sides of the funnel after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TangentFunnelEvent {
    pub event: FunnelEvent,
    /// The apex circle: centre, radius (0 at the start) and the side it is wrapped on.
    pub apex: Circle,
    /// The funnel's sides: tangents from the apex circle to the left and right ends' circles.
    pub left: Tangent,
    pub right: Tangent,
}

/// The tangent funnel's scan over `portals` for radius `radius`, step by step: the scan
/// [`tangent_path`] starts from (on a long corridor it finds the same corners by a double-ended
/// queue; it then settles the corners, and wraps loose corners of the end triangles, which are
/// not steps of the scan).
pub fn tangent_funnel_trace(portals: &[Portal], radius: f64) -> Vec<TangentFunnelEvent> {
    if portals.is_empty() {
        return Vec::new();
    }
    let discs = Discs::new(portals, radius.max(0.0), &|_| true);
    let mut events = Vec::new();
    funnel_corners_observed(&discs, &mut |event| {
        events.push(TangentFunnelEvent {
            event,
            apex: discs.circle(event.apex),
            left: discs.side(event.apex, event.left),
            right: discs.side(event.apex, event.right),
        })
    });
    events
}

/// The path segment nearest to `p`, with its distance, among those that may come nearer than
/// `reach`: an arc no nearer to `p` than its whole circle is passed over unmeasured (its distance
/// needs an angle and its ends; a path round a dense ring has thousands of arcs).
fn nearest_segment(path: &Path, p: Point, reach: f64) -> Option<(usize, f64)> {
    (path.segments.iter().enumerate())
        .filter(|(_, s)| match s {
            PathSegment::Arc(a) => (p.distance(a.center) - a.radius).abs() < reach,
            _ => true,
        })
        .map(|(k, s)| (k, s.distance_to_point(p)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

/// The funnel over corner circles, settled, and the path of tangents and arcs through its
/// corners.
fn wrap_corners(
    portals: &[Portal],
    radius: f64,
    is_corner: &dyn Fn(Point) -> bool,
) -> Result<Path, Pinch> {
    let (start, goal) = (portals[0].left, portals[portals.len() - 1].left);
    let discs = Discs::new(portals, radius, is_corner);
    let (corners, tangents) = settle(&discs, scan_or_deque(&discs))?;
    let circles: Vec<Circle> = corners.iter().map(|&e| discs.circle(e)).collect();
    let mut segments = Vec::with_capacity(2 * circles.len());
    let mut at = start;
    for (k, t) in tangents.iter().enumerate() {
        if k > 0 {
            let arc = circles[k].arc(tangents[k - 1].to, t.from);
            if arc.sweep.abs() > ZERO_SWEEP {
                segments.push(PathSegment::Arc(arc));
                at = arc.end();
            }
        }
        if t.to != at {
            segments.push(PathSegment::Line { from: at, to: t.to });
            at = t.to;
        }
    }
    // A path ending on an arc (goal on a shrunk circle) ends at the goal exactly.
    if at != goal {
        segments.push(PathSegment::Line { from: at, to: goal });
    }
    Ok(Path::from_segments(start, segments))
}

/// Portal steps per portal the restart scan may take before the double-ended queue takes over.
const SCAN_STEPS_PER_PORTAL: usize = 2;

/// Portal steps in all the restart scan may take before the double-ended queue takes over.
const SCAN_MAX_STEPS: usize = 4096;

/// The funnel's corners before settling: the restart scan's (the one [`tangent_funnel_trace`]
/// shows), unless it takes more than 2 steps per portal (rescanning after every corner of a path
/// that turns at thousands of them, round a dense ring: quadratic) or 4096 steps in all; then the
/// double-ended queue's, linear. The two agree on the corridors of queries (a test compares
/// them); they can differ where circles overlap the start, the goal or each other round
/// near-coincident corners, on short corridors, which the scan decides.
fn scan_or_deque(discs: &Discs) -> Vec<PortalEnd> {
    let budget = (SCAN_STEPS_PER_PORTAL * discs.portal_count() + 64).min(SCAN_MAX_STEPS);
    funnel_corners_within(discs, budget).unwrap_or_else(|| deque_corners(discs))
}

/// Settles the scan's corners into a taut path. The scan judges a crossing by the directions of
/// the two tangents, as if both ran on for ever, so it can take a corner the path never reaches
/// round (the goal, or the next corner, comes first) or miss one whose circle bulges back over
/// an earlier portal. Repeatedly: a corner the path would wrap the wrong way (an arc of more
/// than half a turn: round a corner of a polygon an arc never turns more than the corner's
/// exterior angle, under half a turn) is dropped; otherwise the corridor corner whose circle a
/// tangent cuts deepest (or passes on the wrong side) among the portals it spans is added. It
/// stops when neither happens, after a bounded number of rounds. (Walls farther along the
/// corridor are the raw query's concern: it measures the finished path.) Returns the corners
/// with the tangents between them.
fn settle(discs: &Discs, mut corners: Vec<PortalEnd>) -> Result<Settled, Pinch> {
    for _ in 0..2 * discs.portals.len() + 8 {
        let tangents = discs.tangents(&corners)?;
        let wrong_way = (1..corners.len().saturating_sub(1)).find(|&k| {
            discs
                .circle(corners[k])
                .arc(tangents[k - 1].to, tangents[k].from)
                .sweep
                .abs()
                > std::f64::consts::PI
        });
        if let Some(k) = wrong_way {
            corners.remove(k);
            continue;
        }
        match discs.deepest_cut(&corners, &tangents) {
            Some((k, e)) => corners.insert(k + 1, e),
            None => return Ok((corners, tangents)),
        }
    }
    let tangents = discs.tangents(&corners)?;
    Ok((corners, tangents))
}

/// Settled corners and the tangents from each to the next.
type Settled = (Vec<PortalEnd>, Vec<Tangent>);

/// Funnel sides between corner circles.
struct Discs<'a> {
    portals: &'a [Portal],
    /// The circles of every portal's left and right ends.
    circles: Vec<[Circle; 2]>,
    /// The last few sides computed: the scan asks for the same ones again and again.
    recent: RefCell<Vec<(PortalEnd, PortalEnd, Tangent)>>,
}

impl<'a> Discs<'a> {
    /// The circle of each portal end: a point for the start and goal, else radius r (less when
    /// the start or goal is nearer: the agent already overlaps that corner; 0 for an end that
    /// `is_corner` says is no wall corner), wrapped counter-clockwise on the left and clockwise
    /// on the right.
    fn new(portals: &'a [Portal], radius: f64, is_corner: &dyn Fn(Point) -> bool) -> Self {
        let (start, goal) = (portals[0].left, portals[portals.len() - 1].left);
        let last = portals.len() - 1;
        let circles = portals
            .iter()
            .enumerate()
            .map(|(k, p)| {
                [(p.left, Wrap::Ccw), (p.right, Wrap::Cw)].map(|(c, wrap)| {
                    if k == 0 || k == last {
                        Circle::point(c)
                    } else {
                        // The nearer end's distance only when it may be under the radius
                        // (the same minimum, without two roots per corner).
                        let near = c.distance_sq(start).min(c.distance_sq(goal));
                        let r = match is_corner(c) {
                            true if near < radius * radius * (1.0 + 1e-9) => {
                                radius.min(near.sqrt())
                            }
                            true => radius,
                            false => 0.0,
                        };
                        Circle::new(c, r, wrap)
                    }
                })
            })
            .collect();
        Discs {
            portals,
            circles,
            recent: RefCell::default(),
        }
    }

    fn point(&self, e: PortalEnd) -> Point {
        self.portals[e.portal].end(e.hand)
    }

    fn circle(&self, e: PortalEnd) -> Circle {
        let side = match e.hand {
            Hand::Left => 0,
            Hand::Right => 1,
        };
        self.circles[e.portal][side]
    }

    /// The funnel side from `apex` to `e`. When no tangent exists the circles overlap and the
    /// line of centres stands in, so the scan can go on; a pinch that ends up in the path is
    /// reported when the path is built.
    fn side(&self, apex: PortalEnd, e: PortalEnd) -> Tangent {
        let mut recent = self.recent.borrow_mut();
        if let Some(&(_, _, t)) = recent.iter().find(|&&(x, y, _)| (x, y) == (apex, e)) {
            return t;
        }
        let (a, b) = (self.circle(apex), self.circle(e));
        let t = tangent(&a, &b).unwrap_or_else(|| {
            let dir = (b.center - a.center)
                .normalized()
                .unwrap_or(Point::new(1.0, 0.0));
            Tangent {
                from: a.center,
                to: b.center,
                dir,
            }
        });
        if recent.len() == 4 {
            recent.remove(0);
        }
        recent.push((apex, e, t));
        t
    }

    /// The tangents joining consecutive corners.
    fn tangents(&self, corners: &[PortalEnd]) -> Result<Vec<Tangent>, Pinch> {
        corners
            .windows(2)
            .map(|w| {
                tangent(&self.circle(w[0]), &self.circle(w[1]))
                    .ok_or_else(|| self.pinch_between(w[0], w[1]))
            })
            .collect()
    }

    /// The corridor corner whose circle a tangent cuts deepest, with the index of that tangent:
    /// an end of a portal the tangent spans (or of the portal just before or after) nearer than
    /// its radius, or an end of a spanned portal passed on the wrong side.
    fn deepest_cut(
        &self,
        corners: &[PortalEnd],
        tangents: &[Tangent],
    ) -> Option<(usize, PortalEnd)> {
        let mut deepest: Option<(f64, usize, PortalEnd)> = None;
        let inner = 1..self.portals.len() - 1;
        for (k, t) in tangents.iter().enumerate() {
            let (a, b) = (corners[k], corners[k + 1]);
            let spanned = a.portal.min(b.portal)..=a.portal.max(b.portal);
            // The portals the tangent spans, and one more each way (circles reach past them).
            let near = spanned.start().saturating_sub(1).max(inner.start)
                ..(spanned.end() + 2).min(inner.end);
            let segment = t.segment();
            for e in near.flat_map(|q| {
                [
                    PortalEnd::new(q, Hand::Left),
                    PortalEnd::new(q, Hand::Right),
                ]
            }) {
                if self.same(e, a) || self.same(e, b) {
                    continue;
                }
                let c = self.circle(e);
                let d = segment.distance_to_point(c.center);
                let depth = if d < c.radius * (1.0 - TOUCH_SLACK) {
                    c.radius - d
                } else if spanned.contains(&e.portal) && c.blocks(&segment, TOUCH_SLACK) {
                    c.radius + d
                } else {
                    continue;
                };
                if deepest.is_none_or(|(best, _, _)| depth > best) {
                    deepest = Some((depth, k, e));
                }
            }
        }
        deepest.map(|(_, k, e)| (k, e))
    }

    fn pinch_between(&self, a: PortalEnd, b: PortalEnd) -> Pinch {
        let (left, right) = if a.hand == Hand::Left { (a, b) } else { (b, a) };
        Pinch {
            left: self.point(left),
            right: self.point(right),
        }
    }
}

impl FunnelSides for Discs<'_> {
    fn portal_count(&self) -> usize {
        self.portals.len()
    }

    fn same(&self, a: PortalEnd, b: PortalEnd) -> bool {
        self.point(a) == self.point(b)
    }

    fn turn(&self, apex: PortalEnd, a: PortalEnd, b: PortalEnd) -> f64 {
        if self.same(apex, a) || self.same(apex, b) {
            return 0.0;
        }
        self.side(apex, a).dir.cross(self.side(apex, b).dir)
    }

    /// Unlike a point, a circle apex does not sit on the portal: its tangents leave from its rim,
    /// so a new end is checked against the other side unless it is the apex itself or the other
    /// side has no end yet.
    fn unchecked(&self, apex: PortalEnd, _: PortalEnd, other: PortalEnd, new: PortalEnd) -> bool {
        self.same(apex, new) || self.same(apex, other)
    }

    fn reached_first(&self, apex: PortalEnd, a: PortalEnd, b: PortalEnd) -> bool {
        let (to_a, to_b) = (self.side(apex, a), self.side(apex, b));
        let a_runs_into_b = self.circle(b).blocks(&to_a.segment(), TOUCH_SLACK);
        let b_runs_into_a = self.circle(a).blocks(&to_b.segment(), TOUCH_SLACK);
        if a_runs_into_b != b_runs_into_a {
            return a_runs_into_b;
        }
        to_b.length() < to_a.length()
    }

    /// At the corner's own portal: a corner circle reaches past its portal, so the other end of
    /// that portal (the far side of a narrow gap) still has to be passed.
    fn resume_at(&self, corner: PortalEnd) -> usize {
        corner.portal
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Arc;
    use crate::nav::invariants::check_tangent_continuity;
    use crate::nav::paths::funnel::funnel_corners;
    use std::f64::consts::TAU;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    /// No loose corners.
    const FAR: (&[Point], &[Point]) = (&[], &[]);

    /// Portals from the start, (left, right) pairs, and the goal.
    fn portals(s: Point, inner: &[(Point, Point)], g: Point) -> Vec<Portal> {
        let mut out = vec![Portal { left: s, right: s }];
        out.extend(inner.iter().map(|&(left, right)| Portal { left, right }));
        out.push(Portal { left: g, right: g });
        out
    }

    fn arcs(path: &Path) -> Vec<Arc> {
        path.segments
            .iter()
            .filter_map(|s| match s {
                PathSegment::Arc(a) => Some(*a),
                PathSegment::Line { .. } | PathSegment::Link { .. } => None,
            })
            .collect()
    }

    /// What every tangent path must be: from start to goal, continuous and smooth at arcs, no
    /// nearer to any corner than its circle, every arc on a corner circle turning the corner's
    /// way, and no zero-length piece.
    fn check(ps: &[Portal], radius: f64) -> Path {
        let path = tangent_path(ps, FAR, radius).unwrap();
        let (s, g) = (ps[0].left, ps[ps.len() - 1].left);
        assert_eq!(path.start, s);
        assert!(path.end().distance(g) < 1e-12, "ends at {}", path.end());
        check_tangent_continuity(&path, 1e-9).unwrap();
        assert!(
            path.segments.iter().all(|seg| seg.length() > 0.0),
            "zero-length piece in {:?}",
            path.segments
        );
        let discs = Discs::new(ps, radius, &|_| true);
        for k in 1..ps.len() - 1 {
            for hand in [Hand::Left, Hand::Right] {
                let c = discs.circle(PortalEnd::new(k, hand));
                let d = path
                    .segments
                    .iter()
                    .map(|seg| seg.distance_to_point(c.center))
                    .fold(f64::INFINITY, f64::min);
                assert!(
                    d >= c.radius - 1e-9,
                    "path comes within {d} of {} (radius {})",
                    c.center,
                    c.radius
                );
            }
        }
        for a in arcs(&path) {
            let c = (1..ps.len() - 1)
                .flat_map(|k| {
                    [
                        PortalEnd::new(k, Hand::Left),
                        PortalEnd::new(k, Hand::Right),
                    ]
                })
                .map(|e| discs.circle(e))
                .find(|c| c.center == a.center)
                .expect("arc round a corner");
            assert!((a.radius - c.radius).abs() < 1e-12);
            assert_eq!(
                a.sweep > 0.0,
                c.wrap == Wrap::Ccw,
                "arc turns the wrong way"
            );
        }
        let total: f64 = path.segments.iter().map(|seg| seg.length()).sum();
        assert!((total - path.length).abs() < 1e-12);
        path
    }

    /// Length of the path from point `a` round circle (c, r) counter-clockwise to point `b`.
    fn round_one(a: Point, c: Point, r: f64, b: Point) -> f64 {
        let (da, db) = (a.distance(c), b.distance(c));
        let phi = ((b - c).angle() - (a - c).angle()).rem_euclid(TAU);
        let wrap = phi - (r / da).acos() - (r / db).acos();
        (da * da - r * r).sqrt() + (db * db - r * r).sqrt() + r * wrap
    }

    /// Turning left round the corner (5, 1) of a block to the north-west.
    fn left_turn(goal: Point) -> Vec<Portal> {
        let v = p(5.0, 1.0);
        portals(
            p(0.0, 0.0),
            &[(v, p(5.0, -3.0)), (v, p(9.0, -3.0)), (v, p(9.0, 5.0))],
            goal,
        )
    }

    #[test]
    fn straight_corridor_is_one_line() {
        let ps = portals(
            p(0.0, 0.0),
            &[(p(3.0, 2.0), p(3.0, -2.0)), (p(6.0, 2.0), p(6.0, -2.0))],
            p(10.0, 0.0),
        );
        let path = check(&ps, 0.5);
        assert_eq!(
            path.segments,
            vec![PathSegment::Line {
                from: p(0.0, 0.0),
                to: p(10.0, 0.0)
            }]
        );
    }

    #[test]
    fn point_circle_tangents_round_one_corner() {
        let g = p(7.0, 10.0);
        let path = check(&left_turn(g), 0.5);
        assert_eq!(path.segments.len(), 3);
        let expected = round_one(p(0.0, 0.0), p(5.0, 1.0), 0.5, g);
        assert!(
            (path.length - expected).abs() < 1e-12,
            "{} vs {expected}",
            path.length
        );
        // Radius 0 gives the point funnel's path.
        let flat = tangent_path(&left_turn(g), FAR, 0.0).unwrap();
        assert_eq!(flat.points(0.0), vec![p(0.0, 0.0), p(5.0, 1.0), g]);
    }

    /// Round the bottom of a wall 2 wide (corners (4, 1) and (6, 1)), from its west side to its
    /// east side: two left corners joined by an outer tangent.
    fn round_wall_end(r: f64) -> (Vec<Portal>, f64) {
        let (v1, v2) = (p(4.0, 1.0), p(6.0, 1.0));
        let (s, g) = (p(0.0, 8.0), p(10.0, 8.0));
        let ps = portals(
            s,
            &[
                (v1, p(0.0, -2.0)),
                (v1, p(5.0, -3.0)),
                (v2, p(5.0, -3.0)),
                (v2, p(10.0, -2.0)),
            ],
            g,
        );
        let down = p(0.0, -1.0);
        let (ds, dg) = (s.distance(v1), g.distance(v2));
        let w1 = (down.angle() - (s - v1).angle()).rem_euclid(TAU) - (r / ds).acos();
        let w2 = ((g - v2).angle() - down.angle()).rem_euclid(TAU) - (r / dg).acos();
        let expected =
            (ds * ds - r * r).sqrt() + r * w1 + v1.distance(v2) + r * w2 + (dg * dg - r * r).sqrt();
        (ps, expected)
    }

    #[test]
    fn outer_tangent_between_corners_on_one_side() {
        let (ps, expected) = round_wall_end(0.5);
        let path = check(&ps, 0.5);
        assert_eq!(arcs(&path).len(), 2);
        assert!(
            (path.length - expected).abs() < 1e-12,
            "{} vs {expected}",
            path.length
        );
        // The straight piece under the wall runs at y = 1 - r.
        let under = path.segments.iter().find_map(|s| match *s {
            PathSegment::Line { from, to }
                if (from.y - 0.5).abs() < 1e-12 && (to.y - 0.5).abs() < 1e-12 =>
            {
                Some(to.x - from.x)
            }
            _ => None,
        });
        assert!((under.unwrap() - 2.0).abs() < 1e-12);
    }

    #[test]
    fn outer_tangent_between_overlapping_circles() {
        // A wall 0.5 thick with radius 0.6: the two corner circles overlap.
        let (v1, v2) = (p(4.0, 1.0), p(4.5, 1.0));
        let ps = portals(
            p(0.0, 8.0),
            &[
                (v1, p(0.0, -2.0)),
                (v1, p(5.0, -3.0)),
                (v2, p(5.0, -3.0)),
                (v2, p(9.0, -2.0)),
            ],
            p(9.0, 8.0),
        );
        let path = check(&ps, 0.6);
        assert_eq!(arcs(&path).len(), 2);
    }

    #[test]
    fn inner_tangent_between_corners_on_opposite_sides() {
        // An S-bend: pass below the left corner (3, 0.2), then above the right corner (7, -0.2).
        let (l, r) = (p(3.0, 0.2), p(7.0, -0.2));
        let ps = portals(
            p(0.0, 0.0),
            &[(l, p(3.0, -5.0)), (l, r), (p(7.0, 5.0), r)],
            p(10.0, 0.0),
        );
        let path = check(&ps, 0.5);
        let a = arcs(&path);
        assert_eq!(a.len(), 2);
        assert!(a[0].sweep > 0.0 && a[1].sweep < 0.0);
        // Symmetric about (5, 0): the inner tangent crosses the line of centres at its middle.
        let (l_center, r_center) = (a[0].center, a[1].center);
        assert_eq!((l_center, r_center), (l, r));
        let middle = path.segments.iter().find_map(|s| match *s {
            PathSegment::Line { from, to } if from.x > 3.0 && to.x < 7.0 => Some(from.midpoint(to)),
            _ => None,
        });
        assert!(middle.unwrap().distance(p(5.0, 0.0)) < 1e-12);
        let expected_inner = (l.distance(r).powi(2) - 1.0).sqrt();
        let inner = path
            .segments
            .iter()
            .map(|s| s.length())
            .find(|&len| (len - expected_inner).abs() < 1e-12);
        assert!(inner.is_some());
    }

    #[test]
    fn collinear_corners_give_no_zero_length_arcs() {
        // Four corners on one straight wall y = 1, all on the left, the path hugging it along
        // y = 0.5: the middle corners' arcs have zero sweep and are left out.
        let ws = [p(2.0, 1.0), p(4.0, 1.0), p(6.0, 1.0), p(8.0, 1.0)];
        let (s, g) = (p(0.0, 0.8), p(10.0, 0.8));
        let inner: Vec<(Point, Point)> = vec![
            (ws[0], p(0.0, -3.0)),
            (ws[0], p(3.0, -3.0)),
            (ws[1], p(3.0, -3.0)),
            (ws[1], p(5.0, -3.0)),
            (ws[2], p(5.0, -3.0)),
            (ws[2], p(7.0, -3.0)),
            (ws[3], p(7.0, -3.0)),
            (ws[3], p(10.0, -3.0)),
        ];
        let path = check(&portals(s, &inner, g), 0.5);
        let a = arcs(&path);
        assert_eq!(a.len(), 2, "{:?}", path.segments);
        assert_eq!((a[0].center, a[1].center), (ws[0], ws[3]));
        // And collinear corners on both sides: a straight corridor whose walls line up.
        let inner: Vec<(Point, Point)> = (1..6)
            .map(|i| (p(i as f64 * 2.0, 1.0), p(i as f64 * 2.0, -1.0)))
            .collect();
        let path = check(&portals(p(0.0, 0.0), &inner, p(12.0, 0.0)), 0.5);
        assert_eq!(path.segments.len(), 1);
    }

    #[test]
    fn start_inside_the_radius_of_a_corner() {
        // The start is 0.22 from the corner: the corner's circle shrinks to pass through it, and
        // the path swings round the corner at that distance before leaving on a tangent.
        let v = p(5.0, 1.0);
        let s = p(4.8, 0.9);
        let g = p(7.0, 10.0);
        let ps = portals(
            s,
            &[(v, p(5.0, -3.0)), (v, p(9.0, -3.0)), (v, p(9.0, 5.0))],
            g,
        );
        let path = check(&ps, 0.5);
        let a = arcs(&path);
        assert_eq!(a.len(), 1);
        assert!((a[0].radius - s.distance(v)).abs() < 1e-12 && a[0].center == v);
        // A tangent from a point on its own circle loses half the digits (h = sqrt(d^2 - r^2)
        // with d = r up to rounding): the arc starts at the start to about sqrt(eps) * r.
        assert!(a[0].start().distance(s) < 1e-7);
        // Starting exactly on the corner: the corner is a point, the path a straight line.
        let ps = portals(
            v,
            &[(v, p(5.0, -3.0)), (v, p(9.0, -3.0)), (v, p(9.0, 5.0))],
            g,
        );
        let path = check(&ps, 0.5);
        assert_eq!(path.segments, vec![PathSegment::Line { from: v, to: g }]);
    }

    #[test]
    fn goal_inside_the_radius_of_a_corner() {
        let v = p(5.0, 1.0);
        let g = p(5.1, 1.3);
        let path = check(&left_turn(g), 0.5);
        let a = arcs(&path);
        assert_eq!(a.len(), 1);
        assert!((a[0].radius - v.distance(g)).abs() < 1e-12);
        assert!(
            a[0].end().distance(g) < 1e-7,
            "arrives on the shrunk circle, at the goal (to sqrt(eps) * r, as above)"
        );
        assert_eq!(path.end(), g);
    }

    /// The point funnel's crossing rule on circles: always go round the other side first.
    struct AlwaysOtherSide<'a>(Discs<'a>);

    impl FunnelSides for AlwaysOtherSide<'_> {
        fn portal_count(&self) -> usize {
            self.0.portal_count()
        }
        fn same(&self, a: PortalEnd, b: PortalEnd) -> bool {
            self.0.same(a, b)
        }
        fn turn(&self, apex: PortalEnd, a: PortalEnd, b: PortalEnd) -> f64 {
            self.0.turn(apex, a, b)
        }
        fn unchecked(
            &self,
            apex: PortalEnd,
            side: PortalEnd,
            other: PortalEnd,
            new: PortalEnd,
        ) -> bool {
            self.0.unchecked(apex, side, other, new)
        }
        fn reached_first(&self, _: PortalEnd, _: PortalEnd, _: PortalEnd) -> bool {
            false
        }
        fn resume_at(&self, corner: PortalEnd) -> usize {
            self.0.resume_at(corner)
        }
    }

    fn corner_count_with_point_rule(ps: &[Portal], radius: f64) -> usize {
        let discs = Discs::new(ps, radius, &|_| true);
        funnel_corners(&AlwaysOtherSide(discs)).len()
    }

    /// The goal lies in the pocket between the corner (5, 1), the tangent from the start to its
    /// circle and the circle itself, just past a portal slanting back towards the start: the
    /// segment to the goal crosses the left side's direction without touching the circle. The
    /// point funnel's rule would go round the corner; the goal is reached first and ends the
    /// corner list itself (the seed's "end point already in the contact list").
    #[test]
    fn goal_reached_first_is_the_last_corner() {
        let (v, right) = (p(5.0, 1.0), p(1.0, -3.0));
        let g = p(4.5, 0.46);
        let ps = portals(p(0.0, 0.0), &[(v, right)], g);
        let path = check(&ps, 0.5);
        assert_eq!(
            path.segments,
            vec![PathSegment::Line {
                from: p(0.0, 0.0),
                to: g
            }]
        );
        assert_eq!(
            corner_count_with_point_rule(&ps, 0.5),
            3,
            "the point rule adds the corner"
        );
        // With the goal past the corner the segment would pass it on the wrong side: wrapped.
        let ps = portals(p(0.0, 0.0), &[(v, right)], p(7.0, 2.0));
        assert_eq!(arcs(&check(&ps, 0.5)).len(), 1);
    }

    /// The seed's "collapse near the last portal": the funnel narrows to the last portal's end,
    /// whose circle bulges back past the portal, and the goal sits just past that portal beside
    /// the circle. No portal needs dropping: the same rule sends the path straight to the goal.
    #[test]
    fn collapse_near_the_last_portal() {
        let (base, last, right) = (p(3.0, 3.0), p(5.0, 1.0), p(1.0, -3.0));
        let g = p(4.5, 0.46);
        let ps = portals(p(0.0, 0.0), &[(base, right), (last, right)], g);
        let path = check(&ps, 0.5);
        assert_eq!(path.segments.len(), 1, "{:?}", path.segments);
        assert_eq!(corner_count_with_point_rule(&ps, 0.5), 3);
    }

    /// The corners [`wrap_corners`] settles, from the double-ended queue and from the restart
    /// scan of [`tangent_funnel_trace`]: the same points (or the same pinch) on the raw
    /// corridors of queries in random fields, at radii from well inside the gaps to wider than
    /// many of them.
    #[test]
    fn the_deque_finds_the_corners_of_the_restart_scan() {
        use crate::nav::build::pipeline::{BuildOptions, build_with};
        use crate::nav::query::pass::query;
        use crate::rng::Rng;
        use crate::scene::generate::random_field;
        let mut compared = 0;
        for seed in 0..60 {
            let scene = random_field(12 + seed as usize % 20, 40.0, 30.0, 0.1, seed);
            for radius in [0.05, 0.3, 0.8, 1.5] {
                let options = BuildOptions {
                    radius: Some(radius),
                    ..Default::default()
                };
                let Ok(b) = build_with(&scene, &options) else {
                    continue;
                };
                let raw = &b.raw.as_ref().unwrap().mesh;
                let mut rng = Rng::new(seed);
                for _ in 0..6 {
                    let s = p(rng.range(0.0, 40.0), rng.range(0.0, 30.0));
                    let g = p(rng.range(0.0, 40.0), rng.range(0.0, 30.0));
                    let answer = query(&b, s, g, &Default::default());
                    let Some(corridor) = answer.raw.and_then(|side| side.corridor) else {
                        continue;
                    };
                    let ps = corridor.portals(raw);
                    let discs = Discs::new(&ps, radius, &|_| true);
                    let points = |corners: Result<Vec<PortalEnd>, Pinch>| {
                        corners.map(|c| c.iter().map(|&e| discs.point(e)).collect::<Vec<_>>())
                    };
                    let deque = points(settle(&discs, deque_corners(&discs)).map(|s| s.0));
                    let scan = points(settle(&discs, funnel_corners(&discs)).map(|s| s.0));
                    assert_eq!(deque, scan, "seed {seed}, {s} -> {g}, radius {radius}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 500, "{compared} corridors compared");
    }

    /// Round a ring of 4000 corners the path turns at hundreds of them, and the restart scan
    /// rescans the rest of the fan after each: over its budget, so the double-ended queue finds
    /// the corners, the same ones, in a few steps per portal.
    #[test]
    fn round_a_dense_ring_the_deque_takes_over_with_the_same_corners() {
        use crate::nav::build::pipeline::build;
        use crate::nav::paths::funnel_deque::deque_corners_counted;
        use crate::nav::query::pass::query_mesh;
        use crate::scene::generate::{rect, regular, scene_with};
        let scene = scene_with(
            vec![rect(0.0, 0.0, 40.0, 30.0)],
            vec![regular(4000, 20.0, 15.0, 6.0)],
            0.5,
        );
        let b = build(&scene).unwrap();
        let raw = &b.raw.as_ref().unwrap().mesh;
        let corridor = query_mesh(raw, p(2.0, 15.0), p(38.0, 15.0), &Default::default())
            .corridor
            .unwrap();
        let ps = corridor.portals(raw);
        let discs = Discs::new(&ps, 0.5, &|_| true);
        let budget = (SCAN_STEPS_PER_PORTAL * ps.len() + 64).min(SCAN_MAX_STEPS);
        assert_eq!(funnel_corners_within(&discs, budget), None);
        let (deque, steps) = deque_corners_counted(&discs);
        assert_eq!(scan_or_deque(&discs), deque);
        let points = |c: &[PortalEnd]| c.iter().map(|&e| discs.point(e)).collect::<Vec<_>>();
        assert_eq!(points(&deque), points(&funnel_corners(&discs)));
        assert!(deque.len() > 200, "{} corners", deque.len());
        assert!(
            steps <= 4 * ps.len(),
            "{steps} steps for {} portals",
            ps.len()
        );
    }
}
