//! `<use>` elements written out before usvg reads a drawing: each `<use>` of a shape or group
//! (not of a `symbol` or a nested `svg`, which usvg places itself) becomes a `<g>` with the
//! `<use>`'s attributes, its transform followed by its `x`, `y` offset, holding a copy of what it
//! uses whose ids get a suffix ([`COPY`]) so that they stay unique. usvg drops every id inside
//! the copies it makes; written out, the copied shapes keep their names and their walkable
//! marks (Inkscape's clones of a group of tiles).
//!
//! Bounded: a `<use>` in a copy is written out in the next round, at most [`ROUNDS`] rounds, and
//! no round makes the text longer than [`MAX_GROWTH`] times the drawing's; what is left is
//! placed by usvg as before.

use super::svg::marked_walkable;
use std::collections::HashMap;
use usvg::roxmltree::{Document, Node, ParsingOptions};

/// What separates a copied element's id from the copy's number: its name is the id before it.
pub const COPY: &str = "__navscope-copy-";

/// Rounds of writing out (a `<use>` inside a copy waits for the next).
const ROUNDS: usize = 4;

/// Largest text, as a multiple of the drawing's own length, a round may make.
const MAX_GROWTH: usize = 8;

/// The XLink namespace, for SVG 1.1's `xlink:href`.
const XLINK: &str = "http://www.w3.org/1999/xlink";

/// The drawing `text` with its `<use>` elements written out (see the module docs); `text` as it
/// is when it does not parse (the caller reports that).
pub fn write_out_uses(text: &str) -> String {
    let limit = text.len().saturating_mul(MAX_GROWTH);
    let mut current = text.to_string();
    for round in 0..ROUNDS {
        match one_round(&current, round, limit) {
            Some(next) => current = next,
            None => break,
        }
    }
    current
}

/// The elements of `doc` that have an id, by id.
pub fn elements_by_id<'a, 'i>(doc: &'a Document<'i>) -> HashMap<&'a str, Node<'a, 'i>> {
    (doc.descendants())
        .filter(|n| n.is_element())
        .filter_map(|n| Some((n.attribute("id")?, n)))
        .collect()
}

/// What `node` uses when it is a `<use>` (by `href` or SVG 1.1's `xlink:href`) of an element
/// of `by_id`.
pub fn used<'a, 'i>(node: &Node, by_id: &HashMap<&str, Node<'a, 'i>>) -> Option<Node<'a, 'i>> {
    if node.tag_name().name() != "use" {
        return None;
    }
    let href = node.attribute("href").or(node.attribute((XLINK, "href")))?;
    by_id.get(href.strip_prefix('#')?).copied()
}

/// The name of an id: itself, or for a copy's, the id it was copied from.
pub fn copied_name(id: &str) -> &str {
    id.find(COPY).map_or(id, |at| &id[..at])
}

/// One round: every `<use>` of the text written out, or `None` when there is none to write
/// (or the result would pass `limit` bytes, or the text does not parse).
fn one_round(text: &str, round: usize, limit: usize) -> Option<String> {
    let options = ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc = Document::parse_with_options(text, options).ok()?;
    let by_id = elements_by_id(&doc);
    let mut replacements: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for (k, node) in doc.descendants().enumerate() {
        let Some(target) = used(&node, &by_id) else {
            continue;
        };
        let placed_by_usvg = matches!(target.tag_name().name(), "symbol" | "svg");
        // A `<use>` of its own ancestor is a loop usvg refuses; leave it to it.
        if placed_by_usvg || node.ancestors().any(|a| a == target) {
            continue;
        }
        let Some(group) = group_for(text, &node, &target, &format!("{COPY}{round}-{k}")) else {
            continue;
        };
        replacements.push((node.range(), group));
    }
    if replacements.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (range, group) in replacements {
        if range.start < at {
            continue; // inside one written out already
        }
        out.push_str(&text[at..range.start]);
        out.push_str(&group);
        at = range.end;
    }
    out.push_str(&text[at..]);
    (out.len() <= limit).then_some(out)
}

/// The `<g>` that `use` stands for, holding a copy of `target` whose ids end in `suffix`;
/// `None` when its offset is not a plain number (a length in other units: usvg places it).
/// A copy of one shape by a `<use>` with an id is named by that id (the id of the copy's shape
/// becomes it), and is walkable when the shape was.
fn group_for(text: &str, node: &Node, target: &Node, suffix: &str) -> Option<String> {
    let offset = |name: &str| -> Option<f64> {
        let value = node.attribute(name).unwrap_or("0").trim();
        value
            .strip_suffix("px")
            .unwrap_or(value)
            .trim()
            .parse()
            .ok()
    };
    let (x, y) = (offset("x")?, offset("y")?);
    let renamed_by_use = node
        .attribute("id")
        .filter(|_| target.tag_name().name() != "g");
    let mut class = node.attribute("class").unwrap_or("").to_string();
    if renamed_by_use.is_some() && marked_walkable(target) {
        class.push_str(" walkable");
    }
    let mut group = String::from("<g");
    for attribute in node.attributes() {
        let name = attribute.name();
        if !matches!(
            name,
            "x" | "y" | "width" | "height" | "href" | "transform" | "class"
        ) {
            group.push(' ');
            group.push_str(&text[attribute.range()]);
        }
    }
    if !class.is_empty() {
        group.push_str(&format!(" class=\"{}\"", class.trim()));
    }
    let transform = node.attribute("transform").unwrap_or("");
    group.push_str(&format!(" transform=\"{transform} translate({x} {y})\">"));
    // The copy, its ids renamed apart.
    let range = target.range();
    let mut ids: Vec<(std::ops::Range<usize>, &str)> = (target.descendants())
        .filter(|n| n.is_element())
        .filter_map(|n| {
            let id = n.attribute_node("id")?;
            let name = match renamed_by_use {
                Some(use_id) if n == *target => use_id,
                _ => id.value(),
            };
            Some((id.range_value(), name))
        })
        .collect();
    ids.sort_by_key(|(r, _)| r.start);
    let mut at = range.start;
    for (id, name) in ids {
        group.push_str(&text[at..id.start]);
        group.push_str(name);
        group.push_str(suffix);
        at = id.end;
    }
    group.push_str(&text[at..range.end]);
    group.push_str("</g>");
    Some(group)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_use_of_a_group_becomes_a_moved_group_with_renamed_ids() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg"><defs><g id="room"><rect id="a" width="2" height="2"/></g></defs><use href="#room" x="5" y="1" class="c"/></svg>"##;
        let out = write_out_uses(svg);
        let copy = r#"<g class="c" transform=" translate(5 1)"><g id="room__navscope-copy-0-"#;
        assert!(out.contains(copy), "{out}");
        assert!(out.contains(r#"<rect id="a__navscope-copy-0-"#), "{out}");
        assert!(!out.contains("<use"), "{out}");
        assert_eq!(copied_name("a__navscope-copy-0-4"), "a");
        assert_eq!(copied_name("plain"), "plain");
    }

    #[test]
    fn copies_of_copies_stop_at_the_bound() {
        // Each level uses the one before twice: 2^20 copies if written out in full.
        let mut svg = String::from(
            r#"<svg xmlns="http://www.w3.org/2000/svg"><defs><rect id="l0" width="1" height="1"/>"#,
        );
        for i in 1..=20 {
            svg.push_str(&format!(
                "<g id=\"l{i}\"><use href=\"#l{}\"/><use href=\"#l{}\" x=\"1\"/></g>",
                i - 1,
                i - 1
            ));
        }
        svg.push_str("</defs><use href=\"#l20\"/></svg>");
        let out = write_out_uses(&svg);
        assert!(out.len() <= svg.len() * MAX_GROWTH, "{}", out.len());
    }
}
