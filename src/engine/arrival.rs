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

    /// The union of `tests` (a piece any of them looks for, on its cells);
    /// `None` when there are none.
    pub fn union<'a>(tests: impl IntoIterator<Item = &'a Arrival>) -> Option<Arrival> {
        let mut tests = tests.into_iter();
        let mut union = tests.next()?.clone();
        for test in tests {
            union.hits.iter_mut().zip(&test.hits).for_each(|(u, h)| *u |= *h);
        }
        Some(union)
    }

    /// Whether one of `changed` holds a piece the test looks for on its owner's cells.
    #[inline]
    pub fn among(&self, pos: &Position, changed: &[CellId]) -> bool {
        changed
            .iter()
            .any(|cell| self.hits[pos.board[cell.index()] as usize * self.cells + cell.index()])
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::engine_of as engine;
    use crate::ir::CellId;

    /// The union of the arrival tests holds on a changed cell exactly where
    /// one of them does, on random boards.
    #[test]
    fn the_union_of_arrival_tests_holds_where_one_of_them_does() {
        let e = engine(
            "game \"t\"\nplayers A, B\nboard grid files a..d ranks 1..4\n\
             region top = rank 4\nregion bottom = rank 1\n\
             piece P letter P { drop: onto empty }\npiece Q letter Q { drop: onto empty }\nsupply P, Q\n\
             end {\n  win A when count(P in top, A) > 0\n  win B when count(Q in bottom, B) > 0\n  no move: draw\n}\n",
        );
        let tests: Vec<_> = e.arrivals.iter().flatten().collect();
        assert_eq!(tests.len(), 2, "both end results are arrival tests");
        let union = e.any_arrival.as_ref().expect("a union");
        let cells = e.game.topology.board_cells;
        let mut pos = e.start();
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        let mut hits = 0;
        for _ in 0..200 {
            crate::engine::random_board(&e, &mut pos, &mut rng);
            for c in 0..cells {
                let changed = [CellId(c as u16)];
                let one = tests.iter().any(|t| t.among(&pos, &changed));
                assert_eq!(union.among(&pos, &changed), one, "cell {c}");
                hits += one as usize;
            }
        }
        assert!(hits > 0);
    }
}
