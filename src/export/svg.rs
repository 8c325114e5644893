//! SVG pictures of a `DrawList` (scene, free space, mesh, corridors, paths), world y up.

use crate::geom::{Aabb, Point};
use crate::viz::{DrawList, Primitive, Rgba, Theme};
use std::fmt::Write;

/// Renders `list` into an SVG document about `width` pixels wide, framing `bounds`.
pub fn svg(list: &DrawList, bounds: Aabb, width: f64, theme: Theme) -> String {
    let frame = Frame::new(bounds, width);
    let (scale, height) = (frame.scale, frame.height);
    let xy = |p: Point| frame.xy(p);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{height}" viewBox="0 0 {w} {height}">"#,
        w = width.ceil()
    );
    let _ = writeln!(
        out,
        r#"<rect width="100%" height="100%" fill="{}"/>"#,
        background(theme).hex()
    );
    for item in list.sorted() {
        let paint = item.style.paint(theme);
        let fill = |filled: bool| {
            if filled && paint.fill.3 > 0 {
                format!(
                    r#"fill="{}" fill-opacity="{:.3}""#,
                    paint.fill.hex(),
                    paint.fill.alpha()
                )
            } else {
                r#"fill="none""#.to_string()
            }
        };
        let stroke = if paint.stroke.3 > 0 && paint.width > 0.0 {
            let dash = if paint.dashed {
                r#" stroke-dasharray="6 4""#
            } else {
                ""
            };
            format!(
                r#"stroke="{}" stroke-opacity="{:.3}" stroke-width="{}" stroke-linejoin="round"{dash}"#,
                paint.stroke.hex(),
                paint.stroke.alpha(),
                paint.width
            )
        } else {
            r#"stroke="none""#.to_string()
        };
        let points = |pts: &[Point]| {
            pts.iter()
                .map(|&p| {
                    let (x, y) = xy(p);
                    format!("{x:.2},{y:.2}")
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        match &item.primitive {
            Primitive::Polygon(pts) => {
                let _ = writeln!(
                    out,
                    r#"<polygon points="{}" {} {}/>"#,
                    points(pts),
                    fill(true),
                    stroke
                );
            }
            Primitive::Polyline(pts) => {
                let _ = writeln!(
                    out,
                    r#"<polyline points="{}" fill="none" {}/>"#,
                    points(pts),
                    stroke
                );
            }
            Primitive::Segments(segs) => {
                let mut d = String::new();
                for [a, c] in segs {
                    let ((x0, y0), (x1, y1)) = (xy(*a), xy(*c));
                    let _ = write!(d, "M{x0:.2} {y0:.2}L{x1:.2} {y1:.2}");
                }
                let _ = writeln!(out, r#"<path d="{d}" fill="none" {stroke}/>"#);
            }
            Primitive::Triangles(tris) => {
                let mut d = String::new();
                for t in tris {
                    let [(x0, y0), (x1, y1), (x2, y2)] = t.map(xy);
                    let _ = write!(d, "M{x0:.2} {y0:.2}L{x1:.2} {y1:.2}L{x2:.2} {y2:.2}Z");
                }
                let _ = writeln!(out, r#"<path d="{d}" {} stroke="none"/>"#, fill(true));
            }
            Primitive::Circle { center, radius } => {
                let (x, y) = xy(*center);
                let _ = writeln!(
                    out,
                    r#"<circle cx="{x:.2}" cy="{y:.2}" r="{:.2}" {} {}/>"#,
                    radius * scale,
                    fill(true),
                    stroke
                );
            }
            Primitive::Marker { at, size } => {
                let (x, y) = xy(*at);
                let _ = writeln!(
                    out,
                    r#"<circle cx="{x:.2}" cy="{y:.2}" r="{:.1}" {} {}/>"#,
                    size * 0.5,
                    fill(true),
                    stroke
                );
            }
            Primitive::Label { at, text } => {
                let (x, y) = xy(*at);
                // XML 1.0 has no way to write control characters but tab and line breaks.
                let text: String = (text.chars())
                    .map(|c| match c {
                        '\t' | '\n' | '\r' => c,
                        c if c.is_control() => '\u{FFFD}',
                        c => c,
                    })
                    .collect();
                let text = text
                    .replace('&', "&amp;")
                    .replace('<', "&lt;")
                    .replace('>', "&gt;");
                let _ = writeln!(
                    out,
                    r#"<text x="{x:.2}" y="{y:.2}" font-family="sans-serif" font-size="12" fill="{}">{text}</text>"#,
                    paint.stroke.hex()
                );
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The picture's background colour.
pub(super) fn background(theme: Theme) -> Rgba {
    match theme {
        Theme::Dark => Rgba(0x1e, 0x21, 0x27, 255),
        Theme::Light => Rgba(255, 255, 255, 255),
    }
}

/// Where the world lands in a picture `width` pixels wide framing `bounds` (3% margin), y up.
pub(super) struct Frame {
    min: Point,
    max_y: f64,
    pub scale: f64,
    pub height: f64,
}

impl Frame {
    pub fn new(bounds: Aabb, width: f64) -> Frame {
        let margin = 0.03 * bounds.width().max(bounds.height()).max(1e-9);
        Frame::exact(bounds.expanded(margin), width)
    }

    /// The frame whose edges are `b`'s (no margin).
    pub fn exact(b: Aabb, width: f64) -> Frame {
        let scale = width / b.width().max(1e-12);
        Frame {
            min: b.min,
            max_y: b.max.y,
            scale,
            height: (b.height() * scale).ceil().max(1.0),
        }
    }

    /// Pixel coordinates of world point `p`.
    pub fn xy(&self, p: Point) -> (f64, f64) {
        (
            (p.x - self.min.x) * self.scale,
            (self.max_y - p.y) * self.scale,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::viz::{Layer, Style};

    /// A label with a control character (a name from a file) is still well-formed XML.
    #[test]
    fn labels_are_escaped_into_well_formed_xml() {
        let mut list = DrawList::default();
        let label = Primitive::Label {
            at: Point::new(1.0, 1.0),
            text: "a<b & \"c\" \u{1}".into(),
        };
        list.push(Layer::Obstacles, Style::Obstacle, label);
        let bounds = Aabb::from_points([Point::new(0.0, 0.0), Point::new(2.0, 2.0)]);
        let text = svg(&list, bounds, 100.0, Theme::Light);
        assert!(
            text.contains(">a&lt;b &amp; \"c\" \u{FFFD}</text>"),
            "{text}"
        );
        roxmltree::Document::parse(&text).expect("well-formed XML");
    }
}
