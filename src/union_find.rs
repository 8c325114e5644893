//! Union-find over `0..n`: groups joined pair by pair, each named by its root, its smallest
//! member (so groups come out in a deterministic order).

pub(crate) struct UnionFind(Vec<usize>);

impl UnionFind {
    /// `n` groups of one.
    pub(crate) fn new(n: usize) -> Self {
        UnionFind((0..n).collect())
    }

    /// The root of `i`'s group, shortening the way there.
    pub(crate) fn find(&mut self, mut i: usize) -> usize {
        while self.0[i] != i {
            self.0[i] = self.0[self.0[i]];
            i = self.0[i];
        }
        i
    }

    /// Joins the groups of `a` and `b`.
    pub(crate) fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        self.0[a.max(b)] = a.min(b);
    }
}
