//! What the rules read of the last move and of the position before it:
//! facts computed when a move is applied and kept in the position.

use super::expr::Expr;

/// One fact about the last move that some expression reads (`last(…)`,
/// `before(…)`). Each is computed when a move is applied, from the position
/// before it and the move itself, and kept in the position as a number (so it
/// is part of the position's text and of its repetition key). Before the first
/// move every fact is 0.
#[derive(Debug, Clone, PartialEq)]
pub enum Fact {
    /// The last move was a pass (0 / 1).
    Pass,
    /// A piece of one of the kinds (bit `k`: kind `k`) made an action (0 / 1).
    Moved(u64),
    /// A piece of one of the kinds was captured or removed (0 / 1).
    Captured(u64),
    /// A piece of one of the kinds was dropped or placed (0 / 1).
    Dropped(u64),
    /// The first action started on a cell of the region (0 / 1): `cells[player]`
    /// is the region's cells of the player who moved, as a bit set (cell `c`
    /// is bit `c % 64` of word `c / 64`).
    From { region: usize, cells: Vec<Vec<u64>> },
    /// The last landing (or placing) was on a cell of the region (0 / 1),
    /// cells as for [`Fact::From`].
    To { region: usize, cells: Vec<Vec<u64>> },
    /// The value of the expression in the position before the move, `mover`
    /// being the player who made it.
    Before(Expr),
}

impl Fact {
    /// Whether the cells of a region bit set (per player) hold `cell` for `player`.
    pub fn region_holds(cells: &[Vec<u64>], player: usize, cell: usize) -> bool {
        cells
            .get(player)
            .and_then(|words| words.get(cell / 64))
            .is_some_and(|w| w & (1 << (cell % 64)) != 0)
    }
}
