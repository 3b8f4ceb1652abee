//! The balance laboratory: games between agents ([`play_game`]) run on
//! several threads with results independent of their number, matches
//! ([`play_match`]), studies of a game's variants ([`play_study`],
//! [`report`]) split into shares that merge back ([`merge`]), and the
//! statistics of their reports ([`wilson`], [`elo_difference`], [`Summary`]),
//! the speed of a game ([`measure`]), and the differences between two
//! versions of a game ([`first_difference`], [`perft_by_depth`], [`balance`]).

mod balance;
mod diff;
mod game;
mod matches;
mod perfts;
mod player;
mod playouts;
mod runner;
mod shard;
mod speed;
mod stats;
mod study;

pub use balance::{Balance, BalancePlan, Change, balance, change};
pub use diff::{Difference, Incomparable, MAX_LISTED, MovesDiff, comparable, first_difference};
pub use game::{DEFAULT_MAX_MOVES, GameResult, play_game, play_game_between};
pub use matches::{AgentResult, MatchPlan, MatchReport, Tally, game_count, play_match};
pub use perfts::{MAX_PERFT_NODES, divide_on, perft_by_depth};
pub use player::Player;
pub use playouts::{PLAYOUT_BLOCK, RandomGames, random_games, random_games_from};
pub use runner::run_indexed;
pub use shard::{FORMAT, MergeError, Shard, merge};
pub use speed::{MAX_AUTO_DEPTH, SpeedError, SpeedPlan, SpeedReport, measure};
pub use stats::{Estimate, Summary, Z95, difference, elo_difference, elo_from_score, wilson};
pub use study::{GameRecord, PlayerWins, Study, VariantReport, play_study, report, share};
