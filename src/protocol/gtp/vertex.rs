//! Between moves and GTP's vertices, for games that GTP can speak of:
//! two players, a square grid of points (at most 25 a side), and moves that
//! each put one piece on one point (with whatever it captures) or pass.
//! Columns are letters from `A` leaving out `I`, rows numbers from 1 at the
//! bottom, as GTP writes them.

use crate::engine::{Engine, Move, MoveBuf, MoveRef, Position, Token};
use crate::ir::{ActionSource, CellId, Expr};

/// GTP's column letters.
const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The vertices of one game's board.
#[derive(Debug, Clone)]
pub struct Vertices {
    /// The side of the board.
    pub size: usize,
    /// The cell at each (column, row), 0-based: `cells[row * size + column]`.
    cells: Vec<CellId>,
    /// The (column, row) of each board cell.
    places: Vec<(usize, usize)>,
}

impl Vertices {
    /// The vertices of `engine`'s board, or why GTP cannot speak of its game.
    pub fn of(engine: &Engine) -> Result<Vertices, String> {
        let game = engine.game();
        if game.players.len() != 2 {
            return Err(format!(
                "GTP has two players, black and white; this game has {}",
                game.players.len()
            ));
        }
        let drops_only = game.turns.iter().all(|turn| {
            turn.follow_up.is_none()
                && matches!(turn.max_actions, Expr::Const(1))
                && turn
                    .tiers
                    .iter()
                    .flatten()
                    .all(|s| matches!(s, ActionSource::Drop { .. }))
        });
        if !drops_only {
            return Err("GTP's moves put one piece on a point or pass; this game's move pieces, remove them or make several actions".into());
        }
        let topo = &game.topology;
        let (width, height) = (topo.width, topo.height);
        if width != height || !(1..=COLUMNS.len() as i32).contains(&width) {
            return Err(format!(
                "GTP speaks of square boards of 1 to 25 points a side; this board is {width}×{height}"
            ));
        }
        let size = width as usize;
        if topo.board_cells != size * size {
            return Err(format!(
                "GTP speaks of full square boards; this one has {} of {} points",
                topo.board_cells,
                size * size
            ));
        }
        let mut cells = vec![CellId::NONE; size * size];
        let mut places = Vec::with_capacity(topo.board_cells);
        for (c, &(file, rank)) in topo.coords.iter().take(topo.board_cells).enumerate() {
            let (column, row) = (file as usize, rank as usize);
            let slot = cells.get_mut(row * size + column);
            match slot {
                Some(slot) if file >= 0 && rank >= 0 && column < size && *slot == CellId::NONE => {
                    *slot = CellId(c as u16);
                }
                _ => return Err("GTP speaks of boards with one point at each place of a grid".into()),
            }
            places.push((column, row));
        }
        Ok(Vertices { size, cells, places })
    }

    /// `mv` as GTP writes it: `pass`, or the vertex of the one piece it
    /// puts down; `None` for a move GTP cannot write.
    pub fn write(&self, mv: MoveRef) -> Option<String> {
        let mut placed = None;
        let mut passes = false;
        for token in mv.tokens() {
            match token {
                Token::Pass => passes = true,
                Token::Place(cell) if placed.is_none() => placed = Some(cell),
                Token::Drop(_) | Token::Capture(_) | Token::Remove(_) | Token::Flip(_) => {}
                _ => return None,
            }
        }
        match (placed, passes) {
            (None, true) => Some("pass".into()),
            (Some(cell), false) => {
                let &(column, row) = self.places.get(cell.index())?;
                Some(format!("{}{}", COLUMNS[column] as char, row + 1))
            }
            _ => None,
        }
    }

    /// The legal move at `pos` that GTP's `vertex` names (`pass`, or a
    /// point, in any letter case), or why there is none.
    pub fn read(&self, engine: &Engine, pos: &Position, vertex: &str) -> Result<Move, String> {
        let wanted = self.normalise(vertex)?;
        let mut buf = MoveBuf::new();
        engine.legal_moves(pos, &mut buf);
        let mut found = buf
            .moves
            .iter()
            .filter(|mv| self.write(*mv).as_deref() == Some(&wanted));
        match (found.next(), found.next()) {
            (Some(mv), None) => Ok(mv.to_move()),
            (Some(_), Some(_)) => Err(format!("{wanted} names more than one legal move")),
            (None, _) => Err(format!("{wanted} is not legal here")),
        }
    }

    /// `vertex` as [`Vertices::write`] writes it, checked against the board.
    fn normalise(&self, vertex: &str) -> Result<String, String> {
        let upper = vertex.trim().to_ascii_uppercase();
        if upper == "PASS" {
            return Ok("pass".into());
        }
        let bad = || format!("`{vertex}` is no vertex of a {0}×{0} board", self.size);
        let mut chars = upper.chars();
        let letter = chars.next().ok_or_else(bad)?;
        let column = COLUMNS
            .iter()
            .position(|&c| c as char == letter)
            .ok_or_else(bad)?;
        let row: usize = chars.as_str().parse().map_err(|_| bad())?;
        if column >= self.size
            || row == 0
            || row > self.size
            || self.cells[(row - 1) * self.size + column] == CellId::NONE
        {
            return Err(bad());
        }
        Ok(upper)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceFile;
    use crate::notation;

    /// Stones put on a 9×9 grid's points, with captures, and passes.
    const STONES: &str = r#"
game "Stones"
players Dark, Light
board grid files 9 ranks 9
directions orthogonal = n, e, s, w
adjacency orthogonal
piece Stone letter S { drop: onto empty, capture enemy groups without liberties }
supply Stone
turn play { pass allowed }
end { after 2 passes: draw }
"#;

    fn engine(rules: &str) -> Engine {
        let game = crate::load(&SourceFile::new("test.rules", rules)).expect("valid rules");
        Engine::new(game, &[]).expect("no options")
    }

    #[test]
    fn points_and_passes_go_both_ways() {
        let e = engine(STONES);
        let v = Vertices::of(&e).expect("a GTP board");
        assert_eq!(v.size, 9);
        let pos = e.start();
        // Column i is GTP's J: GTP leaves the letter I out.
        for (ours, gtp) in [("S@a1", "A1"), ("S@h9", "H9"), ("S@i5", "J5"), ("pass", "pass")] {
            let mv = notation::parse(&e, &pos, ours, &mut MoveBuf::new()).expect("legal");
            assert_eq!(v.write(mv.as_ref()).as_deref(), Some(gtp), "{ours}");
            assert_eq!(v.read(&e, &pos, gtp), Ok(mv.clone()), "{gtp}");
            assert_eq!(v.read(&e, &pos, &gtp.to_lowercase()), Ok(mv), "{gtp}");
        }
        for bad in ["I5", "K1", "A10", "A0", "", "Z", "A-1"] {
            assert!(v.read(&e, &pos, bad).is_err(), "{bad}");
        }
        let pos = notation::play_sequence(&e, "S@e5").expect("legal");
        assert_eq!(v.read(&e, &pos, "E5"), Err("E5 is not legal here".into()));
    }

    #[test]
    fn games_gtp_cannot_speak_of_are_refused() {
        let three = STONES.replace("players Dark, Light", "players A, B, C");
        assert!(Vertices::of(&engine(&three)).unwrap_err().contains("two players"));
        let oblong = STONES.replace("ranks 9", "ranks 7");
        assert!(Vertices::of(&engine(&oblong)).unwrap_err().contains("9×7"));
        let walking = STONES.replace("{ drop:", "{ move walk: step orthogonal onto empty\n drop:");
        assert!(
            Vertices::of(&engine(&walking))
                .unwrap_err()
                .contains("one piece on a point")
        );
    }
}
