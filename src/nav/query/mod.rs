//! The query stage: the one query pass over a build (`pass`): the shrunk mesh's side with the
//! corridor optimisations as an option (`corridor_opt`), the raw mesh's side (`raw_query`), routes
//! through off-mesh links answered piece by piece (`linked`), the
//! metrics of every variant, and the explanations of the stage before.

pub mod corridor_opt;
pub mod linked;
pub mod pass;
pub mod raw_query;
