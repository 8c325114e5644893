//! Reader for a navmesh stored as Wavefront OBJ faces in the y = 0 plane (y up, as navscope's
//! OBJ export writes it): the vertex (x, y, z) becomes the point (x, -z), every `f` line a
//! polygon (`v`, `v/vt`, `v//vn` and `v/vt/vn` references, negative ones counted from the end),
//! made counter-clockwise. Other statements are ignored; `#` comments and lines continued with a
//! trailing `\` are read as OBJ defines them.

use super::clip;
use super::joined_lines::joined_lines;
use super::navmesh_file::{ReadError, counter_clockwise};
use crate::geom::{Point, signed_area};
use crate::nav::PolygonMesh;

/// The faces of an OBJ file as polygons.
pub fn obj_mesh(text: &str) -> Result<PolygonMesh, ReadError> {
    let mut vertices = Vec::new();
    let mut polygons = Vec::new();
    // The height (y) of every vertex, to tell a z-up mesh from a flat one.
    let mut heights = Vec::new();
    for (n, line) in statements(text) {
        let mut fields = line.split_whitespace();
        match fields.next() {
            Some("v") => {
                let c: Vec<f64> = fields
                    .take(3)
                    .map(|s| s.parse::<f64>().ok().filter(|v| v.is_finite()))
                    .collect::<Option<_>>()
                    .filter(|c: &Vec<f64>| c.len() == 3)
                    .ok_or_else(|| (n, "a vertex needs three finite coordinates".to_string()))?;
                vertices.push(Point::new(c[0], -c[2] + 0.0));
                heights.push(c[1]);
            }
            Some("f") => {
                let face = fields
                    .map(|s| {
                        index(s, vertices.len()).ok_or_else(|| {
                            (
                                n,
                                format!(
                                    "`{}` is not a vertex of this file (there are {} so far)",
                                    clip(s),
                                    vertices.len()
                                ),
                            )
                        })
                    })
                    .collect::<Result<Vec<u32>, _>>()?;
                polygons.push(face);
            }
            _ => {}
        }
    }
    if polygons.is_empty() {
        return Err((0, "no faces (`f` lines)".into()));
    }
    let mesh = PolygonMesh { vertices, polygons };
    let flat = (0..mesh.polygons.len()).all(|i| signed_area(&mesh.points(i)) == 0.0);
    if flat && heights.iter().any(|&y| y != heights[0]) {
        return Err((
            0,
            "the faces have no area in the ground plane: navscope reads OBJ y-up, the vertex (x, y, z) as the point (x, -z); export the mesh y-up".into(),
        ));
    }
    Ok(counter_clockwise(mesh))
}

/// The statements of an OBJ text with the numbers of their first lines: a line ending in `\`
/// goes on on the next, and a `#` starts a comment that runs to the end of its line.
fn statements(text: &str) -> Vec<(usize, String)> {
    joined_lines(text, |line| {
        let line = line.split('#').next().unwrap_or_default().trim_end();
        Some(match line.strip_suffix('\\') {
            Some(rest) => (rest, true),
            None => (line, false),
        })
    })
}

/// The 0-based vertex of a face reference `v[/vt][/vn]` among `count` vertices read so far.
fn index(reference: &str, count: usize) -> Option<u32> {
    let v: i64 = reference.split('/').next()?.parse().ok()?;
    let i = match v {
        v if v > 0 => v - 1,
        v if v < 0 => count as i64 + v,
        _ => return None,
    };
    (0..count as i64).contains(&i).then_some(i as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn face_references_of_every_form_and_negative_indices_are_read() {
        let text = "# quad\no nav\nv 0 0 0\nv 2 0 0\nv 2 0 -1\nv 0 0 -1\nvt 0 0\nvn 0 1 0\n\
                    f 1/1/1 2//1 3/1\nf -4 -2 -1\n";
        let mesh = obj_mesh(text).unwrap();
        assert_eq!(mesh.vertices[2], Point::new(2.0, 1.0));
        assert_eq!(mesh.polygons, vec![vec![0, 1, 2], vec![0, 2, 3]]);
        assert_eq!(mesh.area(), 2.0);
        assert_eq!(obj_mesh("v 0 0 0\nf 1 0 1\n").unwrap_err().0, 2);
        assert_eq!(obj_mesh("v 0 0\n").unwrap_err().0, 1);
        assert_eq!(obj_mesh("v 0 0 0\n").unwrap_err().0, 0);
    }

    /// A z-up mesh (all of it at z = 0) projects onto a line: the error says why, not that a
    /// polygon winds the wrong way.
    #[test]
    fn a_z_up_mesh_is_named_as_such() {
        let (line, message) =
            obj_mesh("v 0 0 0\nv 10 0 0\nv 10 10 0\nv 0 10 0\nf 1 2 3 4\n").unwrap_err();
        assert_eq!(line, 0);
        assert!(message.contains("export the mesh y-up"), "{message}");
    }

    #[test]
    fn continued_lines_and_comments_are_read() {
        let text =
            "v 0 0 0 # origin\nv 2 0 0\nv 2 \\\n  0 -1\n# a face:\nf 1 2 \\\n3 # done\nf 1 x\n";
        let e = obj_mesh(text).unwrap_err();
        assert_eq!(e.0, 8, "{e:?}");
        let mesh = obj_mesh(&text.replace("f 1 x\n", "")).unwrap();
        assert_eq!(mesh.vertices[2], Point::new(2.0, 1.0));
        assert_eq!(mesh.polygons, vec![vec![0, 1, 2]]);
    }
}
