//! `TriLinks`: a triangle's neighbours across its three edges in 12 bytes (`[Option<TriId>; 3]`
//! takes 24), for the mesh's adjacency: at game-map scale it holds millions of them.

use super::faces::NONE;
use super::ids::TriId;

/// The neighbour across each edge of a triangle (none: a wall), each a triangle index or
/// [`NONE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TriLinks([u32; 3]);

impl TriLinks {
    /// Walls on all three edges.
    pub const WALLS: TriLinks = TriLinks([NONE; 3]);

    pub fn new(links: [Option<TriId>; 3]) -> TriLinks {
        TriLinks(links.map(|n| n.map_or(NONE, |t| t.0)))
    }

    /// From triangle indices with [`NONE`] for walls, each index moved by `offset`.
    pub(in crate::nav) fn offset(raw: [u32; 3], offset: u32) -> TriLinks {
        TriLinks(raw.map(|n| if n == NONE { NONE } else { n + offset }))
    }

    /// The neighbour across each edge.
    pub fn get(self) -> [Option<TriId>; 3] {
        self.0.map(|n| (n != NONE).then_some(TriId(n)))
    }

    /// Makes the link to `from`, if any, a link to `to`.
    pub fn relink(&mut self, from: TriId, to: TriId) {
        if let Some(n) = self.0.iter_mut().find(|n| **n == from.0) {
            *n = to.0;
        }
    }

    /// Sets the neighbour across edge `k`.
    pub fn set(&mut self, k: usize, link: Option<TriId>) {
        self.0[k] = link.map_or(NONE, |t| t.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_come_back_as_they_went_in_in_12_bytes() {
        assert_eq!(std::mem::size_of::<TriLinks>(), 12);
        let links = [Some(TriId(0)), None, Some(TriId(NONE - 1))];
        assert_eq!(TriLinks::new(links).get(), links);
        let mut l = TriLinks::WALLS;
        assert_eq!(l.get(), [None; 3]);
        l.set(1, Some(TriId(5)));
        assert_eq!(l.get(), [None, Some(TriId(5)), None]);
        l.set(1, None);
        assert_eq!(l, TriLinks::WALLS);
        assert_eq!(
            TriLinks::offset([0, NONE, 2], 10).get(),
            [Some(TriId(10)), None, Some(TriId(12))]
        );
    }
}
