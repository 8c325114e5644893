//! Replaces a file atomically: the new content goes to a temporary file beside the target, is
//! synced, then renamed over it, so a reader or a crash sees the old file or the new one, never
//! half of one. What a user set on the replaced file survives:
//! - a symlink is followed and its target replaced (the link stays a link), as editors do;
//! - an existing file keeps its permission bits, and its owner and group when the writer may
//!   set them (root; others keep at least the group when they belong to it); a new file gets the
//!   mode the umask gives (0666 & !umask);
//! - anything but a regular file (directory, FIFO, socket, device) is refused, never replaced;
//! - a hard link is replaced, not written in place: the path gets the new content and the other
//!   names of the old file keep the old content (writing in place would give up atomicity).
//!
//! Temporary files are named `.NAME.navscope-tmp-XXXXXXXXXXXXXXXX`; one that a killed writer left
//! behind is removed by the next write to its directory once it is an hour old (a younger one
//! may belong to a writer still at work).

use std::fs::{self, File, OpenOptions};
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What every temporary file of ours has in its name.
pub const TEMP_MARKER: &str = ".navscope-tmp-";
/// Temporary files of ours older than this are left-overs of a killed writer.
const STALE_AFTER: Duration = Duration::from_secs(3600);
/// As the kernel: a longer chain of symlinks is taken for a loop.
const MAX_SYMLINKS: usize = 40;
/// Bytes of the target's name kept in a temporary file's name (names are limited to 255).
const NAME_BYTES_KEPT: usize = 120;
/// Names tried for a temporary file before giving up.
const TEMP_ATTEMPTS: usize = 16;

/// Atomically replaces the file at `path` (or, for a symlink, its target) with `bytes`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if path
        .as_os_str()
        .to_string_lossy()
        .ends_with(std::path::is_separator)
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "it names a folder; give a file name",
        ));
    }
    let target = follow_symlinks(path)?;
    let existing = match fs::metadata(&target) {
        Ok(m) if m.is_file() => Some(m),
        Ok(m) => {
            let what = if target == path {
                "it".to_string()
            } else {
                format!("its target {}", target.display())
            };
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{what} is {}, not a regular file", kind_of(&m)),
            ));
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let dir = parent(&target);
    if !dir.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("the folder {} does not exist", dir.display()),
        ));
    }
    remove_stale_temps(dir);
    // The OS says "No such file or directory" of a folder that takes no new files (/proc).
    let (temp, mut file) = create_temp(dir, &target).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => io::Error::new(
            e.kind(),
            format!("no new file can be made in the folder {}", dir.display()),
        ),
        _ => e,
    })?;
    let written = existing
        .as_ref()
        .map_or(Ok(()), |old| keep_owner_and_mode(&file, old))
        .and_then(|()| file.write_all(bytes))
        .and_then(|()| file.sync_all())
        .and_then(|()| fs::rename(&temp, &target));
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written?;
    // Makes the rename itself durable; a directory that cannot be synced is no reason to fail.
    let _ = File::open(dir).and_then(|d| d.sync_all());
    Ok(())
}

/// The directory holding `path` (`.` for a bare name).
fn parent(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// The path a chain of symlinks ends at (which need not exist yet).
fn follow_symlinks(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_SYMLINKS {
        match fs::symlink_metadata(&current) {
            Ok(m) if m.file_type().is_symlink() => {
                // An absolute link replaces the directory when joined.
                current = parent(&current).join(fs::read_link(&current)?);
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

fn kind_of(metadata: &fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = metadata.file_type();
        if t.is_fifo() {
            return "a FIFO";
        } else if t.is_socket() {
            return "a socket";
        } else if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    if metadata.is_dir() {
        "a directory"
    } else {
        "not a file"
    }
}

/// Creates a new temporary file for `target` in `dir`, with the mode the umask gives.
fn create_temp(dir: &Path, target: &Path) -> io::Result<(PathBuf, File)> {
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    let mut end = name.len().min(NAME_BYTES_KEPT);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    let mut last = None;
    for _ in 0..TEMP_ATTEMPTS {
        // Every RandomState has fresh keys, so each attempt draws a new name.
        let random = std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish();
        let temp = dir.join(format!(".{}{TEMP_MARKER}{random:016x}", &name[..end]));
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no temporary file name left")))
}

/// Gives the new file the old one's owner, group (as far as allowed) and permission bits.
fn keep_owner_and_mode(file: &File, old: &fs::Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, fchown};
        let new = file.metadata()?;
        if (new.uid(), new.gid()) != (old.uid(), old.gid())
            && fchown(file, Some(old.uid()), Some(old.gid())).is_err()
        {
            // Only root may give a file away; the owner may still set a group it belongs to.
            let _ = fchown(file, None, Some(old.gid()));
        }
    }
    // After the owner: changing the owner clears set-user-ID bits.
    file.set_permissions(old.permissions())
}

/// Removes our temporary files in `dir` that a killed writer left behind; a file that cannot
/// be looked at or removed is left alone.
fn remove_stale_temps(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with('.') && name.contains(TEMP_MARKER)) {
            continue;
        }
        let stale = entry.metadata().is_ok_and(|m| {
            m.is_file()
                && m.modified()
                    .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > STALE_AFTER))
        });
        if stale {
            let _ = fs::remove_file(entry.path());
        }
    }
}
