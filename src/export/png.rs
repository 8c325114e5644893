//! PNG pictures of a `DrawList`, rasterised headlessly with tiny-skia, framed and painted as the
//! SVG writer does, or cut to a view exactly (a picture of the editor's canvas). Labels are left
//! out: tiny-skia draws no text, and a font rasteriser would need fonts the machine may not have
//! (the SVG carries the labels).

use super::svg::{Frame, background};
use crate::geom::{Aabb, Point};
use crate::viz::{DrawList, Primitive, Rgba, Theme};
use tiny_skia::{
    Color, FillRule, LineJoin, Paint, PathBuilder, Pixmap, Stroke, StrokeDash, Transform,
};

/// Renders `list` into a PNG about `width` pixels wide, framing `bounds`.
pub fn png(list: &DrawList, bounds: Aabb, width: f64, theme: Theme) -> anyhow::Result<Vec<u8>> {
    rasterise(
        list,
        Frame::new(bounds, width),
        width,
        theme,
        background(theme),
    )
}

/// Renders what of `list` lies in `view` into a PNG `width` pixels wide and as high as the
/// view's shape makes it, on `background`: `view`'s corners are the picture's corners.
pub fn png_of_view(
    list: &DrawList,
    view: Aabb,
    width: f64,
    theme: Theme,
    background: Rgba,
) -> anyhow::Result<Vec<u8>> {
    rasterise(list, Frame::exact(view, width), width, theme, background)
}

fn rasterise(
    list: &DrawList,
    frame: Frame,
    width: f64,
    theme: Theme,
    background: Rgba,
) -> anyhow::Result<Vec<u8>> {
    let (w, h) = (width.ceil().max(1.0) as u32, frame.height as u32);
    let mut pixmap = Pixmap::new(w, h)
        .ok_or_else(|| anyhow::anyhow!("a {w}x{h} picture is too large to rasterise"))?;
    pixmap.fill(color(background));
    let xy = |p: Point| {
        let (x, y) = frame.xy(p);
        (x as f32, y as f32)
    };
    let polyline = |pts: &[Point], close: bool| {
        let mut b = PathBuilder::new();
        for (i, &p) in pts.iter().enumerate() {
            let (x, y) = xy(p);
            if i == 0 {
                b.move_to(x, y)
            } else {
                b.line_to(x, y)
            }
        }
        if close {
            b.close();
        }
        b.finish()
    };
    for item in list.sorted() {
        let style = item.style.paint(theme);
        let fill = (style.fill.3 > 0).then(|| paint(style.fill));
        let stroke = (style.stroke.3 > 0 && style.width > 0.0).then(|| {
            let stroke = Stroke {
                width: style.width,
                line_join: LineJoin::Round,
                dash: style
                    .dashed
                    .then(|| StrokeDash::new(vec![6.0, 4.0], 0.0))
                    .flatten(),
                ..Stroke::default()
            };
            (paint(style.stroke), stroke)
        });
        let (path, filled) = match &item.primitive {
            Primitive::Polygon(pts) => (polyline(pts, true), true),
            Primitive::Polyline(pts) => (polyline(pts, false), false),
            Primitive::Segments(segs) => {
                let mut b = PathBuilder::new();
                for [a, c] in segs {
                    let ((x0, y0), (x1, y1)) = (xy(*a), xy(*c));
                    b.move_to(x0, y0);
                    b.line_to(x1, y1);
                }
                (b.finish(), false)
            }
            Primitive::Triangles(tris) => {
                let mut b = PathBuilder::new();
                for t in tris {
                    let [(x0, y0), (x1, y1), (x2, y2)] = t.map(xy);
                    b.move_to(x0, y0);
                    b.line_to(x1, y1);
                    b.line_to(x2, y2);
                    b.close();
                }
                // Filled only, as in the SVG.
                if let (Some(path), Some(fill)) = (b.finish(), &fill) {
                    pixmap.fill_path(&path, fill, FillRule::Winding, Transform::identity(), None);
                }
                continue;
            }
            Primitive::Circle { center, radius } => {
                let (x, y) = xy(*center);
                let r = (radius * frame.scale) as f32;
                (PathBuilder::from_circle(x, y, r), true)
            }
            Primitive::Marker { at, size } => {
                let (x, y) = xy(*at);
                (PathBuilder::from_circle(x, y, size * 0.5), true)
            }
            Primitive::Label { .. } => continue,
        };
        let Some(path) = path else { continue };
        if let Some(fill) = fill.as_ref().filter(|_| filled) {
            pixmap.fill_path(&path, fill, FillRule::Winding, Transform::identity(), None);
        }
        // A stroke with no outline (a path folded back onto itself) draws nothing; tiny-skia
        // would also warn "path stroking failed", naming nothing.
        if let Some((paint, stroke)) = stroke
            .as_ref()
            .filter(|(_, s)| path.stroke(s, 1.0).is_some())
        {
            pixmap.stroke_path(&path, paint, stroke, Transform::identity(), None);
        }
    }
    pixmap
        .encode_png()
        .map_err(|e| anyhow::anyhow!("cannot encode the PNG: {e}"))
}

fn color(c: Rgba) -> Color {
    Color::from_rgba8(c.0, c.1, c.2, c.3)
}

fn paint(c: Rgba) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(color(c));
    p.anti_alias = true;
    p
}
