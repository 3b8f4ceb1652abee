//! The mutable state of a game: board, piece counts, reserves, counters, move number.

use crate::ir::{CellId, Outcome};

/// A position. Cheap to copy into a reused buffer with `clone_from` (no allocation
/// once the buffer has grown), and changed only through [`Position::set`] and
/// [`Position::add`], which can record what they overwrite in a [`Journal`] so
/// that a change can be taken back.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// Piece code per cell: 0 is empty, else `1 + kind * players + owner`.
    pub(super) board: Vec<u8>,
    /// Bit sets of the cells holding each piece code: `words` u64s per code.
    pub(super) occupied: Vec<u64>,
    /// u64 words per bit set.
    pub(super) words: usize,
    /// Every number of the position, laid out by the engine: pieces on the
    /// board per (player, kind), then pieces in reserve per (player, kind),
    /// then counters per (counter, player).
    pub(super) numbers: Vec<i64>,
    /// Moves made so far (setup placements included).
    pub(super) ply: u32,
    /// The result, once an end rule has decided the game (set after each move).
    pub(super) result: Option<Outcome>,
}

/// Receives the old values of what a change overwrites.
pub(super) trait Journal {
    /// `cell` held `old` before.
    fn cell(&mut self, cell: CellId, old: u8);
    /// `numbers[index]` was `old` before.
    fn number(&mut self, index: usize, old: i64);
}

/// Records nothing: for changes that are never taken back.
pub(super) struct NoJournal;

impl Journal for NoJournal {
    #[inline(always)]
    fn cell(&mut self, _: CellId, _: u8) {}
    #[inline(always)]
    fn number(&mut self, _: usize, _: i64) {}
}

/// Notes only whether any number changed: end rules read only numbers, so a
/// change that leaves them alone cannot end the game.
#[derive(Debug, Default)]
pub(super) struct NumbersChanged(pub bool);

impl Journal for NumbersChanged {
    #[inline(always)]
    fn cell(&mut self, _: CellId, _: u8) {}
    #[inline(always)]
    fn number(&mut self, _: usize, _: i64) {
        self.0 = true;
    }
}

/// Records every overwritten value, to take a change back with [`Position::undo`].
#[derive(Debug, Default)]
pub(super) struct UndoLog {
    cells: Vec<(CellId, u8)>,
    numbers: Vec<(usize, i64)>,
}

impl UndoLog {
    /// Whether any number has changed since the log was last emptied.
    #[inline]
    pub(super) fn numbers_changed(&self) -> bool {
        !self.numbers.is_empty()
    }
}

impl Journal for UndoLog {
    #[inline]
    fn cell(&mut self, cell: CellId, old: u8) {
        self.cells.push((cell, old));
    }
    #[inline]
    fn number(&mut self, index: usize, old: i64) {
        self.numbers.push((index, old));
    }
}

impl Position {
    /// Number of moves made so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The result decided by an end rule after the last move, if any. (A player
    /// to move with no legal move is decided by [`super::Engine::status`].)
    pub fn result(&self) -> Option<Outcome> {
        self.result
    }

    /// Puts piece code `code` (0: nothing) on `cell`, keeping the bit sets in step.
    #[inline]
    pub(super) fn set(&mut self, cell: CellId, code: u8, journal: &mut impl Journal) {
        let c = cell.index();
        let (word, bit) = (c / 64, 1u64 << (c % 64));
        let old = std::mem::replace(&mut self.board[c], code);
        journal.cell(cell, old);
        if old != 0 {
            self.occupied[old as usize * self.words + word] &= !bit;
        }
        if code != 0 {
            self.occupied[code as usize * self.words + word] |= bit;
        }
    }

    /// Adds `delta` to `numbers[index]`.
    #[inline]
    pub(super) fn add(&mut self, index: usize, delta: i64, journal: &mut impl Journal) {
        journal.number(index, self.numbers[index]);
        self.numbers[index] += delta;
    }

    /// Takes back every change recorded in `log` (newest first) and empties it.
    pub(super) fn undo(&mut self, log: &mut UndoLog) {
        while let Some((cell, old)) = log.cells.pop() {
            self.set(cell, old, &mut NoJournal);
        }
        while let Some((index, old)) = log.numbers.pop() {
            self.numbers[index] = old;
        }
    }

    /// The cells holding piece code `code`, in increasing order.
    #[inline]
    pub(super) fn cells_with(&self, code: u8) -> impl Iterator<Item = CellId> + '_ {
        let words = &self.occupied[code as usize * self.words..(code as usize + 1) * self.words];
        words.iter().enumerate().flat_map(|(w, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    CellId((w * 64 + b) as u16)
                })
            })
        })
    }
}

impl Clone for Position {
    fn clone(&self) -> Self {
        Position {
            board: self.board.clone(),
            occupied: self.occupied.clone(),
            words: self.words,
            numbers: self.numbers.clone(),
            ply: self.ply,
            result: self.result,
        }
    }

    /// Copies into the existing buffers: no allocation once they are large enough.
    fn clone_from(&mut self, source: &Self) {
        self.board.clone_from(&source.board);
        self.occupied.clone_from(&source.occupied);
        self.words = source.words;
        self.numbers.clone_from(&source.numbers);
        self.ply = source.ply;
        self.result = source.result;
    }
}
