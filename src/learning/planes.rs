//! A position as planes of numbers on the board's drawing grid, for neural
//! networks: one plane per (owner, kind) of piece on the board, then one per
//! (player, kind) of reserve, per kind of the shared pool, per (counter,
//! player), and one per player set to 1 when that player is to move.
//!
//! Every plane has the board's drawing grid: `height × width` (ranks ×
//! files of [`crate::ir::Topology::coords`]), cell `(file, rank)` at row
//! `rank`, column `file`. A board whose cells do not each have a place of
//! their own on that grid (a graph board drawn with cells sharing a place)
//! is laid out on one row instead, a column per cell in the order of the
//! cells. Exit cells (beyond the board) are never drawn. Reserves, the
//! pool, counters and the mover fill their whole plane with one number.

use crate::engine::{Engine, Position};
use crate::ir::{PieceKind, PlayerId};

/// The planes of one game: their names, the grid, and where each cell lies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planes {
    /// One name per plane, in order (`"Red Disc"`, `"Red reserve Disc"`,
    /// `"pool Stone"`, `"Red score"`, `"Red to move"`).
    pub names: Vec<String>,
    /// Rows of a plane.
    pub height: usize,
    /// Columns of a plane.
    pub width: usize,
    /// `layout[cell]`: the (row, column) of each board cell.
    pub layout: Vec<(usize, usize)>,
    /// The owners with piece planes: the players, and `None` (neutral
    /// pieces) when some kind is neutral.
    owners: Vec<Option<PlayerId>>,
    /// Whether reserve planes are present (some kind is dropped from or
    /// captured into a reserve, or the setup fills one).
    reserves: bool,
    /// The kinds of the shared pool.
    pool: Vec<PieceKind>,
}

impl Planes {
    /// The planes of `engine`'s game.
    pub fn of(engine: &Engine) -> Planes {
        let game = engine.game();
        let topology = &game.topology;
        let cells = topology.board_cells;
        let (layout, height, width) = layout_of(&topology.coords[..cells]);
        let mut owners: Vec<Option<PlayerId>> =
            (0..game.players.len()).map(|p| Some(PlayerId(p as u8))).collect();
        if game.kinds.iter().any(|k| k.neutral) {
            owners.push(None);
        }
        let reserves = !game.setup.reserves.is_empty()
            || game.kinds.iter().any(|k| {
                matches!(
                    k.captured_to,
                    crate::ir::CaptureTo::Reserve | crate::ir::CaptureTo::Captor
                ) || (!k.drops.is_empty() && !k.supply)
            });
        let pool: Vec<PieceKind> = game.pool.iter().map(|&(k, _)| k).collect();
        let mut names = Vec::new();
        let owner_name =
            |o: &Option<PlayerId>| o.map_or("neutral".to_string(), |p| game.players[p.index()].clone());
        for o in &owners {
            names.extend(game.kinds.iter().map(|k| format!("{} {}", owner_name(o), k.name)));
        }
        if reserves {
            for p in &game.players {
                names.extend(game.kinds.iter().map(|k| format!("{p} reserve {}", k.name)));
            }
        }
        names.extend(
            pool.iter()
                .map(|k| format!("pool {}", game.kinds[k.index()].name)),
        );
        for c in &game.counters {
            names.extend(game.players.iter().map(|p| format!("{p} {c}")));
        }
        names.extend(game.players.iter().map(|p| format!("{p} to move")));
        Planes {
            names,
            height,
            width,
            layout,
            owners,
            reserves,
            pool,
        }
    }

    /// The shape: (planes, height, width).
    pub fn shape(&self) -> (usize, usize, usize) {
        (self.names.len(), self.height, self.width)
    }

    /// Writes `pos` into `out` (planes × height × width numbers, row by row;
    /// every number of `out` is written).
    pub fn write(&self, engine: &Engine, pos: &Position, out: &mut [f32]) {
        let area = self.height * self.width;
        assert_eq!(
            out.len(),
            self.names.len() * area,
            "planes × height × width numbers"
        );
        out.fill(0.0);
        let game = engine.game();
        let kinds = game.kinds.len();
        for (cell, &(r, c)) in self.layout.iter().enumerate() {
            let Some(piece) = engine.piece(pos, crate::ir::CellId(cell as u16)) else {
                continue;
            };
            if let Some(o) = self.owners.iter().position(|o| *o == piece.owner) {
                out[(o * kinds + piece.kind.index()) * area + r * self.width + c] = 1.0;
            }
        }
        let mut plane = self.owners.len() * kinds;
        let mut fill = |plane: &mut usize, value: i64| {
            out[*plane * area..(*plane + 1) * area].fill(value as f32);
            *plane += 1;
        };
        let players = game.players.len();
        if self.reserves {
            for p in 0..players {
                for k in 0..kinds {
                    fill(
                        &mut plane,
                        engine.reserve(pos, PlayerId(p as u8), PieceKind(k as u8)),
                    );
                }
            }
        }
        for &k in &self.pool {
            fill(&mut plane, engine.pool(pos, k));
        }
        for counter in 0..game.counters.len() {
            for p in 0..players {
                fill(&mut plane, engine.counter(pos, counter, PlayerId(p as u8)));
            }
        }
        let mover = engine.mover(pos).index();
        for p in 0..players {
            fill(&mut plane, i64::from(p == mover));
        }
    }
}

/// Each cell's (row, column) with the planes' height and width: the
/// drawing grid when every cell has a place of its own there, else one row.
fn layout_of(coords: &[(i32, i32)]) -> (Vec<(usize, usize)>, usize, usize) {
    let (layout, height, width) = grid(coords);
    let mut seen = vec![false; height * width];
    if layout
        .iter()
        .all(|&(r, c)| !std::mem::replace(&mut seen[r * width + c], true))
    {
        (layout, height, width)
    } else {
        (
            (0..coords.len()).map(|c| (0, c)).collect(),
            1,
            coords.len().max(1),
        )
    }
}

/// Each cell's (row, column) on the smallest grid holding every drawing
/// coordinate, with the grid's height and width.
fn grid(coords: &[(i32, i32)]) -> (Vec<(usize, usize)>, usize, usize) {
    let (Some(min_f), Some(min_r)) = (coords.iter().map(|c| c.0).min(), coords.iter().map(|c| c.1).min())
    else {
        return (Vec::new(), 1, 1);
    };
    let max_f = coords.iter().map(|c| c.0).max().unwrap_or(min_f);
    let max_r = coords.iter().map(|c| c.1).max().unwrap_or(min_r);
    let layout = coords
        .iter()
        .map(|&(f, r)| ((r - min_r) as usize, (f - min_f) as usize))
        .collect();
    (layout, (max_r - min_r + 1) as usize, (max_f - min_f + 1) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::engine_of;
    use crate::notation;

    /// Drops on a 3×3 board: a plane per player's stones and per mover.
    const DROPS: &str = "game \"t\"\nplayers A, B\nboard grid files a..c ranks 1..2\n\
        piece S letter S { drop: onto empty }\nsupply S\nend { no move: draw }\n";

    /// Steps that capture into the captor's reserve, and a counter.
    const RESERVES: &str = "game \"t\"\nplayers A, B\nboard grid files a..c ranks 1..3\n\
        counter score\n\
        piece S letter S { move go: step n onto empty or enemy  drop: onto empty }\n\
        captured S to captor\n\
        setup { A: S at a1  B: S at a2 }\nend { no move: draw }\n";

    #[test]
    fn a_plane_per_owner_and_kind_and_one_per_mover() {
        let e = engine_of(DROPS);
        let planes = Planes::of(&e);
        assert_eq!(planes.names, ["A S", "B S", "A to move", "B to move"]);
        assert_eq!(planes.shape(), (4, 2, 3));
        let pos = notation::play_sequence(&e, "S@b2").unwrap();
        let mut out = vec![9.0; 4 * 6];
        planes.write(&e, &pos, &mut out);
        let b2 = e.game().topology.cell_named("b2").unwrap().index();
        assert_eq!(planes.layout[b2], (1, 1));
        assert_eq!(out[..6], [0.0, 0.0, 0.0, 0.0, 1.0, 0.0]);
        assert!(out[6..18].iter().all(|&v| v == 0.0));
        assert!(out[18..].iter().all(|&v| v == 1.0));
    }

    #[test]
    fn reserves_and_counters_fill_planes_of_their_own() {
        let e = engine_of(RESERVES);
        let planes = Planes::of(&e);
        assert_eq!(
            planes.names,
            [
                "A S",
                "B S",
                "A reserve S",
                "B reserve S",
                "A score",
                "B score",
                "A to move",
                "B to move"
            ]
        );
        let pos = notation::play_sequence(&e, "a1xa2").unwrap();
        let mut out = vec![0.0; 8 * 9];
        planes.write(&e, &pos, &mut out);
        assert_eq!(out[..9].iter().sum::<f32>(), 1.0);
        assert!(out[2 * 9..3 * 9].iter().all(|&v| v == 1.0));
        assert!(out[3 * 9..6 * 9].iter().all(|&v| v == 0.0));
        assert!(out[7 * 9..].iter().all(|&v| v == 1.0));
    }

    #[test]
    fn cells_sharing_a_place_are_laid_out_on_one_row() {
        assert_eq!(layout_of(&[(0, 0), (2, 1)]), (vec![(0, 0), (1, 2)], 2, 3));
        assert_eq!(
            layout_of(&[(1, 1), (1, 1), (0, 0)]),
            (vec![(0, 0), (0, 1), (0, 2)], 1, 3)
        );
    }
}
