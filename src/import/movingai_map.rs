//! Reader for MovingAI grid maps (`.map`): `type octile`, `height H`, `width W`, `map` (keywords
//! in any case), then H rows of W cells; `.`, `G` and `S` are free, `@`, `O`, `T` and `W`
//! blocked, and any other character is an error naming its row and column.
//! Cell (x, y), rows counted from the top, becomes the unit square [x, x+1] x [H-1-y, H-y] (y
//! points up). The free cells' boundary is traced into loops (straight runs merged), so each
//! blocked region (cells joined along a side) is one obstacle and each enclosed free pocket one
//! walkable area after it (scene format v2); regions meeting only at a corner are rings touching
//! there.

use super::areas::{scene_from_nested_loops, simple_loops};
use super::clip;
use crate::geom::Point;
use crate::nav::wall_loops;
use crate::scene::Scene;
use std::collections::HashMap;
use thiserror::Error;

/// Why a grid map could not be read; `line` is 1-based, 0 for the file as a whole (and then
/// not named in the message).
#[derive(Debug, Error, Clone, PartialEq)]
#[error("{}{message}", if *line == 0 { String::new() } else { format!("line {line}: ") })]
pub struct MapError {
    pub line: usize,
    pub message: String,
}

/// Largest number of cells a map may have.
const MAX_CELLS: usize = 1 << 26;

/// Most cell sides between a free and a blocked cell a map may have: the rings they make need
/// about 100 bytes a side to trace, and a map with more would not build in the 2 GiB budget
/// (an 8000 x 8000 map of scattered blocked cells has 64 million).
const MAX_WALLS: usize = 8_000_000;

fn error(line: usize, message: impl Into<String>) -> MapError {
    MapError {
        line,
        message: message.into(),
    }
}

/// The width and height of the MovingAI map of `text`, from its header.
pub fn map_size(text: &str) -> Result<(usize, usize), MapError> {
    header(&mut numbered_lines(text)).map(|(h, w)| (w, h))
}

/// The lines of `text` with their numbers (from 1), trailing blanks cut.
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()))
}

/// Parses the text of a MovingAI map into a scene (radius 0).
pub fn parse_movingai_map(text: &str) -> Result<Scene, MapError> {
    let mut lines = numbered_lines(text);
    let (h, w) = header(&mut lines)?;
    let mut free = vec![false; w * h];
    for y in 0..h {
        let (n, row) = lines
            .next()
            .ok_or_else(|| error(0, format!("the file ends at row {y} of {h}")))?;
        let cells = row.as_bytes();
        if cells.len() != w {
            return Err(error(
                n,
                format!("row {y} has {} cells, the width is {w}", cells.len()),
            ));
        }
        for (x, c) in cells.iter().enumerate() {
            free[y * w + x] = match c {
                b'.' | b'G' | b'S' => true,
                b'@' | b'O' | b'T' | b'W' => false,
                _ => {
                    // The cells before are ASCII: x starts a character.
                    let c = row[x..].chars().next().unwrap_or('?');
                    return Err(error(
                        n,
                        format!(
                            "row {y}, column {x}: `{}` is not a MovingAI terrain (. G S free; @ O T W blocked)",
                            c.escape_debug()
                        ),
                    ));
                }
            };
        }
    }
    if let Some((n, _)) = lines.find(|(_, l)| !l.trim().is_empty()) {
        return Err(error(n, format!("unexpected line after the {h} rows")));
    }
    let loops = free_loops(&free, w, h, MAX_WALLS)?;
    if loops.is_empty() {
        return Err(error(0, "the map has no free cell"));
    }
    let depths = depths(&loops);
    Ok(scene_from_nested_loops(loops, &depths))
}

/// How many other loops enclose each loop, in one sweep of the cell rows. Along the middle of a
/// row the loops' vertical sides are crossed in nested order, as loops never cross: a stack of
/// the loops entered so far holds, where a loop is first crossed, the loops around it. (The
/// ray cast of `scene_from_loops` took 43 s on a 2000 x 2000 map of random cells.)
fn depths(loops: &[Vec<Point>]) -> Vec<usize> {
    // (row, x, loop) for each cell side of each vertical side of a loop.
    let mut sides: Vec<(u32, u32, u32)> = Vec::new();
    for (i, l) in loops.iter().enumerate() {
        let n = l.len();
        for k in 0..n {
            let (a, b) = (l[k], l[(k + 1) % n]);
            if a.x == b.x {
                let rows = a.y.min(b.y) as u32..a.y.max(b.y) as u32;
                sides.extend(rows.map(|j| (j, a.x as u32, i as u32)));
            }
        }
    }
    sides.sort_unstable();
    let mut depths = vec![None; loops.len()];
    let mut around: Vec<u32> = Vec::new();
    for row in sides.chunk_by(|a, b| a.0 == b.0) {
        around.clear();
        for &(_, _, o) in row {
            let leaving = around.last() == Some(&o);
            if leaving {
                around.pop();
            }
            depths[o as usize].get_or_insert(around.len());
            if !leaving {
                around.push(o);
            }
        }
    }
    depths.into_iter().map(Option::unwrap_or_default).collect()
}

/// Reads the header of a map from `lines` up to its `map` line: (height, width).
fn header<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
) -> Result<(usize, usize), MapError> {
    let (mut height, mut width) = (None, None);
    loop {
        let (n, line) = lines
            .next()
            .ok_or_else(|| error(0, "the file ends before the `map` line"))?;
        // Keywords in any case: some tools write `Type` or `HEIGHT`.
        let mut fields = line.split_whitespace();
        let keyword = fields.next().map(str::to_ascii_lowercase);
        match (keyword.as_deref(), fields.next(), fields.next()) {
            (Some("type"), Some(_), None) => {}
            (Some(key @ ("height" | "width")), Some(value), None) => {
                let v: usize = value.parse().ok().filter(|&v| v > 0).ok_or_else(|| {
                    error(
                        n,
                        format!("{key} `{}` is not a positive integer", clip(value)),
                    )
                })?;
                if key == "height" {
                    height = Some(v);
                } else {
                    width = Some(v);
                }
            }
            (Some("map"), None, None) => break,
            (None, _, _) => {}
            _ => {
                return Err(error(
                    n,
                    format!(
                        "expected `type`, `height`, `width` or `map`, found `{}`",
                        clip(line)
                    ),
                ));
            }
        }
    }
    let (Some(h), Some(w)) = (height, width) else {
        return Err(error(0, "the header lacks `height` or `width`"));
    };
    if h.saturating_mul(w) > MAX_CELLS {
        return Err(error(
            0,
            format!("the map has {h} x {w} cells, more than the {MAX_CELLS} allowed"),
        ));
    }
    Ok((h, w))
}

/// The boundary loops of the free cells (free on the left), without points inside straight runs.
fn free_loops(
    free: &[bool],
    w: usize,
    h: usize,
    max_walls: usize,
) -> Result<Vec<Vec<Point>>, MapError> {
    let is_free = |x: isize, y: isize| {
        x >= 0
            && y >= 0
            && (x as usize) < w
            && (y as usize) < h
            && free[y as usize * w + x as usize]
    };
    // Grid point (i, j), j measured upwards, is numbered when a wall first meets it.
    let mut numbers: HashMap<(usize, usize), usize> = HashMap::new();
    let mut points: Vec<Point> = Vec::new();
    let mut id = |i: usize, j: usize| {
        *numbers.entry((i, j)).or_insert_with(|| {
            points.push(Point::new(i as f64, j as f64));
            points.len() - 1
        })
    };
    let mut walls = Vec::new();
    for y in 0..h {
        if walls.len() > max_walls {
            return Err(error(
                0,
                format!(
                    "the map has more than {max_walls} cell sides between free and blocked \
                     cells: too many to build within the memory budget"
                ),
            ));
        }
        for x in 0..w {
            if !free[y * w + x] {
                continue;
            }
            let (xi, yi) = (x as isize, y as isize);
            let (bottom, top) = (h - 1 - y, h - y);
            if !is_free(xi, yi + 1) {
                walls.push((id(x, bottom), id(x + 1, bottom)));
            }
            if !is_free(xi + 1, yi) {
                walls.push((id(x + 1, bottom), id(x + 1, top)));
            }
            if !is_free(xi, yi - 1) {
                walls.push((id(x + 1, top), id(x, top)));
            }
            if !is_free(xi - 1, yi) {
                walls.push((id(x, top), id(x, bottom)));
            }
        }
    }
    // Every grid point has as many walls in as out, so the walls always close.
    let loops = wall_loops(&points, walls).unwrap_or_default();
    Ok((loops.iter())
        .flat_map(|c| simple_loops(&c.points))
        .map(|p| {
            let n = p.len();
            (0..n)
                .filter(|&k| (p[k] - p[(k + n - 1) % n]).cross(p[(k + 1) % n] - p[k]) != 0.0)
                .map(|k| p[k])
                .collect()
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::RingRef;

    #[test]
    fn blocked_regions_are_single_obstacles_and_pockets_are_kept() {
        // A 7 x 5 map: a blocked ring (one region) around a free pocket, inside open ground.
        let map =
            "type octile\nheight 5\nwidth 7\nmap\n.......\n.@@@@@.\n.@.G.@.\n.@@@@T.\n.......\n";
        let scene = parse_movingai_map(map).unwrap();
        assert_eq!(scene.walkable.len(), 2);
        assert_eq!(scene.obstacles.len(), 1);
        // Straight runs are merged: every ring is a rectangle.
        assert!(scene.rings().all(|(_, r)| r.len() == 4));
        assert_eq!(scene.walkable[0].signed_area(), 35.0);
        assert_eq!(scene.obstacles[0].ring.signed_area(), 15.0);
        assert_eq!(scene.walkable[1].signed_area(), 3.0);
        // Row 2 (from the top) spans y in [2, 3]; the pocket is cells x = 2..=4.
        let pocket = scene.walkable[1].aabb();
        assert_eq!(
            (pocket.min, pocket.max),
            (Point::new(2.0, 2.0), Point::new(5.0, 3.0))
        );
        assert_eq!(
            scene.areas(),
            vec![
                RingRef::Walkable(0),
                RingRef::Obstacle(0),
                RingRef::Walkable(1)
            ]
        );
    }

    #[test]
    fn cells_touching_at_a_corner_make_rings_that_never_touch_themselves() {
        // Two blocked cells meeting only at a corner, free space all round: the free space's
        // hole boundary passes that corner twice.
        let map = "type octile\nheight 4\nwidth 4\nmap\n....\n.@..\n..@.\n....\n";
        let scene = parse_movingai_map(map).unwrap();
        assert_eq!(scene.walkable.len(), 1);
        assert_eq!(scene.obstacles.len(), 2);
        assert!(scene.rings().all(|(_, r)| r.len() == 4));
        let repaired = crate::nav::repair(&scene).unwrap();
        assert!(repaired.warnings.is_empty(), "{:?}", repaired.warnings);
        // A free cell meeting the open ground only at a corner is its own walkable ring.
        let map = "type octile\nheight 3\nwidth 3\nmap\n.@@\n@.@\n@@.\n";
        let scene = parse_movingai_map(map).unwrap();
        assert_eq!(scene.walkable.len(), 3);
        assert!(crate::nav::repair(&scene).unwrap().warnings.is_empty());
    }

    /// A `w` x `h` map of random cells, 40% of them blocked.
    fn random_map(w: usize, h: usize, seed: u64) -> String {
        let mut rng = crate::rng::Rng::new(seed);
        let rows: Vec<String> = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| if rng.range(0.0, 1.0) < 0.4 { '@' } else { '.' })
                    .collect()
            })
            .collect();
        format!(
            "type octile\nheight {h}\nwidth {w}\nmap\n{}\n",
            rows.join("\n")
        )
    }

    /// The sweep of the rows nests the loops as the ray cast of `scene_from_loops` does.
    #[test]
    fn the_row_sweep_finds_the_depths_the_ray_cast_finds() {
        for seed in 0..20 {
            let text = random_map(23, 17, seed);
            let scene = parse_movingai_map(&text).unwrap();
            let mut lines = numbered_lines(&text);
            let (h, w) = header(&mut lines).unwrap();
            let free: Vec<bool> = (lines.take(h))
                .flat_map(|(_, row)| row.bytes().map(|c| c == b'.'))
                .collect();
            let loops = free_loops(&free, w, h, MAX_WALLS).unwrap();
            assert_eq!(
                scene,
                super::super::areas::scene_from_loops(loops),
                "seed {seed}"
            );
        }
    }

    /// Found by a hostile review: an 8000 x 8000 map of scattered blocked cells took 3.4 GB
    /// before it ran out of memory. Past the budget of cell sides it is refused.
    #[test]
    fn a_map_with_too_many_walls_is_refused() {
        let free: Vec<bool> = (0..100).map(|i| i % 2 == 0).collect();
        let message = free_loops(&free, 10, 10, 20).unwrap_err().to_string();
        assert!(message.contains("more than 20 cell sides"), "{message}");
        assert!(free_loops(&free, 10, 10, 1000).is_ok());
    }

    #[test]
    fn header_keywords_are_read_in_any_case() {
        let upper = "Type octile\r\nHEIGHT 1\r\nWidth 2\r\nMAP\r\n.@\r\n";
        let scene = parse_movingai_map(upper).unwrap();
        assert_eq!(scene.walkable[0].signed_area(), 1.0);
        assert_eq!(map_size(upper), Ok((2, 1)));
    }

    #[test]
    fn errors_name_the_line() {
        let line = |text: &str| parse_movingai_map(text).unwrap_err().line;
        assert_eq!(line("type octile\nheight x\n"), 2);
        assert_eq!(line("type octile\nheight 2\nwidth 2\nmap\n..\n...\n"), 6);
        assert_eq!(line("type octile\nheight 1\nwidth 2\nmap\n..\nextra\n"), 6);
        assert_eq!(line("type octile\nheight 2\nwidth 2\nmap\n..\n"), 0);
        assert_eq!(line("type octile\nheight 1\nwidth 1\nmap\n@\n"), 0);
        assert_eq!(line("hello\n"), 1);
        // Found by a hostile review: other characters were read as blocked cells (and a
        // character of two bytes counted as two cells).
        let e = parse_movingai_map("type octile\nheight 2\nwidth 3\nmap\n...\n.#.\n").unwrap_err();
        assert_eq!(e.line, 6);
        assert!(e.message.contains("row 1, column 1: `#`"), "{}", e.message);
        let e = parse_movingai_map("type octile\nheight 1\nwidth 4\nmap\n..\u{e9}\n").unwrap_err();
        assert!(e.message.contains("column 2: `\u{e9}`"), "{}", e.message);
    }
}
