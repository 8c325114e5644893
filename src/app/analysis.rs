//! `Analysis`: the shown query's answer on the shown navmesh (`nav::query`, with its metrics,
//! diagnosis and detour) and its picture (`viz::draw_answer`), kept until the build, the ends or
//! the corridor options change. Queries are fast, so this runs on the UI thread and handles
//! follow the pointer even while a slow build runs in the background.

use super::live::{Ask, BuildKey, Built};
use super::paint::Picture;
use crate::geom::Point;
use crate::nav::{self, Answer, CorridorOptions, QueryOptions};
use crate::scene::Scene;
use crate::viz::{self, DrawList};

type AnalysisKey = (BuildKey, Point, Point, CorridorOptions);

/// A query with everything shown about it.
#[derive(Debug)]
pub struct Analysis {
    /// The build (revision, radius, preview, arc tolerance), start, goal, corridor options.
    key: AnalysisKey,
    pub answer: Answer,
    pub picture: Picture,
}

impl Analysis {
    /// The corridor optimisations the answer was made with.
    pub fn options(&self) -> CorridorOptions {
        self.key.3
    }

    /// Answers `start` -> `goal` on `built` (a build of `scene`) with the corridor
    /// optimisations `options`, or returns `previous` if it already did.
    pub fn update(
        previous: Option<Analysis>,
        built: &Built,
        scene: &Scene,
        start: Point,
        goal: Point,
        options: CorridorOptions,
    ) -> Analysis {
        let key = (built.key, start, goal, options);
        if let Some(a) = previous.filter(|a| a.key == key) {
            return a;
        }
        let asked = Ask {
            start,
            goal,
            options,
        };
        let answer = match &built.answer {
            Some((ask, answer)) if *ask == asked => answer.clone(),
            _ => {
                let options = QueryOptions::explained(scene, options);
                nav::query(&built.build, start, goal, &options)
            }
        };
        let mut list = DrawList::default();
        viz::draw_answer(&built.build.mesh, &answer, &mut list);
        Analysis {
            key,
            answer,
            picture: Picture::new(list),
        }
    }
}
