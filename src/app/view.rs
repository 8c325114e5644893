//! `View`: the camera of the canvas, an f64 world <-> screen transform. The world is y-up and
//! the screen y-down; the flip happens here and nowhere else.

use crate::geom::{Aabb, Point};
use egui::{Pos2, Rect, Vec2};

/// Smallest and largest zoom, in screen points per world unit.
const MIN_SCALE: f64 = 1e-6;
const MAX_SCALE: f64 = 1e7;
/// The strongest zoom-out [`View::reveal`] makes around an anchor before it pans instead.
pub const MIN_REVEAL_ZOOM: f32 = 0.05;

/// The world point shown at the centre of a viewport and the zoom. Every viewport of the
/// canvas shares one `View`, so split viewports stay synchronised.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct View {
    pub center: Point,
    /// Screen points per world unit.
    pub scale: f64,
}

impl Default for View {
    fn default() -> Self {
        View {
            center: Point::ZERO,
            scale: 20.0,
        }
    }
}

impl View {
    pub fn to_screen(&self, rect: Rect, p: Point) -> Pos2 {
        let c = rect.center();
        Pos2::new(
            (c.x as f64 + (p.x - self.center.x) * self.scale) as f32,
            (c.y as f64 - (p.y - self.center.y) * self.scale) as f32,
        )
    }

    pub fn to_world(&self, rect: Rect, pos: Pos2) -> Point {
        let c = rect.center();
        Point::new(
            self.center.x + (pos.x - c.x) as f64 / self.scale,
            self.center.y - (pos.y - c.y) as f64 / self.scale,
        )
    }

    /// A length in screen points as world units.
    pub fn world_len(&self, points: f32) -> f64 {
        points as f64 / self.scale
    }

    /// The world box visible in `rect`.
    pub fn visible(&self, rect: Rect) -> Aabb {
        Aabb::from_points([
            self.to_world(rect, rect.left_top()),
            self.to_world(rect, rect.right_bottom()),
        ])
    }

    /// Moves the content by a screen delta (dragging the canvas).
    pub fn pan(&mut self, delta: Vec2) {
        self.center.x -= delta.x as f64 / self.scale;
        self.center.y += delta.y as f64 / self.scale;
    }

    /// Zooms by `factor`, keeping the world point under `anchor` in place.
    pub fn zoom_at(&mut self, rect: Rect, anchor: Pos2, factor: f64) {
        if !(factor.is_finite() && factor > 0.0) {
            return;
        }
        let fixed = self.to_world(rect, anchor);
        self.scale = (self.scale * factor).clamp(MIN_SCALE, MAX_SCALE);
        let moved = self.to_world(rect, anchor);
        self.center = self.center + (fixed - moved);
    }

    /// Follows the viewport from `old` to `new` (a panel or the window changed size) so that
    /// the world point at `anchor` stays at `anchor`.
    pub fn keep_anchor(&mut self, old: Rect, new: Rect, anchor: Pos2) {
        let fixed = self.to_world(old, anchor);
        let moved = self.to_world(new, anchor);
        self.center = self.center + (fixed - moved);
    }

    /// Brings `points` inside `rect` less `margin` screen points on each side, when one of them
    /// is outside. With the pointer inside `rect`, by zooming out around it (the world point
    /// under the pointer stays) unless that takes more than [`MIN_REVEAL_ZOOM`]; otherwise by the
    /// smallest pan if they fit at this zoom, else by framing them. Points already inside leave the view unchanged.
    pub fn reveal(&mut self, rect: Rect, points: &[Point], margin: f32, pointer: Option<Pos2>) {
        let inner = rect.shrink(margin.min(0.25 * rect.width().min(rect.height())));
        let screen: Vec<Pos2> = points.iter().map(|&p| self.to_screen(rect, p)).collect();
        if screen.iter().all(|p| inner.contains(*p)) || inner.width() <= 1.0 {
            return;
        }
        if let Some(anchor) = pointer.filter(|p| rect.contains(*p)) {
            // Zoomed by f around the pointer, p lands at anchor + f (p - anchor): inside `area`
            // (all of `rect` when the pointer is in the margin) for f up to `room`.
            let area = if inner.contains(anchor) { inner } else { rect };
            let room = |d: f32, lo: f32, hi: f32, at: f32| match d {
                d if d > 0.0 => (hi - at) / d,
                d if d < 0.0 => (lo - at) / d,
                _ => f32::INFINITY,
            };
            let factor = screen
                .iter()
                .map(|p| {
                    let d = *p - anchor;
                    let x = room(d.x, area.min.x, area.max.x, anchor.x);
                    x.min(room(d.y, area.min.y, area.max.y, anchor.y))
                })
                .fold(1.0f32, f32::min);
            if factor >= MIN_REVEAL_ZOOM {
                return self.zoom_at(rect, anchor, factor as f64);
            }
        }
        let seen = Rect::from_points(&screen);
        if seen.width() <= inner.width() && seen.height() <= inner.height() {
            self.pan(nudge_inside(seen, inner));
        } else {
            let b = Aabb::from_points(points.iter().copied());
            let sx = inner.width() as f64 / b.width().max(1e-12);
            let sy = inner.height() as f64 / b.height().max(1e-12);
            self.center = b.center();
            self.scale = sx.min(sy).clamp(MIN_SCALE, MAX_SCALE);
        }
    }

    /// Frames `bounds` in `rect` with a margin; an empty box leaves the view unchanged.
    pub fn fit(&mut self, rect: Rect, bounds: Aabb) {
        if bounds.is_empty() || rect.width() <= 1.0 || rect.height() <= 1.0 {
            return;
        }
        let margin = 0.05 * bounds.width().max(bounds.height()).max(1e-9);
        self.show(rect, bounds.expanded(margin));
    }

    /// Frames `region` in `rect` edge to edge (along its tighter side); an empty box leaves
    /// the view unchanged.
    pub fn show(&mut self, rect: Rect, region: Aabb) {
        if region.is_empty() || rect.width() <= 1.0 || rect.height() <= 1.0 {
            return;
        }
        let sx = rect.width() as f64 / region.width().max(1e-12);
        let sy = rect.height() as f64 / region.height().max(1e-12);
        self.center = region.center();
        self.scale = sx.min(sy).clamp(MIN_SCALE, MAX_SCALE);
    }
}

/// The least translation that puts `rect` inside `area` (its top-left corner inside, when it
/// is larger).
pub fn nudge_inside(rect: Rect, area: Rect) -> Vec2 {
    let shift = |lo: f32, hi: f32, min: f32, max: f32| {
        let d = if hi > max { max - hi } else { 0.0 };
        if lo + d < min { min - lo } else { d }
    };
    Vec2::new(
        shift(rect.min.x, rect.max.x, area.min.x, area.max.x),
        shift(rect.min.y, rect.max.y, area.min.y, area.max.y),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect() -> Rect {
        Rect::from_min_size(Pos2::new(10.0, 20.0), Vec2::new(400.0, 300.0))
    }

    #[test]
    fn world_y_points_up_on_screen() {
        let v = View {
            center: Point::new(5.0, 5.0),
            scale: 10.0,
        };
        let a = v.to_screen(rect(), Point::new(5.0, 5.0));
        let b = v.to_screen(rect(), Point::new(5.0, 6.0));
        assert_eq!(a, rect().center());
        assert!(b.y < a.y);
        assert_eq!(v.to_world(rect(), b), Point::new(5.0, 6.0));
    }

    #[test]
    fn zoom_keeps_the_anchor_fixed() {
        let mut v = View {
            center: Point::new(0.0, 0.0),
            scale: 10.0,
        };
        let anchor = Pos2::new(300.0, 100.0);
        let before = v.to_world(rect(), anchor);
        v.zoom_at(rect(), anchor, 2.5);
        let after = v.to_world(rect(), anchor);
        assert!(before.distance(after) < 1e-9);
        assert_eq!(v.scale, 25.0);
    }

    #[test]
    fn a_resized_viewport_keeps_the_anchor_fixed() {
        let mut v = View {
            center: Point::new(3.0, 4.0),
            scale: 10.0,
        };
        let anchor = Pos2::new(100.0, 90.0);
        let before = v.to_world(rect(), anchor);
        let smaller = Rect::from_min_size(Pos2::new(10.0, 20.0), Vec2::new(300.0, 180.0));
        v.keep_anchor(rect(), smaller, anchor);
        assert!(v.to_world(smaller, anchor).distance(before) < 1e-9);
        assert_eq!(v.scale, 10.0);
    }

    #[test]
    fn reveal_pans_least_and_zooms_out_only_when_needed() {
        let start = View {
            center: Point::new(0.0, 0.0),
            scale: 10.0,
        };
        let r = rect();
        let inside = [Point::new(1.0, 1.0), Point::new(-2.0, 3.0)];
        let corner = None;
        let mut v = start;
        v.reveal(r, &inside, 20.0, corner);
        assert_eq!(v, start, "points in view move nothing");
        // 25 units right of centre is 250 points, beyond the 200-point half width.
        let right = [Point::new(25.0, 0.0), Point::new(0.0, 0.0)];
        v.reveal(r, &right, 20.0, corner);
        assert_eq!(v.scale, 10.0);
        let p = v.to_screen(r, right[0]);
        assert!((p.x - (r.max.x - 20.0)).abs() < 1e-3, "{p:?}");
        let far = [Point::new(-100.0, 0.0), Point::new(100.0, 0.0)];
        v.reveal(r, &far, 20.0, corner);
        assert!(v.scale < 10.0);
        for q in far {
            assert!(r.shrink(19.9).contains(v.to_screen(r, q)));
        }
        // With the pointer inside, the view zooms out around it.
        let mut v = start;
        let pointer = Pos2::new(300.0, 100.0);
        let under = v.to_world(r, pointer);
        v.reveal(r, &far, 20.0, Some(pointer));
        assert!(v.to_world(r, pointer).distance(under) < 1e-9);
        for q in far {
            assert!(r.shrink(19.9).contains(v.to_screen(r, q)), "{q}");
        }
    }

    #[test]
    fn nudge_inside_moves_least_and_keeps_the_start_of_a_wide_rect() {
        let area = Rect::from_min_max(Pos2::new(0.0, 0.0), Pos2::new(100.0, 50.0));
        let moved = |r: Rect| r.translate(nudge_inside(r, area));
        let over_right = Rect::from_min_size(Pos2::new(80.0, 10.0), Vec2::new(40.0, 10.0));
        assert_eq!(moved(over_right).max.x, 100.0);
        let above = Rect::from_min_size(Pos2::new(10.0, -5.0), Vec2::new(20.0, 10.0));
        assert_eq!(moved(above).min, Pos2::new(10.0, 0.0));
        let wide = Rect::from_min_size(Pos2::new(50.0, 10.0), Vec2::new(200.0, 10.0));
        assert_eq!(moved(wide).min.x, 0.0);
        let inside = Rect::from_min_size(Pos2::new(10.0, 10.0), Vec2::new(5.0, 5.0));
        assert_eq!(moved(inside), inside);
    }

    #[test]
    fn fit_shows_the_whole_box() {
        let mut v = View::default();
        let b = Aabb {
            min: Point::new(-100.0, 0.0),
            max: Point::new(100.0, 50.0),
        };
        v.fit(rect(), b);
        let seen = v.visible(rect());
        assert!(seen.contains(b.min) && seen.contains(b.max));
    }
}
