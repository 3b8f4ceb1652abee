//! The Monte Carlo tree search player: one searcher per thread (root
//! parallelism), their root statistics added up, the most visited move
//! played, and what it thought reported.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::search::{EdgeStats, Searcher};
use super::{MctsConfig, derive_seed, parallel};
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

/// What the search thought of a position, and the move it chose.
#[derive(Debug, Clone, PartialEq)]
pub struct Thought {
    /// The move chosen.
    pub best: Move,
    /// The player to move.
    pub mover: PlayerId,
    /// Playouts run for this move (on all threads; 0 for a forced move or
    /// one that wins at once).
    pub playouts: u64,
    /// Playouts through the root's moves, with those kept from the search
    /// of earlier moves (tree reuse).
    pub root_visits: u64,
    /// How long it took.
    pub elapsed: Duration,
    /// The mover's chance of winning after the chosen move, and of a draw,
    /// as the playouts through it found (`None` for a forced move; a win
    /// for certain when the move wins at once).
    pub estimate: Option<(f64, f64)>,
    /// The most visited moves, best first.
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
}

impl Mcts {
    /// A player with `threads` searchers (at least one), seeded from `seed`.
    pub fn new(config: MctsConfig, seed: u64, threads: usize) -> Mcts {
        let searchers = (0..threads.max(1) as u64)
            .map(|t| {
                Searcher::new(
                    derive_seed(seed, t),
                    config.exploration,
                    config.take_wins,
                    config.captures,
                )
            })
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
    /// stopped: see [`Mcts::stop_when`]). `progress` hears the playouts done
    /// so far from time to time.
    pub fn think(
        &mut self,
        engine: &Engine,
        pos: &Position,
        line: &[Move],
        progress: &(dyn Fn(u64) + Sync),
    ) -> Option<Thought> {
        let start = Instant::now();
        let mover = engine.mover(pos);
        engine.legal_moves(pos, &mut self.buf);
        let win = if self.config.take_wins {
            engine.winning_move(pos, &self.buf, &mut self.scratch)
        } else {
            None
        };
        match (self.buf.moves.len(), win) {
            (0, _) => return None,
            (_, Some(i)) => {
                let mv = self.buf.moves.get(i).to_move();
                return Some(Thought {
                    best: mv.clone(),
                    mover,
                    playouts: 0,
                    root_visits: 0,
                    elapsed: start.elapsed(),
                    estimate: Some((1.0, 0.0)),
                    considered: vec![Considered {
                        mv,
                        visits: 0,
                        score: 1.0,
                    }],
                });
            }
            (1, None) => {
                let only = self.buf.moves.get(0).to_move();
                return Some(Thought {
                    best: only.clone(),
                    mover,
                    playouts: 0,
                    root_visits: 0,
                    elapsed: start.elapsed(),
                    estimate: None,
                    considered: vec![Considered {
                        mv: only,
                        visits: 0,
                        score: 0.0,
                    }],
                });
            }
            _ => {}
        }
        for s in &mut self.searchers {
            s.set_root(engine, pos, line);
        }
        let playouts = parallel::search(
            &mut self.searchers,
            engine,
            self.config.budget,
            &self.stop,
            progress,
        );
        if self.stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut sum: BTreeMap<Move, EdgeStats> = BTreeMap::new();
        for s in &self.searchers {
            for (mv, e) in s.root_stats() {
                let t = sum.entry(mv).or_default();
                t.visits += e.visits;
                t.value += e.value;
                t.draws += e.draws;
                t.proven = t.proven.or(e.proven);
            }
        }
        let mut ranked: Vec<(Move, EdgeStats)> = sum.into_iter().collect();
        // A move proven to win first, one proven to lose last, else the most
        // visited. Stable: equal moves stay in the order of their tokens.
        let class = |e: &EdgeStats| match e.proven {
            Some(Outcome::Win(p)) if p == mover => 0,
            Some(Outcome::Win(_)) => 2,
            _ => 1,
        };
        ranked.sort_by(|a, b| {
            class(&a.1).cmp(&class(&b.1)).then(
                (b.1.visits, b.1.value)
                    .partial_cmp(&(a.1.visits, a.1.value))
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        });
        let root_visits = ranked.iter().map(|(_, e)| e.visits).sum();
        let (best, stats) = ranked.first()?.clone();
        let visits = stats.visits.max(1) as f64;
        let draw = stats.draws as f64 / visits;
        let win = (stats.value - 0.5 * stats.draws as f64) / visits;
        Some(Thought {
            best,
            mover,
            playouts,
            root_visits,
            elapsed: start.elapsed(),
            estimate: Some((win, draw)),
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
                })
                .collect(),
        })
    }
}
