//! Whether the tree search's estimate is calibrated: in self-play, the
//! positions it rated about x% for the player to move should score about
//! x% for that player in the end. Each move's estimate (unproven ones) is
//! put in a bin of ten points, and each bin's mean estimate is compared with
//! the mean score of its games; the estimate the search reports (the mean
//! over all playouts through the root's moves) is compared with the chosen
//! move's own mean, which it used to report.
//!
//! Slow (self-play at 1,000 playouts a move, 40 or 60 games, in parallel):
//! half a minute (connect four) to two and a half (breakthrough) each on
//! two cores, in the dev profile;
//! `cargo test --test ai_calibration -- --ignored --nocapture`.

mod common;

use rayon::prelude::*;
use rulebook::ai::{Agent, AgentSpec, Estimate, derive_seed};
use rulebook::engine::Engine;
use rulebook::ir::{Outcome, PlayerId};

/// One prediction: the mover's expected score by the reported estimate
/// and by the chosen move's mean, and the mover.
struct Prediction {
    reported: f64,
    chosen: f64,
    mover: PlayerId,
}

/// The predictions of one self-play game of `spec` and each mover's final
/// score.
fn self_play(engine: &Engine, spec: &AgentSpec, seed: u64) -> Vec<(f64, f64, f64)> {
    let mut agent = Agent::new(spec, seed);
    let mut pos = engine.start();
    let mut line = Vec::new();
    let mut predictions = Vec::new();
    while pos.result().is_none() && line.len() < 1000 {
        let Some((mv, thought)) = agent.choose(engine, &pos, &line, &|_| {}) else {
            break;
        };
        if let Some(t) = thought
            && let Some(Estimate::Chances { win, draw }) = t.estimate
            && let Some(first) = t.considered.first()
        {
            predictions.push(Prediction {
                reported: win + 0.5 * draw,
                chosen: first.score,
                mover: t.mover,
            });
        }
        engine.play_unchecked(&mut pos, mv.as_ref());
        line.push(mv);
    }
    let outcome = engine.final_outcome(&pos);
    predictions
        .into_iter()
        .map(|p| {
            let score = match outcome {
                Outcome::Win(w) if w == p.mover => 1.0,
                Outcome::Win(_) => 0.0,
                Outcome::Draw => 0.5,
            };
            (p.reported, p.chosen, score)
        })
        .collect()
}

/// The bins of ten points of `pairs` (prediction, score): count, mean
/// prediction, mean score; and the mean distance between the two over all
/// predictions (each bin weighed by its count).
fn bins(pairs: &[(f64, f64)]) -> (Vec<(usize, f64, f64)>, f64) {
    let mut bins = vec![(0usize, 0.0, 0.0); 10];
    for &(p, s) in pairs {
        let b = ((p * 10.0) as usize).min(9);
        bins[b].0 += 1;
        bins[b].1 += p;
        bins[b].2 += s;
    }
    let mut error = 0.0;
    for b in &mut bins {
        if b.0 > 0 {
            b.1 /= b.0 as f64;
            b.2 /= b.0 as f64;
            error += b.0 as f64 * (b.1 - b.2).abs();
        }
    }
    (bins, error / pairs.len().max(1) as f64)
}

/// Plays `games` self-play games of `agent` on `game` and prints the
/// calibration of both estimates; the reported one must be off by less
/// than `tolerance` on average.
fn calibration(game: &str, options: &str, agent: &str, games: u64, tolerance: f64) {
    let engine = common::engine(game, options);
    let spec: AgentSpec = agent.parse().expect("a valid agent");
    let all: Vec<(f64, f64, f64)> = (0..games)
        .into_par_iter()
        .flat_map(|g| self_play(&engine, &spec, derive_seed(1, g)))
        .collect();
    let reported: Vec<(f64, f64)> = all.iter().map(|&(r, _, s)| (r, s)).collect();
    let chosen: Vec<(f64, f64)> = all.iter().map(|&(_, c, s)| (c, s)).collect();
    let (reported_bins, reported_error) = bins(&reported);
    let (chosen_bins, chosen_error) = bins(&chosen);
    println!(
        "{game} {options}: {agent}, {games} games of self-play, {} estimates",
        all.len()
    );
    println!(
        "{:>9} | {:>6} {:>9} {:>7} | {:>6} {:>9} {:>7}",
        "bin", "moves", "reported", "scored", "moves", "chosen", "scored"
    );
    for (i, (r, c)) in reported_bins.iter().zip(&chosen_bins).enumerate() {
        println!(
            "{:>3}–{:>3}% | {:>6} {:>8.1}% {:>6.1}% | {:>6} {:>8.1}% {:>6.1}%",
            10 * i,
            10 * i + 10,
            r.0,
            100.0 * r.1,
            100.0 * r.2,
            c.0,
            100.0 * c.1,
            100.0 * c.2
        );
    }
    println!(
        "mean distance between estimate and score: reported {:.3}, chosen move's mean {:.3}",
        reported_error, chosen_error
    );
    assert!(reported_error < tolerance, "{reported_error}");
}

#[test]
#[ignore = "minutes: cargo test --test ai_calibration -- --ignored --nocapture"]
fn the_estimate_is_calibrated_on_hex_7() {
    calibration("hex", "size=7", "mcts:1000", 60, 0.1);
}

/// Not with the default: playouts that take a win but do not stop one
/// favour the side to move on connect four, and the estimate with them is
/// off by 0.16 on average there (docs/CLI.md); it is calibrated with the
/// check in the tree only.
#[test]
#[ignore = "minutes"]
fn the_estimate_is_calibrated_on_connect_four_with_wins_in_the_tree() {
    calibration("connect-four", "", "mcts:1000,wins=tree", 60, 0.1);
}

#[test]
#[ignore = "minutes"]
fn the_estimate_is_calibrated_on_breakthrough() {
    calibration("breakthrough", "", "mcts:1000", 40, 0.1);
}
