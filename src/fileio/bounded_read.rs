//! Reads an input into memory with a size limit that holds whatever the input is: a regular
//! file (refused up front from its size), standard input, a pipe, a FIFO or a device such as
//! `/dev/zero` (read until the limit, then refused), so no input can exhaust memory.

use std::io::Read;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Inputs larger than this (512 MiB) are refused.
pub const MAX_INPUT_BYTES: u64 = 512 * 1024 * 1024;

/// Why an input could not be read.
#[derive(Debug, Error)]
pub enum ReadError {
    #[error("{path}: cannot read: {error}")]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{path}: {size}, more than the {limit} bytes an input may have")]
    TooLarge {
        path: PathBuf,
        size: Size,
        limit: u64,
    },
}

/// How large a refused input was: known for a regular file, at least the limit otherwise.
#[derive(Debug)]
pub enum Size {
    Exactly(u64),
    Endless,
}

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Size::Exactly(bytes) => write!(f, "file is {bytes} bytes"),
            Size::Endless => write!(f, "input goes on past the limit"),
        }
    }
}

/// The whole content of the input at `path`, at most [`MAX_INPUT_BYTES`] bytes.
pub fn read_input(path: &Path) -> Result<Vec<u8>, ReadError> {
    read_limited(path, MAX_INPUT_BYTES)
}

fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let io = |error| ReadError::Io {
        path: path.to_path_buf(),
        error,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let metadata = file.metadata().map_err(io)?;
    if metadata.is_file() && metadata.len() > limit {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            size: Size::Exactly(metadata.len()),
            limit,
        });
    }
    let mut bytes = Vec::new();
    // One byte past the limit tells an input of exactly `limit` bytes from a longer one.
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            size: Size::Endless,
            limit,
        });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_up_to_the_limit_are_read_and_longer_ones_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("in.json");
        std::fs::write(&path, b"0123456789").unwrap();
        assert_eq!(read_limited(&path, 10).unwrap(), b"0123456789");
        let error = read_limited(&path, 9).unwrap_err().to_string();
        assert!(
            error.contains("file is 10 bytes, more than the 9 bytes"),
            "{error}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn an_endless_device_is_refused_at_the_limit() {
        let error = read_limited(Path::new("/dev/zero"), 1 << 20)
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("/dev/zero: input goes on past the limit"),
            "{error}"
        );
    }
}
