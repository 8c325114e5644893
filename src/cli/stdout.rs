//! Standard output of the commands, where every write can fail and says so (`println!` panics
//! instead). The commands return the error; [`super::report::finish`] ends quietly on a closed
//! pipe, as Unix tools do, and with exit 2 and one line otherwise (e.g. a full disk).
//!
//! A standard output closed before navscope started (`>&-`) is an error too, not output lost
//! in silence. The Rust runtime reopens a closed standard output as `/dev/null` for reading and
//! writing before `main`, while a shell's `>/dev/null` opens it for writing only: on Linux that
//! difference tells the two apart (so `1<>/dev/null` counts as closed).

use std::io::{self, BufWriter, StdoutLock, Write};

/// Buffered standard output whose errors name it.
pub struct Stdout {
    out: BufWriter<StdoutLock<'static>>,
    closed: bool,
}

impl Stdout {
    pub fn new() -> Stdout {
        Stdout {
            out: BufWriter::new(io::stdout().lock()),
            closed: was_closed(),
        }
    }

    /// Writes out what is buffered: the end of a command's output.
    pub fn finish(mut self) -> io::Result<()> {
        self.flush()
    }

    fn ensure_open(&self) -> io::Result<()> {
        if self.closed {
            return Err(io::Error::other(
                "cannot write to standard output: it is closed",
            ));
        }
        Ok(())
    }
}

impl Default for Stdout {
    fn default() -> Stdout {
        Stdout::new()
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.ensure_open()?;
        self.out.write(buf).map_err(named)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.ensure_open()?;
        self.out.flush().map_err(named)
    }
}

/// The same error (same kind: a closed pipe stays recognisable), naming standard output.
fn named(error: io::Error) -> io::Error {
    io::Error::new(
        error.kind(),
        format!("cannot write to standard output: {error}"),
    )
}

/// Whether standard output was closed when navscope started (see the module docs).
#[cfg(target_os = "linux")]
fn was_closed() -> bool {
    let Ok(target) = std::fs::read_link("/proc/self/fd/1") else {
        return false;
    };
    let read_write = || {
        let info = std::fs::read_to_string("/proc/self/fdinfo/1").ok()?;
        let flags = info.lines().find_map(|l| l.strip_prefix("flags:"))?;
        u32::from_str_radix(flags.trim(), 8).ok()
    };
    // O_ACCMODE is 0o3; O_RDWR is 0o2.
    target == std::path::Path::new("/dev/null") && read_write().is_some_and(|f| f & 0o3 == 0o2)
}

#[cfg(not(target_os = "linux"))]
fn was_closed() -> bool {
    false
}
