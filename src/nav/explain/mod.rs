//! The explain stage: why a query failed or went round (diagnosis, blockers, bottleneck, detour).

pub mod bottleneck;
pub mod detour;
pub mod diagnose;
pub mod diagnosis;
