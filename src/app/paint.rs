//! Painting `DrawList`s with egui. A [`Picture`] keeps a draw list with its polygon fills
//! triangulated once (world space); each frame only transforms points to the screen. Fills,
//! triangle lists and segment lists of consecutive items share one `egui::Mesh`, so a
//! 100k-triangle navmesh is a single mesh shape. Geometry too fine for the zoom is drawn at a
//! coarser level of detail (see `dense`).

use super::dense::{self, EdgeFill};
use super::theme::color;
use super::view::View;
use crate::geom::{Aabb, Point};
use crate::viz::{DrawList, Item, Layer, Paint, Primitive, Theme};
use egui::epaint::{CircleShape, Mesh, Vertex, WHITE_UV};
use egui::{Color32, Painter, Pos2, Rect, Shape, Stroke};
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHasher};
use std::collections::BTreeSet;
use std::hash::Hasher;
use std::sync::Arc;

/// A draw list ready for painting: fills triangulated and item bounds known.
#[derive(Debug, Default)]
pub struct Picture {
    list: DrawList,
    /// Per item: triangle indices into the polygon's points (empty for other primitives or
    /// polygons that cannot be filled), shared with the pictures that reuse them.
    fills: Vec<Arc<[u32]>>,
    /// Per item: the hash of a polygon's points (see [`points_hash`]; 0 for other primitives),
    /// for the next picture to find the polygons it reuses.
    hashes: Vec<u64>,
    bounds: Vec<Aabb>,
    /// A `Segments` item (by index) and the fill drawn instead when its edges are dense.
    edge_fill: Option<(usize, EdgeFill)>,
}

impl Picture {
    pub fn new(list: DrawList) -> Self {
        Picture::reusing(list, None)
    }

    /// Like [`Picture::new`], taking the fill of each polygon that `previous` also has (same
    /// points) from it instead of triangulating it again: after a local edit of a big scene
    /// almost every polygon is unchanged.
    ///
    /// The items are independent: they are measured and filled on every core that is free.
    pub fn reusing(list: DrawList, previous: Option<&Picture>) -> Self {
        // A polygon whose points the previous picture shares (a free-space contour the edit
        // left alone) is found by its address, without hashing its points; another one that is
        // the same is found by its points' hash.
        let mut shared: FxHashMap<usize, usize> = FxHashMap::default();
        let mut known: FxHashMap<u64, Vec<usize>> = FxHashMap::default();
        if let Some(p) = previous {
            for (i, (item, &hash)) in p.list.items.iter().zip(&p.hashes).enumerate() {
                if let Primitive::Polygon(points) = &item.primitive {
                    shared.insert(points.as_ptr().addr(), i);
                }
                if hash != 0 {
                    known.entry(hash).or_default().push(i);
                }
            }
        }
        let same_points = |i: usize, points: &Arc<[Point]>| {
            previous.is_some_and(
                |p| matches!(&p.list.items[i].primitive, Primitive::Polygon(q) if q == points),
            )
        };
        let none: Arc<[u32]> = Arc::new([]);
        let fill = |earcut: &mut earcut::Earcut<f64>, item: &Item| match &item.primitive {
            Primitive::Polygon(points) => {
                if let Some((p, &i)) = previous.zip(shared.get(&points.as_ptr().addr()))
                    && matches!(&p.list.items[i].primitive, Primitive::Polygon(q) if Arc::ptr_eq(q, points))
                {
                    return (p.fills[i].clone(), p.hashes[i], p.bounds[i]);
                }
                let hash = points_hash(points);
                let reused = (known.get(&hash).into_iter().flatten())
                    .find(|&&i| same_points(i, points))
                    .and_then(|&i| Some(previous?.fills[i].clone()));
                let fill = match reused {
                    Some(fill) => fill,
                    None if points.len() >= 3 => {
                        let mut out = Vec::new();
                        let flat = points.iter().map(|p| [p.x, p.y]);
                        earcut.earcut(flat, &[] as &[u32], &mut out);
                        out.into()
                    }
                    None => none.clone(),
                };
                (fill, hash, primitive_bounds(&item.primitive))
            }
            _ => (none.clone(), 0, primitive_bounds(&item.primitive)),
        };
        let made: Vec<(Arc<[u32]>, u64, Aabb)> = list
            .items
            .par_iter()
            .map_init(earcut::Earcut::new, fill)
            .collect();
        let mut picture = Picture {
            fills: Vec::with_capacity(made.len()),
            hashes: Vec::with_capacity(made.len()),
            bounds: Vec::with_capacity(made.len()),
            list,
            edge_fill: None,
        };
        for (fill, hash, bounds) in made {
            picture.fills.push(fill);
            picture.hashes.push(hash);
            picture.bounds.push(bounds);
        }
        picture
    }

    /// Draws item `item` (a `Segments` item) as `fill` when its edges are dense on screen.
    pub fn with_edge_fill(mut self, item: usize, fill: EdgeFill) -> Self {
        self.edge_fill = Some((item, fill));
        self
    }

    pub fn list(&self) -> &DrawList {
        &self.list
    }
}

/// A hash of a polygon's points (their bits), to find the same polygon in another picture
/// (never 0, which marks the other items).
fn points_hash(points: &[Point]) -> u64 {
    let mut h = FxHasher::default();
    for p in points {
        h.write_u64(p.x.to_bits());
        h.write_u64(p.y.to_bits());
    }
    h.finish().max(1)
}

fn primitive_bounds(p: &Primitive) -> Aabb {
    match p {
        Primitive::Polygon(pts) => Aabb::from_points(pts.iter().copied()),
        Primitive::Polyline(pts) => Aabb::from_points(pts.iter().copied()),
        Primitive::Segments(segs) => Aabb::from_points(segs.iter().flatten().copied()),
        Primitive::Triangles(tris) => Aabb::from_points(tris.iter().flatten().copied()),
        Primitive::Circle { center, radius } => Aabb::from_points([*center]).expanded(*radius),
        Primitive::Marker { at, .. } | Primitive::Label { at, .. } => Aabb::from_points([*at]),
    }
}

/// Where and how to paint.
pub struct Target<'a> {
    pub painter: &'a Painter,
    pub view: &'a View,
    pub rect: Rect,
    pub theme: Theme,
}

/// Paints the visible items of `pictures` in layer order (insertion order within a layer) and
/// returns the layers that had something painted.
pub fn paint(
    target: &Target<'_>,
    pictures: &[&Picture],
    visible: impl Fn(Layer) -> bool,
) -> BTreeSet<Layer> {
    // Items by rank, each rank in picture and insertion order. Visibility is asked once per
    // run of items of one layer, not per item: a scene of 17k obstacles is 17k items.
    let mut ranks: Vec<Vec<(usize, usize)>> = Vec::new();
    let mut last_asked: Option<(Layer, bool)> = None;
    for (p, picture) in pictures.iter().enumerate() {
        for (i, item) in picture.list.items.iter().enumerate() {
            let shown = match last_asked {
                Some((layer, shown)) if layer == item.layer => shown,
                _ => visible(item.layer),
            };
            last_asked = Some((item.layer, shown));
            if shown {
                let rank = usize::from(item.layer.rank());
                if ranks.len() <= rank {
                    ranks.resize_with(rank + 1, Vec::new);
                }
                ranks[rank].push((p, i));
            }
        }
    }
    let order: Vec<(usize, usize)> = ranks.into_iter().flatten().collect();
    // Items within a few points of the viewport may still show (stroke widths, markers).
    let seen = target
        .view
        .visible(target.rect)
        .expanded(target.view.world_len(16.0));
    // The items in view, each with the fill drawn instead of its edges when they are dense,
    // and a bound of the vertices it adds.
    let shown: Vec<(usize, usize, Option<&EdgeFill>, usize)> = (order.into_iter())
        .filter(|&(p, i)| pictures[p].bounds[i].intersects(&seen))
        .map(|(p, i)| {
            let edge_fill = (pictures[p].edge_fill.as_ref())
                .filter(|(k, fill)| *k == i && fill.applies(target.view.scale))
                .map(|(_, fill)| fill);
            let vertices = match edge_fill {
                Some(fill) => fill.vertices.len(),
                None => vertex_bound(&pictures[p].list.items[i].primitive),
            };
            (p, i, edge_fill, vertices)
        })
        .collect();
    // Consecutive runs of items are made ready on both cores, then painted in order.
    let run = |items: &[(usize, usize, Option<&EdgeFill>, usize)]| {
        let mut batch = Batch::new(target);
        let vertices: usize = items.iter().map(|&(.., v)| v).sum();
        batch.mesh.reserve_vertices(vertices);
        batch.mesh.reserve_triangles(vertices * 3 / 2);
        let mut painted = BTreeSet::new();
        // Items come grouped by layer, so a layer is recorded once per run of its items.
        let mut last = None;
        for &(p, i, edge_fill, _) in items {
            let picture = pictures[p];
            let item = &picture.list.items[i];
            batch.bulk = picture.list.items.len() > BULK_ITEMS;
            match edge_fill {
                Some(fill) => batch.edge_fill(item, fill),
                None => batch.item(item, &picture.fills[i], &picture.bounds[i]),
            }
            if last != Some(item.layer) {
                painted.insert(item.layer);
                last = Some(item.layer);
            }
        }
        batch.flush();
        (batch.out, painted)
    };
    let total: usize = shown.iter().map(|&(.., v)| v).sum();
    let ((mut out, mut painted), (rest, rest_painted)) = if total < SPLIT_VERTICES {
        (run(&shown), (Vec::new(), BTreeSet::new()))
    } else {
        let mut sum = 0;
        let half = (shown.iter())
            .position(|&(.., v)| {
                sum += v;
                2 * sum >= total
            })
            .map_or(shown.len(), |k| k + 1);
        let (first, second) = shown.split_at(half);
        rayon::join(|| run(first), || run(second))
    };
    out.extend(rest);
    painted.extend(rest_painted);
    for piece in out {
        piece.paint(target);
    }
    painted
}

/// Below this many vertices the items are made ready on one core: waking the other costs more
/// CPU time than it saves wall-clock time.
const SPLIT_VERTICES: usize = 1 << 17;

/// What a [`Batch`] made, painted in order once every run of items is ready.
enum Out {
    Mesh(Mesh),
    Shape(Shape),
    Label {
        anchor: Pos2,
        text: String,
        color: Color32,
    },
}

impl Out {
    fn paint(self, target: &Target<'_>) {
        let painter = target.painter;
        match self {
            Out::Mesh(mesh) if mesh.vertices.len() > OWN_PRIMITIVE_VERTICES => {
                // egui appends consecutive shapes of one clip rect into one output mesh, so a
                // marker after a huge mesh would regrow (copy) it every frame. A clip rect a
                // thousandth of a point inside the viewport (the same pixels) keeps the huge
                // mesh in a primitive of its own.
                painter
                    .with_clip_rect(painter.clip_rect().shrink(1e-3))
                    .add(Shape::mesh(mesh));
            }
            Out::Mesh(mesh) => {
                painter.add(Shape::mesh(mesh));
            }
            Out::Shape(shape) => {
                painter.add(shape);
            }
            Out::Label {
                anchor,
                text,
                color,
            } => label(target, anchor, text, color),
        }
    }
}

/// Paints `text` beside the screen point `anchor`, on a backing, wrapped to the viewport and,
/// for a thing in view, kept inside it.
fn label(target: &Target<'_>, anchor: Pos2, text: String, text_color: Color32) {
    let painter = target.painter;
    let pos = anchor + egui::vec2(6.0, -6.0);
    let area = target.rect.shrink(LABEL_MARGIN);
    let galley = painter.layout(
        text,
        egui::FontId::proportional(13.0),
        text_color,
        (area.width() - 6.0).max(60.0),
    );
    let mut rect = egui::Align2::LEFT_BOTTOM
        .anchor_size(pos, galley.size())
        .expand(3.0);
    if area.contains(anchor) {
        rect = rect.translate(super::view::nudge_inside(rect, area));
    }
    let background = super::theme::canvas_background(target.theme).gamma_multiply(0.85);
    painter.rect_filled(rect, 3.0, background);
    painter.galley(
        rect.min + egui::vec2(3.0, 3.0),
        galley,
        Color32::PLACEHOLDER,
    );
}

/// At most how many mesh vertices an item adds (fill and stroke quads), to size the mesh once.
fn vertex_bound(p: &Primitive) -> usize {
    match p {
        Primitive::Polygon(points) => 5 * points.len() + 4,
        Primitive::Polyline(points) => 4 * points.len(),
        Primitive::Segments(segments) => 4 * segments.len(),
        Primitive::Triangles(triangles) => 3 * triangles.len(),
        Primitive::Circle { .. } | Primitive::Marker { .. } | Primitive::Label { .. } => 0,
    }
}

/// Pictures with more items than this stroke their lines in the shared mesh, outlines and
/// paths as strips and segments as quads (no feathering): thousands of separate egui paths
/// would cost more than a frame.
const BULK_ITEMS: usize = 64;

/// Meshes with more vertices than this are tessellated into a primitive of their own.
const OWN_PRIMITIVE_VERTICES: usize = 1 << 14;

/// Consecutive mesh-like output gathered into one mesh; other shapes flush it first so the
/// painting order is kept.
struct Batch<'a> {
    target: &'a Target<'a>,
    /// What is ready, in painting order.
    out: Vec<Out>,
    mesh: Mesh,
    /// Stroke lines in the shared mesh (see [`BULK_ITEMS`]).
    bulk: bool,
    /// Screen points of the current polygon or polyline (kept to reuse its allocation).
    screen: Vec<Pos2>,
    /// Unit normals of the current strip's segments (kept to reuse its allocation).
    normals: Vec<Option<egui::Vec2>>,
}

impl<'a> Batch<'a> {
    fn new(target: &'a Target<'a>) -> Self {
        Batch {
            target,
            out: Vec::new(),
            mesh: Mesh::default(),
            bulk: false,
            screen: Vec::new(),
            normals: Vec::new(),
        }
    }

    fn flush(&mut self) {
        if !self.mesh.is_empty() {
            self.out.push(Out::Mesh(std::mem::take(&mut self.mesh)));
        }
    }

    fn shape(&mut self, shape: Shape) {
        self.flush();
        self.out.push(Out::Shape(shape));
    }

    fn to_screen(&self, p: Point) -> Pos2 {
        self.target.view.to_screen(self.target.rect, p)
    }

    fn item(&mut self, item: &Item, fill: &[u32], bounds: &Aabb) {
        let paint = item.style.paint(self.target.theme);
        let mut fill_color = color(paint.fill);
        let mut stroke = stroke(&paint);
        match &item.primitive {
            Primitive::Polygon(points) => {
                let mut screen = std::mem::take(&mut self.screen);
                screen.clear();
                screen.extend(points.iter().map(|&p| self.to_screen(p)));
                if let Some(s) = stroke.filter(|s| {
                    self.bulk && !fill.is_empty() && dense::is_tiny(bounds, s.width, self.scale())
                }) {
                    fill_color = s.color;
                    stroke = None;
                }
                if fill_color.a() > 0 && !fill.is_empty() {
                    let base = self.mesh.vertices.len() as u32;
                    self.mesh
                        .vertices
                        .extend(screen.iter().map(|&pos| vertex(pos, fill_color)));
                    self.mesh.indices.extend(fill.iter().map(|&i| base + i));
                }
                if let Some(stroke) = stroke {
                    screen.extend(screen.first().copied());
                    self.line(&mut screen, true, paint.dashed, stroke);
                }
                self.screen = screen;
            }
            Primitive::Polyline(points) => {
                let Some(stroke) = stroke else { return };
                let mut screen: Vec<Pos2> = points.iter().map(|&p| self.to_screen(p)).collect();
                self.line(&mut screen, false, paint.dashed, stroke);
            }
            Primitive::Segments(segments) => {
                let Some(stroke) = stroke else { return };
                let screen = segments
                    .iter()
                    .map(|[a, b]| (self.to_screen(*a), self.to_screen(*b)));
                let screen: Vec<(Pos2, Pos2)> = screen.collect();
                self.quads(screen.into_iter(), stroke);
            }
            Primitive::Triangles(triangles) => {
                if fill_color.a() == 0 {
                    return;
                }
                self.mesh.reserve_triangles(triangles.len());
                self.mesh.reserve_vertices(triangles.len() * 3);
                for t in triangles {
                    let base = self.mesh.vertices.len() as u32;
                    for &p in t {
                        let pos = self.to_screen(p);
                        self.mesh.vertices.push(vertex(pos, fill_color));
                    }
                    self.mesh.add_triangle(base, base + 1, base + 2);
                }
            }
            Primitive::Circle { center, radius } => {
                let radius = (*radius * self.target.view.scale) as f32;
                let center = self.to_screen(*center);
                self.shape(Shape::Circle(CircleShape {
                    center,
                    radius,
                    fill: fill_color,
                    stroke: stroke.unwrap_or(Stroke::NONE),
                }));
            }
            Primitive::Marker { at, size } => {
                let center = self.to_screen(*at);
                self.shape(Shape::Circle(CircleShape {
                    center,
                    radius: size * 0.5,
                    fill: fill_color,
                    stroke: stroke.unwrap_or(Stroke::NONE),
                }));
            }
            Primitive::Label { at, text } => {
                self.flush();
                self.out.push(Out::Label {
                    anchor: self.to_screen(*at),
                    text: text.clone(),
                    color: color(paint.stroke),
                });
            }
        }
    }

    fn scale(&self) -> f64 {
        self.target.view.scale
    }

    /// Strokes the screen polyline `points` (`closed`: a ring, its first point repeated at the
    /// end): dashed, or thinned (see [`dense::thin`]) and drawn as a strip in bulk or as a path.
    fn line(&mut self, points: &mut Vec<Pos2>, closed: bool, dashed: bool, stroke: Stroke) {
        if dashed {
            self.dashed(points, stroke);
            return;
        }
        dense::thin(points, if closed { 4 } else { 2 });
        if self.bulk {
            self.strip(points, closed, stroke);
        } else if closed {
            points.pop();
            self.shape(Shape::closed_line(points.clone(), stroke));
        } else {
            self.shape(Shape::line(std::mem::take(points), stroke));
        }
    }

    /// `item`'s edges drawn as `fill`'s triangles, tinted by how much of them the edges cover.
    fn edge_fill(&mut self, item: &Item, fill: &EdgeFill) {
        let Some(stroke) = stroke(&item.style.paint(self.target.theme)) else {
            return;
        };
        let color = stroke
            .color
            .gamma_multiply(fill.coverage(stroke.width, self.scale()));
        let base = self.mesh.vertices.len() as u32;
        self.mesh.reserve_vertices(fill.vertices.len());
        for &p in &fill.vertices {
            let pos = self.to_screen(p);
            self.mesh.vertices.push(vertex(pos, color));
        }
        self.mesh
            .indices
            .extend(fill.indices.iter().map(|&i| base + i));
    }

    fn dashed(&mut self, points: &[Pos2], stroke: Stroke) {
        self.flush();
        (self.out).extend(
            Shape::dashed_line(points, stroke, 8.0, 5.0)
                .into_iter()
                .map(Out::Shape),
        );
    }

    /// Each screen segment as a quad `stroke.width` wide (hairlines fade instead of thinning).
    fn quads(&mut self, segments: impl ExactSizeIterator<Item = (Pos2, Pos2)>, stroke: Stroke) {
        let (width, color) = bulk_stroke(stroke);
        let half = 0.5 * width;
        let clip = self.target.rect.expand(width);
        self.mesh.reserve_vertices(segments.len() * 4);
        self.mesh.reserve_triangles(segments.len() * 2);
        for (a, b) in segments {
            if !clip.intersects(Rect::from_two_pos(a, b)) {
                continue;
            }
            let d = b - a;
            let len = (d.x * d.x + d.y * d.y).sqrt(); // `length` calls the slow `hypot`
            if len < 1e-3 {
                continue;
            }
            let n = egui::vec2(-d.y, d.x) * (half / len);
            let base = self.mesh.vertices.len() as u32;
            for pos in [a + n, b + n, b - n, a - n] {
                self.mesh.vertices.push(vertex(pos, color));
            }
            self.mesh.add_triangle(base, base + 1, base + 2);
            self.mesh.add_triangle(base, base + 2, base + 3);
        }
    }

    /// The screen polyline `points` (`closed`: a ring, its first point repeated at the end) as a
    /// triangle strip `stroke.width` wide in bulk: two vertices a point, the segments on either
    /// side of a point meeting at a mitre, half the vertices of a quad a segment. A turn
    /// sharper than [`SHARP_TURN`] or a segment off screen breaks the strip.
    fn strip(&mut self, points: &[Pos2], closed: bool, stroke: Stroke) {
        let (width, color) = bulk_stroke(stroke);
        let half = 0.5 * width;
        let clip = self.target.rect.expand(width);
        let count = points.len().saturating_sub(1);
        // Unit normals of the segments (`None`: too short to have one).
        let mut normals = std::mem::take(&mut self.normals);
        normals.clear();
        normals.extend(points.windows(2).map(|w| {
            let d = w[1] - w[0];
            let len = (d.x * d.x + d.y * d.y).sqrt(); // `length` calls the slow `hypot`
            (len >= 1e-3).then(|| egui::vec2(-d.y, d.x) / len)
        }));
        let before = |i: usize| match i {
            0 if closed => normals[count - 1],
            0 => None,
            _ => normals[i - 1],
        };
        let after = |i: usize| match i + 1 {
            j if j == count && closed => normals[0],
            j if j == count => None,
            j => normals[j],
        };
        self.mesh.reserve_vertices(2 * points.len());
        self.mesh.reserve_triangles(2 * count);
        // The vertex pair ending the last segment drawn, when the next one starts from it (the
        // two meet at a mitre).
        let mut open: Option<u32> = None;
        for i in 0..count {
            let (a, b) = (points[i], points[i + 1]);
            let Some(n) = normals[i] else {
                open = None;
                continue;
            };
            if !clip.intersects(Rect::from_two_pos(a, b)) {
                open = None;
                continue;
            }
            let start = match open {
                Some(pair) => pair,
                None => self.pair(a, mitre(before(i), n).unwrap_or(n) * half, color),
            };
            let joined = after(i).and_then(|next| mitre(Some(n), next));
            let end = self.pair(b, joined.unwrap_or(n) * half, color);
            self.mesh.add_triangle(start, end, end + 1);
            self.mesh.add_triangle(start, end + 1, start + 1);
            open = joined.map(|_| end);
        }
        self.normals = normals;
    }

    /// Adds the vertices `at + offset` and `at - offset`; the index of the first.
    fn pair(&mut self, at: Pos2, offset: egui::Vec2, color: Color32) -> u32 {
        let index = self.mesh.vertices.len() as u32;
        self.mesh.vertices.push(vertex(at + offset, color));
        self.mesh.vertices.push(vertex(at - offset, color));
        index
    }
}

/// Turns sharper than this (degrees) break a strip: their mitre would reach out
/// `1 / cos(turn / 2)` stroke half-widths, 2 at 120 degrees.
const SHARP_TURN: f32 = 120.0;

/// The offset, in stroke half-widths, of the mitre where a segment with unit normal
/// `incoming` meets one with unit normal `outgoing`; `None` without an incoming segment or at
/// a turn sharper than [`SHARP_TURN`].
fn mitre(incoming: Option<egui::Vec2>, outgoing: egui::Vec2) -> Option<egui::Vec2> {
    let incoming = incoming?;
    let sum = incoming + outgoing;
    // sum . outgoing = 1 + cos(turn)
    let along = sum.dot(outgoing);
    (along >= 1.0 + SHARP_TURN.to_radians().cos()).then(|| sum / along)
}

/// The width and colour of a bulk stroke: hairlines are drawn a point wide and fade instead of
/// thinning.
fn bulk_stroke(stroke: Stroke) -> (f32, Color32) {
    if stroke.width < 1.0 {
        (1.0, stroke.color.gamma_multiply(stroke.width.max(0.1)))
    } else {
        (stroke.width, stroke.color)
    }
}

fn vertex(pos: Pos2, color: Color32) -> Vertex {
    Vertex {
        pos,
        uv: WHITE_UV,
        color,
    }
}

fn stroke(paint: &Paint) -> Option<Stroke> {
    (paint.stroke.3 > 0 && paint.width > 0.0).then(|| Stroke::new(paint.width, color(paint.stroke)))
}

/// How far inside a viewport's edge labels are kept, in points.
const LABEL_MARGIN: f32 = 4.0;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::viz::Style;
    use egui::epaint::{ClippedShape, Primitive as Tessellated};

    /// Paints `pictures` in a 400 x 400 canvas with `visible`; the painted layers and the
    /// shapes, in painting order.
    fn painted(
        pictures: &[&Picture],
        visible: impl Fn(Layer) -> bool,
    ) -> (BTreeSet<Layer>, Vec<ClippedShape>, egui::Context) {
        let ctx = egui::Context::default();
        let mut layers = BTreeSet::new();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(400.0, 400.0));
            let painter = ui.painter_at(rect);
            let view = View::default();
            let target = Target {
                painter: &painter,
                view: &view,
                rect,
                theme: Theme::Dark,
            };
            layers = paint(&target, pictures, &visible);
        });
        output.textures_delta.clear();
        (layers, output.shapes, ctx)
    }

    fn polygons(rings: &[&[(f64, f64)]]) -> DrawList {
        let mut list = DrawList::default();
        for ring in rings {
            let points = ring.iter().map(|&(x, y)| Point::new(x, y)).collect();
            list.push(
                Layer::FreeSpace,
                Style::Walkable,
                Primitive::Polygon(points),
            );
        }
        list
    }

    #[test]
    fn a_picture_takes_the_fills_of_unchanged_polygons_from_the_previous_one() {
        let square: &[(f64, f64)] = &[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
        let moved: &[(f64, f64)] = &[(5.0, 0.0), (6.0, 0.0), (6.0, 1.0), (5.0, 1.0)];
        let mut previous = Picture::new(polygons(&[moved, square]));
        // A fill no triangulation would give, to see where the new picture's comes from.
        let marked: Arc<[u32]> = Arc::new([0, 2, 3, 0, 1, 2]);
        assert_ne!(previous.fills[1], marked);
        previous.fills[1] = marked.clone();
        let fresh = Picture::new(polygons(&[square, &moved[..3]]));
        let next = Picture::reusing(polygons(&[square, &moved[..3]]), Some(&previous));
        assert_eq!(next.fills[0], marked, "the unchanged square is taken over");
        assert_eq!(
            next.fills[1], fresh.fills[1],
            "the changed polygon is filled anew"
        );
        assert_eq!(next.fills[1].len(), 3);
    }

    #[test]
    fn a_polygon_sharing_the_previous_pictures_points_takes_its_fill_and_bounds() {
        let square: Arc<[Point]> = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
            .iter()
            .map(|&(x, y)| Point::new(x, y))
            .collect();
        let list = || {
            let mut list = DrawList::default();
            let polygon = Primitive::Polygon(square.clone());
            list.push(Layer::FreeSpace, Style::Walkable, polygon);
            list
        };
        let mut previous = Picture::new(list());
        let marked: Arc<[u32]> = Arc::new([0, 2, 3, 0, 1, 2]);
        previous.fills[0] = marked.clone();
        previous.bounds[0] = Aabb::from_points([Point::new(-5.0, -5.0)]);
        let next = Picture::reusing(list(), Some(&previous));
        assert!(Arc::ptr_eq(&next.fills[0], &marked));
        assert_eq!(next.bounds[0], previous.bounds[0]);
        assert_eq!(next.hashes[0], points_hash(&square));
    }

    fn marker(list: &mut DrawList, layer: Layer, x: f64) {
        let at = Point::new(x, 0.0);
        list.push(layer, Style::Start, Primitive::Marker { at, size: 8.0 });
    }

    fn circle_centers(shapes: &[ClippedShape]) -> Vec<f32> {
        shapes
            .iter()
            .filter_map(|s| match &s.shape {
                Shape::Circle(c) => Some(c.center.x),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn items_are_painted_by_rank_then_picture_and_insertion_order_and_hidden_layers_are_not() {
        let (mut first, mut second) = (DrawList::default(), DrawList::default());
        marker(&mut first, Layer::Endpoints, 1.0);
        marker(&mut first, Layer::Mesh, 2.0);
        marker(&mut first, Layer::Mesh, 3.0);
        marker(&mut second, Layer::Mesh, 4.0);
        marker(&mut second, Layer::Issues, 5.0);
        let pictures = [Picture::new(first), Picture::new(second)];
        let refs: Vec<&Picture> = pictures.iter().collect();
        let (layers, shapes, _) = painted(&refs, |layer| layer != Layer::Issues);
        let screen_x = |x: f64| {
            View::default()
                .to_screen(
                    Rect::from_min_size(Pos2::ZERO, egui::vec2(400.0, 400.0)),
                    Point::new(x, 0.0),
                )
                .x
        };
        let expected: Vec<f32> = [2.0, 3.0, 4.0, 1.0].into_iter().map(screen_x).collect();
        assert_eq!(circle_centers(&shapes), expected);
        assert_eq!(
            layers.into_iter().collect::<Vec<_>>(),
            vec![Layer::Mesh, Layer::Endpoints]
        );
    }

    #[test]
    fn an_outline_finer_than_a_point_is_stroked_through_fewer_points() {
        // 20,000 points on a circle 100 points across the screen at the default zoom (20
        // points a unit): segments of 0.03 points, thinned to about one a point.
        let n = 20_000;
        let ring: Vec<(f64, f64)> = (0..n)
            .map(|k| {
                let a = std::f64::consts::TAU * k as f64 / n as f64;
                (5.0 * a.cos(), 5.0 * a.sin())
            })
            .collect();
        let picture = Picture::new(polygons(&[&ring]));
        let (_, shapes, _) = painted(&[&picture], |_| true);
        let stroked: Vec<usize> = (shapes.iter())
            .filter_map(|s| match &s.shape {
                Shape::Path(path) if path.closed => Some(path.points.len()),
                _ => None,
            })
            .collect();
        let circumference = std::f64::consts::TAU * 5.0 * 20.0;
        assert!(
            matches!(stroked[..], [k] if k as f64 <= circumference + 1.0 && k as f64 > 0.5 * circumference),
            "{stroked:?}"
        );
    }

    #[test]
    fn outlines_in_bulk_are_strips_with_two_vertices_a_point_meeting_at_mitres() {
        // More squares than `BULK_ITEMS`, 20 points a side at the default zoom.
        let squares: Vec<Vec<(f64, f64)>> = (0..=BULK_ITEMS)
            .map(|k| {
                let (x, y) = ((k % 8) as f64 * 2.0 - 8.0, (k / 8) as f64 * 2.0 - 8.0);
                vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]
            })
            .collect();
        let rings: Vec<&[(f64, f64)]> = squares.iter().map(|s| &s[..]).collect();
        let list = polygons(&rings);
        let width = list.items[0].style.paint(Theme::Dark).width.max(1.0);
        let picture = Picture::new(list);
        let (_, shapes, _) = painted(&[&picture], |_| true);
        let vertices: Vec<Pos2> = (shapes.iter())
            .filter_map(|s| match &s.shape {
                Shape::Mesh(m) => Some(m.vertices.iter().map(|v| v.pos)),
                _ => None,
            })
            .flatten()
            .collect();
        // Per square: its 4 corners filled, then a pair at each of the 5 points of the
        // closed ring stroked (the first point again at the end).
        assert_eq!(vertices.len(), squares.len() * (4 + 2 * 5));
        let corners: Vec<Pos2> = (squares.iter().flatten())
            .map(|&(x, y)| {
                let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(400.0, 400.0));
                View::default().to_screen(rect, Point::new(x, y))
            })
            .collect();
        // Each stroke vertex is a mitre: half the width from both sides at the corner.
        let mitre = 0.5 * width * std::f32::consts::SQRT_2;
        for v in vertices {
            let nearest = (corners.iter().map(|c| c.distance(v))).fold(f32::MAX, f32::min);
            assert!(
                nearest < 1e-3 || (nearest - mitre).abs() < 1e-3,
                "{v:?} is {nearest} from the nearest corner"
            );
        }
    }

    #[test]
    fn items_made_ready_on_both_cores_are_painted_in_order() {
        // Polygons of 4,000 points (a circle each), each followed by a marker in its layer:
        // far more vertices than one core makes ready.
        let mut list = DrawList::default();
        let count = 40;
        for k in 0..count {
            let center = Point::new(k as f64 * 0.5 - 10.0, 0.0);
            let ring: Arc<[Point]> = (0..4000)
                .map(|j| {
                    center + Point::from_angle(j as f64 * std::f64::consts::TAU / 4000.0) * 0.2
                })
                .collect();
            list.push(Layer::Obstacles, Style::Obstacle, Primitive::Polygon(ring));
            marker(&mut list, Layer::Obstacles, k as f64 * 0.5 - 10.0);
        }
        let items: usize = list.items.iter().map(|i| vertex_bound(&i.primitive)).sum();
        assert!(items > 2 * SPLIT_VERTICES);
        let picture = Picture::new(list);
        let (_, shapes, _) = painted(&[&picture], |_| true);
        let kinds: String = (shapes.iter())
            .map(|s| match &s.shape {
                Shape::Mesh(_) => 'm',
                Shape::Circle(_) => 'c',
                _ => '?',
            })
            .collect();
        assert_eq!(kinds, "mc".repeat(count));
        let centers = circle_centers(&shapes);
        assert!(centers.is_sorted(), "{centers:?}");
    }

    #[test]
    fn a_huge_mesh_is_tessellated_into_a_primitive_of_its_own() {
        let n = OWN_PRIMITIVE_VERTICES; // triangles, so 3n vertices
        let triangles = (0..n)
            .map(|k| {
                let x = (k % 100) as f64 * 0.1;
                let y = (k / 100) as f64 * 0.01;
                [
                    Point::new(x, y),
                    Point::new(x + 0.05, y),
                    Point::new(x, y + 0.05),
                ]
            })
            .collect();
        let mut list = DrawList::default();
        list.push(Layer::Mesh, Style::Agent, Primitive::Triangles(triangles));
        marker(&mut list, Layer::Endpoints, 1.0);
        let picture = Picture::new(list);
        let (_, shapes, ctx) = painted(&[&picture], |_| true);
        let primitives = ctx.tessellate(shapes, 1.0);
        let sizes: Vec<usize> = primitives
            .iter()
            .filter_map(|p| match &p.primitive {
                Tessellated::Mesh(m) => Some(m.vertices.len()),
                Tessellated::Callback(_) => None,
            })
            .collect();
        assert!(sizes.contains(&(3 * n)), "{sizes:?}");
    }
}
