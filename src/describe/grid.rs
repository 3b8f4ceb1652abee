//! The board's cells laid out on a grid of files and ranks, with the label
//! of each file and rank (the part their cells' names share): for drawing a
//! board as text and for saying which way a rule moves ("towards rank 8").

use crate::engine::Engine;
use crate::ir::CellId;

/// The board cells laid out on the drawing grid.
pub struct Grid {
    /// `cells[rank][file]`: the cell there, if any.
    pub cells: Vec<Vec<Option<CellId>>>,
    /// The label of each file (column).
    pub files: Vec<String>,
    /// The label of each rank (row), bottom first.
    pub ranks: Vec<String>,
}

impl Grid {
    /// The grid of `engine`'s board (at most 256 files and ranks).
    pub fn new(engine: &Engine) -> Grid {
        let topo = &engine.game().topology;
        let width = topo.width.clamp(0, 256) as usize;
        let height = topo.height.clamp(0, 256) as usize;
        let mut cells = vec![vec![None; width]; height];
        for c in 0..topo.board_cells.min(topo.coords.len()) {
            let (f, r) = topo.coords[c];
            if (0..width as i32).contains(&f) && (0..height as i32).contains(&r) {
                cells[r as usize][f as usize] = Some(CellId(c as u16));
            }
        }
        let name = |c: &CellId| topo.cell_names.get(c.index()).map(String::as_str).unwrap_or("");
        let files = (0..width)
            .map(|f| crate::render::common_label(cells.iter().filter_map(|row| row[f].as_ref()).map(name)))
            .collect();
        let ranks = cells
            .iter()
            .map(|row| crate::render::common_label(row.iter().flatten().map(name)))
            .collect();
        Grid { cells, files, ranks }
    }
}
