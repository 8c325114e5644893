//! Every file navscope reads or writes goes through here: inputs through one bounded reader
//! (whatever the file is; text without a byte-order mark), outputs through one atomic writer.

mod atomic_write;
mod bounded_read;
mod text;

pub use atomic_write::write_atomic;
pub use bounded_read::{MAX_INPUT_BYTES, ReadError, read_input};
pub use text::{json_format, text_of, without_bom};
