//! Move generation: interprets the compiled turn and movement rules into a
//! caller-owned [`MoveBuf`], without allocating once the buffers have grown.

use super::moves::{MAX_CHAIN, MoveBuf, MoveList, Token};
use super::position::UndoLog;
use super::{Engine, Position};
use crate::ir::{ActionSource, CellId, MoveRule, Pattern, PieceKind, PlayerId, Turn};

use crate::ir::ids::MAX_ACTIONS;

/// The cells of pieces that already acted this turn (for `distinct pieces`).
type Moved = [CellId; MAX_ACTIONS];

impl Engine {
    /// Fills `buf.moves` with every legal move of the player to move; empty when
    /// the game is over.
    pub fn legal_moves(&self, pos: &Position, buf: &mut MoveBuf) {
        self.pseudo_legal_moves(pos, buf);
        if self.has_royals {
            let player = self.game.order.at(pos.ply).0;
            self.drop_moves_into_check(pos, player, buf);
        }
    }

    /// Every move the rules allow, before the royal rule drops those that leave
    /// a royal piece attacked ([`Engine::leaves_royal_safe`] tells one move).
    pub(super) fn pseudo_legal_moves(&self, pos: &Position, buf: &mut MoveBuf) {
        buf.moves.clear();
        if pos.result.is_some() {
            return;
        }
        let (player, turn, max) = self.turn_now(pos);
        if max > 0 {
            let mut moved = [CellId::NONE; MAX_ACTIONS];
            self.sequences(pos, player, turn, max, &[], &mut moved, 0, buf);
        }
        if turn.pass {
            buf.moves.push_raw(&[Token::Pass.encode()]);
        }
        if self.game.may_duplicate {
            buf.moves.sort_dedup();
        }
    }

    /// Moves of 1..=`remaining` actions after `prefix` (already applied to `pos`).
    #[allow(clippy::too_many_arguments)]
    fn sequences(
        &self,
        pos: &Position,
        player: PlayerId,
        turn: &Turn,
        remaining: usize,
        prefix: &[u16],
        moved: &mut Moved,
        level: usize,
        buf: &mut MoveBuf,
    ) {
        if remaining == 1 {
            // The last action: generate straight into the result, each move
            // written after the actions before it.
            let mut out = std::mem::take(&mut buf.moves);
            out.set_prefix(prefix);
            self.actions(pos, player, turn, &moved[..level], &mut out, &mut buf.scratch);
            out.set_prefix(&[]);
            buf.moves = out;
            return;
        }
        buf.ensure_level(level);
        let mut actions = std::mem::take(&mut buf.actions[level]);
        actions.clear();
        self.actions(pos, player, turn, &moved[..level], &mut actions, &mut buf.scratch);
        let mut next = std::mem::take(&mut buf.positions[level]);
        let mut log = std::mem::take(&mut buf.undo[level]);
        let mut joined = std::mem::take(&mut buf.prefixes[level]);
        next.clone_from(pos);
        for action in actions.iter() {
            buf.moves.push_joined(prefix, action.raw());
            // Make the action on the scratch copy, look further, take it back.
            self.apply_tokens(&mut next, player, action, &mut log);
            if !self.ends_game(&next, player, &log) {
                moved[level] = self.acted(turn, action);
                joined.clear();
                joined.extend_from_slice(prefix);
                joined.extend_from_slice(action.raw());
                self.sequences(&next, player, turn, remaining - 1, &joined, moved, level + 1, buf);
            }
            next.undo(&mut log);
        }
        buf.prefixes[level] = joined;
        buf.undo[level] = log;
        buf.positions[level] = next;
        buf.actions[level] = actions;
    }

    /// The number of legal moves of the player to move, without writing them
    /// out (0 when the game is over). Equals `legal_moves(..).len()`.
    pub fn count_moves(&self, pos: &Position, buf: &mut MoveBuf) -> u64 {
        if pos.result.is_some() {
            return 0;
        }
        if self.game.may_duplicate || self.has_royals {
            self.legal_moves(pos, buf);
            return buf.moves.len() as u64;
        }
        let (player, turn, max) = self.turn_now(pos);
        let mut moved = [CellId::NONE; MAX_ACTIONS];
        let n = if max > 0 {
            self.count_sequences(pos, player, turn, max, &mut moved, 0, buf)
        } else {
            0
        };
        n + turn.pass as u64
    }

    /// Counts the moves of 1..=`remaining` actions from `pos`.
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
    ) -> u64 {
        buf.ensure_level(level);
        let mut actions = std::mem::take(&mut buf.actions[level]);
        actions.clear();
        self.actions(pos, player, turn, &moved[..level], &mut actions, &mut buf.scratch);
        let mut n = actions.len() as u64;
        if remaining > 1 {
            let mut next = std::mem::take(&mut buf.positions[level]);
            let mut log = std::mem::take(&mut buf.undo[level]);
            next.clone_from(pos);
            for action in actions.iter() {
                self.apply_tokens(&mut next, player, action, &mut log);
                if !self.ends_game(&next, player, &log) {
                    moved[level] = self.acted(turn, action);
                    n += self.count_sequences(&next, player, turn, remaining - 1, moved, level + 1, buf);
                }
                next.undo(&mut log);
            }
            buf.positions[level] = next;
            buf.undo[level] = log;
        }
        buf.actions[level] = actions;
        n
    }

    /// The cell of the piece that made `action`, when pieces may act only once a turn.
    #[inline]
    fn acted(&self, turn: &Turn, action: super::MoveRef) -> CellId {
        if turn.distinct_pieces {
            action.last_landing().unwrap_or(CellId::NONE)
        } else {
            CellId::NONE
        }
    }

    /// The player to move, the turn they play and the most actions it allows now.
    fn turn_now(&self, pos: &Position) -> (PlayerId, &Turn, usize) {
        let (player, turn) = self.game.order.at(pos.ply);
        let turn = &self.game.turns[turn];
        let max = self
            .eval(&turn.max_actions, pos, player)
            .clamp(0, MAX_ACTIONS as i64) as usize;
        (player, turn, max)
    }

    /// Whether an end rule decides the game after one action of a move (which
    /// then stops there). End results read only numbers, so an action that
    /// changed none (`log` says) cannot end the game.
    #[inline]
    fn ends_game(&self, next: &Position, player: PlayerId, log: &UndoLog) -> bool {
        (log.numbers_changed() || !self.results_follow_numbers) && self.decided(next, player, false).is_some()
    }

    /// Every single action of the turn's first tier that offers any.
    fn actions(
        &self,
        pos: &Position,
        player: PlayerId,
        turn: &Turn,
        moved: &[CellId],
        out: &mut MoveList,
        scratch: &mut GenScratch,
    ) {
        let board_cells = self.game.topology.board_cells;
        for tier in &turn.tiers {
            let start = out.len();
            for source in tier {
                match source {
                    ActionSource::Move { kind, rules } => {
                        let code = self.code(*kind, player);
                        for from in pos.cells_with(code) {
                            if moved.contains(&from) {
                                continue;
                            }
                            if self.dedupe_targets {
                                scratch.next_piece();
                            }
                            for &r in rules {
                                self.rule_actions(pos, player, *kind, from, r, out, scratch);
                            }
                        }
                    }
                    ActionSource::Drop { kind, target } => {
                        if pos.numbers[self.reserve_index(self.slot(player, *kind))] <= 0 {
                            continue;
                        }
                        for (c, code) in pos.board[..board_cells].iter().enumerate() {
                            let cell = CellId(c as u16);
                            if self.test(*target, player, cell, *code) {
                                out.push2(Token::Drop(*kind), Token::Place(cell));
                            }
                        }
                    }
                }
            }
            if out.len() > start {
                return;
            }
        }
    }

    /// The actions of one movement rule from one cell.
    #[allow(clippy::too_many_arguments)]
    fn rule_actions(
        &self,
        pos: &Position,
        player: PlayerId,
        kind: PieceKind,
        from: CellId,
        rule: usize,
        out: &mut MoveList,
        scratch: &mut GenScratch,
    ) {
        let rule = &self.game.rules[rule];
        let cells = self.game.topology.cells();
        match &rule.pattern {
            Pattern::Hop { targets } => {
                for &to in targets.get(player, from, cells) {
                    let code = pos.board[to.index()];
                    if self.test(rule.target, player, to, code) {
                        self.push_step(pos, player, kind, from, to, out, scratch);
                    }
                }
            }
            Pattern::Slide { lines } => {
                let range = lines.range(player, from, cells);
                let mut i = range.start;
                while i < range.end {
                    let (to, end) = lines.nodes[i];
                    let code = pos.board[to.index()];
                    if self.test(rule.target, player, to, code) {
                        self.push_step(pos, player, kind, from, to, out, scratch);
                    }
                    // A piece (or an exit) ends the line: skip what lies beyond it.
                    i = if code != 0 || self.game.topology.is_exit(to) {
                        end as usize
                    } else {
                        i + 1
                    };
                }
            }
            Pattern::Jump { .. } => {
                let chain = &mut scratch.chain;
                chain.clear();
                chain.push(Token::From(from).encode());
                let mut jumped = [CellId::NONE; MAX_CHAIN];
                let mut walk = ChainWalk {
                    pos,
                    player,
                    kind,
                    from,
                    rule,
                    chain,
                    jumped: &mut jumped,
                    out,
                };
                self.jumps(&mut walk, from, 0);
            }
        }
    }

    /// Pushes the action `from` → `to` (a capture if `to` is occupied), with
    /// its promotions where a promotion rule applies.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn push_step(
        &self,
        pos: &Position,
        player: PlayerId,
        kind: PieceKind,
        from: CellId,
        to: CellId,
        out: &mut MoveList,
        scratch: &mut GenScratch,
    ) {
        if self.dedupe_targets && scratch.seen_before(to, self.game.topology.cells()) {
            return;
        }
        let code = pos.board[to.index()];
        if code == 0 {
            out.push2(Token::From(from), Token::To(to));
            return;
        }
        if self.has_promotions && self.push_promotions(pos, player, kind, from, to, out) {
            return;
        }
        out.push2(Token::From(from), Token::Capture(to));
    }

    /// The capture `from`x`to` with each placement of the promoted piece, if a
    /// promotion rule applies; returns whether one did.
    fn push_promotions(
        &self,
        pos: &Position,
        player: PlayerId,
        kind: PieceKind,
        from: CellId,
        to: CellId,
        out: &mut MoveList,
    ) -> bool {
        let code = pos.board[to.index()];
        let Some(promotion) = self.game.promotions.iter().find(|p| {
            p.kind == kind
                && self.test(p.captured, player, to, code)
                && !p.unless.is_some_and(|f| self.flag(pos, f))
        }) else {
            return false;
        };
        let into = match promotion.into {
            Some(k) if self.in_pool(k) && pos.numbers[self.pool_index(k)] <= 0 => return false,
            Some(k) => k,
            None => match self
                .game
                .pool
                .iter()
                .find(|(k, _)| pos.numbers[self.pool_index(*k)] > 0)
            {
                Some((k, _)) => *k,
                None => return false, // the pool is empty: a plain capture
            },
        };
        // The captured piece and the capturer leave: both cells count as empty.
        let board_cells = self.game.topology.board_cells;
        for zone in &promotion.zones {
            let free = |c: usize| {
                let cell = CellId(c as u16);
                (pos.board[c] == 0 || cell == from || cell == to)
                    && zone.is_none_or(|r| self.game.topology.regions[r].member[player.index()][c])
            };
            if !(0..board_cells).any(free) {
                continue;
            }
            for c in (0..board_cells).filter(|c| free(*c)) {
                out.push_raw(&[
                    Token::From(from).encode(),
                    Token::Capture(to).encode(),
                    Token::Promote(into).encode(),
                    Token::Place(CellId(c as u16)).encode(),
                ]);
            }
            return true;
        }
        false
    }

    /// Depth-first jump chains from `at`; `walk.jumped[..depth]` are the cells jumped so far.
    fn jumps(&self, walk: &mut ChainWalk, at: CellId, depth: usize) {
        let Pattern::Jump {
            hops,
            over,
            capturing,
            repeat,
            each_once,
            not_ending_at_start,
        } = &walk.rule.pattern
        else {
            return;
        };
        let topo = &self.game.topology;
        let pairs = hops.get(walk.player, at, topo.cells());
        for pair in pairs.chunks_exact(2) {
            let (mid, land) = (pair[0], pair[1]);
            let jumped = &walk.jumped[..depth];
            if *each_once && jumped.contains(&mid) {
                continue;
            }
            // The board as the chain sees it: the mover has left `from`, and pieces
            // captured by earlier jumps of the chain are gone.
            let seen = |cell: CellId| -> u8 {
                if cell == walk.from || (*capturing && jumped.contains(&cell)) {
                    0
                } else {
                    walk.pos.board[cell.index()]
                }
            };
            if !self.test(*over, walk.player, mid, seen(mid))
                || !self.test(walk.rule.target, walk.player, land, seen(land))
            {
                continue;
            }
            if depth >= MAX_CHAIN {
                continue;
            }
            let landed_on_piece = seen(land) != 0;
            let len = walk.chain.len();
            if *capturing {
                walk.chain.push(Token::Remove(mid).encode());
                walk.chain.push(Token::Capture(land).encode());
            } else if landed_on_piece {
                // Landing on a piece captures it and ends the chain (see `stops`).
                walk.chain.push(Token::Capture(land).encode());
            } else {
                walk.chain.push(Token::To(land).encode());
            }
            walk.jumped[depth] = mid;
            if !(*not_ending_at_start && land == walk.from) {
                walk.out.push_raw(walk.chain);
            }
            let stops = topo.is_exit(land)
                || self.trigger_at(walk.player, walk.kind, land).is_some()
                || landed_on_piece;
            if *repeat && !stops {
                self.jumps(walk, land, depth + 1);
            }
            walk.chain.truncate(len);
        }
    }
}

/// Reused scratch space of move generation.
#[derive(Debug, Default)]
pub(super) struct GenScratch {
    /// The token stack of the jump chain being explored.
    pub chain: Vec<u16>,
    /// `seen[cell] == stamp`: the current piece already has a move to `cell`.
    pub seen: Vec<u32>,
    pub stamp: u32,
}

impl GenScratch {
    /// Starts a new piece: targets reached twice by one piece (two rules or
    /// two lines) are one move.
    fn next_piece(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    /// Whether the current piece already reached `to`; marks it reached.
    #[inline(never)]
    fn seen_before(&mut self, to: CellId, cells: usize) -> bool {
        if self.seen.len() < cells {
            self.seen.resize(cells, 0);
        }
        let seen = self.seen[to.index()] == self.stamp;
        self.seen[to.index()] = self.stamp;
        seen
    }
}

/// The state of one jump-chain search.
struct ChainWalk<'a> {
    pos: &'a Position,
    player: PlayerId,
    kind: PieceKind,
    from: CellId,
    rule: &'a MoveRule,
    chain: &'a mut Vec<u16>,
    jumped: &'a mut [CellId; MAX_CHAIN],
    out: &'a mut MoveList,
}
