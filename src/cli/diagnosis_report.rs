//! The diagnosis fields of a `navscope path --json` result, each present only when relevant:
//! - `"diagnosis"`: one sentence per finding, joined by `; `;
//! - `"blocked_by"`: what holds an outside start (or, when only it is outside, goal): the
//!   obstacle's name (`obstacle N` when unnamed), `"outline"` (within the agent radius of a
//!   walkable outline) or `"outside"` (outside every walkable ring);
//!   `"blocked_by_detail"`: `{"end": "start"|"goal", "kind": "obstacle"|"outline"|"outside",
//!   "index": i (the obstacle, or the walkable ring: the nearest one when outside them all),
//!   "inflated": bool (only within the radius of it, not inside it)}`;
//! - `"nearest_start"`, `"nearest_goal"`: the nearest free point to an outside start / goal;
//! - `"components": {"start", "goal"}` and `"closest_reachable"`: for an unreachable goal;
//! - `"bottleneck": {"at": [x, y], "width": w}`: `raw_status` is `blocked`, and this is the
//!   narrowest passage (narrower than 2r) of the widest route a point agent could take;
//! - `"unusable_links": [{"link": name, "end": "from"|"to", "at": [x, y], "blocked_by": ...,
//!   "nearest": [x, y]}]`: off-mesh link ends outside the free space (those links are never
//!   taken); reported with every query, found or not.

use crate::geom::Point;
use crate::nav::Diagnosis;
use crate::scene::RingRef;
use serde::Serialize;

#[derive(Serialize, Default)]
pub(super) struct DiagnosisReport {
    #[serde(skip_serializing_if = "Option::is_none")]
    diagnosis: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    blocked_by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    blocked_by_detail: Option<BlockerDetail>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nearest_start: Option<Point>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nearest_goal: Option<Point>,
    #[serde(skip_serializing_if = "Option::is_none")]
    components: Option<Components>,
    #[serde(skip_serializing_if = "Option::is_none")]
    closest_reachable: Option<Point>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bottleneck: Option<BottleneckReport>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    unusable_links: Vec<LinkEndReport>,
}

#[derive(Serialize)]
struct LinkEndReport {
    link: String,
    end: &'static str,
    at: Point,
    blocked_by: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    nearest: Option<Point>,
}

#[derive(Serialize)]
struct BlockerDetail {
    end: &'static str,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
    inflated: bool,
}

#[derive(Serialize)]
struct Components {
    start: u32,
    goal: u32,
}

#[derive(Serialize)]
struct BottleneckReport {
    at: Point,
    width: f64,
}

impl DiagnosisReport {
    pub(super) fn new(d: &Diagnosis) -> DiagnosisReport {
        let blocker = d.blocker();
        DiagnosisReport {
            diagnosis: d.sentence(),
            blocked_by: blocker.map(|(_, b)| b.name.clone()),
            blocked_by_detail: blocker.map(|(end, b)| BlockerDetail {
                end,
                kind: b.kind(),
                index: b.ring.map(|r| match r {
                    RingRef::Obstacle(i) | RingRef::Walkable(i) | RingRef::Cost(i) => i,
                }),
                inflated: b.inflated,
            }),
            nearest_start: d.start.as_ref().and_then(|o| o.nearest),
            nearest_goal: d.goal.as_ref().and_then(|o| o.nearest),
            components: d.unreachable.as_ref().map(|u| Components {
                start: u.start_component.0,
                goal: u.goal_component.0,
            }),
            closest_reachable: d.unreachable.as_ref().map(|u| u.closest_reachable),
            bottleneck: d.bottleneck.map(|b| BottleneckReport {
                at: b.at,
                width: b.width,
            }),
            unusable_links: d
                .links
                .iter()
                .map(|l| LinkEndReport {
                    link: l.name.clone(),
                    end: l.end.name(),
                    at: l.at,
                    blocked_by: l.outside.blocker.name.clone(),
                    nearest: l.outside.nearest,
                })
                .collect(),
        }
    }
}
