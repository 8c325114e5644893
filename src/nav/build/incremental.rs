//! Incremental rebuild: after an edit of one obstacle (moved, reshaped, added or deleted), only
//! the grown pieces its old and new shapes touch are grown, merged and placed again, and only
//! their hole contours are taken out of and put into the kept constrained Delaunay
//! triangulation (spade restores the Delaunay property around them); only the faces that
//! changed are then spliced into the kept navmesh, and the raw mesh's clearance widths are
//! measured again near the change (see `live_mesh`).
//!
//! An update declines (the caller builds in full and starts again) whenever the edit is not a
//! local one: anything but obstacles changed, more than one obstacle changed, the painting order
//! changed other than by the obstacle added or deleted, the obstacle's box overlaps another
//! obstacle's (repair would merge them), the obstacle is or would be painted with the walkable
//! rings of a nested scene (its box meets a walkable ring painted after it, see
//! `repair::painted`), its grown piece touches the walkable outline (the outline's boolean
//! difference is global), the scene has cost areas, its validation warnings change, an obstacle
//! cut out as a piece needs a repair warning, or the triangulation reports a conflict.
//! ```text
//!   before:  ####  ####          edit obstacle B:   ####  ####
//!            # A#  # B#   --->   remove B's hole,   # A#      ##B'##   A untouched;
//!            ####  ####          insert B' (merged  ####      ######   B' merged with C
//!                    ##C##       with C if touching)            ##C##  when their boxes touch
//! ```

use super::error::BuildError;
use super::inflate::{
    Cluster, Grown, Outline, Place, corners_of, grow, hole_contours, merge_touching, place_all,
};
use super::live_mesh::LiveMesh;
use super::pipeline::{Build, BuildOptions, Checked, Timings, check, micros, timed};
use super::raw::RawNav;
use super::repair::{Piece, Repaired, clean_ring, reaches_later_walkable, repair};
use super::triangulate::single_cdt;
use crate::geom::{Aabb, Point, Segment, SegmentGrid};
use crate::nav::mesh::clearance::Widths;
use crate::nav::mesh::free_space::{Contour, FreeSpace};
use crate::nav::mesh::navmesh::NavMesh;
use crate::scene::{Corner, Issue, RingRef, Scene};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

/// A build kept open for incremental updates: the scene it matches, the repaired obstacle
/// pieces, and for the shrunk and the raw free space the grown pieces, their clusters and the
/// triangulation.
#[derive(Clone, Debug)]
pub struct Incremental {
    scene: Scene,
    options: BuildOptions,
    radius: f64,
    /// The issues `validate` reported (warnings only).
    warnings: Vec<Issue>,
    /// The repair's warnings, each about a ring never updated alone (a walkable ring or a
    /// painted obstacle).
    repair_warnings: Vec<Issue>,
    /// Repaired obstacle pieces by slot (`None`: deleted). At the start the slots are the
    /// obstacles cut out as pieces, in scene order.
    pieces: Vec<Option<Piece>>,
    /// The slot of each scene obstacle; `None` for one painted with the walkable rings (part of
    /// the outline, never updated alone).
    slot_of: Vec<Option<usize>>,
    /// The box of each walkable ring (they never change).
    walkable_boxes: Vec<Aabb>,
    shrunk: Side,
    raw: Raw,
}

/// The raw (radius 0) side of the build.
#[derive(Clone, Debug)]
enum Raw {
    /// The options skip the raw mesh.
    Skipped,
    /// The radius is 0: the raw mesh is the shrunk one.
    Shared,
    Own(Box<Side>),
}

/// One free space (for one radius) kept for updates.
#[derive(Clone, Debug)]
struct Side {
    radius: f64,
    tolerance: f64,
    outline: Outline,
    /// Contours of the shrunk outline with the cut pieces cut out.
    walkable: Vec<Contour>,
    /// The grown piece of each piece slot.
    grown: Vec<Option<Grown>>,
    /// The cluster of each piece slot.
    cluster_of: Vec<usize>,
    clusters: Vec<Option<Cluster>>,
    /// The triangulation and the mesh kept in step with it (with clearance widths for a raw
    /// free space).
    live: LiveMesh,
    /// The index of the free space's contour edges, shared with the raw navigation made of
    /// this side: once made there, each replacement updates it.
    walls: Arc<OnceLock<SegmentGrid>>,
}

/// What changed between two scenes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    Nothing,
    /// Obstacle i has a new ring.
    Reshaped(usize),
    /// An obstacle was appended.
    Added,
    /// Obstacle i was deleted.
    Deleted(usize),
}

impl Incremental {
    /// Builds `scene` in full and keeps what later updates need. The state is `None` when the
    /// scene is one updates do not handle (the build is then the ordinary full build).
    pub fn start(
        scene: &Scene,
        options: &BuildOptions,
    ) -> Result<(Build, Option<Incremental>), BuildError> {
        let full = || super::pipeline::build_with(scene, options).map(|b| (b, None));
        let t0 = Instant::now();
        let Checked {
            radius,
            tolerance,
            warnings,
        } = check(scene, options)?;
        if !supported(scene) {
            return full();
        }
        let repaired = repair(scene)?;
        // One piece per obstacle not painted, in scene order: every such obstacle's box apart
        // from the others, and repaired without a warning.
        let painted = &repaired.painted;
        let cut: Vec<&crate::scene::Obstacle> = (scene.obstacles.iter().zip(painted))
            .filter_map(|(o, &p)| (!p).then_some(o))
            .collect();
        let unchanging = |w: &Issue| match w.ring {
            Some(RingRef::Obstacle(i)) => painted[i],
            Some(RingRef::Walkable(_)) => true,
            Some(RingRef::Cost(_)) | None => false,
        };
        let apart = repaired.warnings.iter().all(unchanging)
            && repaired.obstacles.len() == cut.len()
            && repaired
                .obstacles
                .iter()
                .zip(cut)
                .all(|(p, o)| p.bounds == bounds(o.ring.points()));
        if !apart {
            return full();
        }
        let mut slots = 0..;
        let slot_of = painted
            .iter()
            .map(|&p| if p { None } else { slots.next() })
            .collect();
        let t1 = Instant::now();
        let pieces: Vec<Option<Piece>> = repaired.obstacles.iter().cloned().map(Some).collect();
        let side =
            |r: f64, tol: f64, measure: bool| Side::new(&repaired, &pieces, (r, tol), measure);
        let shared = radius == 0.0 && !options.skip_raw;
        let Some(shrunk) = side(radius, tolerance, shared)? else {
            return full();
        };
        if shrunk.free_space().is_empty() {
            return Err(BuildError::EmptyFreeSpace { radius });
        }
        let raw = if options.skip_raw {
            Raw::Skipped
        } else if radius == 0.0 {
            Raw::Shared
        } else {
            match side(0.0, 0.0, true)? {
                Some(side) => Raw::Own(Box::new(side)),
                None => return full(),
            }
        };
        let state = Incremental {
            scene: scene.clone(),
            options: options.clone(),
            radius,
            warnings,
            repair_warnings: repaired.warnings.clone(),
            slot_of,
            walkable_boxes: scene.walkable.iter().map(|r| r.aabb()).collect(),
            pieces,
            shrunk,
            raw,
        };
        let build = state.build(Timings {
            repair_us: micros(t1 - t0),
            inflate_us: micros(t1.elapsed()),
            ..Timings::default()
        });
        Ok((build, Some(state)))
    }

    /// The build of `scene` with `options`, updated from this state's scene, and the state for
    /// the next update; `None` when the change is not one this handles (then the state is
    /// spent: build in full and start again).
    pub fn update(mut self, scene: &Scene, options: &BuildOptions) -> Option<(Build, Incremental)> {
        let t0 = Instant::now();
        if *options != self.options || options.radius_for(scene) != self.radius || !supported(scene)
        {
            return None;
        }
        // What changed, and whether the new scene is valid, are asked side by side.
        let (change, checked) = rayon::join(
            || change(&self.scene, scene),
            || check(scene, &self.options),
        );
        let change = change?;
        if checked.ok()?.warnings != self.warnings {
            return None;
        }
        // A painted obstacle is part of the outline: changing it is not local.
        let slot = match change {
            Change::Nothing => None,
            Change::Reshaped(i) | Change::Deleted(i) => Some(self.slot_of[i]?),
            Change::Added => Some(self.pieces.len()),
        };
        self.repair_warnings = (self.repair_warnings.iter())
            .map(|w| carried(w, &self.scene, scene, change))
            .collect::<Option<_>>()?;
        let piece = match change {
            Change::Reshaped(i) => Some(self.clean(scene, i)?),
            Change::Added => Some(self.clean(scene, scene.obstacles.len() - 1)?),
            Change::Nothing | Change::Deleted(_) => None,
        };
        let t1 = Instant::now();
        let Some(slot) = slot else {
            self.scene.assign_from(scene);
            let build = self.build(Timings::default());
            return Some((build, self));
        };
        if let Change::Deleted(i) = change {
            // The later obstacles' corners move down one place first: the contours merged
            // again below take theirs from the new scene, already numbered so.
            self.renumber_after(i);
        }
        let named_by = |rings: &[RingRef]| corners_of(rings, |r| ring_corners(scene, r));
        // The two sides are independent: each core takes one. The scene kept is brought up to
        // date beside them.
        let (shrunk, raw, kept) = (&mut self.shrunk, &mut self.raw, &mut self.scene);
        let ((shrunk_done, raw_done), ()) = rayon::join(
            || {
                rayon::join(
                    || shrunk.replace(slot, piece.as_ref(), &named_by),
                    || match raw {
                        Raw::Own(raw) => raw.replace(slot, piece.as_ref(), &named_by),
                        Raw::Shared | Raw::Skipped => Some(()),
                    },
                )
            },
            || kept.assign_from(scene),
        );
        shrunk_done?;
        raw_done?;
        match change {
            Change::Added => {
                self.pieces.push(piece);
                self.slot_of.push(Some(slot));
            }
            Change::Deleted(i) => {
                self.pieces[slot] = None;
                self.slot_of.remove(i);
            }
            _ => self.pieces[slot] = piece,
        }
        let t2 = Instant::now();
        let build = self.build(Timings {
            repair_us: micros(t1 - t0),
            inflate_us: micros(t2 - t1),
            ..Timings::default()
        });
        Some((build, self))
    }

    /// Obstacle `i` of `scene` repaired alone; `None` when it needs a repair warning, its box
    /// overlaps another obstacle's, or it would be painted (its box meets a walkable ring
    /// painted after it).
    fn clean(&self, scene: &Scene, i: usize) -> Option<Piece> {
        let points = scene.obstacles[i].ring.points();
        let own = bounds(points);
        let apart = scene
            .obstacles
            .iter()
            .enumerate()
            .all(|(j, o)| j == i || !bounds(o.ring.points()).intersects(&own));
        let order = scene.areas();
        let at = order.iter().position(|&r| r == RingRef::Obstacle(i))?;
        if !apart || reaches_later_walkable(&self.walkable_boxes, &order[at + 1..], own) {
            return None;
        }
        let mut warnings = Vec::new();
        let piece = clean_ring(scene, RingRef::Obstacle(i), points, &mut warnings).ok()?;
        (warnings.is_empty() && piece.bounds == own).then_some(piece)
    }

    /// After obstacle `i` was deleted, the obstacles after it move down one place: so do the
    /// corners derived from them (painted obstacles' corners on the outline's contours too).
    fn renumber_after(&mut self, i: usize) {
        let shift = |c: &mut Corner| c.ring = after_deletion(c.ring, i);
        let shift_ring = |r: &mut RingRef| *r = after_deletion(*r, i);
        for piece in self.pieces.iter_mut().flatten() {
            for c in piece.convex_corners.iter_mut().flatten() {
                shift(c);
            }
            piece.sources.iter_mut().for_each(shift_ring);
        }
        let raw = match &mut self.raw {
            Raw::Own(side) => Some(&mut **side),
            _ => None,
        };
        for side in std::iter::once(&mut self.shrunk).chain(raw) {
            side.live.shift_corners(shift);
            for contour in &mut side.walkable {
                contour.map_corners(shift);
            }
            for g in side.grown.iter_mut().flatten() {
                g.corners.iter_mut().flatten().for_each(shift);
                g.sources.iter_mut().for_each(shift_ring);
            }
            for cluster in side.clusters.iter_mut().flatten() {
                for contour in &mut cluster.contours {
                    contour.map_corners(shift);
                }
            }
        }
    }

    /// The build this state stands for.
    fn build(&self, mut timings: Timings) -> Build {
        let shrunk = || timed(|| (self.shrunk.free_space(), self.shrunk.mesh()));
        let raw_side = match &self.raw {
            Raw::Own(side) => Some(&**side),
            Raw::Shared => Some(&self.shrunk),
            Raw::Skipped => None,
        };
        let ((free_space, mesh), raw) = match raw_side {
            // Each side's copies are made on a core of their own (at radius 0 both are copies
            // of the one side).
            Some(side) => {
                let ((shrunk, us), (raw, raw_us)) = rayon::join(shrunk, || timed(|| side.raw()));
                timings.triangulate_us = us;
                timings.raw_us = raw_us;
                (shrunk, Some(raw))
            }
            None => {
                let (shrunk, us) = shrunk();
                timings.triangulate_us = us;
                (shrunk, None)
            }
        };
        Build {
            radius: self.radius,
            warnings: self
                .warnings
                .iter()
                .chain(&self.repair_warnings)
                .cloned()
                .collect(),
            free_space,
            mesh,
            raw,
            links: self.scene.links.clone(),
            timings,
        }
    }
}

impl Side {
    /// The side for `pieces` (every slot filled) at `radius`; `None` when its contours give
    /// the triangulation a conflict or a cluster vanishes.
    fn new(
        repaired: &Repaired,
        pieces: &[Option<Piece>],
        (radius, tolerance): (f64, f64),
        measure: bool,
    ) -> Result<Option<Side>, BuildError> {
        let outline = Outline::new(&repaired.walkable, radius, tolerance);
        let grown: Vec<Grown> = pieces
            .iter()
            .flatten()
            .map(|p| grow(p, radius, tolerance))
            .collect();
        let (clusters, walkable) = place_all(
            &outline,
            grown.clone(),
            repaired,
            radius + tolerance.max(0.0),
        );
        let mut cluster_of = vec![usize::MAX; grown.len()];
        for (k, cluster) in clusters.iter().enumerate() {
            for &m in &cluster.members {
                cluster_of[m] = k;
            }
        }
        if cluster_of.contains(&usize::MAX) {
            return Ok(None);
        }
        let clusters: Vec<Option<Cluster>> = clusters.into_iter().map(Some).collect();
        let Some((cdt, corners)) = single_cdt(&free_space(&walkable, &clusters))? else {
            return Ok(None);
        };
        Ok(Some(Side {
            radius,
            tolerance,
            outline,
            walkable,
            grown: grown.into_iter().map(Some).collect(),
            cluster_of,
            clusters,
            live: LiveMesh::new(cdt, corners, measure),
            walls: Arc::default(),
        }))
    }

    fn free_space(&self) -> FreeSpace {
        free_space(&self.walkable, &self.clusters)
    }

    fn mesh(&self) -> NavMesh {
        self.live.mesh()
    }

    /// The raw navigation of this side (its widths are measured).
    fn raw(&self) -> RawNav {
        let mesh = self.mesh();
        let widths = self.live.widths().cloned();
        let widths = widths.unwrap_or_else(|| Widths::new(&mesh));
        RawNav::measured(self.free_space(), mesh, widths, self.walls.clone())
    }

    /// Replaces the piece in `slot` (a new slot when it is the next one) by `piece` (`None`:
    /// deleted). `named_by` gives the corners of scene rings. `None` when the change is not
    /// local; the side is then unusable.
    fn replace(
        &mut self,
        slot: usize,
        piece: Option<&Piece>,
        named_by: &impl Fn(&[RingRef]) -> Vec<(Point, Corner)>,
    ) -> Option<()> {
        let new = piece.map(|p| grow(p, self.radius, self.tolerance));
        if slot == self.grown.len() {
            self.grown.push(None);
            self.cluster_of.push(usize::MAX);
        }
        // The clusters the edit touches: the old piece's and every one the new piece reaches.
        let mut affected: Vec<usize> = Vec::new();
        if self.cluster_of[slot] != usize::MAX {
            affected.push(self.cluster_of[slot]);
        }
        if let Some(g) = &new {
            for (q, other) in self.grown.iter().enumerate() {
                if q != slot
                    && let Some(other) = other
                    && other.bounds.intersects(&g.bounds)
                {
                    affected.push(self.cluster_of[q]);
                }
            }
        }
        affected.sort_unstable();
        affected.dedup();
        let old: Vec<Cluster> = affected
            .iter()
            .map(|&c| self.clusters[c].take())
            .collect::<Option<_>>()?;
        if old.iter().any(|c| c.place == Place::Cut) {
            return None;
        }
        let mut members: Vec<usize> = old
            .iter()
            .flat_map(|c| c.members.iter().copied())
            .filter(|&m| m != slot)
            .collect();
        self.grown[slot] = new;
        if self.grown[slot].is_some() {
            members.push(slot);
        }
        members.sort_unstable();
        let group: Vec<Grown> = members
            .iter()
            .map(|&m| self.grown[m].clone())
            .collect::<Option<_>>()?;
        let reach = self.radius + self.tolerance.max(0.0);
        let mut fresh = Vec::new();
        let mut covered = 0;
        for (local, g) in merge_touching(group) {
            covered += local.len();
            let place = self.outline.place(&g);
            let contours = match place {
                Place::Cut => return None,
                Place::Hole => hole_contours(g, reach, named_by),
                Place::Outside => Vec::new(),
            };
            let members = local.iter().map(|&l| members[l]).collect();
            fresh.push(Cluster {
                members,
                place,
                contours,
            });
        }
        if covered != members.len() {
            return None;
        }
        // The triangulation: old holes out, new holes in, spliced into the mesh.
        let mut edit = self.live.edit();
        for contour in old.iter().flat_map(|c| &c.contours) {
            for &p in contour.points.iter() {
                let v = edit.vertex_at(p)?;
                edit.remove(v);
            }
        }
        for contour in fresh.iter().flat_map(|c| &c.contours) {
            let mut handles = Vec::with_capacity(contour.points.len());
            for (&p, corner) in contour.points.iter().zip(contour.corners.iter()) {
                // `None`: a point already there, not a separate hole.
                handles.push(edit.insert(p, corner.get())?);
            }
            let n = handles.len();
            for k in 0..n {
                if !edit.add_constraint(handles[k], handles[(k + 1) % n]) {
                    return None;
                }
            }
        }
        edit.finish()?;
        if let Some(walls) = self.walls.get() {
            let edges = |clusters: &[Cluster]| -> Vec<Segment> {
                let contours = clusters.iter().flat_map(|c| &c.contours);
                contours.flat_map(|c| c.edges()).collect()
            };
            let updated = walls.updated(&edges(&old), &edges(&fresh));
            self.walls = Arc::new(OnceLock::from(updated));
        }
        for cluster in fresh {
            let c = self.clusters.len();
            for &m in &cluster.members {
                self.cluster_of[m] = c;
            }
            self.clusters.push(Some(cluster));
        }
        if self.grown[slot].is_none() {
            self.cluster_of[slot] = usize::MAX;
        }
        Some(())
    }
}

/// The free space of a side's walkable contours and clusters.
fn free_space(walkable: &[Contour], clusters: &[Option<Cluster>]) -> FreeSpace {
    let mut contours = walkable.to_vec();
    for cluster in clusters.iter().flatten() {
        contours.extend(cluster.contours.iter().cloned());
    }
    FreeSpace { contours }
}

/// Scenes this module updates: no cost areas.
fn supported(scene: &Scene) -> bool {
    scene.costs.is_empty()
}

/// The one obstacle change from `old` to `new`, if that is all that changed in the rings and
/// their painting order (an added obstacle is painted last; a deleted one leaves the order, the
/// later obstacles moving down one place).
fn change(old: &Scene, new: &Scene) -> Option<Change> {
    let change = ring_change(old, new)?;
    let mut order = old.areas();
    match change {
        Change::Nothing | Change::Reshaped(_) => {}
        Change::Added => order.push(RingRef::Obstacle(old.obstacles.len())),
        Change::Deleted(i) => {
            order.retain(|&r| r != RingRef::Obstacle(i));
            order.iter_mut().for_each(|r| *r = after_deletion(*r, i));
        }
    }
    (new.areas() == order).then_some(change)
}

/// Ring `r` after obstacle `i` was deleted: the obstacles after it move down one place.
fn after_deletion(r: RingRef, i: usize) -> RingRef {
    match r {
        RingRef::Obstacle(j) if j > i => RingRef::Obstacle(j - 1),
        _ => r,
    }
}

/// The repair warning `w` about a ring of `old` (never the changed obstacle), said of the same
/// ring in `new`: renumbered after a deletion, and named as `new` names it. `None` when the
/// warning does not start with the ring's name.
fn carried(w: &Issue, old: &Scene, new: &Scene, change: Change) -> Option<Issue> {
    let was = w.ring?;
    let ring = match change {
        Change::Deleted(i) => after_deletion(was, i),
        _ => was,
    };
    let rest = w.message.strip_prefix(&old.describe(was))?;
    Some(Issue {
        ring: Some(ring),
        message: format!("{}{rest}", new.describe(ring)),
        ..w.clone()
    })
}

/// The one obstacle change from `old` to `new`, if that is all that changed in the rings.
fn ring_change(old: &Scene, new: &Scene) -> Option<Change> {
    if old.walkable != new.walkable || old.agent_radius != new.agent_radius {
        return None;
    }
    let same = |a: &crate::scene::Obstacle, b: &crate::scene::Obstacle| a.ring == b.ring;
    let (o, n) = (&old.obstacles, &new.obstacles);
    let first = o.iter().zip(n).position(|(a, b)| !same(a, b));
    match n.len() as isize - o.len() as isize {
        0 => match first {
            None => Some(Change::Nothing),
            Some(i) => o[i + 1..]
                .iter()
                .zip(&n[i + 1..])
                .all(|(a, b)| same(a, b))
                .then_some(Change::Reshaped(i)),
        },
        1 => first.is_none().then_some(Change::Added),
        -1 => {
            let i = first.unwrap_or(n.len());
            o[i + 1..]
                .iter()
                .zip(&n[i..])
                .all(|(a, b)| same(a, b))
                .then_some(Change::Deleted(i))
        }
        _ => None,
    }
}

/// The corners of scene ring `r`.
fn ring_corners(scene: &Scene, r: RingRef) -> impl Iterator<Item = (Point, Corner)> + '_ {
    let points = scene.ring(r).map(|ring| ring.points()).unwrap_or_default();
    (points.iter().enumerate()).map(move |(index, &p)| (p, Corner { ring: r, index }))
}

fn bounds(points: &[Point]) -> Aabb {
    Aabb::from_points(points.iter().copied())
}
