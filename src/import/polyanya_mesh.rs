//! Reader for Polyanya's text mesh format, versions 2 and 3: the free space is the union of the
//! mesh's (traversable) convex polygons, and its contours are the loops of polygon edges with no
//! traversable neighbour (walls).
//!
//! ```text
//! mesh
//! 2
//! V P                    vertex count, polygon count
//! x y n p1 .. pn         V lines: a vertex and the n polygons around it (-1 = obstacle)
//! n v1 .. vn p1 .. pn    P lines: a counter-clockwise polygon and its neighbours; pj lies across
//!                        the edge v(j-1) -> vj (p1 across vn -> v1), -1 for a wall
//! ```
//! Version 3 numbers vertices and faces from 1, lists only `x y` per vertex, and starts each
//! face line with a traversable flag (1 or 0); a neighbour k > 0 can be crossed into, k < 0 is
//! face -k that cannot, 0 is the mesh border:
//! ```text
//! t n v1 .. vn k1 .. kn
//! ```
//! Polyanya's own reader takes the numbers whatever the line breaks; so does this one, for a
//! file whose records are not one per line.
//!
//! Walls keep the polygon on their left, so outer contours come out counter-clockwise and holes
//! clockwise, as `FreeSpace` wants; islands inside holes are loops like any other.

use super::clip;
use crate::geom::{Point, signed_area};
use crate::nav::{FreeSpace, PolygonMesh, wall_loops};
use std::collections::HashMap;
use thiserror::Error;

/// Why a mesh file could not be read.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum PolyanyaMeshError {
    /// The file could not be read, or is too large (see [`crate::fileio`]): the whole message.
    #[error("{0}")]
    Read(String),
    #[error("{path}: not UTF-8 text: {message}")]
    Encoding { path: String, message: String },
    /// `line` is 1-based; 0 means the file as a whole (its walls do not close).
    #[error("{}", located(*line, message))]
    Syntax { line: usize, message: String },
}

/// `message` at `line` ("line 3: ..."), or alone for the file as a whole (line 0).
fn located(line: usize, message: &str) -> String {
    match line {
        0 => message.to_string(),
        n => format!("line {n}: {message}"),
    }
}

fn syntax(line: usize, message: impl Into<String>) -> PolyanyaMeshError {
    PolyanyaMeshError::Syntax {
        line,
        message: message.into(),
    }
}

/// Reads a Polyanya v2 or v3 mesh file into the free space it covers.
pub fn load_polyanya_mesh(path: &std::path::Path) -> Result<FreeSpace, PolyanyaMeshError> {
    let bytes =
        crate::fileio::read_input(path).map_err(|e| PolyanyaMeshError::Read(e.to_string()))?;
    let text = crate::fileio::text_of(&bytes).map_err(|e| PolyanyaMeshError::Encoding {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    parse_polyanya_mesh(text)
}

/// A traversable polygon as read: its number in the file, its vertex indices (from 0), the file
/// numbers of the traversable neighbours across its edges and the line it came from.
struct Polygon {
    id: usize,
    vertices: Vec<usize>,
    neighbors: Vec<Option<usize>>,
    line: usize,
}

/// Parses the text of a Polyanya v2 or v3 mesh into the free space it covers.
pub fn parse_polyanya_mesh(text: &str) -> Result<FreeSpace, PolyanyaMeshError> {
    let (points, polygons) = read(text)?;
    let walls = walls(&points, &polygons)?;
    let contours = wall_loops(&points, walls)
        .map_err(|m| syntax(0, format!("the walls do not close: {m}")))?;
    Ok(FreeSpace { contours })
}

/// Parses the text of a Polyanya v2 or v3 mesh into its (traversable) polygons, as they are (for opening it as a
/// navmesh), after checking that neighbours agree.
pub fn parse_polyanya_polygons(text: &str) -> Result<PolygonMesh, PolyanyaMeshError> {
    let (vertices, polygons) = read(text)?;
    walls(&vertices, &polygons)?;
    Ok(PolygonMesh {
        vertices,
        polygons: polygons
            .into_iter()
            .map(|p| p.vertices.into_iter().map(|v| v as u32).collect())
            .collect(),
    })
}

/// The vertices and traversable polygons of a Polyanya v2 or v3 mesh, each polygon checked on
/// its own. Records are read one per line, as Polyanya's tools write them; a file that does not
/// read so is read as Polyanya's own reader does, as a stream of numbers whatever the line
/// breaks ("mesh 2" on one line, a record wrapped over two). When neither reads, the error
/// is the stream's for a file whose header shares its line, else the lines'.
fn read(text: &str) -> Result<(Vec<Point>, Vec<Polygon>), PolyanyaMeshError> {
    read_as(text, Layout::Lines).or_else(|by_lines| {
        let header_alone = (text.lines().map(str::trim).find(|l| !l.is_empty()))
            .is_none_or(|l| l.split_whitespace().nth(1).is_none());
        read_as(text, Layout::Stream).map_err(
            |by_stream| {
                if header_alone { by_lines } else { by_stream }
            },
        )
    })
}

/// How records lie in the text.
#[derive(Clone, Copy, PartialEq)]
enum Layout {
    /// One record per (non-empty) line.
    Lines,
    /// Whitespace-separated fields; a record is as long as its own counts say.
    Stream,
}

/// The records of a mesh file, in one of the layouts.
struct Records<'a> {
    layout: Layout,
    /// (line, text) of each non-empty line, or of each field.
    items: Box<dyn Iterator<Item = (usize, &'a str)> + 'a>,
    /// The line of the last item taken: where a file that ends early ends.
    last_line: usize,
}

impl<'a> Records<'a> {
    fn new(text: &'a str, layout: Layout) -> Self {
        let lines = (text.lines().enumerate())
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty());
        let items: Box<dyn Iterator<Item = (usize, &'a str)>> = match layout {
            Layout::Lines => Box::new(lines),
            Layout::Stream => {
                Box::new(lines.flat_map(|(n, l)| l.split_whitespace().map(move |f| (n, f))))
            }
        };
        Records {
            layout,
            items,
            last_line: 0,
        }
    }

    /// The next record, `what`; in a stream its fields are taken until there are as many as
    /// `length` says for the fields so far.
    fn next(
        &mut self,
        what: &str,
        length: impl Fn(&[&str]) -> usize,
    ) -> Result<Fields<'a>, PolyanyaMeshError> {
        let (line, first) = self.take(what)?;
        let mut fields = Fields::new(line, first);
        if self.layout == Layout::Stream {
            while fields.fields.len() < length(&fields.fields) {
                let (_, field) = self.take(what)?;
                fields.fields.push(field);
            }
        }
        Ok(fields)
    }

    /// The next item, or an error at the file's last line saying it ended before `what`.
    fn take(&mut self, what: &str) -> Result<(usize, &'a str), PolyanyaMeshError> {
        match self.items.next() {
            Some((line, item)) => {
                self.last_line = line;
                Ok((line, item))
            }
            None => Err(syntax(
                self.last_line.max(1),
                format!("the file ends before {what}"),
            )),
        }
    }
}

/// A record of `fixed` fields, then as many more as field `count` times `per` says.
fn counted(fixed: usize, count: usize, per: usize) -> impl Fn(&[&str]) -> usize {
    move |fields: &[&str]| {
        let more = fields.get(count).and_then(|c| c.parse::<usize>().ok());
        fixed + more.map_or(0, |m| m.saturating_mul(per))
    }
}

fn read_as(text: &str, layout: Layout) -> Result<(Vec<Point>, Vec<Polygon>), PolyanyaMeshError> {
    let mut records = Records::new(text, layout);
    let header = records.next("the header", |_| 1)?;
    let (n, header) = (header.line, header.fields.join(" "));
    if header != "mesh" {
        return Err(syntax(
            n,
            format!("expected `mesh`, found `{}`", clip(&header)),
        ));
    }
    let version = records.next("the version", |_| 1)?;
    let (n, version) = (version.line, version.fields.join(" "));
    let v3 = match version.as_str() {
        "2" => false,
        "3" => true,
        _ => {
            return Err(syntax(
                n,
                format!(
                    "unsupported version `{}` (versions 2 and 3 are read)",
                    clip(&version)
                ),
            ));
        }
    };
    // Version 3 numbers vertices and faces from 1.
    let base = usize::from(v3);
    let counts = records.next("the counts", |_| 2)?;
    let [vertex_count, polygon_count] = [
        counts.usize(0, "vertex count")?,
        counts.usize(1, "polygon count")?,
    ];
    counts.expect_len(2)?;
    let mut points = Vec::with_capacity(vertex_count.min(1 << 20));
    // (line, vertex, polygon) for every polygon a vertex record lists around its vertex.
    let mut listed = Vec::new();
    for i in 0..vertex_count {
        let what = format!("vertex {}", i + base);
        let f = records.next(&what, counted(if v3 { 2 } else { 3 }, 2, usize::from(!v3)))?;
        let p = Point::new(f.f64(0, "x")?, f.f64(1, "y")?);
        if v3 {
            f.expect_len(2)?;
        } else {
            let around = f.usize(2, "polygon count")?;
            f.expect_len(3 + around)?;
            for k in 0..around {
                if let Some(p) = f.neighbor(3 + k, polygon_count)? {
                    listed.push((f.line, i, p));
                }
            }
        }
        points.push(p);
    }
    let mut polygons = Vec::with_capacity(polygon_count.min(1 << 20));
    for i in 0..polygon_count {
        let id = i + base;
        let first = usize::from(v3);
        let f = records.next(&format!("polygon {id}"), counted(first + 1, first, 2))?;
        let n = f.line;
        let traversable = !v3 || f.flag(0, "traversable flag")?;
        let size = f.usize(first, "vertex count")?;
        if size < 3 {
            return Err(syntax(
                n,
                format!("polygon {id} has {size} vertices; at least 3 are needed"),
            ));
        }
        f.expect_len(first + 1 + 2 * size)?;
        let vertices = (0..size)
            .map(|k| {
                f.index(first + 1 + k, base, vertex_count, "vertex")
                    .map(|v| v - base)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let neighbors = (0..size)
            .map(|k| {
                let field = first + 1 + size + k;
                if v3 {
                    f.face_v3(field, polygon_count)
                } else {
                    f.neighbor(field, polygon_count)
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        if !traversable {
            continue;
        }
        let ring: Vec<Point> = vertices.iter().map(|&v| points[v]).collect();
        if signed_area(&ring) <= 0.0 {
            return Err(syntax(
                n,
                format!("polygon {id} is not counter-clockwise (or has no area)"),
            ));
        }
        polygons.push(Polygon {
            id,
            vertices,
            neighbors,
            line: n,
        });
    }
    if let Some((n, _)) = records.items.next() {
        return Err(syntax(
            n,
            format!("unexpected line after the {polygon_count} polygons"),
        ));
    }
    // A vertex lists the polygons around it (Polyanya turns round a vertex by that list).
    let by_id: HashMap<usize, &Polygon> = polygons.iter().map(|p| (p.id, p)).collect();
    for (n, v, p) in listed {
        if by_id
            .get(&p)
            .is_some_and(|poly| !poly.vertices.contains(&v))
        {
            return Err(syntax(
                n,
                format!("vertex {v} lists polygon {p}, which does not have it as a corner"),
            ));
        }
    }
    Ok((points, polygons))
}

/// The directed wall edges (polygon on the left), after checking that neighbours agree.
/// Vertices at the same position are one (two polygons each with its own copy of a shared
/// edge's ends touch there as much as with shared ones): a wall between them is refused either
/// way, since Polyanya crosses only what the file marks as neighbours.
fn walls(points: &[Point], polygons: &[Polygon]) -> Result<Vec<(usize, usize)>, PolyanyaMeshError> {
    // The first vertex at each position.
    let mut first_at: HashMap<(u64, u64), usize> = HashMap::new();
    let same: Vec<usize> = (points.iter().enumerate())
        .map(|(v, p)| *first_at.entry((p.x.to_bits(), p.y.to_bits())).or_insert(v))
        .collect();
    let key = |a: usize, b: usize| (same[a], same[b]);
    // Directed edge -> (polygon, its neighbour across the edge).
    let mut edges: HashMap<(usize, usize), (usize, Option<usize>)> = HashMap::new();
    for poly in polygons {
        let (i, m) = (poly.id, poly.vertices.len());
        for k in 0..m {
            let edge = (poly.vertices[(k + m - 1) % m], poly.vertices[k]);
            let at = key(edge.0, edge.1);
            if at.0 == at.1 {
                return Err(syntax(
                    poly.line,
                    format!("polygon {i} repeats vertex {}", edge.0),
                ));
            }
            if let Some((other, _)) = edges.insert(at, (i, poly.neighbors[k])) {
                return Err(syntax(
                    poly.line,
                    format!(
                        "polygons {other} and {i} overlap along edge {} -> {}",
                        edge.0, edge.1
                    ),
                ));
            }
        }
    }
    let mut walls = Vec::new();
    for poly in polygons {
        let (i, m) = (poly.id, poly.vertices.len());
        for k in 0..m {
            let (a, b) = (poly.vertices[(k + m - 1) % m], poly.vertices[k]);
            let across = edges.get(&key(b, a));
            match (poly.neighbors[k], across) {
                (None, None) => walls.push((a, b)),
                (Some(n), Some(&(other, back))) if n == other && back == Some(i) => {}
                (None, Some(&(other, _))) => {
                    return Err(syntax(
                        poly.line,
                        format!(
                            "polygon {i}: edge {a}-{b} is a wall but polygon {other} lies across it"
                        ),
                    ));
                }
                (Some(n), _) => {
                    return Err(syntax(
                        poly.line,
                        format!("polygon {i}: neighbour {n} does not share edge {a}-{b} back"),
                    ));
                }
            }
        }
    }
    walls.sort_unstable();
    Ok(walls)
}

/// The whitespace-separated fields of one line, with parsers that name the line on error.
struct Fields<'a> {
    line: usize,
    fields: Vec<&'a str>,
}

impl<'a> Fields<'a> {
    fn new(line: usize, text: &'a str) -> Self {
        Fields {
            line,
            fields: text.split_whitespace().collect(),
        }
    }

    fn get(&self, i: usize, what: &str) -> Result<&'a str, PolyanyaMeshError> {
        self.fields
            .get(i)
            .copied()
            .ok_or_else(|| syntax(self.line, format!("missing {what} (field {})", i + 1)))
    }

    fn expect_len(&self, n: usize) -> Result<(), PolyanyaMeshError> {
        if self.fields.len() == n {
            Ok(())
        } else {
            Err(syntax(
                self.line,
                format!("expected {n} fields, found {}", self.fields.len()),
            ))
        }
    }

    fn usize(&self, i: usize, what: &str) -> Result<usize, PolyanyaMeshError> {
        let s = self.get(i, what)?;
        s.parse().map_err(|_| {
            syntax(
                self.line,
                format!("{what} `{}` is not a non-negative integer", clip(s)),
            )
        })
    }

    fn f64(&self, i: usize, what: &str) -> Result<f64, PolyanyaMeshError> {
        let s = self.get(i, what)?;
        match s.parse::<f64>() {
            Ok(v) if v.is_finite() && v.abs() <= 1e15 => Ok(v),
            _ => Err(syntax(
                self.line,
                format!(
                    "{what} `{}` is not a finite number of at most 1e15",
                    clip(s)
                ),
            )),
        }
    }

    /// A number from `base` to `base + count - 1`.
    fn index(
        &self,
        i: usize,
        base: usize,
        count: usize,
        what: &str,
    ) -> Result<usize, PolyanyaMeshError> {
        let v = self.usize(i, what)?;
        if v >= base && v - base < count {
            Ok(v)
        } else {
            Err(syntax(
                self.line,
                format!(
                    "{what} {v} is out of range ({base} to {})",
                    count as i64 + base as i64 - 1
                ),
            ))
        }
    }

    /// A polygon index below `count`, or -1 for none (version 2).
    fn neighbor(&self, i: usize, count: usize) -> Result<Option<usize>, PolyanyaMeshError> {
        if self.get(i, "polygon")? == "-1" {
            Ok(None)
        } else {
            self.index(i, 0, count, "polygon").map(Some)
        }
    }

    /// A version 3 neighbour: face k > 0 that can be crossed into, or none for 0 and for a
    /// face -k that cannot.
    fn face_v3(&self, i: usize, count: usize) -> Result<Option<usize>, PolyanyaMeshError> {
        let s = self.get(i, "neighbour")?;
        let k: i64 = s.parse().map_err(|_| {
            syntax(
                self.line,
                format!("neighbour `{}` is not an integer", clip(s)),
            )
        })?;
        if k.unsigned_abs() > count as u64 {
            Err(syntax(
                self.line,
                format!("neighbour {k} is out of range (-{count} to {count})"),
            ))
        } else {
            Ok((k > 0).then_some(k as usize))
        }
    }

    /// A `0` or `1` flag.
    fn flag(&self, i: usize, what: &str) -> Result<bool, PolyanyaMeshError> {
        match self.get(i, what)? {
            "0" => Ok(false),
            "1" => Ok(true),
            s => Err(syntax(
                self.line,
                format!("{what} `{}` is neither 0 nor 1", clip(s)),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two triangles forming the unit square, diagonal 0-2.
    const SQUARE: &str =
        "mesh\n2\n4 2\n0 0 1 0\n1 0 1 0\n1 1 2 0 1\n0 1 1 1\n3 0 1 2 1 -1 -1\n3 0 2 3 -1 0 -1\n";

    #[test]
    fn square_becomes_one_counter_clockwise_contour() {
        let free = parse_polyanya_mesh(SQUARE).unwrap();
        assert_eq!(free.contours.len(), 1);
        assert_eq!(free.contours[0].points.len(), 4);
        assert_eq!(free.area(), 1.0);
    }

    fn error_line(text: &str) -> usize {
        match parse_polyanya_mesh(text) {
            Err(PolyanyaMeshError::Syntax { line, .. }) => line,
            other => panic!("expected a syntax error, got {other:?}"),
        }
    }

    #[test]
    fn malformed_files_name_the_line() {
        assert_eq!(error_line(""), 1);
        assert_eq!(error_line("mush\n2\n"), 1);
        assert_eq!(error_line("mesh\n4\n"), 2);
        assert_eq!(error_line("mesh\n2\n4\n"), 3);
        assert_eq!(error_line(&SQUARE.replace("1 0 1 0\n", "1 nan 1 0\n")), 5);
        assert_eq!(
            error_line(&SQUARE.replace("3 0 2 3 -1 0 -1", "3 0 2 9 -1 0 -1")),
            9
        );
        // A neighbour that does not point back.
        assert_eq!(
            error_line(&SQUARE.replace("3 0 2 3 -1 0 -1", "3 0 2 3 -1 -1 -1")),
            8
        );
        // A clockwise polygon.
        assert_eq!(
            error_line(&SQUARE.replace("3 0 2 3 -1 0 -1", "3 0 3 2 -1 -1 0")),
            9
        );
        // Two polygons on the same side of an edge (vertex 3, in neither, lists none).
        let overlap = SQUARE
            .replace("3 0 2 3 -1 0 -1", "3 0 1 2 1 -1 -1")
            .replace("0 1 1 1\n", "0 1 1 -1\n");
        assert_eq!(error_line(&overlap), 9);
        assert_eq!(error_line(&format!("{SQUARE}extra\n")), 10);
        // A file that ends early is refused at its last line.
        let cut = &SQUARE[..SQUARE.len() - 16];
        assert_eq!(error_line(cut), cut.trim_end().lines().count());
        assert_eq!(
            parse_polyanya_mesh("mesh\n2\n4 1\n0 0 1 0\n")
                .unwrap_err()
                .to_string(),
            "line 4: the file ends before vertex 1"
        );
        assert_eq!(error_line(&SQUARE.replace("0 1 1 1\n", "0 1 1 1 7\n")), 7);
    }

    /// Two squares side by side, each with its own copies of the shared edge's ends and -1
    /// neighbours there: a wall for Polyanya, which crosses only marked neighbours, but read
    /// as one joined area (shared indices with the same -1 were refused).
    #[test]
    fn a_wall_between_copies_of_the_same_vertices_is_refused_as_between_shared_ones() {
        let copies = "mesh\n2\n8 2\n0 0 2 0 -1\n10 0 2 0 -1\n10 10 2 0 -1\n0 10 2 0 -1\n\
            10 0 2 1 -1\n20 0 2 1 -1\n20 10 2 1 -1\n10 10 2 1 -1\n\
            4 0 1 2 3 -1 -1 -1 -1\n4 4 5 6 7 -1 -1 -1 -1\n";
        match parse_polyanya_mesh(copies) {
            Err(PolyanyaMeshError::Syntax { line, message }) => {
                assert_eq!(line, 12);
                assert_eq!(
                    message,
                    "polygon 0: edge 1-2 is a wall but polygon 1 lies across it"
                );
            }
            other => panic!("{other:?}"),
        }
        // Apart, the same two squares are two areas.
        let apart = copies
            .replace("10 0 2 1", "11 0 2 1")
            .replace("10 10 2 1", "11 10 2 1");
        assert_eq!(parse_polyanya_mesh(&apart).unwrap().contours.len(), 2);
    }

    /// A vertex that lists a polygon not having it as a corner (Polyanya turns round a vertex
    /// through the polygons it lists) is refused naming the line.
    #[test]
    fn a_vertex_listing_a_polygon_without_it_is_refused() {
        let wrong = SQUARE.replace("0 1 1 1\n", "0 1 1 0\n");
        assert_eq!(error_line(&wrong), 7);
        let text = format!("{:?}", parse_polyanya_mesh(&wrong).unwrap_err());
        assert!(
            text.contains("vertex 3 lists polygon 0, which does not have it"),
            "{text}"
        );
    }

    #[test]
    fn every_truncation_or_garbled_byte_is_an_error_or_a_mesh() {
        for end in 0..SQUARE.len() {
            let _ = parse_polyanya_mesh(&SQUARE[..end]);
        }
        for (i, c) in SQUARE.char_indices() {
            for replacement in ["-1", "9", "x", " ", "\n", "1e300"] {
                let text = format!(
                    "{}{replacement}{}",
                    &SQUARE[..i],
                    &SQUARE[i + c.len_utf8()..]
                );
                let _ = parse_polyanya_mesh(&text);
            }
        }
    }

    /// Polyanya's own reader takes whitespace-separated numbers whatever the line breaks: a
    /// header on one line and records wrapped over two read as the same mesh. An error in such
    /// a file is still reported where the lines first went wrong.
    #[test]
    fn a_file_read_as_a_stream_of_numbers_is_the_same_mesh() {
        let wrapped = SQUARE
            .replacen("mesh\n2", "mesh 2", 1)
            .replace("1 1 2 0 1\n", "1 1\n2 0 1\n")
            .replace("3 0 2 3 -1 0 -1", "3 0 2 3\n-1 0 -1");
        let (lines, stream) = (read(SQUARE).unwrap(), read(&wrapped).unwrap());
        assert_eq!(lines.0, stream.0);
        let polygons = |p: &[Polygon]| -> Vec<(Vec<usize>, Vec<Option<usize>>)> {
            p.iter()
                .map(|p| (p.vertices.clone(), p.neighbors.clone()))
                .collect()
        };
        assert_eq!(polygons(&lines.1), polygons(&stream.1));
        assert_eq!(parse_polyanya_mesh(&wrapped).unwrap().area(), 1.0);
        // With the header on one line the error is the stream's, where it went wrong.
        assert_eq!(error_line(&wrapped.replace("1 0 1 0\n", "1 x 1 0\n")), 4);
        // With the header on its lines it is the lines': a record wrapped where no reader
        // takes it, or a field too many, is named on its line.
        let unwrapped = SQUARE.replace("1 1 2 0 1\n", "1 1\n2 0 1\n");
        assert_eq!(error_line(&unwrapped.replace("1 0 1 0\n", "1 x 1 0\n")), 5);
    }

    /// Version 3: the square [0,2]^2 cut into four triangles around (1, 1); the left one
    /// (face 4) is not traversable.
    const V3: &str = "mesh\n3\n5 4\n0 0\n2 0\n2 2\n0 2\n1 1\n\
        1 3 1 2 5 -4 0 2\n1 3 2 3 5 1 0 3\n1 3 3 4 5 2 0 -4\n0 3 4 1 5 3 0 1\n";

    #[test]
    fn version_3_keeps_the_traversable_faces() {
        let free = parse_polyanya_mesh(V3).unwrap();
        assert_eq!(free.contours.len(), 1);
        assert_eq!(free.contours[0].points.len(), 5);
        assert_eq!(free.area(), 3.0);
        // Vertices are numbered from 1, faces too.
        assert_eq!(error_line(&V3.replace("1 3 1 2 5", "1 3 0 2 5")), 9);
        assert_eq!(error_line(&V3.replace("-4 0 2", "-5 0 2")), 9);
        assert_eq!(error_line(&V3.replace("1 3 2 3 5", "2 3 2 3 5")), 10);
        // A traversable neighbour that does not point back.
        assert_eq!(error_line(&V3.replace("2 0 -4", "2 0 4")), 11);
    }

    #[test]
    fn touching_obstacles_give_simple_loops() {
        // Unit squares [0,1]^2 and [1,2]^2 (two triangles each) touching at the point (1, 1).
        let mesh = "mesh\n2\n7 4\n\
            0 0 1 0\n1 0 1 0\n1 1 4 0 1 2 3\n0 1 1 1\n2 1 1 2\n2 2 1 2\n1 2 1 3\n\
            3 0 1 2 1 -1 -1\n3 0 2 3 -1 0 -1\n3 2 4 5 3 -1 -1\n3 2 5 6 -1 2 -1\n";
        let free = parse_polyanya_mesh(mesh).unwrap();
        assert_eq!(free.contours.len(), 2);
        assert!(
            free.contours
                .iter()
                .all(|c| c.points.len() == 4 && c.signed_area() == 1.0)
        );
    }
}
