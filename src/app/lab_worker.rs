//! The Path lab's run on a worker thread: rows stream back in batches while the editor keeps
//! drawing, with progress and cancel. One thread answers the queries in order, so a run's
//! rows (and report) are the same as `navscope lab` gives for the same queries.

use super::live::Built;
use crate::geom::Point;
use crate::lab::{self, LabRow};
use crate::nav::CorridorOptions;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// Rows sent back at a time.
const BATCH: usize = 25;

/// A run under way.
pub struct LabJob {
    rows: Receiver<Vec<LabRow>>,
    cancel: Arc<AtomicBool>,
    total: usize,
    received: usize,
}

impl LabJob {
    /// Starts answering `queries` on `built`; `wake` is called after each batch.
    pub fn start(
        built: Arc<Built>,
        queries: Vec<(Point, Point)>,
        options: CorridorOptions,
        wake: impl Fn() + Send + 'static,
    ) -> std::io::Result<LabJob> {
        let (tx, rx) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let stop = cancel.clone();
        let total = queries.len();
        std::thread::Builder::new()
            .name("navscope-lab".into())
            .spawn(move || {
                for (k, part) in queries.chunks(BATCH).enumerate() {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let rows = part
                        .iter()
                        .enumerate()
                        .map(|(i, &(s, g))| {
                            lab::run_one(&built.build, k * BATCH + i, s, g, &options)
                        })
                        .collect();
                    if tx.send(rows).is_err() {
                        break;
                    }
                    wake();
                }
                wake();
            })?;
        Ok(LabJob {
            rows: rx,
            cancel,
            total,
            received: 0,
        })
    }

    /// The rows that arrived since the last call, and whether the run has ended (finished,
    /// or cancelled and stopped).
    pub fn poll(&mut self) -> (Vec<LabRow>, bool) {
        let mut rows = Vec::new();
        loop {
            match self.rows.try_recv() {
                Ok(batch) => rows.extend(batch),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.received += rows.len();
                    return (rows, true);
                }
            }
        }
        self.received += rows.len();
        (rows, false)
    }

    /// Asks the worker to stop after its current batch.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Rows received and rows asked for.
    pub fn progress(&self) -> (usize, usize) {
        (self.received, self.total)
    }
}

impl Drop for LabJob {
    fn drop(&mut self) {
        self.cancel();
    }
}
