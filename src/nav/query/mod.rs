//! The query stage: the one query pass over a build (`pass`): the shrunk mesh's side with the
//! anytime corridor search (`anytime_search`) and the corridor optimisations as options
//! (`corridor_opt`), the raw mesh's side (`raw_query`), routes
//! through off-mesh links answered piece by piece (`linked`), the metrics of every variant
//! (`answer`), the explanations of the stage before, and the checks every answer passes in debug
//! builds (`checks`).

pub mod answer;
pub mod anytime_search;
pub mod checks;
pub mod corridor_opt;
pub mod linked;
pub mod pass;
pub mod raw_query;
