//! The Monte Carlo tree search player: its searchers (root parallelism)
//! share the budget, their root statistics are added up, the best move is
//! played (a proven win, else the most visited), and what it thought is
//! reported, while it thinks and after.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::search::Searcher;
use super::verdict::{self, Estimate};
use super::{MctsConfig, WinCheck, derive_seed, parallel};
use crate::engine::{Engine, Move, MoveBuf, Position};
use crate::ir::{Outcome, PlayerId};

/// How many of the best moves a [`Thought`] lists.
const CONSIDERED: usize = 3;

/// A tree search player for one game (its trees are kept between moves).
#[derive(Debug)]
pub struct Mcts {
    config: MctsConfig,
    searchers: Vec<Searcher>,
    buf: MoveBuf,
    scratch: Position,
    /// Set by whoever no longer wants the move being searched.
    stop: Arc<AtomicBool>,
}

/// How far a search has got, as it thinks: what the progress callback of
/// [`Mcts::think`] hears from time to time.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// Playouts run so far for this move, on all threads.
    pub playouts: u64,
    /// The move it would play now (by the first searcher's tree).
    pub best: Option<Move>,
    /// Its estimate now (by the first searcher's tree).
    pub estimate: Option<Estimate>,
}

/// What the search thought of a position, and the move it chose.
#[derive(Debug, Clone, PartialEq)]
pub struct Thought {
    /// The move chosen.
    pub best: Move,
    /// The player to move.
    pub mover: PlayerId,
    /// Playouts run for this move (on all threads; 0 for a forced move, one
    /// that wins at once, or a result proven before).
    pub playouts: u64,
    /// Playouts through the root's moves, with those kept from the search
    /// of earlier moves (tree reuse).
    pub root_visits: u64,
    /// How long it took.
    pub elapsed: Duration,
    /// What the search makes of the position for the mover (`None` for a
    /// forced move).
    pub estimate: Option<Estimate>,
    /// The moves ranked best, best first.
    pub considered: Vec<Considered>,
}

/// One move the search looked at.
#[derive(Debug, Clone, PartialEq)]
pub struct Considered {
    /// The move.
    pub mv: Move,
    /// Playouts through it.
    pub visits: u64,
    /// The mover's mean score through it (a win 1, a draw ½).
    pub score: f64,
    /// Its result, when the search proved it.
    pub proven: Option<Outcome>,
}

impl Mcts {
    /// A player with the searchers of `config` (at least one), seeded from `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> Mcts {
        let searchers = (0..config.threads.max(1) as u64)
            .map(|t| Searcher::new(derive_seed(seed, t), &config))
            .collect();
        Mcts {
            config,
            searchers,
            buf: MoveBuf::new(),
            scratch: Position::default(),
            stop: Arc::default(),
        }
    }

    /// Stops the search, between two playouts, as soon as `stop` is set:
    /// [`Mcts::think`] then gives no move.
    pub fn stop_when(&mut self, stop: Arc<AtomicBool>) {
        self.stop = stop;
    }

    /// Thinks about `pos`, reached by `line` from the start of the game, and
    /// chooses a move (`None` when the game is over, or when the search was
    /// stopped: see [`Mcts::stop_when`]). `progress` hears how far it has
    /// got from time to time. The search ends when its budget is spent or
    /// the result at `pos` is proven.
    pub fn think(
        &mut self,
        engine: &Engine,
        pos: &Position,
        line: &[Move],
        progress: &(dyn Fn(&Progress) + Sync),
    ) -> Option<Thought> {
        let start = Instant::now();
        let mover = engine.mover(pos);
        engine.legal_moves(pos, &mut self.buf);
        let win = if self.config.wins != WinCheck::Off {
            engine.winning_move(pos, &self.buf, &mut self.scratch)
        } else {
            None
        };
        let quick = |mv: Move, estimate: Option<Estimate>, proven: Option<Outcome>| Thought {
            best: mv.clone(),
            mover,
            playouts: 0,
            root_visits: 0,
            elapsed: start.elapsed(),
            estimate,
            considered: vec![Considered {
                mv,
                visits: 0,
                score: if proven.is_some() { 1.0 } else { 0.0 },
                proven,
            }],
        };
        match (self.buf.moves.len(), win) {
            (0, _) => return None,
            (_, Some(i)) => {
                let won = Outcome::Win(mover);
                let estimate = Estimate::Proven {
                    outcome: won,
                    plies: 1,
                };
                return Some(quick(self.buf.moves.get(i).to_move(), Some(estimate), Some(won)));
            }
            (1, None) => return Some(quick(self.buf.moves.get(0).to_move(), None, None)),
            _ => {}
        }
        for s in &mut self.searchers {
            s.set_root(engine, pos, line);
        }
        let report = |playouts: u64, first: &Searcher| {
            let ranked = verdict::rank(verdict::sum(std::iter::once(first.root_stats())), mover);
            progress(&Progress {
                playouts,
                best: ranked.first().map(|(mv, _)| mv.clone()),
                estimate: verdict::estimate(&ranked, mover),
            });
        };
        let playouts = parallel::search(
            &mut self.searchers,
            engine,
            self.config.budget,
            &self.stop,
            &report,
        );
        if self.stop.load(Ordering::Relaxed) {
            return None;
        }
        let ranked = verdict::rank(
            verdict::sum(self.searchers.iter().map(Searcher::root_stats)),
            mover,
        );
        let root_visits = ranked.iter().map(|(_, e)| e.visits).sum();
        let estimate = verdict::estimate(&ranked, mover);
        let (best, _) = ranked.first()?.clone();
        Some(Thought {
            best,
            mover,
            playouts,
            root_visits,
            elapsed: start.elapsed(),
            estimate,
            considered: ranked
                .into_iter()
                .take(CONSIDERED)
                .map(|(mv, e)| Considered {
                    mv,
                    visits: e.visits,
                    score: if e.visits == 0 {
                        0.0
                    } else {
                        e.value / e.visits as f64
                    },
                    proven: e.proven.map(|(end, _)| end),
                })
                .collect(),
        })
    }
}
