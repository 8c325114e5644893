//! Convex polygons merged from the navmesh's triangles (Hertel-Mehlhorn: drop a shared edge
//! while both its ends stay strictly convex), the coarser mesh the exact search sweeps: fewer,
//! bigger cells mean fewer search nodes, as in Polyanya's merged meshes.
//!
//! Polygons are counter-clockwise; edge i of a polygon runs from corner i to corner i+1 and
//! `neighbors(p)[i]` is the polygon across it (`None` = wall), as for triangles (see `mesh`).
//! Merging keeps every corner strictly convex, so two polygons share at most one edge.
//!
//! A fan is the polygons around a vertex, walked from one of them towards a wall: crossing a
//! polygon's edge (v, next) turns clockwise and crossing its edge (prev, v) turns
//! counter-clockwise. A walk stops at a wall (an edge at v with no neighbour) or when it comes
//! back to where it started (v is then inside the free space). Each fan is numbered once when
//! the mesh is made, with its walls, so the search looks them up instead of walking:
//! ```text
//!    before          counter-clockwise walk from p ends at the incoming wall before -> v,
//!       \  p2  /     clockwise walk ends at the outgoing wall v -> after
//!        \    /  p
//!  (wall) v-------- after (wall)
//! ```

use super::bits::Bits;
use super::ids::{TriId, VertexId};
use super::tri_links::TriLinks;
use crate::geom::{Point, orient};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// The most corners a merged polygon may have (search nodes store an edge index in a byte).
const MAX_CORNERS: usize = 32;

/// Index of a polygon; valid for the convex mesh that produced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct PolyId(u32);

impl PolyId {
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }
}

/// The walkable triangles of a navmesh merged into convex polygons, with the tables the exact
/// search reads. An update changes them only around the change (see `updated`): polygon ids
/// stay, the ids of dissolved polygons are reused, and their corner slots are left unused
/// until a compaction.
#[derive(Clone, Debug, Default)]
pub(crate) struct ConvexMesh {
    /// Polygon p's corners are `corners[starts[p]..starts[p] + sizes[p]]`; a size of 0 marks
    /// an id no polygon holds (listed in `free`).
    starts: Vec<u32>,
    sizes: Vec<u8>,
    corners: Vec<VertexId>,
    /// The polygon across each edge, parallel to `corners`.
    neighbors: Vec<Option<PolyId>>,
    /// The polygon holding each triangle.
    poly_of: Vec<PolyId>,
    /// Parallel to `corners`: the edge of the polygon across each edge that leads back (0 at
    /// a wall).
    back: Vec<u8>,
    /// Parallel to `corners`: the fan of that corner's vertex holding the polygon, with its
    /// walls (kept per corner, not per fan: the search reads both at once).
    corner_fans: Vec<CornerFan>,
    /// Number of fans (the numbers of fans an update numbers again are not reused before a
    /// compaction).
    fan_count: usize,
    /// The fans of at least [`MIN_LONG_FAN`] polygons that end at walls: each fan's number and
    /// a polygon and corner in it (see [`ConvexMesh::long_fans`]).
    long_fans: Vec<(u32, PolyId, u8)>,
    /// The corner slots whose vertex is reflex in their fan: the walls meet there at more than
    /// a half-turn on the free side, so a shortest path may bend round it (never elsewhere).
    reflex: Bits,
    /// Per polygon: walled on all its sides but one.
    dead_end: Vec<bool>,
    /// Polygon ids no polygon holds, reused first.
    free: Vec<PolyId>,
    /// Corner slots no polygon uses.
    unused_slots: usize,
    /// Fans numbered at the last compaction (or when made).
    fans_compacted: usize,
}

/// The fan of a corner's vertex holding its polygon: its number and the far vertices of the
/// walls that end it [counter-clockwise, clockwise], `NO_WALLS` when its polygons close around
/// the vertex.
#[derive(Clone, Copy, Debug, Default)]
struct CornerFan {
    fan: u32,
    walls: [u32; 2],
}

const NO_WALLS: [u32; 2] = [u32::MAX; 2];

/// Fans ending at walls with at least this many polygons are listed (the exact search crosses
/// them in logarithmic work, see `hub_fans`; shorter ones it walks polygon by polygon).
pub(crate) const MIN_LONG_FAN: usize = 8;

/// A polygon while merging: each corner with the triangle across the edge that starts there.
/// Most merged polygons have few corners, so they stay inline: merging a mesh of 50k
/// triangles allocated a vector per triangle and per merge.
type Ring = SmallVec<[(VertexId, Option<TriId>); 6]>;

impl ConvexMesh {
    /// Merges a navmesh's counter-clockwise `triangles` over `vertices` (with the triangle
    /// across each edge in `neighbors`), shared edges taken in triangle order (deterministic).
    pub(crate) fn new(
        vertices: &[Point],
        triangles: &[[VertexId; 3]],
        neighbors: &[TriLinks],
    ) -> ConvexMesh {
        let all: Vec<TriId> = (0..triangles.len() as u32).map(TriId).collect();
        let (rings, ring_of) = merge_region(vertices, triangles, neighbors, &all);
        let mut out = ConvexMesh {
            corners: Vec::with_capacity(triangles.len() + 2 * rings.len()),
            neighbors: Vec::with_capacity(triangles.len() + 2 * rings.len()),
            poly_of: ring_of.into_iter().map(PolyId).collect(),
            ..ConvexMesh::default()
        };
        let every: Vec<PolyId> = (0..rings.len()).map(|_| out.new_id()).collect();
        for (&p, ring) in every.iter().zip(&rings) {
            out.put_ring(p, ring);
        }
        out.with_search_tables(vertices, &every, &[]);
        out.fans_compacted = out.fan_count;
        out
    }

    /// This mesh after a local change of the triangles it merged: `triangles` and `neighbors`
    /// are the triangles now, `origin[t]` the id before the change of triangle t (`None`: a
    /// new triangle), and `dirty` the triangles before the change that are gone or whose
    /// links or corners changed. The polygons holding a dirty triangle are merged again from
    /// their remaining triangles and the new ones, under their ids as far as they go; every
    /// other polygon is kept as it was, with its id and tables.
    pub(crate) fn updated(
        &self,
        vertices: &[Point],
        triangles: &[[VertexId; 3]],
        neighbors: &[TriLinks],
        origin: &[Option<TriId>],
        dirty: impl IntoIterator<Item = TriId>,
    ) -> ConvexMesh {
        let mut dissolved: Vec<PolyId> = dirty.into_iter().map(|t| self.poly_of(t)).collect();
        dissolved.sort_unstable();
        dissolved.dedup();
        let mut gone = Bits::new(self.polygon_count());
        dissolved.iter().for_each(|p| gone.insert(p.index()));
        // Each kept triangle's polygon, and the triangles to merge again.
        let mut poly_of = Vec::with_capacity(triangles.len());
        let mut region = Vec::new();
        for (t, o) in origin.iter().enumerate() {
            let p = o.map_or(PolyId(u32::MAX), |o| self.poly_of(o));
            if o.is_none() || gone.contains(p.index()) {
                region.push(TriId(t as u32));
            }
            poly_of.push(p);
        }
        let (rings, ring_of) = merge_region(vertices, triangles, neighbors, &region);
        let new_slots = rings.iter().map(|r| r.len()).sum();
        let mut out = self.without_poly_of(new_slots, rings.len());
        out.poly_of = poly_of;
        // The dissolved polygons give up their ids and slots; the merged ones take ids.
        for &p in dissolved.iter().rev() {
            out.unused_slots += out.sizes[p.index()] as usize;
            out.sizes[p.index()] = 0;
            out.dead_end[p.index()] = false;
            out.free.push(p);
        }
        let ids: Vec<PolyId> = (0..rings.len())
            .map(|_| out.free.pop().unwrap_or_else(|| out.new_id()))
            .collect();
        for (&t, &r) in region.iter().zip(&ring_of) {
            out.poly_of[t.index()] = ids[r as usize];
        }
        for (&p, ring) in ids.iter().zip(&rings) {
            out.put_ring(p, ring);
        }
        // The kept polygons' edges to a merged polygon, linked from the merged side.
        let merged = |q: PolyId| q.index() >= self.polygon_count() || gone.contains(q.index());
        let mut relinked = Vec::new();
        for (&p, ring) in ids.iter().zip(&rings) {
            let n = ring.len();
            for (i, &(_, across)) in ring.iter().enumerate() {
                let Some(q) = across.map(|u| out.poly_of[u.index()]) else {
                    continue;
                };
                // The edge w -> v of a kept polygon.
                let w = ring[(i + 1) % n].0;
                if !merged(q)
                    && let Some(e) = out.corners(q).iter().position(|&c| c == w)
                {
                    let slot = out.slot(q) + e;
                    out.neighbors[slot] = Some(p);
                    relinked.push(q);
                }
            }
        }
        relinked.sort_unstable();
        relinked.dedup();
        // A long fan keeps its number unless it reaches a merged polygon (then it is numbered
        // again, and listed again if still long): an entry whose corner is in another fan now
        // is dropped.
        out.long_fans.retain(|&(_, p, _)| !gone.contains(p.index()));
        out.with_search_tables(vertices, &ids, &relinked);
        let (fans, starts) = (&out.corner_fans, &out.starts);
        out.long_fans
            .retain(|&(fan, p, i)| fans[starts[p.index()] as usize + i as usize].fan == fan);
        if 2 * out.unused_slots > out.corners.len() || out.fan_count > 2 * out.fans_compacted + 64 {
            out.compact();
        }
        out
    }

    /// A copy of the polygons and tables, without the triangles' polygons, with room for
    /// `slots` more corners and `polygons` more polygons.
    fn without_poly_of(&self, slots: usize, polygons: usize) -> ConvexMesh {
        let ConvexMesh {
            starts,
            sizes,
            corners,
            neighbors,
            poly_of: _,
            back,
            corner_fans,
            fan_count,
            long_fans,
            reflex,
            dead_end,
            free,
            unused_slots,
            fans_compacted,
        } = self;
        fn copy<T: Clone>(v: &[T], more: usize) -> Vec<T> {
            let mut out = Vec::with_capacity(v.len() + more);
            out.extend_from_slice(v);
            out
        }
        ConvexMesh {
            starts: copy(starts, polygons),
            sizes: copy(sizes, polygons),
            corners: copy(corners, slots),
            neighbors: copy(neighbors, slots),
            poly_of: Vec::new(),
            back: copy(back, slots),
            corner_fans: copy(corner_fans, slots),
            fan_count: *fan_count,
            long_fans: long_fans.clone(),
            reflex: reflex.clone(),
            dead_end: copy(dead_end, polygons),
            free: free.clone(),
            unused_slots: *unused_slots,
            fans_compacted: *fans_compacted,
        }
    }

    /// A new polygon id, of no polygon yet.
    fn new_id(&mut self) -> PolyId {
        self.starts.push(self.corners.len() as u32);
        self.sizes.push(0);
        self.dead_end.push(false);
        PolyId(self.starts.len() as u32 - 1)
    }

    /// Gives polygon `p` (an id of no polygon) the corners of `ring` in new slots, with the
    /// polygon across each edge (by the triangle there, `poly_of` already set).
    fn put_ring(&mut self, p: PolyId, ring: &Ring) {
        self.starts[p.index()] = self.corners.len() as u32;
        self.sizes[p.index()] = ring.len() as u8;
        for &(v, across) in ring {
            self.corners.push(v);
            self.neighbors.push(across.map(|u| self.poly_of[u.index()]));
        }
    }

    /// Makes the exact search's tables for the polygons `fresh` (just put) and the edges of
    /// `relinked` polygons: the way back across each edge, the fans with their walls and
    /// reflex corners (numbered from `fan_count` on), the dead ends.
    fn with_search_tables(&mut self, vertices: &[Point], fresh: &[PolyId], relinked: &[PolyId]) {
        self.back.resize(self.corners.len(), 0);
        self.corner_fans
            .resize(self.corners.len(), CornerFan::default());
        self.reflex.grow(self.corners.len());
        for &p in fresh.iter().chain(relinked) {
            for slot in self.range(p) {
                if let Some(q) = self.neighbors[slot] {
                    self.back[slot] = self.shared_edge(q, p).unwrap_or(0) as u8;
                }
            }
        }
        for &p in fresh {
            self.dead_end[p.index()] = self.neighbors(p).iter().flatten().count() == 1;
        }
        self.number_fans(vertices, fresh);
    }

    /// The same polygons with every id held and every slot used, in the same order, and fans
    /// numbered from 0 (ids, slots and fan numbers change).
    fn compact(&mut self) {
        let old = std::mem::take(self);
        let mut renumber = vec![PolyId(u32::MAX); old.polygon_count()];
        for (k, p) in old.polygons().enumerate() {
            renumber[p.index()] = PolyId(k as u32);
        }
        let mut fans = vec![u32::MAX; old.fan_count];
        let mut fan_count = 0;
        let live = old.corners.len() - old.unused_slots;
        let mut out = ConvexMesh {
            corners: Vec::with_capacity(live),
            neighbors: Vec::with_capacity(live),
            back: Vec::with_capacity(live),
            corner_fans: Vec::with_capacity(live),
            reflex: Bits::new(live),
            poly_of: old.poly_of.iter().map(|p| renumber[p.index()]).collect(),
            ..ConvexMesh::default()
        };
        for p in old.polygons() {
            out.starts.push(out.corners.len() as u32);
            out.sizes.push(old.sizes[p.index()]);
            out.dead_end.push(old.dead_end[p.index()]);
            for slot in old.range(p) {
                let mut fan = old.corner_fans[slot];
                let number = &mut fans[fan.fan as usize];
                if *number == u32::MAX {
                    *number = fan_count;
                    fan_count += 1;
                }
                fan.fan = *number;
                out.reflex.set(out.corners.len(), old.is_reflex(slot));
                out.corners.push(old.corners[slot]);
                out.neighbors
                    .push(old.neighbors[slot].map(|q| renumber[q.index()]));
                out.back.push(old.back[slot]);
                out.corner_fans.push(fan);
            }
        }
        out.fan_count = fan_count as usize;
        out.fans_compacted = out.fan_count;
        out.long_fans = (old.long_fans.iter())
            .map(|&(fan, p, i)| (fans[fan as usize], renumber[p.index()], i))
            .collect();
        *self = out;
    }

    /// Numbers the fans of the corners of `polygons` and notes their walls (`corner_fans`)
    /// and reflex corners, numbering from `fan_count` on: each fan is walked once from its
    /// first corner met, clockwise to its wall (or round to that corner) and then
    /// counter-clockwise to its other wall; every corner on the way takes its number.
    fn number_fans(&mut self, vertices: &[Point], polygons: &[PolyId]) {
        let corners: Vec<(PolyId, usize)> = (polygons.iter())
            .flat_map(|&p| (0..self.sizes[p.index()] as usize).map(move |i| (p, i)))
            .collect();
        let mut done = Bits::new(self.corners.len());
        let mut fan = self.fan_count as u32;
        let mut slots = Vec::new();
        for (p, i) in corners {
            if done.contains(self.slot(p) + i) {
                continue;
            }
            // Clockwise from (p, i) to the wall (or round), then counter-clockwise.
            slots.clear();
            let mut ends = [(p, i); 2];
            for (q, j) in self.fan_corners(p, i, false) {
                slots.push(self.slot(q) + j);
                ends[1] = (q, j);
            }
            let closed = self.fan_step(ends[1].0, ends[1].1, false).is_some();
            if !closed {
                for (q, j) in self.fan_corners(p, i, true).skip(1) {
                    slots.push(self.slot(q) + j);
                    ends[0] = (q, j);
                }
            }
            let far = |(q, j): (PolyId, usize), ccw: bool| {
                let corners = self.corners(q);
                let n = corners.len();
                corners[if ccw { (j + n - 1) % n } else { (j + 1) % n }]
            };
            let walls = (!closed).then(|| [far(ends[0], true), far(ends[1], false)]);
            let is_reflex = walls.is_some_and(|w| reflex_between(vertices, w, self.corners(p)[i]));
            if walls.is_some() && slots.len() >= MIN_LONG_FAN {
                self.long_fans.push((fan, p, i as u8));
            }
            for &slot in &slots {
                done.insert(slot);
                self.corner_fans[slot] = CornerFan {
                    fan,
                    walls: walls.map_or(NO_WALLS, |w| w.map(|v| v.0)),
                };
                self.reflex.set(slot, is_reflex);
            }
            fan += 1;
        }
        self.fan_count = fan as usize;
    }

    /// Checks the polygons against the triangles they merge: each strictly convex and
    /// counter-clockwise with at most [`MAX_CORNERS`] corners, linked both ways across each
    /// shared edge, holding the corners of each of its triangles, and covering their area.
    pub(crate) fn validate(
        &self,
        vertices: &[Point],
        triangles: &[[VertexId; 3]],
    ) -> Result<(), String> {
        let used: usize = self.polygons().map(|p| self.corners(p).len()).sum();
        if used + self.unused_slots != self.slot_count()
            || self.free.iter().any(|p| self.sizes[p.index()] != 0)
            || self.polygons().count() + self.free.len() != self.polygon_count()
        {
            return Err("the free polygon ids or unused slots are miscounted".into());
        }
        let mut area = 0.0;
        for p in self.polygons() {
            let corners = self.corners(p);
            let n = corners.len();
            if !(3..=MAX_CORNERS).contains(&n) {
                return Err(format!("polygon {p:?} has {n} corners"));
            }
            let at = |k: usize| vertices[corners[k % n].index()];
            for i in 0..n {
                let [a, b, c] = [at(i), at(i + 1), at(i + 2)];
                if orient(a, b, c) <= 0.0 {
                    return Err(format!(
                        "corner {b} of polygon {p:?} is not strictly convex"
                    ));
                }
                area += 0.5 * (a - at(0)).cross(b - at(0));
                if let Some(q) = self.neighbors(p)[i] {
                    let back = self.shared_edge(q, p).map(|e| {
                        let c = self.corners(q);
                        (c[e], c[(e + 1) % c.len()])
                    });
                    if back != Some((corners[(i + 1) % n], corners[i])) {
                        return Err(format!("polygons {p:?} and {q:?} are not linked both ways"));
                    }
                }
            }
        }
        let mut tri_area = 0.0;
        if self.poly_of.len() != triangles.len() {
            return Err("a triangle has no polygon".into());
        }
        for (t, tri) in triangles.iter().enumerate() {
            let p = self.poly_of[t];
            if p.index() >= self.polygon_count() {
                return Err(format!("triangle {t} has no polygon"));
            }
            if let Some(v) = tri.iter().find(|v| !self.corners(p).contains(v)) {
                return Err(format!(
                    "triangle {t} has corner {v:?} outside polygon {p:?}"
                ));
            }
            let [a, b, c] = tri.map(|v| vertices[v.index()]);
            tri_area += 0.5 * orient(a, b, c);
        }
        if (area - tri_area).abs() > 1e-9 * tri_area.abs().max(1.0) {
            return Err(format!("polygons cover {area}, triangles {tri_area}"));
        }
        self.validate_search_tables(vertices)
    }

    /// Checks the exact search's tables against the polygons: the way back across each edge,
    /// each fan's number, walls and reflex flag the same at every corner of it and its walls
    /// the ones at its ends, one counter-clockwise end per number (two fans of a vertex never
    /// share one), the dead ends.
    fn validate_search_tables(&self, vertices: &[Point]) -> Result<(), String> {
        let mut ends = vec![0u32; self.fan_count];
        for p in self.polygons() {
            let (corners, n) = (self.corners(p), self.corners(p).len());
            for i in 0..n {
                let slot = self.slot(p) + i;
                if let Some(q) = self.neighbors(p)[i]
                    && self.shared_edge(q, p) != Some(self.entry_edge(p, i))
                {
                    return Err(format!("polygon {p:?}: wrong way back across edge {i}"));
                }
                let here = self.corner_fans[slot];
                let reflex = here.walls != NO_WALLS
                    && reflex_between(vertices, here.walls.map(VertexId), corners[i]);
                let wrong = |what: &str| {
                    Err(format!(
                        "polygon {p:?}, corner {}: wrong fan {what}",
                        corners[i].0
                    ))
                };
                if here.fan as usize >= self.fan_count || self.is_reflex(slot) != reflex {
                    return wrong("number or reflex flag");
                }
                match self.fan_step(p, i, true) {
                    Some((q, j)) => {
                        let there = self.corner_fans[self.slot(q) + j];
                        if (there.fan, there.walls) != (here.fan, here.walls) {
                            return wrong("round the vertex");
                        }
                    }
                    None if here.walls[0] != corners[(i + n - 1) % n].0 => {
                        return wrong("counter-clockwise wall");
                    }
                    None => ends[here.fan as usize] += 1,
                }
                if self.fan_step(p, i, false).is_none() && here.walls[1] != corners[(i + 1) % n].0 {
                    return wrong("clockwise wall");
                }
            }
            if self.is_dead_end(p) != (self.neighbors(p).iter().flatten().count() == 1) {
                return Err(format!("polygon {p:?}: wrong dead-end flag"));
            }
        }
        if let Some(fan) = ends.iter().position(|&e| e > 1) {
            return Err(format!("fan {fan} has {} ends", ends[fan]));
        }
        self.validate_long_fans()
    }

    /// Checks that `long_fans` lists each fan of at least [`MIN_LONG_FAN`] polygons ending at
    /// walls once, with a corner in it, and no other fan.
    fn validate_long_fans(&self) -> Result<(), String> {
        // Per fan: its polygons, and whether it ends at walls (the same at every corner).
        let mut size = vec![(0usize, false); self.fan_count];
        for f in self
            .polygons()
            .flat_map(|p| &self.corner_fans[self.range(p)])
        {
            size[f.fan as usize] = (size[f.fan as usize].0 + 1, f.walls != NO_WALLS);
        }
        let mut listed = vec![false; self.fan_count];
        for &(fan, p, i) in &self.long_fans {
            let here = self.corner_fans[self.slot(p) + i as usize];
            if here.fan != fan || std::mem::replace(&mut listed[fan as usize], true) {
                return Err(format!(
                    "long fan {fan}: listed twice or at a corner of fan {}",
                    here.fan
                ));
            }
        }
        let long = |(n, walled): (usize, bool)| walled && n >= MIN_LONG_FAN;
        match (0..self.fan_count).find(|&f| listed[f] != long(size[f])) {
            Some(fan) => Err(format!(
                "fan {fan} of {} polygons: wrongly listed as long or not",
                size[fan].0
            )),
            None => Ok(()),
        }
    }

    /// Every polygon.
    pub(crate) fn polygons(&self) -> impl Iterator<Item = PolyId> {
        (0..self.sizes.len() as u32)
            .filter(|&p| self.sizes[p as usize] > 0)
            .map(PolyId)
    }

    /// The number of polygon ids: every polygon's id is below it (some ids below it may be
    /// held by no polygon after an update).
    pub(crate) fn polygon_count(&self) -> usize {
        self.sizes.len()
    }

    /// The polygon holding triangle `t`.
    pub(crate) fn poly_of(&self, t: TriId) -> PolyId {
        self.poly_of[t.index()]
    }

    /// Corners of a polygon, counter-clockwise.
    pub(crate) fn corners(&self, p: PolyId) -> &[VertexId] {
        &self.corners[self.range(p)]
    }

    /// The polygon across each edge (`None` = wall).
    pub(crate) fn neighbors(&self, p: PolyId) -> &[Option<PolyId>] {
        &self.neighbors[self.range(p)]
    }

    /// Index of corner 0 of `p` among all polygons' corners: `slot(p) + i` numbers corner i.
    pub(crate) fn slot(&self, p: PolyId) -> usize {
        self.starts[p.index()] as usize
    }

    /// The number of corner slots: every corner's slot is below it (some slots below it may
    /// be used by no polygon after an update).
    pub(crate) fn slot_count(&self) -> usize {
        self.corners.len()
    }

    /// Which edge of `p` borders `q`, if they are neighbours.
    pub(crate) fn shared_edge(&self, p: PolyId, q: PolyId) -> Option<usize> {
        self.neighbors(p).iter().position(|&n| n == Some(q))
    }

    /// The index of vertex `v` among the corners of `p`.
    pub(crate) fn corner_of(&self, v: VertexId, p: PolyId) -> usize {
        self.corners(p).iter().position(|&u| u == v).unwrap_or(0)
    }

    /// Which edge of the polygon across edge `k` of `p` borders `p` (0 at a wall).
    pub(crate) fn entry_edge(&self, p: PolyId, k: usize) -> usize {
        self.back[self.slot(p) + k] as usize
    }

    /// The polygon is walled on all its sides but one.
    pub(crate) fn is_dead_end(&self, p: PolyId) -> bool {
        self.dead_end[p.index()]
    }

    /// The vertex of the corner with slot `slot` is reflex in its fan: its walls meet at more
    /// than a half-turn on the free side (the only corners a shortest path bends round).
    pub(crate) fn is_reflex(&self, slot: usize) -> bool {
        self.reflex.contains(slot)
    }

    /// A polygon and its corner in each fan of at least [`MIN_LONG_FAN`] polygons that ends at
    /// walls.
    pub(crate) fn long_fans(&self) -> impl Iterator<Item = (PolyId, usize)> {
        self.long_fans.iter().map(|&(_, p, i)| (p, i as usize))
    }

    /// Number of fans of all vertices together.
    pub(crate) fn fan_count(&self) -> usize {
        self.fan_count
    }

    /// The fan holding the corner with slot `slot` (see [`ConvexMesh::slot`]; fans are
    /// numbered `0..fan_count()`) and the far vertices of the walls ending it
    /// [counter-clockwise, clockwise] (`None` when its polygons close around the vertex).
    pub(crate) fn fan_at(&self, slot: usize) -> (u32, Option<[VertexId; 2]>) {
        let CornerFan { fan, walls } = self.corner_fans[slot];
        (fan, (walls != NO_WALLS).then(|| walls.map(VertexId)))
    }

    /// The polygons met turning around `v` from `p` (included, `v` must be one of its corners)
    /// counter-clockwise (`ccw`) or clockwise, until a wall or until the walk is back at `p`.
    pub(crate) fn fan(&self, v: VertexId, p: PolyId, ccw: bool) -> impl Iterator<Item = PolyId> {
        self.fan_corners(p, self.corner_of(v, p), ccw)
            .map(|(q, _)| q)
    }

    /// [`ConvexMesh::fan`] around corner `i` of `p`, with that vertex's corner index in each
    /// polygon.
    pub(crate) fn fan_corners(
        &self,
        p: PolyId,
        i: usize,
        ccw: bool,
    ) -> impl Iterator<Item = (PolyId, usize)> {
        std::iter::successors(Some((p, i)), move |&(q, j)| {
            self.fan_step(q, j, ccw).filter(|&(n, _)| n != p)
        })
    }

    /// Where the walk of [`ConvexMesh::fan`] meets a wall: its last polygon and the wall's
    /// other vertex (`before` counter-clockwise, `after` clockwise). `None` when the polygons
    /// close around `v`.
    pub(crate) fn fan_wall(&self, v: VertexId, p: PolyId, ccw: bool) -> Option<(PolyId, VertexId)> {
        let (q, j) = self.fan_corners(p, self.corner_of(v, p), ccw).last()?;
        if self.fan_step(q, j, ccw).is_some() {
            return None; // back at p
        }
        let walls = self.fan_at(self.slot(q) + j).1?;
        Some((q, walls[usize::from(!ccw)]))
    }

    /// The next polygon around corner `i` of `p`, and the vertex's corner index there, if no
    /// wall is in between.
    fn fan_step(&self, p: PolyId, i: usize, ccw: bool) -> Option<(PolyId, usize)> {
        let n = self.corners(p).len();
        let edge = self.slot(p) + if ccw { (i + n - 1) % n } else { i };
        let q = self.neighbors[edge]?;
        let e = self.back[edge] as usize;
        Some((
            q,
            if ccw {
                e
            } else {
                (e + 1) % self.corners(q).len()
            },
        ))
    }

    fn range(&self, p: PolyId) -> std::ops::Range<usize> {
        let start = self.starts[p.index()] as usize;
        start..start + self.sizes[p.index()] as usize
    }
}

/// Merges the triangles `region` (ascending ids) across the edges they share, in triangle
/// order: the polygons' rings (each corner with the triangle across the edge that starts
/// there; triangles outside the region are left as neighbours), numbered in order of their
/// first triangle, and the ring of each region triangle.
fn merge_region(
    vertices: &[Point],
    triangles: &[[VertexId; 3]],
    neighbors: &[TriLinks],
    region: &[TriId],
) -> (Vec<Ring>, Vec<u32>) {
    // Local index of each region triangle; union-find over them, the ring of a polygon
    // kept at its representative.
    let local: FxHashMap<TriId, u32> = if region.len() == triangles.len() {
        FxHashMap::default()
    } else {
        region
            .iter()
            .enumerate()
            .map(|(i, &t)| (t, i as u32))
            .collect()
    };
    let index = |t: TriId| -> Option<u32> {
        if region.len() == triangles.len() {
            Some(t.0)
        } else {
            local.get(&t).copied()
        }
    };
    let mut rings: Vec<Ring> = region
        .iter()
        .map(|&t| {
            (0..3)
                .map(|k| (triangles[t.index()][k], neighbors[t.index()].get()[k]))
                .collect()
        })
        .collect();
    let mut parent: Vec<u32> = (0..region.len() as u32).collect();
    for (i, &t) in region.iter().enumerate() {
        for (k, u) in neighbors[t.index()].get().into_iter().enumerate() {
            let Some(j) = u.filter(|&u| u > t).and_then(index) else {
                continue;
            };
            let (a, b) = (find(&mut parent, i as u32), find(&mut parent, j));
            let x = triangles[t.index()][k];
            let Some(merged) = merge(vertices, &rings[a as usize], &rings[b as usize], x) else {
                continue;
            };
            parent[b as usize] = a;
            rings[a as usize] = merged;
            rings[b as usize] = Ring::new();
        }
    }
    // Number the polygons in order of their first triangle.
    let mut number = vec![u32::MAX; region.len()];
    let mut out = Vec::new();
    let mut ring_of = Vec::with_capacity(region.len());
    for i in 0..region.len() as u32 {
        let root = find(&mut parent, i) as usize;
        if number[root] == u32::MAX {
            number[root] = out.len() as u32;
            out.push(std::mem::take(&mut rings[root]));
        }
        ring_of.push(number[root]);
    }
    (out, ring_of)
}

/// Walls arriving at `v` from `before` and leaving to `after` (`[before, after]`) leave more
/// than a half-turn free round it: they turn right there, or fold back onto each other.
fn reflex_between(vertices: &[Point], [before, after]: [VertexId; 2], v: VertexId) -> bool {
    let [b, v, a] = [before, v, after].map(|u| vertices[u.index()]);
    let turn = orient(b, v, a);
    turn < 0.0 || (turn == 0.0 && (b - v).dot(a - v) > 0.0)
}

fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let up = parent[parent[x as usize] as usize];
        parent[x as usize] = up;
        x = up;
    }
    x
}

/// Rings `a` and `b` joined across their shared edge `x -> y` of `a` (`y -> x` of `b`), or
/// `None` when a corner of the join would not be strictly convex or the result too big.
fn merge(vertices: &[Point], a: &Ring, b: &Ring, x: VertexId) -> Option<Ring> {
    let (na, nb) = (a.len(), b.len());
    if na + nb - 2 > MAX_CORNERS {
        return None;
    }
    let i = a.iter().position(|&(v, _)| v == x)?;
    let y = a[(i + 1) % na].0;
    let m = b.iter().position(|&(v, _)| v == y)?;
    if b[(m + 1) % nb].0 != x {
        return None;
    }
    let p = |v: VertexId| vertices[v.index()];
    let convex_at_x = orient(p(a[(i + na - 1) % na].0), p(x), p(b[(m + 2) % nb].0)) > 0.0;
    let convex_at_y = orient(p(b[(m + nb - 1) % nb].0), p(y), p(a[(i + 2) % na].0)) > 0.0;
    if !convex_at_x || !convex_at_y {
        return None;
    }
    // a from y round to x, x taking b's edge onwards; then b after x up to (not including) y.
    let mut ring: Ring = (1..=na).map(|s| a[(i + s) % na]).collect();
    ring[na - 1] = b[(m + 1) % nb];
    ring.extend((2..nb).map(|s| b[(m + s) % nb]));
    Some(ring)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nav::build::triangulate::triangulate;
    use crate::nav::mesh::free_space::{Contour, FreeSpace};
    use crate::nav::mesh::navmesh::NavMesh;

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64, hole: bool) -> Contour {
        let mut points = vec![
            Point::new(x0, y0),
            Point::new(x1, y0),
            Point::new(x1, y1),
            Point::new(x0, y1),
        ];
        if hole {
            points.reverse();
        }
        Contour::without_corners(points)
    }

    fn check(free: &FreeSpace, mesh: &NavMesh, convex: &ConvexMesh) {
        convex.validate(&mesh.vertices, &mesh.triangles).unwrap();
        check_fans(free, mesh, convex);
    }

    /// The numbered fans agree with walking round each vertex: every corner met walking from
    /// a corner has its number, a corner of another fan of the vertex has another, and the
    /// noted walls are the walls the walks reach.
    fn check_fans(free: &FreeSpace, mesh: &NavMesh, convex: &ConvexMesh) {
        let number =
            |v: VertexId, q: PolyId| convex.fan_at(convex.slot(q) + convex.corner_of(v, q)).0;
        for p in convex.polygons() {
            for &v in convex.corners(p) {
                let fan = number(v, p);
                let around: Vec<PolyId> = convex
                    .fan(v, p, true)
                    .chain(convex.fan(v, p, false))
                    .collect();
                assert!(around.iter().all(|&q| number(v, q) == fan));
                for q in convex.polygons() {
                    if convex.corners(q).contains(&v) && !around.contains(&q) {
                        assert_ne!(number(v, q), fan, "two fans of {v:?} share a number");
                    }
                }
                let walk = |ccw: bool| {
                    let mut q = p;
                    loop {
                        let (corners, i) = (convex.corners(q), convex.corner_of(v, q));
                        let n = corners.len();
                        let edge = if ccw { (i + n - 1) % n } else { i };
                        match convex.neighbors(q)[edge] {
                            None => return Some(corners[if ccw { edge } else { (i + 1) % n }]),
                            Some(next) if next == p => return None,
                            Some(next) => q = next,
                        }
                    }
                };
                let walls = walk(true).zip(walk(false)).map(|(a, b)| [a, b]);
                let slot = convex.slot(p) + convex.corner_of(v, p);
                assert_eq!(
                    convex.fan_at(slot),
                    (fan, walls),
                    "walls of {}",
                    mesh.vertex(v)
                );
                let on_hole = |c: &Contour| c.points.contains(&mesh.vertex(v));
                // The test rooms' walls: a corner is reflex exactly on a (rectangular) hole,
                // except where two holes touch.
                let holes = free.contours[1..].iter().filter(|c| on_hole(c)).count();
                assert_eq!(convex.is_reflex(slot), holes == 1, "{}", mesh.vertex(v));
            }
        }
    }

    /// The 10 x 10 room with a 2 x 2 box in the middle, and its mesh.
    fn room_with_box() -> (FreeSpace, NavMesh) {
        let free = FreeSpace {
            contours: vec![
                rect(0.0, 0.0, 10.0, 10.0, false),
                rect(4.0, 4.0, 6.0, 6.0, true),
            ],
        };
        let mesh = triangulate(&free).unwrap();
        (free, mesh)
    }

    #[test]
    fn a_room_with_a_box_merges_into_few_convex_polygons() {
        let (free, mesh) = room_with_box();
        let convex = mesh.convex();
        check(&free, &mesh, convex);
        // 8 triangles; a ring round a box needs at least 4 convex pieces.
        assert_eq!(mesh.triangle_count(), 8);
        assert!(
            (4..8).contains(&convex.polygon_count()),
            "{}",
            convex.polygon_count()
        );
        for t in mesh.triangle_ids() {
            let p = convex.poly_of(t);
            for v in mesh.triangle(t) {
                assert!(convex.corners(p).contains(&v));
            }
        }
    }

    #[test]
    fn a_vertex_where_two_obstacles_touch_has_two_numbered_fans() {
        let free = FreeSpace {
            contours: vec![
                rect(0.0, 0.0, 8.0, 8.0, false),
                rect(2.0, 2.0, 4.0, 4.0, true),
                rect(4.0, 4.0, 6.0, 6.0, true),
            ],
        };
        let mesh = triangulate(&free).unwrap();
        let convex = mesh.convex();
        check(&free, &mesh, convex);
        let v = (0..mesh.vertex_count() as u32)
            .map(VertexId)
            .find(|&v| mesh.vertex(v) == Point::new(4.0, 4.0))
            .unwrap();
        let mut fans: Vec<u32> = convex
            .polygons()
            .filter(|&p| convex.corners(p).contains(&v))
            .map(|p| convex.fan_at(convex.slot(p) + convex.corner_of(v, p)).0)
            .collect();
        fans.sort_unstable();
        fans.dedup();
        assert_eq!(fans.len(), 2);
    }

    #[test]
    fn validation_finds_wrong_search_tables() {
        let (_, mesh) = room_with_box();
        let convex = mesh.convex();
        let valid = |c: &ConvexMesh| c.validate(&mesh.vertices, &mesh.triangles);
        valid(convex).unwrap();
        let slot = (0..convex.slot_count())
            .find(|&s| convex.neighbors[s].is_some())
            .unwrap();
        let mut wrong = convex.clone();
        wrong.back[slot] = (wrong.back[slot] + 1) % 3;
        assert!(valid(&wrong).unwrap_err().contains("wrong way back"));
        let mut wrong = convex.clone();
        wrong.corner_fans[slot].fan = (wrong.corner_fans[slot].fan + 1) % convex.fan_count as u32;
        assert!(valid(&wrong).unwrap_err().contains("wrong fan"));
        let mut wrong = convex.clone();
        wrong.dead_end[0] = !wrong.dead_end[0];
        assert!(valid(&wrong).unwrap_err().contains("dead-end"));
    }

    #[test]
    fn fans_walk_polygons_round_a_vertex_to_the_walls() {
        let (_, mesh) = room_with_box();
        let convex = mesh.convex();
        // The box corner (4, 4): walls to (6, 4) and (4, 6).
        let v = (0..mesh.vertex_count() as u32)
            .map(VertexId)
            .find(|&v| mesh.vertex(v) == Point::new(4.0, 4.0))
            .unwrap();
        let t = mesh
            .triangle_ids()
            .find(|&t| mesh.triangle(t).contains(&v))
            .unwrap();
        let p = convex.poly_of(t);
        let walls = [true, false].map(|ccw| mesh.vertex(convex.fan_wall(v, p, ccw).unwrap().1));
        let mut walls = walls.to_vec();
        walls.sort_by(|a, b| a.x.total_cmp(&b.x));
        assert_eq!(walls, vec![Point::new(4.0, 6.0), Point::new(6.0, 4.0)]);
        let around: Vec<PolyId> = convex
            .fan(v, p, true)
            .chain(convex.fan(v, p, false).skip(1))
            .collect();
        assert!(around.iter().all(|&q| convex.corners(q).contains(&v)));
        assert!(!around.is_empty());
    }
}
