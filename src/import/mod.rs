//! Readers for navigation data made by other tools (the counterpart of `export`).

mod polyanya_mesh;

pub use polyanya_mesh::{PolyanyaMeshError, load_polyanya_mesh, parse_polyanya_mesh};
