//! Off-mesh links: named connections an agent takes without walking (a jump, a ladder, a
//! teleporter), from one point of the free space to another, one-way unless bidirectional.
//!
//! ```text
//!        .-- cost --.
//!       /            v        one-way: from -> to only
//!   from *            * to    bidirectional: both ways, same cost
//! ```
//! The cost a search pays to take a link is `cost`, or the straight length from `from` to `to`
//! when the link has none. A cost may be 0 (a teleporter) but never negative.

use super::{LinkEnd, Scene};
use crate::geom::Point;
use crate::numbers::compact;
use serde::Serialize;

/// One off-mesh link of a scene.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Link {
    pub name: String,
    pub from: Point,
    pub to: Point,
    /// Usable from `to` to `from` as well.
    pub bidirectional: bool,
    /// What taking the link costs; `None` means its straight length (see [`Link::cost`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
}

impl Link {
    /// A one-way link without a cost of its own.
    pub fn new(name: impl Into<String>, from: Point, to: Point) -> Link {
        Link {
            name: name.into(),
            from,
            to,
            bidirectional: false,
            cost: None,
        }
    }

    /// What taking the link costs: its `cost`, or its straight length when it has none.
    pub fn cost(&self) -> f64 {
        self.cost.unwrap_or_else(|| self.from.distance(self.to))
    }

    /// The point at `end`.
    pub fn end(&self, end: LinkEnd) -> Point {
        match end {
            LinkEnd::From => self.from,
            LinkEnd::To => self.to,
        }
    }

    /// The link with its `end` moved to `at`.
    pub fn with_end(&self, end: LinkEnd, at: Point) -> Link {
        let mut link = self.clone();
        match end {
            LinkEnd::From => link.from = at,
            LinkEnd::To => link.to = at,
        }
        link
    }

    /// `link I "NAME"`, the way messages name a link.
    pub fn describe(&self, index: usize) -> String {
        format!("link {index} \"{}\"", self.name)
    }

    /// Reads one entry of a file's `links` list; `Err` names the link and the field.
    pub(super) fn from_value(index: usize, value: &serde_json::Value) -> Result<Link, String> {
        let Some(object) = value.as_object() else {
            return Err(format!(
                "link {index}: is not an object {{\"name\", \"from\", \"to\", ...}}"
            ));
        };
        let name = match object.get("name") {
            None => String::new(),
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(other) => return Err(format!("link {index}: \"name\" {other} is not a string")),
        };
        let who = Link::new(name.clone(), Point::default(), Point::default()).describe(index);
        let point = |field: &str| -> Result<Point, String> {
            let value = object
                .get(field)
                .ok_or_else(|| format!("{who}: \"{field}\" is missing"))?;
            match value.as_array().map(Vec::as_slice) {
                Some([x, y]) => match (x.as_f64(), y.as_f64()) {
                    (Some(x), Some(y)) => Ok(Point::new(x, y)),
                    _ => Err(format!(
                        "{who}: \"{field}\" {value} is not two numbers [x, y]"
                    )),
                },
                _ => Err(format!(
                    "{who}: \"{field}\" {value} is not two numbers [x, y]"
                )),
            }
        };
        let (from, to) = (point("from")?, point("to")?);
        let bidirectional = match object.get("bidirectional") {
            None => false,
            Some(serde_json::Value::Bool(b)) => *b,
            Some(other) => {
                return Err(format!(
                    "{who}: \"bidirectional\" {other} is not true or false"
                ));
            }
        };
        let cost = match object.get("cost") {
            None | Some(serde_json::Value::Null) => None,
            Some(v) => Some(
                v.as_f64()
                    .ok_or_else(|| format!("{who}: \"cost\" {v} is not a number"))?,
            ),
        };
        Ok(Link {
            name,
            from,
            to,
            bidirectional,
            cost,
        })
    }
}

impl Scene {
    /// Problems with the links, one sentence each naming the link and the field: an empty or
    /// repeated name, an end that is not a finite point in range, a cost that is not a finite
    /// number >= 0.
    pub fn link_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (i, link) in self.links.iter().enumerate() {
            let who = link.describe(i);
            if link.name.is_empty() {
                out.push(format!("link {i} has no name"));
            } else if self.links[..i].iter().any(|l| l.name == link.name) {
                out.push(format!("{who}: the name is used by an earlier link"));
            }
            for (field, p) in [("from", link.from), ("to", link.to)] {
                let max = super::MAX_COORDINATE;
                if !(p.is_finite() && p.x.abs() <= max && p.y.abs() <= max) {
                    out.push(format!(
                        "{who}: \"{field}\" ({}, {}) is not a finite point with |x|, |y| at most {max:e}",
                        p.x, p.y
                    ));
                }
            }
            if let Some(c) = link.cost
                && !(c.is_finite() && (0.0..=super::MAX_COORDINATE).contains(&c))
            {
                out.push(format!(
                    "{who}: \"cost\" {} is not a finite number between 0 and {:e}",
                    compact(c),
                    super::MAX_COORDINATE
                ));
            }
        }
        out
    }

    /// A link name no link of this scene uses yet: `link 1`, `link 2`, ...
    pub fn fresh_link_name(&self) -> String {
        (1..)
            .map(|k| format!("link {k}"))
            .find(|n| self.links.iter().all(|l| &l.name != n))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn the_default_cost_is_the_straight_length() {
        let mut link = Link::new("jump", p(0.0, 0.0), p(3.0, 4.0));
        assert_eq!(link.cost(), 5.0);
        link.cost = Some(0.0);
        assert_eq!(link.cost(), 0.0);
    }

    #[test]
    fn reading_names_the_link_and_the_field() {
        let ok =
            json!({"name": "jump", "from": [1, 2], "to": [3, 4], "bidirectional": true, "cost": 7});
        let link = Link::from_value(0, &ok).unwrap();
        assert_eq!(
            link,
            Link {
                bidirectional: true,
                cost: Some(7.0),
                ..Link::new("jump", p(1.0, 2.0), p(3.0, 4.0))
            }
        );
        let bad = [
            (
                json!({"name": "jump", "from": [1, 2], "to": [3, 4], "cost": "x"}),
                "link 0 \"jump\": \"cost\" \"x\" is not a number",
            ),
            (
                json!({"name": "jump", "from": [1], "to": [3, 4]}),
                "link 0 \"jump\": \"from\" [1] is not two numbers [x, y]",
            ),
            (
                json!({"name": "jump", "from": [1, 2]}),
                "link 0 \"jump\": \"to\" is missing",
            ),
            (
                json!({"name": "j", "from": [1, 2], "to": [3, 4], "bidirectional": 1}),
                "link 0 \"j\": \"bidirectional\" 1 is not true or false",
            ),
            (json!({"name": 5}), "link 0: \"name\" 5 is not a string"),
            (
                json!([1, 2]),
                "link 0: is not an object {\"name\", \"from\", \"to\", ...}",
            ),
        ];
        for (value, message) in bad {
            assert_eq!(Link::from_value(0, &value).unwrap_err(), message);
        }
    }

    #[test]
    fn bad_costs_ends_and_names_are_problems() {
        let scene = Scene {
            links: vec![
                Link::new("a", p(0.0, 0.0), p(1.0, 0.0)),
                Link {
                    cost: Some(-1.0),
                    ..Link::new("a", p(0.0, 0.0), p(f64::NAN, 0.0))
                },
                Link::new("", p(0.0, 0.0), p(1.0, 0.0)),
            ],
            ..Scene::default()
        };
        let problems = scene.link_problems();
        assert_eq!(problems.len(), 4, "{problems:?}");
        assert_eq!(
            problems[0],
            "link 1 \"a\": the name is used by an earlier link"
        );
        assert!(problems[1].starts_with("link 1 \"a\": \"to\" (NaN, 0) is not a finite point"));
        assert!(problems[2].starts_with("link 1 \"a\": \"cost\" -1 is not a finite number"));
        assert_eq!(problems[3], "link 2 has no name");
        assert_eq!(scene.fresh_link_name(), "link 1");
    }
}
