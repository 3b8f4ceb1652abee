//! A match: agents against each other over many games, optionally with
//! the seats exchanged, and its report.

use std::ops::ControlFlow;

use serde::Serialize;

use super::game::play_game_between;
use super::player::Player;
use super::runner::fold_indexed;
use super::stats::{Estimate, Z95, elo_difference, wilson};
use crate::ai::derive_seed;
use crate::engine::Engine;
use crate::external::EngineFailure;

/// What a match plays.
#[derive(Debug, Clone)]
pub struct MatchPlan {
    /// The agents, in the order of the game's players (seat `p` is agent `p`
    /// in the first game of each set).
    pub agents: Vec<Player>,
    /// Games (sets of games, with `rotate`).
    pub games: u64,
    /// Every game is played once per rotation of the seats (twice for two
    /// players: sides exchanged), with the same seed.
    pub rotate: bool,
    /// The seed of the match; game `g`'s seed is derived from it.
    pub seed: u64,
    /// A game still going after this many moves is stopped: a draw.
    pub max_moves: u32,
}

/// Wins, draws and losses, and the score they make.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games won, drawn, lost.
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// The score (a draw counts ½) as a share of the games, with its Wilson interval.
    pub score: Estimate,
}

impl Tally {
    fn add(&mut self, winner: Option<bool>) {
        self.games += 1;
        match winner {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => self.draws += 1,
        }
        self.score = wilson(self.wins as f64 + 0.5 * self.draws as f64, self.games, Z95);
    }

    fn new() -> Tally {
        Tally {
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            score: wilson(0.0, 0, Z95),
        }
    }
}

/// One agent's results: overall and by seat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AgentResult {
    /// Its name.
    pub agent: String,
    /// Over all games.
    pub total: Tally,
    /// `by_seat[p]`: the games it played as player `p`.
    pub by_seat: Vec<Tally>,
}

/// The report of a match.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchReport {
    /// Games played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// The results of each agent, in the order given.
    pub agents: Vec<AgentResult>,
    /// With two agents: the first one's Elo difference over the second, with
    /// its 95% interval (infinite bounds when one side scored 0 or 1).
    pub elo: Option<Estimate>,
    /// Mean game length in moves.
    pub mean_length: f64,
    /// The cap on a game's length, and the games stopped by it (counted as draws).
    pub max_moves: u32,
    pub capped: u64,
}

/// The seat of each agent in game `g`: agent `a` plays player `seats[a]`.
fn seats(plan: &MatchPlan, g: u64) -> Vec<usize> {
    let n = plan.agents.len();
    let rotation = if plan.rotate { (g % n as u64) as usize } else { 0 };
    (0..n).map(|a| (a + rotation) % n).collect()
}

/// The number of games of the plan.
pub fn game_count(plan: &MatchPlan) -> u64 {
    if plan.rotate {
        plan.games.saturating_mul(plan.agents.len() as u64)
    } else {
        plan.games
    }
}

/// Plays the match on `jobs` threads (one game a thread), calling `done`
/// after each game. The report depends on the plan only (and on the
/// external engines', if any). The first failure of an external engine
/// fails the match.
pub fn play_match(
    engine: &Engine,
    plan: &MatchPlan,
    jobs: usize,
    done: &(dyn Fn() + Sync),
) -> Result<MatchReport, EngineFailure> {
    let n = plan.agents.len();
    let total = game_count(plan);
    let mut agents: Vec<AgentResult> = plan
        .agents
        .iter()
        .map(|a| AgentResult {
            agent: a.to_string(),
            total: Tally::new(),
            by_seat: vec![Tally::new(); n],
        })
        .collect();
    let (mut length, mut capped, mut failure) = (0.0, 0, None);
    let play = |g: u64| {
        let set = if plan.rotate { g / n as u64 } else { g };
        let seats = seats(plan, g);
        let mut by_player = plan.agents.clone();
        for (a, &p) in seats.iter().enumerate() {
            by_player[p] = plan.agents[a].clone();
        }
        (
            g,
            play_game_between(engine, &by_player, derive_seed(plan.seed, set), plan.max_moves),
        )
    };
    fold_indexed(total, jobs, play, done, |(g, result)| {
        let r = match result {
            Ok(r) => r,
            Err(e) => {
                failure = Some(e);
                return ControlFlow::Break(());
            }
        };
        for (a, &p) in seats(plan, g).iter().enumerate() {
            let won = r.winner.map(|w| w as usize == p);
            agents[a].total.add(won);
            agents[a].by_seat[p].add(won);
        }
        length += r.length as f64;
        capped += u64::from(r.capped(plan.max_moves));
        ControlFlow::Continue(())
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let elo = (n == 2 && total > 0).then(|| {
        let t = &agents[0].total;
        elo_difference(t.wins as f64 + 0.5 * t.draws as f64, t.games)
    });
    let mean_length = if total == 0 { 0.0 } else { length / total as f64 };
    Ok(MatchReport {
        games: total,
        seed: plan.seed,
        agents,
        elo,
        mean_length,
        max_moves: plan.max_moves,
        capped,
    })
}
