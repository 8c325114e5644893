//! Live rebuild: the navmesh follows the document. A build expected to fit the frame budget
//! runs at once; a slower one runs on a worker thread while the last good result stays on
//! screen. A failed build leaves the last good result shown, with the failure beside it.
//!
//! While a gesture (a drag) is under way the build is a preview: offset arcs are flattened
//! within [`PREVIEW_ARC_TOLERANCE`] of the radius instead of the default 1%, which roughly
//! halves the free-space vertices. When the gesture ends the same revision is built again
//! with the exact options.
//!
//! An exact build keeps its [`Incremental`] state: the next revision is first tried as an
//! incremental update (one obstacle moved, reshaped, added or deleted), which is exact and fast
//! enough for every frame of a drag; when it declines, the build runs in full as above.

use super::dense::EdgeFill;
use super::fixed::FixedNavmesh;
use super::paint::Picture;
use crate::document::Document;
use crate::geom::Point;
use crate::import;
use crate::nav::{
    self, Answer, BuildError, BuildOptions, CorridorOptions, Incremental, QueryOptions,
};
use crate::scene::{RingRef, Scene};
use crate::viz::{self, DrawList, Primitive};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

/// Arc tolerance of a preview build, as a fraction of the agent radius.
pub const PREVIEW_ARC_TOLERANCE: f64 = 0.1;

/// A successful build of one document revision, with what the canvas needs of it.
#[derive(Debug)]
pub struct Built {
    /// What was built: derived data keyed by it follows every rebuild, not only new revisions.
    pub key: BuildKey,
    pub revision: u64,
    /// Built during a gesture with coarser arcs (see the module docs).
    pub preview: bool,
    pub build: nav::Build,
    /// Free space and mesh, ready to paint.
    pub picture: Picture,
    /// The answer to the query asked when the build was made (see [`Live::set_ask`]).
    pub answer: Option<(Ask, Answer)>,
    /// Wall-clock time of the whole rebuild (with its picture, not the query).
    pub elapsed: Duration,
    /// Wall-clock time of the rebuild with the answer to its query, which runs beside the
    /// picture: what a step of a drag waits for before it paints.
    pub with_answer: Duration,
}

/// A query to answer with each new build: from `start` to `goal` with the corridor
/// optimisations `options`, explained against the scene.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ask {
    pub start: Point,
    pub goal: Point,
    pub options: CorridorOptions,
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

/// What a build is for: a document revision at an agent radius (its bits), as a preview or
/// exact, with an arc tolerance (its bits; `None`: 1% of the radius).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildKey {
    revision: u64,
    radius: u64,
    preview: bool,
    arc_tolerance: Option<u64>,
}

impl BuildKey {
    /// The arc tolerance of the build (`None`: 1% of the radius).
    pub fn arc_tolerance(&self) -> Option<f64> {
        self.arc_tolerance.map(f64::from_bits)
    }
}

/// A finished build, with the state for incremental updates when it kept one.
type Outcome = (BuildKey, Result<Built, Failure>, Option<Incremental>);

struct Job {
    target: BuildKey,
    result: Receiver<Outcome>,
}

/// The rebuild state of the editor.
pub struct Live {
    shown: Option<Arc<Built>>,
    failure: Option<Failure>,
    /// Newest build that has finished.
    finished: Option<BuildKey>,
    job: Option<Job>,
    /// A build expected to take longer than this goes to the worker thread.
    budget: Duration,
    /// Duration of the last build, the estimate for the next one.
    last_cost: Option<Duration>,
    /// The arc tolerance builds use (`None`: 1% of the radius, as in the CLI).
    arc_tolerance: Option<f64>,
    /// The state of the shown build for incremental updates, if it kept one.
    incremental: Option<Incremental>,
    /// The query answered with each new build.
    ask: Option<Ask>,
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
            arc_tolerance: None,
            incremental: None,
            ask: None,
        }
    }

    /// The last good build.
    pub fn shown(&self) -> Option<&Arc<Built>> {
        self.shown.as_ref()
    }

    /// The shown build when it is of document `revision` and exact (not a drag's preview):
    /// what may be exported or recorded as the document's navmesh.
    pub fn current(&self, revision: u64) -> Option<&Arc<Built>> {
        self.shown
            .as_ref()
            .filter(|b| b.revision == revision && !b.preview)
    }

    /// Why there is no [`Live::current`] build of `revision`, as a clause for a message.
    pub fn not_current(&self, revision: u64) -> String {
        match (&self.shown, &self.failure) {
            (None, None) => "the scene has not built yet".into(),
            (_, Some(f)) if f.revision == revision => format!(
                "the scene does not build ({}); the navmesh shown is of an earlier version",
                f.message
            ),
            _ => "the navmesh is still rebuilding".into(),
        }
    }

    /// The failure of a revision newer than the shown build, if the newest finished build failed.
    pub fn failure(&self) -> Option<&Failure> {
        self.failure.as_ref()
    }

    /// Sets the arc tolerance of the next builds (`None`: 1% of the radius); the next
    /// [`Live::update`] rebuilds when it changed.
    pub fn set_arc_tolerance(&mut self, tolerance: Option<f64>) {
        self.arc_tolerance = tolerance;
    }

    /// Sets the query the next builds answer beside drawing their picture (the analysis
    /// takes that answer instead of querying again).
    pub fn set_ask(&mut self, ask: Option<Ask>) {
        self.ask = ask;
    }

    /// A build is running on the worker thread.
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// Brings the build up to the document's revision: collects a finished worker result, then
    /// builds at once or starts the worker, for an agent of `radius` (the shown profile's).
    /// With `fixed`, the navmesh is that file's polygons instead of the scene's. `wake` is
    /// called from the worker when it finishes.
    pub fn update(
        &mut self,
        doc: &Document,
        fixed: Option<&FixedNavmesh>,
        radius: f64,
        wake: impl Fn() + Send + 'static,
    ) {
        self.poll();
        let target = BuildKey {
            revision: doc.revision(),
            radius: radius.to_bits(),
            // A fixed navmesh has no arcs to flatten: nothing to preview.
            preview: doc.in_gesture() && fixed.is_none(),
            arc_tolerance: self.arc_tolerance.map(f64::to_bits),
        };
        if self.finished == Some(target) || self.job.as_ref().is_some_and(|j| j.target == target) {
            return;
        }
        if self.job.is_some() {
            return; // the newest revision goes next, once the running build is in
        }
        if fixed.is_none()
            && let Some(state) = self.incremental.take()
        {
            let started = Instant::now();
            let options = exact(radius, self.arc_tolerance);
            if let Some((build, next)) = state.update(doc.scene(), &options) {
                let previous = self.shown.as_ref().map(|b| &b.picture);
                let ask = self.ask.map(|a| (a, doc.scene()));
                let built = picture(build, target, false, started, previous, ask);
                // The cost estimate stays the full build's: it decides where the next full
                // build runs.
                let full_cost = self.last_cost;
                self.accept((target, Ok(built), Some(next)));
                self.last_cost = full_cost;
                return;
            }
        }
        if self.last_cost.is_none_or(|c| c <= self.budget) {
            let outcome = build(doc.scene(), fixed, target, self.ask);
            self.accept(outcome);
            return;
        }
        let scene = doc.scene().clone();
        let pinned = fixed.cloned();
        let ask = self.ask;
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("navscope-build".into())
            .spawn(move || {
                let _ = tx.send(build(&scene, pinned.as_ref(), target, ask));
                wake();
            });
        match spawned {
            Ok(_) => self.job = Some(Job { target, result: rx }),
            Err(e) => {
                log::warn!("cannot start the build thread ({e}); building on the UI thread");
                self.accept(build(doc.scene(), fixed, target, self.ask));
            }
        }
    }

    /// Waits for the running build, if any (screenshots and tests).
    pub fn wait(&mut self) {
        if let Some(job) = self.job.take() {
            match job.result.recv() {
                Ok(outcome) => self.accept(outcome),
                Err(_) => self.accept(lost(job.target)),
            }
        }
    }

    fn poll(&mut self) {
        let Some(job) = &self.job else { return };
        let outcome = match job.result.try_recv() {
            Ok(outcome) => outcome,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => lost(job.target),
        };
        self.job = None;
        self.accept(outcome);
    }

    fn accept(&mut self, (target, result, incremental): Outcome) {
        if self.finished.is_some_and(|f| f.revision > target.revision) {
            return;
        }
        self.finished = Some(target);
        self.incremental = incremental;
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

fn lost(target: BuildKey) -> Outcome {
    let failure = Failure {
        revision: target.revision,
        message: "the build thread stopped without a result".into(),
        ring: None,
    };
    (target, Err(failure), None)
}

/// The options of an exact build for an agent of `radius` with the chosen arc tolerance.
fn exact(radius: f64, arc_tolerance: Option<f64>) -> BuildOptions {
    BuildOptions {
        radius: Some(radius),
        arc_tolerance,
        ..BuildOptions::default()
    }
}

/// Builds `scene` (or the `fixed` navmesh) for `target` and prepares its picture and the
/// answer to `ask`. An exact build of a scene keeps its state for incremental updates.
fn build(
    scene: &Scene,
    fixed: Option<&FixedNavmesh>,
    target: BuildKey,
    ask: Option<Ask>,
) -> Outcome {
    let started = Instant::now();
    let revision = target.revision;
    let radius = f64::from_bits(target.radius);
    let chosen = target.arc_tolerance.map(f64::from_bits);
    let built = match fixed {
        Some(f) => import::build_polygon_mesh(&f.polygons, radius)
            .map(|(_, build)| (build, None))
            .map_err(|e| Failure {
                revision,
                message: format!("{}: {e}", f.file.display()),
                ring: None,
            }),
        None if target.preview => {
            // A preview is never finer than the exact build.
            let preview = (PREVIEW_ARC_TOLERANCE * radius).max(chosen.unwrap_or(0.0));
            nav::build_with(scene, &exact(radius, Some(preview)))
                .map(|b| (b, None))
                .map_err(|e| Failure::new(revision, &e))
        }
        None => Incremental::start(scene, &exact(radius, chosen))
            .map_err(|e| Failure::new(revision, &e)),
    };
    match built {
        Ok((build, state)) => (
            target,
            Ok(picture(
                build,
                target,
                target.preview,
                started,
                None,
                ask.map(|a| (a, scene)),
            )),
            state,
        ),
        Err(failure) => (target, Err(failure), None),
    }
}

/// `build` for `key` with its picture (reusing what it can of the `previous` one) and the
/// answer to `ask` (a query explained against its scene); `started` is when the rebuild began.
/// The query is answered on the other core while the picture is drawn; without one, the exact
/// search's fans and the raw walls' index are made there instead, for the next query.
fn picture(
    build: nav::Build,
    key: BuildKey,
    preview: bool,
    started: Instant,
    previous: Option<&Picture>,
    ask: Option<(Ask, &Scene)>,
) -> Built {
    // The free space's outlines and the mesh's edges are drawn side by side.
    let draw = || {
        let (mut list, (edges, edge_fill)) = rayon::join(
            || {
                let mut list = DrawList::default();
                viz::draw_free_space(&build.free_space, &mut list);
                list
            },
            || {
                let mut list = DrawList::default();
                viz::draw_mesh(&build.mesh, &mut list);
                let fill = match &list.items[0].primitive {
                    Primitive::Segments(segments) => {
                        Some(EdgeFill::of_mesh(&build.mesh, &build.free_space, segments))
                    }
                    _ => None,
                };
                (list, fill)
            },
        );
        let item = list.items.len();
        list.items.extend(edges.items);
        let picture = Picture::reusing(list, previous);
        match edge_fill {
            Some(fill) => picture.with_edge_fill(item, fill),
            None => picture,
        }
    };
    let prepare_and_ask = || match ask {
        // The query makes what it needs where it needs it: the exact search's on its branch,
        // beside the corridor's.
        Some((a, scene)) => {
            let options = QueryOptions::explained(scene, a.options);
            let answer = nav::query(&build, a.start, a.goal, &options);
            (Duration::ZERO, Some((a, answer)))
        }
        None => {
            build.prepare_queries();
            (started.elapsed(), None)
        }
    };
    let ((prepared, answer), (picture, drawn)) =
        rayon::join(prepare_and_ask, || (draw(), started.elapsed()));
    Built {
        key,
        revision: key.revision,
        preview,
        build,
        picture,
        answer,
        // The rebuild, not the query.
        elapsed: prepared.max(drawn),
        with_answer: started.elapsed(),
    }
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
        live.update(&doc, None, doc.scene().agent_radius, || {});
        let good = live.shown().map(|b| b.revision);
        assert_eq!(good, Some(0));
        doc.apply(Edit::SetRadius(-1.0)).expect("edit applies");
        live.update(&doc, None, doc.scene().agent_radius, || {});
        assert_eq!(live.shown().map(|b| b.revision), good);
        assert!(live.failure().is_some_and(|f| f.revision == 1));
        doc.undo();
        live.update(&doc, None, doc.scene().agent_radius, || {});
        assert_eq!(live.shown().map(|b| b.revision), Some(2));
        assert!(live.failure().is_none());
    }

    #[test]
    fn a_build_answers_the_asked_query_and_the_analysis_takes_that_answer() {
        let doc = doc();
        let q = &doc.scene().queries[0];
        let ask = Ask {
            start: q.start,
            goal: q.goal,
            options: CorridorOptions::default(),
        };
        let mut live = Live::new(Duration::MAX);
        live.set_ask(Some(ask));
        live.update(&doc, None, doc.scene().agent_radius, || {});
        let built = live.shown().expect("the example builds");
        let (asked, answer) = built.answer.as_ref().expect("the build answered the query");
        assert_eq!(*asked, ask);
        // The rebuild's time with its answer covers both the picture and the query.
        assert!(built.with_answer >= built.elapsed);
        assert!(built.with_answer.as_secs_f64() * 1e6 >= answer.time_us);
        let options = QueryOptions::explained(doc.scene(), ask.options);
        let fresh = nav::query(&built.build, q.start, q.goal, &options);
        let lengths = |a: &Answer| a.paths().map(|(v, p)| (v, p.length)).collect::<Vec<_>>();
        assert_eq!(lengths(answer), lengths(&fresh));
        // The analysis takes that answer (its own query would have taken its own time).
        let analysis = super::super::analysis::Analysis::update(
            None,
            built,
            doc.scene(),
            q.start,
            q.goal,
            ask.options,
        );
        assert_eq!(analysis.answer.time_us, answer.time_us);
        let other = super::super::analysis::Analysis::update(
            None,
            built,
            doc.scene(),
            q.goal,
            q.start,
            ask.options,
        );
        assert_eq!(other.answer.start, q.goal, "another query is answered anew");
    }

    #[test]
    fn slow_builds_go_to_the_worker() {
        let mut doc = doc();
        let mut live = Live::new(Duration::ZERO);
        live.update(&doc, None, doc.scene().agent_radius, || {});
        assert!(
            !live.is_busy(),
            "the first build has no cost estimate and runs at once"
        );
        doc.apply(Edit::SetRadius(0.25)).expect("edit applies");
        live.update(&doc, None, doc.scene().agent_radius, || {});
        assert!(live.is_busy());
        assert_eq!(
            live.shown().map(|b| b.revision),
            Some(0),
            "the old build stays shown meanwhile"
        );
        live.wait();
        assert_eq!(live.shown().map(|b| b.revision), Some(1));
    }

    #[test]
    fn a_gesture_builds_a_preview_and_its_end_the_exact_mesh() {
        let points = |b: &Built| -> usize {
            b.build
                .free_space
                .contours
                .iter()
                .map(|c| c.points.len())
                .sum()
        };
        let mut doc = doc();
        let mut live = Live::new(Duration::MAX);
        doc.begin_gesture();
        doc.apply(Edit::SetRadius(0.5)).expect("edit applies");
        live.update(&doc, None, doc.scene().agent_radius, || {});
        let preview = live.shown().cloned().expect("the preview builds");
        assert!(preview.preview);
        doc.end_gesture();
        live.update(&doc, None, doc.scene().agent_radius, || {});
        let exact = live.shown().cloned().expect("the exact mesh builds");
        assert!(!exact.preview);
        assert_eq!(exact.revision, preview.revision);
        assert!(
            points(&exact) > points(&preview),
            "coarser arcs have fewer points: {} vs {}",
            points(&exact),
            points(&preview)
        );
    }

    #[test]
    fn a_drag_rebuilds_incrementally_and_exactly() {
        // Obstacle 5 is one of the inner squares, away from the outline.
        let scene = crate::scene::generate::rotated_squares(4, 4, 10.0, 0.5, 1);
        let mut doc = Document::new(scene);
        let radius = doc.scene().agent_radius;
        let mut live = Live::new(Duration::MAX);
        live.update(&doc, None, radius, || {});
        assert!(live.incremental.is_some(), "an exact build keeps its state");
        doc.begin_gesture();
        for step in 1..4 {
            let ring = &doc.scene().obstacles[5].ring;
            let shifted = ring
                .points()
                .iter()
                .map(|&p| p + crate::geom::Point::new(0.05, 0.0));
            let edit = Edit::SetRing(
                RingRef::Obstacle(5),
                crate::geom::Ring::new(shifted.collect()),
            );
            doc.apply(edit).expect("edit applies");
            live.update(&doc, None, radius, || {});
            let shown = live.shown().cloned().expect("the drag builds");
            assert_eq!(shown.revision, step);
            assert!(!shown.preview, "an incremental rebuild is exact");
            assert!(live.incremental.is_some(), "step {step} was incremental");
            let full =
                nav::build_with(doc.scene(), &exact(radius, None)).expect("the scene builds");
            let area = shown.build.mesh.area();
            assert!((area - full.mesh.area()).abs() < 1e-9 * area);
        }
    }
}
