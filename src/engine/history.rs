//! The facts about the last move that the rules read (`last(…)`,
//! `before(…)`): computed when a move is applied, kept in the position.

use super::moves::{MoveRef, Token};
use super::{Engine, Position};
use crate::ir::{Fact, PlayerId};

impl Engine {
    /// Stores in `pos`, the position before `mv`, the facts of `mv` that
    /// the rules read, before the move's tokens are applied to it.
    pub(super) fn record_history(&self, pos: &mut Position, mover: PlayerId, mv: MoveRef) {
        // A fact reads only facts listed before it (`before(last(pass))`):
        // computed last first, each reads the earlier ones as the move before left them.
        for (i, fact) in self.game.history.iter().enumerate().rev() {
            let value = self.fact_value(fact, pos, mover, mv);
            let index = self.history_index(i);
            pos.numbers[index] = value;
        }
    }

    /// Sets the facts of a position that no move led to (the start, or a
    /// text that does not give them): nothing was done, and the position
    /// "before" is this one, so `before(E)` is the value of `E` here.
    pub fn start_facts(&self, pos: &mut Position) {
        let last = self.last_mover(pos);
        for (i, fact) in self.game.history.iter().enumerate().rev() {
            let value = match fact {
                Fact::Before(e) => self.eval(e, pos, last),
                _ => 0,
            };
            let index = self.history_index(i);
            pos.numbers[index] = value;
        }
    }

    /// The value of one fact of `mv`, made by `mover` from `pos`.
    fn fact_value(&self, fact: &Fact, pos: &Position, mover: PlayerId, mv: MoveRef) -> i64 {
        let kind_in = |cell: crate::ir::CellId, mask: u64| {
            let code = pos.board[cell.index()];
            code != 0 && mask & (1 << self.codes.kind[code as usize]) != 0
        };
        let value = match fact {
            Fact::Pass => mv.tokens().any(|t| t == Token::Pass),
            Fact::Moved(mask) => mv
                .without_carries()
                .any(|t| matches!(t, Token::From(c) if kind_in(c, *mask))),
            Fact::Captured(mask) => mv.tokens().any(|t| match t {
                Token::Capture(c) | Token::Remove(c) | Token::Take(c) => kind_in(c, *mask),
                _ => false,
            }),
            Fact::Dropped(mask) => mv
                .tokens()
                .any(|t| matches!(t, Token::Drop(k) if mask & (1 << k.index()) != 0)),
            Fact::From { cells, .. } => mv
                .without_carries()
                .find_map(|t| match t {
                    Token::From(c) => Some(c),
                    _ => None,
                })
                .is_some_and(|c| Fact::region_holds(cells, mover.index(), c.index())),
            Fact::To { cells, .. } => mv
                .without_carries()
                .filter_map(|t| match t {
                    Token::To(c) | Token::Capture(c) | Token::Place(c) => Some(c),
                    _ => None,
                })
                .last()
                .is_some_and(|c| Fact::region_holds(cells, mover.index(), c.index())),
            Fact::Before(e) => return self.eval(e, pos, mover),
        };
        value as i64
    }
}
