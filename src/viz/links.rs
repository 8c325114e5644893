//! Off-mesh links as pictures: a dashed arc from `from` to `to`, bulging to the left of the way
//! it goes, with an arrow head at `to` when the link is one-way, and its name at the top.
//!
//! ```text
//!            name
//!        .-~~~~~~~-.
//!      /            \
//!  from *            v to     (one-way; a bidirectional link has no arrow head)
//! ```

use super::{DrawList, Layer, Primitive, Style};
use crate::geom::Point;
use crate::scene::Scene;

/// Points of the arc drawn for a link from `from` to `to`.
const ARC_POINTS: usize = 24;

/// Height of the arc over its chord, as a fraction of the chord.
const BULGE: f64 = 0.2;

/// The arc of a link from `from` to `to` as a polyline (a parabola through both ends whose top
/// lies `BULGE` of the chord to its left); just `from` for a link of length 0.
pub fn link_arc(from: Point, to: Point) -> Vec<Point> {
    let chord = to - from;
    if chord.length() == 0.0 {
        return vec![from];
    }
    let lift = chord.perp() * BULGE;
    (0..=ARC_POINTS)
        .map(|i| {
            let t = i as f64 / ARC_POINTS as f64;
            from.lerp(to, t) + lift * (4.0 * t * (1.0 - t))
        })
        .collect()
}

/// The two strokes of an arrow head at the end of `arc`, pointing along its last piece.
fn arrow_head(arc: &[Point]) -> Vec<[Point; 2]> {
    let [.., before, tip] = arc else {
        return Vec::new();
    };
    let back = *before - *tip;
    let size = 0.25 * (arc[0].distance(*tip)).min(8.0);
    let Some(back) = back.normalized() else {
        return Vec::new();
    };
    let side = back.perp() * 0.5;
    vec![
        [*tip, *tip + (back + side) * size],
        [*tip, *tip + (back - side) * size],
    ]
}

/// Every link of `scene`: its dashed arc, its arrow head when one-way, and its name.
pub fn draw_links(scene: &Scene, list: &mut DrawList) {
    for link in &scene.links {
        let arc = link_arc(link.from, link.to);
        let top = arc[arc.len() / 2];
        if !link.bidirectional {
            list.push(
                Layer::Links,
                Style::Link,
                Primitive::Segments(arrow_head(&arc)),
            );
        }
        for (at, size) in [(link.from, 6.0), (link.to, 6.0)] {
            list.push(Layer::Links, Style::Link, Primitive::Marker { at, size });
        }
        list.push(Layer::Links, Style::Link, Primitive::Polyline(arc));
        list.push(
            Layer::Links,
            Style::Link,
            Primitive::Label {
                at: top,
                text: link.name.clone(),
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Link;

    #[test]
    fn the_arc_joins_the_ends_and_bulges_to_the_left() {
        let arc = link_arc(Point::new(0.0, 0.0), Point::new(10.0, 0.0));
        assert_eq!(arc.first(), Some(&Point::new(0.0, 0.0)));
        assert_eq!(arc.last(), Some(&Point::new(10.0, 0.0)));
        let top = arc[arc.len() / 2];
        assert!(
            (top.x - 5.0).abs() < 1e-12 && (top.y - 2.0).abs() < 1e-12,
            "{top}"
        );
    }

    #[test]
    fn only_one_way_links_get_an_arrow_head() {
        let one_way = Link::new("drop", Point::new(0.0, 0.0), Point::new(10.0, 0.0));
        let scene = Scene {
            links: vec![
                one_way.clone(),
                Link {
                    bidirectional: true,
                    ..one_way
                },
            ],
            ..Scene::default()
        };
        let mut list = DrawList::default();
        draw_links(&scene, &mut list);
        let heads: Vec<_> = list
            .on(Layer::Links)
            .filter(|i| matches!(i.primitive, Primitive::Segments(_)))
            .collect();
        assert_eq!(heads.len(), 1);
        let Primitive::Segments(strokes) = &heads[0].primitive else {
            panic!("an arrow head is two strokes")
        };
        // Both strokes start at the tip and go back towards `from`.
        assert!(
            strokes
                .iter()
                .all(|[tip, end]| *tip == Point::new(10.0, 0.0) && end.x < 10.0)
        );
        assert!(Style::Link.paint(super::super::Theme::Dark).dashed);
    }
}
