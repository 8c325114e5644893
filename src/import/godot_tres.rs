//! Reader for a Godot 4 `NavigationPolygon` (a `.tres` resource, or the `NavigationPolygon`
//! sub-resource of a `.tscn`): `vertices = PackedVector2Array(x, y, ..)` and
//! `polygons = Array[PackedInt32Array]([PackedInt32Array(i, ..), ..])` (or Godot 4.0's
//! `[PackedInt32Array(..), ..]`), on one line or spread over several. Godot's y points down:
//! (x, y) becomes (x, -y), and polygons are made counter-clockwise. The polygon is read in its
//! own coordinates: a `.tscn` with more than one `NavigationPolygon`, or whose
//! `NavigationRegion2D` node, or a node it is under (but the scene's root), is moved, turned or
//! scaled, is refused (each region's polygon saved as a `.tres` reads as it is), never half read
//! or read where it does not lie.

use super::clip;
use super::joined_lines::joined_lines;
use super::navmesh_file::{ReadError, counter_clockwise};
use crate::geom::Point;
use crate::nav::PolygonMesh;

/// The polygons of the resource's `NavigationPolygon`, and its `agent_radius` when it has one.
pub fn godot_tres(text: &str) -> Result<(PolygonMesh, Option<f64>), ReadError> {
    let mut in_section = false;
    let mut found_section = false;
    let mut vertices: Option<Vec<Point>> = None;
    let mut polygons: Option<Vec<Vec<u32>>> = None;
    let mut agent_radius = None;
    // The line of the NavigationRegion2D node section we are in.
    let mut region: Option<usize> = None;
    // The node section we are in (its path under the root, "" for the root), the lines and
    // paths of the regions, and the nodes under the root that are moved (line, property).
    let mut node: Option<String> = None;
    let mut regions: Vec<(usize, String)> = Vec::new();
    let mut moved: Vec<(String, usize, String)> = Vec::new();
    for (n, line) in statements(text) {
        let line = line.as_str();
        if line.starts_with('[') {
            node = line.starts_with("[node").then(|| node_path(line));
            if let Some(path) = &node
                && line.contains("type=\"NavigationRegion2D\"")
            {
                regions.push((n, path.clone()));
            }
            let is_nav = line.contains("type=\"NavigationPolygon\"");
            if is_nav && found_section {
                return Err((
                    n,
                    "a second NavigationPolygon: navscope reads one (save each region's as a .tres)"
                        .into(),
                ));
            }
            region = (line.starts_with("[node") && line.contains("type=\"NavigationRegion2D\""))
                .then_some(n);
            // A .tres names its type in the header and holds the properties under [resource].
            in_section = is_nav && line.starts_with("[sub_resource")
                || line == "[resource]" && found_section;
            found_section |= is_nav;
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        if let Some(path) = node.as_ref().filter(|p| !p.is_empty())
            && TRANSFORMS.contains(&key.trim())
        {
            moved.push((path.clone(), n, key.trim().to_string()));
        }
        if let Some(at) = region
            && TRANSFORMS.contains(&key.trim())
        {
            return Err((
                n,
                format!(
                    "the NavigationRegion2D of line {at} has a `{}`: navscope reads the polygon without node transforms (apply it, or save the polygon as a .tres)",
                    key.trim()
                ),
            ));
        }
        if !in_section {
            continue;
        }
        match key.trim() {
            "vertices" => {
                let numbers = numbers(call(value.trim(), "PackedVector2Array", n)?, n)?;
                if !numbers.len().is_multiple_of(2) {
                    return Err((n, "vertices: an odd number of coordinates".into()));
                }
                let points = numbers.chunks(2).map(|c| Point::new(c[0], -c[1] + 0.0));
                vertices = Some(points.collect());
            }
            "polygons" => polygons = Some(polygon_list(value.trim(), n)?),
            "agent_radius" => match numbers(value.trim(), n)?.as_slice() {
                &[r] if r >= 0.0 => agent_radius = Some(r),
                _ => return Err((n, "agent_radius: not one finite number >= 0".into())),
            },
            _ => {}
        }
    }
    for (at, path) in &regions {
        let under = |(parent, _, _): &&(String, usize, String)| {
            path.strip_prefix(parent.as_str())
                .is_some_and(|rest| rest.starts_with('/'))
        };
        if let Some((parent, line, key)) = moved.iter().find(under) {
            return Err((
                *line,
                format!(
                    "the NavigationRegion2D of line {at} is under node `{parent}`, which has a `{key}`: navscope reads the polygon without node transforms (apply it, or save the polygon as a .tres)"
                ),
            ));
        }
    }
    if !found_section {
        return Err((0, "no NavigationPolygon resource in the file".into()));
    }
    let vertices = vertices.ok_or((0, "the NavigationPolygon has no `vertices`".to_string()))?;
    let polygons = polygons.ok_or((0, "the NavigationPolygon has no `polygons`".to_string()))?;
    let mesh = counter_clockwise(PolygonMesh { vertices, polygons });
    Ok((mesh, agent_radius))
}

/// The statements of a resource text with the numbers of their first lines, trimmed: a value
/// whose brackets are still open at the end of its line goes on over the next lines (brackets
/// in quoted strings do not count). `;` comment lines are left out.
fn statements(text: &str) -> Vec<(usize, String)> {
    let mut depth = 0i64;
    joined_lines(text, |line| {
        let line = line.trim();
        if line.starts_with(';') {
            return None;
        }
        let (mut quoted, mut escaped) = (false, false);
        for c in line.chars() {
            match c {
                _ if escaped => escaped = false,
                '\\' if quoted => escaped = true,
                '"' => quoted = !quoted,
                '(' | '[' | '{' if !quoted => depth += 1,
                ')' | ']' | '}' if !quoted => depth = (depth - 1).max(0),
                _ => {}
            }
        }
        Some((line, depth > 0))
    })
}

/// The properties of a node that move, turn or scale it.
const TRANSFORMS: [&str; 5] = ["position", "rotation", "scale", "skew", "transform"];

/// The path under the scene's root of the node whose section header is `header` (`""` for the
/// root, which has no `parent`): `parent/name`, or `name` for a child of the root (`parent=".").
fn node_path(header: &str) -> String {
    let attribute = |key: &str| {
        let start = header.find(&format!(" {key}=\""))? + key.len() + 3;
        let len = header[start..].find('"')?;
        Some(&header[start..start + len])
    };
    match (attribute("parent"), attribute("name")) {
        (None, _) => String::new(),
        (Some("."), name) => name.unwrap_or_default().to_string(),
        (Some(parent), name) => format!("{parent}/{}", name.unwrap_or_default()),
    }
}

/// The text inside `name( .. )`.
fn call<'a>(value: &'a str, name: &str, line: usize) -> Result<&'a str, ReadError> {
    value
        .strip_prefix(name)
        .and_then(|v| v.trim_start().strip_prefix('('))
        .and_then(|v| v.strip_suffix(')'))
        .ok_or_else(|| {
            (
                line,
                format!("expected {name}(...), found `{}`", clip(value)),
            )
        })
}

/// `[PackedInt32Array(..), ..]`, optionally wrapped as `Array[PackedInt32Array]( .. )`.
fn polygon_list(value: &str, line: usize) -> Result<Vec<Vec<u32>>, ReadError> {
    let inner = match value.strip_prefix("Array[PackedInt32Array]") {
        Some(rest) => call(rest.trim(), "", line)?,
        None => value,
    };
    let inner = inner
        .trim()
        .strip_prefix('[')
        .and_then(|v| v.strip_suffix(']'))
        .ok_or_else(|| {
            (
                line,
                format!("polygons: expected a [...] list, found `{}`", clip(value)),
            )
        })?;
    let mut polygons = Vec::new();
    let mut rest = inner.trim();
    while !rest.is_empty() {
        let end = rest.find(')').ok_or_else(|| {
            (
                line,
                "polygons: a PackedInt32Array is not closed".to_string(),
            )
        })?;
        let ids = numbers(call(&rest[..=end], "PackedInt32Array", line)?, line)?;
        let ids = ids
            .iter()
            .map(|&v| {
                (v >= 0.0 && v.fract() == 0.0 && v <= f64::from(u32::MAX))
                    .then_some(v as u32)
                    .ok_or_else(|| (line, format!("polygons: `{v}` is not a vertex index")))
            })
            .collect::<Result<Vec<u32>, _>>()?;
        polygons.push(ids);
        rest = rest[end + 1..].trim_start();
        rest = match rest.strip_prefix(',') {
            Some(r) => r.trim_start(),
            None if rest.is_empty() => rest,
            None => return Err((line, format!("polygons: unexpected `{}`", clip(rest)))),
        };
    }
    Ok(polygons)
}

/// Comma-separated finite numbers.
fn numbers(list: &str, line: usize) -> Result<Vec<f64>, ReadError> {
    if list.trim().is_empty() {
        return Ok(Vec::new());
    }
    list.split(',')
        .map(|s| {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| (line, format!("`{}` is not a finite number", clip(s.trim()))))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scene_sub_resource_in_the_godot_4_0_list_form_is_read_y_flipped() {
        let tscn = "[gd_scene load_steps=2 format=3]\n\n\
            [sub_resource type=\"NavigationPolygon\" id=\"nav\"]\n\
            vertices = PackedVector2Array(0, 0, 4, 0, 4, 2, 0, 2)\n\
            polygons = [PackedInt32Array(0, 1, 2, 3)]\n\n\
            [node name=\"Region\" type=\"NavigationRegion2D\"]\n\
            polygons = [PackedInt32Array(9)]\n";
        let mesh = godot_tres(tscn).unwrap().0;
        assert_eq!(mesh.vertices[2], Point::new(4.0, -2.0));
        // Clockwise once flipped, so reversed to counter-clockwise.
        assert_eq!(mesh.polygons, vec![vec![3, 2, 1, 0]]);
        assert_eq!(mesh.area(), 8.0);
    }

    #[test]
    fn a_scene_is_read_whole_or_refused() {
        let nav = |id: &str| {
            format!(
                "[sub_resource type=\"NavigationPolygon\" id=\"{id}\"]\n\
                 vertices = PackedVector2Array(0, 0, 4, 0, 4, 2)\n\
                 polygons = [PackedInt32Array(0, 1, 2)]\n\n"
            )
        };
        let region = |id: &str, extra: &str| {
            format!(
                "[node name=\"R{id}\" type=\"NavigationRegion2D\" parent=\".\"]\n\
                 {extra}navigation_polygon = SubResource(\"{id}\")\n\n"
            )
        };
        let head = "[gd_scene format=3]\n\n";
        let root = "[node name=\"Root\" type=\"Node2D\"]\nposition = Vector2(3, 4)\n\n";
        // A moved root is no region: read.
        let one = format!("{head}{}{root}{}", nav("A"), region("A", ""));
        assert_eq!(godot_tres(&one).unwrap().0.polygons.len(), 1);
        // Two regions' polygons: the second was dropped without a word.
        let two = format!("{head}{}{}{root}", nav("A"), nav("B"));
        let (line, message) = godot_tres(&two).unwrap_err();
        assert_eq!(line, 7);
        assert!(message.contains("a second NavigationPolygon"), "{message}");
        // A moved region: its polygon was read where it was not.
        let moved = format!(
            "{head}{root}{}{}",
            nav("A"),
            region("A", "position = Vector2(100, 50)\n")
        );
        let (line, message) = godot_tres(&moved).unwrap_err();
        assert_eq!(line, 11);
        assert!(message.contains("line 10 has a `position`"), "{message}");
        // A region under a moved node (not the root): read where it does not lie, silently.
        let rooms = "[node name=\"Rooms\" type=\"Node2D\" parent=\".\"]\nscale = Vector2(2, 2)\n\n";
        let under = |parent: &str| {
            format!(
                "[node name=\"RA\" type=\"NavigationRegion2D\" parent=\"{parent}\"]\n\
                 navigation_polygon = SubResource(\"A\")\n\n"
            )
        };
        let nested = format!("{head}{}{root}{rooms}{}", nav("A"), under("Rooms"));
        let (line, message) = godot_tres(&nested).unwrap_err();
        assert_eq!(line, 11);
        assert!(
            message.contains("line 13 is under node `Rooms`, which has a `scale`"),
            "{message}"
        );
        // Two levels down, and a sibling named like a prefix that is not an ancestor.
        let deeper = format!("{head}{}{root}{rooms}{}", nav("A"), under("Rooms/Floor"));
        assert!(godot_tres(&deeper).is_err());
        let sibling = format!("{head}{}{root}{rooms}{}", nav("A"), under("RoomsB"));
        assert_eq!(godot_tres(&sibling).unwrap().0.polygons.len(), 1);
    }

    #[test]
    fn values_spread_over_lines_are_read_whole() {
        let tres = "[gd_resource type=\"NavigationPolygon\" format=3]\n\n[resource]\n\
            ; a comment with an open bracket [ (\n\
            resource_name = \"a (b\"\n\
            vertices = PackedVector2Array(0, 0,\n  4, 0, 4, 2,\n  0, 2)\n\
            polygons = Array[PackedInt32Array]([\n  PackedInt32Array(0, 1, 2),\n  \
            PackedInt32Array(0, 2, 3)\n])\n\
            polygons_x = 1\n";
        let mesh = godot_tres(tres).unwrap().0;
        assert_eq!(mesh.vertices.len(), 4);
        assert_eq!(mesh.polygons.len(), 2);
        assert_eq!(mesh.area(), 8.0);
        // An error names the statement's first line.
        let bad = tres.replace("4, 0, 4, 2", "4, 0, x, 2");
        assert_eq!(godot_tres(&bad).unwrap_err().0, 6);
    }

    #[test]
    fn malformed_values_name_the_line() {
        let head = "[gd_resource type=\"NavigationPolygon\" format=3]\n\n[resource]\n";
        for (body, line) in [
            ("vertices = PackedVector2Array(0, x)\n", 4),
            ("vertices = Vector2(0, 0)\n", 4),
            (
                "vertices = PackedVector2Array()\npolygons = [PackedInt32Array(0, -1)]\n",
                5,
            ),
            (
                "vertices = PackedVector2Array()\npolygons = [PackedInt32Array(0, 1\n",
                5,
            ),
        ] {
            assert_eq!(
                godot_tres(&format!("{head}{body}")).unwrap_err().0,
                line,
                "{body}"
            );
        }
        assert_eq!(
            godot_tres("[gd_resource type=\"Theme\"]\n").unwrap_err().0,
            0
        );
    }
}
