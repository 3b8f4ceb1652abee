//! Why a finished game ended, re-derived for front ends (outside the hot path).

use super::moves::MoveBuf;
use super::{Engine, Position, Status};
use crate::ir::EndOutcome;

/// The end rule that finished a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndCause {
    /// Result rule `i` of the end rules (`win …`, `draw when …`) holds.
    Result(usize),
    /// The limit of moves was reached; how it is decided.
    TurnLimit(EndOutcome),
    /// The players passed so many times in a row; how it is decided.
    Passes(EndOutcome),
    /// So many moves went by without a capture or another reset.
    Quiet,
    /// The position came back so many times.
    Repetition,
    /// The player to move has no legal move.
    NoMove,
}

impl Engine {
    /// Which end rule finished the game at `pos`; `None` while it goes on.
    pub fn end_cause(&self, pos: &Position, buf: &mut MoveBuf) -> Option<EndCause> {
        if pos.result().is_none() {
            return match self.status(pos, buf) {
                Status::Over(_) => Some(EndCause::NoMove),
                Status::Ongoing => None,
            };
        }
        let mover = self.last_mover(pos);
        let end = &self.game.end;
        if let Some(i) = end
            .results
            .iter()
            .position(|r| self.eval(&r.when, pos, mover) != 0)
        {
            return Some(EndCause::Result(i));
        }
        if let Some((limit, how)) = &end.turn_limit {
            let limit = self.eval(limit, pos, mover);
            if limit > 0 && pos.ply() as i64 >= limit {
                return Some(EndCause::TurnLimit(*how));
            }
        }
        if let Some((n, how)) = end.passes
            && self.passes(pos) >= n as i64
        {
            return Some(EndCause::Passes(how));
        }
        if self
            .quiet
            .as_ref()
            .is_some_and(|q| q.limit > 0 && self.quiet_moves(pos) >= q.limit)
        {
            return Some(EndCause::Quiet);
        }
        Some(EndCause::Repetition)
    }

    /// Each player's score (`score P = …`) at `pos`; zeros without scores.
    pub fn scores(&self, pos: &Position) -> Vec<i64> {
        let mover = self.last_mover(pos);
        (0..self.players)
            .map(|p| {
                self.game
                    .end
                    .scores
                    .get(p)
                    .map_or(0, |e| self.eval(e, pos, mover))
            })
            .collect()
    }

    /// The limit of quiet moves with the options applied, if the game has one.
    pub fn quiet_limit(&self) -> Option<i64> {
        self.quiet.as_ref().map(|q| q.limit).filter(|l| *l > 0)
    }

    /// How many times a position must come back to draw, with the options applied.
    pub fn repetition_limit(&self) -> Option<i64> {
        self.repetition.filter(|n| *n > 0)
    }
}
