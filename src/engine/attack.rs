//! Attacks on cells and royal pieces: "could an opponent's piece capture here?",
//! derived from the opponents' own movement rules.

use super::moves::MoveBuf;
use super::position::UndoLog;
use super::{Engine, Position};
use crate::ir::{CellId, Pattern, PieceKind, PlayerId};

impl Engine {
    /// Whether any piece of `by` could capture the piece on `cell` by one of its
    /// movement rules (turn priorities aside).
    pub fn attacked(&self, pos: &Position, cell: CellId, by: PlayerId) -> bool {
        let cells = self.game.topology.cells();
        let target_code = pos.board[cell.index()];
        for (k, kind) in self.game.kinds.iter().enumerate() {
            let code = self.code(PieceKind(k as u8), by);
            for from in pos.cells_with(code) {
                for &r in &kind.rules {
                    let rule = &self.game.rules[r];
                    let hit = match &rule.pattern {
                        Pattern::Hop { targets } => {
                            targets.get(by, from, cells).contains(&cell)
                                && self.test(rule.target, by, cell, target_code)
                        }
                        Pattern::Slide { lines } => {
                            let range = lines.range(by, from, cells);
                            let mut i = range.start;
                            let mut hit = false;
                            while i < range.end {
                                let (to, end) = lines.nodes[i];
                                if to == cell {
                                    hit = self.test(rule.target, by, cell, target_code);
                                    if hit {
                                        break;
                                    }
                                }
                                let occupied = pos.board[to.index()] != 0;
                                i = if occupied { end as usize } else { i + 1 };
                            }
                            hit
                        }
                        Pattern::Jump {
                            hops,
                            over,
                            capturing,
                            ..
                        } => {
                            *capturing
                                && hops.get(by, from, cells).chunks_exact(2).any(|h| {
                                    h[0] == cell
                                        && self.test(*over, by, cell, target_code)
                                        && self.test(rule.target, by, h[1], pos.board[h[1].index()])
                                })
                        }
                    };
                    if hit {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether a royal piece of `player` stands attacked by another player.
    pub fn in_check(&self, pos: &Position, player: PlayerId) -> bool {
        for (k, kind) in self.game.kinds.iter().enumerate() {
            if !kind.royal {
                continue;
            }
            let code = self.code(PieceKind(k as u8), player);
            for cell in pos.cells_with(code) {
                for other in 0..self.players {
                    if other != player.index() && self.attacked(pos, cell, PlayerId(other as u8)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether `player`'s royal pieces are safe after `mv`; `scratch` must equal
    /// the position the move is made in (it is left so).
    pub(super) fn leaves_royal_safe(
        &self,
        scratch: &mut Position,
        player: PlayerId,
        mv: super::MoveRef,
        log: &mut UndoLog,
    ) -> bool {
        self.apply_tokens(scratch, player, mv, log);
        let safe = !self.in_check(scratch, player);
        scratch.undo(log);
        safe
    }

    /// Removes from `buf.moves` every move after which a royal piece of `player` stands attacked.
    pub(super) fn drop_moves_into_check(&self, pos: &Position, player: PlayerId, buf: &mut MoveBuf) {
        let mut scratch = std::mem::take(&mut buf.check_position);
        let mut log = std::mem::take(&mut buf.check_undo);
        scratch.clone_from(pos);
        let mut kept = std::mem::take(&mut buf.check_moves);
        kept.clear();
        for mv in buf.moves.iter() {
            if self.leaves_royal_safe(&mut scratch, player, mv, &mut log) {
                kept.push_raw(mv.raw());
            }
        }
        std::mem::swap(&mut buf.moves, &mut kept);
        buf.check_moves = kept;
        buf.check_undo = log;
        buf.check_position = scratch;
    }
}
