//! Reader for MovingAI / Polyanya scenario files (`.scen`): a `version 1` line, then one query per
//! line, `bucket map width height start_x start_y goal_x goal_y optimal` (tabs or spaces; the
//! map's name may hold spaces).
//!
//! Coordinates: on a grid map (`.map`) a point (x, y) names a cell, rows counted from the top; it
//! becomes the cell's centre (x + 0.5, height - y - 0.5), matching the map reader's squares. On a
//! mesh (`.mesh`) the numbers are used as they are (x right, y up).

use super::clip;
use crate::geom::Point;
use thiserror::Error;

/// Why a scenario file could not be read; `line` is 1-based.
#[derive(Debug, Error, Clone, PartialEq)]
#[error("line {line}: {message}")]
pub struct ScenError {
    pub line: usize,
    pub message: String,
}

/// How the scenario's numbers become scene points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScenCoordinates {
    /// Grid cells of a MovingAI map of `width` x `height` cells (each line must name that
    /// size): cell centres, y flipped.
    GridCells { width: usize, height: usize },
    /// Mesh coordinates, used as they are.
    Direct,
}

/// One query of a scenario file.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenQuery {
    /// Line number in the file (1-based); names the query.
    pub line: usize,
    pub bucket: u64,
    pub start: Point,
    pub goal: Point,
    /// The published optimal length.
    pub expected: f64,
    /// Half a unit of the published length's last written digit (`7.65685`: 5e-6): how far
    /// the length it stands for may be from it.
    pub rounding: f64,
}

/// Half a unit of the last digit written in the decimal number `text`, exponent forms too
/// (`1.5e2`: 5).
fn half_last_digit(text: &str) -> f64 {
    // `2.05913e0` and `205913e-5` are written to the same digit as `2.05913`.
    let (mantissa, exponent) = match text.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i32>().unwrap_or(0)),
        None => (text, 0),
    };
    let decimals = mantissa.split_once('.').map_or(0, |(_, d)| d.len()) as i32;
    0.5 * 10f64.powi((exponent - decimals).clamp(-300, 300))
}

/// Parses a scenario file's text.
pub fn parse_scen(text: &str, coordinates: ScenCoordinates) -> Result<Vec<ScenQuery>, ScenError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    match lines.next() {
        Some((_, v)) if v.split_whitespace().eq(["version", "1"]) => {}
        Some((_, v)) if v.split_whitespace().eq(["version", "1.0"]) => {}
        other => {
            return Err(ScenError {
                line: 1,
                message: format!(
                    "expected `version 1`, found `{}`",
                    clip(other.map_or("", |(_, l)| l))
                ),
            });
        }
    }
    let mut queries = Vec::new();
    for (n, line) in lines.filter(|(_, l)| !l.is_empty()) {
        let mut fields: Vec<&str> = line.split_whitespace().collect();
        let bad = |message: String| ScenError { line: n, message };
        if fields.len() < 9 {
            return Err(bad(format!(
                "expected 9 fields (bucket map width height sx sy gx gy optimal), found {}",
                fields.len()
            )));
        }
        // A map name may hold spaces: the fields between the bucket and the last seven.
        let map_words = fields.len() - 8;
        fields.drain(2..1 + map_words);
        let number = |i: usize, what: &str| {
            fields[i]
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| {
                    bad(format!(
                        "{what} `{}` is not a finite number",
                        clip(fields[i])
                    ))
                })
        };
        let bucket = fields[0].parse().map_err(|_| {
            bad(format!(
                "bucket `{}` is not a non-negative integer",
                clip(fields[0])
            ))
        })?;
        let size = (number(2, "map width")?, number(3, "map height")?);
        if let ScenCoordinates::GridCells { width, height } = coordinates
            && size != (width as f64, height as f64)
        {
            return Err(bad(format!(
                "the query is for a map of {} x {} cells, the map has {width} x {height}",
                size.0, size.1
            )));
        }
        // A grid map's points are whole cells of the map.
        let coordinate = |i: usize, what: &str, along_x: bool| {
            let v = number(i, what)?;
            let ScenCoordinates::GridCells { width, height } = coordinates else {
                return Ok(v);
            };
            let cells = if along_x { width } else { height };
            if v.fract() != 0.0 {
                Err(bad(format!(
                    "{what} `{}` is not a whole cell number",
                    clip(fields[i])
                )))
            } else if !(0.0..cells as f64).contains(&v) {
                Err(bad(format!(
                    "{what} {v} is outside the map's {width} x {height} cells"
                )))
            } else {
                Ok(v)
            }
        };
        let point = |x: f64, y: f64| match coordinates {
            ScenCoordinates::GridCells { height, .. } => {
                Point::new(x + 0.5, height as f64 - y - 0.5)
            }
            ScenCoordinates::Direct => Point::new(x, y),
        };
        let expected = number(8, "optimal length")?;
        if expected < 0.0 {
            return Err(bad(format!("optimal length {expected} is negative")));
        }
        queries.push(ScenQuery {
            line: n,
            bucket,
            start: point(
                coordinate(4, "start x", true)?,
                coordinate(5, "start y", false)?,
            ),
            goal: point(
                coordinate(6, "goal x", true)?,
                coordinate(7, "goal y", false)?,
            ),
            expected,
            rounding: half_last_digit(fields[8]),
        });
    }
    Ok(queries)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID_7_5: ScenCoordinates = ScenCoordinates::GridCells {
        width: 7,
        height: 5,
    };

    #[test]
    fn a_query_for_a_map_of_another_size_is_refused() {
        let text = "version 1\n3\tm.map\t7\t5\t0\t0\t6\t4\t1\n3\tm.map\t7\t6\t0\t0\t6\t4\t1\n";
        let e = parse_scen(text, GRID_7_5).unwrap_err();
        assert_eq!(e.line, 3);
        assert_eq!(
            e.message,
            "the query is for a map of 7 x 6 cells, the map has 7 x 5"
        );
        // A mesh's scenario has no map size to match.
        assert_eq!(parse_scen(text, ScenCoordinates::Direct).unwrap().len(), 2);
        // Nor cells off the map.
        for (line, says) in [
            (
                "3\tm.map\t7\t5\t7\t0\t6\t4\t1",
                "start x 7 is outside the map's 7 x 5 cells",
            ),
            (
                "3\tm.map\t7\t5\t0\t0\t6\t-1\t1",
                "goal y -1 is outside the map's 7 x 5 cells",
            ),
        ] {
            let e = parse_scen(&format!("version 1\n{line}\n"), GRID_7_5).unwrap_err();
            assert_eq!((e.line, e.message.as_str()), (2, says));
        }
        // Nor fractions, which name no grid cell.
        let half = "version 1\n3\tm.map\t7\t5\t0.5\t0\t6\t4\t1\n";
        let e = parse_scen(half, GRID_7_5).unwrap_err();
        assert_eq!(e.message, "start x `0.5` is not a whole cell number");
        assert!(parse_scen(half, ScenCoordinates::Direct).is_ok());
    }

    #[test]
    fn a_published_length_knows_its_written_precision() {
        let text =
            "version 1\n3\tm.map\t7\t5\t0\t0\t6\t4\t7.65685\n3\tm.map\t7\t5\t0\t0\t6\t4\t12\n";
        let q = parse_scen(text, GRID_7_5).unwrap();
        assert!((q[0].rounding - 5e-6).abs() < 1e-18, "{}", q[0].rounding);
        assert_eq!(q[1].rounding, 0.5);
        assert_eq!(half_last_digit("1.5e2"), 5.0);
        for same in ["2.05913", "2.05913e0", "205913e-5", "0.205913E+1"] {
            let r = half_last_digit(same);
            assert!((r - 5e-6).abs() < 1e-18, "{same}: {r}");
        }
    }

    #[test]
    fn grid_cells_become_centres_with_y_up() {
        let text = "version 1\n3\tm.map\t7\t5\t0\t0\t6\t4\t7.65685\n";
        let q = parse_scen(text, GRID_7_5).unwrap();
        assert_eq!(q[0].line, 2);
        assert_eq!(q[0].bucket, 3);
        assert_eq!(q[0].start, Point::new(0.5, 4.5));
        assert_eq!(q[0].goal, Point::new(6.5, 0.5));
        let q = parse_scen(text, ScenCoordinates::Direct).unwrap();
        assert_eq!(q[0].start, Point::new(0.0, 0.0));
    }

    #[test]
    fn a_map_name_with_spaces_is_one_field() {
        let text = "version 1\n3\tmaps/my map 2.map\t7\t5\t0\t0\t6\t4\t7.5\n";
        let q = parse_scen(text, GRID_7_5).unwrap();
        assert_eq!((q[0].bucket, q[0].expected), (3, 7.5));
        assert_eq!(q[0].start, Point::new(0.5, 4.5));
        assert_eq!(q[0].goal, Point::new(6.5, 0.5));
    }

    #[test]
    fn errors_name_the_line() {
        let line = |t: &str| parse_scen(t, ScenCoordinates::Direct).unwrap_err().line;
        assert_eq!(line("version 2\n"), 1);
        assert_eq!(line("version 1\n0 m 1 1 0 0 1 1\n"), 2);
        assert_eq!(line("version 1\n0 m 1 1 0 0 1 1 1\n0 m 1 1 0 x 1 1 1\n"), 3);
    }
}
