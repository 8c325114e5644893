//! Splitting a triangulation problem in two along a vertical seam, so both halves can be
//! triangulated at once on two cores.
//!
//! The seam x = c lies strictly between two vertex x-coordinates, so no vertex is on it. Edges
//! that cross it are cut at a seam point computed once and shared by both halves; along the seam,
//! the pieces between consecutive seam points alternate outside/inside the free space (even-odd
//! from below), and the inside pieces become constraint edges of both halves:
//! ```text
//!        |        left half: its own points, the seam points, its edge pieces, and the
//!    ____|____    inside seam pieces (double line); right half likewise
//!   |    ‖    |
//!   |____‖____|
//!        |
//! ```

use crate::geom::Point;

/// One half's triangulation input, in local indices, with the global index of each point.
pub(super) struct Half {
    pub global: Vec<u32>,
    pub points: Vec<Point>,
    pub edges: Vec<[usize; 2]>,
}

/// The two halves and the seam points (global indices `points.len()..`).
pub(super) struct Split {
    pub x: f64,
    pub seam: Vec<Point>,
    pub halves: [Half; 2],
}

/// Splits at a seam near the median x; `None` when no clean seam exists (then triangulate
/// in one piece).
pub(super) fn split(points: &[Point], edges: &[[usize; 2]]) -> Option<Split> {
    let x = seam_x(points)?;
    let n = points.len();
    let left = |i: usize| points[i].x < x;
    let mut own: [Vec<[usize; 2]>; 2] = [Vec::new(), Vec::new()];
    // (y, left end, right end) of every crossing edge.
    let mut crossings: Vec<(f64, usize, usize)> = Vec::new();
    for &[a, b] in edges {
        match (left(a), left(b)) {
            (true, true) => own[0].push([a, b]),
            (false, false) => own[1].push([a, b]),
            (la, _) => {
                let (l, r) = if la { (a, b) } else { (b, a) };
                let (pl, pr) = (points[l], points[r]);
                let y = pl.y + (x - pl.x) / (pr.x - pl.x) * (pr.y - pl.y);
                crossings.push((y, l, r));
            }
        }
    }
    crossings.sort_by(|p, q| p.0.total_cmp(&q.0).then((p.1, p.2).cmp(&(q.1, q.2))));
    let mut seam: Vec<Point> = Vec::new();
    let mut counts: Vec<usize> = Vec::new();
    for &(y, l, r) in &crossings {
        if seam.last().is_none_or(|p| p.y != y) {
            seam.push(Point::new(x, y));
            counts.push(0);
        }
        let s = n + seam.len() - 1;
        *counts.last_mut()? += 1;
        own[0].push([l, s]);
        own[1].push([s, r]);
    }
    // Even-odd along the seam: a piece is inside when an odd number of crossings lie below it.
    let mut parity = 0;
    for (i, &count) in counts.iter().enumerate() {
        parity ^= count & 1;
        if parity == 1 && i + 1 < seam.len() {
            for half in &mut own {
                half.push([n + i, n + i + 1]);
            }
        }
    }
    if parity != 0 {
        return None;
    }
    let [left_edges, right_edges] = own;
    let halves = [
        half((0..n).filter(|&i| left(i)), n, &seam, points, left_edges),
        half((0..n).filter(|&i| !left(i)), n, &seam, points, right_edges),
    ];
    Some(Split { x, seam, halves })
}

fn half(
    own: impl Iterator<Item = usize>,
    n: usize,
    seam: &[Point],
    points: &[Point],
    edges: Vec<[usize; 2]>,
) -> Half {
    let global: Vec<u32> = own.chain(n..n + seam.len()).map(|g| g as u32).collect();
    let mut local = vec![usize::MAX; n + seam.len()];
    for (i, &g) in global.iter().enumerate() {
        local[g as usize] = i;
    }
    let position = |g: usize| if g < n { points[g] } else { seam[g - n] };
    Half {
        points: global.iter().map(|&g| position(g as usize)).collect(),
        edges: edges.iter().map(|&[a, b]| [local[a], local[b]]).collect(),
        global,
    }
}

/// A vertical line between the 40th and 60th percentile of x, in the gap between consecutive
/// distinct x-coordinates there nearest the median among those at least half as wide as the
/// widest: wide enough that no seam point crowds a vertex, central enough that the halves cost
/// about the same (on a regular grid every gap is as wide, and the widest alone could lie at
/// either end of the window, a 60/40 split).
fn seam_x(points: &[Point]) -> Option<f64> {
    let mut xs: Vec<f64> = points.iter().map(|p| p.x).collect();
    let n = xs.len();
    if n < 4 {
        return None;
    }
    let (lo, hi) = (n * 2 / 5, n * 3 / 5);
    xs.select_nth_unstable_by(lo, f64::total_cmp);
    let window = &mut xs[lo..];
    window.select_nth_unstable_by(hi - lo, f64::total_cmp);
    let window = &mut window[..=hi - lo];
    window.sort_unstable_by(f64::total_cmp);
    let gap = |i: usize| window[i + 1] - window[i];
    let widest = (0..window.len() - 1).map(gap).fold(0.0, f64::max);
    let middle = (window.len() - 1) / 2;
    let i = (0..window.len() - 1)
        .filter(|&i| gap(i) >= 0.5 * widest)
        .min_by_key(|&i| i.abs_diff(middle))?;
    let (a, b) = (window[i], window[i + 1]);
    let x = 0.5 * (a + b);
    (x > a && x < b).then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x0: f64, y0: f64, s: f64) -> Vec<Point> {
        vec![
            Point::new(x0, y0),
            Point::new(x0 + s, y0),
            Point::new(x0 + s, y0 + s),
            Point::new(x0, y0 + s),
        ]
    }

    fn ring_edges(start: usize, n: usize) -> Vec<[usize; 2]> {
        (0..n).map(|i| [start + i, start + (i + 1) % n]).collect()
    }

    /// On a regular grid every gap is about as wide: the seam goes through the middle one
    /// (the widest alone, by float noise, could lie at either end of the window: 60/40).
    #[test]
    fn a_regular_grid_splits_in_the_middle() {
        let points: Vec<Point> = (0..100)
            .flat_map(|i| (0..10).map(move |j| Point::new(i as f64 * 0.1, j as f64 * 0.1)))
            .collect();
        let s = split(&points, &[]).expect("a seam");
        let sizes = s.halves.each_ref().map(|h| h.points.len());
        assert_eq!(sizes, [500, 500], "seam at x = {}", s.x);
    }

    #[test]
    fn a_room_with_a_hole_splits_into_closed_halves() {
        let mut points = square(0.0, 0.0, 10.0);
        points.extend(square(4.0, 4.0, 2.0));
        points.extend((0..12).map(|i| Point::new(0.5 + i as f64 * 0.7, 0.5)));
        let mut edges = ring_edges(0, 4);
        edges.extend(ring_edges(4, 4));
        let s = split(&points, &edges).expect("a seam");
        assert!(s.x > 0.0 && s.x < 10.0);
        // The outline is crossed twice, the hole twice (when the seam passes through it).
        assert!(s.seam.len() == 2 || s.seam.len() == 4, "{:?}", s.seam);
        for h in &s.halves {
            // Every point of a half has an even number of constraint edges: closed loops.
            let mut degree = vec![0; h.points.len()];
            for &[a, b] in &h.edges {
                degree[a] += 1;
                degree[b] += 1;
            }
            for (i, d) in degree.iter().enumerate() {
                assert!(d % 2 == 0, "point {i} {:?} has degree {d}", h.points[i]);
            }
        }
    }

    #[test]
    fn no_seam_through_identical_xs() {
        let points = vec![
            Point::new(1.0, 0.0),
            Point::new(1.0, 1.0),
            Point::new(1.0, 2.0),
            Point::new(1.0, 3.0),
        ];
        assert!(split(&points, &[]).is_none());
    }
}
