//! `Derived`: the one cache of everything computed from the document: the build (maybe on a
//! worker), the shown query's analysis and the scene picture. The logic pass refreshes it once
//! per frame, before any panel is drawn; each part is keyed by the document revision (and the
//! inputs beyond the document it depends on), so a refresh with nothing new costs nothing.

use super::analysis::Analysis;
use super::live::{Ask, BuildKey, Built, Live};
use super::paint::Picture;
use super::pictures;
use super::profiles::{ProfilePaths, Shown};
use super::state::State;
use crate::geom::Aabb;
use crate::scene::RingRef;
use std::sync::Arc;
use std::time::Duration;

/// What the issues picture depends on: document revision, failed build revision, shown build,
/// the query whose handles are drawn (when no analysis draws them) and the selected ring.
type IssuesPictureKey = (
    u64,
    Option<u64>,
    Option<BuildKey>,
    Option<usize>,
    Option<RingRef>,
);

pub struct Derived {
    pub live: Live,
    pub analysis: Option<Analysis>,
    /// Every agent profile's tangent path for the shown query, when all profiles are shown.
    pub profile_paths: Option<ProfilePaths>,
    /// The scene rings at a document revision.
    rings_picture: Option<(u64, Picture)>,
    /// What is drawn over them (see [`pictures::issues_picture`]).
    issues_picture: Option<(IssuesPictureKey, Picture)>,
    /// The scene's bounds at a document revision (the radius slider's range reads them every
    /// frame; a big scene has tens of thousands of rings).
    scene_bounds: (u64, Aabb),
    /// Builds expected to take longer than this run on a worker thread.
    budget: Duration,
}

impl Derived {
    pub fn new(budget: Duration) -> Derived {
        Derived {
            live: Live::new(budget),
            analysis: None,
            profile_paths: None,
            rings_picture: None,
            issues_picture: None,
            scene_bounds: (u64::MAX, Aabb::EMPTY),
            budget,
        }
    }

    /// Forgets everything (another document was opened).
    pub fn reset(&mut self) {
        *self = Derived::new(self.budget);
    }

    /// The last good build.
    pub fn built(&self) -> Option<&Arc<Built>> {
        self.live.shown()
    }

    /// The scene's bounds, as of the last refresh.
    pub fn scene_bounds(&self) -> Aabb {
        self.scene_bounds.1
    }

    /// The scene rings, then what is drawn over them.
    pub fn scene_pictures(&self) -> impl Iterator<Item = &Picture> {
        let rings = self.rings_picture.as_ref().map(|(_, p)| p);
        rings
            .into_iter()
            .chain(self.issues_picture.as_ref().map(|(_, p)| p))
    }

    /// Brings the build, the query analysis, the step-through traces and the scene picture up
    /// to date with `state`. `wake` asks for a frame when a worker build finishes.
    pub fn refresh(&mut self, state: &mut State, wake: impl Fn() + Send + 'static) {
        let radius = state.profile.profile(state.doc.scene()).radius;
        let shown = state.shown_query();
        let query = shown.map(|i| &state.doc.scene().queries[i]);
        // While a gesture edits, the canvas query keeps to A* (see
        // `CorridorOptions::while_editing`); its release asks the chosen search again.
        let options = match state.doc.in_gesture() {
            true => state.lab.options.while_editing(),
            false => state.lab.options,
        };
        self.live.set_arc_tolerance(state.arc_tolerance);
        // A new build answers the shown query while its picture is drawn.
        self.live.set_ask(query.map(|q| Ask {
            start: q.start,
            goal: q.goal,
            options,
        }));
        // A new revision's scene rings are drawn while the build follows the edit (a frame
        // with nothing new wakes no other thread).
        let revision = state.doc.revision();
        let (doc, fixed, live) = (&state.doc, state.fixed.as_ref(), &mut self.live);
        if self
            .rings_picture
            .as_ref()
            .is_some_and(|(r, _)| *r == revision)
        {
            live.update(doc, fixed, radius, wake);
        } else {
            let previous = self.rings_picture.as_ref().map(|(_, p)| p);
            let ((), picture) = rayon::join(
                || live.update(doc, fixed, radius, wake),
                || pictures::rings_picture(doc.scene(), previous),
            );
            self.rings_picture = Some((revision, picture));
        }
        self.profile_paths = match query {
            Some(q) if state.profile == Shown::All && state.fixed.is_none() => {
                Some(ProfilePaths::update(
                    self.profile_paths.take(),
                    state.doc.scene(),
                    state.doc.revision(),
                    state.arc_tolerance,
                    q.start,
                    q.goal,
                ))
            }
            _ => None,
        };
        self.analysis = match (self.live.shown(), query) {
            (Some(built), Some(q)) => Some(Analysis::update(
                self.analysis.take(),
                built,
                state.doc.scene(),
                q.start,
                q.goal,
                options,
            )),
            _ => None,
        };
        match (self.live.shown(), &self.analysis) {
            (Some(built), Some(a)) if state.steps.open => {
                state.steps.update(built, &a.answer);
                state.steps.prepare_picture(built);
            }
            (_, None) => state.steps.forget(),
            _ => {}
        }
        if self.scene_bounds.0 != state.doc.revision() {
            self.scene_bounds = (state.doc.revision(), state.doc.scene().bounds());
        }
        let handles = shown.filter(|_| self.analysis.is_none());
        let key = (
            state.doc.revision(),
            self.live.failure().map(|f| f.revision),
            self.live.shown().map(|b| b.key),
            handles,
            state.selection.ring(),
        );
        if self.issues_picture.as_ref().is_none_or(|(k, _)| *k != key) {
            let warnings = self.live.shown().map_or(&[][..], |b| &b.build.warnings[..]);
            let picture = pictures::issues_picture(
                state.doc.scene(),
                self.live.failure(),
                warnings,
                (handles, state.selection.ring()),
            );
            self.issues_picture = Some((key, picture));
        }
    }

    /// The status bar's summary of the build on screen; `dragging` while a gesture is under way
    /// (a preview left by a drag that ended in a failed build is not called one).
    pub fn build_summary(&self, dragging: bool) -> String {
        let mut text = match self.live.shown() {
            Some(b) => format!(
                "{} triangles, built in {:.1} ms",
                b.build.mesh.triangle_count(),
                b.elapsed.as_secs_f64() * 1e3
            ),
            None => "no navmesh".to_string(),
        };
        if dragging && self.live.shown().is_some_and(|b| b.preview) {
            text.push_str(" (drag preview)");
        }
        if self.live.is_busy() {
            text.push_str(" (rebuilding…)");
        }
        if self.live.failure().is_some() {
            text.push_str(" (last good build; the scene has an error)");
        }
        text
    }
}
