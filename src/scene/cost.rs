//! Cost areas: rings where walking costs `cost` times the distance (mud, water, a road). They do
//! not change the free space; overlapping cost areas take the cost of the one painted last.
//!
//! A cost is any number > 0 and at most 1e9 (as a link's): above 1 is slower ground, below 1
//! faster ground (a cost of 1e308 overflowed every path's cost to infinity). The search
//! scales its straight-line heuristic by the smallest cost of the scene (at most 1), so it stays
//! admissible when some ground is cheaper than plain floor. `nav`'s `CostMap` reads them.

use crate::geom::Ring;
use crate::numbers::compact;

/// A named ring of weighted ground.
#[derive(Clone, Debug, PartialEq)]
pub struct CostArea {
    pub name: String,
    pub ring: Ring,
    /// Multiplies the length walked inside the ring (1 is plain floor).
    pub cost: f64,
}

/// Cost of the floor outside every cost area.
pub const FLOOR_COST: f64 = 1.0;

/// Why `cost` cannot be an area's cost, if it cannot.
pub fn cost_problem(cost: f64) -> Option<String> {
    if !cost.is_finite() {
        Some(format!("cost {} is not a finite number", compact(cost)))
    } else if cost <= 0.0 {
        Some(format!("cost {} must be greater than 0", compact(cost)))
    } else if cost > super::MAX_COORDINATE {
        Some(format!(
            "cost {} is out of range (at most {:e})",
            compact(cost),
            super::MAX_COORDINATE
        ))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cost_must_be_a_finite_number_above_zero() {
        assert_eq!(cost_problem(5.0), None);
        assert_eq!(cost_problem(0.25), None);
        assert!(cost_problem(0.0).unwrap().contains("greater than 0"));
        assert!(cost_problem(-2.0).unwrap().contains("greater than 0"));
        assert_eq!(cost_problem(1e9), None);
        assert_eq!(
            cost_problem(1e308).unwrap(),
            "cost 1e308 is out of range (at most 1e9)"
        );
        assert!(cost_problem(f64::NAN).unwrap().contains("not a finite"));
        assert!(
            cost_problem(f64::INFINITY)
                .unwrap()
                .contains("not a finite")
        );
    }
}
