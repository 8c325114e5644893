//! Reader for navscope's own navmesh JSON (format `navscope-navmesh`, as `build --format json`
//! writes it): its convex `polygons` when present, else its triangles. Its `neighbors` and
//! `components` must agree with the triangles, as a Polyanya mesh's neighbours must, and its
//! `polygons` must cover the triangles' area: a tool that follows them would see another mesh
//! than the one read here.

use super::clip;
use super::navmesh_file::ReadError;
use crate::export::{NAVMESH_FORMAT, NAVMESH_VERSION, NavMeshFile};
use crate::geom::Point;
use crate::nav::PolygonMesh;
use crate::union_find::UnionFind;
use std::collections::HashMap;

/// The polygons of a navmesh JSON file, and its agent radius.
pub fn navmesh_json(text: &str) -> Result<(PolygonMesh, Option<f64>), ReadError> {
    let file: NavMeshFile = serde_json::from_str(text).map_err(|e| {
        // Another JSON format (a scene given with --as-navmesh) is named as such, not by the
        // first navmesh field it lacks.
        match crate::fileio::json_format(text.as_bytes()) {
            Some(serde_json::Value::String(f)) if f != NAVMESH_FORMAT => (
                0,
                format!("format is `{}`, not `{NAVMESH_FORMAT}`", clip(&f)),
            ),
            _ => {
                let message = crate::scene::strip_position(&e.to_string());
                (e.line(), format!("{message} (column {})", e.column()))
            }
        }
    })?;
    if file.format != NAVMESH_FORMAT {
        return Err((
            0,
            format!("format is `{}`, not `{NAVMESH_FORMAT}`", clip(&file.format)),
        ));
    }
    if !(1..=NAVMESH_VERSION).contains(&file.version) {
        return Err((
            0,
            format!(
                "version {} is not one this navscope reads (1 to {NAVMESH_VERSION})",
                file.version
            ),
        ));
    }
    if !(file.agent_radius >= 0.0 && file.agent_radius.is_finite()) {
        return Err((
            0,
            format!(
                "agent_radius {} is not a finite radius >= 0",
                file.agent_radius
            ),
        ));
    }
    existing_vertices(&file)?;
    agreeing_neighbors(&file)?;
    let polygons = if file.polygons.is_empty() {
        file.triangles.iter().map(|t| t.to_vec()).collect()
    } else {
        agreeing_polygons(&file)?;
        file.polygons
    };
    let mesh = PolygonMesh {
        vertices: file
            .vertices
            .iter()
            .map(|&[x, y]| Point::new(x, y))
            .collect(),
        polygons,
    };
    Ok((mesh, Some(file.agent_radius)))
}

/// Checks that the triangles and polygons name existing vertices, and that the triangles are
/// counter-clockwise.
fn existing_vertices(file: &NavMeshFile) -> Result<(), ReadError> {
    let n = file.vertices.len();
    let missing = |what: &str, rings: &mut dyn Iterator<Item = &[u32]>| {
        rings.enumerate().find_map(|(i, ring)| {
            let v = ring.iter().find(|&&v| v as usize >= n)?;
            Some((
                0,
                format!("{what} {i}: vertex {v} does not exist (the file has {n})"),
            ))
        })
    };
    if let Some(e) = missing("triangle", &mut file.triangles.iter().map(|t| t.as_slice()))
        .or_else(|| missing("polygon", &mut file.polygons.iter().map(Vec::as_slice)))
    {
        return Err(e);
    }
    for (i, t) in file.triangles.iter().enumerate() {
        let [a, b, c] = t.map(|v| point(file, v));
        if crate::geom::orient(a, b, c) < 0.0 {
            return Err((
                0,
                format!("triangle {i}: its corners go clockwise, not counter-clockwise"),
            ));
        }
    }
    Ok(())
}

/// Vertex `v` of `file`, which exists (see [`existing_vertices`]).
fn point(file: &NavMeshFile, v: u32) -> Point {
    let [x, y] = file.vertices[v as usize];
    Point::new(x, y)
}

/// Checks that each triangle's `neighbors` entry names, across each edge, the triangle on its
/// other side (-1: none), and that `components` (when given) joins exactly the triangles the
/// neighbours connect.
fn agreeing_neighbors(file: &NavMeshFile) -> Result<(), ReadError> {
    let count = file.triangles.len();
    if file.neighbors.len() != count {
        return Err((
            0,
            format!(
                "neighbors has {} for {count} triangles",
                crate::numbers::count(file.neighbors.len(), "row")
            ),
        ));
    }
    let edge = |t: &[u32; 3], k: usize| {
        let (a, b) = (t[k], t[(k + 1) % 3]);
        (a.min(b), a.max(b))
    };
    let mut by_edge: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
    for (i, t) in file.triangles.iter().enumerate() {
        for k in 0..3 {
            by_edge.entry(edge(t, k)).or_default().push(i);
        }
    }
    let mut groups = UnionFind::new(count);
    for (i, (t, neighbors)) in file.triangles.iter().zip(&file.neighbors).enumerate() {
        for (k, &n) in neighbors.iter().enumerate() {
            let (a, b) = edge(t, k);
            let across = by_edge[&(a, b)].iter().copied().find(|&j| j != i);
            match (n, across) {
                (-1, None) => {}
                (-1, Some(j)) => {
                    return Err((
                        0,
                        format!(
                            "triangle {i}: edge {a}-{b} is a wall (-1) but triangle {j} lies across it"
                        ),
                    ));
                }
                (n, Some(j)) if n == j as i64 => groups.union(i, j),
                (n, _) => {
                    return Err((
                        0,
                        format!(
                            "triangle {i}: neighbour {n} across edge {a}-{b} is not the triangle across it"
                        ),
                    ));
                }
            }
        }
    }
    if file.components.is_empty() {
        return Ok(());
    }
    if file.components.len() != count {
        return Err((
            0,
            format!(
                "components has {} for {count} triangles",
                crate::numbers::count(file.components.len(), "value")
            ),
        ));
    }
    // Joined triangles share a component, and each component is one joined group.
    let mut named: HashMap<usize, u32> = HashMap::new();
    let mut seen: HashMap<u32, usize> = HashMap::new();
    for (i, &c) in file.components.iter().enumerate() {
        let root = groups.find(i);
        let first = *named.entry(root).or_insert(c);
        let group = *seen.entry(c).or_insert(root);
        if first != c || group != root {
            return Err((
                0,
                format!(
                    "triangle {i}: component {c} does not match the triangles its neighbours join"
                ),
            ));
        }
    }
    Ok(())
}

/// Checks that each of the `polygons` runs counter-clockwise and that together they cover as
/// much ground as the triangles (to 1e-9 of it): polygons over other vertices, or only some of
/// the triangles, were read as another mesh. (Walls do not compare: a polygon edge that another
/// polygon's corner splits is one edge in the polygons and two in the triangles.)
fn agreeing_polygons(file: &NavMeshFile) -> Result<(), ReadError> {
    let area = |ring: &[u32]| {
        let points: Vec<Point> = ring.iter().map(|&v| point(file, v)).collect();
        crate::geom::signed_area(&points)
    };
    let mut polygons = 0.0;
    for (i, ring) in file.polygons.iter().enumerate() {
        // A polygon wound the other way would subtract its area: named, as the triangles are.
        let a = area(ring);
        if a < 0.0 {
            return Err((
                0,
                format!("polygon {i}: its corners go clockwise, not counter-clockwise"),
            ));
        }
        polygons += a;
    }
    let triangles: f64 = file.triangles.iter().map(|t| area(t)).sum();
    if (polygons - triangles).abs() <= 1e-9 * triangles.abs() {
        return Ok(());
    }
    Err((
        0,
        format!(
            "polygons disagree with triangles: they cover an area of {}, the triangles {}",
            crate::numbers::compact(polygons),
            crate::numbers::compact(triangles)
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two triangles sharing edge 1-2 (the unit square), in component 0.
    fn square() -> serde_json::Value {
        serde_json::json!({"format": NAVMESH_FORMAT, "version": 1, "agent_radius": 0.0,
            "vertices": [[0, 0], [1, 0], [0, 1], [1, 1]],
            "triangles": [[0, 1, 2], [2, 1, 3]],
            "neighbors": [[-1, 1, -1], [0, -1, -1]],
            "components": [0, 0]})
    }

    fn read(v: &serde_json::Value) -> Result<PolygonMesh, ReadError> {
        navmesh_json(&v.to_string()).map(|(mesh, _)| mesh)
    }

    /// Found by a hostile review: a vertex that does not exist was reported as a neighbour
    /// mismatch or an area of NaN, a clockwise triangle as a neighbour mismatch, and a clockwise
    /// polygon as an area the triangles disagree with.
    #[test]
    fn missing_vertices_and_clockwise_triangles_are_named() {
        let mut missing = square();
        missing["triangles"][1] = serde_json::json!([2, 1, 9]);
        let (_, message) = read(&missing).unwrap_err();
        assert_eq!(
            message,
            "triangle 1: vertex 9 does not exist (the file has 4)"
        );
        let mut polygon = square();
        polygon["polygons"] = serde_json::json!([[0, 1, 99]]);
        let (_, message) = read(&polygon).unwrap_err();
        assert_eq!(
            message,
            "polygon 0: vertex 99 does not exist (the file has 4)"
        );
        let mut clockwise = square();
        clockwise["triangles"][0] = serde_json::json!([2, 1, 0]);
        let (_, message) = read(&clockwise).unwrap_err();
        assert!(
            message.starts_with("triangle 0: its corners go clockwise"),
            "{message}"
        );
        // The square as one polygon, clockwise (counter-clockwise, it reads).
        let mut wound = square();
        wound["polygons"] = serde_json::json!([[2, 3, 1, 0]]);
        let mut square_polygon = wound.clone();
        square_polygon["polygons"] = serde_json::json!([[0, 1, 3, 2]]);
        assert!(read(&square_polygon).is_ok());
        let (_, wrong_way) = read(&wound).unwrap_err();
        assert_eq!(
            wrong_way,
            "polygon 0: its corners go clockwise, not counter-clockwise"
        );
    }

    /// Polygons that cover other ground than the triangles are refused: a file holding one of
    /// the square's two triangles as its only polygon was read as that triangle alone.
    #[test]
    fn polygons_must_cover_the_area_of_the_triangles() {
        let mut merged = square();
        merged["polygons"] = serde_json::json!([[0, 1, 3, 2]]);
        assert_eq!(read(&merged).unwrap().polygons, vec![vec![0, 1, 3, 2]]);
        let mut half = square();
        half["polygons"] = serde_json::json!([[0, 1, 2]]);
        assert_eq!(
            read(&half).unwrap_err().1,
            "polygons disagree with triangles: they cover an area of 0.5, the triangles 1"
        );
        let mut split = square();
        split["polygons"] = serde_json::json!([[0, 1, 2], [2, 1, 3], [1, 0, 2]]);
        assert!(read(&split).is_err());
    }

    /// A file whose neighbours or components disagree with its triangles is refused: every
    /// neighbour set to -1 was read as one joined area.
    #[test]
    fn neighbours_and_components_must_agree_with_the_triangles() {
        assert_eq!(read(&square()).unwrap().polygons.len(), 2);
        let mut walls = square();
        walls["neighbors"] = serde_json::json!([[-1, -1, -1], [-1, -1, -1]]);
        assert_eq!(
            read(&walls).unwrap_err().1,
            "triangle 0: edge 1-2 is a wall (-1) but triangle 1 lies across it"
        );
        let mut wrong = square();
        wrong["neighbors"] = serde_json::json!([[-1, 1, 1], [0, -1, -1]]);
        assert_eq!(
            read(&wrong).unwrap_err().1,
            "triangle 0: neighbour 1 across edge 0-2 is not the triangle across it"
        );
        let mut short = square();
        short["neighbors"] = serde_json::json!([[-1, 1, -1]]);
        assert_eq!(
            read(&short).unwrap_err().1,
            "neighbors has 1 row for 2 triangles"
        );
        let mut split = square();
        split["components"] = serde_json::json!([0, 1]);
        assert_eq!(
            read(&split).unwrap_err().1,
            "triangle 1: component 1 does not match the triangles its neighbours join"
        );
        let mut unnamed = square();
        unnamed["components"] = serde_json::json!([]);
        assert!(read(&unnamed).is_ok(), "components may be left out");
    }

    /// A newer version or a radius no agent has is refused; a syntax error names its line and
    /// column once (serde's own " at line L column C" was left in the message).
    #[test]
    fn the_header_is_checked_and_errors_name_their_place_once() {
        for (key, value, says) in [
            ("version", serde_json::json!(7), "version 7 is not one"),
            ("version", serde_json::json!(0), "version 0 is not one"),
            (
                "agent_radius",
                serde_json::json!(-3),
                "agent_radius -3 is not",
            ),
        ] {
            let mut file = square();
            file[key] = value;
            let (line, message) = read(&file).unwrap_err();
            assert_eq!(line, 0);
            assert!(message.starts_with(says), "{message}");
        }
        let mut missing = square();
        missing.as_object_mut().unwrap().remove("triangles");
        let (line, message) = read(&missing).unwrap_err();
        assert_eq!(line, 1);
        assert!(!message.contains(" at line "), "{message}");
        assert!(
            message.starts_with("missing field `triangles` (column "),
            "{message}"
        );
        // Found by a hostile review: a scene opened as a navmesh was "missing field
        // `vertices`"; its format is named instead.
        let scene = serde_json::json!({"format": "navscope-scene", "version": 1, "walkable": []});
        let (line, message) = read(&scene).unwrap_err();
        assert_eq!(line, 0);
        assert_eq!(
            message,
            "format is `navscope-scene`, not `navscope-navmesh`"
        );
    }
}
