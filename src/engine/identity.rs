//! Which ways through the rules are one move. A move is identified by its
//! notation — every landing, or each action's ends (`notation ends`) — and by
//! what it does: two ways written alike that leave the same position are one
//! move (a piece reaching a cell by two paths, or taking the same pieces by
//! two routes under `notation ends`); two ways written alike that leave different
//! positions are two moves, each written in full (its landings, then the
//! pieces it removes, then everything it does) until the notation tells them
//! apart. No way is ever dropped silently. Of ways that are one move, the
//! one kept is the one whose landings come first in the order of the
//! board's cells (by rank, then file, on a grid).

use super::moves::{MoveList, MoveRef, Token};
use super::position::NoJournal;
use super::{Engine, Position};
use crate::ir::NotationMode;

/// The most detailed level of [`Token::Explicit`]: every token of the move.
const FULL: u8 = 3;

/// Reused space of [`Engine::dedup_moves`].
#[derive(Debug, Default)]
pub(super) struct DedupScratch {
    /// The identity tokens of every move, one after another, and each move's range.
    keys: Vec<u16>,
    ranges: Vec<(u32, u32)>,
    /// Move indices, sorted by identity.
    order: Vec<u32>,
    /// The moves kept of the identity being read, and of the whole list (with
    /// the level each is written at).
    group: Vec<u32>,
    keep: Vec<(u32, u8)>,
    /// Positions after each of two moves, and the marks of each.
    after: [Position; 2],
    marks: [Vec<u16>; 2],
}

impl Engine {
    /// Keeps one move of every set of ways that are one move (same notation,
    /// same position after). The moves are left sorted by their notation's
    /// tokens. Returns whether two moves kept share a notation (then
    /// [`Engine::mark_explicit`] must write them apart, once the legal moves
    /// are known).
    pub(super) fn dedup_moves(&self, pos: &Position, moves: &mut MoveList, s: &mut DedupScratch) -> bool {
        self.sort_by_identity(moves, s);
        s.keep.clear();
        let mut shared = false;
        let mut i = 0;
        while i < s.order.len() {
            let j = s.group_end(i);
            s.group.clear();
            for k in i..j {
                let m = moves.get(s.order[k] as usize);
                let mut repeated = false;
                for g in 0..s.group.len() {
                    let kept = moves.get(s.group[g] as usize);
                    if kept.raw() == m.raw() || self.same_effect(pos, kept, m, &mut s.after, &mut s.marks) {
                        repeated = true;
                        break;
                    }
                }
                if !repeated {
                    s.group.push(s.order[k]);
                }
            }
            shared |= s.group.len() > 1;
            s.keep.extend(s.group.iter().map(|&g| (g, 0)));
            i = j;
        }
        moves.keep_only(&s.keep);
        shared
    }

    /// Writes in full ([`Token::Explicit`]) the legal moves that share a
    /// notation with another legal move, at the least detail that tells
    /// them apart. The moves are left sorted by their notation's tokens.
    pub(super) fn mark_explicit(&self, moves: &mut MoveList, s: &mut DedupScratch) {
        self.sort_by_identity(moves, s);
        s.keep.clear();
        let mut i = 0;
        while i < s.order.len() {
            let j = s.group_end(i);
            let level = if j - i > 1 {
                explicit_level(self.game.notation, moves, &s.order[i..j])
            } else {
                0
            };
            s.keep.extend(s.order[i..j].iter().map(|&m| (m, level)));
            i = j;
        }
        moves.keep_only(&s.keep);
    }

    /// Sorts `s.order` (the move indices) by identity, then by landings in
    /// the order of the board's cells (so that among ways that are one move
    /// the first, kept and written when the move is written whole, is the one
    /// whose landings come first), then by every token.
    fn sort_by_identity(&self, moves: &MoveList, s: &mut DedupScratch) {
        s.keys.clear();
        s.ranges.clear();
        for m in moves.iter() {
            let start = s.keys.len() as u32;
            m.identity_into(self.game.notation, &mut s.keys);
            s.ranges.push((start, s.keys.len() as u32));
        }
        s.order.clear();
        s.order.extend(0..moves.len() as u32);
        let (keys, ranges) = (&s.keys, &s.ranges);
        s.order.sort_unstable_by(|&a, &b| {
            let (ma, mb) = (moves.get(a as usize), moves.get(b as usize));
            key(keys, ranges, a)
                .cmp(key(keys, ranges, b))
                .then_with(|| ma.shown().cmp(mb.shown()))
                .then_with(|| ma.raw().cmp(mb.raw()))
        });
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
        after[0].board == after[1].board && after[0].numbers == after[1].numbers && marks[0] == marks[1]
    }
}

impl DedupScratch {
    /// One past the last of the sorted moves, from `i` on, that share the
    /// identity of move `order[i]`.
    fn group_end(&self, i: usize) -> usize {
        let first = key(&self.keys, &self.ranges, self.order[i]);
        let mut j = i + 1;
        while j < self.order.len() && key(&self.keys, &self.ranges, self.order[j]) == first {
            j += 1;
        }
        j
    }
}

/// The identity tokens of move `i`.
fn key<'a>(keys: &'a [u16], ranges: &[(u32, u32)], i: u32) -> &'a [u16] {
    let (a, b) = ranges[i as usize];
    &keys[a as usize..b as usize]
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
