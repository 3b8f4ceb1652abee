//! Root parallelism: several searchers, each with its own tree and seed,
//! think about the same position on their own threads; their statistics of
//! the root's moves are added up afterwards. Each tree depends only on its
//! seed and its budget in playouts, so the sum does too.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::Budget;
use super::search::Searcher;
use crate::engine::Engine;

/// How often the waiting thread looks whether the searchers are done (and
/// reports progress).
const POLL: Duration = Duration::from_millis(10);

/// Iterations between two reports of a search on the calling thread.
const REPORT_EVERY: u64 = 64;

/// Runs every searcher on its budget (each one its own whole budget), on
/// threads of their own when there are several; `progress` hears the
/// playouts done so far from time to time. Returns the playouts done.
pub(super) fn search(
    searchers: &mut [Searcher],
    engine: &Engine,
    budget: Budget,
    progress: &mut dyn FnMut(u64),
) -> u64 {
    let start = Instant::now();
    if let [one] = searchers {
        let mut done = 0;
        while !spent(budget, done, start) {
            one.iterate(engine);
            done += 1;
            if done % REPORT_EVERY == 0 {
                progress(done);
            }
        }
        return done;
    }
    let count = searchers.len();
    let done = AtomicU64::new(0);
    let finished = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for searcher in searchers.iter_mut() {
            let (done, finished) = (&done, &finished);
            scope.spawn(move || {
                let mut mine = 0;
                while !spent(budget, mine, start) {
                    searcher.iterate(engine);
                    mine += 1;
                    done.fetch_add(1, Ordering::Relaxed);
                }
                finished.fetch_add(1, Ordering::Release);
            });
        }
        while finished.load(Ordering::Acquire) < count {
            std::thread::sleep(POLL);
            progress(done.load(Ordering::Relaxed));
        }
    });
    done.into_inner()
}

/// Whether a searcher that has done `done` playouts since `start` is done.
fn spent(budget: Budget, done: u64, start: Instant) -> bool {
    match budget {
        Budget::Playouts(n) => done >= n,
        Budget::Time(d) => start.elapsed() >= d,
    }
}
