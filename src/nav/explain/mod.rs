//! The explain stage: why a query failed or went round (diagnosis, blockers, bottleneck, detour), and agent playback.

pub mod bottleneck;
pub mod detour;
pub mod diagnose;
pub mod diagnosis;
pub mod playback;
