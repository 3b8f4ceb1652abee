//! The program that plays a side on the page, behind a small interface so
//! that a stronger player (a tree search) can take the random mover's place
//! at one call site, [`program`].

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rulebook::engine::{Engine, Move, MoveBuf, Position};

/// How far a program has got with its move, shared with the page, and a
/// request to stop.
#[derive(Debug, Default)]
pub struct Progress {
    /// Thousandths of the work done.
    done: AtomicU32,
    /// Set when the move is no longer wanted (undo, a new game).
    stop: AtomicBool,
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
    /// Its name, shown on the page.
    fn name(&self) -> &'static str;
    /// A legal move at `pos` (`None` when there is none, or when asked to
    /// stop), reporting its progress as it goes.
    fn choose(&mut self, engine: &Engine, pos: &Position, progress: &Progress) -> Option<Move>;
}

/// Uniformly random legal moves.
pub struct RandomMover {
    rng: Xoshiro256PlusPlus,
}

impl Agent for RandomMover {
    fn name(&self) -> &'static str {
        "random mover"
    }

    fn choose(&mut self, engine: &Engine, pos: &Position, progress: &Progress) -> Option<Move> {
        let mut buf = MoveBuf::new();
        engine.legal_moves(pos, &mut buf);
        progress.set(1.0);
        if buf.moves.is_empty() || progress.cancelled() {
            return None;
        }
        let i = (self.rng.next_u64() % buf.moves.len() as u64) as usize;
        Some(buf.moves.get(i).to_move())
    }
}

/// The program that plays for the page: the one place to put a stronger player.
pub fn program(seed: u64) -> Box<dyn Agent> {
    Box::new(RandomMover {
        rng: Xoshiro256PlusPlus::seed_from_u64(seed),
    })
}
