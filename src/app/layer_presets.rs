//! Layer presets: named sets of visible layers (the legend's "authoring", "debug path" and
//! "all" buttons); "debug path" is what a new user sees first.

use crate::nav::Variant;
use crate::viz::Layer;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayerPreset {
    /// The scene (with its off-mesh links), its free space and navmesh, and its problems: for
    /// drawing a level.
    Authoring,
    /// The default: the authoring layers plus the corridor, the funnel and tangent paths, and
    /// the explanations of a failed or long path.
    DebugPath,
    /// Every layer.
    All,
}

impl LayerPreset {
    pub const ALL: [LayerPreset; 3] = [
        LayerPreset::Authoring,
        LayerPreset::DebugPath,
        LayerPreset::All,
    ];

    pub fn name(self) -> &'static str {
        match self {
            LayerPreset::Authoring => "authoring",
            LayerPreset::DebugPath => "debug path",
            LayerPreset::All => "all",
        }
    }

    /// True when the preset shows `layer`.
    pub fn shows(self, layer: Layer) -> bool {
        let authoring = matches!(
            layer,
            Layer::Walkable
                | Layer::Costs
                | Layer::Obstacles
                | Layer::FreeSpace
                | Layer::Mesh
                | Layer::Links
                | Layer::Endpoints
                | Layer::Issues
                | Layer::Steps
                | Layer::Overlay
        );
        match self {
            LayerPreset::Authoring => authoring,
            LayerPreset::DebugPath => {
                authoring
                    || matches!(
                        layer,
                        Layer::Corridor
                            | Layer::Path(Variant::Funnel | Variant::Tangent)
                            | Layer::Diagnosis
                            | Layer::WhyNotShortest
                    )
            }
            LayerPreset::All => true,
        }
    }
}
