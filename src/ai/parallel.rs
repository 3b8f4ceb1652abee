//! Root parallelism: several searchers, each with its own tree and seed,
//! think about the same position on threads of their own, sharing the
//! budget; their statistics of the root's moves are added up afterwards.
//! Each tree depends only on its seed and its share of a budget in
//! playouts, so the sum does too.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::Budget;
use super::search::Searcher;
use crate::engine::Engine;

/// Iterations of the first searcher between two reports of progress.
const REPORT_EVERY: u64 = 64;

/// Runs the searchers on `budget` (a budget in playouts shared out, a time
/// each), on a thread each when there are several, until each is spent or
/// its root is solved, or `stop` is set (it is read before every playout).
/// `report` hears, from time to time, the playouts done so far (by all) and
/// the first searcher, which it may look at. Returns the playouts done.
pub(super) fn search(
    searchers: &mut [Searcher],
    engine: &Engine,
    budget: Budget,
    stop: &AtomicBool,
    report: &(dyn Fn(u64, &Searcher) + Sync),
) -> u64 {
    let start = Instant::now();
    let done = AtomicU64::new(0);
    let count = searchers.len() as u64;
    let run = |(i, searcher): (usize, &mut Searcher)| {
        let share = share(budget, i as u64, count);
        let mut mine = 0;
        while !spent(share, mine, start) && !stop.load(Ordering::Relaxed) {
            if !searcher.iterate(engine) {
                break;
            }
            mine += 1;
            let all = done.fetch_add(1, Ordering::Relaxed) + 1;
            if i == 0 && mine % REPORT_EVERY == 0 {
                report(all, searcher);
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

/// The budget of searcher `i` of `count`: its share of the playouts (the
/// first ones one more when they do not divide evenly), or the whole time.
fn share(budget: Budget, i: u64, count: u64) -> Budget {
    match budget {
        Budget::Playouts(n) => Budget::Playouts(n / count + u64::from(i < n % count)),
        time => time,
    }
}

/// Whether a searcher that has done `done` playouts since `start` is done.
fn spent(budget: Budget, done: u64, start: Instant) -> bool {
    match budget {
        Budget::Playouts(n) => done >= n,
        Budget::Time(d) => start.elapsed() >= d,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playouts_are_shared_out_and_time_is_not() {
        let shares: Vec<Budget> = (0..3).map(|i| share(Budget::Playouts(1000), i, 3)).collect();
        assert_eq!(
            shares,
            [
                Budget::Playouts(334),
                Budget::Playouts(333),
                Budget::Playouts(333)
            ]
        );
        let second = Budget::Time(std::time::Duration::from_secs(1));
        assert_eq!(share(second, 2, 3), second);
    }
}
