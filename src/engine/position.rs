//! The mutable state of a game: board, piece counts, reserves, counters, marks,
//! move number and the history that repetition rules need.

use std::sync::Arc;

use crate::ir::{CellId, Outcome};

/// A position. Cheap to copy into a reused buffer with `clone_from` (no allocation
/// once the buffer has grown), and changed only through [`Position::set`] and
/// [`Position::add`], which can record what they overwrite in a [`Journal`] so
/// that a change can be taken back.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// Piece code per cell: 0 is empty (see `codes.rs`).
    pub(super) board: Vec<u8>,
    /// Bit sets of the cells holding each piece code: `words` u64s per code.
    pub(super) occupied: Vec<u64>,
    /// u64 words per bit set.
    pub(super) words: usize,
    /// Every number of the position, laid out by the engine: pieces on the
    /// board per (owner, kind), reserves, counters, the pool, flags, and the
    /// quiet-move and pass counters.
    pub(super) numbers: Vec<i64>,
    /// `count_slot[code]`: the index in `numbers` of the count of the code's
    /// (owner, kind), which [`Position::set`] keeps equal to the pieces on the
    /// board: counts are never kept by hand. Shared by every position of a game.
    pub(super) count_slot: Arc<[u32]>,
    /// The mark sets left by the last move: `words` u64s per set.
    pub(super) marks: Vec<u64>,
    /// The drawn lines, a bit per line of the board (empty when the game
    /// draws none; see `lines.rs`).
    pub(super) lines: Vec<u64>,
    /// Zobrist hash of the board (kept up to date by [`Position::set`] when `hashing`).
    pub(super) hash: u64,
    pub(super) hashing: bool,
    /// The (board hash, repetition key) of every position of the game so far,
    /// this one last (kept only when the game has a repetition rule).
    pub(super) history: Vec<(u64, u64)>,
    /// What the last moves changed, for the boards a bounded repetition ban
    /// reads (kept only when the game has one; see `earlier.rs`).
    pub(super) earlier: super::earlier::Earlier,
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
    /// Line `line` was not drawn before.
    fn line(&mut self, line: u32);
}

/// Records nothing: for changes that are never taken back.
pub(super) struct NoJournal;

impl Journal for NoJournal {
    #[inline(always)]
    fn cell(&mut self, _: CellId, _: u8) {}
    #[inline(always)]
    fn number(&mut self, _: usize, _: i64) {}
    #[inline(always)]
    fn line(&mut self, _: u32) {}
}

/// Records every overwritten value, to take changes back with
/// [`Position::undo`] (all of them) or [`Position::undo_to`] (back to a checkpoint).
#[derive(Debug, Default)]
pub(super) struct UndoLog {
    cells: Vec<(CellId, u8)>,
    /// Numbers' old values, and lines drawn (entries from [`LINE_ENTRY`]).
    numbers: Vec<(usize, i64)>,
}

/// An entry of [`UndoLog`]'s numbers at `LINE_ENTRY + line` or above records
/// that the line was drawn: lines share the numbers' stack, so that games
/// without lines pay nothing for them in checkpoints and undoing.
const LINE_ENTRY: usize = usize::MAX / 2;

/// A point in an [`UndoLog`] to come back to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Checkpoint {
    cells: u32,
    numbers: u32,
}

impl UndoLog {
    /// The current point of the log.
    #[inline]
    pub(super) fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            cells: self.cells.len() as u32,
            numbers: self.numbers.len() as u32,
        }
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
    #[inline]
    fn line(&mut self, line: u32) {
        self.numbers.push((LINE_ENTRY + line as usize, 0));
    }
}

/// The Zobrist key of a piece code on a cell: a fixed mix of both, so no table is needed.
#[inline]
pub(super) fn zobrist(cell: CellId, code: u8) -> u64 {
    if code == 0 {
        return 0;
    }
    let mut z = ((cell.0 as u64) << 8 | code as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z ^= z >> 29;
    z = z.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z ^ (z >> 32)
}

/// The hash key of a drawn line (apart from every piece's key).
#[inline]
fn line_key(line: u32) -> u64 {
    zobrist(crate::ir::CellId(u16::MAX), 1)
        ^ (line as u64 + 1)
            .wrapping_mul(0xD6E8_FEB8_6659_FD93)
            .rotate_left(23)
}

/// The most moves a game counts, far beyond any game: one more move goes
/// back one cycle of the turn order, so that the player to move stays right
/// and the count stays the most it can be.
pub const MAX_PLY: u32 = u32::MAX;

impl Position {
    /// Number of moves made so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Counts one more move; after [`MAX_PLY`], `after_last` (the count one
    /// cycle of the turn order below the most).
    #[inline]
    pub(super) fn count_move(&mut self, after_last: u32) {
        self.ply = self.ply.checked_add(1).unwrap_or(after_last);
    }

    /// The result decided by an end rule after the last move, if any. (A player
    /// to move with no legal move is decided by [`super::Engine::status`].)
    pub fn result(&self) -> Option<Outcome> {
        self.result
    }

    /// Puts piece code `code` (0: nothing) on `cell`, keeping the bit sets,
    /// the piece counts and the hash in step. A piece off the board — lifted
    /// into the hand of a moving piece, captured, gone through an exit — is
    /// not counted.
    #[inline(always)]
    pub(super) fn set(&mut self, cell: CellId, code: u8, journal: &mut impl Journal) {
        let c = cell.index();
        let (word, bit) = (c / 64, 1u64 << (c % 64));
        let old = std::mem::replace(&mut self.board[c], code);
        journal.cell(cell, old);
        if old != 0 {
            self.occupied[old as usize * self.words + word] &= !bit;
            self.numbers[self.count_slot[old as usize] as usize] -= 1;
        }
        if code != 0 {
            self.occupied[code as usize * self.words + word] |= bit;
            self.numbers[self.count_slot[code as usize] as usize] += 1;
        }
        if self.hashing {
            self.hash ^= zobrist(cell, old) ^ zobrist(cell, code);
        }
    }

    /// Adds `delta` to `numbers[index]`, saturating at the ends of the 64-bit
    /// numbers as the rules' arithmetic does (a counter read from a text may
    /// start anywhere).
    #[inline]
    pub(super) fn add(&mut self, index: usize, delta: i64, journal: &mut impl Journal) {
        journal.number(index, self.numbers[index]);
        self.numbers[index] = self.numbers[index].saturating_add(delta);
    }

    /// Takes back every change recorded in `log` (newest first) and empties it.
    pub(super) fn undo(&mut self, log: &mut UndoLog) {
        self.undo_to(log, Checkpoint { cells: 0, numbers: 0 });
    }

    /// Takes back the changes recorded in `log` since `to` (newest first).
    pub(super) fn undo_to(&mut self, log: &mut UndoLog, to: Checkpoint) {
        while log.cells.len() > to.cells as usize {
            let (cell, old) = log.cells.pop().expect("checked length");
            self.set(cell, old, &mut NoJournal);
        }
        while log.numbers.len() > to.numbers as usize {
            let (index, old) = log.numbers.pop().expect("checked length");
            match index.checked_sub(LINE_ENTRY) {
                None => self.numbers[index] = old,
                Some(line) => self.undraw(line as u32),
            }
        }
    }

    /// Takes line `line`, drawn, back.
    #[cold]
    pub(super) fn undraw(&mut self, line: u32) {
        self.lines[line as usize / 64] &= !(1 << (line % 64));
        if self.hashing {
            self.hash ^= line_key(line);
        }
    }

    /// Whether line `line` is drawn.
    #[inline]
    pub(super) fn drawn(&self, line: u32) -> bool {
        self.lines
            .get(line as usize / 64)
            .is_some_and(|w| w & (1 << (line % 64)) != 0)
    }

    /// Draws line `line`; `false` when it was drawn already (or the game
    /// draws no lines).
    #[inline]
    pub(super) fn draw(&mut self, line: u32, journal: &mut impl Journal) -> bool {
        let Some(word) = self.lines.get_mut(line as usize / 64) else {
            return false;
        };
        let bit = 1 << (line % 64);
        if *word & bit != 0 {
            return false;
        }
        *word |= bit;
        journal.line(line);
        if self.hashing {
            self.hash ^= line_key(line);
        }
        true
    }

    /// The cells holding piece code `code`, in increasing order.
    #[inline]
    pub(super) fn cells_with(&self, code: u8) -> impl Iterator<Item = CellId> + '_ {
        bits(self.cells_with_words(code))
    }

    /// The bit set of the cells holding piece code `code`, as words.
    #[inline]
    pub(super) fn cells_with_words(&self, code: u8) -> &[u64] {
        &self.occupied[code as usize * self.words..(code as usize + 1) * self.words]
    }

    /// Whether `cell` is in mark set `mark`.
    #[inline]
    pub(super) fn marked(&self, mark: usize, cell: CellId) -> bool {
        let c = cell.index();
        self.marks
            .get(mark * self.words + c / 64)
            .is_some_and(|w| w & (1 << (c % 64)) != 0)
    }

    /// Whether any mark is set.
    #[inline]
    pub(super) fn has_marks(&self) -> bool {
        self.marks.iter().any(|w| *w != 0)
    }
}

/// The set bits of a bit set, as cells in increasing order.
#[inline]
pub(super) fn bits(words: &[u64]) -> impl Iterator<Item = CellId> + '_ {
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

impl Clone for Position {
    fn clone(&self) -> Self {
        Position {
            board: self.board.clone(),
            occupied: self.occupied.clone(),
            words: self.words,
            numbers: self.numbers.clone(),
            count_slot: self.count_slot.clone(),
            marks: self.marks.clone(),
            lines: self.lines.clone(),
            hash: self.hash,
            hashing: self.hashing,
            history: self.history.clone(),
            earlier: self.earlier.clone(),
            ply: self.ply,
            result: self.result,
        }
    }

    /// Copies into the existing buffers: no allocation once they are large enough.
    fn clone_from(&mut self, source: &Self) {
        self.clone_for_trial(source, usize::MAX);
        self.earlier.clone_from(&source.earlier);
    }
}

impl Position {
    /// Copies everything but the earlier boards kept for the text, and of
    /// the history only its last `history` entries (those the repetition
    /// rules can read), into a position that moves are only tried on, never
    /// written.
    #[inline]
    pub(super) fn clone_for_trial(&mut self, source: &Self, history: usize) {
        self.board.clone_from(&source.board);
        self.occupied.clone_from(&source.occupied);
        self.words = source.words;
        self.numbers.clone_from(&source.numbers);
        if !Arc::ptr_eq(&self.count_slot, &source.count_slot) {
            self.count_slot = source.count_slot.clone();
        }
        self.marks.clone_from(&source.marks);
        self.lines.clone_from(&source.lines);
        self.hash = source.hash;
        self.hashing = source.hashing;
        if source.history.len() <= history {
            self.history.clone_from(&source.history);
        } else {
            self.history.clear();
            self.history
                .extend_from_slice(&source.history[source.history.len() - history..]);
        }
        self.ply = source.ply;
        self.result = source.result;
    }
}
