//! Whether the playouts' informed moves pay for their time. A playout
//! policy has up to three levels, each costing more than the one below:
//! plain (a uniformly random move drawn by the sampled random mover, as
//! `playout` draws it), captures (the legal moves listed, a capture
//! preferred with the policy's chance), and wins (the captures' level with
//! a look for a move that wins at once). With a budget in time, a search's
//! first playouts take the levels in turn, timed, and a level is kept only when
//! the one below it was and it makes the median playout at most
//! [`MAX_CHECK_COST`] times as slow as that one. Where listing or applying
//! moves costs most (a connection to test on every move, hundreds of
//! points to list on a go board), the time goes to more playouts instead;
//! the tree still looks for wins at once.

use std::time::Duration;

/// How many times as slow a level may make a playout than the level below:
/// between the cost measured on the games where the check for wins pays at
/// equal time (about 1.1 to 1.5) and on the one where it does not (about
/// 2); docs/CLI.md gives them.
pub(super) const MAX_CHECK_COST: f64 = 1.75;

/// Playouts timed at each level before deciding.
const TRIALS: usize = 64;

/// Playouts timed at each level after which a first level above plain
/// that makes the median playout more than [`CLEAR_COST`] times as slow is
/// dropped at once, with every level above it: on a large board its
/// playouts would take most of a short search.
const EARLY_TRIALS: usize = 3;

/// See [`EARLY_TRIALS`].
const CLEAR_COST: f64 = 4.0;

/// The trial of a search: the durations of playouts at each level (0 is
/// plain), until it decides.
#[derive(Debug)]
pub(super) struct CheckCost {
    times: Vec<Vec<Duration>>,
}

impl CheckCost {
    /// A trial of `levels` levels (at least 2: plain and one more).
    pub fn new(levels: usize) -> CheckCost {
        CheckCost {
            times: vec![Vec::new(); levels.max(2)],
        }
    }

    /// The level the next playout is run at: the highest one timed least.
    pub fn next_level(&self) -> usize {
        let least = self.times.iter().map(Vec::len).min().unwrap_or(0);
        (0..self.times.len())
            .rev()
            .find(|&l| self.times[l].len() == least)
            .unwrap_or(0)
    }

    /// Records a playout of `took` run at `level`; the level to keep once
    /// every level has been timed [`TRIALS`] times.
    pub fn record(&mut self, level: usize, took: Duration) -> Option<usize> {
        self.times[level].push(took);
        let timed = self.times.iter().map(Vec::len).min().unwrap_or(0);
        if (EARLY_TRIALS..TRIALS).contains(&timed) {
            let (plain, first) = (
                median(&mut self.times[0].clone()),
                median(&mut self.times[1].clone()),
            );
            if first.as_secs_f64() > CLEAR_COST * plain.as_secs_f64() {
                return Some(0);
            }
        }
        if timed < TRIALS {
            return None;
        }
        let medians: Vec<f64> = self.times.iter_mut().map(|t| median(t).as_secs_f64()).collect();
        let mut kept = 0;
        while kept + 1 < medians.len() && medians[kept + 1] <= MAX_CHECK_COST * medians[kept] {
            kept += 1;
        }
        Some(kept)
    }
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The level kept when playouts take `micros[level]` microseconds, and
    /// the playouts timed before deciding.
    fn timed_trial(micros: &[u64]) -> (usize, usize) {
        let mut cost = CheckCost::new(micros.len());
        let mut timed = 0;
        loop {
            let level = cost.next_level();
            timed += 1;
            if let Some(kept) = cost.record(level, Duration::from_micros(micros[level])) {
                return (kept, timed);
            }
        }
    }

    fn trial(micros: &[u64]) -> usize {
        timed_trial(micros).0
    }

    #[test]
    fn a_level_is_kept_only_when_it_costs_little_over_the_one_below() {
        assert_eq!(trial(&[10, 12]), 1);
        assert_eq!(trial(&[10, 20]), 0);
        assert_eq!(trial(&[10, 12, 14]), 2);
        assert_eq!(trial(&[10, 12, 30]), 1);
        // A cheap top level does not make up for a costly middle one.
        assert_eq!(trial(&[10, 30, 31]), 0);
    }

    #[test]
    fn a_level_far_costlier_than_plain_is_dropped_early() {
        assert_eq!(timed_trial(&[10, 50, 60]), (0, 3 * EARLY_TRIALS));
        // Less than CLEAR_COST times as slow: decided by the whole trial.
        assert_eq!(timed_trial(&[10, 39]), (0, 2 * TRIALS));
        assert_eq!(timed_trial(&[10, 12]), (1, 2 * TRIALS));
    }

    #[test]
    fn a_slow_playout_now_and_then_does_not_decide() {
        let mut cost = CheckCost::new(2);
        for i in 0..2 * TRIALS {
            let level = cost.next_level();
            let took = if i == 0 { 1_000_000 } else { 10 };
            assert_eq!(
                cost.record(level, Duration::from_micros(took)).is_some(),
                i == 2 * TRIALS - 1
            );
        }
    }
}
