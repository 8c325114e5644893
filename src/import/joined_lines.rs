//! Statements of a text format that may run over several lines (OBJ's `\` continuations,
//! Godot values whose brackets are still open), joined with the number of their first line.

/// The statements of `text` with the numbers (from 1) of their first lines. `piece` gives each
/// line's part of a statement and whether the statement goes on over the next line, or `None`
/// for a line that is left out (a comment); the parts are joined with a space.
pub(super) fn joined_lines<'a>(
    text: &'a str,
    mut piece: impl FnMut(&'a str) -> Option<(&'a str, bool)>,
) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    for (i, line) in text.lines().enumerate() {
        let Some((part, goes_on)) = piece(line) else {
            continue;
        };
        match out.last_mut().filter(|_| open) {
            Some((_, statement)) => {
                statement.push(' ');
                statement.push_str(part);
            }
            None => out.push((i + 1, part.to_string())),
        }
        open = goes_on;
    }
    out
}
