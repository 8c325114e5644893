//! A fixed-size set of small indices, one bit each: the exact search's per-corner and
//! per-polygon flags, small enough to stay in cache where a byte or a word per entry would not.

/// A set of indices below the length it was made with.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// The empty set of indices below `len`.
    pub(crate) fn new(len: usize) -> Bits {
        Bits {
            words: vec![0; len.div_ceil(64)],
        }
    }

    pub(crate) fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    /// Puts `i` in the set when `on`, else takes it out.
    pub(crate) fn set(&mut self, i: usize, on: bool) {
        if on {
            self.insert(i);
        } else {
            self.words[i / 64] &= !(1 << (i % 64));
        }
    }

    /// Makes room for the indices below `len` (new ones not in the set).
    pub(crate) fn grow(&mut self, len: usize) {
        self.words.resize(len.div_ceil(64).max(self.words.len()), 0);
    }

    pub(crate) fn contains(&self, i: usize) -> bool {
        self.words[i / 64] >> (i % 64) & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn holds_exactly_the_indices_inserted() {
        let mut bits = Bits::new(130);
        for i in [0, 63, 64, 129] {
            bits.insert(i);
        }
        let held: Vec<usize> = (0..130).filter(|&i| bits.contains(i)).collect();
        assert_eq!(held, vec![0, 63, 64, 129]);
        bits.set(63, false);
        bits.set(1, true);
        bits.grow(200);
        bits.insert(199);
        let held: Vec<usize> = (0..200).filter(|&i| bits.contains(i)).collect();
        assert_eq!(held, vec![0, 1, 64, 129, 199]);
    }
}
