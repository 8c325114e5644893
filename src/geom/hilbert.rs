//! Positions along a Hilbert curve: the curve visits every cell of a 2^16 x 2^16 grid once,
//! and cells near each other along it are near each other in the plane, so data sorted by it
//! keeps neighbours in space near each other in memory.
//! ```text
//!   5 -- 6    9 -- 10       the first 16 cells (a 4 x 4 grid), from the bottom left
//!   |    |    |    |
//!   4    7 -- 8    11
//!   |              |
//!   3 -- 2   13 -- 12
//!        |    |
//!   0 -- 1   14 -- 15
//! ```

use super::{Aabb, Point};

/// Cells per side of the grid.
const SIDE: u32 = 1 << 16;

/// The position along the curve of the cell holding `p`, the grid spread over `bounds` (points
/// outside are clamped to it).
pub fn hilbert_index(p: Point, bounds: Aabb) -> u64 {
    let cell = |v: f64, lo: f64, hi: f64| {
        let t = if hi > lo { (v - lo) / (hi - lo) } else { 0.0 };
        // A NaN becomes 0 in the cast.
        (t.clamp(0.0, 1.0) * f64::from(SIDE - 1)) as u32
    };
    let (mut x, mut y) = (
        cell(p.x, bounds.min.x, bounds.max.x),
        cell(p.y, bounds.min.y, bounds.max.y),
    );
    let mut d = 0u64;
    let mut s = SIDE / 2;
    while s > 0 {
        let (rx, ry) = (u32::from(x & s != 0), u32::from(y & s != 0));
        d += u64::from(s) * u64::from(s) * u64::from((3 * rx) ^ ry);
        // Turn the quadrant so that the curve inside it starts where it enters.
        if ry == 0 {
            if rx == 1 {
                (x, y) = (SIDE - 1 - x, SIDE - 1 - y);
            }
            (x, y) = (y, x);
        }
        s /= 2;
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell_index(x: u32, y: u32) -> u64 {
        // Cell centres of a 4 x 4 grid spread over [0, 3] map onto cells 0, 21845, 43690, 65535.
        let bounds = Aabb {
            min: Point::new(0.0, 0.0),
            max: Point::new(3.0, 3.0),
        };
        hilbert_index(Point::new(f64::from(x), f64::from(y)), bounds)
    }

    #[test]
    fn consecutive_positions_are_neighbouring_cells() {
        // The 4 x 4 grid's cells sorted by their position follow the picture above.
        let mut cells: Vec<(u32, u32)> = (0..4).flat_map(|x| (0..4).map(move |y| (x, y))).collect();
        cells.sort_by_key(|&(x, y)| cell_index(x, y));
        assert_eq!(cells[..4], [(0, 0), (1, 0), (1, 1), (0, 1)]);
        assert_eq!(cells[15], (3, 0));
        for w in cells.windows(2) {
            let step = w[0].0.abs_diff(w[1].0) + w[0].1.abs_diff(w[1].1);
            assert_eq!(step, 1, "{:?} -> {:?}", w[0], w[1]);
        }
    }

    #[test]
    fn points_outside_the_bounds_or_not_numbers_are_clamped() {
        let bounds = Aabb {
            min: Point::new(0.0, 0.0),
            max: Point::new(1.0, 1.0),
        };
        let at = |x, y| hilbert_index(Point::new(x, y), bounds);
        assert_eq!(at(-5.0, -5.0), at(0.0, 0.0));
        assert_eq!(at(f64::NAN, 0.0), at(0.0, 0.0));
        assert_eq!(at(9.0, 0.0), at(1.0, 0.0));
        // A flat box: every point in one column.
        let flat = Aabb {
            min: Point::new(0.0, 0.0),
            max: Point::new(0.0, 1.0),
        };
        assert_eq!(hilbert_index(Point::new(7.0, 0.0), flat), at(0.0, 0.0));
    }
}
