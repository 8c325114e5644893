//! The search stage: A* from a start to a goal over the mesh (for a point, or for a disc by the
//! clearance rule, and through off-mesh links), the corridor and portals it yields, and the
//! replay of a search trace.

pub mod astar;
pub mod clearance_astar;
pub mod corridor;
pub mod links;
pub(crate) mod queue_key;
pub mod search_replay;
