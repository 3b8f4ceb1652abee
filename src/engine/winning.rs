//! What made a game end, for a person to see: the pieces of the line or of
//! the connection that won it.

use super::{Engine, Position};
use crate::ir::{CellId, Expr, Outcome, PlayerId};

impl Engine {
    /// The cells of the lines and connections that won the game at `pos`
    /// (empty when it is not over, or was won otherwise: by a count, a
    /// capture, a player without moves).
    pub fn winning_cells(&self, pos: &Position) -> Vec<CellId> {
        let Some(Outcome::Win(winner)) = pos.result() else {
            return Vec::new();
        };
        let mover = self.last_mover(pos);
        let mut cells = Vec::new();
        // The rules that give this win and hold (a draw rule's lines are no win).
        for rule in self
            .game
            .end
            .results
            .iter()
            .filter(|r| r.outcome == Outcome::Win(winner))
        {
            if self.eval(&rule.when, pos, mover) != 0 {
                self.winning_parts(&rule.when, pos, mover, winner, &mut cells);
            }
        }
        cells.sort();
        cells.dedup();
        cells
    }

    /// Adds the cells of the lines and connections of `winner` that `expr`
    /// asks for and that hold.
    fn winning_parts(
        &self,
        expr: &Expr,
        pos: &Position,
        mover: PlayerId,
        winner: PlayerId,
        cells: &mut Vec<CellId>,
    ) {
        match expr {
            Expr::Line {
                n,
                exact,
                player,
                dirs,
            } => {
                let p = self.eval_player(player, pos, mover);
                if p == winner {
                    cells.extend(self.line_cells(pos, p, *n, *exact, &dirs[p.index()]));
                }
            }
            Expr::Connected { player, a, b } => {
                let p = self.eval_player(player, pos, mover);
                if p == winner {
                    cells.extend(self.connecting_cells(pos, p, *a, *b));
                }
            }
            Expr::Binary(_, a, b) => {
                self.winning_parts(a, pos, mover, winner, cells);
                self.winning_parts(b, pos, mover, winner, cells);
            }
            Expr::If(c, a, b) => {
                let taken = if self.eval(c, pos, mover) != 0 { a } else { b };
                self.winning_parts(taken, pos, mover, winner, cells);
            }
            _ => {}
        }
    }
}
