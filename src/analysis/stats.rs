//! The statistics of the reports: Wilson score intervals for proportions,
//! Elo differences with their intervals, and summaries of samples.

use serde::{Deserialize, Serialize};

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A proportion (or a difference) with the bounds of its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The estimate.
    pub value: f64,
    /// The lower bound.
    pub low: f64,
    /// The upper bound.
    pub high: f64,
}

/// The Wilson score interval of `successes` out of `n` trials at normal
/// quantile `z` (successes may be fractional: a draw counts ½). With no
/// trials, the whole range 0..1.
pub fn wilson(successes: f64, n: u64, z: f64) -> Estimate {
    if n == 0 {
        return Estimate {
            value: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let n = n as f64;
    let p = (successes / n).clamp(0.0, 1.0);
    let z2 = z * z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = z / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Estimate {
        value: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The difference `a − b` of two proportions from independent samples, with
/// the 95% interval of Newcombe's hybrid score method (method 10 of Newcombe
/// 1998, "Interval estimation for the difference between independent
/// proportions"), built from their Wilson intervals (`a` and `b` as
/// [`wilson`] gives them).
pub fn difference(a: &Estimate, b: &Estimate) -> Estimate {
    let d = a.value - b.value;
    Estimate {
        value: d,
        low: d - ((a.value - a.low).powi(2) + (b.high - b.value).powi(2)).sqrt(),
        high: d + ((a.high - a.value).powi(2) + (b.value - b.low).powi(2)).sqrt(),
    }
}

/// The Elo difference that makes a player's expected score `score` (0..1):
/// `400·log10(s / (1 − s))`; infinite at 0 and 1.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        400.0 * (score / (1.0 - score)).log10()
    }
}

/// The Elo difference of a player who scored `points` (draws ½) in `games`
/// games, with the interval that maps the Wilson interval of the score.
pub fn elo_difference(points: f64, games: u64) -> Estimate {
    let score = wilson(points, games, Z95);
    Estimate {
        value: elo_from_score(score.value),
        low: elo_from_score(score.low),
        high: elo_from_score(score.high),
    }
}

/// The mean, median and standard deviation of a sample.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Summary {
    /// The mean.
    pub mean: f64,
    /// The median (the mean of the two middle values of an even sample).
    pub median: f64,
    /// The sample standard deviation (with `n − 1`; 0 for fewer than two values).
    pub sd: f64,
}

impl Summary {
    /// The summary of `values` (all zero for an empty sample).
    pub fn of(values: &[f64]) -> Summary {
        let n = values.len();
        if n == 0 {
            return Summary::default();
        }
        let mean = values.iter().sum::<f64>() / n as f64;
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let median = if n % 2 == 1 {
            sorted[n / 2]
        } else {
            (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
        };
        let sd = if n < 2 {
            0.0
        } else {
            (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
        };
        Summary { mean, median, sd }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-5
    }

    /// Published values of the Wilson score interval at 95% (e.g. Newcombe
    /// 1998, table I: 81/263, 15/148, 0/20, 1/29; Wikipedia's worked cases).
    #[test]
    fn wilson_interval_matches_known_values() {
        for (k, n, low, high) in [
            (81.0, 263, 0.2553, 0.3662),
            (15.0, 148, 0.0624, 0.1605),
            (0.0, 20, 0.0, 0.1611),
            (1.0, 29, 0.0061, 0.1718),
            (8.0, 10, 0.4902, 0.9433),
            (5.0, 10, 0.2366, 0.7634),
            (50.0, 100, 0.4038, 0.5962),
        ] {
            let e = wilson(k, n, Z95);
            assert!(
                close(e.low, low) && close(e.high, high),
                "{k}/{n}: [{:.4}, {:.4}], expected [{low}, {high}]",
                e.low,
                e.high
            );
            assert!(close(e.value, k / n as f64));
        }
        let none = wilson(0.0, 0, Z95);
        assert_eq!((none.low, none.high), (0.0, 1.0));
    }

    /// Newcombe's method 10 on the examples of Newcombe (1998), table II,
    /// and one more; the bounds (to six decimals) as statsmodels 0.15
    /// computes them (`confint_proportions_2indep(…, method="newcomb")`).
    #[test]
    fn differences_match_newcombe() {
        for (a, n, b, m, low, high) in [
            (56.0, 70, 48.0, 80, 0.052431, 0.333873),
            (9.0, 10, 3.0, 10, 0.170523, 0.809018),
            (6.0, 7, 2.0, 7, 0.058228, 0.806250),
            (5.0, 56, 0.0, 29, -0.038137, 0.192560),
            (0.0, 10, 0.0, 20, -0.161125, 0.277533),
            (0.0, 10, 0.0, 10, -0.277533, 0.277533),
            (10.0, 10, 0.0, 20, 0.679086, 1.0),
            (10.0, 10, 0.0, 10, 0.607509, 1.0),
            (122.0, 200, 161.0, 200, -0.279648, -0.106303),
        ] {
            let d = difference(&wilson(a, n, Z95), &wilson(b, m, Z95));
            assert!(
                close(d.low, low) && close(d.high, high),
                "{a}/{n} − {b}/{m}: [{:.4}, {:.4}], expected [{low}, {high}]",
                d.low,
                d.high
            );
            assert!(close(d.value, a / n as f64 - b / m as f64));
        }
    }

    #[test]
    fn elo_of_known_scores() {
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!((elo_from_score(0.75) - 190.848).abs() < 1e-3);
        assert!((elo_from_score(0.25) + 190.848).abs() < 1e-3);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        let d = elo_difference(75.0, 100);
        assert!(d.low < d.value && d.value < d.high);
        assert!((d.value - 190.848).abs() < 1e-3);
        // The interval is the Wilson interval of the score, mapped.
        let w = wilson(75.0, 100, Z95);
        assert!((d.low - elo_from_score(w.low)).abs() < 1e-9);
    }

    #[test]
    fn summaries() {
        let s = Summary::of(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!(s.mean, 5.0);
        assert_eq!(s.median, 4.5);
        assert!((s.sd - 2.138_09).abs() < 1e-5);
        let one = Summary::of(&[3.0]);
        assert_eq!((one.mean, one.median, one.sd), (3.0, 3.0, 0.0));
        assert_eq!(Summary::of(&[]), Summary::default());
    }
}
