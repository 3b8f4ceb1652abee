//! The lines of a board that rules may draw (`draw`, `touched`, `drawn` in
//! `setup`): one line per pair of linked cells, whichever direction links
//! them. A drawn line is part of the position (its text and hash).

use crate::ir::{CellId, DirId, Topology};

/// No line: the two cells are not linked.
pub(super) const NO_LINE: u32 = u32::MAX;

/// The lines of a board, numbered once when the engine is made.
#[derive(Debug, Clone, Default)]
pub(super) struct Lines {
    /// `of[cell * dirs + dir]`: the line from `cell` in `dir`, or [`NO_LINE`].
    of: Vec<u32>,
    /// The two cells of each line, the lower id first.
    pub ends: Vec<(CellId, CellId)>,
    /// `at[start[cell]..start[cell + 1]]`: the lines that end on the cell.
    at: Vec<u32>,
    start: Vec<u32>,
    dirs: usize,
}

impl Lines {
    /// Numbers the lines joining the board's linked cells (exit cells have none).
    pub fn of(topo: &Topology) -> Lines {
        let dirs = topo.dir_names.len();
        let cells = topo.board_cells;
        let mut lines = Lines {
            of: vec![NO_LINE; topo.cells() * dirs],
            dirs,
            ..Lines::default()
        };
        let mut index = std::collections::HashMap::new();
        let mut by_cell = vec![Vec::new(); cells];
        for c in 0..cells {
            for d in 0..dirs {
                let n = topo.neighbour[c * dirs + d];
                if !n.is_some() || n.index() >= cells || n.index() == c {
                    continue;
                }
                let key = (c.min(n.index()), c.max(n.index()));
                let id = *index.entry(key).or_insert_with(|| {
                    lines.ends.push((CellId(key.0 as u16), CellId(key.1 as u16)));
                    let id = (lines.ends.len() - 1) as u32;
                    by_cell[key.0].push(id);
                    by_cell[key.1].push(id);
                    id
                });
                lines.of[c * dirs + d] = id;
            }
        }
        for list in by_cell {
            lines.start.push(lines.at.len() as u32);
            lines.at.extend(list);
        }
        lines.start.push(lines.at.len() as u32);
        lines
    }

    /// The line from `cell` in `dir`, or [`NO_LINE`].
    #[inline]
    pub fn from(&self, cell: CellId, dir: DirId) -> u32 {
        self.of
            .get(cell.index() * self.dirs + dir.0 as usize)
            .copied()
            .unwrap_or(NO_LINE)
    }

    /// The lines that end on `cell`.
    #[inline]
    pub fn at(&self, cell: CellId) -> &[u32] {
        match (self.start.get(cell.index()), self.start.get(cell.index() + 1)) {
            (Some(&a), Some(&b)) => &self.at[a as usize..b as usize],
            _ => &[],
        }
    }

    /// The line joining two cells, or [`NO_LINE`].
    pub fn between(&self, a: CellId, b: CellId) -> u32 {
        let key = (a.min(b), a.max(b));
        self.at(a)
            .iter()
            .copied()
            .find(|&l| self.ends[l as usize] == key)
            .unwrap_or(NO_LINE)
    }
}

impl super::Engine {
    /// The drawn lines of a position, each as its two cells.
    pub fn drawn_lines(&self, pos: &super::Position) -> Vec<(CellId, CellId)> {
        (0..self.lines.ends.len())
            .filter(|&l| pos.drawn(l as u32))
            .map(|l| self.lines.ends[l])
            .collect()
    }

    /// Draws the line joining two cells (for a position read from a text);
    /// `false` when no line joins them or the game draws none.
    pub fn draw_line(&self, pos: &mut super::Position, a: CellId, b: CellId) -> bool {
        let line = self.lines.between(a, b);
        line != NO_LINE && pos.draw(line, &mut super::position::NoJournal)
    }
}
