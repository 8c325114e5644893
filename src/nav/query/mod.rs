//! The query stage: one start/goal query over a build, every path variant with its metrics and
//! timings, on the shrunk and the raw mesh, and the corridor optimisations.

pub mod corridor_opt;
pub mod pass;
pub mod raw_query;
