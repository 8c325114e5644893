//! Test helpers: an independent model of the free space, computed straight from the scene's
//! rings (winding numbers and edge distances), and grid flood fills bounding reachability.

#![allow(dead_code)]

use navscope::geom::{Point, Segment, winding_number};
use navscope::scene::Scene;
use std::collections::VecDeque;

/// Distance from `p` to the nearest point an agent centre may not be at, for radius 0:
/// 0 outside every walkable ring or inside an obstacle (non-zero rule), else the distance to the
/// nearest ring edge. Assumes walkable rings do not overlap each other.
pub fn clearance(scene: &Scene, p: Point) -> f64 {
    let Some(home) = scene
        .walkable
        .iter()
        .find(|r| winding_number(r.points(), p) != 0)
    else {
        return 0.0;
    };
    let mut best = home
        .edges()
        .map(|e| e.distance_to_point(p))
        .fold(f64::INFINITY, f64::min);
    for o in &scene.obstacles {
        if winding_number(o.ring.points(), p) != 0 {
            return 0.0;
        }
        best = best.min(
            o.ring
                .edges()
                .map(|e| e.distance_to_point(p))
                .fold(f64::INFINITY, f64::min),
        );
    }
    best
}

/// An upper bound of the signed distance to the raw free space's boundary: the clearance when
/// `p` is free, else minus the distance to the boundary of one region that holds it (the true
/// distance to free space is at least that). Like the true signed distance it cannot grow
/// faster than the distance moved, which is what the outer grid relies on.
pub fn signed_clearance_upper(scene: &Scene, p: Point) -> f64 {
    let c = clearance(scene, p);
    if c > 0.0 {
        return c;
    }
    let edge_distance = |r: &navscope::geom::Ring| {
        r.edges()
            .map(|e| e.distance_to_point(p))
            .fold(f64::INFINITY, f64::min)
    };
    let mut depth = f64::INFINITY;
    if !scene
        .walkable
        .iter()
        .any(|r| winding_number(r.points(), p) != 0)
    {
        depth = scene
            .walkable
            .iter()
            .map(edge_distance)
            .fold(f64::INFINITY, f64::min);
    }
    for o in &scene.obstacles {
        if winding_number(o.ring.points(), p) != 0 {
            depth = depth.min(edge_distance(&o.ring));
        }
    }
    if depth.is_finite() { -depth } else { 0.0 }
}

/// Smallest clearance along a segment (exact: distance between the segment and every edge).
pub fn segment_clearance(scene: &Scene, s: Segment) -> f64 {
    if clearance(scene, s.a) == 0.0 || clearance(scene, s.b) == 0.0 {
        return 0.0;
    }
    scene
        .rings()
        .flat_map(|(_, r)| r.edges().collect::<Vec<_>>())
        .map(|e| navscope::geom::segment_distance(&e, &s))
        .fold(f64::INFINITY, f64::min)
}

/// What the independent model says about a point for radius `r`, given that the navmesh may
/// lose a band of width `band` near the walls (arc tolerance plus rounding).
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum Membership {
    Inside,
    Outside,
    Unsure,
}

pub fn membership(scene: &Scene, p: Point, r: f64, band: f64, eps: f64) -> Membership {
    let c = clearance(scene, p);
    if c >= r + band + eps {
        Membership::Inside
    } else if c < r - eps || (r == 0.0 && c == 0.0) {
        Membership::Outside
    } else {
        Membership::Unsure
    }
}

/// Grid bounds on reachability. `inner` connects cells whose centres keep a clearance of at
/// least r + band + cell (so a straight move between neighbours stays in the navmesh's free
/// space); `outer` connects (8-neighbour) cells whose centres have a signed clearance of at least
/// r - cell (so any true path runs through connected outer cells).
pub struct ReachGrid {
    origin: Point,
    cell: f64,
    cols: usize,
    rows: usize,
    inner: Vec<u32>,
    outer: Vec<u32>,
}

impl ReachGrid {
    pub fn new(scene: &Scene, r: f64, band: f64, cells_per_side: usize) -> Self {
        let b = scene.bounds();
        let cell = b.width().max(b.height()) / cells_per_side as f64;
        let cols = (b.width() / cell).ceil() as usize + 1;
        let rows = (b.height() / cell).ceil() as usize + 1;
        let mut c = vec![0.0; cols * rows];
        for j in 0..rows {
            for i in 0..cols {
                let p = Point::new(b.min.x + i as f64 * cell, b.min.y + j as f64 * cell);
                c[j * cols + i] = signed_clearance_upper(scene, p);
            }
        }
        let inner = label(cols, rows, |k| c[k] >= r + band + cell, false);
        let outer = label(cols, rows, |k| c[k] >= r - cell, true);
        ReachGrid {
            origin: b.min,
            cell,
            cols,
            rows,
            inner,
            outer,
        }
    }

    fn nearest(&self, p: Point) -> usize {
        let i = (((p.x - self.origin.x) / self.cell).round().max(0.0) as usize).min(self.cols - 1);
        let j = (((p.y - self.origin.y) / self.cell).round().max(0.0) as usize).min(self.rows - 1);
        j * self.cols + i
    }

    /// Some(true) when a path must exist, Some(false) when none can, None when unsure.
    /// `start_link` / `goal_link` tell whether the straight move from the point to its nearest
    /// grid centre is certainly free.
    pub fn reachable(&self, s: Point, g: Point, start_link: bool, goal_link: bool) -> Option<bool> {
        let (a, b) = (self.nearest(s), self.nearest(g));
        if start_link && goal_link && self.inner[a] != 0 && self.inner[a] == self.inner[b] {
            return Some(true);
        }
        let around = |k: usize| -> Vec<u32> {
            let (i, j) = ((k % self.cols) as i64, (k / self.cols) as i64);
            let mut v = Vec::new();
            for dj in -1..=1 {
                for di in -1..=1 {
                    let (x, y) = (i + di, j + dj);
                    if x >= 0 && y >= 0 && (x as usize) < self.cols && (y as usize) < self.rows {
                        let l = self.outer[y as usize * self.cols + x as usize];
                        if l != 0 {
                            v.push(l);
                        }
                    }
                }
            }
            v
        };
        let (la, lb) = (around(a), around(b));
        if !la.is_empty() && !lb.is_empty() && la.iter().all(|x| !lb.contains(x)) {
            return Some(false);
        }
        None
    }

    pub fn center(&self, p: Point) -> Point {
        let k = self.nearest(p);
        Point::new(
            self.origin.x + (k % self.cols) as f64 * self.cell,
            self.origin.y + (k / self.cols) as f64 * self.cell,
        )
    }
}

fn label(cols: usize, rows: usize, open: impl Fn(usize) -> bool, diagonal: bool) -> Vec<u32> {
    let mut labels = vec![0u32; cols * rows];
    let mut next = 1;
    let mut queue = VecDeque::new();
    for start in 0..cols * rows {
        if labels[start] != 0 || !open(start) {
            continue;
        }
        labels[start] = next;
        queue.push_back(start);
        while let Some(k) = queue.pop_front() {
            let (i, j) = ((k % cols) as i64, (k / cols) as i64);
            for dj in -1..=1i64 {
                for di in -1..=1i64 {
                    if (di == 0 && dj == 0) || (!diagonal && di != 0 && dj != 0) {
                        continue;
                    }
                    let (x, y) = (i + di, j + dj);
                    if x < 0 || y < 0 || x as usize >= cols || y as usize >= rows {
                        continue;
                    }
                    let n = y as usize * cols + x as usize;
                    if labels[n] == 0 && open(n) {
                        labels[n] = next;
                        queue.push_back(n);
                    }
                }
            }
        }
        next += 1;
    }
    labels
}

/// `PROPTEST_CASES` overrides the default number of cases (e.g. for long soak runs).
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
