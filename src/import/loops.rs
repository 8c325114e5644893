//! Chaining directed wall edges (free space on their left) into closed loops, shared by the
//! mesh and grid readers.

use crate::geom::{Point, orient};
use std::cmp::Ordering;
use std::collections::HashMap;

/// Chains wall edges `(from, to)` (indices into `points`) into closed loops of vertex indices.
/// Where several walls leave one vertex (two regions touching at a point), the loop takes the
/// first one clockwise from the way it came in, so it follows the boundary of one region and
/// never crosses itself. `Err(v)`: the walls do not close, no wall leaves vertex `v`.
pub(crate) fn chain_loops(
    points: &[Point],
    walls: &[(usize, usize)],
) -> Result<Vec<Vec<usize>>, usize> {
    let mut outgoing: HashMap<usize, Vec<usize>> = HashMap::new();
    for &(a, b) in walls {
        outgoing.entry(a).or_default().push(b);
    }
    let mut loops = Vec::new();
    for &(a, b) in walls {
        let Some(out) = outgoing.get_mut(&a) else {
            continue;
        };
        let Some(pos) = out.iter().position(|&x| x == b) else {
            continue;
        }; // already chained
        out.swap_remove(pos);
        let mut ids = vec![a];
        let (mut prev, mut cur) = (a, b);
        while cur != a {
            ids.push(cur);
            let out = outgoing
                .get_mut(&cur)
                .filter(|o| !o.is_empty())
                .ok_or(cur)?;
            let pick = (0..out.len())
                .min_by(|&i, &j| {
                    clockwise_from(points[cur], points[prev], points[out[i]], points[out[j]])
                })
                .unwrap_or(0);
            (prev, cur) = (cur, out.swap_remove(pick));
        }
        loops.push(ids);
    }
    Ok(loops)
}

/// Orders directions from `v` towards `p` and `q` by the clockwise angle from the direction
/// towards `back` (exclusive: `back` itself comes last), exactly.
fn clockwise_from(v: Point, back: Point, p: Point, q: Point) -> Ordering {
    // Quarter-free classes: 0 strictly right of v->back (clockwise angle in (0, pi)), 1 straight
    // away from it, 2 strictly left, 3 along it.
    let class = |x: Point| {
        let s = orient(v, back, x);
        if s < 0.0 {
            0
        } else if s > 0.0 {
            2
        } else if (x - v).dot(back - v) < 0.0 {
            1
        } else {
            3
        }
    };
    class(p).cmp(&class(q)).then_with(|| {
        // Same class: p comes first when q is clockwise from p.
        let s = orient(v, p, q);
        if s < 0.0 {
            Ordering::Less
        } else if s > 0.0 {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    })
}
