//! `PackedCorner`: an optional scene corner in 8 bytes, for the arrays that hold one per point of
//! a free space or a mesh (millions at game-map scale, where `Option<Corner>` takes 24 bytes).

use super::{Corner, RingRef};

/// `Option<Corner>` packed into two `u32`: the ring's kind in the top two bits of `ring` and its
/// index in the other 30, the corner's index in `index`. A corner whose ring or index does not
/// fit (over a billion rings, or over four billion points in one) packs as none: only what a
/// corner explains (which obstacle made a wall) is lost, never a wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedCorner {
    ring: u32,
    index: u32,
}

const KIND_SHIFT: u32 = 30;
const RING_MASK: u32 = (1 << KIND_SHIFT) - 1;

impl PackedCorner {
    /// No corner.
    pub const NONE: PackedCorner = PackedCorner {
        ring: u32::MAX,
        index: u32::MAX,
    };

    /// Packs `corner` (none when it does not fit, see the type).
    pub fn new(corner: Option<Corner>) -> PackedCorner {
        let Some(Corner { ring, index }) = corner else {
            return PackedCorner::NONE;
        };
        let (kind, i) = match ring {
            RingRef::Walkable(i) => (0, i),
            RingRef::Obstacle(i) => (1, i),
            RingRef::Cost(i) => (2, i),
        };
        match (u32::try_from(i), u32::try_from(index)) {
            (Ok(i), Ok(index)) if i <= RING_MASK => PackedCorner {
                ring: kind << KIND_SHIFT | i,
                index,
            },
            _ => PackedCorner::NONE,
        }
    }

    /// The corner, if any.
    pub fn get(self) -> Option<Corner> {
        let i = (self.ring & RING_MASK) as usize;
        let ring = match self.ring >> KIND_SHIFT {
            0 => RingRef::Walkable(i),
            1 => RingRef::Obstacle(i),
            2 => RingRef::Cost(i),
            _ => return None,
        };
        Some(Corner {
            ring,
            index: self.index as usize,
        })
    }

    /// Changes the corner, if any, by `f` (packing the result again).
    pub fn update(&mut self, f: impl FnOnce(&mut Corner)) {
        if let Some(mut c) = self.get() {
            f(&mut c);
            *self = PackedCorner::new(Some(c));
        }
    }
}

impl From<Option<Corner>> for PackedCorner {
    fn from(corner: Option<Corner>) -> Self {
        PackedCorner::new(corner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_corner_comes_back_as_it_went_in_and_takes_8_bytes() {
        assert_eq!(std::mem::size_of::<PackedCorner>(), 8);
        let rings = [RingRef::Walkable(0), RingRef::Obstacle(7), RingRef::Cost(3)];
        for ring in rings {
            for index in [0, 1, u32::MAX as usize] {
                let c = Some(Corner { ring, index });
                assert_eq!(PackedCorner::new(c).get(), c);
            }
        }
        let last = Some(Corner {
            ring: RingRef::Obstacle(RING_MASK as usize),
            index: 5,
        });
        assert_eq!(PackedCorner::new(last).get(), last);
        assert_eq!(PackedCorner::new(None).get(), None);
    }

    #[test]
    fn a_corner_that_does_not_fit_packs_as_none() {
        let too_many_rings = Corner {
            ring: RingRef::Obstacle(RING_MASK as usize + 1),
            index: 0,
        };
        let too_many_points = Corner {
            ring: RingRef::Walkable(0),
            index: u32::MAX as usize + 1,
        };
        for c in [too_many_rings, too_many_points] {
            assert_eq!(PackedCorner::new(Some(c)), PackedCorner::NONE);
        }
    }

    #[test]
    fn update_changes_a_corner_and_leaves_none_alone() {
        let mut p = PackedCorner::new(Some(Corner {
            ring: RingRef::Obstacle(4),
            index: 2,
        }));
        p.update(|c| c.ring = RingRef::Obstacle(3));
        assert_eq!(p.get().map(|c| c.ring), Some(RingRef::Obstacle(3)));
        let mut none = PackedCorner::NONE;
        none.update(|c| c.index = 9);
        assert_eq!(none, PackedCorner::NONE);
    }
}
