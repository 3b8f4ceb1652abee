//! Compiled expressions over a position: options, counters, piece counts.

use super::core::PlayerDirs;
use super::ids::{PieceKind, PlayerId};

/// A compiled, name-free expression. Booleans are 0 / 1.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// A constant.
    Const(i64),
    /// The value of option `n` (index into the option list).
    Option(usize),
    /// Counter `counter` of the player given by the inner expression.
    Counter { counter: usize, player: Box<Expr> },
    /// Pieces of a kind on the board, of one player or of all.
    Count {
        kind: PieceKind,
        player: Option<Box<Expr>>,
    },
    /// Pieces of some kinds standing in a region or on a cell: of one player
    /// (in that player's cells of the region), or of all (each piece in its
    /// owner's cells; a neutral piece in any player's).
    /// (Boxed, so that an expression, and a core op holding one, stays small.)
    CountIn(Box<CountIn>),
    /// The board cells meeting a condition, as the player sees them (`count(cells C, P)`).
    CountCells { cond: super::CondId, player: Box<Expr> },
    /// The cells of the line through the cursor in the current direction
    /// (both ways, the cursor's cell included) meeting a condition, as the
    /// mover sees them (`count(cells C along line)`); only where a cursor and
    /// a direction exist (the distance of a [`super::core::Walk`]).
    CountAlong(super::CondId),
    /// Pieces of a kind in a player's reserve.
    Reserve { kind: PieceKind, player: Box<Expr> },
    /// Whether flag `n` is set (0 / 1).
    Flag(usize),
    /// The player to move.
    Mover,
    /// Fact `n` of [`super::Game::history`] about the last move.
    History(usize),
    /// The player who made the last move (at the start: the player to move).
    LastMover,
    /// A player as a value.
    Player(PlayerId),
    /// The player after the given one in declaration order.
    Opponent(Box<Expr>),
    /// Logical negation.
    Not(Box<Expr>),
    /// Arithmetic negation.
    Neg(Box<Expr>),
    /// A binary operation.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `if c then a else b`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// Some `n` (`exact`: exactly `n`) of the player's pieces stand in a row
    /// along one of the directions (0 / 1).
    Line {
        n: u32,
        exact: bool,
        player: Box<Expr>,
        dirs: PlayerDirs,
    },
    /// A group of the player's pieces touches both regions (0 / 1).
    Connected { player: Box<Expr>, a: usize, b: usize },
    /// The number of groups of the player's pieces.
    Groups(Box<Expr>),
    /// The player's pieces plus the empty cells whose empty group touches
    /// only the player's pieces.
    Area(Box<Expr>),
    /// A royal piece of the player is attacked (0 / 1).
    InCheck(Box<Expr>),
    /// A royal piece of the player is attacked and the player, to move, would
    /// have no legal move (0 / 1).
    Checkmate(Box<Expr>),
}

/// The operands of [`Expr::CountIn`].
#[derive(Debug, Clone, PartialEq)]
pub struct CountIn {
    pub kinds: Vec<PieceKind>,
    /// The region (a declared one, or the region of one cell).
    pub region: usize,
    /// `cells[player]`: the region's cells for the player as a bit set (cell
    /// `c` is bit `c % 64` of word `c / 64`); last, those of any player.
    pub cells: Vec<Vec<u64>>,
    pub player: Option<Box<Expr>>,
}

impl Expr {
    /// Whether the value can depend on who is to move (`mover` appears).
    pub fn mentions_mover(&self) -> bool {
        match self {
            // The last mover follows the move number, as the player to move does.
            Expr::Mover | Expr::LastMover => true,
            // Its condition is seen by the mover.
            Expr::CountAlong(_) => true,
            Expr::Const(_) | Expr::Option(_) | Expr::Player(_) | Expr::Flag(_) | Expr::History(_) => false,
            Expr::Counter { player, .. } | Expr::Reserve { player, .. } | Expr::CountCells { player, .. } => {
                player.mentions_mover()
            }
            Expr::Count { player, .. } => player.as_ref().is_some_and(|p| p.mentions_mover()),
            Expr::CountIn(c) => c.player.as_ref().is_some_and(|p| p.mentions_mover()),
            Expr::Opponent(e) | Expr::Not(e) | Expr::Neg(e) => e.mentions_mover(),
            Expr::Binary(_, a, b) => a.mentions_mover() || b.mentions_mover(),
            Expr::If(c, a, b) => c.mentions_mover() || a.mentions_mover() || b.mentions_mover(),
            Expr::Line { player, .. }
            | Expr::Connected { player, .. }
            | Expr::Groups(player)
            | Expr::Area(player)
            | Expr::InCheck(player)
            | Expr::Checkmate(player) => player.mentions_mover(),
        }
    }

    /// The `count(… in …)` of a test that some piece stands in a region
    /// (`count(K in R, P) > 0`, `>= 1`, `!= 0`), when its player does not
    /// depend on who moves: once false, it can become true only through a
    /// cell a move changes.
    pub fn arrival(&self) -> Option<&Expr> {
        let Expr::Binary(op, a, b) = self else { return None };
        let is = |e: &Expr, v: i64| matches!(e, Expr::Const(c) if *c == v);
        let count = match (op, &**a, &**b) {
            (BinOp::Gt | BinOp::Ne, c, z) | (BinOp::Lt | BinOp::Ne, z, c) if is(z, 0) => c,
            (BinOp::Ge, c, one) | (BinOp::Le, one, c) if is(one, 1) => c,
            _ => return None,
        };
        match count {
            Expr::CountIn(c) if !c.player.as_ref().is_some_and(|p| p.mentions_mover()) => Some(count),
            _ => None,
        }
    }

    /// Whether the value reads a fact about the last move (`last(…)`, `before(…)`).
    pub fn reads_history(&self) -> bool {
        match self {
            Expr::History(_) | Expr::LastMover => true,
            Expr::Const(_)
            | Expr::Option(_)
            | Expr::Player(_)
            | Expr::Flag(_)
            | Expr::Mover
            | Expr::CountAlong(_) => false,
            Expr::Counter { player, .. } | Expr::Reserve { player, .. } | Expr::CountCells { player, .. } => {
                player.reads_history()
            }
            Expr::Count { player, .. } => player.as_ref().is_some_and(|p| p.reads_history()),
            Expr::CountIn(c) => c.player.as_ref().is_some_and(|p| p.reads_history()),
            Expr::Opponent(e) | Expr::Not(e) | Expr::Neg(e) => e.reads_history(),
            Expr::Binary(_, a, b) => a.reads_history() || b.reads_history(),
            Expr::If(c, a, b) => c.reads_history() || a.reads_history() || b.reads_history(),
            Expr::Line { player, .. }
            | Expr::Connected { player, .. }
            | Expr::Groups(player)
            | Expr::Area(player)
            | Expr::InCheck(player)
            | Expr::Checkmate(player) => player.reads_history(),
        }
    }

    /// Whether the value depends on the board beyond the numbers of the
    /// position (piece counts, counters, …): lines, groups, checks.
    pub fn reads_board(&self) -> bool {
        match self {
            Expr::Line { .. }
            | Expr::Connected { .. }
            | Expr::Groups(_)
            | Expr::Area(_)
            | Expr::CountIn(_)
            | Expr::CountCells { .. }
            | Expr::CountAlong(_)
            | Expr::InCheck(_)
            | Expr::Checkmate(_) => true,
            Expr::Const(_)
            | Expr::Option(_)
            | Expr::Flag(_)
            | Expr::Mover
            | Expr::History(_)
            | Expr::LastMover
            | Expr::Player(_)
            | Expr::Counter { .. }
            | Expr::Count { .. }
            | Expr::Reserve { .. } => false,
            Expr::Opponent(e) | Expr::Not(e) | Expr::Neg(e) => e.reads_board(),
            Expr::Binary(_, a, b) => a.reads_board() || b.reads_board(),
            Expr::If(c, a, b) => c.reads_board() || a.reads_board() || b.reads_board(),
        }
    }
}

/// Binary operators of compiled expressions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl BinOp {
    /// Applies the operator. Arithmetic saturates at the ends of the 64-bit
    /// range (it never wraps to the other end); division by zero gives 0
    /// (the checker warns where it can).
    pub fn apply(self, a: i64, b: i64) -> i64 {
        match self {
            BinOp::Or => ((a != 0) || (b != 0)) as i64,
            BinOp::And => ((a != 0) && (b != 0)) as i64,
            BinOp::Eq => (a == b) as i64,
            BinOp::Ne => (a != b) as i64,
            BinOp::Lt => (a < b) as i64,
            BinOp::Le => (a <= b) as i64,
            BinOp::Gt => (a > b) as i64,
            BinOp::Ge => (a >= b) as i64,
            BinOp::Add => a.saturating_add(b),
            BinOp::Sub => a.saturating_sub(b),
            BinOp::Mul => a.saturating_mul(b),
            // Only `MIN / -1` overflows: it saturates like the others.
            BinOp::Div if b == 0 => 0,
            BinOp::Div => a.saturating_div(b),
            BinOp::Rem => a.checked_rem(b).unwrap_or(0),
        }
    }

    /// Applies the operator, or `None` where the result is beyond 64 bits
    /// (for values computed when the rules are compiled, where that is an error).
    pub fn checked(self, a: i64, b: i64) -> Option<i64> {
        match self {
            BinOp::Add => a.checked_add(b),
            BinOp::Sub => a.checked_sub(b),
            BinOp::Mul => a.checked_mul(b),
            BinOp::Div if b == -1 => a.checked_neg(),
            _ => Some(self.apply(a, b)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::BinOp;

    #[test]
    fn arithmetic_saturates_instead_of_wrapping() {
        let (max, min) = (i64::MAX, i64::MIN);
        assert_eq!(BinOp::Add.apply(max, 361), max);
        assert_eq!(BinOp::Sub.apply(min, 1), min);
        assert_eq!(BinOp::Mul.apply(max, -2), min);
        assert_eq!(BinOp::Div.apply(min, -1), max);
        assert_eq!(BinOp::Div.apply(7, 0), 0);
        assert_eq!(BinOp::Rem.apply(min, -1), 0);
        assert_eq!(BinOp::Add.checked(max, 1), None);
        assert_eq!(BinOp::Div.checked(min, -1), None);
        assert_eq!(BinOp::Div.checked(7, 0), Some(0));
        assert_eq!(BinOp::Mul.checked(3, 4), Some(12));
    }
}
