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

thread_local! {
    static FILL: RefCell<Fill> = RefCell::new(Fill::default());
}

impl Engine {
    /// The directions groups, liberties, connections and areas follow.
    #[inline]
    fn adjacency(&self) -> &[DirId] {
        &self.adjacency
    }

    /// Whether the piece on `cell` is one of `n` or more (`exact`: exactly `n`)
    /// pieces of its owner in a row along one of `dirs` (and back).
    pub(super) fn in_line(&self, pos: &Position, cell: CellId, n: u32, exact: bool, dirs: &[DirId]) -> bool {
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
        let run = |d: DirId| -> u32 {
            let mut k = 0;
            let mut at = topo.step(cell, d);
            while same(at) && k < topo.cells() as u32 {
                k += 1;
                at = topo.step(at, d);
            }
            k
        };
        dirs.iter().any(|&d| {
            let back = topo.opposite[d.0 as usize];
            let len = 1 + run(d) + back.map_or(0, run);
            if exact { len == n } else { len >= n }
        })
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
        let mine = |c: CellId| {
            let code = pos.board[c.index()];
            code != 0 && self.codes.owner[code as usize] == player.0
        };
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

    /// The cells of the group of the piece on `cell`.
    pub(super) fn group_of(&self, pos: &Position, cell: CellId) -> Vec<CellId> {
        FILL.with(|f| {
            let mut f = f.borrow_mut();
            self.fill_group(pos, cell, &mut f, false);
            f.group.clone()
        })
    }

    /// Whether a group of `player`'s pieces touches both regions; with
    /// `changed`, only the groups through those cells are looked at.
    pub(super) fn connected(
        &self,
        pos: &Position,
        player: PlayerId,
        a: usize,
        b: usize,
        changed: Option<&[CellId]>,
    ) -> bool {
        let topo = &self.game.topology;
        let (ra, rb) = (
            &topo.regions[a].member[player.index()],
            &topo.regions[b].member[player.index()],
        );
        let mine = |c: CellId| {
            let code = pos.board[c.index()];
            code != 0 && self.codes.owner[code as usize] == player.0
        };
        FILL.with(|f| {
            let mut f = f.borrow_mut();
            let starts: Vec<CellId> = match changed {
                Some(cells) => cells
                    .iter()
                    .copied()
                    .filter(|c| c.index() < topo.board_cells && mine(*c))
                    .collect(),
                None => (0..topo.board_cells)
                    .map(|c| CellId(c as u16))
                    .filter(|c| ra[c.index()] && mine(*c))
                    .collect(),
            };
            starts.into_iter().any(|s| {
                self.fill_group(pos, s, &mut f, false);
                f.group.iter().any(|c| ra[c.index()]) && f.group.iter().any(|c| rb[c.index()])
            })
        })
    }

    /// The number of groups of `player`'s pieces.
    pub(super) fn group_count(&self, pos: &Position, player: PlayerId) -> usize {
        let topo = &self.game.topology;
        let mut seen = vec![false; topo.cells()];
        let mut groups = 0;
        FILL.with(|f| {
            let mut f = f.borrow_mut();
            for c in 0..topo.board_cells {
                let code = pos.board[c];
                if code == 0 || self.codes.owner[code as usize] != player.0 || seen[c] {
                    continue;
                }
                groups += 1;
                self.fill_group(pos, CellId(c as u16), &mut f, false);
                for g in &f.group {
                    seen[g.index()] = true;
                }
            }
        });
        groups
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
