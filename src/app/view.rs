//! `View`: the camera of the canvas, an f64 world <-> screen transform. The world is y-up and
//! the screen y-down; the flip happens here and nowhere else.

use crate::geom::{Aabb, Point};
use egui::{Pos2, Rect, Vec2};

/// Smallest and largest zoom, in screen points per world unit.
const MIN_SCALE: f64 = 1e-6;
const MAX_SCALE: f64 = 1e7;

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

    /// Frames `bounds` in `rect` with a margin; an empty box leaves the view unchanged.
    pub fn fit(&mut self, rect: Rect, bounds: Aabb) {
        if bounds.is_empty() || rect.width() <= 1.0 || rect.height() <= 1.0 {
            return;
        }
        let margin = 0.05 * bounds.width().max(bounds.height()).max(1e-9);
        let b = bounds.expanded(margin);
        let sx = rect.width() as f64 / b.width().max(1e-12);
        let sy = rect.height() as f64 / b.height().max(1e-12);
        self.center = b.center();
        self.scale = sx.min(sy).clamp(MIN_SCALE, MAX_SCALE);
    }
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
