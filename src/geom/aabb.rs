//! `Aabb`: an axis-aligned bounding box.

use super::Point;
use crate::union_find::UnionFind;

/// An axis-aligned box; `Aabb::EMPTY` contains nothing and grows with `include`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb {
    pub min: Point,
    pub max: Point,
}

impl Aabb {
    pub const EMPTY: Aabb = Aabb {
        min: Point::new(f64::INFINITY, f64::INFINITY),
        max: Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    };

    pub fn from_points(points: impl IntoIterator<Item = Point>) -> Aabb {
        let mut b = Aabb::EMPTY;
        for p in points {
            b.include(p);
        }
        b
    }

    pub fn include(&mut self, p: Point) {
        self.min.x = self.min.x.min(p.x);
        self.min.y = self.min.y.min(p.y);
        self.max.x = self.max.x.max(p.x);
        self.max.y = self.max.y.max(p.y);
    }

    pub fn union(self, o: Aabb) -> Aabb {
        let mut b = self;
        b.include(o.min);
        b.include(o.max);
        b
    }

    pub fn is_empty(&self) -> bool {
        !(self.min.x <= self.max.x && self.min.y <= self.max.y)
    }

    pub fn width(&self) -> f64 {
        self.max.x - self.min.x
    }

    pub fn height(&self) -> f64 {
        self.max.y - self.min.y
    }

    /// Length of the diagonal; 0 for an empty box. A plain square root, as [`Point::length`]
    /// (the nearest-wall search asks it at every tree node).
    pub fn diagonal(&self) -> f64 {
        if self.is_empty() {
            0.0
        } else {
            Point::new(self.width(), self.height()).length()
        }
    }

    pub fn center(&self) -> Point {
        self.min.midpoint(self.max)
    }

    /// The box grown by `d` on every side.
    pub fn expanded(&self, d: f64) -> Aabb {
        Aabb {
            min: Point::new(self.min.x - d, self.min.y - d),
            max: Point::new(self.max.x + d, self.max.y + d),
        }
    }

    pub fn contains(&self, p: Point) -> bool {
        p.x >= self.min.x && p.x <= self.max.x && p.y >= self.min.y && p.y <= self.max.y
    }

    pub fn intersects(&self, o: &Aabb) -> bool {
        self.min.x <= o.max.x
            && o.min.x <= self.max.x
            && self.min.y <= o.max.y
            && o.min.y <= self.max.y
    }
}

/// Groups boxes into clusters of transitively overlapping (or touching) boxes, by a sweep along
/// x with union-find. Deterministic: members ascend, clusters ordered by their first member.
pub fn overlap_clusters(boxes: &[Aabb]) -> Vec<Vec<usize>> {
    let n = boxes.len();
    let mut groups = UnionFind::new(n);
    let mut order: Vec<usize> = (0..n).filter(|&i| !boxes[i].is_empty()).collect();
    order.sort_by(|&a, &b| boxes[a].min.x.total_cmp(&boxes[b].min.x).then(a.cmp(&b)));
    let mut active: Vec<usize> = Vec::new();
    for &i in &order {
        active.retain(|&j| boxes[j].max.x >= boxes[i].min.x);
        for &j in &active {
            if boxes[i].intersects(&boxes[j]) {
                groups.union(i, j);
            }
        }
        active.push(i);
    }
    let mut clusters: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for i in 0..n {
        clusters.entry(groups.find(i)).or_default().push(i);
    }
    clusters.into_values().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bx(x0: f64, y0: f64, x1: f64, y1: f64) -> Aabb {
        Aabb {
            min: Point::new(x0, y0),
            max: Point::new(x1, y1),
        }
    }

    #[test]
    fn clusters_are_transitive_and_ordered() {
        let boxes = [
            bx(0.0, 0.0, 1.0, 1.0),
            bx(5.0, 5.0, 6.0, 6.0),
            bx(1.0, 0.5, 2.0, 2.0),
            bx(1.5, 1.5, 3.0, 3.0),
        ];
        assert_eq!(overlap_clusters(&boxes), vec![vec![0, 2, 3], vec![1]]);
    }

    #[test]
    fn boxes_apart_in_y_stay_apart() {
        let boxes = [bx(0.0, 0.0, 10.0, 1.0), bx(2.0, 3.0, 4.0, 4.0)];
        assert_eq!(overlap_clusters(&boxes).len(), 2);
    }
}
