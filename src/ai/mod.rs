//! Players the program provides, for any rules file: a uniform random mover
//! and a Monte Carlo tree search (UCT over the engine's move generator,
//! random playouts that prefer captures, positions with a win at once
//! proven in the tree, results proven by the MCTS-Solver rule, the tree
//! kept between moves, root parallelism over a fixed number of threads
//! with a seed each).
//!
//! Agents are named as on the command line ([`AgentSpec`]: `random`,
//! `mcts:1000`, `mcts:2s`, `mcts:1000,threads=4`); an [`Agent`] plays one
//! game. For a seed and a budget in playouts, every choice is the same on
//! every run and every machine: the budget is the total over the agent's
//! threads, whose number is the agent's own.

mod check_cost;
mod mcts;
mod parallel;
mod playout;
mod search;
mod spec;
mod tree;
mod uct;
mod verdict;

pub use mcts::{Considered, Mcts, Progress, Thought};
pub use spec::{
    AgentSpec, Budget, DEFAULT_CAPTURES, DEFAULT_EXPLORATION, DEFAULT_THREADS, DEFAULT_WIN_CHECK,
    MAX_THREADS, MAX_WIN_SAMPLE, MctsConfig, SpecError, TREE_MEMORY, WinCheck,
};
pub use verdict::Estimate;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::engine::{Engine, Move, MoveBuf, Position, uniform};

/// A player for one game.
#[derive(Debug)]
pub enum Agent {
    /// Uniformly random legal moves.
    Random {
        /// Its generator.
        rng: Box<Xoshiro256PlusPlus>,
        /// Its move buffer.
        buf: Box<MoveBuf>,
    },
    /// A tree search.
    Mcts(Box<Mcts>),
}

impl Agent {
    /// The agent `spec`, seeded with `seed` (a tree search with the
    /// threads its spec gives).
    pub fn new(spec: &AgentSpec, seed: u64) -> Agent {
        match spec {
            AgentSpec::Random => Agent::Random {
                rng: Box::new(Xoshiro256PlusPlus::seed_from_u64(seed)),
                buf: Box::default(),
            },
            AgentSpec::Mcts(config) => Agent::Mcts(Box::new(Mcts::new(*config, seed))),
        }
    }

    /// A tree search stops, between two playouts, as soon as `stop` is set,
    /// and gives no move (a random agent does not search: it takes no notice).
    pub fn stop_when(&mut self, stop: Arc<AtomicBool>) {
        if let Agent::Mcts(m) = self {
            m.stop_when(stop);
        }
    }

    /// The agent's move at `pos`, reached by `line` from the start of the
    /// game, with what a tree search thought; `None` when the game is over
    /// (or the search was stopped: [`Agent::stop_when`]). `progress` hears
    /// how far a search has got ([`Progress`]: playouts, best move and
    /// estimate so far) while it thinks.
    pub fn choose(
        &mut self,
        engine: &Engine,
        pos: &Position,
        line: &[Move],
        progress: &(dyn Fn(&Progress) + Sync),
    ) -> Option<(Move, Option<Thought>)> {
        match self {
            Agent::Random { rng, buf } => {
                engine.legal_moves(pos, buf);
                let n = buf.moves.len() as u64;
                (n > 0).then(|| (buf.moves.get(uniform(rng, n) as usize).to_move(), None))
            }
            Agent::Mcts(m) => m
                .think(engine, pos, line, progress)
                .map(|t| (t.best.clone(), Some(t))),
        }
    }
}

/// A seed for part `index` of a task seeded with `seed` (a game of a match,
/// a thread of a search): SplitMix64's finaliser of both, so that nearby
/// seeds and indices give unrelated streams.
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x6A09_E667_F3BC_C909);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_seeds_differ() {
        let seeds: std::collections::BTreeSet<u64> = (0..100)
            .flat_map(|s| (0..100).map(move |i| derive_seed(s, i)))
            .collect();
        assert_eq!(seeds.len(), 10_000);
        assert_eq!(derive_seed(1, 2), derive_seed(1, 2));
    }
}
