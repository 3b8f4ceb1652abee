//! Running many independent tasks on a few threads: each task depends on
//! its index only, so the results are the same whatever the number of threads.

use rayon::prelude::*;

/// Runs `work(i)` for every `i` below `count` on `jobs` threads (at least
/// one, and never more than there are tasks), calling `done` after each;
/// returns the results in the order of `i`.
pub fn run_indexed<R: Send>(
    count: usize,
    jobs: usize,
    work: impl Fn(usize) -> R + Sync,
    done: &(dyn Fn() + Sync),
) -> Vec<R> {
    let one = |i: usize| {
        let r = work(i);
        done();
        r
    };
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads(count, jobs))
        .build()
    {
        // One task at a time per thread, so that long and short games mix.
        Ok(pool) => pool.install(|| (0..count).into_par_iter().with_max_len(1).map(one).collect()),
        // No threads to be had: one after the other, with the same results.
        Err(_) => (0..count).map(one).collect(),
    }
}

/// The threads to start for `count` tasks when `jobs` are asked for.
fn threads(count: usize, jobs: usize) -> usize {
    jobs.min(count).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn results_come_in_index_order_whatever_the_threads() {
        let ticks = AtomicUsize::new(0);
        let tick = || {
            ticks.fetch_add(1, Ordering::Relaxed);
        };
        for jobs in [1, 2, 5, 100] {
            let r = run_indexed(37, jobs, |i| i * i, &tick);
            assert_eq!(r, (0..37).map(|i| i * i).collect::<Vec<_>>());
        }
        assert_eq!(ticks.load(Ordering::Relaxed), 4 * 37);
        assert!(run_indexed(0, 3, |i| i, &tick).is_empty());
    }

    #[test]
    fn no_more_threads_start_than_there_are_tasks() {
        let pools = run_indexed(2, 10_000, |_| rayon::current_num_threads(), &|| {});
        assert_eq!(pools, [2, 2]);
        assert_eq!(threads(0, 8), 1);
    }
}
