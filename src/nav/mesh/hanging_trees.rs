//! The trees of polygons that hang off the rest of a mesh: peel away, again and again, every
//! polygon with at most one neighbour left, and the peeled ones form trees, each hanging from
//! the polygon its last neighbour was (or standing alone, a whole component without a loop).
//! A way into such a tree can only come back out the way it went in, so a search need not
//! enter one unless its goal lies inside: each polygon's subtree is a span of a depth-first
//! numbering, and that test is two comparisons.
//! ```text
//!    core ... p | n - c1 - c2        n hangs from p: its subtree is {n, c1, c2, c3}, numbered
//!               |      \             within [first(n), end(n)); a search in p crosses into n
//!               |       c3           only when the goal's polygon is numbered in that span.
//! ```

use super::grouped::Grouped;

/// No polygon (a root, or a polygon of the core).
const NONE: u32 = u32::MAX;

/// The hanging trees of a graph of polygons.
#[derive(Clone, Debug, Default)]
pub(crate) struct HangingTrees {
    /// Each polygon's parent in its tree (`NONE` in the core or at a tree's root).
    parent: Vec<u32>,
    /// Each polygon's number in a depth-first walk of the trees, and the number after its
    /// subtree's last.
    span: Vec<[u32; 2]>,
}

impl HangingTrees {
    /// The trees of the graph whose polygon p has the neighbours listed by `neighbors(p)`
    /// (each at most once; the graph is undirected), of `count` polygons.
    pub(crate) fn new<I: Iterator<Item = u32>>(
        count: usize,
        neighbors: impl Fn(u32) -> I,
    ) -> HangingTrees {
        let mut left: Vec<u32> = (0..count as u32)
            .map(|p| neighbors(p).count() as u32)
            .collect();
        let mut peeled = vec![false; count];
        let mut parent = vec![NONE; count];
        let mut queue: Vec<u32> = (0..count as u32)
            .filter(|&p| left[p as usize] <= 1)
            .collect();
        while let Some(p) = queue.pop() {
            peeled[p as usize] = true;
            let Some(q) = neighbors(p).find(|&q| !peeled[q as usize]) else {
                continue;
            };
            parent[p as usize] = q;
            left[q as usize] -= 1;
            if left[q as usize] == 1 {
                queue.push(q);
            }
        }
        // Children grouped by parent, then a depth-first walk from every polygon that has no
        // parent.
        let hanging = (parent.iter().enumerate()).filter(|(_, q)| **q != NONE);
        let children = Grouped::new(count, hanging.map(|(p, &q)| (q as usize, p as u32)));
        let mut span = vec![[0u32; 2]; count];
        let mut next = 0;
        // Each polygon on the way down, with how many of its children were walked.
        let mut stack: Vec<(u32, usize)> = Vec::new();
        for root in (0..count as u32).filter(|&p| parent[p as usize] == NONE) {
            span[root as usize][0] = next;
            next += 1;
            stack.push((root, 0));
            while let Some((p, walked)) = stack.last_mut() {
                let Some(&c) = children.group(*p as usize).get(*walked) else {
                    span[*p as usize][1] = next;
                    stack.pop();
                    continue;
                };
                *walked += 1;
                span[c as usize][0] = next;
                next += 1;
                stack.push((c, 0));
            }
        }
        HangingTrees { parent, span }
    }

    /// Polygon `n` hangs from polygon `p` (so a way from `p` into `n` must come back to `p`
    /// unless it ends in `n`'s subtree).
    pub(crate) fn hangs_from(&self, n: u32, p: u32) -> bool {
        self.parent[n as usize] == p
    }

    /// Polygon `q` is `n` or lies in the subtree hanging from `n`.
    pub(crate) fn holds(&self, n: u32, q: u32) -> bool {
        let [first, end] = self.span[n as usize];
        (first..end).contains(&self.span[q as usize][0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The trees of the undirected graph of `edges` over `count` polygons.
    fn trees(count: usize, edges: &[(u32, u32)]) -> HangingTrees {
        let mut lists = vec![Vec::new(); count];
        for &(a, b) in edges {
            lists[a as usize].push(b);
            lists[b as usize].push(a);
        }
        HangingTrees::new(count, |p| lists[p as usize].clone().into_iter())
    }

    #[test]
    fn a_branch_off_a_loop_hangs_from_the_loop_and_holds_its_own_polygons() {
        // Loop 0-1-2-3-0; 4 hangs from 1, 5 and 6 from 4, 7 from 6.
        let t = trees(
            8,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 0),
                (1, 4),
                (4, 5),
                (4, 6),
                (6, 7),
            ],
        );
        for (p, q) in [(0, 1), (1, 2), (2, 3), (3, 0), (1, 0)] {
            assert!(!t.hangs_from(q, p), "{q} is in the loop, not below {p}");
        }
        assert!(t.hangs_from(4, 1) && t.hangs_from(5, 4) && t.hangs_from(6, 4));
        assert!(t.hangs_from(7, 6) && !t.hangs_from(1, 4) && !t.hangs_from(4, 6));
        for q in [4, 5, 6, 7] {
            assert!(t.holds(4, q), "4's subtree holds {q}");
        }
        for q in [0, 1, 2, 3] {
            assert!(!t.holds(4, q), "4's subtree does not hold {q}");
        }
        assert!(t.holds(6, 7) && !t.holds(6, 5) && !t.holds(5, 6) && !t.holds(7, 6));
    }

    #[test]
    fn a_component_without_a_loop_is_one_tree_and_loops_keep_every_polygon() {
        // A path 0-1-2 alone, a lone polygon 3, and a loop 4-5-6.
        let t = trees(7, &[(0, 1), (1, 2), (4, 5), (5, 6), (6, 4)]);
        let hanging = (0..3).flat_map(|p| (0..3).map(move |q| (p, q)));
        let edges = hanging.filter(|&(p, q)| t.hangs_from(q, p)).count();
        assert_eq!(
            edges, 2,
            "two of the path's three polygons hang from another"
        );
        let root = (0..3)
            .find(|&p| (0..3).all(|q| !t.hangs_from(p, q)))
            .unwrap();
        assert!(
            (0..3).all(|q| t.holds(root, q)),
            "the root holds the whole path"
        );
        assert!(!t.holds(root, 3) && t.holds(3, 3) && !t.holds(3, root));
        for (p, q) in [(4, 5), (5, 6), (6, 4), (5, 4), (6, 5), (4, 6)] {
            assert!(!t.hangs_from(q, p));
        }
    }
}
