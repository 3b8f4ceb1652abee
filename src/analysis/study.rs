//! A balance study: games between agents for each variant of a game's
//! options, and the report per variant.

use serde::{Deserialize, Serialize};

use super::game::{GameResult, play_game};
use super::runner::run_indexed;
use super::stats::{Estimate, Summary, Z95, wilson};
use crate::ai::{AgentSpec, derive_seed};
use crate::engine::Engine;

/// What a study plays and on what: everything its results depend on, which
/// shares of one study have in common.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Study {
    /// The rules file's name and the hash of its text.
    pub rules: String,
    pub rules_hash: String,
    /// The game's title and its players, in order.
    pub title: String,
    pub players: Vec<String>,
    /// The agent of each player, by name.
    pub agents: Vec<String>,
    /// The options set in every variant (`name`, `value`).
    pub sets: Vec<(String, String)>,
    /// The options of each variant (`name`, `value`), besides `sets`.
    pub variants: Vec<Vec<(String, String)>>,
    /// The player who moves first in each variant (an index into `players`).
    pub first_movers: Vec<usize>,
    /// Games per variant.
    pub games: u64,
    /// The seed.
    pub seed: u64,
}

/// The result of one game of a study.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The variant.
    pub variant: usize,
    /// The game's number within its variant.
    pub game: u64,
    /// How it ended.
    #[serde(flatten)]
    pub result: GameResult,
}

impl Study {
    /// The number of games of the whole study.
    pub fn total(&self) -> u64 {
        self.variants.len() as u64 * self.games
    }

    /// The variant and number of game `g` of the whole study.
    fn locate(&self, g: u64) -> (usize, u64) {
        ((g / self.games) as usize, g % self.games)
    }
}

/// The games of share `index` (from 0) of `count`: every `count`-th game,
/// so that each share has games of every variant.
pub fn share(study: &Study, index: u64, count: u64) -> Vec<u64> {
    (index..study.total()).step_by(count.max(1) as usize).collect()
}

/// Plays the games `which` of the study (`engines[v]` runs variant `v`,
/// `agents[p]` plays player `p`, each game stopped after `max_moves`
/// moves) on `jobs` threads, calling `done` after each. Each game's seed is derived from the study's seed, its variant
/// and its number, so the results do not depend on `jobs` or on the shares.
pub fn play_study(
    study: &Study,
    engines: &[Engine],
    agents: &[AgentSpec],
    which: &[u64],
    max_moves: u32,
    jobs: usize,
    done: &(dyn Fn() + Sync),
) -> Vec<GameRecord> {
    run_indexed(
        which.len(),
        jobs,
        |i| {
            let (variant, game) = study.locate(which[i]);
            let seed = derive_seed(derive_seed(study.seed, variant as u64), game);
            GameRecord {
                variant,
                game,
                result: play_game(&engines[variant], agents, seed, max_moves),
            }
        },
        done,
    )
}

/// One player's wins in a variant.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerWins {
    /// The player.
    pub player: String,
    /// Games won.
    pub wins: u64,
    /// The share of games won, with its Wilson interval.
    pub rate: Estimate,
}

/// The report of one variant.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VariantReport {
    /// Its options.
    pub options: Vec<(String, String)>,
    /// Games played.
    pub games: u64,
    /// The wins of each player.
    pub wins: Vec<PlayerWins>,
    /// Drawn games, and their share.
    pub draws: u64,
    pub draw_rate: Estimate,
    /// Game length in moves.
    pub length: Summary,
    /// Games ended by the limit of moves, and their share.
    pub cut: u64,
    pub cut_rate: Estimate,
    /// The player who moves first.
    pub first_mover: String,
    /// Their score (a draw ½) as a share of the games, with its interval…
    pub first_mover_score: Estimate,
    /// …and its excess over an even share (½ for two players).
    pub first_mover_advantage: Estimate,
}

/// The report of each variant from the study's results (in any order).
pub fn report(study: &Study, records: &[GameRecord]) -> Vec<VariantReport> {
    let n = study.players.len();
    (0..study.variants.len())
        .map(|v| {
            let games: Vec<&GameResult> = records
                .iter()
                .filter(|r| r.variant == v)
                .map(|r| &r.result)
                .collect();
            let count = games.len() as u64;
            let wins_of = |p: usize| games.iter().filter(|g| g.winner == Some(p as u8)).count() as u64;
            let draws = games.iter().filter(|g| g.winner.is_none()).count() as u64;
            let cut = games.iter().filter(|g| g.cut).count() as u64;
            let lengths: Vec<f64> = games.iter().map(|g| g.length as f64).collect();
            let first = study.first_movers[v];
            let score = wilson(wins_of(first) as f64 + draws as f64 / n as f64, count, Z95);
            let even = 1.0 / n as f64;
            VariantReport {
                options: study.variants[v].clone(),
                games: count,
                wins: (0..n)
                    .map(|p| PlayerWins {
                        player: study.players[p].clone(),
                        wins: wins_of(p),
                        rate: wilson(wins_of(p) as f64, count, Z95),
                    })
                    .collect(),
                draws,
                draw_rate: wilson(draws as f64, count, Z95),
                length: Summary::of(&lengths),
                cut,
                cut_rate: wilson(cut as f64, count, Z95),
                first_mover: study.players[first].clone(),
                first_mover_score: score,
                first_mover_advantage: Estimate {
                    value: score.value - even,
                    low: score.low - even,
                    high: score.high - even,
                },
            }
        })
        .collect()
}
