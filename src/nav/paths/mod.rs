//! The paths stage: from a corridor to paths (midpoint, smoothed, funnel, tangent, offset,
//! optimal) and the measurements of a finished path.

pub mod funnel;
pub mod measure;
pub mod midpoint;
pub mod offset_funnel;
pub mod optimal;
pub mod path;
pub mod smooth;
pub mod tangent_funnel;
