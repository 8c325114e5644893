//! `HintGrid`: a coarse grid over a triangulation's bounds holding, for every cell, something
//! near it (a face, a vertex) to start a point-location walk from. Cells no item falls in
//! borrow a neighbour's, breadth-first.

use crate::geom::{Aabb, Point};
use std::collections::VecDeque;

#[derive(Clone, Debug)]
pub(in crate::nav) struct HintGrid<T> {
    bounds: Aabb,
    cell: f64,
    cols: usize,
    rows: usize,
    /// Row-major, one per cell.
    pub(in crate::nav) cells: Vec<T>,
}

impl<T: Copy> HintGrid<T> {
    /// A grid of about `items.len() / per_cell` square cells (at most 512 a side) over
    /// `bounds`; each cell holds the first item whose position falls in it, or a neighbour's
    /// (`fallback` when no item falls anywhere).
    pub(in crate::nav) fn new(
        bounds: Aabb,
        per_cell: f64,
        items: &[(T, Point)],
        fallback: T,
    ) -> Self {
        let span = bounds.width().max(bounds.height());
        let side = ((items.len() as f64 / per_cell).sqrt().ceil() as usize).clamp(1, 512);
        let cell = if span > 0.0 { span / side as f64 } else { 1.0 };
        let cols = ((bounds.width() / cell) as usize + 1).min(side + 1);
        let rows = ((bounds.height() / cell) as usize + 1).min(side + 1);
        let mut grid = HintGrid {
            bounds,
            cell,
            cols,
            rows,
            cells: Vec::new(),
        };
        let mut cells: Vec<Option<T>> = vec![None; cols * rows];
        for &(item, at) in items {
            cells[grid.cell_index(at)].get_or_insert(item);
        }
        let mut queue: VecDeque<usize> = (0..cells.len()).filter(|&c| cells[c].is_some()).collect();
        while let Some(c) = queue.pop_front() {
            let (col, row) = (c % cols, c / cols);
            let around = [
                (col > 0).then(|| c - 1),
                (col + 1 < cols).then(|| c + 1),
                (row > 0).then(|| c - cols),
                (row + 1 < rows).then(|| c + cols),
            ];
            for n in around.into_iter().flatten() {
                if cells[n].is_none() {
                    cells[n] = cells[c];
                    queue.push_back(n);
                }
            }
        }
        grid.cells = cells.into_iter().map(|c| c.unwrap_or(fallback)).collect();
        grid
    }

    fn cell_index(&self, p: Point) -> usize {
        let f = |v: f64, n: usize| {
            if v.is_nan() || v < 0.0 {
                0
            } else {
                (v as usize).min(n - 1)
            }
        };
        let col = f((p.x - self.bounds.min.x) / self.cell, self.cols);
        let row = f((p.y - self.bounds.min.y) / self.cell, self.rows);
        row * self.cols + col
    }

    /// True when `p` lies within the grid's bounds (borders included).
    pub(in crate::nav) fn covers(&self, p: Point) -> bool {
        self.bounds.contains(p)
    }

    /// The item of the cell holding `p` (points outside the grid take the nearest border cell).
    pub(in crate::nav) fn hint(&self, p: Point) -> T {
        self.cells[self.cell_index(p)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_gets_an_item_its_own_or_a_neighbours() {
        let bounds = Aabb::from_points([Point::new(0.0, 0.0), Point::new(10.0, 10.0)]);
        let items = [(1u32, Point::new(0.5, 0.5)), (2, Point::new(9.5, 9.5))];
        let grid = HintGrid::new(bounds, 0.02, &items, 0);
        assert_eq!(grid.hint(Point::new(0.5, 0.5)), 1);
        assert_eq!(grid.hint(Point::new(9.5, 9.5)), 2);
        assert_eq!(grid.hint(Point::new(1.5, 0.5)), 1, "a neighbour's item");
        assert_eq!(
            grid.hint(Point::new(-100.0, f64::NAN)),
            1,
            "outside: a border cell"
        );
        assert!(
            grid.cells.iter().all(|&c| c != 0),
            "no cell is left to the fallback"
        );
        let empty = HintGrid::new(bounds, 8.0, &[], 7u32);
        assert_eq!(empty.hint(Point::new(3.0, 3.0)), 7);
    }
}
