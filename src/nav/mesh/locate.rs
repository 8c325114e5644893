//! Point location: which triangle, edge or vertex of the navmesh holds a point, or none.
//!
//! Each triangulation the mesh was cut from is kept whole (walkable and outside faces, covering
//! its convex hull) as flat arrays over the mesh's own vertices, with a triangle per face: about
//! 60 bytes a point, where spade's own triangulation took about 175 with those maps.
//! A query walks the faces from one near the point (a coarse grid of faces): a stochastic
//! visibility walk with exact orientation tests, which ends on every triangulation; a walk that
//! runs past a bound derived from the face count falls back to testing every face.

pub(in crate::nav) use super::faces::Cdt;
use super::faces::{Faces, NONE};
use super::hint_grid::HintGrid;
use super::ids::{TriId, VertexId};
use super::live_locate::LiveLocator;
pub use super::location::Location;
use super::reshaped::Reshaped;
use crate::geom::{Aabb, Point, orient};

/// The triangulations kept for point location (one, or strips split at the seams `splits`, in
/// x order), and the triangles reshaped since (see `reshaped`).
#[derive(Clone, Debug)]
pub(crate) struct Locator {
    pub(in crate::nav) parts: Vec<LocatorPart>,
    pub(in crate::nav) splits: Vec<f64>,
    pub(in crate::nav) reshaped: Option<Reshaped>,
    /// For a mesh kept in step with a changing triangulation: that triangulation, used
    /// instead of the parts.
    pub(in crate::nav) live: Option<LiveLocator>,
}

/// One triangulation, every face of it, with the maps into the mesh's ids. Its points are the
/// mesh's own vertices (it keeps no copy of them) but for the few no walkable triangle uses.
#[derive(Clone, Debug)]
pub(crate) struct LocatorPart {
    /// The corners of each face (counter-clockwise; edge k runs from corner k to corner k + 1):
    /// a mesh vertex, or from `first_extra` on, a point of `extra`.
    corners: Vec<[u32; 3]>,
    /// The face across each edge, `NONE` on the convex hull.
    across: Vec<[u32; 3]>,
    /// Mesh triangle of each face, `NONE` for faces outside the free space.
    face_tri: Vec<u32>,
    /// The points that are no mesh vertex (no walkable triangle uses them).
    extra: Vec<Point>,
    first_extra: u32,
    hints: HintGrid<u32>,
}

/// Where a walk ended in its face: inside, on edge k, or on corner k.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Spot {
    Inside,
    Edge(usize),
    Corner(usize),
}

impl LocatorPart {
    /// Location in `faces`, whose faces map to mesh triangles by `face_tri` and whose points to
    /// the mesh's `vertex_count` vertices by `vertex_id` (`NONE` for none); a point that is a
    /// mesh vertex must lie where that vertex does.
    pub(in crate::nav) fn new(
        faces: Faces,
        face_tri: Vec<u32>,
        mut vertex_id: Vec<u32>,
        vertex_count: usize,
    ) -> Self {
        let faces_at: Vec<(u32, Point)> = (0..faces.len() as u32)
            .map(|f| {
                let [a, b, c] = faces.positions(f);
                (
                    f,
                    Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0),
                )
            })
            .collect();
        let bounds = Aabb::from_points(faces.points.iter().copied());
        // Each cell starts walks from the first face whose centroid lies in it.
        let hints = HintGrid::new(bounds, 8.0, &faces_at, NONE);
        drop(faces_at);
        let Faces {
            points,
            mut corners,
            across,
            ..
        } = faces;
        let first_extra = vertex_count as u32;
        let mut extra = Vec::new();
        for (id, &p) in vertex_id.iter_mut().zip(&points) {
            if *id == NONE {
                *id = first_extra + extra.len() as u32;
                extra.push(p);
            }
        }
        drop(points);
        for c in &mut corners {
            *c = c.map(|v| vertex_id[v as usize]);
        }
        LocatorPart {
            corners,
            across,
            face_tri,
            extra,
            first_extra,
            hints,
        }
    }

    /// The corner positions of face `f`, whose mesh vertices lie at `vertices`.
    fn positions(&self, f: u32, vertices: &[Point]) -> [Point; 3] {
        self.corners[f as usize].map(|v| match v.checked_sub(self.first_extra) {
            Some(k) => self.extra[k as usize],
            None => vertices[v as usize],
        })
    }

    /// How many of its points are no mesh vertex.
    #[cfg(test)]
    pub(in crate::nav) fn extra_point_count(&self) -> usize {
        self.extra.len()
    }

    /// The mesh vertex a corner id stands for, `None` for an extra point.
    fn vertex(&self, v: u32) -> Option<VertexId> {
        (v < self.first_extra).then_some(VertexId(v))
    }

    /// The face holding `p` (its boundary included) and where in it, or `None` outside the
    /// convex hull.
    fn find(&self, p: Point, vertices: &[Point]) -> Option<(u32, Spot)> {
        // Past the bounds of the triangulation's points, a point is outside its hull; so far
        // away (1e308), the orientation tests below would overflow and land it in some face.
        if self.corners.is_empty() || !self.hints.covers(p) {
            return None;
        }
        let mut f = self.hints.hint(p);
        // A fixed xorshift sequence picks the first edge tested, so the walk cannot cycle and
        // the same point always takes the same steps.
        let mut state = 0x9e37_79b9u32;
        let limit = 4 * self.corners.len() + 64;
        for _ in 0..limit {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let first = (state % 3) as usize;
            let c = self.positions(f, vertices);
            let exit = (0..3)
                .map(|i| (first + i) % 3)
                .find(|&k| orient(c[k], c[(k + 1) % 3], p) < 0.0);
            match exit {
                Some(k) => match self.across[f as usize][k] {
                    NONE => return None,
                    g => f = g,
                },
                None => return Some((f, spot(c, p))),
            }
        }
        self.scan(p, vertices)
    }

    /// `find` by testing every face: the bound on a walk's steps is never reached on a
    /// triangulation, but a bound must not depend on that.
    fn scan(&self, p: Point, vertices: &[Point]) -> Option<(u32, Spot)> {
        (0..self.corners.len() as u32).find_map(|f| {
            let c = self.positions(f, vertices);
            (0..3)
                .all(|k| orient(c[k], c[(k + 1) % 3], p) >= 0.0)
                .then(|| (f, spot(c, p)))
        })
    }

    fn triangle(&self, f: u32) -> Option<TriId> {
        match self.face_tri[f as usize] {
            NONE => None,
            t => Some(TriId(t)),
        }
    }

    fn locate(&self, p: Point, vertices: &[Point], triangles: &[[VertexId; 3]]) -> Location {
        let Some((f, spot)) = self.find(p, vertices) else {
            return Location::Outside;
        };
        match spot {
            Spot::Inside => self
                .triangle(f)
                .map_or(Location::Outside, Location::InTriangle),
            Spot::Edge(k) => {
                let corners = self.corners[f as usize];
                let g = self.across[f as usize][k];
                // Each side with its edge's first corner, walkable sides only.
                let sides = [(f, corners[k]), (g, corners[(k + 1) % 3])];
                sides
                    .iter()
                    .filter(|&&(face, _)| face != NONE)
                    .filter_map(|&(face, from)| {
                        let t = self.triangle(face)?;
                        let from = self.vertex(from)?;
                        let k = (0..3).find(|&k| triangles[t.index()][k] == from)?;
                        Some(Location::OnEdge(t, k))
                    })
                    .min_by_key(|l| l.triangle())
                    .unwrap_or(Location::Outside)
            }
            Spot::Corner(k) => {
                let v = self.corners[f as usize][k];
                match (self.vertex(v), self.walkable_around(f, v).first()) {
                    (Some(id), Some(&t)) => Location::OnVertex(id, t),
                    _ => Location::Outside,
                }
            }
        }
    }

    /// Walkable triangles of the faces around point `v`, from face `f`, which has it; sorted.
    fn walkable_around(&self, f: u32, v: u32) -> Vec<TriId> {
        let mut around: Vec<TriId> = self.triangle(f).into_iter().collect();
        // Turn one way round v (across the edge leaving it) until back at f or at the hull,
        // then from f the other way (across the edge arriving at it).
        'turns: for turn in [0, 2] {
            let mut g = f;
            for _ in 0..self.corners.len() {
                let Some(i) = self.corners[g as usize].iter().position(|&c| c == v) else {
                    break 'turns;
                };
                g = self.across[g as usize][(i + turn) % 3];
                if g == f {
                    break 'turns;
                }
                if g == NONE {
                    continue 'turns;
                }
                around.extend(self.triangle(g));
            }
        }
        around.sort_unstable();
        around.dedup();
        around
    }

    /// The walkable triangles around the point at exactly `p`, if it is a point of this part.
    fn around_point(&self, p: Point, vertices: &[Point]) -> Option<Vec<TriId>> {
        match self.find(p, vertices)? {
            (f, Spot::Corner(k)) => Some(self.walkable_around(f, self.corners[f as usize][k])),
            _ => None,
        }
    }
}

/// Where `p` lies in the triangle `c` (counter-clockwise) that holds it, boundary included.
fn spot(c: [Point; 3], p: Point) -> Spot {
    let on: Vec<usize> = (0..3)
        .filter(|&k| orient(c[k], c[(k + 1) % 3], p) == 0.0)
        .collect();
    match on.as_slice() {
        [] => Spot::Inside,
        [k] => Spot::Edge(*k),
        // On edges k and k + 1 (or edges 2 and 0): the corner they share.
        [0, 1] => Spot::Corner(1),
        [1, 2] => Spot::Corner(2),
        _ => Spot::Corner(0),
    }
}

impl Locator {
    /// Location in the triangulations `parts` (strips split at `splits`, in x order), with
    /// the triangles `reshaped` since.
    pub(in crate::nav) fn new(
        parts: Vec<LocatorPart>,
        splits: Vec<f64>,
        reshaped: Option<Reshaped>,
    ) -> Self {
        Locator {
            parts,
            splits,
            reshaped,
            live: None,
        }
    }

    /// The parts that may hold a point with this x (both strips when it is on a seam).
    fn parts_for(&self, x: f64) -> &[LocatorPart] {
        let first = self.splits.partition_point(|&c| c < x);
        let last = self.splits.partition_point(|&c| c <= x);
        &self.parts[first..=last.min(self.parts.len() - 1)]
    }

    /// Locates `p` among the mesh triangles `triangles` over `vertices`.
    pub(in crate::nav) fn locate(
        &self,
        p: Point,
        vertices: &[Point],
        triangles: &[[VertexId; 3]],
    ) -> Location {
        if !p.is_finite() {
            return Location::Outside;
        }
        if let Some(live) = &self.live {
            return live.locate(p, triangles);
        }
        if !self.parts.iter().any(|part| part.hints.covers(p)) {
            return Location::Outside;
        }
        // Flips keep the union of the triangles they reshape, so a point in one of them is
        // found here, and the parts' answer stands for every other point.
        if let Some(location) = self.reshaped.as_ref().and_then(|r| {
            r.candidates(p)
                .filter_map(|e| position_in(e.id, e.corners, e.points, p))
                .min_by_key(|l| l.triangle())
        }) {
            return location;
        }
        for part in self.parts_for(p.x) {
            let location = part.locate(p, vertices, triangles);
            if location.is_inside() {
                return location;
            }
        }
        Location::Outside
    }

    /// Every walkable triangle around the mesh vertex at `p` (of the mesh's `vertices`), sorted.
    pub(in crate::nav) fn triangles_around(&self, p: Point, vertices: &[Point]) -> Vec<TriId> {
        if let Some(live) = &self.live {
            return live.triangles_around(p);
        }
        let mut around: Vec<TriId> = self
            .parts_for(p.x)
            .iter()
            .filter_map(|part| part.around_point(p, vertices))
            .flatten()
            .filter(|&t| !self.reshaped.as_ref().is_some_and(|r| r.contains(t)))
            .chain(self.reshaped.iter().flat_map(|r| r.around(p)))
            .collect();
        around.sort_unstable();
        around.dedup();
        around
    }
}

/// Where `p` lies in triangle `t` (corners `corners` at `points`), its boundary included:
/// inside, on edge k (corner k to corner k + 1) or on a corner, decided exactly.
fn position_in(t: TriId, corners: [VertexId; 3], points: [Point; 3], p: Point) -> Option<Location> {
    if (0..3).any(|k| orient(points[k], points[(k + 1) % 3], p) < 0.0) {
        return None;
    }
    Some(match spot(points, p) {
        Spot::Inside => Location::InTriangle(t),
        Spot::Edge(k) => Location::OnEdge(t, k),
        Spot::Corner(k) => Location::OnVertex(corners[k], t),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_edge_and_corner_are_told_apart() {
        let points = [
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(0.0, 4.0),
        ];
        let corners = [VertexId(0), VertexId(1), VertexId(2)];
        let t = TriId(0);
        let at = |x: f64, y: f64| position_in(t, corners, points, Point::new(x, y));
        assert_eq!(at(1.0, 1.0), Some(Location::InTriangle(t)));
        assert_eq!(at(2.0, 0.0), Some(Location::OnEdge(t, 0)));
        assert_eq!(at(2.0, 2.0), Some(Location::OnEdge(t, 1)));
        assert_eq!(at(0.0, 2.0), Some(Location::OnEdge(t, 2)));
        assert_eq!(at(4.0, 0.0), Some(Location::OnVertex(VertexId(1), t)));
        assert_eq!(at(0.0, 0.0), Some(Location::OnVertex(VertexId(0), t)));
        assert_eq!(at(3.0, 3.0), None);
    }
}
