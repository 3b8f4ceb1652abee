//! Move generation: interprets the compiled turn into a caller-owned
//! [`MoveBuf`] — priority tiers, several actions, follow-up actions, the
//! capture rules and passing — running each movement rule by its fast form or
//! through the core, without allocating once the buffers have grown.

use super::moves::{MAX_CHAIN, MoveBuf, MoveList, Token};
use super::{Engine, Position};
use crate::ir::{ActionSource, CellId, Expr, Pass, PlayerId, Turn};

use crate::ir::ids::MAX_ACTIONS;

/// The cells of pieces that already acted this turn (for `distinct pieces`).
type Moved = [CellId; MAX_ACTIONS];

impl Engine {
    /// Fills `buf.moves` with every legal move of the player to move; empty when
    /// the game is over.
    pub fn legal_moves(&self, pos: &Position, buf: &mut MoveBuf) {
        let Some(turn) = self.pseudo_legal_moves(pos, buf) else {
            return;
        };
        if self.needs_legality_check() {
            self.keep_legal(pos, buf);
        }
        if turn.must_capture || turn.most_captures {
            self.apply_capture_rules(turn, &mut buf.moves);
        }
        if turn.pass == Pass::IfStuck {
            self.add_pass(pos, turn, buf);
        }
        if buf.shared_notation {
            self.mark_explicit(&mut buf.moves, &mut buf.dedup);
        }
    }

    /// Whether some generated moves may be illegal (a royal piece left
    /// attacked, a forbidden repetition).
    #[inline]
    pub(super) fn needs_legality_check(&self) -> bool {
        self.has_royals || !self.forbid.is_empty()
    }

    /// Every move the rules allow before the legality checks (royal pieces,
    /// repetition bans), the capture rules and passing when stuck; returns the
    /// turn played (`None` when the game is over).
    pub(super) fn pseudo_legal_moves(&self, pos: &Position, buf: &mut MoveBuf) -> Option<&Turn> {
        buf.moves.clear();
        if pos.result.is_some() || self.exhaustion.is_set() {
            return None;
        }
        buf.generator.begin_listing(self.landing_keys);
        let (player, turn, max) = self.turn_now(pos);
        buf.weigh(turn.most_captures);
        if max > 0 {
            let mut moved = [CellId::NONE; MAX_ACTIONS];
            self.sequences(pos, player, turn, max, &[], 0, &mut moved, 0, buf);
        }
        if buf.moves.overflow || buf.actions.iter().any(|a| a.overflow) {
            self.exhaust(super::Limit::Moves, None);
        }
        buf.shared_notation = false;
        if self.game.may_duplicate || self.force_core || buf.moves.may_repeat {
            buf.shared_notation = self.dedup_moves(pos, &mut buf.moves, &mut buf.dedup);
        }
        if turn.pass == Pass::Allowed {
            buf.moves.push_raw(&[Token::Pass.encode()], 0);
        }
        Some(turn)
    }

    /// Whether a uniformly random legal move can be found by trying the
    /// pseudo-legal ones in random order (no rule looks at the whole list).
    pub(super) fn sample_by_rejection(&self, turn: &Turn) -> bool {
        self.needs_legality_check() && !turn.must_capture && !turn.most_captures && turn.pass != Pass::IfStuck
    }

    /// `must capture` and `most captures`: keeps the capturing moves, or those
    /// that capture the most pieces.
    pub(super) fn apply_capture_rules(&self, turn: &Turn, moves: &mut MoveList) {
        if turn.most_captures {
            let most = (0..moves.len()).map(|i| moves.weight(i)).max().unwrap_or(0);
            if most > 0 {
                moves.retain(|_, w| w == most);
            }
        } else if turn.must_capture && moves.iter().any(|m| m.captures()) {
            moves.retain(|m, _| m.captures());
        }
    }

    /// Appends `pass` where the turn allows it only when stuck.
    fn add_pass(&self, pos: &Position, turn: &Turn, buf: &mut MoveBuf) {
        if pos.result.is_some() {
            return;
        }
        if turn.pass == Pass::IfStuck && buf.moves.is_empty() && self.next_player_can_move(pos) {
            buf.moves.push_raw(&[Token::Pass.encode()], 0);
        }
    }

    /// Whether the next player would have a move other than passing, were the
    /// mover to pass here.
    fn next_player_can_move(&self, pos: &Position) -> bool {
        let mut next = pos.clone();
        next.count_move(self.ply_after_last());
        let mut buf = MoveBuf::new();
        self.pseudo_legal_moves(&next, &mut buf);
        if self.needs_legality_check() {
            self.keep_legal(&next, &mut buf);
        }
        !buf.moves.is_empty()
    }

    /// Moves of 1..=`remaining` actions after `prefix` (already applied to
    /// `pos`); under `actions exactly`, only those of `remaining` actions and
    /// those cut short by the end of the game.
    #[allow(clippy::too_many_arguments)]
    fn sequences(
        &self,
        pos: &Position,
        player: PlayerId,
        turn: &Turn,
        remaining: usize,
        prefix: &[u16],
        prefix_weight: u8,
        moved: &mut Moved,
        level: usize,
        buf: &mut MoveBuf,
    ) {
        if remaining == 1 && turn.follow_up.is_none() {
            // The last action: generate straight into the result, each move
            // written after the actions before it (each costs 1: the budget is spent).
            buf.moves.set_prefix(prefix, prefix_weight);
            self.actions(
                pos,
                player,
                &turn.tiers,
                &moved[..level],
                &mut buf.moves,
                &mut buf.generator,
                Spend::last(&turn.costs),
                turn.after_each,
            );
            buf.moves.set_prefix(&[], 0);
            return;
        }
        buf.ensure_level(level);
        let mut actions = std::mem::take(&mut buf.actions[level]);
        let mut costs = std::mem::take(&mut buf.costs[level]);
        actions.clear();
        costs.clear();
        self.actions(
            pos,
            player,
            &turn.tiers,
            &moved[..level],
            &mut actions,
            &mut buf.generator,
            Spend::new(&turn.costs, remaining, &mut costs),
            turn.after_each,
        );
        let mut next = std::mem::take(&mut buf.positions[level]);
        let mut log = std::mem::take(&mut buf.undo[level]);
        let mut joined = std::mem::take(&mut buf.prefixes[level]);
        next.clone_from(pos);
        let mut cost = Costs::new(&costs);
        for (i, action) in actions.iter().enumerate() {
            let weight = prefix_weight + actions.weight(i);
            self.apply_tokens(&mut next, player, action, &mut log);
            if remaining == 1 {
                self.follow_up(&next, player, turn, prefix, action.raw(), weight, buf);
            } else {
                // (Costs are looked up only for the turns that have them.)
                let left = remaining - if turn.costs.is_empty() { 1 } else { cost.of(i) };
                let ended = left > 0 && self.ends_game(pos, &next, player);
                if left == 0 || ended || !turn.exact_actions {
                    buf.moves.push_joined(prefix, action.raw(), weight);
                }
                if left > 0 && !ended {
                    moved[level] = self.acted(turn, action);
                    joined.clear();
                    joined.extend_from_slice(prefix);
                    joined.extend_from_slice(action.raw());
                    self.sequences(&next, player, turn, left, &joined, weight, moved, level + 1, buf);
                }
            }
            next.undo(&mut log);
        }
        buf.prefixes[level] = joined;
        buf.undo[level] = log;
        buf.positions[level] = next;
        buf.actions[level] = actions;
        buf.costs[level] = costs;
    }

    /// The moves made of `action` (applied to `after`) and, when the turn's
    /// follow-up applies at its landing, each follow-up action.
    #[allow(clippy::too_many_arguments)]
    fn follow_up(
        &self,
        after: &Position,
        player: PlayerId,
        turn: &Turn,
        prefix: &[u16],
        action: &[u16],
        weight: u8,
        buf: &mut MoveBuf,
    ) {
        if !self.follow_up_applies(after, player, turn, action) {
            buf.moves.push_joined(prefix, action, weight);
            return;
        }
        let mut extra = std::mem::take(&mut buf.follow);
        self.follow_up_actions(player, after, turn, &mut extra, &mut buf.generator);
        if extra.is_empty() {
            buf.moves.push_joined(prefix, action, weight);
        }
        let mut joined = std::mem::take(&mut buf.joined);
        for (i, second) in extra.iter().enumerate() {
            joined.clear();
            joined.extend_from_slice(prefix);
            joined.extend_from_slice(action);
            buf.moves
                .push_joined(&joined, second.raw(), weight + extra.weight(i));
        }
        buf.joined = joined;
        buf.follow = extra;
    }

    /// Whether the turn's follow-up applies after `action` (applied to
    /// `after`): at the action's landing, the game not over.
    #[inline]
    pub(super) fn follow_up_applies(
        &self,
        after: &Position,
        player: PlayerId,
        turn: &Turn,
        action: &[u16],
    ) -> bool {
        let Some(follow) = &turn.follow_up else {
            return false;
        };
        super::MoveRef(action)
            .last_landing()
            .is_some_and(|c| self.test_on(follow.when, player, c, after, super::eval::Seen::NONE))
            && after.result.is_none()
    }

    /// The turn's follow-up actions at `after` into `extra` (asked where
    /// [`Engine::follow_up_applies`]).
    pub(super) fn follow_up_actions(
        &self,
        player: PlayerId,
        after: &Position,
        turn: &Turn,
        extra: &mut MoveList,
        generator: &mut Gen,
    ) {
        extra.clear();
        if let Some(follow) = &turn.follow_up {
            self.actions(
                after,
                player,
                &follow.tiers,
                &[],
                extra,
                generator,
                Spend::last(&[]),
                turn.after_each,
            );
        }
    }

    /// The number of legal moves of the player to move, without writing them
    /// out (0 when the game is over). Equals `legal_moves(..).len()`.
    pub fn count_moves(&self, pos: &Position, buf: &mut MoveBuf) -> u64 {
        if pos.result.is_some() || self.exhaustion.is_set() {
            return 0;
        }
        buf.generator.begin_listing(self.landing_keys);
        let (player, turn, max) = self.turn_now(pos);
        if self.game.may_duplicate
            || self.force_core
            || self.needs_legality_check()
            || turn.must_capture
            || turn.most_captures
            || turn.follow_up.is_some()
            || turn.pass == Pass::IfStuck
        {
            self.legal_moves(pos, buf);
            return buf.moves.len() as u64;
        }
        let mut moved = [CellId::NONE; MAX_ACTIONS];
        let n = if max > 0 {
            self.count_sequences(pos, player, turn, max, &mut moved, 0, buf)
        } else {
            Some(0)
        };
        let Some(n) = n else {
            // Two ways reached one landing and may be one move: list them.
            self.legal_moves(pos, buf);
            return buf.moves.len() as u64;
        };
        n + (turn.pass == Pass::Allowed) as u64
    }

    /// Counts the moves of 1..=`remaining` actions from `pos` (as
    /// [`Engine::sequences`] lists them); `None` when some actions may be one
    /// (see [`MoveList::may_repeat`]).
    #[allow(clippy::too_many_arguments)]
    fn count_sequences(
        &self,
        pos: &Position,
        player: PlayerId,
        turn: &Turn,
        remaining: usize,
        moved: &mut Moved,
        level: usize,
        buf: &mut MoveBuf,
    ) -> Option<u64> {
        buf.ensure_level(level);
        let mut actions = std::mem::take(&mut buf.actions[level]);
        let mut costs = std::mem::take(&mut buf.costs[level]);
        actions.clear();
        costs.clear();
        self.actions(
            pos,
            player,
            &turn.tiers,
            &moved[..level],
            &mut actions,
            &mut buf.generator,
            Spend::new(&turn.costs, remaining, &mut costs),
            turn.after_each,
        );
        if actions.may_repeat {
            buf.actions[level] = actions;
            buf.costs[level] = costs;
            return None;
        }
        let mut n = 0;
        let mut unsure = false;
        if remaining > 1 {
            let mut next = std::mem::take(&mut buf.positions[level]);
            let mut log = std::mem::take(&mut buf.undo[level]);
            next.clone_from(pos);
            let mut cost = Costs::new(&costs);
            for (i, action) in actions.iter().enumerate() {
                let left = remaining - cost.of(i);
                if left == 0 {
                    n += 1;
                    continue;
                }
                self.apply_tokens(&mut next, player, action, &mut log);
                let ended = self.ends_game(pos, &next, player);
                n += u64::from(ended || !turn.exact_actions);
                if !ended {
                    moved[level] = self.acted(turn, action);
                    match self.count_sequences(&next, player, turn, left, moved, level + 1, buf) {
                        Some(m) => n += m,
                        None => unsure = true,
                    }
                }
                next.undo(&mut log);
                if unsure {
                    break;
                }
            }
            buf.positions[level] = next;
            buf.undo[level] = log;
        } else {
            n = actions.len() as u64;
        }
        buf.actions[level] = actions;
        buf.costs[level] = costs;
        (!unsure).then_some(n)
    }

    /// The cell of the piece that made `action`, when pieces may act only once a turn.
    #[inline]
    pub(super) fn acted(&self, turn: &Turn, action: super::MoveRef) -> CellId {
        if turn.distinct_pieces {
            action.last_landing().unwrap_or(CellId::NONE)
        } else {
            CellId::NONE
        }
    }

    /// The player to move, the turn they play and the most actions it allows now.
    pub(super) fn turn_now(&self, pos: &Position) -> (PlayerId, &Turn, usize) {
        let (player, turn) = self.game.order.at(pos.ply);
        let turn = &self.game.turns[turn];
        // Most turns have a fixed budget: no call to the evaluator for it.
        let max = match turn.max_actions {
            Expr::Const(n) => n,
            ref e => self.eval(e, pos, player),
        };
        let max = max.clamp(0, MAX_ACTIONS as i64) as usize;
        (player, turn, max)
    }

    /// Whether an end rule decides the game after one action of a move (which
    /// then stops there), `before` being the position before the action. End
    /// results that read only numbers cannot be changed by an action that
    /// changed none (arrival tests can: they are looked at whole here).
    #[inline]
    pub(super) fn ends_game(&self, before: &Position, next: &Position, player: PlayerId) -> bool {
        (!self.results_follow_numbers || self.any_arrival.is_some() || before.numbers != next.numbers)
            && self.decided(next, player, false, None).is_some()
    }

    /// Every single action of the first of `tiers` that offers any, among
    /// those the budget left can pay for (`spend`, which also notes what
    /// each listed action costs), each followed by what the turn's effect
    /// after each action (`after`, a rule) does in the position it leaves.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn actions(
        &self,
        pos: &Position,
        player: PlayerId,
        tiers: &[Vec<ActionSource>],
        moved: &[CellId],
        out: &mut MoveList,
        buf: &mut Gen,
        spend: Spend,
        after: Option<usize>,
    ) {
        if let Some(rule) = after {
            self.actions_with_effect(pos, player, tiers, moved, out, buf, spend, rule);
            return;
        }
        self.single_actions(pos, player, tiers, moved, out, buf, spend);
    }

    /// [`Engine::actions`] without an effect after each.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn single_actions(
        &self,
        pos: &Position,
        player: PlayerId,
        tiers: &[Vec<ActionSource>],
        moved: &[CellId],
        out: &mut MoveList,
        buf: &mut Gen,
        spend: Spend,
    ) {
        // Turns without costs (most) run a copy with the budget compiled out;
        // the other copy stays out of line, so as not to weigh on this one.
        if spend.costs.is_empty() {
            self.paid_actions::<false>(pos, player, tiers, moved, out, buf, spend);
        } else {
            self.costly_actions(pos, player, tiers, moved, out, buf, spend);
        }
    }

    /// [`Engine::actions`] for a turn whose actions may cost more than 1.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn costly_actions(
        &self,
        pos: &Position,
        player: PlayerId,
        tiers: &[Vec<ActionSource>],
        moved: &[CellId],
        out: &mut MoveList,
        buf: &mut Gen,
        spend: Spend,
    ) {
        self.paid_actions::<true>(pos, player, tiers, moved, out, buf, spend);
    }

    /// [`Engine::actions`], with costs (`COSTS`) or without.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn paid_actions<const COSTS: bool>(
        &self,
        pos: &Position,
        player: PlayerId,
        tiers: &[Vec<ActionSource>],
        moved: &[CellId],
        out: &mut MoveList,
        buf: &mut Gen,
        mut spend: Spend,
    ) {
        let mut core_ready = false;
        for (t, tier) in tiers.iter().enumerate() {
            let start = out.len();
            for (s, source) in tier.iter().enumerate() {
                let Some(cost) = (if COSTS { spend.affords(t, s) } else { Some(1) }) else {
                    continue;
                };
                let before = out.len();
                match source {
                    ActionSource::Move { kind, rules } => {
                        // A neutral piece is moved by whoever moves.
                        for &code in self.codes.of(*kind, self.owner_index(*kind, player)) {
                            // (Word by word: a plain loop over the set bits
                            // costs less than an iterator over the cells.)
                            for (w, &word) in pos.cells_with_words(code).iter().enumerate() {
                                let mut pieces = word;
                                while pieces != 0 {
                                    let from = CellId((w * 64 + pieces.trailing_zeros() as usize) as u16);
                                    pieces &= pieces - 1;
                                    if moved.contains(&from) {
                                        continue;
                                    }
                                    if self.dedupe_targets {
                                        buf.scratch.next_piece();
                                    }
                                    for &r in rules {
                                        let rule = &self.game.rules[r];
                                        if !self.force_core
                                            && self.fast_actions(
                                                pos,
                                                player,
                                                *kind,
                                                from,
                                                rule,
                                                out,
                                                &mut buf.scratch,
                                            )
                                        {
                                            continue;
                                        }
                                        if !core_ready {
                                            buf.core_position.clone_for_trial(pos, self.trial_history);
                                            core_ready = true;
                                        }
                                        let stamps = self.dedupe_targets.then_some(&mut buf.scratch);
                                        self.core_actions(
                                            &mut buf.core_position,
                                            player,
                                            rule,
                                            from,
                                            out,
                                            &mut buf.core,
                                            stamps,
                                        );
                                    }
                                }
                            }
                        }
                    }
                    ActionSource::Drop { kind, rules } => {
                        let info = &self.game.kinds[kind.index()];
                        if info.owner.is_some_and(|o| o != player)
                            || !(info.supply || pos.numbers[self.reserve_index(player, *kind)] > 0)
                        {
                            continue;
                        }
                        for &r in rules {
                            let rule = &self.game.rules[r];
                            if !self.force_core
                                && self.fast_actions(
                                    pos,
                                    player,
                                    *kind,
                                    CellId::NONE,
                                    rule,
                                    out,
                                    &mut buf.scratch,
                                )
                            {
                                continue;
                            }
                            if !core_ready {
                                buf.core_position.clone_for_trial(pos, self.trial_history);
                                core_ready = true;
                            }
                            self.core_actions(
                                &mut buf.core_position,
                                player,
                                rule,
                                CellId::NONE,
                                out,
                                &mut buf.core,
                                None,
                            );
                        }
                    }
                    ActionSource::Remove { rule } => {
                        if !core_ready {
                            buf.core_position.clone_for_trial(pos, self.trial_history);
                            core_ready = true;
                        }
                        let rule = &self.game.rules[*rule];
                        self.core_actions(
                            &mut buf.core_position,
                            player,
                            rule,
                            CellId::NONE,
                            out,
                            &mut buf.core,
                            None,
                        );
                    }
                }
                if COSTS {
                    spend.note(before, out.len(), cost);
                }
            }
            out.check_full();
            if out.overflow {
                self.exhaust(super::Limit::Moves, None);
            }
            if out.len() > start {
                return;
            }
        }
    }
}

impl Engine {
    /// [`Engine::actions`] followed by the effect `rule`: each action is
    /// listed, applied to a scratch position, and the effect run there like
    /// `each (…)`; what it captures, flips and marks is appended to the
    /// action after [`Token::After`] (nothing when it does nothing).
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn actions_with_effect(
        &self,
        pos: &Position,
        player: PlayerId,
        tiers: &[Vec<ActionSource>],
        moved: &[CellId],
        out: &mut MoveList,
        buf: &mut Gen,
        spend: Spend,
        rule: usize,
    ) {
        // The costs noted count the actions from 0: they are listed into an
        // empty list, and each goes to `out` in order.
        debug_assert!(spend.noted.is_none() || out.is_empty());
        let mut listed = std::mem::take(&mut buf.effect.listed);
        listed.clear();
        listed.weigh(true);
        self.single_actions(pos, player, tiers, moved, &mut listed, buf, spend);
        out.may_repeat |= listed.may_repeat;
        out.overflow |= listed.overflow;
        let rule = &self.game.rules[rule];
        let mut scratch = std::mem::take(&mut buf.effect);
        scratch.position.clone_from(pos);
        for (i, action) in listed.iter().enumerate() {
            self.apply_tokens(&mut scratch.position, player, action, &mut scratch.log);
            scratch.done.clear();
            scratch.done.weigh(true);
            self.core_actions(
                &mut scratch.position,
                player,
                rule,
                CellId::NONE,
                &mut scratch.done,
                &mut buf.core,
                None,
            );
            scratch.position.undo(&mut scratch.log);
            let mut weight = listed.weight(i);
            scratch.tokens.clear();
            scratch.tokens.extend_from_slice(action.raw());
            if let Some(effect) = scratch.done.iter().next().filter(|e| !e.raw().is_empty()) {
                scratch.tokens.push(Token::After.encode());
                scratch.tokens.extend_from_slice(effect.raw());
                weight = weight.saturating_add(scratch.done.weight(0));
            }
            out.push_raw(&scratch.tokens, weight);
        }
        buf.effect = scratch;
        buf.effect.listed = listed;
    }
}

/// What the actions being listed may spend: the costs of a turn's sources
/// (empty when each costs 1) and the budget left; the cost of each listed
/// action is noted as `(end, cost)`: the actions below `end` (and above the
/// previous entry's) cost `cost`.
pub(super) struct Spend<'a> {
    costs: &'a [Vec<u8>],
    left: usize,
    noted: Option<&'a mut Vec<(u32, u8)>>,
}

impl<'a> Spend<'a> {
    /// `left` to spend, each action's cost noted in `noted`.
    #[inline]
    pub(super) fn new(costs: &'a [Vec<u8>], left: usize, noted: &'a mut Vec<(u32, u8)>) -> Self {
        Spend {
            costs,
            left,
            noted: Some(noted),
        }
    }

    /// The last action of a budget: only what costs 1.
    #[inline]
    pub(super) fn last(costs: &'a [Vec<u8>]) -> Self {
        Spend {
            costs,
            left: 1,
            noted: None,
        }
    }

    /// What an action of source `source` of tier `tier` costs, when the budget
    /// left pays for it.
    #[inline]
    fn affords(&self, tier: usize, source: usize) -> Option<u8> {
        if self.costs.is_empty() {
            return Some(1);
        }
        let cost = self.costs[tier][source];
        (usize::from(cost) <= self.left).then_some(cost)
    }

    /// The actions listed from `start` to `end` cost `cost` each.
    #[inline]
    fn note(&mut self, start: usize, end: usize, cost: u8) {
        if let Some(noted) = &mut self.noted
            && !self.costs.is_empty()
            && end > start
        {
            noted.push((end as u32, cost));
        }
    }
}

/// The cost of action `i` of a list whose costs [`Spend`] noted in `noted`.
pub(super) fn cost_of(noted: &[(u32, u8)], i: usize) -> usize {
    Costs::new(noted).of(i)
}

/// Reads back, in order, the costs that [`Spend`] noted.
struct Costs<'a> {
    noted: &'a [(u32, u8)],
    at: usize,
}

impl<'a> Costs<'a> {
    fn new(noted: &'a [(u32, u8)]) -> Self {
        Costs { noted, at: 0 }
    }

    /// The cost of action `i` (asked for in increasing order).
    #[inline]
    fn of(&mut self, i: usize) -> usize {
        while self.noted.get(self.at).is_some_and(|&(end, _)| end as usize <= i) {
            self.at += 1;
        }
        self.noted.get(self.at).map_or(1, |&(_, c)| usize::from(c))
    }
}

/// What generating single actions needs besides the output list.
#[derive(Debug, Default)]
pub(super) struct Gen {
    /// Scratch of the fast forms (jump chains, targets already reached).
    pub scratch: GenScratch,
    /// The position the core interpreter changes while a rule runs, and its stacks.
    pub core_position: Position,
    pub core: super::core::CoreScratch,
    /// What running a turn's effect after each action needs.
    pub effect: EffectScratch,
}

/// Scratch of [`Engine::actions_with_effect`], reused from list to list.
#[derive(Debug, Default)]
pub(super) struct EffectScratch {
    /// The actions before their effects.
    listed: MoveList,
    /// The position after one action, and the log that takes it back.
    position: Position,
    log: super::position::UndoLog,
    /// The effect's one way (its tokens), and the action joined with it.
    done: MoveList,
    tokens: Vec<u16>,
}

impl Gen {
    /// Starts listing the moves of a position: the budget of
    /// [`super::budget`] is spent anew, and the stamps have room for `keys`
    /// keys ([`Engine::landing_keys`]).
    #[inline]
    pub(super) fn begin_listing(&mut self, keys: usize) {
        self.core.work = 0;
        self.scratch.work = 0;
        self.scratch.make_room(keys);
    }
}

/// Reused scratch space of move generation.
#[derive(Debug)]
pub(super) struct GenScratch {
    /// The token stack of the jump chain being explored, and the cells it jumped.
    pub chain: Vec<u16>,
    pub jumped: [CellId; MAX_CHAIN],
    /// `seen[key] == stamp`: the current piece already has a move with this key.
    pub seen: Vec<u32>,
    pub stamp: u32,
    /// `effects[key] == stamp`: that move did something it does not write.
    pub effects: Vec<u32>,
    /// Jumps tried since the list being written was started (see [`super::budget`]).
    pub work: u64,
    /// A position to try actions on, reused from list to list (no allocation
    /// once it has grown).
    pub trial: Position,
}

/// What the stamps say of a way reaching a landing already reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reached {
    /// No way of the piece reached it yet.
    New,
    /// One did, and neither does more than it writes: the same move.
    Same,
    /// One did, and one of the two does more than it writes: they may differ.
    Unsure,
}

impl Default for GenScratch {
    fn default() -> Self {
        GenScratch {
            chain: Vec::new(),
            jumped: [CellId::NONE; MAX_CHAIN],
            seen: Vec::new(),
            stamp: 0,
            effects: Vec::new(),
            work: 0,
            trial: Position::default(),
        }
    }
}

impl GenScratch {
    /// Makes room for the keys below `size` ([`Engine::landing_keys`]), once
    /// per position rather than at each landing.
    #[inline]
    pub(super) fn make_room(&mut self, size: usize) {
        if self.seen.len() < size {
            self.grow(size);
        }
    }

    /// The tables of [`GenScratch::make_room`] grown to `size` (once per
    /// game, or a few times: out of the way of move listing).
    #[cold]
    fn grow(&mut self, size: usize) {
        self.seen.resize(size, 0);
        self.effects.resize(size, 0);
    }

    /// Starts a new piece: targets reached twice by one piece (two rules or
    /// two lines) are one move.
    pub(super) fn next_piece(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.effects.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    /// [`GenScratch::seen_key`] for a way that does something it does not
    /// write (`effects`) or not. A way with effects does not mark its landing
    /// as seen: a plain way (a fast hop, say) reaching it afterwards is
    /// another move, not a repeat of it.
    pub(super) fn seen_way(&mut self, key: usize, effects: bool) -> Reached {
        let effects_before = self.effects[key] == self.stamp;
        if effects {
            let plain_before = self.seen[key] == self.stamp;
            self.effects[key] = self.stamp;
            return if plain_before || effects_before {
                Reached::Unsure
            } else {
                Reached::New
            };
        }
        match self.seen_key(key) {
            false => Reached::New,
            true if effects_before => Reached::Unsure,
            true => Reached::Same,
        }
    }

    /// Whether the current piece (see [`GenScratch::next_piece`]) already
    /// has a move with `key` (below the size of [`GenScratch::make_room`]);
    /// marks it.
    #[inline]
    pub(super) fn seen_key(&mut self, key: usize) -> bool {
        let seen = self.seen[key] == self.stamp;
        self.seen[key] = self.stamp;
        seen
    }
}
