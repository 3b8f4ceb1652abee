//! Repeated positions: the key that makes two positions the same for the
//! repetition draw, and the bans on recreating earlier boards.

use super::core::CoreScratch;
use super::moves::{MoveBuf, MoveList};
use super::{Engine, Position};
use crate::ir::{CellId, Op};

/// Mixes a number into a key.
#[inline]
fn mix(key: u64, salt: u64, value: i64) -> u64 {
    let mut z = (value as u64 ^ salt.wrapping_mul(0xD6E8_FEB8_6659_FD93)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z ^= z >> 31;
    key ^ z.wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// The repetition key of an earlier board read from a text: only its board
/// is known, so it is never the same position as any other for the
/// repetition draw.
pub(super) const EARLIER_KEY: u64 = 0x5EED_0FEA_211E_2500;

impl Engine {
    /// The key two positions share when they are the same for the repetition
    /// draw: the board, the player to move, reserves, counters, the pool and
    /// flags, and the marks when some legal move depends on them.
    pub(super) fn repetition_key(&self, pos: &Position) -> u64 {
        if self.repetition.is_none() {
            return 0;
        }
        let mut key = mix(self.board_key(pos), 1, self.mover(pos).index() as i64);
        for (i, n) in pos.numbers[..self.quiet_index()].iter().enumerate() {
            if *n != 0 {
                key = mix(key, 2 + i as u64, *n);
            }
        }
        if pos.has_marks() && self.marks_matter(pos) {
            for (i, w) in pos.marks.iter().enumerate() {
                if *w != 0 {
                    key = mix(key, 1 << 20 | i as u64, *w as i64);
                }
            }
        }
        key
    }

    /// The board's part of the repetition key. When the rules write rights (a
    /// `rights` field: which unmoved pieces may still act) in their position text, pieces count as moved or not only through
    /// those rights (two positions with the same text are the same).
    fn board_key(&self, pos: &Position) -> u64 {
        let Some(rights) = self.game.position.as_ref().and_then(|f| {
            f.fields.iter().find_map(|field| match field {
                crate::ir::PositionField::Rights(r) => Some(r),
                _ => None,
            })
        }) else {
            return pos.hash;
        };
        let mut key = pos.hash;
        for code in 1..self.codes.len() as u8 {
            if !self.codes.moved[code as usize] {
                continue;
            }
            let kind = crate::ir::PieceKind(self.codes.kind[code as usize]);
            let unmoved = self
                .codes
                .code(kind, self.codes.owner[code as usize] as usize, false);
            for cell in pos.cells_with(code) {
                key ^= super::position::zobrist(cell, code) ^ super::position::zobrist(cell, unmoved);
            }
        }
        for (i, (_, cells)) in rights.iter().enumerate() {
            // Held while every cell has a piece that remembers moving and has
            // not moved: one that moving would change.
            let held = cells.iter().all(|c| {
                let code = pos.board[c.index()];
                code != 0 && self.codes.as_moved(code) != code
            });
            if held {
                key = mix(key, 1 << 24 | i as u64, 1);
            }
        }
        key
    }

    /// The rules whose conditions read a mark set.
    pub(super) fn mark_readers(&self) -> Vec<usize> {
        let reads = |c: &crate::ir::CondId| self.game.conds[c.0 as usize].reads_marks();
        (0..self.game.rules.len())
            .filter(|&r| {
                let rule = &self.game.rules[r];
                reads(&rule.target)
                    || rule.program.ops.iter().any(|op| match op {
                        Op::If(c) | Op::AnywhereIf(c) => reads(c),
                        _ => false,
                    })
            })
            .collect()
    }

    /// Whether the legal moves change when the marks of the last move are forgotten.
    fn marks_matter(&self, pos: &Position) -> bool {
        let mut plain = pos.clone();
        plain.marks.iter_mut().for_each(|w| *w = 0);
        // A first look at the rules that read marks (only their actions can
        // differ): when they do the same with and without the marks, so do
        // the legal moves (the usual case: no move uses a mark).
        if self.reader_actions(pos) == self.reader_actions(&plain) {
            return false;
        }
        let (mut with, mut without) = (MoveBuf::new(), MoveBuf::new());
        self.legal_moves(pos, &mut with);
        self.legal_moves(&plain, &mut without);
        !same_moves(&with.moves, &without.moves)
    }

    /// Every action of the rules that read marks, by the pieces of the player to
    /// move, sorted.
    fn reader_actions(&self, pos: &Position) -> Vec<Vec<u16>> {
        let player = self.mover(pos);
        let mut scratch = pos.clone();
        let mut out = MoveList::default();
        let mut core = CoreScratch::default();
        for &r in &self.mark_readers {
            let rule = &self.game.rules[r];
            if rule.drop {
                self.core_actions(
                    &mut scratch,
                    player,
                    rule,
                    CellId::NONE,
                    &mut out,
                    &mut core,
                    None,
                );
                continue;
            }
            for &code in self.codes.of(rule.kind, player.index()) {
                let froms: Vec<CellId> = pos.cells_with(code).collect();
                for from in froms {
                    self.core_actions(&mut scratch, player, rule, from, &mut out, &mut core, None);
                }
            }
        }
        let mut actions: Vec<Vec<u16>> = out.iter().map(|m| m.raw().to_vec()).collect();
        actions.sort();
        actions
    }
}

/// Whether two lists hold the same moves (in any order).
fn same_moves(a: &MoveList, b: &MoveList) -> bool {
    a.len() == b.len() && a.iter().all(|m| b.contains(m))
}

impl Engine {
    /// How many times the current position has occurred (this time included).
    pub(super) fn occurrences(&self, pos: &Position) -> usize {
        let Some(&(_, key)) = pos.history.last() else {
            return 1;
        };
        pos.history.iter().filter(|(_, k)| *k == key).count()
    }

    /// Whether a board with hash `after`, reached by a move from `pos`, is
    /// banned by a `forbid repetition` rule.
    pub(super) fn forbidden(&self, pos: &Position, after: u64) -> bool {
        self.forbid.iter().any(|back| repeats(&pos.history, after, *back))
    }
}

/// Whether a board with hash `after`, reached by a move from the position
/// whose history is `history`, recreates the board of `back` moves ago (of
/// any earlier position when `None`).
#[inline]
pub(super) fn repeats(history: &[(u64, u64)], after: u64, back: Option<u32>) -> bool {
    match back {
        None => history.iter().any(|(h, _)| *h == after),
        Some(n) => {
            let n = n as usize;
            // `history` ends with this position, one move before `after`.
            n >= 1 && history.len() + 1 > n && history[history.len() + 1 - n - 1].0 == after
        }
    }
}
