//! What a position keeps up to date as moves are made and taken back — the
//! bit sets of the pieces, the piece counts, the hash, the history's last
//! entry and the result — checked against the same quantities computed from
//! scratch. Tests call it after every move of random games of every game.

use super::position::{NoJournal, zobrist};
use super::{Engine, Position};
use crate::ir::{CellId, Outcome};

impl Engine {
    /// Compares every quantity `pos` keeps incrementally with a recomputation
    /// from its board and numbers; `Err` describes the first difference.
    pub fn check_incremental(&self, pos: &Position) -> Result<(), String> {
        let mut fresh = self.empty_position();
        let counts = self.owners() * self.kinds;
        fresh.numbers[counts..].copy_from_slice(&pos.numbers[counts..]);
        for (c, &code) in pos.board.iter().enumerate() {
            if code != 0 {
                fresh.set(CellId(c as u16), code, &mut NoJournal);
            }
        }
        if fresh.occupied != pos.occupied {
            return Err("the bit sets of the pieces differ from the board".into());
        }
        if fresh.numbers[..counts] != pos.numbers[..counts] {
            return Err(format!(
                "the piece counts are {:?}, the board holds {:?}",
                &pos.numbers[..counts],
                &fresh.numbers[..counts]
            ));
        }
        if pos.hashing {
            let hash = pos
                .board
                .iter()
                .enumerate()
                .fold(0, |h, (c, &code)| h ^ zobrist(CellId(c as u16), code));
            if hash != pos.hash {
                return Err("the hash differs from the board's".into());
            }
        }
        if self.keeps_history && pos.history.last() != Some(&(pos.hash, self.repetition_key(pos))) {
            return Err("the history's last entry is not this position".into());
        }
        let result = self.result_from_scratch(pos);
        if result != pos.result {
            return Err(format!(
                "the result is {:?}, from scratch {:?}",
                pos.result, result
            ));
        }
        Ok(())
    }

    /// The result the end rules give for `pos`, every rule looked at in full
    /// (no shortcut through the cells the last move changed).
    pub(super) fn result_from_scratch(&self, pos: &Position) -> Option<Outcome> {
        let last = self.last_mover(pos);
        self.decided(pos, last, true, None).or_else(|| {
            if !self.move_bookkeeping {
                return None;
            }
            // The late ends ask whether the player to move has a move, which a
            // decided position never has: ask of the position as if undecided.
            let mut open = pos.clone();
            open.result = None;
            self.late_end(&open, last)
        })
    }
}
