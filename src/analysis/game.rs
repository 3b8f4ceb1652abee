//! One game between agents, from the start to its end.

use serde::{Deserialize, Serialize};

use crate::ai::{Agent, AgentSpec, derive_seed};
use crate::engine::{EndCause, Engine, MoveBuf};
use crate::ir::Outcome;

/// How a game between agents ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The index of the winner in the game's `players`, `None` for a draw.
    pub winner: Option<u8>,
    /// Its length in moves.
    pub length: u32,
    /// It was ended by its limit of moves.
    pub cut: bool,
}

/// Plays a game from the start in which player `p` is `agents[p]`; the
/// agents are seeded from `seed` (each its own stream) and think on one
/// thread each.
pub fn play_game(engine: &Engine, agents: &[AgentSpec], seed: u64) -> GameResult {
    let mut agents: Vec<Agent> = agents
        .iter()
        .enumerate()
        .map(|(p, spec)| Agent::new(spec, derive_seed(seed, p as u64), 1))
        .collect();
    let mut pos = engine.start();
    let mut line = Vec::new();
    while pos.result().is_none() {
        let mover = engine.mover(&pos).index();
        let Some((mv, _)) = agents[mover].choose(engine, &pos, &line, &|_| {}) else {
            break;
        };
        engine.play_unchecked(&mut pos, mv.as_ref());
        line.push(mv);
    }
    let winner = match engine.final_outcome(&pos) {
        Outcome::Win(p) => Some(p.0),
        Outcome::Draw => None,
    };
    let cut = matches!(
        engine.end_cause(&pos, &mut MoveBuf::new()),
        Some(EndCause::TurnLimit(_))
    );
    GameResult {
        winner,
        length: pos.ply(),
        cut,
    }
}
