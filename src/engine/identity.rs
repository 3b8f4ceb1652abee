//! Which ways through the rules are one move. A move is identified by its
//! notation — every landing, or each action's ends (`notation ends`) — and by
//! what it does: two ways written alike that leave the same position are one
//! move (a piece reaching a cell by two paths, or taking the same pieces by
//! two routes under `notation ends`); two ways written alike that leave
//! different positions are two moves, each written in full (its landings,
//! then the pieces it removes, then everything it does) until the notation
//! tells them apart. No way is ever dropped silently. Of ways that are one
//! move, the one kept is the one whose landings come first in the order of
//! the board's cells (by rank, then file, on a grid).
//!
//! Moves are grouped by their notation in a hash table, in one pass: the list
//! keeps its order (the first way of each move stands where it was written).

use super::moves::{MoveList, MoveRef, Token};
use super::position::NoJournal;
use super::{Engine, Position};
use crate::ir::NotationMode;

/// The most detailed level of [`Token::Explicit`]: every token of the move.
const FULL: u8 = 3;
/// "No move" in the tables below.
const NONE: u32 = u32::MAX;

/// Reused space of [`Engine::dedup_moves`] and [`Engine::mark_explicit`].
#[derive(Debug, Default)]
pub(super) struct DedupScratch {
    /// The identity tokens of every move, one after another, and each move's range.
    keys: Vec<u16>,
    ranges: Vec<(u32, u32)>,
    /// Open addressing: the first move of each identity (`NONE`: free).
    table: Vec<u32>,
    /// `next[i]`: the next move kept with the identity of move `i`.
    next: Vec<u32>,
    /// `written[i]`: the move whose tokens stand for move `i` (itself, or a way
    /// that is the same move with landings that come first); `NONE`: dropped.
    written: Vec<u32>,
    keep: Vec<(u32, u8)>,
    /// Positions after each of two moves, and the marks of each.
    after: [Position; 2],
    marks: [Vec<u16>; 2],
}

impl Engine {
    /// Keeps one move of every set of ways that are one move (same notation,
    /// same position after), in the order of the list. Returns whether two
    /// moves kept share a notation (then [`Engine::mark_explicit`] must write
    /// them apart, once the legal moves are known).
    pub(super) fn dedup_moves(&self, pos: &Position, moves: &mut MoveList, s: &mut DedupScratch) -> bool {
        s.index(self.game.notation, moves);
        let mut shared = false;
        let mut dropped = false;
        for i in 0..moves.len() as u32 {
            let head = s.find_or_insert(i);
            if head == i {
                continue;
            }
            // Another move has this notation: the same move, or another one.
            let m = moves.get(i as usize);
            let mut member = head;
            let same = loop {
                let kept = moves.get(s.written[member as usize] as usize);
                if kept.raw() == m.raw() || self.same_effect(pos, kept, m, &mut s.after, &mut s.marks) {
                    break Some(member);
                }
                if s.next[member as usize] == NONE {
                    break None;
                }
                member = s.next[member as usize];
            };
            match same {
                Some(member) => {
                    dropped = true;
                    s.written[i as usize] = NONE;
                    let kept = moves.get(s.written[member as usize] as usize);
                    if m.shown()
                        .cmp(kept.shown())
                        .then_with(|| m.raw().cmp(kept.raw()))
                        .is_lt()
                    {
                        s.written[member as usize] = i;
                    }
                }
                None => {
                    shared = true;
                    s.next[member as usize] = i;
                }
            }
        }
        if dropped {
            s.keep.clear();
            for i in 0..moves.len() {
                if s.written[i] != NONE {
                    s.keep.push((s.written[i], 0));
                }
            }
            moves.keep_only(&s.keep);
        }
        shared
    }

    /// Writes in full ([`Token::Explicit`]) the legal moves that share a
    /// notation with another legal move, at the least detail that tells
    /// them apart. The list keeps its order.
    pub(super) fn mark_explicit(&self, moves: &mut MoveList, s: &mut DedupScratch) {
        s.index(self.game.notation, moves);
        let mut shared = false;
        for i in 0..moves.len() as u32 {
            let head = s.find_or_insert(i);
            if head != i {
                let mut member = head;
                while s.next[member as usize] != NONE {
                    member = s.next[member as usize];
                }
                s.next[member as usize] = i;
                shared = true;
            }
        }
        if !shared {
            return;
        }
        let mut level = vec![0u8; moves.len()];
        let mut group = Vec::new();
        for i in 0..moves.len() {
            if level[i] != 0 || s.next[i] == NONE {
                continue;
            }
            group.clear();
            let mut m = i as u32;
            while m != NONE {
                group.push(m);
                m = s.next[m as usize];
            }
            let l = explicit_level(self.game.notation, moves, &group);
            for &g in &group {
                level[g as usize] = l;
            }
        }
        s.keep.clear();
        s.keep.extend((0..moves.len()).map(|i| (i as u32, level[i])));
        moves.keep_only(&s.keep);
    }

    /// Whether two moves leave the same position (`after` and `marks`: scratch).
    fn same_effect(
        &self,
        pos: &Position,
        a: MoveRef,
        b: MoveRef,
        after: &mut [Position; 2],
        marks: &mut [Vec<u16>; 2],
    ) -> bool {
        let mover = self.mover(pos);
        for (i, m) in [a, b].into_iter().enumerate() {
            after[i].clone_from(pos);
            self.apply_tokens(&mut after[i], mover, m, &mut NoJournal);
            marks[i].clear();
            let mut set = 0;
            for t in m.tokens() {
                match t {
                    Token::MarkSet(k) => set = k as u16,
                    Token::Mark(c) => marks[i].extend([set, c.0]),
                    _ => {}
                }
            }
            marks[i].sort_unstable();
        }
        after[0].board == after[1].board
            && after[0].numbers == after[1].numbers
            && after[0].lines == after[1].lines
            && marks[0] == marks[1]
    }
}

impl DedupScratch {
    /// Computes the identity of every move and empties the table.
    fn index(&mut self, mode: NotationMode, moves: &MoveList) {
        self.keys.clear();
        self.ranges.clear();
        for m in moves.iter() {
            let start = self.keys.len() as u32;
            m.identity_into(mode, &mut self.keys);
            self.ranges.push((start, self.keys.len() as u32));
        }
        let size = (2 * moves.len()).next_power_of_two().max(16);
        self.table.clear();
        self.table.resize(size, NONE);
        self.next.clear();
        self.next.resize(moves.len(), NONE);
        self.written.clear();
        self.written.extend(0..moves.len() as u32);
    }

    /// The identity tokens of move `i`.
    fn key(&self, i: u32) -> &[u16] {
        let (a, b) = self.ranges[i as usize];
        &self.keys[a as usize..b as usize]
    }

    /// The first move with the identity of move `i` (`i` itself when it is
    /// the first, which is then entered in the table).
    fn find_or_insert(&mut self, i: u32) -> u32 {
        let mask = self.table.len() - 1;
        let mut slot = hash(self.key(i)) as usize & mask;
        loop {
            let there = self.table[slot];
            if there == NONE {
                self.table[slot] = i;
                return i;
            }
            if self.key(there) == self.key(i) {
                return there;
            }
            slot = (slot + 1) & mask;
        }
    }
}

/// A hash of identity tokens (FxHash's mixing step).
fn hash(key: &[u16]) -> u64 {
    key.iter().fold(0u64, |h, &t| {
        (h.rotate_left(5) ^ t as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
    })
}

/// The tokens a move is written with at `level` of detail (see [`Token::Explicit`]).
fn detail(m: MoveRef<'_>, level: u8) -> impl Iterator<Item = u16> + '_ {
    m.tokens()
        .filter(move |t| match level {
            1 => t.shown(),
            2 => t.shown() || matches!(t, Token::Remove(_)),
            _ => !matches!(t, Token::Explicit(_)),
        })
        .map(Token::encode)
}

/// The least detail at which moves of one notation are all written apart:
/// their landings (which `notation ends` leaves out), then with the pieces
/// they remove, then with every token.
fn explicit_level(mode: NotationMode, moves: &MoveList, group: &[u32]) -> u8 {
    let first = if mode == NotationMode::Landings { 2 } else { 1 };
    (first..FULL)
        .find(|&level| {
            group.iter().enumerate().all(|(x, &a)| {
                group[x + 1..]
                    .iter()
                    .all(|&b| !detail(moves.get(a as usize), level).eq(detail(moves.get(b as usize), level)))
            })
        })
        .unwrap_or(FULL)
}
