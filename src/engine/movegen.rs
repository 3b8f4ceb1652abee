//! Move generation: interprets the compiled turn and movement rules into a
//! caller-owned [`MoveBuf`], without allocating once the buffers have grown.

use super::moves::{Move, MoveBuf, Token};
use super::{Engine, Position};
use crate::ir::{ActionSource, CellId, Pattern, PieceKind, PlayerId, Turn};

/// The most actions one move may hold (`actions up to N` is capped here); each
/// level needs a scratch position and action list.
pub const MAX_ACTIONS: usize = 8;

/// The cells of pieces that already acted this turn (for `distinct pieces`).
type Moved = [CellId; MAX_ACTIONS];

impl Engine {
    /// Fills `buf.moves` with every legal move of the player to move; empty when
    /// the game is over.
    pub fn legal_moves(&self, pos: &Position, buf: &mut MoveBuf) {
        buf.moves.clear();
        if pos.result.is_some() {
            return;
        }
        let (player, turn) = self.game.order.at(pos.ply);
        let turn = &self.game.turns[turn];
        let max = self.eval(&turn.max_actions, pos, player).clamp(0, MAX_ACTIONS as i64) as usize;
        if max > 0 {
            let mut moved = [CellId::NONE; MAX_ACTIONS];
            self.sequences(pos, player, turn, max, &Move::EMPTY, &mut moved, 0, buf);
        }
        if turn.pass {
            buf.moves.push(Move::pass());
        }
        if self.game.may_duplicate {
            buf.moves.sort_unstable();
            buf.moves.dedup();
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
        prefix: &Move,
        moved: &mut Moved,
        level: usize,
        buf: &mut MoveBuf,
    ) {
        if buf.actions.len() <= level {
            buf.actions.resize_with(level + 1, Vec::new);
            buf.positions.resize_with(level + 1, Position::default);
        }
        let mut actions = std::mem::take(&mut buf.actions[level]);
        actions.clear();
        self.actions(pos, player, turn, &moved[..level], &mut actions);
        let mut next = std::mem::take(&mut buf.positions[level]);
        for action in &actions {
            let mut mv = *prefix;
            if !mv.extend(action) {
                continue;
            }
            buf.moves.push(mv);
            if remaining > 1 {
                next.clone_from(pos);
                self.apply_tokens(&mut next, player, action);
                if self.decided(&next, player, false).is_some() {
                    continue; // the game ended with this action: the turn stops here
                }
                moved[level] = if turn.distinct_pieces {
                    action.last_landing().unwrap_or(CellId::NONE)
                } else {
                    CellId::NONE
                };
                self.sequences(&next, player, turn, remaining - 1, &mv, moved, level + 1, buf);
            }
        }
        buf.positions[level] = next;
        buf.actions[level] = actions;
    }

    /// Every single action of the turn's first tier that offers any.
    fn actions(&self, pos: &Position, player: PlayerId, turn: &Turn, moved: &[CellId], out: &mut Vec<Move>) {
        let board_cells = self.game.topology.board_cells;
        for tier in &turn.tiers {
            let start = out.len();
            for source in tier {
                match source {
                    ActionSource::Move { kind, rules } => {
                        let code = self.code(*kind, player);
                        for c in 0..board_cells {
                            if pos.board[c] != code {
                                continue;
                            }
                            let from = CellId(c as u16);
                            if moved.contains(&from) {
                                continue;
                            }
                            for &r in rules {
                                self.rule_actions(pos, player, *kind, from, r, out);
                            }
                        }
                    }
                    ActionSource::Drop { kind, target } => {
                        if pos.reserve[self.slot(player, *kind)] == 0 {
                            continue;
                        }
                        for c in 0..board_cells {
                            let cell = CellId(c as u16);
                            if self.test(target, player, cell, pos.board[c]) {
                                let mut m = Move::EMPTY;
                                m.push(Token::Drop(*kind));
                                m.push(Token::Place(cell));
                                out.push(m);
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
    fn rule_actions(&self, pos: &Position, player: PlayerId, kind: PieceKind, from: CellId, rule: usize, out: &mut Vec<Move>) {
        let rule = &self.game.rules[rule];
        let cells = self.game.topology.cells();
        match &rule.pattern {
            Pattern::Hop { targets } => {
                for &to in targets.get(player, from, cells) {
                    let code = pos.board[to.index()];
                    if self.test(&rule.target, player, to, code) {
                        let mut m = Move::EMPTY;
                        m.push(Token::From(from));
                        m.push(if code != 0 { Token::Capture(to) } else { Token::To(to) });
                        out.push(m);
                    }
                }
            }
            Pattern::Slide { rays } => {
                for ray in &rays[player.index()][from.index()] {
                    for &to in ray {
                        let code = pos.board[to.index()];
                        if self.test(&rule.target, player, to, code) {
                            let mut m = Move::EMPTY;
                            m.push(Token::From(from));
                            m.push(if code != 0 { Token::Capture(to) } else { Token::To(to) });
                            out.push(m);
                        }
                        if code != 0 || self.game.topology.is_exit(to) {
                            break;
                        }
                    }
                }
            }
            Pattern::Jump { .. } => {
                let mut chain = Move::EMPTY;
                chain.push(Token::From(from));
                let mut jumped = [CellId::NONE; super::MOVE_TOKENS];
                self.jumps(pos, player, kind, from, from, rule, &mut chain, &mut jumped, 0, out);
            }
        }
    }

    /// Depth-first jump chains from `at`; `jumped[..depth]` are the cells jumped so far.
    #[allow(clippy::too_many_arguments)]
    fn jumps(
        &self,
        pos: &Position,
        player: PlayerId,
        kind: PieceKind,
        from: CellId,
        at: CellId,
        rule: &crate::ir::MoveRule,
        chain: &mut Move,
        jumped: &mut [CellId; super::MOVE_TOKENS],
        depth: usize,
        out: &mut Vec<Move>,
    ) {
        let Pattern::Jump {
            hops,
            over,
            capturing,
            repeat,
            each_once,
            not_ending_at_start,
        } = &rule.pattern
        else {
            return;
        };
        let topo = &self.game.topology;
        // The board as the chain sees it: the mover has left `from`, and pieces
        // captured by earlier jumps of the chain are gone.
        let seen = |cell: CellId, jumped: &[CellId]| -> u8 {
            if cell == from || (*capturing && jumped.contains(&cell)) {
                0
            } else {
                pos.board[cell.index()]
            }
        };
        let pairs = hops.get(player, at, topo.cells());
        for pair in pairs.chunks_exact(2) {
            let (mid, land) = (pair[0], pair[1]);
            if *each_once && jumped[..depth].contains(&mid) {
                continue;
            }
            if !self.test(over, player, mid, seen(mid, &jumped[..depth]))
                || !self.test(&rule.target, player, land, seen(land, &jumped[..depth]))
            {
                continue;
            }
            let need = if *capturing { 2 } else { 1 };
            if !chain.has_room(need) || depth + 1 >= jumped.len() {
                continue;
            }
            let len = chain.len();
            if *capturing {
                chain.push(Token::Remove(mid));
                chain.push(Token::Capture(land));
            } else {
                chain.push(Token::To(land));
            }
            jumped[depth] = mid;
            if !(*not_ending_at_start && land == from) {
                out.push(*chain);
            }
            let stops = topo.is_exit(land) || self.trigger_at(player, kind, land).is_some();
            if *repeat && !stops {
                self.jumps(pos, player, kind, from, land, rule, chain, jumped, depth + 1, out);
            }
            chain.truncate(len);
        }
    }
}
