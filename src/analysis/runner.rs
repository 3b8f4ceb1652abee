//! Running many independent tasks on a few threads: each task depends on
//! its index only, so the results are the same whatever the number of threads.

use std::ops::ControlFlow;

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
    let mut results = Vec::new();
    fold_indexed(
        count as u64,
        jobs,
        |i| work(i as usize),
        done,
        |r| {
            results.push(r);
            ControlFlow::Continue(())
        },
    );
    results
}

/// The tasks run between two folds of [`fold_indexed`]: their results are
/// all that is held at once, whatever the count.
const WINDOW: u64 = 4_096;

/// Runs `work(i)` for every `i` below `count` on `jobs` threads, as
/// [`run_indexed`] does, and hands each result to `fold` in the order of
/// `i` as the tasks finish, a window of [`WINDOW`] tasks at a time (on one
/// thread, one task at a time, without a pool): memory does not grow with
/// `count`. When `fold` breaks, no further task starts after its window.
pub fn fold_indexed<R: Send>(
    count: u64,
    jobs: usize,
    work: impl Fn(u64) -> R + Sync,
    done: &(dyn Fn() + Sync),
    mut fold: impl FnMut(R) -> ControlFlow<()>,
) {
    let one = |i: u64| {
        let r = work(i);
        done();
        r
    };
    let threads = threads(count, jobs);
    if threads == 1 {
        // One thread: the tasks in order, here, one result held at a time.
        for i in 0..count {
            if fold(one(i)).is_break() {
                return;
            }
        }
        return;
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
    let mut window: Vec<R> = Vec::new();
    let mut from = 0;
    while from < count {
        let to = from.saturating_add(WINDOW).min(count);
        match &pool {
            // One task at a time per thread, so that long and short games mix.
            Ok(pool) => pool.install(|| {
                (0..(to - from) as usize)
                    .into_par_iter()
                    .with_max_len(1)
                    .map(|k| one(from + k as u64))
                    .collect_into_vec(&mut window)
            }),
            // No threads to be had: one after the other, with the same results.
            Err(_) => window.extend((from..to).map(one)),
        }
        for r in window.drain(..) {
            if fold(r).is_break() {
                return;
            }
        }
        from = to;
    }
}

/// The threads to start for `count` tasks when `jobs` are asked for.
fn threads(count: u64, jobs: usize) -> usize {
    (jobs as u64).min(count).max(1) as usize
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
    fn folds_come_in_index_order_across_windows() {
        let count = 2 * WINDOW + 5;
        for jobs in [1, 3] {
            let mut seen = Vec::new();
            fold_indexed(
                count,
                jobs,
                |i| i * 3,
                &|| {},
                |r| {
                    seen.push(r);
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(seen, (0..count).map(|i| i * 3).collect::<Vec<_>>());
        }
        // A break stops the tasks after the window it comes in.
        let played = std::sync::atomic::AtomicU64::new(0);
        let mut folded = 0;
        fold_indexed(
            u64::MAX,
            2,
            |i| i,
            &|| {
                played.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            },
            |i| {
                folded += 1;
                if i == 10 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        assert_eq!((folded, played.into_inner()), (11, WINDOW));
    }

    #[test]
    fn no_more_threads_start_than_there_are_tasks() {
        let pools = run_indexed(2, 10_000, |_| rayon::current_num_threads(), &|| {});
        assert_eq!(pools, [2, 2]);
        assert_eq!(threads(0, 8), 1);
    }
}
