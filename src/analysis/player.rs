//! The players of a match: the program's agents, and engines in other
//! processes that speak the engine protocol or GTP.

use std::convert::Infallible;
use std::fmt;

use crate::ai::{Agent, AgentSpec};
use crate::engine::{Engine, Move, Position};
use crate::external::{EngineCommand, EngineFailure, EngineProcess, GtpProcess};

/// A player of a match, by name.
#[derive(Debug, Clone, PartialEq)]
pub enum Player {
    /// One of the program's agents.
    Agent(AgentSpec),
    /// An external engine (speaking the engine protocol or GTP), started
    /// for each game.
    Engine(EngineCommand),
}

impl From<AgentSpec> for Player {
    fn from(spec: AgentSpec) -> Player {
        Player::Agent(spec)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Agent(a) => a.fmt(f),
            Player::Engine(e) => e.fmt(f),
        }
    }
}

/// Whoever moves for a player in one game.
pub(super) trait Mover {
    /// Why it may fail to give a move.
    type Error;

    /// Its move at `pos`, reached by `line` from the start; `None` when it
    /// has none (the game is over, its agent was stopped, or it resigns).
    fn choose(&mut self, engine: &Engine, pos: &Position, line: &[Move])
    -> Result<Option<Move>, Self::Error>;
}

impl Mover for Agent {
    type Error = Infallible;

    fn choose(&mut self, engine: &Engine, pos: &Position, line: &[Move]) -> Result<Option<Move>, Infallible> {
        Ok(Agent::choose(self, engine, pos, line, &|_| {}).map(|(mv, _)| mv))
    }
}

/// A player's seat in one game: an agent, or an engine's process.
pub(super) enum Seat {
    Agent(Box<Agent>),
    Engine(Box<EngineProcess>),
    Gtp(Box<GtpProcess>),
}

impl Seat {
    /// The seat of `player` for a game of `engine`'s, seeded with `seed` (an
    /// engine is started, and given the seed if its protocol takes one).
    pub(super) fn start(player: &Player, engine: &Engine, seed: u64) -> Result<Seat, EngineFailure> {
        Ok(match player {
            Player::Agent(spec) => Seat::Agent(Box::new(Agent::new(spec, seed))),
            Player::Engine(command) if command.gtp => {
                Seat::Gtp(Box::new(GtpProcess::start(command, engine)?))
            }
            Player::Engine(command) => Seat::Engine(Box::new(EngineProcess::start(command, seed)?)),
        })
    }
}

impl Mover for Seat {
    type Error = EngineFailure;

    fn choose(
        &mut self,
        engine: &Engine,
        pos: &Position,
        line: &[Move],
    ) -> Result<Option<Move>, EngineFailure> {
        match self {
            Seat::Agent(agent) => {
                let Ok(mv) = Mover::choose(&mut **agent, engine, pos, line);
                Ok(mv)
            }
            Seat::Engine(process) => process.choose(engine, pos, line).map(Some),
            Seat::Gtp(process) => process.choose(engine, pos, line),
        }
    }
}
