//! Connected components of a navmesh: triangles joined by links (shared non-wall edges) get
//! one label, numbered from 0 in the order of each component's lowest triangle id.

use super::ids::{ComponentId, TriId};

/// The component of each triangle, given its neighbour across each edge, and how many
/// components there are.
pub(in crate::nav) fn label_components(
    neighbors: &[[Option<TriId>; 3]],
) -> (Vec<ComponentId>, usize) {
    const UNSET: ComponentId = ComponentId(u32::MAX);
    let mut labels = vec![UNSET; neighbors.len()];
    let mut count = 0u32;
    let mut stack = Vec::new();
    for start in 0..neighbors.len() {
        if labels[start] != UNSET {
            continue;
        }
        labels[start] = ComponentId(count);
        stack.push(start);
        while let Some(t) = stack.pop() {
            for n in neighbors[t].iter().flatten() {
                if labels[n.index()] == UNSET {
                    labels[n.index()] = ComponentId(count);
                    stack.push(n.index());
                }
            }
        }
        count += 1;
    }
    (labels, count as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linked_triangles_share_a_label_numbered_by_lowest_triangle() {
        // 0 alone; 1 - 3 - 2 a chain (1 reaches 2 only through 3); 4 alone.
        let t = |i| Some(TriId(i));
        let neighbors = [
            [None, None, None],
            [None, t(3), None],
            [t(3), None, None],
            [t(1), None, t(2)],
            [None, None, None],
        ];
        let (labels, count) = label_components(&neighbors);
        assert_eq!(count, 3);
        assert_eq!(
            labels,
            [0, 1, 1, 1, 2].map(ComponentId).to_vec(),
            "{labels:?}"
        );
    }

    #[test]
    fn no_triangles_no_components() {
        assert_eq!(label_components(&[]), (Vec::new(), 0));
    }
}
