//! Compiled expressions over a position: options, counters, piece counts.

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
    /// Pieces of a kind in a player's reserve.
    Reserve { kind: PieceKind, player: Box<Expr> },
    /// Whether flag `n` is set (0 / 1).
    Flag(usize),
    /// The player to move.
    Mover,
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
}

impl Expr {
    /// Whether the value can depend on who is to move (`mover` appears).
    pub fn mentions_mover(&self) -> bool {
        match self {
            Expr::Mover => true,
            Expr::Const(_) | Expr::Option(_) | Expr::Player(_) | Expr::Flag(_) => false,
            Expr::Counter { player, .. } | Expr::Reserve { player, .. } => player.mentions_mover(),
            Expr::Count { player, .. } => player.as_ref().is_some_and(|p| p.mentions_mover()),
            Expr::Opponent(e) | Expr::Not(e) | Expr::Neg(e) => e.mentions_mover(),
            Expr::Binary(_, a, b) => a.mentions_mover() || b.mentions_mover(),
            Expr::If(c, a, b) => c.mentions_mover() || a.mentions_mover() || b.mentions_mover(),
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
    /// Applies the operator; division by zero gives 0 (the checker warns where it can).
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
            BinOp::Add => a.wrapping_add(b),
            BinOp::Sub => a.wrapping_sub(b),
            BinOp::Mul => a.wrapping_mul(b),
            BinOp::Div => a.checked_div(b).unwrap_or(0),
            BinOp::Rem => a.checked_rem(b).unwrap_or(0),
        }
    }
}
