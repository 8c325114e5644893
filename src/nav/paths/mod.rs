//! The paths stage: from a corridor to paths (midpoint, smoothed, funnel, tangent, offset,
//! optimal), the measurements of a finished path, and what one mesh answers about a query (a
//! `side`, with the names of its statuses and path variants).

pub mod funnel;
mod funnel_deque;
pub mod measure;
pub mod midpoint;
pub mod offset_funnel;
pub mod optimal;
pub mod path;
pub mod side;
pub mod smooth;
pub mod tangent_funnel;
