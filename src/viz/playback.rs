//! The picture of agent playback: each played path's disc where it is now (red while it
//! overlaps a wall, else in its variant's colour) and every collision stretch in red, on the
//! editing overlay, which no layer toggle hides: the playback window's own checkboxes choose
//! the agents played (on the "agent discs" layer, off in the default preset, Play showed
//! nothing).

use super::{DrawList, Layer, Primitive, Style};
use crate::nav::{Collision, Path, Variant, position_at};

/// Points per unit of arc length when a collision stretch is drawn (at least 8 per stretch).
const SAMPLES_PER_UNIT: f64 = 8.0;

/// Draws the agent of `radius` that has walked `s` along `path` (variant `variant`), and the
/// stretches where it collides.
pub fn draw_playback(
    path: &Path,
    variant: Variant,
    s: f64,
    radius: f64,
    collisions: &[Collision],
    list: &mut DrawList,
) {
    for c in collisions {
        let n = (((c.to - c.from) * SAMPLES_PER_UNIT).ceil() as usize).clamp(8, 4096);
        let points = (0..=n)
            .map(|i| position_at(path, c.from + (c.to - c.from) * i as f64 / n as f64))
            .collect();
        list.push(Layer::Overlay, Style::Error, Primitive::Polyline(points));
    }
    let center = position_at(path, s);
    let hit = collisions.iter().any(|c| c.from <= s && s <= c.to);
    let style = if hit {
        Style::Error
    } else {
        Style::Path(variant)
    };
    list.push(Layer::Overlay, style, Primitive::Circle { center, radius });
    list.push(
        Layer::Overlay,
        style,
        Primitive::Marker {
            at: center,
            size: 4.0,
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Point;

    #[test]
    fn the_disc_turns_red_inside_a_collision_and_the_stretch_is_drawn() {
        let path = Path::from_points(&[Point::new(0.0, 0.0), Point::new(10.0, 0.0)]);
        let hits = [Collision {
            from: 2.0,
            to: 4.0,
            clearance: 0.1,
        }];
        let disc = |s: f64| {
            let mut list = DrawList::default();
            draw_playback(&path, Variant::Offset, s, 0.5, &hits, &mut list);
            list
        };
        let inside = disc(3.0);
        assert_eq!(inside.items.len(), 3);
        assert_eq!(
            inside.items[1].primitive,
            Primitive::Circle {
                center: Point::new(3.0, 0.0),
                radius: 0.5
            }
        );
        assert_eq!(inside.items[1].style, Style::Error);
        let Primitive::Polyline(stretch) = &inside.items[0].primitive else {
            panic!("the collision stretch is a polyline");
        };
        assert_eq!(stretch.first(), Some(&Point::new(2.0, 0.0)));
        assert_eq!(stretch.last(), Some(&Point::new(4.0, 0.0)));
        assert_eq!(disc(6.0).items[1].style, Style::Path(Variant::Offset));
        let layers = inside.items.iter().map(|item| item.layer);
        assert!(layers.into_iter().all(|l| l == Layer::Overlay));
    }
}
