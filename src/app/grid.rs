//! The background grid: by default a step of 1, 2 or 5 times a power of ten that keeps lines at
//! least `MIN_SPACING` points apart (or the step the user set), every fifth line stronger.
//! Snapping uses the same step.

use super::view::View;
use egui::{Color32, Painter, Pos2, Rect, Stroke};

const MIN_SPACING: f64 = 18.0;
/// Beyond this many lines per axis the grid is not drawn (only possible in degenerate views).
const MAX_LINES: f64 = 1000.0;

/// The grid step in world units at this zoom.
pub fn step(view: &View) -> f64 {
    let raw = MIN_SPACING / view.scale;
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * power)
}

/// Paints the grid of `step`; a step too fine to see at this zoom is drawn five times coarser
/// (as often as needed), so its lines stay apart.
pub fn paint(
    painter: &Painter,
    view: &View,
    rect: Rect,
    step: f64,
    (minor, major): (Color32, Color32),
) {
    if !(step > 0.0 && step.is_finite() && view.scale > 0.0) {
        return;
    }
    let mut s = step;
    while s * view.scale < MIN_SPACING / 3.0 {
        s *= 5.0;
    }
    let seen = view.visible(rect);
    if (seen.width() / s).max(seen.height() / s) > MAX_LINES {
        return;
    }
    let line = |k: f64| {
        if (k.round() as i64).rem_euclid(5) == 0 {
            Stroke::new(1.0, major)
        } else {
            Stroke::new(1.0, minor)
        }
    };
    for k in lines(seen.min.x, seen.max.x, s) {
        let x = view.to_screen(rect, crate::geom::Point::new(k * s, 0.0)).x;
        painter.line_segment(
            [Pos2::new(x, rect.top()), Pos2::new(x, rect.bottom())],
            line(k),
        );
    }
    for k in lines(seen.min.y, seen.max.y, s) {
        let y = view.to_screen(rect, crate::geom::Point::new(0.0, k * s)).y;
        painter.line_segment(
            [Pos2::new(rect.left(), y), Pos2::new(rect.right(), y)],
            line(k),
        );
    }
}

/// The multiples `k` of `step` whose lines fall in [min, max], at most `MAX_LINES + 1` of
/// them. Counted, not stepped by `k += 1` alone: far from the origin (|k| over 2^53) adding
/// one no longer changes `k`, and such a loop would never end.
fn lines(min: f64, max: f64, step: f64) -> impl Iterator<Item = f64> {
    let first = (min / step).floor();
    (0..=MAX_LINES as u64)
        .map(move |i| first + i as f64)
        .take_while(move |k| k * step <= max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_lines_end_even_where_adding_one_changes_nothing() {
        assert_eq!(
            lines(-0.5, 2.0, 1.0).collect::<Vec<_>>(),
            [-1.0, 0.0, 1.0, 2.0]
        );
        // At 3e16 units, k + 1 == k for every line index: the count still ends.
        let far: Vec<f64> = lines(3e16, 3e16 + 10.0, 1.0).collect();
        assert!(!far.is_empty() && far.len() <= MAX_LINES as usize + 1);
    }

    #[test]
    fn steps_are_round_and_wide_enough() {
        for scale in [0.01, 0.3, 1.0, 7.0, 20.0, 333.0, 1e5] {
            let s = step(&View {
                scale,
                ..View::default()
            });
            assert!(s * scale >= MIN_SPACING, "{s} at {scale}");
            assert!(s * scale < MIN_SPACING * 2.6, "{s} at {scale}");
            let mantissa = s / 10f64.powf(s.log10().floor());
            assert!(
                [1.0, 2.0, 5.0].iter().any(|m| (m - mantissa).abs() < 1e-9),
                "{s}"
            );
        }
    }
}
