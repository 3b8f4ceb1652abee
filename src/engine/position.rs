//! The mutable state of a game: board, piece counts, reserves, counters, move number.

use crate::ir::Outcome;

/// A position. Cheap to copy into a reused buffer with `clone_from` (no allocation
/// once the buffer has grown).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Position {
    /// Piece code per cell: 0 is empty, else `1 + kind * players + owner`.
    pub(super) board: Vec<u8>,
    /// Pieces on the board per `player * kinds + kind`.
    pub(super) counts: Vec<u16>,
    /// Pieces in reserve per `player * kinds + kind`.
    pub(super) reserve: Vec<u16>,
    /// Counter values per `counter * players + player`.
    pub(super) counters: Vec<i64>,
    /// Moves made so far (setup placements included).
    pub(super) ply: u32,
    /// The result, once an end rule has decided the game (set after each move).
    pub(super) result: Option<Outcome>,
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

    /// The piece code on a cell (0: empty).
    pub fn code_at(&self, cell: crate::ir::CellId) -> u8 {
        self.board[cell.index()]
    }
}
