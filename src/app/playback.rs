//! Agent playback in the editor: a disc of the agent's radius walks each chosen path variant of
//! the shown query at a set speed (play, pause, scrub, speed), red wherever it overlaps a wall of
//! the unshrunk scene; one agent per variant, all at once.

use super::analysis::Analysis;
use super::live::Built;
use super::paint::Picture;
use crate::nav::{Collision, Path, Variant, collisions};
use crate::viz::DrawList;
use crate::viz::playback::draw_playback;
use egui::{Context, RichText, Slider};
use std::collections::BTreeSet;

/// The longest frame time playback takes into account, in seconds.
const MAX_FRAME: f64 = 0.25;

/// One agent: a path variant and the stretches where its disc hits a wall.
#[derive(Clone, Debug, PartialEq)]
pub struct Track {
    pub variant: Variant,
    pub path: Path,
    pub collisions: Vec<Collision>,
}

/// Playback state: the agents of the shown query and how far they have walked.
#[derive(Debug)]
pub struct AgentPlayback {
    pub open: bool,
    playing: bool,
    /// Distance walked (world units), the same for every agent.
    distance: f64,
    /// World units per second.
    pub speed: f64,
    /// Variants not played.
    muted: BTreeSet<Variant>,
    tracks: Vec<Track>,
    radius: f64,
    picture: Option<Picture>,
}

impl Default for AgentPlayback {
    fn default() -> Self {
        AgentPlayback {
            open: false,
            playing: false,
            distance: 0.0,
            speed: 5.0,
            muted: BTreeSet::new(),
            tracks: Vec::new(),
            radius: 0.0,
            picture: None,
        }
    }
}

impl AgentPlayback {
    /// Follows the shown query: new paths get new tracks (collisions against the raw walls of
    /// `built`), and the picture is redrawn.
    pub fn update(&mut self, analysis: Option<&Analysis>, built: Option<&Built>) {
        let (Some(a), Some(b), true) = (analysis, built, self.open) else {
            self.tracks.clear();
            self.picture = None;
            return;
        };
        let radius = b.build.radius;
        let same = self.radius == radius
            && self.tracks.len() == a.answer.paths().count()
            && self
                .tracks
                .iter()
                .zip(a.answer.paths())
                .all(|(t, (v, p))| t.variant == v && t.path == *p);
        if !same {
            self.radius = radius;
            self.tracks = match &b.build.raw {
                Some(raw) => a
                    .answer
                    .paths()
                    .map(|(v, p)| Track {
                        variant: v,
                        path: p.clone(),
                        collisions: collisions(p, raw.walls(), radius),
                    })
                    .collect(),
                None => Vec::new(),
            };
            self.distance = self.distance.min(self.length());
        }
        let mut list = DrawList::default();
        for t in self.played() {
            draw_playback(
                &t.path,
                t.variant,
                self.distance,
                radius,
                &t.collisions,
                &mut list,
            );
        }
        self.picture = Some(Picture::new(list));
    }

    /// Every track of the shown query, played or not.
    pub fn tracks(&self) -> &[Track] {
        &self.tracks
    }

    fn played(&self) -> impl Iterator<Item = &Track> {
        self.tracks
            .iter()
            .filter(|t| !self.muted.contains(&t.variant))
    }

    /// The longest played path: where playback ends.
    pub fn length(&self) -> f64 {
        self.played().map(|t| t.path.length).fold(0.0, f64::max)
    }

    pub fn distance(&self) -> f64 {
        self.distance
    }

    /// Scrubs to `distance` along the paths (clamped to the longest).
    pub fn set_distance(&mut self, distance: f64) {
        self.distance = distance.clamp(0.0, self.length());
    }

    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// Starts or pauses; playing from the end starts over.
    pub fn toggle_play(&mut self) {
        self.playing = !self.playing;
        if self.playing && self.distance >= self.length() {
            self.distance = 0.0;
        }
    }

    /// Plays or mutes `variant`.
    pub fn set_played(&mut self, variant: Variant, played: bool) {
        if played {
            self.muted.remove(&variant);
        } else {
            self.muted.insert(variant);
        }
    }

    /// The played variants whose disc overlaps a wall at the current distance.
    pub fn colliding(&self) -> Vec<Variant> {
        self.played()
            .filter(|t| {
                t.collisions
                    .iter()
                    .any(|c| c.from <= self.distance && self.distance <= c.to)
            })
            .map(|t| t.variant)
            .collect()
    }

    /// Advances by `dt` seconds; stops at the end.
    fn tick(&mut self, dt: f64) {
        self.distance += self.speed * dt;
        if self.distance >= self.length() {
            self.distance = self.length();
            self.playing = false;
        }
    }

    /// The agents' picture while the window is open.
    pub fn picture(&self) -> Option<&Picture> {
        self.picture.as_ref()
    }
}

/// Shows the playback window while `playback.open`.
pub fn show(ctx: &Context, playback: &mut AgentPlayback, area: egui::Rect) {
    if playback.is_playing() {
        playback.tick((ctx.input(|i| i.stable_dt) as f64).min(MAX_FRAME));
        ctx.request_repaint();
    }
    let mut open = playback.open;
    egui::Window::new("Agent playback")
        .constrain_to(area)
        .default_pos(egui::pos2(area.max.x - 384.0, area.max.y - 320.0))
        .open(&mut open)
        .default_width(360.0)
        .show(ctx, |ui| {
            if playback.tracks.is_empty() {
                ui.label("No path to play: place a start and a goal the agent can reach.");
                return;
            }
            ui.horizontal(|ui| {
                let play = if playback.is_playing() {
                    "Pause"
                } else {
                    "Play"
                };
                if ui.button(play).clicked() {
                    playback.toggle_play();
                }
                if ui.button("Start").clicked() {
                    playback.set_distance(0.0);
                }
            });
            let mut distance = playback.distance;
            let length = playback.length();
            if ui
                .add(Slider::new(&mut distance, 0.0..=length).text("distance"))
                .changed()
            {
                playback.set_distance(distance);
            }
            ui.add(
                Slider::new(&mut playback.speed, 0.1..=1000.0)
                    .logarithmic(true)
                    .text("units/s"),
            );
            ui.separator();
            let colliding = playback.colliding();
            let mut toggles = Vec::new();
            for t in &playback.tracks {
                let mut played = !playback.muted.contains(&t.variant);
                ui.horizontal(|ui| {
                    if ui.checkbox(&mut played, t.variant.name()).changed() {
                        toggles.push((t.variant, played));
                    }
                    let text = if t.collisions.is_empty() {
                        RichText::new("never touches a wall")
                    } else {
                        let hits: Vec<String> = t
                            .collisions
                            .iter()
                            .map(|c| format!("{:.2}..{:.2}", c.from, c.to))
                            .collect();
                        let text = format!("collides at {}", hits.join(", "));
                        let text = RichText::new(text).color(egui::Color32::from_rgb(230, 60, 60));
                        if colliding.contains(&t.variant) {
                            text.strong()
                        } else {
                            text
                        }
                    };
                    ui.label(text);
                });
            }
            for (v, played) in toggles {
                playback.set_played(v, played);
            }
        });
    playback.open = open;
}
