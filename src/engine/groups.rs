//! Conditions over many cells: rows of pieces (lines), groups of connected
//! pieces with their liberties, connections between regions, and areas. Groups
//! are found by flood fill over the board's adjacency with a stamp array kept
//! per thread, so no allocation happens per query.

use std::cell::RefCell;

use super::{Engine, Position};
use crate::ir::{CellId, DirId, PlayerId};

/// Reused flood-fill space.
#[derive(Default)]
struct Fill {
    stamp: Vec<u32>,
    now: u32,
    stack: Vec<CellId>,
    group: Vec<CellId>,
}

impl Fill {
    /// Starts a new fill over `cells` cells.
    fn begin(&mut self, cells: usize) {
        if self.stamp.len() < cells {
            self.stamp.resize(cells, 0);
        }
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 1;
        }
        self.stack.clear();
        self.group.clear();
    }

    /// Marks `cell` visited; `false` if it already was.
    #[inline]
    fn visit(&mut self, cell: CellId) -> bool {
        let s = &mut self.stamp[cell.index()];
        if *s == self.now {
            return false;
        }
        *s = self.now;
        true
    }
}

/// Reused space for following rows back where several links lead into a cell.
#[derive(Default)]
struct Back {
    fill: Fill,
    now: Vec<CellId>,
    next: Vec<CellId>,
}

thread_local! {
    static FILL: RefCell<Fill> = RefCell::new(Fill::default());
    static BACK: RefCell<Back> = RefCell::new(Back::default());
}

/// Rows are measured up to this many pieces on either side of a cell: more
/// than any `N` of `line(N, …)` (at most 64) needs.
const MAX_ROW: u32 = 65;

/// For each (direction, cell), the cells whose link in that direction leads
/// to the cell: rows are read backward along them.
#[derive(Debug, Clone, Default)]
pub(super) struct LinksInto {
    /// `start[d * cells + c]..start[d * cells + c + 1]`: the range in `cells`.
    start: Vec<u32>,
    cells: Vec<CellId>,
    /// For each direction `d`, the direction `r` that leads back along it
    /// everywhere (the links into every cell along `d` are exactly its link
    /// along `r`), if the board has one: rows then read back by stepping.
    pub(super) reverse: Vec<Option<DirId>>,
}

impl LinksInto {
    /// The reverse of the board's links.
    pub(super) fn of(topo: &crate::ir::Topology) -> LinksInto {
        let (cells, dirs) = (topo.cells(), topo.dir_names.len());
        let mut lists = vec![Vec::new(); dirs * cells];
        for c in 0..cells {
            for d in 0..dirs {
                let to = topo.step(CellId(c as u16), DirId(d as u8));
                if to.is_some() {
                    lists[d * cells + to.index()].push(CellId(c as u16));
                }
            }
        }
        let reverse = (0..dirs)
            .map(|d| {
                (0..dirs).map(|r| DirId(r as u8)).find(|&r| {
                    (0..cells).all(|c| {
                        let back = topo.step(CellId(c as u16), r);
                        let list = &lists[d * cells + c];
                        if back.is_some() {
                            list.as_slice() == [back]
                        } else {
                            list.is_empty()
                        }
                    })
                })
            })
            .collect();
        let mut into = LinksInto {
            reverse,
            ..LinksInto::default()
        };
        into.start.push(0);
        for list in lists {
            into.cells.extend(list);
            into.start.push(into.cells.len() as u32);
        }
        into
    }
}

impl Engine {
    /// The directions groups, liberties, connections and areas follow.
    #[inline]
    fn adjacency(&self) -> &[DirId] {
        &self.adjacency
    }

    /// Whether the piece on `cell` is one of `n` or more (`exact`: exactly `n`)
    /// pieces of its owner in a row along one of `dirs`. A row follows the
    /// links of one direction; it is read forward from `cell` and backward
    /// along the links that lead into it, whether or not the board has a
    /// direction back (a graph board's links may go one way only).
    pub(super) fn in_line(&self, pos: &Position, cell: CellId, n: u32, exact: bool, dirs: &[DirId]) -> bool {
        if let Some(holds) = self.in_line_by_windows(pos, cell, n, exact, dirs) {
            return holds;
        }
        self.row_through(pos, cell, n, exact, dirs, &self.links_into.reverse)
    }

    /// [`Engine::in_line`], stepping back along `reverse[d]` where it is
    /// known (a shortcut: following the links into each cell gives the same).
    pub(super) fn row_through(
        &self,
        pos: &Position,
        cell: CellId,
        n: u32,
        exact: bool,
        dirs: &[DirId],
        reverse: &[Option<DirId>],
    ) -> bool {
        let code = pos.board[cell.index()];
        if code == 0 {
            return false;
        }
        let owner = self.codes.owner[code as usize];
        let topo = &self.game.topology;
        let same = |c: CellId| {
            c.is_some()
                && pos.board[c.index()] != 0
                && self.codes.owner[pos.board[c.index()] as usize] == owner
        };
        // The owner's pieces in a row from `cell` along `d` (up to MAX_ROW + 1).
        let run = |d: DirId| {
            let mut n = 0;
            let mut at = topo.step(cell, d);
            while same(at) && n <= MAX_ROW {
                n += 1;
                at = topo.step(at, d);
            }
            n
        };
        dirs.iter().enumerate().any(|(i, &d)| {
            let back = reverse[d.0 as usize];
            // A direction whose way back is also listed: the same rows, read
            // the other way, were measured already.
            if back.is_some_and(|r| dirs[..i].contains(&r)) {
                return false;
            }
            let ahead = run(d);
            if let Some(r) = back {
                // One way back from every cell: the row behind is counted by stepping.
                let behind = run(r);
                return if exact {
                    1 + ahead + behind == n
                } else {
                    1 + ahead + behind >= n
                };
            }
            let behind = self.rows_behind(pos, cell, d, owner);
            if exact {
                ahead <= MAX_ROW
                    && n > ahead
                    && n - 1 - ahead <= MAX_ROW
                    && behind & (1 << (n - 1 - ahead)) != 0
            } else {
                1 + ahead + (127 - behind.leading_zeros()) >= n
            }
        })
    }

    /// The lengths of the rows of `owner`'s pieces that end just behind
    /// `cell` along `d` and go no further back: bit `k` is set when such a
    /// row has `k` pieces (bit 0: no piece of `owner` leads into `cell`). Where
    /// several cells lead into one, every way back is followed, level by
    /// level; lengths beyond [`MAX_ROW`] are cut there.
    fn rows_behind(&self, pos: &Position, cell: CellId, d: DirId, owner: u8) -> u128 {
        let same =
            |c: CellId| pos.board[c.index()] != 0 && self.codes.owner[pos.board[c.index()] as usize] == owner;
        let into = |c: CellId| self.links_into(c, d);
        // The usual case: one way back.
        let mut lengths = 0u128;
        let mut at = cell;
        let mut k = 0;
        loop {
            let mut back = into(at).iter().copied().filter(|&c| same(c));
            match (back.next(), back.next()) {
                (None, _) => return lengths | 1 << k,
                (Some(c), None) if k < MAX_ROW => {
                    at = c;
                    k += 1;
                }
                (Some(_), None) => return lengths | 1 << MAX_ROW,
                (Some(_), Some(_)) => break,
            }
        }
        // Branching ways back: every cell at distance `k`, one level at a time.
        BACK.with(|b| {
            let b = &mut *b.borrow_mut();
            b.now.clear();
            b.now.push(at);
            while k < MAX_ROW {
                b.fill.begin(self.game.topology.cells());
                b.next.clear();
                for i in 0..b.now.len() {
                    let mut any = false;
                    for &c in into(b.now[i]) {
                        if same(c) {
                            any = true;
                            if b.fill.visit(c) {
                                b.next.push(c);
                            }
                        }
                    }
                    if !any {
                        lengths |= 1 << k;
                    }
                }
                if b.next.is_empty() {
                    return lengths;
                }
                std::mem::swap(&mut b.now, &mut b.next);
                k += 1;
            }
            lengths | 1 << MAX_ROW
        })
    }

    /// The cells whose link in direction `d` leads to `cell`.
    #[inline]
    fn links_into(&self, cell: CellId, d: DirId) -> &[CellId] {
        let i = d.0 as usize * self.game.topology.cells() + cell.index();
        &self.links_into.cells[self.links_into.start[i] as usize..self.links_into.start[i + 1] as usize]
    }

    /// Whether `player` has `n` (`exact`: exactly `n`) pieces in a row; with
    /// `changed`, only rows through those cells are looked at.
    pub(super) fn has_line(
        &self,
        pos: &Position,
        player: PlayerId,
        n: u32,
        exact: bool,
        dirs: &[DirId],
        changed: Option<&[CellId]>,
    ) -> bool {
        if let Some(holds) = self.has_line_by_windows(pos, player, n, exact, dirs, changed) {
            return holds;
        }
        let mine = |c: CellId| self.owns(pos, c, player);
        match changed {
            Some(cells) => cells.iter().any(|&c| {
                c.index() < self.game.topology.board_cells && mine(c) && self.in_line(pos, c, n, exact, dirs)
            }),
            None => (0..self.game.topology.board_cells)
                .map(|c| CellId(c as u16))
                .any(|c| mine(c) && self.in_line(pos, c, n, exact, dirs)),
        }
    }

    /// Fills the group of the piece on `cell` into `fill.group`; stops early
    /// (returning `true`) when `stop_at_liberty` and a liberty is found.
    fn fill_group(&self, pos: &Position, cell: CellId, fill: &mut Fill, stop_at_liberty: bool) -> bool {
        let topo = &self.game.topology;
        fill.begin(topo.cells());
        let code = pos.board[cell.index()];
        if code == 0 {
            return false;
        }
        let owner = self.codes.owner[code as usize];
        fill.visit(cell);
        fill.stack.push(cell);
        while let Some(c) = fill.stack.pop() {
            fill.group.push(c);
            for &d in self.adjacency() {
                let n = topo.step(c, d);
                if !n.is_some() || topo.is_exit(n) {
                    continue;
                }
                let nc = pos.board[n.index()];
                if nc == 0 {
                    if stop_at_liberty {
                        return true;
                    }
                } else if self.codes.owner[nc as usize] == owner && fill.visit(n) {
                    fill.stack.push(n);
                }
            }
        }
        false
    }

    /// Whether the group of the piece on `cell` has a liberty (an empty neighbour).
    pub(super) fn free(&self, pos: &Position, cell: CellId) -> bool {
        FILL.with(|f| self.fill_group(pos, cell, &mut f.borrow_mut(), true))
    }

    /// Whether the group of the piece on `cell` has a liberty, for readers
    /// outside the engine (a position read from a text).
    pub fn group_has_liberty(&self, pos: &Position, cell: CellId) -> bool {
        self.free(pos, cell)
    }

    /// The cells of the group of the piece on `cell`.
    pub(super) fn group_of(&self, pos: &Position, cell: CellId) -> Vec<CellId> {
        FILL.with(|f| {
            let mut f = f.borrow_mut();
            self.fill_group(pos, cell, &mut f, false);
            f.group.clone()
        })
    }

    /// The pieces of `player`'s groups that join regions `a` and `b` (to
    /// mark a connection that won).
    pub(super) fn connecting_cells(
        &self,
        pos: &Position,
        player: PlayerId,
        a: usize,
        b: usize,
    ) -> Vec<CellId> {
        let topo = &self.game.topology;
        let (ra, rb) = (
            &topo.regions[a].member[player.index()],
            &topo.regions[b].member[player.index()],
        );
        let mut out = Vec::new();
        self.each_group(pos, player, |group| {
            if group.iter().any(|g| ra[g.index()]) && group.iter().any(|g| rb[g.index()]) {
                out.extend_from_slice(group);
            }
        });
        out
    }

    /// Every piece of `player` that is one of `n` or more (`exact`: exactly
    /// `n`) in a row along `dirs`: the cells of its winning lines.
    pub(super) fn line_cells(
        &self,
        pos: &Position,
        player: PlayerId,
        n: u32,
        exact: bool,
        dirs: &[DirId],
    ) -> Vec<CellId> {
        (0..self.game.topology.board_cells)
            .map(|c| CellId(c as u16))
            .filter(|&c| self.owns(pos, c, player) && self.in_line(pos, c, n, exact, dirs))
            .collect()
    }

    /// Whether a piece of `player` stands on `cell`.
    #[inline]
    fn owns(&self, pos: &Position, cell: CellId, player: PlayerId) -> bool {
        let code = pos.board[cell.index()];
        code != 0 && self.codes.owner[code as usize] == player.0
    }

    /// The number of groups of `player`'s pieces.
    pub(super) fn group_count(&self, pos: &Position, player: PlayerId) -> usize {
        let mut groups = 0;
        self.each_group(pos, player, |_| groups += 1);
        groups
    }

    /// Calls `each` with the cells of every group of `player`'s pieces.
    fn each_group(&self, pos: &Position, player: PlayerId, mut each: impl FnMut(&[CellId])) {
        let topo = &self.game.topology;
        let mut seen = vec![false; topo.cells()];
        FILL.with(|f| {
            let mut f = f.borrow_mut();
            for c in (0..topo.board_cells).map(|c| CellId(c as u16)) {
                if seen[c.index()] || !self.owns(pos, c, player) {
                    continue;
                }
                self.fill_group(pos, c, &mut f, false);
                for g in &f.group {
                    seen[g.index()] = true;
                }
                each(&f.group);
            }
        });
    }

    /// `player`'s pieces plus the empty cells whose empty region touches only
    /// `player`'s pieces.
    pub(super) fn area(&self, pos: &Position, player: PlayerId) -> usize {
        let topo = &self.game.topology;
        let mut total = 0;
        let mut done = vec![false; topo.cells()];
        FILL.with(|f| {
            let mut f = f.borrow_mut();
            for c in 0..topo.board_cells {
                let code = pos.board[c];
                if code != 0 {
                    total += (self.codes.owner[code as usize] == player.0) as usize;
                    continue;
                }
                if done[c] {
                    continue;
                }
                // Flood the empty region from `c`, noting whose pieces it touches.
                f.begin(topo.cells());
                let cell = CellId(c as u16);
                f.visit(cell);
                f.stack.push(cell);
                let (mut mine, mut other) = (false, false);
                let mut size = 0;
                while let Some(e) = f.stack.pop() {
                    size += 1;
                    done[e.index()] = true;
                    for &d in self.adjacency() {
                        let n = topo.step(e, d);
                        if !n.is_some() || topo.is_exit(n) {
                            continue;
                        }
                        let nc = pos.board[n.index()];
                        if nc == 0 {
                            if f.visit(n) {
                                f.stack.push(n);
                            }
                        } else if self.codes.owner[nc as usize] == player.0 {
                            mine = true;
                        } else {
                            other = true;
                        }
                    }
                }
                if mine && !other {
                    total += size;
                }
            }
        });
        total
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Position;
    use crate::engine::engine_of as engine;
    use crate::ir::{CellId, DirId};

    /// Rows read back by stepping equal rows read back along the links
    /// into each cell, on random boards of a square and a hexagonal grid.
    #[test]
    fn rows_read_back_by_stepping_equal_rows_read_back_along_links() {
        for (board, dirs) in [
            ("board grid files a..g ranks 1..6", "n, ne, e, se, s, sw, w, nw"),
            ("board grid files a..e ranks 1..5", "n, e, s, w, se, nw"),
        ] {
            let e = engine(&format!(
                "game \"t\"\nplayers A, B\n{board}\npiece S letter S {{ drop: onto empty }}\nsupply S\nend {{ no move: draw }}\n"
            ));
            let topo = &e.game.topology;
            let dirs: Vec<DirId> = dirs
                .split(", ")
                .map(|d| DirId(topo.dir_names.iter().position(|n| n == d).expect("a direction") as u8))
                .collect();
            assert!(
                e.links_into.reverse.iter().any(|r| r.is_some()),
                "{board}: some direction has a way back"
            );
            let none = vec![None; e.links_into.reverse.len()];
            let mut pos: Position = e.start();
            let mut rng = 0x2545_F491_4F6C_DD1Du64;
            for _ in 0..300 {
                for c in 0..topo.board_cells {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    pos.board[c] = (rng % 3) as u8;
                }
                for c in 0..topo.board_cells {
                    for n in 1..6 {
                        for exact in [false, true] {
                            let cell = CellId(c as u16);
                            assert_eq!(
                                e.row_through(&pos, cell, n, exact, &dirs, &e.links_into.reverse),
                                e.row_through(&pos, cell, n, exact, &dirs, &none),
                                "{board}: cell {c}, n {n}, exact {exact}"
                            );
                        }
                    }
                }
            }
        }
    }
}
