//! `StepThrough`: the state of the step-through window. The traces of the shown query (the A*
//! search on the navmesh, the funnel over its corridor, the tangent funnel over the raw mesh's
//! corridor), a position on the chosen timeline, playback, and the picture of the current step.

use super::live::{BuildKey, Built};
use super::paint::Picture;
use crate::geom::Point;
use crate::nav::{
    Answer, FunnelEvent, Portal, SearchEvent, SearchNode, SearchReplay, TangentFunnelEvent, TriId,
    astar_trace, funnel_trace, tangent_funnel_trace,
};
use crate::viz::{DrawList, steps as viz_steps};

/// Which algorithm the timeline steps through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timeline {
    Search,
    Funnel,
    TangentFunnel,
}

impl Timeline {
    pub const ALL: [Timeline; 3] = [Timeline::Search, Timeline::Funnel, Timeline::TangentFunnel];

    pub fn name(self) -> &'static str {
        match self {
            Timeline::Search => "A* search",
            Timeline::Funnel => "Funnel",
            Timeline::TangentFunnel => "Tangent funnel",
        }
    }
}

/// The traces of one query on one build.
#[derive(Default)]
struct Traces {
    search: Vec<SearchEvent>,
    portals: Vec<Portal>,
    funnel: Vec<FunnelEvent>,
    raw_portals: Vec<Portal>,
    tangent: Vec<TangentFunnelEvent>,
}

impl Traces {
    /// Traces the query `answer` answered on `built`: A* again with its events, the funnels
    /// over the corridors the query found.
    fn new(built: &Built, answer: &Answer) -> Traces {
        let mesh = &built.build.mesh;
        let (start, goal) = (answer.start, answer.goal);
        let start_tris = mesh.triangles_at(&answer.shrunk.start_location);
        let goal_tris = mesh.triangles_at(&answer.shrunk.goal_location);
        let search = if start_tris.is_empty() || goal_tris.is_empty() {
            Vec::new()
        } else {
            astar_trace(mesh, start, &start_tris, goal, &goal_tris)
        };
        let portals = answer
            .shrunk
            .corridor
            .as_ref()
            .map_or_else(Vec::new, |c| c.portals(mesh));
        let funnel = funnel_trace(&portals);
        // The tangent funnel runs on the raw mesh's corridor, as the query does.
        let raw_portals = match (&built.build.raw, answer.raw.as_ref()) {
            (Some(raw), Some(q)) => q
                .corridor
                .as_ref()
                .map_or_else(Vec::new, |c| c.portals(&raw.mesh)),
            _ => Vec::new(),
        };
        let tangent = tangent_funnel_trace(&raw_portals, built.build.radius);
        Traces {
            search,
            portals,
            funnel,
            raw_portals,
            tangent,
        }
    }
}

/// The step-through window's state.
pub struct StepThrough {
    pub open: bool,
    pub timeline: Timeline,
    /// Steps per second while playing.
    pub speed: f64,
    playing: bool,
    /// Time played since the last step, in seconds.
    elapsed: f64,
    /// The position on each timeline (indexed like [`Timeline::ALL`]).
    steps: [usize; 3],
    key: Option<(BuildKey, Point, Point)>,
    traces: Traces,
    search_steps: usize,
    /// The search replayed to the search timeline's position.
    search: SearchReplay,
    picture: Option<((Timeline, usize), Picture)>,
}

impl Default for StepThrough {
    fn default() -> Self {
        StepThrough {
            open: false,
            timeline: Timeline::Search,
            speed: 5.0,
            playing: false,
            elapsed: 0.0,
            steps: [0; 3],
            key: None,
            traces: Traces::default(),
            search_steps: 0,
            search: SearchReplay::default(),
            picture: None,
        }
    }
}

impl StepThrough {
    /// Traces the query `answer` on `built` unless already done (a new query or build starts
    /// every timeline from the beginning).
    pub fn update(&mut self, built: &Built, answer: &Answer) {
        let key = (built.key, answer.start, answer.goal);
        if self.key == Some(key) {
            return;
        }
        self.key = Some(key);
        self.traces = Traces::new(built, answer);
        self.search_steps = SearchReplay::steps(&self.traces.search);
        self.steps = [0; 3];
        self.search = SearchReplay::at(&self.traces.search, 0);
        self.picture = None;
    }

    /// Drops the traces (no query is shown).
    pub fn forget(&mut self) {
        if self.key.take().is_some() {
            self.traces = Traces::default();
            self.search_steps = 0;
            self.search = SearchReplay::default();
            self.steps = [0; 3];
            self.playing = false;
            self.picture = None;
        }
    }

    fn index(&self) -> usize {
        Timeline::ALL
            .iter()
            .position(|&t| t == self.timeline)
            .unwrap_or(0)
    }

    /// The position on the shown timeline.
    pub fn step(&self) -> usize {
        self.steps[self.index()]
    }

    /// The last position of the shown timeline (0 when it is empty).
    pub fn last(&self) -> usize {
        match self.timeline {
            Timeline::Search => self.search_steps,
            Timeline::Funnel => self.traces.funnel.len().saturating_sub(1),
            Timeline::TangentFunnel => self.traces.tangent.len().saturating_sub(1),
        }
    }

    /// True when the shown timeline has something to show.
    pub fn has_steps(&self) -> bool {
        match self.timeline {
            Timeline::Search => !self.traces.search.is_empty(),
            Timeline::Funnel => !self.traces.funnel.is_empty(),
            Timeline::TangentFunnel => !self.traces.tangent.is_empty(),
        }
    }

    pub fn set_step(&mut self, step: usize) {
        let i = self.index();
        let step = step.min(self.last());
        if self.timeline == Timeline::Search && step != self.steps[i] {
            self.search = SearchReplay::at(&self.traces.search, step);
        }
        self.steps[i] = step;
    }

    pub fn forward(&mut self) {
        self.set_step(self.step() + 1);
    }

    pub fn back(&mut self) {
        self.set_step(self.step().saturating_sub(1));
    }

    pub fn to_end(&mut self) {
        self.set_step(self.last());
        self.playing = false;
    }

    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// Starts or pauses playback; playing from the end starts over.
    pub fn toggle_play(&mut self) {
        self.playing = !self.playing;
        self.elapsed = 0.0;
        if self.playing && self.step() == self.last() {
            self.set_step(0);
        }
    }

    /// Advances playback by `dt` seconds; stops at the end.
    pub fn tick(&mut self, dt: f64) {
        if !self.playing {
            return;
        }
        self.elapsed += dt.max(0.0);
        let period = 1.0 / self.speed.max(1e-3);
        let due = (self.elapsed / period).floor();
        self.elapsed -= due * period;
        self.set_step(self.step().saturating_add(due as usize));
        if self.step() == self.last() {
            self.playing = false;
        }
    }

    /// The search state at the shown search step.
    pub fn search(&self) -> &SearchReplay {
        &self.search
    }

    /// What the search knew of `tri` at the shown step.
    pub fn search_node(&self, tri: TriId) -> Option<SearchNode> {
        self.search.nodes.get(&tri).copied()
    }

    /// The funnel event at the shown step of the funnel or tangent funnel timeline.
    pub fn funnel_event(&self) -> Option<FunnelEvent> {
        match self.timeline {
            Timeline::Search => None,
            Timeline::Funnel => self.traces.funnel.get(self.step()).copied(),
            Timeline::TangentFunnel => self.traces.tangent.get(self.step()).map(|e| e.event),
        }
    }

    /// The apex circle at the shown tangent funnel step.
    pub fn tangent_event(&self) -> Option<&TangentFunnelEvent> {
        self.traces.tangent.get(self.steps[2])
    }

    /// Redraws the picture of the shown step if the step changed.
    pub fn prepare_picture(&mut self, built: &Built) {
        let at = (self.timeline, self.step());
        if self.picture.as_ref().is_none_or(|(k, _)| *k != at) {
            self.picture = Some((at, Picture::new(self.draw(built, at.1))));
        }
    }

    /// The picture of the shown step while the window is open.
    pub fn picture(&self) -> Option<&Picture> {
        self.picture.as_ref().filter(|_| self.open).map(|(_, p)| p)
    }

    fn draw(&self, built: &Built, step: usize) -> DrawList {
        let mut list = DrawList::default();
        let traces = &self.traces;
        match self.timeline {
            Timeline::Search => {
                let state = &self.search;
                let current = state.closed.last().copied();
                viz_steps::draw_search_step(&built.build.mesh, state, current, &mut list);
            }
            Timeline::Funnel => {
                viz_steps::draw_funnel_step(&traces.portals, &traces.funnel, step, &mut list)
            }
            Timeline::TangentFunnel => viz_steps::draw_tangent_funnel_step(
                &traces.raw_portals,
                &traces.tangent,
                step,
                &mut list,
            ),
        }
        list
    }
}
