//! One game between agents, from the start to its end, or to a cap on its
//! length: a game that never ends (no turn limit, moves that go back and
//! forth) must not keep a match or a study running for ever.

use serde::{Deserialize, Serialize};

use super::player::{Mover, Player, Seat};
use crate::ai::{Agent, AgentSpec, derive_seed};
use crate::engine::{EndCause, Engine, MoveBuf, Status};
use crate::external::EngineFailure;
use crate::ir::Outcome;

/// How a game between agents ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The index of the winner in the game's `players`, `None` for a draw.
    pub winner: Option<u8>,
    /// Its length in moves.
    pub length: u32,
    /// It was ended by a limit of moves: the rules' own (`draw after N
    /// moves`), or the cap of [`play_game`] (then its length is the cap).
    pub cut: bool,
}

/// The cap on a game's length of `match`, `analyze` and `playout` when
/// none is given (`--max-moves`): far above the length of any game of the
/// shipped rules files (the longest, go on 19×19, lasts about a thousand
/// moves between random players), and reached in well under a second a game
/// by random players.
pub const DEFAULT_MAX_MOVES: u32 = 10_000;

impl GameResult {
    /// Whether the game was stopped by a cap of `max_moves` moves.
    pub fn capped(&self, max_moves: u32) -> bool {
        self.cut && self.length >= max_moves
    }
}

/// Plays a game from the start in which player `p` is `agents[p]`; the
/// agents are seeded from `seed` (each its own stream) and think on the
/// threads their specs give (one by default). A game still going after `max_moves` moves is stopped
/// there and counts as a draw, cut. A game whose moves ran out of the
/// engine's budget stops there: see [`Engine::take_exhausted`].
pub fn play_game(engine: &Engine, agents: &[AgentSpec], seed: u64, max_moves: u32) -> GameResult {
    let mut agents: Vec<Agent> = agents
        .iter()
        .enumerate()
        .map(|(p, spec)| Agent::new(spec, derive_seed(seed, p as u64)))
        .collect();
    let Ok(result) = play_out(engine, &mut agents, max_moves);
    result
}

/// [`play_game`] between players that may be engines in other processes
/// (each started for the game, with its seed); an engine that fails ends
/// the game with its failure.
pub fn play_game_between(
    engine: &Engine,
    players: &[Player],
    seed: u64,
    max_moves: u32,
) -> Result<GameResult, EngineFailure> {
    let mut seats = players
        .iter()
        .enumerate()
        .map(|(p, player)| Seat::start(player, engine, derive_seed(seed, p as u64)))
        .collect::<Result<Vec<_>, _>>()?;
    play_out(engine, &mut seats, max_moves)
}

/// Plays a game from the start in which `movers[p]` moves for player `p`.
fn play_out<M: Mover>(engine: &Engine, movers: &mut [M], max_moves: u32) -> Result<GameResult, M::Error> {
    let mut pos = engine.start();
    let mut line = Vec::new();
    let mut capped = false;
    let mut resigned = None;
    while pos.result().is_none() {
        if line.len() >= max_moves as usize {
            capped = engine.status(&pos, &mut MoveBuf::new()) == Status::Ongoing;
            break;
        }
        let mover = engine.mover(&pos).index();
        let Some(mv) = movers[mover].choose(engine, &pos, &line)? else {
            // No move in a game that goes on (and not for want of the
            // engine's budget): the player resigns.
            if !engine.is_exhausted() && engine.status(&pos, &mut MoveBuf::new()) == Status::Ongoing {
                resigned = Some(mover);
            }
            break;
        };
        // A move chosen from a list cut short by the engine's budget is not
        // played: the game stops, and the caller reports the budget.
        if engine.is_exhausted() {
            break;
        }
        engine.play_unchecked(&mut pos, mv.as_ref());
        line.push(mv);
    }
    let winner = match (resigned, engine.final_outcome(&pos)) {
        // With two players, the other one wins; with more, nobody does.
        (Some(quitter), _) => (movers.len() == 2).then(|| 1 - quitter as u8),
        (None, Outcome::Win(p)) if !capped => Some(p.0),
        (None, _) => None,
    };
    let cut = capped
        || matches!(
            engine.end_cause(&pos, &mut MoveBuf::new()),
            Some(EndCause::TurnLimit(_))
        );
    Ok(GameResult {
        winner,
        length: pos.ply(),
        cut,
    })
}
