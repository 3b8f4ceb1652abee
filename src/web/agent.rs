//! The program that plays a side on the page: the tree search of
//! `rulebook::ai`, behind a small interface with progress and cancelling.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Instant;

use rulebook::ai::{AgentSpec, Budget, MAX_THREADS, Thought};
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
    /// With the search's thoughts, when it has some.
    fn choose(
        &mut self,
        engine: &Engine,
        pos: &Position,
        progress: &Progress,
    ) -> Option<(Move, Option<Thought>)>;
}

/// The tree search of `rulebook::ai`, with its budget (so that the page can
/// show how far it has got).
pub struct SearchMover {
    search: rulebook::ai::Agent,
    budget: Budget,
}

/// The name of the page's program, shown while it thinks.
pub const PROGRAM_NAME: &str = "tree search";

/// The strengths the page offers: agent specs and how the page names them.
pub const STRENGTHS: [(&str, &str); 8] = [
    ("mcts:500ms", "quick: ½ s a move"),
    ("mcts:1s", "1 s a move"),
    ("mcts:3s", "3 s a move"),
    ("mcts:10s", "10 s a move"),
    ("mcts:300", "300 playouts a move"),
    ("mcts:1000", "1,000 playouts a move"),
    ("mcts:3000", "3,000 playouts a move"),
    ("mcts:10000", "10,000 playouts a move"),
];

/// The strength the page starts with: a second a move, whatever the game
/// (a budget in playouts takes minutes a move in a slow game).
pub const DEFAULT_STRENGTH: &str = "mcts:1s";

impl Agent for SearchMover {
    fn choose(
        &mut self,
        engine: &Engine,
        pos: &Position,
        progress: &Progress,
    ) -> Option<(Move, Option<Thought>)> {
        self.search.stop_when(progress.stop.clone());
        let started = Instant::now();
        let report = |p: &rulebook::ai::Progress| {
            progress.set(match self.budget {
                Budget::Playouts(n) => p.playouts as f64 / n.max(1) as f64,
                Budget::Time(t) => started.elapsed().as_secs_f64() / t.as_secs_f64().max(1e-3),
            })
        };
        let chosen = self.search.choose(engine, pos, &[], &report)?;
        progress.set(1.0);
        (!progress.cancelled()).then_some(chosen)
    }
}

/// The program that plays for the page: a tree search of `strength` (one
/// of [`STRENGTHS`]), on every core (a budget in playouts shared among them).
pub fn program(seed: u64, strength: &str) -> Result<Box<dyn Agent>, String> {
    let spec: AgentSpec = strength.parse().map_err(|e| format!("{e}"))?;
    let AgentSpec::Mcts(mut config) = spec else {
        return Err(format!("`{strength}` is not a tree search"));
    };
    config.threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS));
    Ok(Box::new(SearchMover {
        search: rulebook::ai::Agent::new(&AgentSpec::Mcts(config), seed),
        budget: config.budget,
    }))
}
