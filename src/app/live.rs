//! Live rebuild: the navmesh follows the document. A build expected to fit the frame budget
//! runs at once; a slower one runs on a worker thread while the last good result stays on
//! screen. A failed build leaves the last good result shown, with the failure beside it.

use super::dense::EdgeFill;
use super::paint::Picture;
use crate::document::Document;
use crate::geom::SegmentGrid;
use crate::nav::{self, BuildError};
use crate::scene::{RingRef, Scene};
use crate::viz::{self, DrawList, Primitive};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

/// A successful build of one document revision, with what the canvas needs of it.
#[derive(Debug)]
pub struct Built {
    pub revision: u64,
    pub build: nav::Build,
    /// Walls of the unshrunk free space, against which path clearance is measured.
    pub raw_walls: Option<SegmentGrid>,
    /// Free space and mesh, ready to paint.
    pub picture: Picture,
    /// Wall-clock time of the whole rebuild.
    pub elapsed: Duration,
}

/// A build that failed, naming the ring at fault when there is one.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    pub revision: u64,
    pub message: String,
    pub ring: Option<RingRef>,
}

impl Failure {
    fn new(revision: u64, error: &BuildError) -> Self {
        let ring = match error {
            BuildError::InvalidScene(issue) => issue.ring,
            _ => None,
        };
        Failure {
            revision,
            message: error.to_string(),
            ring,
        }
    }
}

type Outcome = (u64, Result<Built, Failure>);

struct Job {
    revision: u64,
    result: Receiver<Outcome>,
}

/// The rebuild state of the editor.
pub struct Live {
    shown: Option<Arc<Built>>,
    failure: Option<Failure>,
    /// Newest revision whose build has finished.
    finished: Option<u64>,
    job: Option<Job>,
    /// A build expected to take longer than this goes to the worker thread.
    budget: Duration,
    /// Duration of the last build, the estimate for the next one.
    last_cost: Option<Duration>,
}

impl Live {
    pub fn new(budget: Duration) -> Self {
        Live {
            shown: None,
            failure: None,
            finished: None,
            job: None,
            budget,
            last_cost: None,
        }
    }

    /// The last good build.
    pub fn shown(&self) -> Option<&Arc<Built>> {
        self.shown.as_ref()
    }

    /// The failure of a revision newer than the shown build, if the newest finished build failed.
    pub fn failure(&self) -> Option<&Failure> {
        self.failure.as_ref()
    }

    /// A build is running on the worker thread.
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// Brings the build up to the document's revision: collects a finished worker result, then
    /// builds at once or starts the worker. `wake` is called from the worker when it finishes.
    pub fn update(&mut self, doc: &Document, wake: impl Fn() + Send + 'static) {
        self.poll();
        let revision = doc.revision();
        if self.finished == Some(revision)
            || self.job.as_ref().is_some_and(|j| j.revision == revision)
        {
            return;
        }
        if self.job.is_some() {
            return; // the newest revision goes next, once the running build is in
        }
        if self.last_cost.is_none_or(|c| c <= self.budget) {
            let outcome = build(doc.scene(), revision);
            self.accept(outcome);
            return;
        }
        let scene = doc.scene().clone();
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("navscope-build".into())
            .spawn(move || {
                let _ = tx.send(build(&scene, revision));
                wake();
            });
        match spawned {
            Ok(_) => {
                self.job = Some(Job {
                    revision,
                    result: rx,
                })
            }
            Err(e) => {
                log::warn!("cannot start the build thread ({e}); building on the UI thread");
                self.accept(build(doc.scene(), revision));
            }
        }
    }

    /// Waits for the running build, if any (screenshots and tests).
    pub fn wait(&mut self) {
        if let Some(job) = self.job.take() {
            match job.result.recv() {
                Ok(outcome) => self.accept(outcome),
                Err(_) => self.accept(lost(job.revision)),
            }
        }
    }

    fn poll(&mut self) {
        let Some(job) = &self.job else { return };
        let outcome = match job.result.try_recv() {
            Ok(outcome) => outcome,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => lost(job.revision),
        };
        self.job = None;
        self.accept(outcome);
    }

    fn accept(&mut self, (revision, result): Outcome) {
        if self.finished.is_some_and(|f| f > revision) {
            return;
        }
        self.finished = Some(revision);
        match result {
            Ok(built) => {
                self.last_cost = Some(built.elapsed);
                self.shown = Some(Arc::new(built));
                self.failure = None;
            }
            Err(failure) => self.failure = Some(failure),
        }
    }
}

fn lost(revision: u64) -> Outcome {
    let failure = Failure {
        revision,
        message: "the build thread stopped without a result".into(),
        ring: None,
    };
    (revision, Err(failure))
}

/// Builds `scene` and prepares its picture.
fn build(scene: &Scene, revision: u64) -> Outcome {
    let started = Instant::now();
    let build = match nav::build(scene) {
        Ok(b) => b,
        Err(e) => return (revision, Err(Failure::new(revision, &e))),
    };
    let raw_walls = build.raw.as_ref().map(|raw| raw.walls.clone());
    let mut list = DrawList::default();
    viz::draw_free_space(&build.free_space, &mut list);
    viz::draw_mesh(&build.mesh, &mut list);
    let edges = list.items.len() - 1;
    let edge_fill = match &list.items[edges].primitive {
        Primitive::Segments(segments) => Some(EdgeFill::of_mesh(&build.mesh, segments)),
        _ => None,
    };
    let mut picture = Picture::new(list);
    if let Some(fill) = edge_fill {
        picture = picture.with_edge_fill(edges, fill);
    }
    (
        revision,
        Ok(Built {
            revision,
            build,
            raw_walls,
            picture,
            elapsed: started.elapsed(),
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Edit;

    fn doc() -> Document {
        let json = include_str!("../../assets/scenes/gaps.json");
        Document::new(crate::scene::from_json(json.as_bytes(), "gaps").expect("example scene"))
    }

    #[test]
    fn a_failed_build_keeps_the_last_good_one() {
        let mut doc = doc();
        let mut live = Live::new(Duration::from_secs(60));
        live.update(&doc, || {});
        let good = live.shown().map(|b| b.revision);
        assert_eq!(good, Some(0));
        doc.apply(Edit::SetRadius(-1.0)).expect("edit applies");
        live.update(&doc, || {});
        assert_eq!(live.shown().map(|b| b.revision), good);
        assert!(live.failure().is_some_and(|f| f.revision == 1));
        doc.undo();
        live.update(&doc, || {});
        assert_eq!(live.shown().map(|b| b.revision), Some(2));
        assert!(live.failure().is_none());
    }

    #[test]
    fn slow_builds_go_to_the_worker() {
        let mut doc = doc();
        let mut live = Live::new(Duration::ZERO);
        live.update(&doc, || {});
        assert!(
            !live.is_busy(),
            "the first build has no cost estimate and runs at once"
        );
        doc.apply(Edit::SetRadius(0.25)).expect("edit applies");
        live.update(&doc, || {});
        assert!(live.is_busy());
        assert_eq!(
            live.shown().map(|b| b.revision),
            Some(0),
            "the old build stays shown meanwhile"
        );
        live.wait();
        assert_eq!(live.shown().map(|b| b.revision), Some(1));
    }
}
