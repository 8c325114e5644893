//! Plane geometry in f64 world units (y up, counter-clockwise is positive): points, boxes,
//! segments, rings, arcs, circle tangents, exact predicates, a segment grid for distance and
//! containment queries, and Hilbert curve positions.

mod aabb;
mod arc;
mod chord_box;
mod hilbert;
mod point;
mod predicates;
mod ring;
mod segment;
mod segment_grid;
mod tangent;

pub use aabb::{Aabb, overlap_clusters};
pub use arc::Arc;
pub use chord_box::ChordBox;
pub use hilbert::hilbert_index;
pub use point::{Point, Vector};
pub use predicates::{Side, in_circle, orient, side_of};
pub use ring::{Ring, signed_area, winding_number};
pub use segment::{Segment, segment_distance};
pub use segment_grid::{Nearby, SegmentGrid};
pub use tangent::{Circle, Tangent, Wrap, tangent};
