//! Items grouped by a key in one flat list (compressed rows, by a counting sort): group k is
//! `items[starts[k]..starts[k + 1]]`, its items in the order they came.

/// Items grouped by keys `0..count`.
#[derive(Clone, Debug)]
pub(crate) struct Grouped<T> {
    starts: Vec<u32>,
    items: Vec<T>,
}

/// No groups (without asking `T` for a default).
impl<T> Default for Grouped<T> {
    fn default() -> Self {
        Grouped {
            starts: Vec::new(),
            items: Vec::new(),
        }
    }
}

impl<T: Copy> Grouped<T> {
    /// The `(key, item)` pairs of `pairs` (every key below `count`) grouped by key. The pairs
    /// are read twice: once to count, once to place.
    pub(crate) fn new(count: usize, pairs: impl Iterator<Item = (usize, T)> + Clone) -> Grouped<T> {
        let mut starts = vec![0u32; count + 1];
        for (k, _) in pairs.clone() {
            starts[k + 1] += 1;
        }
        for k in 0..count {
            starts[k + 1] += starts[k];
        }
        let Some((_, first)) = pairs.clone().next() else {
            return Grouped {
                starts,
                items: Vec::new(),
            };
        };
        let mut fill = starts.clone();
        let mut items = vec![first; starts[count] as usize];
        for (k, item) in pairs {
            items[fill[k] as usize] = item;
            fill[k] += 1;
        }
        Grouped { starts, items }
    }

    /// The same groups with `f` of each item.
    pub(crate) fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grouped<U> {
        Grouped {
            starts: self.starts.clone(),
            items: self.items.iter().map(f).collect(),
        }
    }
}

impl<T> Grouped<T> {
    /// Number of groups.
    pub(crate) fn count(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// The items of group `k`, in the order they came.
    pub(crate) fn group(&self, k: usize) -> &[T] {
        &self.items[self.starts[k] as usize..self.starts[k + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_keep_their_order_within_each_group_and_empty_groups_stay() {
        let pairs = [(2, 'a'), (0, 'b'), (2, 'c'), (3, 'd'), (0, 'e')];
        let g = Grouped::new(5, pairs.iter().copied());
        assert_eq!(g.count(), 5);
        assert_eq!(g.group(0), &['b', 'e']);
        assert_eq!(g.group(1), &[] as &[char]);
        assert_eq!(g.group(2), &['a', 'c']);
        assert_eq!(g.group(3), &['d']);
        assert_eq!(g.group(4), &[] as &[char]);
        assert_eq!(g.map(|c| c.to_ascii_uppercase()).group(2), &['A', 'C']);
        let none = Grouped::<u8>::new(3, std::iter::empty());
        assert!((0..3).all(|k| none.group(k).is_empty()));
    }
}
