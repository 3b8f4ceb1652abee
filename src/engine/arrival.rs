//! The compiled form of an end rule that a piece's arrival in a region
//! decides (`win P when count(Runner in home, P) > 0`): once false, such a
//! rule can become true only on a cell the last move changed, so only those
//! cells are looked at, each by one table read.

use super::codes::Codes;
use super::position::Position;
use crate::ir::{CellId, Expr};

/// A test that some piece of some kinds (of one player, or of any) stands on
/// its owner's cells of a region.
#[derive(Debug, Clone)]
pub(super) struct Arrival {
    /// `hits[code * cells + cell]`: a piece of this code on this cell makes
    /// the test true.
    hits: Vec<bool>,
    cells: usize,
}

impl Arrival {
    /// The compiled form of `rule`, when it is an arrival test whose player is
    /// known without a position (a player, or none).
    pub fn of(rule: &Expr, codes: &Codes, players: usize, cells: usize) -> Option<Arrival> {
        let Expr::CountIn(c) = rule.arrival()? else {
            return None;
        };
        let (kinds, region, player) = (&c.kinds, &c.cells, &c.player);
        let owner = match player.as_deref() {
            None => None,
            Some(Expr::Player(p)) => Some(p.index()),
            Some(_) => return None,
        };
        let mut hits = vec![false; codes.len() * cells];
        for code in 1..codes.len() {
            let piece_owner = codes.owner[code] as usize;
            if owner.is_some_and(|o| o != piece_owner) || !kinds.iter().any(|k| k.0 == codes.kind[code]) {
                continue;
            }
            let Some(set) = region.get(piece_owner.min(players)) else {
                continue;
            };
            for c in 0..cells {
                hits[code * cells + c] = set.get(c / 64).is_some_and(|w| w >> (c % 64) & 1 == 1);
            }
        }
        Some(Arrival { hits, cells })
    }

    /// Whether one of `changed` holds a piece the test looks for on its owner's cells.
    #[inline]
    pub fn among(&self, pos: &Position, changed: &[CellId]) -> bool {
        changed
            .iter()
            .any(|cell| self.hits[pos.board[cell.index()] as usize * self.cells + cell.index()])
    }
}
