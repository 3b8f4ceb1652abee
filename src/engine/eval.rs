//! Evaluating compiled expressions, cell conditions and end rules on a position.

use super::{Engine, Position};
use crate::ir::{CellId, Cond, CondId, Expr, Outcome, PieceKind, PlayerId};

/// The largest table (entries) built for one condition: players × cells × codes.
/// 4 Mi booleans covers 19×19 boards with many kinds; beyond it the condition
/// tree is evaluated directly.
const MAX_COND_TABLE: usize = 1 << 22;

/// A condition precomputed for every (player, cell, piece code), or left as a tree.
#[derive(Debug, Clone)]
pub(super) enum CondTable {
    /// `bits[(player * cells + cell) * codes + code]`, with its strides.
    Table {
        bits: Vec<bool>,
        cells: usize,
        codes: usize,
    },
    /// Too large to tabulate.
    Tree,
}

impl Engine {
    /// Tabulates every condition of the game.
    pub(super) fn build_cond_tables(&mut self) {
        let cells = self.game.topology.cells();
        let codes = self.codes();
        let size = self.players * cells * codes;
        let tables = (0..self.game.conds.len())
            .map(|i| {
                if size > MAX_COND_TABLE {
                    return CondTable::Tree;
                }
                let cond = &self.game.conds[i];
                let mut t = Vec::with_capacity(size);
                for p in 0..self.players {
                    for c in 0..cells {
                        for code in 0..codes {
                            t.push(self.test_tree(cond, PlayerId(p as u8), CellId(c as u16), code as u8));
                        }
                    }
                }
                CondTable::Table {
                    bits: t,
                    cells,
                    codes,
                }
            })
            .collect();
        self.cond_tables = tables;
    }
}

impl Engine {
    /// Evaluates an expression; `mover` is the player the rules speak of as `mover`.
    pub fn eval(&self, expr: &Expr, pos: &Position, mover: PlayerId) -> i64 {
        match expr {
            Expr::Const(v) => *v,
            Expr::Option(i) => self.options[*i],
            Expr::Counter { counter, player } => {
                let p = self.eval_player(player, pos, mover);
                pos.numbers[self.counter_index(*counter, PlayerId(p as u8))]
            }
            Expr::Count { kind, player } => match player {
                Some(p) => {
                    let p = self.eval_player(p, pos, mover);
                    pos.numbers[self.slot(PlayerId(p as u8), *kind)]
                }
                None => (0..self.players)
                    .map(|p| pos.numbers[self.slot(PlayerId(p as u8), *kind)])
                    .sum(),
            },
            Expr::Reserve { kind, player } => {
                let p = self.eval_player(player, pos, mover);
                pos.numbers[self.reserve_index(self.slot(PlayerId(p as u8), *kind))]
            }
            Expr::Flag(f) => self.flag(pos, *f) as i64,
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

    /// Whether a cell holding `code` (as seen now) meets condition `cond` for `player`:
    /// one table load when the condition was tabulated (see [`CondTable`]).
    #[inline]
    pub(super) fn test(&self, cond: CondId, player: PlayerId, cell: CellId, code: u8) -> bool {
        match &self.cond_tables[cond.0 as usize] {
            CondTable::Table { bits, cells, codes } => {
                bits[(player.index() * cells + cell.index()) * codes + code as usize]
            }
            CondTable::Tree => self.test_tree(&self.game.conds[cond.0 as usize], player, cell, code),
        }
    }

    /// Number of piece codes (empty included).
    #[inline]
    pub(super) fn codes(&self) -> usize {
        1 + self.players * self.kinds
    }

    /// Evaluates a condition tree directly.
    pub(super) fn test_tree(&self, cond: &Cond, player: PlayerId, cell: CellId, code: u8) -> bool {
        match cond {
            Cond::Empty => code == 0 && !self.game.topology.is_exit(cell),
            Cond::Occupied => code != 0,
            Cond::Enemy => code != 0 && self.owner_of[code as usize] != player.0,
            Cond::Friend => code != 0 && self.owner_of[code as usize] == player.0,
            Cond::Exit => self.game.topology.is_exit(cell),
            Cond::Kind(k) => code != 0 && self.kind_of[code as usize] == k.0,
            Cond::In(r) => self.game.topology.regions[*r].member[player.index()][cell.index()],
            Cond::Not(c) => !self.test_tree(c, player, cell, code),
            Cond::And(a, b) => self.test_tree(a, player, cell, code) && self.test_tree(b, player, cell, code),
            Cond::Or(a, b) => self.test_tree(a, player, cell, code) || self.test_tree(b, player, cell, code),
        }
    }

    /// The result the end rules give now, `mover` being the player who just
    /// moved. With `with_limit`, the turn limit is checked after the results.
    pub(super) fn decided(&self, pos: &Position, mover: PlayerId, with_limit: bool) -> Option<Outcome> {
        for (cond, outcome) in &self.game.end.results {
            if self.eval(cond, pos, mover) != 0 {
                return Some(self.settle(*outcome, pos, mover));
            }
        }
        if with_limit {
            return self.limit_reached(pos, mover);
        }
        None
    }

    /// A draw when the turn limit has been reached.
    #[inline]
    pub(super) fn limit_reached(&self, pos: &Position, mover: PlayerId) -> Option<Outcome> {
        let limit = self.game.end.turn_limit.as_ref()?;
        (pos.ply as i64 >= self.eval(limit, pos, mover)).then(|| self.settle(Outcome::Draw, pos, mover))
    }

    /// A draw becomes a win where an `on draw` rule says so.
    pub(super) fn settle(&self, outcome: Outcome, pos: &Position, mover: PlayerId) -> Outcome {
        if outcome != Outcome::Draw {
            return outcome;
        }
        for (cond, winner) in &self.game.end.draw_winners {
            if self.eval(cond, pos, mover) != 0 {
                return Outcome::Win(*winner);
            }
        }
        Outcome::Draw
    }

    /// The trigger index fired when a piece of `kind` owned by `owner` enters `cell`.
    #[inline]
    pub(super) fn trigger_at(&self, owner: PlayerId, kind: PieceKind, cell: CellId) -> Option<usize> {
        let cells = self.game.topology.cells();
        let t = self.game.trigger_at[(owner.index() * self.kinds + kind.index()) * cells + cell.index()];
        (t != 0).then(|| t as usize - 1)
    }
}
