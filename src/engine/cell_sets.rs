//! Where a drop may go, as bit sets of cells: a target's one-cell part and
//! its neighbour tests (`onto empty and not next s is empty`) become word
//! operations when every neighbour a test reads lies a fixed number of cells
//! away (a shift of the bit set), which the engine proves at load time. A
//! random drop is then drawn from the set at once, with no cell tried in vain.

use super::eval::{CellMasks, NeighbourTable};
use super::{Engine, Position};
use crate::ir::{CondId, PlayerId};

/// The most u64 words a set has here (512 cells): larger boards keep the
/// cell-by-cell draw.
pub(super) const MAX_WORDS: usize = 8;

/// A set of cells, in its first `words` words.
pub(super) type CellSet = [u64; MAX_WORDS];

/// A neighbour condition as shifts of bit sets (see the module's doc).
#[derive(Debug, Clone)]
pub(super) struct NeighbourMasks {
    local: CellMasks,
    tests: Vec<ShiftTest>,
}

/// "The neighbour in the test's direction meets `near`" (or, `negated`, it
/// does not, or there is none), for each player.
#[derive(Debug, Clone)]
struct ShiftTest {
    negated: bool,
    near: CellMasks,
    /// `offset[player]`: the neighbour of cell `c` is cell `c + offset`.
    offset: Vec<isize>,
    /// `has[player * words..][..words]`: the cells that have the neighbour.
    has: Vec<u64>,
}

impl NeighbourMasks {
    /// The shift form of `table`, if each test reads one neighbour per cell,
    /// always at the same distance in the cells' order for a player, and on
    /// the board.
    pub(super) fn of(table: &NeighbourTable, players: usize, board_cells: usize) -> Option<NeighbourMasks> {
        let (cells, codes) = (table.cells, table.codes);
        let words = cells.div_ceil(64);
        if words > MAX_WORDS {
            return None;
        }
        let mut tests = Vec::new();
        for test in &table.tests {
            let single = test.single.as_ref()?;
            let mut offset = vec![0isize; players];
            let mut has = vec![0u64; players * words];
            for (p, off) in offset.iter_mut().enumerate() {
                let mut seen = None;
                for c in 0..board_cells {
                    let n = single[p * cells + c];
                    if !n.is_some() {
                        continue;
                    }
                    let d = n.index() as isize - c as isize;
                    if n.index() >= board_cells || seen.is_some_and(|s| s != d) {
                        return None;
                    }
                    seen = Some(d);
                    has[p * words + c / 64] |= 1 << (c % 64);
                }
                *off = seen.unwrap_or(0);
            }
            tests.push(ShiftTest {
                negated: test.negated,
                near: CellMasks::of(&test.bits, players, cells, board_cells, codes),
                offset,
                has,
            });
        }
        Some(NeighbourMasks {
            local: CellMasks::of(&table.local, players, cells, board_cells, codes),
            tests,
        })
    }

    /// The board cells of `pos` where the condition holds for `player`,
    /// into `out`'s first words.
    fn holding(&self, player: PlayerId, pos: &Position, out: &mut CellSet) {
        let words = pos.words;
        self.local.holding(player, pos, out);
        for test in &self.tests {
            let mut near = [0u64; MAX_WORDS];
            test.near.holding(player, pos, &mut near);
            let has = &test.has[player.index() * words..][..words];
            let offset = test.offset[player.index()];
            for (w, word) in out[..words].iter_mut().enumerate() {
                let meets = shifted_word(&near[..words], w, offset) & has[w];
                *word &= if test.negated { !meets } else { meets };
            }
        }
    }
}

/// Word `w` of the set `src` moved by `offset` cells: its bit `b` is bit
/// `w * 64 + b + offset` of `src` (0 beyond either end).
fn shifted_word(src: &[u64], w: usize, offset: isize) -> u64 {
    let start = (w * 64) as isize + offset;
    let (q, r) = (start.div_euclid(64), start.rem_euclid(64) as u32);
    let get = |i: isize| {
        usize::try_from(i)
            .ok()
            .and_then(|i| src.get(i))
            .copied()
            .unwrap_or(0)
    };
    if r == 0 {
        get(q)
    } else {
        get(q) >> r | get(q + 1) << (64 - r)
    }
}

/// The `k`-th cell (from 0, in order) of a set, which has more than `k`.
pub(super) fn nth_cell(set: &[u64], mut k: u32) -> usize {
    for (w, &word) in set.iter().enumerate() {
        let n = word.count_ones();
        if k < n {
            let mut word = word;
            for _ in 0..k {
                word &= word - 1;
            }
            return w * 64 + word.trailing_zeros() as usize;
        }
        k -= n;
    }
    unreachable!("the set has more than k cells")
}

impl Engine {
    /// The board cells of `pos` where condition `cond` holds for `player`,
    /// into `out`, when the condition has a bit-set form; else `false`.
    pub(super) fn cells_where(
        &self,
        cond: CondId,
        player: PlayerId,
        pos: &Position,
        out: &mut CellSet,
    ) -> bool {
        if let Some(masks) = self.cell_masks(cond) {
            masks.holding(player, pos, out);
            return true;
        }
        match &self.neighbour_masks[cond.0 as usize] {
            Some(masks) => {
                masks.holding(player, pos, out);
                true
            }
            None => false,
        }
    }
}

impl Engine {
    /// Calls `f` on each board cell of `pos`, in order, where the neighbour
    /// condition `cond` holds for `player`, when it has a bit-set form; else
    /// `false`.
    #[inline]
    pub(super) fn each_where_near(
        &self,
        cond: CondId,
        player: PlayerId,
        pos: &Position,
        mut f: impl FnMut(crate::ir::CellId),
    ) -> bool {
        let Some(masks) = &self.neighbour_masks[cond.0 as usize] else {
            return false;
        };
        let mut set = [0u64; MAX_WORDS];
        masks.holding(player, pos, &mut set);
        for (w, &word) in set[..pos.words].iter().enumerate() {
            let mut word = word;
            while word != 0 {
                f(crate::ir::CellId(
                    (w * 64 + word.trailing_zeros() as usize) as u16,
                ));
                word &= word - 1;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::CellId;

    #[test]
    fn a_shifted_word_reads_across_words_and_stops_at_the_ends() {
        let src = [0x8000_0000_0000_0001u64, 0x3];
        assert_eq!(shifted_word(&src, 0, 0), src[0]);
        assert_eq!(
            shifted_word(&src, 0, 1),
            0x4000_0000_0000_0000 | 0x8000_0000_0000_0000
        );
        assert_eq!(shifted_word(&src, 1, -1), 0x7);
        assert_eq!(shifted_word(&src, 1, 64), 0);
        assert_eq!(shifted_word(&src, 0, -1), 0x2);
    }

    #[test]
    fn the_kth_cell_of_a_set_counts_across_words() {
        let set = [0b1010u64, 0b1];
        assert_eq!(nth_cell(&set, 0), 1);
        assert_eq!(nth_cell(&set, 1), 3);
        assert_eq!(nth_cell(&set, 2), 64);
    }

    /// The sets of drop targets hold the cells where the conditions hold,
    /// on random boards, for gravity, adjacency and one-cell targets, on a
    /// board of two words.
    #[test]
    fn the_sets_of_drop_targets_are_the_cells_where_they_hold() {
        let text = "game \"t\"\nplayers A, B\nboard grid files a..l ranks 1..7\n\
            directions orth = n, e, s, w\n\
            piece S letter S { drop: onto empty and not next s is empty }\n\
            piece T letter T { drop: onto empty and next e is enemy and not next n is friend }\n\
            piece U letter U { drop: onto empty }\n\
            supply S, T, U\nend { no move: draw }\n";
        let e = crate::engine::engine_of(text);
        let cells = e.game.topology.board_cells;
        assert!(cells > 64, "two words");
        let targets: Vec<CondId> = e.game.rules.iter().map(|r| r.target).collect();
        let mut pos = e.start();
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..300 {
            crate::engine::random_board(&e, &mut pos, &mut rng);
            for &cond in &targets {
                for p in 0..2 {
                    let player = PlayerId(p);
                    let mut set = [0u64; MAX_WORDS];
                    assert!(e.cells_where(cond, player, &pos, &mut set), "a set form");
                    for c in 0..cells {
                        let cell = CellId(c as u16);
                        let holds = e.test_on(cond, player, cell, &pos, crate::engine::eval::Seen::NONE);
                        assert_eq!(set[c / 64] >> (c % 64) & 1 == 1, holds, "cell {c}, player {p}");
                    }
                    assert!(set[pos.words..].iter().all(|w| *w == 0));
                }
            }
        }
    }
}
