//! SVG drawings (`.svg`) to scenes, read with `usvg` (which resolves styles, `<use>`, transforms
//! and the viewBox, and turns rects, circles, polygons and the like into paths).
//!
//! Every visible shape becomes the region it fills, in document (painting) order: a walkable
//! area when its `id`, `class` or Inkscape layer name (`inkscape:label`), or those of a group
//! or `<use>` it is in, contain `walkable` (ASCII case-insensitive), else an obstacle, named by
//! its `id` (or the nearest group's, or for a `<use>` without one, the id of what it copies).
//! A `<use>` of a walkable element is walkable, and a `<use>` of a group is written out as a
//! copy of it (`svg_uses`), so that its shapes keep their own names and marks. The region follows the shape's `fill-rule`
//! (non-zero unless `evenodd`): a subpath inside another is a hole where the rule says so, and
//! a region with holes is painted as pieces without holes (cut through each hole). A shape of
//! one simple subpath stays that ring as drawn. Coordinates are the canvas's (the `width` x
//! `height` user space after the viewBox is applied, in CSS pixels: 1 mm is 3.78) with y
//! flipped to point up: `y -> height - y`. Curves and arcs are flattened so no point of the
//! curve is farther than [`FLATTEN_TOLERANCE`] x max(width, height) from the polygon. With no
//! walkable shape the canvas rectangle `[0, width] x [0, height]` is the walkable ground,
//! painted first.

use super::escape_controls;
use super::svg_uses::{copied_name, elements_by_id, used, write_out_uses};
use crate::geom::{Point, Ring, signed_area};
use crate::nav::build::polygon_ops::{filled, without_holes};
use crate::numbers::compact;
use crate::scene::{AreaKind, MAX_COORDINATE, Scene};
use std::collections::{HashMap, HashSet};
use thiserror::Error;
use usvg::tiny_skia_path::{self, PathSegment};

/// Largest distance between a curve and its flattened polygon, relative to the larger side of
/// the canvas.
pub const FLATTEN_TOLERANCE: f64 = 1e-3;

/// The word that makes a shape walkable when its `id` or `class` contains it.
const WALKABLE: &str = "walkable";

/// Prefix of the ids given to elements that have none but are walkable by class, layer name or
/// what they copy, or name a copy (never shown as names).
const SYNTHETIC_ID: &str = "navscope-mark-";

/// Inkscape's namespace, for a layer's `inkscape:label`.
const INKSCAPE: &str = "http://www.inkscape.org/namespaces/inkscape";

/// Why an SVG file could not be read.
#[derive(Debug, Error, PartialEq)]
pub enum SvgError {
    /// usvg rejected the document (its message carries the line and column).
    #[error("SVG: {0}")]
    Parse(String),
    /// A stroke-only shape whose outline is not closed, so it bounds no area.
    #[error("SVG: {element} is an open path without fill; close it (Z) or give it a fill")]
    OpenPath { element: String },
    /// A shape's geometry holds a number beyond the coordinates a scene holds (usvg, which
    /// reads it as a 32-bit float, would drop the shape without a word).
    #[error(
        "SVG: <{element}>: `{attribute}` holds {number}, out of range (at most {MAX_COORDINATE:e})"
    )]
    HugeNumber {
        element: String,
        attribute: String,
        number: String,
    },
    /// A shape with a point beyond the coordinates a scene holds.
    #[error(
        "SVG: {element} has the point ({x}, {y}), out of range (|x|, |y| at most {MAX_COORDINATE:e})"
    )]
    OutOfRange {
        element: String,
        x: String,
        y: String,
    },
}

/// One area of a drawing: a counter-clockwise ring, walkable or obstacle, named by the shape's id.
#[derive(Clone, Debug, PartialEq)]
pub struct SvgArea {
    pub name: String,
    pub walkable: bool,
    pub ring: Ring,
}

/// The areas of an SVG document in painting order (see the module docs for the conventions).
pub fn parse_svg(text: &str) -> Result<Vec<SvgArea>, SvgError> {
    let marked = mark_walkable_classes(&write_out_uses(text))?;
    let tree = usvg::Tree::from_str(&marked.text, &usvg::Options::default())
        .map_err(|e| SvgError::Parse(escape_controls(&e.to_string())))?;
    let size = tree.size();
    let (width, height) = (f64::from(size.width()), f64::from(size.height()));
    let reader = Reader {
        height,
        tolerance: FLATTEN_TOLERANCE * width.max(height),
        marked: &marked,
    };
    let mut areas = Vec::new();
    reader.group(tree.root(), Owner::default(), &mut areas, &mut 0)?;
    if !areas.iter().any(|a| a.walkable) {
        let canvas = vec![
            Point::new(0.0, 0.0),
            Point::new(width, 0.0),
            Point::new(width, height),
            Point::new(0.0, height),
        ];
        areas.insert(
            0,
            SvgArea {
                name: "canvas".into(),
                walkable: true,
                ring: Ring::new(canvas),
            },
        );
    }
    Ok(areas)
}

/// The scene of an SVG document (radius 0): its areas painted in document order.
pub fn svg_scene(text: &str) -> Result<Scene, SvgError> {
    let areas = parse_svg(text)?.into_iter().map(|area| {
        let kind = if area.walkable {
            AreaKind::Walkable
        } else {
            AreaKind::Obstacle
        };
        (kind, area.name, area.ring)
    });
    Ok(Scene::from_areas(0.0, areas))
}

/// The document with an id on every element that is walkable by class, layer name or what it
/// copies, or that names a copy (usvg keeps ids but drops classes, and drops the ids inside a
/// `<use>`'s copy): the ids that are walkable, and the names of the ids made up.
struct Marked {
    text: String,
    walkable_ids: HashSet<String>,
    names: HashMap<String, String>,
}

impl Marked {
    fn is_walkable(&self, id: &str) -> bool {
        contains_walkable(id) || self.walkable_ids.contains(id)
    }

    /// The name an id shows: itself, or for one made up, the name it stands for.
    fn name<'a>(&'a self, id: &'a str) -> &'a str {
        match self.names.get(id) {
            Some(name) => copied_name(name),
            None if id.starts_with(SYNTHETIC_ID) => "",
            None => copied_name(id),
        }
    }
}

fn mark_walkable_classes(text: &str) -> Result<Marked, SvgError> {
    let options = usvg::roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc = usvg::roxmltree::Document::parse_with_options(text, options)
        .map_err(|e| SvgError::Parse(escape_controls(&e.to_string())))?;
    no_huge_numbers(&doc)?;
    let by_id = elements_by_id(&doc);
    let mut walkable_ids = HashSet::new();
    let mut names = HashMap::new();
    let mut inserts = Vec::new();
    for node in doc.descendants().filter(|n| n.is_element()) {
        let copied = used(&node, &by_id);
        let walkable = marked_walkable(&node) || copied.is_some_and(|c| marked_walkable(&c));
        let copy_name = copied.and_then(|c| c.attribute("id"));
        match node.attribute("id") {
            Some(id) if walkable => {
                walkable_ids.insert(id.to_string());
            }
            Some(_) => {}
            None if walkable || copy_name.is_some() => {
                // After `<` and the tag name as written (with any prefix).
                let start = node.range().start + 1;
                let name_len = text[start..]
                    .find(|c: char| c.is_whitespace() || c == '/' || c == '>')
                    .unwrap_or(text.len() - start);
                let id = format!("{SYNTHETIC_ID}{}", inserts.len());
                if walkable {
                    walkable_ids.insert(id.clone());
                }
                if let Some(name) = copy_name {
                    names.insert(id.clone(), name.to_string());
                }
                inserts.push((start + name_len, format!(" id=\"{id}\"")));
            }
            None => {}
        }
    }
    let mut marked = text.to_string();
    for (at, attribute) in inserts.into_iter().rev() {
        marked.insert_str(at, &attribute);
    }
    Ok(Marked {
        text: marked,
        walkable_ids,
        names,
    })
}

/// Whether an element is walkable by its own id, class or Inkscape layer name.
pub(super) fn marked_walkable(node: &usvg::roxmltree::Node) -> bool {
    [
        node.attribute("id"),
        node.attribute("class"),
        node.attribute((INKSCAPE, "label")),
    ]
    .into_iter()
    .flatten()
    .any(contains_walkable)
}

fn contains_walkable(s: &str) -> bool {
    s.to_ascii_lowercase().contains(WALKABLE)
}

/// Walks usvg's tree, flattening and flipping each path.
struct Reader<'a> {
    height: f64,
    tolerance: f64,
    marked: &'a Marked,
}

/// What a shape takes from the groups it is in: walkable when one of them is, and the nearest
/// one's name.
#[derive(Clone, Copy, Default)]
struct Owner<'a> {
    walkable: bool,
    name: &'a str,
}

impl<'a> Owner<'a> {
    /// What `id` (of a group or a shape inside this owner) makes of it.
    fn with(self, id: &'a str, marked: &'a Marked) -> Owner<'a> {
        let name = marked.name(id);
        Owner {
            walkable: self.walkable || marked.is_walkable(id),
            name: if name.is_empty() { self.name } else { name },
        }
    }
}

impl Reader<'_> {
    /// `count` numbers the shapes (1-based) for error messages about shapes without a name.
    fn group(
        &self,
        group: &usvg::Group,
        owner: Owner,
        areas: &mut Vec<SvgArea>,
        count: &mut usize,
    ) -> Result<(), SvgError> {
        for node in group.children() {
            match node {
                usvg::Node::Group(g) => {
                    self.group(g, owner.with(g.id(), self.marked), areas, count)?
                }
                usvg::Node::Path(p) => {
                    *count += 1;
                    self.path(p, owner.with(p.id(), self.marked), areas, *count)?;
                }
                usvg::Node::Image(_) | usvg::Node::Text(_) => {}
            }
        }
        Ok(())
    }

    fn path(
        &self,
        path: &usvg::Path,
        owner: Owner,
        areas: &mut Vec<SvgArea>,
        count: usize,
    ) -> Result<(), SvgError> {
        if !path.is_visible() {
            return Ok(());
        }
        let Owner { walkable, name } = owner;
        let transform = path.abs_transform();
        let map = |p: tiny_skia_path::Point| {
            let (x, y) = (f64::from(p.x), f64::from(p.y));
            let t = transform;
            Point::new(
                f64::from(t.sx) * x + f64::from(t.kx) * y + f64::from(t.tx),
                self.height - (f64::from(t.ky) * x + f64::from(t.sy) * y + f64::from(t.ty)),
            )
        };
        let mut rings: Vec<(Vec<Point>, bool)> = Vec::new();
        for segment in path.data().segments() {
            match segment {
                PathSegment::MoveTo(p) => rings.push((vec![map(p)], false)),
                PathSegment::LineTo(p) => last(&mut rings).push(map(p)),
                PathSegment::QuadTo(c, p) => {
                    let ring = last(&mut rings);
                    let p0 = *ring.last().expect("a subpath starts with a point");
                    let (c, p) = (map(c), map(p));
                    let n = segments_for(((p0 - c * 2.0) + p).length() * 2.0, self.tolerance);
                    ring.extend((1..=n).map(|i| {
                        let t = i as f64 / n as f64;
                        let s = 1.0 - t;
                        p0 * (s * s) + c * (2.0 * s * t) + p * (t * t)
                    }));
                }
                PathSegment::CubicTo(c1, c2, p) => {
                    let ring = last(&mut rings);
                    let p0 = *ring.last().expect("a subpath starts with a point");
                    let (c1, c2, p) = (map(c1), map(c2), map(p));
                    let bend = ((p0 - c1 * 2.0) + c2)
                        .length()
                        .max(((c1 - c2 * 2.0) + p).length());
                    let n = segments_for(6.0 * bend, self.tolerance);
                    ring.extend((1..=n).map(|i| {
                        let t = i as f64 / n as f64;
                        let s = 1.0 - t;
                        p0 * (s * s * s)
                            + c1 * (3.0 * s * s * t)
                            + c2 * (3.0 * s * t * t)
                            + p * (t * t * t)
                    }));
                }
                PathSegment::Close => {
                    if let Some(r) = rings.last_mut() {
                        r.1 = true;
                    }
                }
            }
        }
        let element = || match name.is_empty() {
            true => format!("shape {count}"),
            false => format!("shape '{name}'"),
        };
        let far = |p: &&Point| !(p.x.abs() <= MAX_COORDINATE && p.y.abs() <= MAX_COORDINATE);
        if let Some(p) = rings.iter().flat_map(|(r, _)| r).find(far) {
            let (x, y) = (compact(p.x), compact(p.y));
            let element = element();
            return Err(SvgError::OutOfRange { element, x, y });
        }
        let mut contours = Vec::with_capacity(rings.len());
        for (mut points, closed) in rings {
            if !closed && path.fill().is_none() {
                let element = element();
                return Err(SvgError::OpenPath { element });
            }
            points.dedup();
            if points.len() > 1 && points.first() == points.last() {
                points.pop();
            }
            if points.len() >= 3 {
                contours.push(points);
            }
        }
        let even_odd = (path.fill()).is_some_and(|f| f.rule() == usvg::FillRule::EvenOdd);
        let as_drawn = contours.len() == 1 && !even_odd && signed_area(&contours[0]) != 0.0;
        if !as_drawn {
            contours = (filled(&contours, even_odd).iter())
                .flat_map(without_holes)
                .collect();
        }
        for mut points in contours {
            let area = signed_area(&points);
            if points.len() < 3 || area == 0.0 {
                continue;
            }
            if area < 0.0 {
                points.reverse();
            }
            areas.push(SvgArea {
                name: name.to_string(),
                walkable,
                ring: Ring::new(points),
            });
        }
        Ok(())
    }
}

/// The attributes that place a shape.
const GEOMETRY: [&str; 15] = [
    "d", "points", "x", "y", "width", "height", "cx", "cy", "r", "rx", "ry", "x1", "y1", "x2", "y2",
];

/// Refuses a shape whose geometry holds a number beyond [`MAX_COORDINATE`].
fn no_huge_numbers(doc: &usvg::roxmltree::Document) -> Result<(), SvgError> {
    for node in doc.descendants().filter(|n| n.is_element()) {
        for attribute in node.attributes().filter(|a| GEOMETRY.contains(&a.name())) {
            let huge = numbers_in(attribute.value()).find(|v| v.abs() > MAX_COORDINATE);
            if let Some(v) = huge {
                let tag = node.tag_name().name();
                let element = match node.attribute("id") {
                    Some(id) => format!("{tag} id=\"{}\"", super::clip(id)),
                    None => tag.to_string(),
                };
                return Err(SvgError::HugeNumber {
                    element,
                    attribute: attribute.name().to_string(),
                    number: compact(v),
                });
            }
        }
    }
    Ok(())
}

/// The numbers written in an attribute value, as SVG writes them (`-1.5e3`, `.5`, `3.`; path
/// commands, units and separators between them are skipped).
fn numbers_in(value: &str) -> impl Iterator<Item = f64> + '_ {
    let bytes = value.as_bytes();
    let mut at = 0;
    let digits = move |mut k: usize| {
        while k < bytes.len() && bytes[k].is_ascii_digit() {
            k += 1;
        }
        k
    };
    std::iter::from_fn(move || {
        while at < bytes.len() {
            let start = at;
            let mut k = start + usize::from(matches!(bytes[start], b'+' | b'-'));
            let whole = digits(k);
            let mut end = whole;
            if end < bytes.len() && bytes[end] == b'.' {
                end = digits(end + 1);
            }
            // A number has a digit before or after its point.
            if end - k <= usize::from(end > whole) {
                at = start + 1;
                continue;
            }
            k = end;
            if k < bytes.len() && matches!(bytes[k], b'e' | b'E') {
                let sign = usize::from(matches!(bytes.get(k + 1), Some(b'+' | b'-')));
                let exponent = digits(k + 1 + sign);
                if exponent > k + 1 + sign {
                    end = exponent;
                }
            }
            at = end;
            return value[start..end].parse::<f64>().ok();
        }
        None
    })
}

/// The open ring a segment extends (usvg starts every subpath with a MoveTo).
fn last(rings: &mut [(Vec<Point>, bool)]) -> &mut Vec<Point> {
    &mut rings.last_mut().expect("a subpath starts with MoveTo").0
}

/// Uniform steps for a Bézier curve whose second derivative is at most `second` in length so
/// the chords stay within `tolerance` of it (a chord of a step h deviates at most second*h^2/8).
fn segments_for(second: f64, tolerance: f64) -> usize {
    ((second / (8.0 * tolerance)).sqrt().ceil() as usize).clamp(1, 1000)
}
