//! `Settings`: what the editor remembers between runs through eframe persistence (theme,
//! layers, layout, recent files). Not the camera: a start fits the scene it opens (a view
//! remembered from another scene showed a corner of the example). Scenes are never stored
//! here; they live in files.

use super::grid;
use super::layer_presets::LayerPreset;
use super::panels::legend;
use super::view::View;
use crate::viz::{Layer, Theme};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// How many recent files the File menu lists.
const RECENT_LIMIT: usize = 10;

/// How the canvas is split.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Layout {
    /// One view with every variant drawn over the others.
    #[default]
    Overlay,
    /// Two synchronised viewports, one variant each.
    Compare2,
    /// Four synchronised viewports, one variant each.
    Compare4,
}

impl Layout {
    pub const ALL: [Layout; 3] = [Layout::Overlay, Layout::Compare2, Layout::Compare4];

    pub fn viewports(self) -> usize {
        match self {
            Layout::Overlay => 1,
            Layout::Compare2 => 2,
            Layout::Compare4 => 4,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Layout::Overlay => "Overlay (all variants)",
            Layout::Compare2 => "Compare 2 side by side",
            Layout::Compare4 => "Compare 4 side by side",
        }
    }
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Settings {
    pub theme: Theme,
    /// Names of hidden layers (names are stable across versions; new layers start visible).
    pub hidden_layers: BTreeSet<String>,
    pub layout: Layout,
    pub grid: bool,
    pub snap: bool,
    /// A fixed grid and snap step in world units; `None` follows the zoom.
    pub grid_step: Option<f64>,
    /// Corners of the regular-polygon tool.
    pub polygon_sides: usize,
    /// Most recent first.
    pub recent: Vec<PathBuf>,
}

impl Default for Settings {
    fn default() -> Self {
        let mut settings = Settings {
            theme: Theme::Dark,
            hidden_layers: BTreeSet::new(),
            layout: Layout::Overlay,
            grid: true,
            snap: false,
            grid_step: None,
            polygon_sides: 8,
            recent: Vec::new(),
        };
        settings.apply_preset(LayerPreset::DebugPath);
        settings
    }
}

impl Settings {
    /// Editor feedback is always shown; every other layer can be hidden.
    pub fn is_visible(&self, layer: Layer) -> bool {
        layer == Layer::Overlay || !self.hidden_layers.contains(&layer.name())
    }

    pub fn set_visible(&mut self, layer: Layer, visible: bool) {
        if visible {
            self.hidden_layers.remove(&layer.name());
        } else {
            self.hidden_layers.insert(layer.name());
        }
    }

    /// The grid and snap step at this view: the fixed one, or one that follows the zoom.
    pub fn grid_step(&self, view: &View) -> f64 {
        self.grid_step
            .filter(|s| s.is_finite() && *s > 0.0)
            .unwrap_or_else(|| grid::step(view))
    }

    /// Shows exactly the layers of `preset`.
    pub fn apply_preset(&mut self, preset: LayerPreset) {
        for layer in legend::layers() {
            self.set_visible(layer, preset.shows(layer));
        }
    }

    /// Shows `layer` alone (with the editing feedback, which always shows).
    pub fn solo(&mut self, layer: Layer) {
        for other in legend::layers() {
            self.set_visible(other, other == layer);
        }
    }

    /// Puts `path` first in the recent files.
    pub fn remember(&mut self, path: &Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_path_buf());
        self.recent.truncate(RECENT_LIMIT);
    }
}
