//! The far corners of the hub fans (see `hub_fans`) as chains of points, and the convex runs
//! along them: a finely divided curved obstacle facing a room corner is one long run. A line
//! that leaves such a run along one of its edges has every later corner of the run strictly
//! on one side, so the exact search's cones leaving a curve carry across the whole fan; this
//! finds how far that holds in logarithmic time and a few multiplications per step, where the
//! fan's box tree visits dozens of boxes.
//!
//! Why it is exact: let the chain points `w[j0..=J + 1]` turn strictly the same way at every
//! point (exact orientation tests), with the edges' directions spanning less than a half-turn
//! (summed from their angles, with a wide margin). Those directions lie on an arc of the
//! circle shorter than a half-turn, so if the first and the last of them point strictly to one
//! side of a line (checked with a bound on the rounding), every one does, and each step along
//! the chain moves strictly further to that side. A first point strictly on that side (an
//! exact test, done by the caller) then keeps every later one there.

use crate::geom::{Point, orient};
use std::f64::consts::PI;

/// The turning a jump may span: less than a half-turn by far more than the rounding of the
/// summed angles.
const MAX_SPAN: f64 = PI - 1e-3;

/// The chains of every fan, fan after fan, and where each fan polygon's far corners lie on
/// them. Chain points are numbered on across fans; edge `j` runs from point `j` to point
/// `j + 1`.
#[derive(Clone, Debug, Default)]
pub(crate) struct FanChains {
    /// Each edge's vector (from a fan's last point to the next fan's first, a zero vector in a
    /// run of its own).
    edges: Vec<Point>,
    /// The direction of each edge in radians, unwrapped along its run.
    angles: Vec<f64>,
    /// The first and last edge of each edge's convex run.
    runs: Vec<(u32, u32)>,
    /// Per fan entry (the order of `HubFans::polys`): the chain points of its first and last
    /// far corners.
    corners: Vec<(u32, u32)>,
    /// Per edge: the entry whose far corners it joins (an edge between two entries that share
    /// no corner counts as the first one's).
    entry_of_edge: Vec<u32>,
}

impl FanChains {
    /// Appends one fan whose polygons' far corners, in fan order, are `far` (each at least one
    /// point); a polygon's first far corner is normally its predecessor's last.
    pub(crate) fn push_fan<'a>(&mut self, far: impl Iterator<Item = &'a [Point]>) {
        if !self.corners.is_empty() {
            // The gap from the previous fan's last point.
            let at = self.edges.len() as u32;
            self.edges.push(Point::ZERO);
            self.angles.push(0.0);
            self.runs.push((at, at));
            self.entry_of_edge.push(self.corners.len() as u32 - 1);
        }
        // The fan's points, numbered on from `base`.
        let base = self.edges.len();
        let mut points: Vec<Point> = Vec::new();
        for run in far {
            let shared = points.last().is_some() && points.last() == run.first();
            let start = points.len() - usize::from(shared);
            points.extend(&run[usize::from(shared)..]);
            self.corners
                .push(((base + start) as u32, (base + points.len() - 1) as u32));
        }
        self.edges.extend(points.windows(2).map(|w| w[1] - w[0]));
        self.make_runs(&points, base);
        // An edge is the entry's whose first corner is the last at or before the edge's start.
        let mut e = self.entry_of_edge.last().map_or(0, |&e| e as usize + 1);
        for j in self.entry_of_edge.len()..self.edges.len() {
            while e + 1 < self.corners.len() && self.corners[e + 1].0 as usize <= j {
                e += 1;
            }
            self.entry_of_edge.push(e as u32);
        }
    }

    /// Splits the edges of one fan's `points` (edge `base + k` from point `k` to `k + 1`) into
    /// convex runs and unwraps their angles along each run.
    fn make_runs(&mut self, points: &[Point], base: usize) {
        let count = points.len().saturating_sub(1);
        // Edge k joins edge k - 1's run when the point between them turns the run's way.
        let (mut run_start, mut way, mut angle) = (0, 0.0, 0.0);
        for k in 0..count {
            let edge = self.edges[base + k];
            let turn = match k {
                0 => 0.0,
                _ => orient(points[k - 1], points[k], points[k + 1]).signum(),
            };
            if k > run_start && turn != 0.0 && (way == 0.0 || turn == way) {
                way = turn;
                let step = edge.angle() - self.edges[base + k - 1].angle();
                // The turn is less than a half-turn, the way `way` says.
                angle += if way > 0.0 {
                    step.rem_euclid(2.0 * PI)
                } else {
                    -(-step).rem_euclid(2.0 * PI)
                };
            } else {
                self.close_run(base + run_start, base + k);
                (run_start, way, angle) = (k, 0.0, edge.angle());
            }
            self.angles.push(angle);
        }
        self.close_run(base + run_start, base + count);
    }

    /// Records edges `lo..hi` as one run.
    fn close_run(&mut self, lo: usize, hi: usize) {
        if hi > lo {
            self.runs
                .extend(std::iter::repeat_n((lo as u32, hi as u32 - 1), hi - lo));
        }
    }

    /// Walking the fan entries from `from` towards `to` (up when `ccw`, down otherwise; both
    /// in one fan, and the entry before `from` in the walk's direction with every far corner
    /// strictly on the `side` (+1 left, -1 right) of the line `a -> b`): the furthest entry up
    /// to `to` whose far corners, and those of every entry between, are certainly all strictly
    /// on that side too. `None` when this cannot tell for `from` itself.
    pub(crate) fn clear_until(
        &self,
        from: usize,
        to: usize,
        ccw: bool,
        (a, b): (Point, Point),
        side: f64,
    ) -> Option<usize> {
        let d = b - a;
        // The walk starts from the known entry's corner nearest `from` and goes along the
        // chain's edges (backwards when walking down).
        let (first_edge, way) = if ccw {
            (self.corners[from - 1].1 as usize, 1.0)
        } else {
            ((self.corners[from + 1].0 as usize).checked_sub(1)?, -1.0)
        };
        let (lo, hi) = self.runs[first_edge];
        // Whether the walk's edges up to entry `q`'s last corner stay in the run, span less than
        // a half-turn and point away from the line: true for a prefix of the walk.
        let keeps = |q: usize| -> bool {
            let last_edge = if ccw {
                (self.corners[q].1 as usize).wrapping_sub(1)
            } else {
                self.corners[q].0 as usize
            };
            (lo as usize..=hi as usize).contains(&last_edge)
                && (self.angles[last_edge] - self.angles[first_edge]).abs() < MAX_SPAN
                && points_away(d, self.edges[last_edge] * way, side)
        };
        if !points_away(d, self.edges[first_edge] * way, side) || !keeps(from) {
            return None;
        }
        // The furthest entry within the run, then `to`, are tried first: a line leaving a curve
        // along an edge usually keeps its side to the run's end.
        let in_run = if ccw {
            let e = self.entry_of_edge[hi as usize] as usize;
            let e = if self.corners[e].1 <= hi + 1 {
                e
            } else {
                e - 1
            };
            e.min(to)
        } else {
            let e = self.entry_of_edge[lo as usize] as usize;
            let e = if self.corners[e].0 >= lo { e } else { e + 1 };
            e.max(to)
        };
        if keeps(in_run) {
            return Some(in_run);
        }
        // A binary search between the last entry known to keep the side and the first known not to.
        let (mut good, mut bad) = (from, in_run);
        loop {
            let mid = if ccw {
                good + (bad - good) / 2
            } else {
                good - (good - bad) / 2
            };
            if mid == good {
                return Some(good);
            }
            if keeps(mid) {
                good = mid;
            } else {
                bad = mid;
            }
        }
    }
}

/// The vector `e` points strictly to the `side` of the direction `d`, for certain: its computed
/// cross product clears a bound on the rounding of the inputs and of itself.
fn points_away(d: Point, e: Point, side: f64) -> bool {
    side * d.cross(e) > 1e-12 * (d.x.abs() + d.y.abs()) * (e.x.abs() + e.y.abs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::f64::consts::TAU;

    /// Chains of one fan each whose entries are the chain's consecutive pairs of points.
    fn chains(points: &[Point]) -> FanChains {
        let mut out = FanChains::default();
        out.push_fan(points.windows(2));
        out
    }

    /// Every far corner of entries `lo..=hi` (pairs of `points`) strictly on the side.
    fn all_clear(
        points: &[Point],
        lo: usize,
        hi: usize,
        (a, b): (Point, Point),
        side: f64,
    ) -> bool {
        points[lo..=hi + 1]
            .iter()
            .all(|&p| side * orient(a, b, p) > 0.0)
    }

    /// Lines through chain points along the chain's edges (the exact search's cones leaving a
    /// curve) and in random directions, on curves turning more than a half-turn, with
    /// collinear and repeated points and a turn the other way: every answer is sound (all the
    /// entries it passes are clear by exact tests) and, along the curve, reaches far.
    #[test]
    fn a_walk_it_clears_is_clear() {
        let arc = |n: usize, turn: f64| -> Vec<Point> {
            (0..n)
                .map(|k| Point::from_angle(turn * k as f64 / n as f64) * 6.0)
                .collect()
        };
        let mut wavy = arc(300, 1.2 * TAU);
        wavy[100] = wavy[99].lerp(wavy[101], 0.5); // nearly collinear, may be either way
        wavy[200] = wavy[199]; // a repeated point
        let mut bent = arc(200, 0.4 * TAU);
        let (bend, start) = (bent[199], Point::new(6.0, 0.0));
        bent.extend(arc(200, -0.4 * TAU).iter().map(|&p| p - start + bend));
        let collinear: Vec<Point> = (0..50).map(|k| Point::new(k as f64, 0.0)).collect();
        let mut rng = Rng::new(11);
        let (mut passed, mut far) = (0, 0);
        for points in [arc(1000, 0.9 * TAU), wavy, bent, collinear] {
            let fan = chains(&points);
            let entries = points.len() - 1;
            for _ in 0..3000 {
                let j = (rng.next_u64() as usize) % (points.len() - 1);
                let ccw = rng.next_u64().is_multiple_of(2);
                let (a, b) = if rng.next_u64().is_multiple_of(2) {
                    (points[j], points[j + 1])
                } else {
                    let p = points[j];
                    (p, p + Point::from_angle(rng.range(0.0, TAU)))
                };
                // Often the walk starts just past the line's edge, as a cone leaving the curve does.
                let from = if rng.next_u64().is_multiple_of(2) {
                    (rng.next_u64() as usize) % (entries - 2) + 1
                } else if ccw {
                    (j + 3).min(entries - 2)
                } else {
                    j.saturating_sub(3).max(1)
                };
                let (known, to) = if ccw {
                    (from - 1, entries - 1)
                } else {
                    (from + 1, 0)
                };
                for side in [1.0, -1.0] {
                    if !all_clear(&points, known, known, (a, b), side) {
                        continue;
                    }
                    let Some(until) = fan.clear_until(from, to, ccw, (a, b), side) else {
                        continue;
                    };
                    let (lo, hi) = if ccw { (from, until) } else { (until, from) };
                    assert!(
                        all_clear(&points, lo, hi, (a, b), side),
                        "{a} -> {b} side {side}: entries {lo}..={hi} are not all clear"
                    );
                    passed += 1;
                    far += usize::from(hi - lo > 50);
                }
            }
        }
        assert!(passed > 3000 && far > 1000, "{passed} walks, {far} long");
    }
}
