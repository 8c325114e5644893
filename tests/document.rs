//! `Document`: edits, undo/redo, gestures, the dirty flag, history depth and saving.

use navscope::document::{Document, Edit, EditError, HISTORY_LIMIT};
use navscope::geom::{Point, Ring};
use navscope::scene::{self, Corner, Query, RingRef, Scene};

fn example() -> Scene {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/scenes/rooms.json");
    scene::load(std::path::Path::new(path)).expect("example scene loads")
}

fn nudge(index: usize, x: f64) -> Edit {
    Edit::MoveCorners(vec![(
        Corner {
            ring: RingRef::Obstacle(0),
            index,
        },
        Point::new(x, 1.0),
    )])
}

#[test]
fn undo_and_redo_restore_exact_states() {
    let mut doc = Document::new(example());
    let original = doc.scene().clone();
    doc.apply(Edit::SetRadius(0.75)).unwrap();
    doc.apply(Edit::DeleteRing(RingRef::Obstacle(2))).unwrap();
    let edited = doc.scene().clone();
    assert_ne!(edited, original);
    assert!(doc.undo() && doc.undo());
    assert_eq!(doc.scene(), &original);
    assert!(!doc.undo(), "nothing left to undo");
    assert!(doc.redo() && doc.redo());
    assert_eq!(doc.scene(), &edited);
    assert!(!doc.redo());
}

#[test]
fn a_new_edit_clears_the_redo_steps() {
    let mut doc = Document::new(example());
    doc.apply(Edit::SetRadius(1.0)).unwrap();
    doc.undo();
    assert!(doc.can_redo());
    doc.apply(Edit::SetRadius(2.0)).unwrap();
    assert!(!doc.can_redo());
}

#[test]
fn a_gesture_is_one_undo_step() {
    let mut doc = Document::new(example());
    let original = doc.scene().clone();
    doc.begin_gesture();
    for k in 0..30 {
        doc.apply(nudge(0, k as f64 * 0.1)).unwrap();
    }
    doc.end_gesture();
    doc.apply(Edit::SetRadius(0.3)).unwrap();
    assert!(doc.undo());
    assert_eq!(doc.scene().agent_radius, original.agent_radius);
    assert_ne!(doc.scene(), &original, "the drag is still applied");
    assert!(doc.undo(), "the whole drag is one step");
    assert_eq!(doc.scene(), &original);
    assert!(!doc.can_undo());
}

#[test]
fn a_gesture_without_edits_adds_no_step() {
    let mut doc = Document::new(example());
    doc.begin_gesture();
    doc.end_gesture();
    assert!(!doc.can_undo());
    assert!(!doc.is_dirty());
}

#[test]
fn at_least_a_hundred_steps_and_no_more_than_the_limit() {
    let mut doc = Document::new(example());
    let original = doc.scene().clone();
    for k in 0..150 {
        doc.apply(Edit::SetRadius(0.01 * (k + 1) as f64)).unwrap();
    }
    let mut steps = 0;
    while doc.undo() {
        steps += 1;
    }
    assert_eq!(steps, 150);
    assert_eq!(doc.scene(), &original);

    for k in 0..HISTORY_LIMIT + 20 {
        doc.apply(Edit::SetRadius(0.01 * (k + 1) as f64)).unwrap();
    }
    let mut steps = 0;
    while doc.undo() {
        steps += 1;
    }
    assert_eq!(steps, HISTORY_LIMIT);
}

#[test]
fn dirty_follows_the_saved_state_through_undo() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scene.json");
    let mut doc = Document::new(example());
    assert!(!doc.is_dirty());
    doc.apply(Edit::SetRadius(0.6)).unwrap();
    assert!(doc.is_dirty());
    doc.undo();
    assert!(!doc.is_dirty(), "back at the unmodified state");
    doc.redo();
    doc.save_as(&path).unwrap();
    assert!(!doc.is_dirty());
    assert_eq!(doc.name(), "scene.json");
    doc.apply(Edit::SetRadius(0.7)).unwrap();
    assert!(doc.is_dirty());
    doc.undo();
    assert!(!doc.is_dirty());
    doc.undo();
    assert!(doc.is_dirty(), "older than the saved state");
}

#[test]
fn saved_files_load_back_identically_and_reopen_clean() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.json");
    let mut doc = Document::new(example());
    doc.apply(Edit::AddObstacle {
        name: "new".into(),
        ring: Ring::new(vec![
            Point::new(30.0, 20.0),
            Point::new(33.0, 20.0),
            Point::new(31.5, 23.0),
        ]),
    })
    .unwrap();
    doc.apply(Edit::RenameObstacle {
        index: 0,
        name: "renamed".into(),
    })
    .unwrap();
    doc.save_as(&path).unwrap();
    let reopened = Document::open(&path).unwrap();
    assert_eq!(reopened.scene(), doc.scene());
    assert!(!reopened.is_dirty());
    assert_eq!(reopened.path(), Some(path.as_path()));
}

#[test]
fn saving_an_untitled_document_needs_a_path() {
    let mut doc = Document::new(example());
    assert!(doc.save().is_err());
    assert_eq!(doc.name(), "untitled");
}

#[test]
fn refused_edits_change_nothing() {
    let mut doc = Document::new(example());
    let original = doc.scene().clone();
    let missing = Edit::DeleteRing(RingRef::Obstacle(999));
    assert!(matches!(doc.apply(missing), Err(EditError::Missing(_))));
    assert_eq!(doc.apply(nudge(0, f64::NAN)), Err(EditError::NotFinite));
    // Every corner is checked before any moves.
    let half_bad = Edit::MoveCorners(vec![
        (
            Corner {
                ring: RingRef::Obstacle(0),
                index: 0,
            },
            Point::new(1.0, 1.0),
        ),
        (
            Corner {
                ring: RingRef::Obstacle(0),
                index: 99,
            },
            Point::new(1.0, 1.0),
        ),
    ]);
    assert!(doc.apply(half_bad).is_err());
    assert_eq!(doc.scene(), &original);
    assert!(!doc.can_undo());
    assert_eq!(doc.revision(), 0);
}

#[test]
fn structural_edits() {
    let mut doc = Document::new(example());
    let n = doc.scene().obstacles.len();
    let ring = RingRef::Obstacle(0);
    let before = doc.scene().ring(ring).unwrap().len();
    doc.apply(Edit::InsertPoint {
        ring,
        index: 1,
        at: Point::new(14.2, 0.0),
    })
    .unwrap();
    assert_eq!(doc.scene().ring(ring).unwrap().len(), before + 1);
    assert_eq!(
        doc.scene().ring(ring).unwrap().points()[1],
        Point::new(14.2, 0.0)
    );
    doc.apply(Edit::DeleteCorner(Corner { ring, index: 1 }))
        .unwrap();
    assert_eq!(doc.scene().ring(ring).unwrap().len(), before);

    let triangle = Ring::new(vec![
        Point::new(30.0, 20.0),
        Point::new(33.0, 20.0),
        Point::new(31.5, 23.0),
    ]);
    doc.apply(Edit::AddObstacle {
        name: "t".into(),
        ring: triangle,
    })
    .unwrap();
    let ids: Vec<_> = doc.scene().obstacles.iter().map(|o| o.id).collect();
    assert_eq!(ids.len(), n + 1);
    assert!(
        !ids[..n].contains(&ids[n]),
        "the new obstacle has a fresh id"
    );
    doc.apply(Edit::DeleteCorner(Corner {
        ring: RingRef::Obstacle(n),
        index: 0,
    }))
    .unwrap();
    assert_eq!(
        doc.scene().obstacles.len(),
        n,
        "a triangle losing a corner is removed"
    );

    let query = Query {
        name: "new".into(),
        start: Point::new(1.0, 1.0),
        goal: Point::new(2.0, 2.0),
    };
    let queries = doc.scene().queries.len();
    doc.apply(Edit::SetQuery {
        index: queries,
        query: query.clone(),
    })
    .unwrap();
    assert_eq!(doc.scene().queries.last(), Some(&query));
    assert!(
        doc.apply(Edit::SetQuery {
            index: queries + 5,
            query
        })
        .is_err()
    );
    assert_eq!(doc.revision(), 5);
}
