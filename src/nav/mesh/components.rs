//! Connected components of a navmesh: triangles joined by links (shared non-wall edges) get
//! one label, numbered from 0 in the order of each component's lowest triangle id.

use super::ids::{ComponentId, TriId};
use super::tri_links::TriLinks;

/// The component of each triangle, given its neighbour across each edge, and how many
/// components there are.
pub(in crate::nav) fn label_components(neighbors: &[TriLinks]) -> (Vec<ComponentId>, usize) {
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
            for n in neighbors[t].get().iter().flatten() {
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

/// The labels after a local change of the triangles, as [`label_components`] would give them,
/// from the labels `before` (indexed by the old ids, with their count): `origin[t]` is the old id of triangle t
/// (`None`: new) and `border` the kept triangles (new ids) whose links changed. The change
/// joins components and adds new ones, but a component can only split where its triangles
/// next to the change no longer meet through new triangles: then (and only then) everything
/// is labelled again. Otherwise one pass in triangle order numbers the labels afresh.
pub(in crate::nav) fn relabel_locally(
    neighbors: &[TriLinks],
    (before, labels): (&[ComponentId], usize),
    origin: &[Option<TriId>],
    border: &[TriId],
) -> (Vec<ComponentId>, usize) {
    const UNSET: u32 = u32::MAX;
    let n = neighbors.len();
    // Regions: the new triangles and the border ones, joined by links into new triangles.
    let mut region = vec![UNSET; n];
    let mut regions = 0u32;
    let mut stack = Vec::new();
    let starts = (0..n as u32)
        .map(TriId)
        .filter(|t| origin[t.index()].is_none());
    for start in starts.chain(border.iter().copied()) {
        if region[start.index()] != UNSET {
            continue;
        }
        region[start.index()] = regions;
        stack.push(start);
        while let Some(t) = stack.pop() {
            for &u in neighbors[t.index()].get().iter().flatten() {
                // A link between two kept triangles is no part of the change.
                let new = origin[t.index()].is_none() || origin[u.index()].is_none();
                if new && region[u.index()] == UNSET {
                    region[u.index()] = regions;
                    stack.push(u);
                }
            }
        }
        regions += 1;
    }
    // Old label -> the region its border triangles meet in; two regions: it may have split.
    let mut met = vec![UNSET; labels];
    for &t in border {
        let Some(o) = origin[t.index()] else { continue };
        let label = before[o.index()].0 as usize;
        match met[label] {
            UNSET => met[label] = region[t.index()],
            r if r != region[t.index()] => return label_components(neighbors),
            _ => {}
        }
    }
    // Each triangle's provisional label: a region (0..regions) if it met one, else its old
    // label after them.
    let provisional = |t: usize| -> u32 {
        match origin[t] {
            None => region[t],
            Some(o) => {
                let label = before[o.index()].0;
                match met[label as usize] {
                    UNSET => regions + label,
                    r => r,
                }
            }
        }
    };
    // Numbered in order of each component's lowest triangle, as `label_components` does.
    let mut number = vec![UNSET; regions as usize + labels];
    let mut count = 0u32;
    let out = (0..n)
        .map(|t| {
            let p = provisional(t) as usize;
            if number[p] == UNSET {
                number[p] = count;
                count += 1;
            }
            ComponentId(number[p])
        })
        .collect();
    (out, count as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(labels: &[u32]) -> Vec<ComponentId> {
        labels.iter().map(|&l| ComponentId(l)).collect()
    }

    #[test]
    fn a_local_relabel_finds_splits_joins_and_islands_as_a_full_one() {
        let t = |i| Some(TriId(i));
        // A chain 0 - 1 - 2 - 3 - 4 loses 2; 4 moves into its id: 0 - 1 and 3 - 2 now.
        let split = [
            [t(1), None, None],
            [t(0), None, None],
            [t(3), None, None],
            [t(2), None, None],
        ]
        .map(TriLinks::new);
        let origin = [t(0), t(1), t(4), t(3)];
        let got = relabel_locally(&split, (&c(&[0; 5]), 1), &origin, &[TriId(1), TriId(3)]);
        assert_eq!(got, (c(&[0, 0, 1, 1]), 2));
        assert_eq!(got, label_components(&split));
        // Components 0 and 1 joined by a new triangle 2, and a new island 3.
        let joined = [
            [t(2), None, None],
            [t(2), None, None],
            [t(0), t(1), None],
            [None; 3],
        ]
        .map(TriLinks::new);
        let origin = [t(0), t(1), None, None];
        let got = relabel_locally(&joined, (&c(&[0, 1]), 2), &origin, &[TriId(0), TriId(1)]);
        assert_eq!(got, (c(&[0, 0, 0, 1]), 2));
        assert_eq!(got, label_components(&joined));
    }

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
        ]
        .map(TriLinks::new);
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
