//! The program that plays a side on the page: the tree search of
//! `rulebook::ai`, behind a small interface with progress and cancelling.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use rulebook::engine::{Engine, Move, Position};

/// How far a program has got with its move, shared with the page, and a
/// request to stop.
#[derive(Debug, Default)]
pub struct Progress {
    /// Thousandths of the work done.
    done: AtomicU32,
    /// Set when the move is no longer wanted (undo, a new game): the
    /// search reads it before every playout.
    stop: Arc<AtomicBool>,
}

impl Progress {
    /// Records how much is done, from 0 to 1.
    pub fn set(&self, fraction: f64) {
        self.done
            .store((fraction.clamp(0.0, 1.0) * 1000.0) as u32, Ordering::Relaxed);
    }

    /// How much is done, from 0 to 1.
    pub fn get(&self) -> f64 {
        self.done.load(Ordering::Relaxed) as f64 / 1000.0
    }

    /// Asks the program to stop.
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the program was asked to stop.
    pub fn cancelled(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// A player that chooses moves.
pub trait Agent: Send {
    /// A legal move at `pos` (`None` when there is none, or when asked to
    /// stop: it stops soon after), reporting its progress as it goes.
    fn choose(&mut self, engine: &Engine, pos: &Position, progress: &Progress) -> Option<Move>;
}

/// The tree search of `rulebook::ai`, with a budget in playouts (so that the
/// page can show how far it has got).
pub struct SearchMover {
    search: rulebook::ai::Agent,
    playouts: u64,
}

/// The name of the page's program, shown while it thinks.
pub const PROGRAM_NAME: &str = "tree search";

impl Agent for SearchMover {
    fn choose(&mut self, engine: &Engine, pos: &Position, progress: &Progress) -> Option<Move> {
        self.search.stop_when(progress.stop.clone());
        let budget = self.playouts as f64;
        let report = |done: u64| progress.set(done as f64 / budget);
        let (mv, _) = self.search.choose(engine, pos, &[], &report)?;
        progress.set(1.0);
        (!progress.cancelled()).then_some(mv)
    }
}

/// Playouts a move of the page's program: about a second here.
const PAGE_PLAYOUTS: u64 = 3_000;

/// The program that plays for the page: a tree search of [`PAGE_PLAYOUTS`]
/// playouts a move, on every core.
pub fn program(seed: u64) -> Box<dyn Agent> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let config = rulebook::ai::MctsConfig::new(rulebook::ai::Budget::Playouts(PAGE_PLAYOUTS));
    Box::new(SearchMover {
        search: rulebook::ai::Agent::new(&rulebook::ai::AgentSpec::Mcts(config), seed, threads),
        playouts: PAGE_PLAYOUTS,
    })
}
