//! Building a position piece by piece (for positions read from text), and
//! reading back the numbers a position's text writes.

use super::{Engine, Position};
use crate::ir::{CellId, PieceKind, PlayerId};

impl Engine {
    /// The board cells in drawing order: rows from the top, each row from the left.
    pub fn board_rows(&self) -> Vec<Vec<CellId>> {
        let topo = &self.game.topology;
        let mut cells: Vec<CellId> = (0..topo.board_cells).map(|c| CellId(c as u16)).collect();
        cells.sort_by_key(|c| {
            let (x, y) = topo.coords[c.index()];
            (-y, x)
        });
        let mut rows: Vec<Vec<CellId>> = Vec::new();
        let mut last_y = None;
        for c in cells {
            let y = topo.coords[c.index()].1;
            if last_y != Some(y) {
                rows.push(Vec::new());
                last_y = Some(y);
            }
            rows.last_mut().expect("a row was just pushed").push(c);
        }
        rows
    }

    /// Puts a piece on an empty cell, counting it; `false` when the game has
    /// no such piece (a neutral kind given an owner, or the reverse).
    pub fn put_piece(
        &self,
        pos: &mut Position,
        cell: CellId,
        kind: PieceKind,
        owner: Option<PlayerId>,
        moved: bool,
    ) -> bool {
        let info = &self.game.kinds[kind.index()];
        let owner_index = match owner {
            Some(p) if !info.neutral && info.owner.is_none_or(|o| o == p) => p.index(),
            None if info.neutral => super::codes::neutral(self.players),
            _ => return false,
        };
        let code = self.codes.code(kind, owner_index, moved);
        if code == 0 || pos.board[cell.index()] != 0 {
            return false;
        }
        pos.set(cell, code, &mut super::position::NoJournal);
        true
    }

    /// Sets the pieces of `kind` in `player`'s reserve.
    pub fn set_reserve(&self, pos: &mut Position, player: PlayerId, kind: PieceKind, n: i64) {
        pos.numbers[self.reserve_index(player, kind)] = n;
    }

    /// Sets the pieces of `kind` in the shared pool.
    pub fn set_pool(&self, pos: &mut Position, kind: PieceKind, n: i64) {
        pos.numbers[self.pool_index(kind)] = n;
    }

    /// Sets a counter of a player.
    pub fn set_counter(&self, pos: &mut Position, counter: usize, player: PlayerId, v: i64) {
        pos.numbers[self.counter_index(counter, player)] = v;
    }

    /// Sets or clears a flag.
    pub fn set_flag(&self, pos: &mut Position, flag: usize, on: bool) {
        pos.numbers[self.flag_index(flag)] = on as i64;
    }

    /// Sets a fact about the last move ([`crate::ir::Game::history`]).
    pub fn set_fact(&self, pos: &mut Position, fact: usize, value: i64) {
        pos.numbers[self.history_index(fact)] = value;
    }

    /// Adds a cell to a mark set of the last move.
    pub fn set_mark(&self, pos: &mut Position, mark: usize, cell: CellId) {
        pos.marks[mark * pos.words + cell.index() / 64] |= 1 << (cell.index() % 64);
    }

    /// Sets the number of moves since the quiet rule's last reset.
    pub fn set_quiet_moves(&self, pos: &mut Position, n: i64) {
        pos.numbers[self.quiet_index()] = n;
    }

    /// The number of passes in a row.
    pub fn passes(&self, pos: &Position) -> i64 {
        pos.numbers[self.passes_index()]
    }

    /// Sets the number of passes in a row.
    pub fn set_passes(&self, pos: &mut Position, n: i64) {
        pos.numbers[self.passes_index()] = n;
    }

    /// Sets the number of moves made so far.
    pub fn set_ply(&self, pos: &mut Position, ply: u32) {
        pos.ply = ply;
    }

    /// A position with nothing on the board, to build one piece by piece.
    pub fn blank(&self) -> Position {
        self.empty_position()
    }

    /// Finishes a position built piece by piece: flags, history, result.
    pub fn finish(&self, pos: &mut Position) {
        self.settle_start(pos);
    }
}
