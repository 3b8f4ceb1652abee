//! Random moves of turns of several actions (or an action and its
//! follow-up), drawn action by action: the first action uniformly among the
//! first actions (and the pass, where the turn allows one), each next one
//! uniformly among the actions that may follow (and stopping, where the
//! turn allows fewer actions), so that the combinations are never listed
//! (two stones on a go board make some 65,000 of them). A move is then
//! uniform among the choices of each step, as in a game whose turns are
//! played one action at a time, not among the whole moves. A draw that ends
//! in a dead end (a turn of exactly N actions with no next action) or in a
//! move the legality checks refuse is drawn again, a few times, before the
//! moves are listed after all.

use rand_xoshiro::Xoshiro256PlusPlus;

use super::movegen::Spend;
use super::moves::MoveBuf;
use super::position::NoJournal;
use super::{Engine, Position, Token, uniform};
use crate::ir::ids::MAX_ACTIONS;
use crate::ir::{CellId, Pass, Turn};

/// Draws of one move before giving up on drawing (the moves are then listed).
const DRAWS: usize = 16;

/// What a draw action by action gave.
pub(super) enum Drawn {
    /// A move, alone in `buf.moves`.
    Move,
    /// Drawing does not apply here, or found no move: list the moves.
    Undecided,
}

impl Engine {
    /// Whether the moves of `turn` are drawn action by action in random
    /// playouts: turns of more than one action or with a follow-up, whose
    /// rules never look at the whole list of moves (capture rules, passing
    /// only when stuck).
    pub(super) fn draws_by_actions(&self, turn: &Turn, max: usize) -> bool {
        (max > 1 || turn.follow_up.is_some())
            && !turn.must_capture
            && !turn.most_captures
            && turn.pass != Pass::IfStuck
            && !self.force_core
    }

    /// A random move of the player to move, drawn action by action (see the
    /// module's comment), put alone in `buf.moves`.
    pub(super) fn draw_by_actions(
        &self,
        pos: &Position,
        buf: &mut MoveBuf,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Drawn {
        let (player, turn, max) = self.turn_now(pos);
        buf.ensure_level(0);
        let mut tokens = std::mem::take(&mut buf.joined);
        let mut drawn = Drawn::Undecided;
        for _ in 0..DRAWS {
            if self.exhaustion.is_set() {
                break;
            }
            tokens.clear();
            match self.draw_once(pos, player, turn, max, buf, &mut tokens, rng) {
                Some(true) => {}
                Some(false) => continue,
                None => break,
            }
            buf.moves.clear();
            buf.moves.push_raw(&tokens, 0);
            if self.needs_legality_check() {
                self.keep_legal(pos, buf);
                if buf.moves.is_empty() {
                    continue;
                }
            }
            drawn = Drawn::Move;
            break;
        }
        buf.joined = tokens;
        if matches!(drawn, Drawn::Undecided) {
            buf.moves.clear();
        }
        drawn
    }

    /// One draw into `tokens`: `Some(true)` for a move, `Some(false)` for a
    /// dead end, `None` when the mover has no first action (nor a pass).
    #[allow(clippy::too_many_arguments)]
    fn draw_once(
        &self,
        pos: &Position,
        player: crate::ir::PlayerId,
        turn: &Turn,
        max: usize,
        buf: &mut MoveBuf,
        tokens: &mut Vec<u16>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<bool> {
        let mut next = std::mem::take(&mut buf.positions[0]);
        let mut before = std::mem::take(&mut buf.check_position);
        let mut actions = std::mem::take(&mut buf.actions[0]);
        let mut costs = std::mem::take(&mut buf.costs[0]);
        next.clone_from(pos);
        let mut moved = [CellId::NONE; MAX_ACTIONS];
        let mut remaining = max.max(1);
        let mut level = 0;
        let result = loop {
            actions.clear();
            costs.clear();
            let last = remaining == 1;
            buf.generator.begin_listing(self.landing_keys);
            self.actions(
                &next,
                player,
                &turn.tiers,
                &moved[..level],
                &mut actions,
                &mut buf.generator,
                Spend::new(&turn.costs, remaining, &mut costs),
                turn.after_each,
            );
            if self.game.may_duplicate {
                self.dedup_moves(&next, &mut actions, &mut buf.dedup);
            }
            // Besides the actions: the pass before the first, stopping after one.
            let pass = level == 0 && turn.pass == Pass::Allowed;
            let stop = level > 0 && !turn.exact_actions;
            let choices = actions.len() + usize::from(pass || stop);
            if choices == 0 {
                break (level > 0).then_some(false);
            }
            let k = uniform(rng, choices as u64) as usize;
            if k == actions.len() {
                if pass {
                    tokens.push(Token::Pass.encode());
                }
                break Some(true);
            }
            let action = actions.get(k);
            before.clone_from(&next);
            self.apply_tokens(&mut next, player, action, &mut NoJournal);
            tokens.extend_from_slice(action.raw());
            if last {
                if turn.follow_up.is_some() {
                    self.draw_follow_up(&next, player, turn, action.raw(), buf, tokens, rng);
                }
                break Some(true);
            }
            let cost = if turn.costs.is_empty() {
                1
            } else {
                super::movegen::cost_of(&costs, k)
            };
            let left = remaining.saturating_sub(cost);
            if left == 0 || self.ends_game(&before, &next, player) {
                break Some(true);
            }
            moved[level] = self.acted(turn, action);
            level += 1;
            remaining = left;
        };
        buf.positions[0] = next;
        buf.check_position = before;
        buf.actions[0] = actions;
        buf.costs[0] = costs;
        result
    }

    /// Appends to `tokens` a follow-up action drawn uniformly, where the
    /// turn's follow-up offers any after `action` (applied to `after`).
    #[allow(clippy::too_many_arguments)]
    fn draw_follow_up(
        &self,
        after: &Position,
        player: crate::ir::PlayerId,
        turn: &Turn,
        action: &[u16],
        buf: &mut MoveBuf,
        tokens: &mut Vec<u16>,
        rng: &mut Xoshiro256PlusPlus,
    ) {
        if !self.follow_up_applies(after, player, turn, action) {
            return;
        }
        let mut extra = std::mem::take(&mut buf.follow);
        self.follow_up_actions(player, after, turn, &mut extra, &mut buf.generator);
        if self.game.may_duplicate {
            self.dedup_moves(after, &mut extra, &mut buf.dedup);
        }
        if !extra.is_empty() {
            let k = uniform(rng, extra.len() as u64) as usize;
            tokens.extend_from_slice(extra.get(k).raw());
        }
        buf.follow = extra;
    }
}
