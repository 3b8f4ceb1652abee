//! The turn's parts, one at a time, for explanations: the actions one tier
//! of the turn offers, the position part-way through a move, and the
//! repetition ban a move would break.

use super::super::position::NoJournal;
use super::super::repetition::repeats;
use crate::engine::movegen::Spend;
use crate::engine::{Engine, MoveBuf, MoveList, MoveRef, Position, Token};
use crate::ir::{CellId, PlayerId};

impl Engine {
    /// The single actions that tier `tier` of the turn being played in `pos`
    /// offers there, whether or not an earlier tier is used (pieces on
    /// `moved` left out, as `distinct pieces` does; every action counted as
    /// costing 1). `pos` may be part-way through the mover's move.
    pub fn tier_actions(&self, pos: &Position, tier: usize, moved: &[CellId]) -> MoveList {
        let (player, turn, _) = self.turn_now(pos);
        let mut out = MoveList::default();
        let Some(tiers) = turn.tiers.get(tier..=tier) else {
            return out;
        };
        let mut buf = MoveBuf::new();
        buf.generator.begin_listing(self.landing_keys);
        let was_exhausted = self.exhaustion.is_set();
        self.actions(
            pos,
            player,
            tiers,
            moved,
            &mut out,
            &mut buf.generator,
            Spend::last(&[]),
            turn.after_each,
        );
        if !was_exhausted {
            self.exhaustion.take();
        }
        out
    }

    /// `pos` after the tokens `mv` (the first actions of a move of the
    /// player to move), before the move is over: the same player is still
    /// to move.
    pub fn after_tokens(&self, pos: &Position, mv: MoveRef) -> Position {
        let mut after = pos.clone();
        self.apply_tokens(&mut after, self.mover(pos), mv, &mut NoJournal);
        after
    }

    /// The repetition ban ([`crate::ir::Game::forbid`], by index) that the
    /// move `mv` of the player to move would break in `pos`, if any (only
    /// the bans kept with the engine's options; a pass breaks none).
    pub fn ban_broken(&self, pos: &Position, mv: MoveRef) -> Option<usize> {
        if self.game.forbid.is_empty() || mv.tokens().any(|t| t == Token::Pass) {
            return None;
        }
        let after = self.after_tokens(pos, mv);
        let start = Position::default();
        let kept =
            |g: &Option<crate::ir::Expr>| g.as_ref().is_none_or(|g| self.eval(g, &start, PlayerId(0)) != 0);
        let hash = after.hash;
        self.game
            .forbid
            .iter()
            .position(|f| kept(&f.guard) && repeats(&pos.history, hash, f.back))
    }
}
