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
    /// One name per plane, in order (`"Red Disc"`, `"Red reserve Pawn"`,
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
        let (mut layout, mut height, mut width) = grid(&topology.coords[..cells]);
        let mut seen = vec![false; height * width];
        let distinct = layout
            .iter()
            .all(|&(r, c)| !std::mem::replace(&mut seen[r * width + c], true));
        if !distinct {
            layout = (0..cells).map(|c| (0, c)).collect();
            (height, width) = (1, cells.max(1));
        }
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
    use crate::notation;

    fn engine(name: &str) -> Engine {
        let path = format!("{}/games/{name}.rules", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("shipped game");
        let source = crate::diag::SourceFile::new(path, text);
        Engine::new(crate::load(&source).expect("valid rules"), &[]).expect("options")
    }

    #[test]
    fn connect_four_has_a_plane_per_colour_and_one_per_mover() {
        let e = engine("connect-four");
        let planes = Planes::of(&e);
        assert_eq!(
            planes.names,
            ["Red Disc", "Yellow Disc", "Red to move", "Yellow to move"]
        );
        assert_eq!(planes.shape(), (4, 6, 7));
        let pos = notation::play_sequence(&e, "D@d1").unwrap();
        let mut out = vec![9.0; 4 * 42];
        planes.write(&e, &pos, &mut out);
        let d1 = e
            .game()
            .topology
            .cell_names
            .iter()
            .position(|n| n == "d1")
            .unwrap();
        let (r, c) = planes.layout[d1];
        assert_eq!(out[r * 7 + c], 1.0);
        assert_eq!(out[..42].iter().sum::<f32>(), 1.0);
        assert_eq!(out[42..84].iter().sum::<f32>(), 0.0);
        assert!(out[84..126].iter().all(|&v| v == 0.0));
        assert!(out[126..].iter().all(|&v| v == 1.0));
    }

    #[test]
    fn reserves_and_counters_fill_planes_of_their_own() {
        let e = engine("minishogi");
        let planes = Planes::of(&e);
        let kinds = e.game().kinds.len();
        let counters = e.game().counters.len();
        assert_eq!(planes.names.len(), 2 * kinds + 2 * kinds + 2 * counters + 2);
        assert!(planes.names.contains(&"Gote reserve Pawn".to_string()));
        let mut out = vec![0.0; planes.names.len() * planes.height * planes.width];
        planes.write(&e, &e.start(), &mut out);
        let pieces: f32 = out[..2 * kinds * planes.height * planes.width].iter().sum();
        assert_eq!(pieces, 12.0);
    }

    #[test]
    fn cells_sharing_a_place_are_laid_out_on_one_row() {
        let (layout, h, w) = grid(&[(0, 0), (2, 1)]);
        assert_eq!((layout, h, w), (vec![(0, 0), (1, 2)], 2, 3));
        let e = engine("nine-mens-morris");
        let planes = Planes::of(&e);
        let cells = e.game().topology.board_cells;
        assert_eq!(planes.layout.len(), cells);
        let mut seen = std::collections::HashSet::new();
        assert!(
            planes
                .layout
                .iter()
                .all(|&(r, c)| r < planes.height && c < planes.width && seen.insert((r, c)))
        );
    }
}
