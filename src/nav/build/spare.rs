//! A second copy of a live triangulation, kept one edit behind, so that an edit does not copy
//! the whole triangulation while the mesh on screen still shares it.
//!
//! The state of a live mesh and the mesh it last handed out share one triangulation (and its
//! face records). Editing it then means copying it, which on a game map costs more than the
//! edit. Instead the state keeps the copy the mesh before last held, with the log of the
//! changes made since; by the next edit that mesh is gone, so the copy is brought up to date
//! by replaying the log (spade changes its triangulation the same way given the same steps)
//! and the two copies swap roles:
//! ```text
//!   edit n:    current (shared with mesh n-1) --copy--> current', spare = the shared one
//!   edit n+1:  spare + replay(log of edit n) --> current'', spare = current' (mesh n's)
//! ```
//! When the spare is still held elsewhere (a caller keeps older meshes) the edit copies, as
//! before.

use crate::nav::mesh::face_edges::FaceEdges;
use crate::nav::mesh::faces::Cdt;
use crate::nav::mesh::ids::{TriId, VertexId};
use crate::nav::mesh::live_locate::LiveLocator;
use spade::handles::FixedVertexHandle;
use spade::{Point2, Triangulation};
use std::sync::Arc;

/// One change to a triangulation or its face records.
#[derive(Clone, Copy, Debug)]
pub(super) enum Op {
    Remove(FixedVertexHandle),
    Insert(Point2<f64>),
    Constraint(FixedVertexHandle, FixedVertexHandle),
    FaceOut([VertexId; 3]),
    FaceIn([VertexId; 3], Option<TriId>),
}

/// The copy one edit behind and the changes made since.
#[derive(Clone, Debug)]
pub(super) struct Spare {
    cdt: Arc<Cdt>,
    faces: Arc<FaceEdges>,
    log: Vec<Op>,
}

/// Makes `locator`'s triangulation its own before an edit: takes the spare (replayed up to
/// date) when the triangulation is shared and nothing else holds the spare, else copies.
/// Afterwards `spare` holds the triangulation as it was, for the edit's changes to be
/// [`record`]ed.
pub(super) fn unshare(spare: &mut Option<Spare>, locator: &mut LiveLocator) {
    if locator.is_unshared() {
        return;
    }
    let (cdt, faces) = match spare.take() {
        Some(mut s) => match (Arc::get_mut(&mut s.cdt), Arc::get_mut(&mut s.faces)) {
            (Some(cdt), Some(faces)) => {
                for op in &s.log {
                    apply(cdt, faces, *op);
                }
                (s.cdt, s.faces)
            }
            _ => copy(locator),
        },
        None => copy(locator),
    };
    let (cdt, faces) = locator.swap_parts(cdt, faces);
    *spare = Some(Spare {
        cdt,
        faces,
        log: Vec::new(),
    });
}

/// Deep copies of the locator's triangulation and face records.
fn copy(locator: &LiveLocator) -> (Arc<Cdt>, Arc<FaceEdges>) {
    let (cdt, faces) = locator.parts();
    (Arc::new(cdt.clone()), Arc::new(faces.clone()))
}

/// Notes a change made to the current triangulation, for the spare's replay.
pub(super) fn record(spare: &mut Option<Spare>, op: Op) {
    if let Some(s) = spare {
        s.log.push(op);
    }
}

fn apply(cdt: &mut Cdt, faces: &mut FaceEdges, op: Op) {
    match op {
        Op::Remove(v) => {
            cdt.remove(v);
        }
        Op::Insert(p) => {
            // The same point was accepted by the same triangulation.
            let _ = cdt.insert(p);
        }
        Op::Constraint(a, b) => {
            cdt.add_constraint(a, b);
        }
        Op::FaceOut(corners) => faces.remove(corners),
        Op::FaceIn(corners, tri) => faces.insert(corners, tri),
    }
}
