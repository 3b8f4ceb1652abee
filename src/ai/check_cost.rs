//! Whether the playouts' check for a move that wins at once pays for its
//! time: with a budget in time, a search's first playouts alternate with
//! and without the check, and the check is kept only when it makes the
//! median playout at most [`MAX_CHECK_COST`] times as slow. Where applying a
//! move costs most (a connection to test on every move), the time goes to
//! more playouts instead; the tree still looks for wins at once.

use std::time::Duration;

/// How many times as slow the check may make a playout: between the cost
/// measured on the games where it pays at equal time (about 1.1 to 1.5) and
/// on the one where it does not (about 2); docs/CLI.md gives them.
pub(super) const MAX_CHECK_COST: f64 = 1.75;

/// Playouts timed each way before deciding.
const TRIALS: usize = 64;

/// The trial of a search: the durations of playouts with the check and
/// without, until it decides.
#[derive(Debug, Default)]
pub(super) struct CheckCost {
    with: Vec<Duration>,
    without: Vec<Duration>,
}

impl CheckCost {
    /// Whether the next playout is run with the check.
    pub fn next_checks(&self) -> bool {
        self.with.len() <= self.without.len()
    }

    /// Records a playout of `took`, run with the check or not; the
    /// decision (keep the check or not) once both have been timed
    /// [`TRIALS`] times.
    pub fn record(&mut self, checked: bool, took: Duration) -> Option<bool> {
        if checked {
            self.with.push(took);
        } else {
            self.without.push(took);
        }
        (self.with.len() >= TRIALS && self.without.len() >= TRIALS).then(|| {
            median(&mut self.with).as_secs_f64() <= MAX_CHECK_COST * median(&mut self.without).as_secs_f64()
        })
    }
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trial(with: u64, without: u64) -> Option<bool> {
        let mut cost = CheckCost::default();
        let mut decision = None;
        while decision.is_none() {
            let checks = cost.next_checks();
            let took = Duration::from_micros(if checks { with } else { without });
            decision = cost.record(checks, took);
        }
        assert_eq!((cost.with.len(), cost.without.len()), (TRIALS, TRIALS));
        decision
    }

    #[test]
    fn the_check_is_kept_only_when_it_costs_little() {
        assert_eq!(trial(12, 10), Some(true));
        assert_eq!(trial(20, 10), Some(false));
        // A slow playout now and then does not decide.
        let mut cost = CheckCost::default();
        for i in 0..2 * TRIALS {
            let checks = cost.next_checks();
            let took = if i == 0 { 1_000_000 } else { 10 };
            assert_eq!(
                cost.record(checks, Duration::from_micros(took)).is_some(),
                i == 2 * TRIALS - 1
            );
        }
    }
}
