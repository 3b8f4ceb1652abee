//! Evaluating compiled expressions, cell conditions and end rules on a position.

use super::{Engine, Position};
use crate::ir::{CellId, Cond, Expr, Outcome, PieceKind, PlayerId};

impl Engine {
    /// Evaluates an expression; `mover` is the player the rules speak of as `mover`.
    pub(super) fn eval(&self, expr: &Expr, pos: &Position, mover: PlayerId) -> i64 {
        match expr {
            Expr::Const(v) => *v,
            Expr::Option(i) => self.options[*i],
            Expr::Counter { counter, player } => {
                let p = self.eval_player(player, pos, mover);
                pos.counters[counter * self.players + p]
            }
            Expr::Count { kind, player } => match player {
                Some(p) => {
                    let p = self.eval_player(p, pos, mover);
                    pos.counts[self.slot(PlayerId(p as u8), *kind)] as i64
                }
                None => (0..self.players)
                    .map(|p| pos.counts[self.slot(PlayerId(p as u8), *kind)] as i64)
                    .sum(),
            },
            Expr::Reserve { kind, player } => {
                let p = self.eval_player(player, pos, mover);
                pos.reserve[self.slot(PlayerId(p as u8), *kind)] as i64
            }
            Expr::Mover => mover.index() as i64,
            Expr::Player(p) => p.index() as i64,
            Expr::Opponent(p) => ((self.eval_player(p, pos, mover) + 1) % self.players) as i64,
            Expr::Not(e) => (self.eval(e, pos, mover) == 0) as i64,
            Expr::Neg(e) => self.eval(e, pos, mover).wrapping_neg(),
            Expr::Binary(op, a, b) => {
                let a = self.eval(a, pos, mover);
                // Short-circuit the logical operators.
                match op {
                    crate::ir::BinOp::And if a == 0 => 0,
                    crate::ir::BinOp::Or if a != 0 => 1,
                    _ => op.apply(a, self.eval(b, pos, mover)),
                }
            }
            Expr::If(c, a, b) => {
                if self.eval(c, pos, mover) != 0 {
                    self.eval(a, pos, mover)
                } else {
                    self.eval(b, pos, mover)
                }
            }
        }
    }

    fn eval_player(&self, e: &Expr, pos: &Position, mover: PlayerId) -> usize {
        (self.eval(e, pos, mover).rem_euclid(self.players as i64)) as usize
    }

    /// Whether a cell holding `code` (as seen now) meets `cond` for `player`.
    #[inline]
    pub(super) fn test(&self, cond: &Cond, player: PlayerId, cell: CellId, code: u8) -> bool {
        match cond {
            Cond::True => true,
            Cond::Empty => code == 0 && !self.game.topology.is_exit(cell),
            Cond::Occupied => code != 0,
            Cond::Enemy => code != 0 && self.owner_of[code as usize] != player.0,
            Cond::Friend => code != 0 && self.owner_of[code as usize] == player.0,
            Cond::Exit => self.game.topology.is_exit(cell),
            Cond::Kind(k) => code != 0 && self.kind_of[code as usize] == k.0,
            Cond::In(r) => self.game.topology.regions[*r].member[player.index()][cell.index()],
            Cond::Not(c) => !self.test(c, player, cell, code),
            Cond::And(a, b) => self.test(a, player, cell, code) && self.test(b, player, cell, code),
            Cond::Or(a, b) => self.test(a, player, cell, code) || self.test(b, player, cell, code),
        }
    }

    /// The result the end rules give now, `mover` being the player who just
    /// moved. With `with_limit`, the turn limit is checked after the results.
    pub(super) fn decided(&self, pos: &Position, mover: PlayerId, with_limit: bool) -> Option<Outcome> {
        for (cond, outcome) in &self.game.end.results {
            if self.eval(cond, pos, mover) != 0 {
                return Some(*outcome);
            }
        }
        if with_limit
            && let Some(limit) = &self.game.end.turn_limit
            && pos.ply as i64 >= self.eval(limit, pos, mover)
        {
            return Some(Outcome::Draw);
        }
        None
    }

    /// The trigger index fired when a piece of `kind` owned by `owner` enters `cell`.
    #[inline]
    pub(super) fn trigger_at(&self, owner: PlayerId, kind: PieceKind, cell: CellId) -> Option<usize> {
        let cells = self.game.topology.cells();
        let t = self.game.trigger_at[(owner.index() * self.kinds + kind.index()) * cells + cell.index()];
        (t != 0).then(|| t as usize - 1)
    }
}
