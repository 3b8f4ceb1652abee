//! Running many independent tasks on a few threads: each task depends on
//! its index only, so the results are the same whatever the number of threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs `work(i)` for every `i` below `count` on `jobs` threads (at least
/// one), calling `done` after each; returns the results in the order of `i`.
pub fn run_indexed<R: Send>(
    count: usize,
    jobs: usize,
    work: impl Fn(usize) -> R + Sync,
    done: &(dyn Fn() + Sync),
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..count).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, count.max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    let r = work(i);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
                    done();
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.expect("every index was run"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
