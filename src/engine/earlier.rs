//! The boards of the last few moves, kept when a bounded repetition ban
//! (`forbid repetition of N moves ago`) reads them, so that a position's text
//! can carry them: without them a position read back would forget the ban
//! (go's ko).
//!
//! A position keeps, for each of its last moves (at most `N - 1`), what the
//! move changed: each cell with the code it held before, and each line it
//! drew. The board of `k` moves ago is the board now with the last `k`
//! moves' changes taken back, newest first.

use super::position::{Journal, NoJournal, Position};
use super::{Engine, Piece};
use crate::ir::CellId;

/// One change a move made: a cell and the code it held before, or a line
/// drawn; or the start of a move's changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Change {
    Start,
    Cell(CellId, u8),
    Line(u32),
}

/// What the last moves changed, oldest move first, each move's changes after
/// a [`Change::Start`] (one buffer: copying a position copies it at once).
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Earlier {
    changes: Vec<Change>,
}

impl Clone for Earlier {
    fn clone(&self) -> Self {
        Earlier {
            changes: self.changes.clone(),
        }
    }

    /// Copies into the existing buffer: no allocation once it is large
    /// enough, and nothing to do in the usual case of a game that keeps none.
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        if self.changes.is_empty() && source.changes.is_empty() {
            return;
        }
        self.changes.clone_from(&source.changes);
    }
}

impl Earlier {
    /// How many earlier boards are known.
    pub(super) fn known(&self) -> usize {
        self.changes.iter().filter(|c| **c == Change::Start).count()
    }

    /// Starts the changes of a new move, forgetting the oldest move's when
    /// `keep` moves are known already.
    #[inline]
    fn begin_move(&mut self, keep: usize) {
        if keep == 1 {
            // The usual case (simple ko): only this move's changes.
            self.changes.clear();
        } else if self.known() >= keep {
            let drop = self.known() + 1 - keep;
            let cut = self
                .changes
                .iter()
                .enumerate()
                .filter(|(_, c)| **c == Change::Start)
                .nth(drop)
                .map_or(self.changes.len(), |(i, _)| i);
            self.changes.drain(..cut);
        }
        self.changes.push(Change::Start);
    }

    /// The changes of the `k`-th move back (1: the last move).
    fn of_move(&self, k: usize) -> &[Change] {
        let mut end = self.changes.len();
        let mut seen = 0;
        for (i, c) in self.changes.iter().enumerate().rev() {
            if *c == Change::Start {
                seen += 1;
                if seen == k {
                    return &self.changes[i + 1..end];
                }
                end = i;
            }
        }
        &[]
    }

    /// Takes the `k`-th move back's changes back on `pos` (newest first).
    fn take_back(&self, pos: &mut Position, k: usize) {
        for change in self.of_move(k).iter().rev() {
            match *change {
                Change::Cell(cell, old) => pos.set(cell, old, &mut NoJournal),
                Change::Line(line) => pos.undraw(line),
                Change::Start => {}
            }
        }
    }
}

/// A journal that passes every change on and keeps what the board held.
pub(super) struct Recording<'a, J> {
    pub inner: &'a mut J,
    pub earlier: &'a mut Earlier,
}

impl<J: Journal> Journal for Recording<'_, J> {
    #[inline(always)]
    fn cell(&mut self, cell: CellId, old: u8) {
        self.inner.cell(cell, old);
        self.earlier.changes.push(Change::Cell(cell, old));
    }
    #[inline(always)]
    fn number(&mut self, index: usize, old: i64) {
        self.inner.number(index, old);
    }
    #[inline(always)]
    fn line(&mut self, line: u32) {
        self.inner.line(line);
        self.earlier.changes.push(Change::Line(line));
    }
}

impl Engine {
    /// How many earlier boards the bounded repetition bans read (0 when none):
    /// `N - 1` for the largest `forbid repetition of N moves ago`.
    pub fn earlier_boards_read(&self) -> usize {
        self.forbid
            .iter()
            .filter_map(|b| b.map(|n| n.saturating_sub(1) as usize))
            .max()
            .unwrap_or(0)
    }

    /// Starts recording a move's changes: the earlier boards, taken out of
    /// `pos` while the move changes it.
    #[inline]
    pub(super) fn begin_recording(&self, pos: &mut Position) -> Earlier {
        let mut earlier = std::mem::take(&mut pos.earlier);
        earlier.begin_move(self.earlier_boards);
        earlier
    }

    /// The boards of 1, 2, … moves ago that the position knows (as many as
    /// the bans read, fewer when the game or its text began later), each as
    /// a position whose board and drawn lines are those of then; the rest is
    /// as now.
    pub fn earlier_boards(&self, pos: &Position) -> Vec<Position> {
        let mut board = pos.clone();
        board.earlier = Earlier::default();
        (1..=pos.earlier.known())
            .map(|k| {
                pos.earlier.take_back(&mut board, k);
                board.clone()
            })
            .collect()
    }

    /// Gives `pos` its earlier boards (of 1, 2, … moves ago, as
    /// [`Engine::earlier_boards`] gives them), for a position read from a
    /// text; [`Engine::finish`] then puts them in the history. `false` when
    /// they are more than the bans read.
    pub fn set_earlier_boards(&self, pos: &mut Position, boards: &[Position]) -> bool {
        if boards.len() > self.earlier_boards {
            return false;
        }
        let mut earlier = Earlier::default();
        // Oldest first: the move that led from `boards[k]` to `boards[k - 1]`
        // (to `pos` for the last) changed each cell where they differ.
        for k in (0..boards.len()).rev() {
            let (before, after) = (&boards[k], if k == 0 { &*pos } else { &boards[k - 1] });
            earlier.changes.push(Change::Start);
            for c in 0..before.board.len() {
                if before.board[c] != after.board[c] {
                    earlier
                        .changes
                        .push(Change::Cell(CellId(c as u16), before.board[c]));
                }
            }
            for line in 0..self.lines.ends.len() as u32 {
                if after.drawn(line) && !before.drawn(line) {
                    earlier.changes.push(Change::Line(line));
                }
            }
        }
        pos.earlier = earlier;
        true
    }

    /// Puts a piece (or nothing) on a cell of a position being built from a
    /// text, whatever the cell held; `false` when the piece cannot belong to
    /// that player.
    pub fn replace_piece(&self, pos: &mut Position, cell: CellId, piece: Option<Piece>) -> bool {
        pos.set(cell, 0, &mut NoJournal);
        piece.is_none_or(|p| self.put_piece(pos, cell, p.kind, p.owner, p.moved))
    }

    /// Takes a drawn line back (for an earlier board read from a text);
    /// `false` when no line joins the cells or it is not drawn.
    pub fn undraw_line(&self, pos: &mut Position, a: CellId, b: CellId) -> bool {
        let line = self.lines.between(a, b);
        let drawn = line != super::lines::NO_LINE && pos.drawn(line);
        if drawn {
            pos.undraw(line);
        }
        drawn
    }

    /// The board hashes of the earlier boards `pos` knows, oldest first, for
    /// its history.
    pub(super) fn earlier_hashes(&self, pos: &Position) -> Vec<u64> {
        if pos.earlier.known() == 0 {
            return Vec::new();
        }
        self.earlier_boards(pos).iter().rev().map(|b| b.hash).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keeping two moves, a third forgets the first: its changes and where
    /// the others start.
    #[test]
    fn the_oldest_move_is_forgotten() {
        let mut e = Earlier::default();
        e.begin_move(2);
        e.changes.push(Change::Cell(CellId(1), 0));
        assert_eq!(e.known(), 1);
        e.begin_move(2);
        e.changes.push(Change::Cell(CellId(2), 3));
        e.changes.push(Change::Line(4));
        e.begin_move(2);
        e.changes.push(Change::Cell(CellId(5), 0));
        assert_eq!(e.known(), 2);
        assert_eq!(e.of_move(2), &[Change::Cell(CellId(2), 3), Change::Line(4)]);
        assert_eq!(e.of_move(1), &[Change::Cell(CellId(5), 0)]);
    }

    /// Keeping one move, each move replaces the last.
    #[test]
    fn one_move_kept() {
        let mut e = Earlier::default();
        for c in 0..3u16 {
            e.begin_move(1);
            e.changes.push(Change::Cell(CellId(c), 7));
        }
        assert_eq!(e.known(), 1);
        assert_eq!(e.of_move(1), &[Change::Cell(CellId(2), 7)]);
    }
}
