//! Root parallelism: several searchers, each with its own tree and seed,
//! think about the same position on threads of their own; their statistics
//! of the root's moves are added up afterwards. Each tree depends only on
//! its seed and its budget in playouts, so the sum does too.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::Budget;
use super::search::Searcher;
use crate::engine::Engine;

/// Iterations of the first searcher between two reports of progress.
const REPORT_EVERY: u64 = 64;

/// Runs every searcher on its budget (each one its own whole budget), on a
/// thread each when there are several, until `stop` is set (it is read
/// before every playout); `progress` hears the playouts done so far (by
/// all) from time to time. Returns the playouts done.
pub(super) fn search(
    searchers: &mut [Searcher],
    engine: &Engine,
    budget: Budget,
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
) -> u64 {
    let start = Instant::now();
    let done = AtomicU64::new(0);
    let run = |(i, searcher): (usize, &mut Searcher)| {
        let mut mine = 0;
        while !spent(budget, mine, start) && !stop.load(Ordering::Relaxed) {
            searcher.iterate(engine);
            mine += 1;
            let all = done.fetch_add(1, Ordering::Relaxed) + 1;
            if i == 0 && mine % REPORT_EVERY == 0 {
                progress(all);
            }
        }
    };
    if searchers.len() == 1 {
        searchers.iter_mut().enumerate().for_each(run);
    } else {
        match rayon::ThreadPoolBuilder::new()
            .num_threads(searchers.len())
            .build()
        {
            Ok(pool) => pool.install(|| searchers.par_iter_mut().enumerate().for_each(run)),
            // No threads to be had: one after the other, with the same results.
            Err(_) => searchers.iter_mut().enumerate().for_each(run),
        }
    }
    done.into_inner()
}

/// Whether a searcher that has done `done` playouts since `start` is done.
fn spent(budget: Budget, done: u64, start: Instant) -> bool {
    match budget {
        Budget::Playouts(n) => done >= n,
        Budget::Time(d) => start.elapsed() >= d,
    }
}
