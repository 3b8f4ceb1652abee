//! Pass 7: warnings — what is legal but almost surely wrong: a piece that can
//! never move or never reach the board, an option never used, a player with
//! no pieces, an end condition that can never hold.

use super::Ctx;
use crate::diag::{Problem, Span};
use crate::ir::{self, ActionSource, BinOp, Expr, PieceKind};

/// Warnings about the assembled game.
pub(super) fn game(cx: &mut Ctx, game: &ir::Game) {
    for (k, kind) in game.kinds.iter().enumerate() {
        let span = cx.kinds.span(k);
        let kind_id = PieceKind(k as u8);
        let moved_by_a_turn = game.turns.iter().any(|t| {
            t.tiers.iter().flatten().any(
                |s| matches!(s, ActionSource::Move { kind, rules } if *kind == kind_id && !rules.is_empty()),
            )
        });
        let placed = game.setup.pieces.iter().any(|(_, _, k)| *k == kind_id)
            || game.promotions.iter().any(|p| {
                p.into == Some(kind_id) || (p.into.is_none() && game.pool.iter().any(|(k, _)| *k == kind_id))
            })
            || game.turns.iter().any(|t| {
                t.tiers
                    .iter()
                    .chain(t.follow_up.iter().flat_map(|f| f.tiers.iter()))
                    .flatten()
                    .any(|s| matches!(s, ActionSource::Drop { kind, .. } if *kind == kind_id))
            })
            || game.in_place.iter().any(|p| p.into.contains(&kind_id))
            || game.rules.iter().any(|r| {
                r.program.ops.iter().any(
                    |op| matches!(op, ir::Op::Place(k) | ir::Op::Become { kind: k, .. } if *k == kind_id),
                )
            });
        if !placed {
            cx.report(
                Problem::error(
                    "rules::warn::piece_never_placed",
                    format!("piece `{}` never comes onto the board", kind.name),
                    span,
                    "never placed",
                )
                .warning()
                .with_help(
                    "place it in `setup`, drop it in a turn (`drop Piece onto …`), or promote into it",
                ),
            );
        } else if !moved_by_a_turn && !kind.rules.is_empty() {
            // A piece without moves that comes onto the board is a stone,
            // placed or promoted into: not a mistake. Moves that no turn
            // offers are.
            cx.report(
                Problem::error(
                    "rules::warn::piece_never_moves",
                    format!("piece `{}` can never move", kind.name),
                    span,
                    "no turn moves it",
                )
                .warning()
                .with_help(format!("offer its moves in a turn: `choose move {}`", kind.name)),
            );
        }
    }
    for (o, option) in game.options.iter().enumerate() {
        if !cx.used_options.contains(&o) {
            cx.report(
                Problem::error(
                    "rules::warn::unused_option",
                    format!("option `{}` is never used", option.name),
                    cx.option_names.span(o),
                    "declared but never read",
                )
                .warning()
                .with_help("use it in a turn or an end rule, or remove it"),
            );
        }
    }
    for (p, player) in game.players.iter().enumerate() {
        let has_pieces = game.setup.pieces.iter().any(|(_, owner, _)| owner.index() == p)
            || game
                .setup
                .reserves
                .iter()
                .any(|(owner, _, n)| owner.index() == p && *n > 0)
            || !game.pool.is_empty()
            || game
                .kinds
                .iter()
                .any(|k| k.supply && !k.neutral && k.owner.is_none_or(|o| o.index() == p));
        if !has_pieces {
            cx.report(
                Problem::error(
                    "rules::warn::player_without_pieces",
                    format!("player `{player}` has no pieces"),
                    cx.players.span(p),
                    "nothing on the board or in reserve",
                )
                .warning()
                .with_help("give them pieces in `setup`"),
            );
        }
    }
}

/// A warning when an end condition can never hold, whatever the position.
pub(super) fn never_true(cx: &mut Ctx, expr: &Expr, span: Span) {
    if range(cx, expr) == (0, 0) {
        cx.report(
            Problem::error(
                "rules::warn::never_true",
                "this condition can never be true",
                span,
                "always false",
            )
            .warning()
            .with_help("piece counts and reserves are never negative; check the comparison"),
        );
    }
}

/// The smallest and largest value an expression can take (saturating bounds).
fn range(cx: &Ctx, expr: &Expr) -> (i64, i64) {
    const ANY: (i64, i64) = (i64::MIN, i64::MAX);
    let bool_of = |known: Option<bool>| match known {
        Some(true) => (1, 1),
        Some(false) => (0, 0),
        None => (0, 1),
    };
    match expr {
        Expr::Const(v) => (*v, *v),
        Expr::Option(o) => match cx.options.get(*o) {
            Some(info) if info.is_bool => (0, 1),
            Some(info) => (info.min.unwrap_or(i64::MIN), info.max.unwrap_or(i64::MAX)),
            None => ANY,
        },
        Expr::Count { .. } | Expr::Reserve { .. } => (0, i64::MAX),
        Expr::Flag(_) => (0, 1),
        Expr::Mover | Expr::Player(_) | Expr::Opponent(_) => (0, cx.players.len() as i64 - 1),
        Expr::Counter { .. } => ANY,
        Expr::Line { .. } | Expr::Connected { .. } | Expr::InCheck(_) | Expr::Checkmate(_) => (0, 1),
        Expr::Groups(_) | Expr::Area(_) => (0, i64::MAX),
        Expr::Not(e) => {
            let (lo, hi) = range(cx, e);
            bool_of(if (lo, hi) == (0, 0) {
                Some(true)
            } else if lo > 0 || hi < 0 {
                Some(false)
            } else {
                None
            })
        }
        Expr::Neg(e) => {
            let (lo, hi) = range(cx, e);
            (hi.saturating_neg(), lo.saturating_neg())
        }
        Expr::If(_, a, b) => {
            let (a, b) = (range(cx, a), range(cx, b));
            (a.0.min(b.0), a.1.max(b.1))
        }
        Expr::Binary(op, a, b) => {
            let (a, b) = (range(cx, a), range(cx, b));
            let truth = |r: (i64, i64)| {
                if r == (0, 0) {
                    Some(false)
                } else if r.0 > 0 || r.1 < 0 {
                    Some(true)
                } else {
                    None
                }
            };
            match op {
                BinOp::Add => (a.0.saturating_add(b.0), a.1.saturating_add(b.1)),
                BinOp::Sub => (a.0.saturating_sub(b.1), a.1.saturating_sub(b.0)),
                // Comparisons from two facts: "a < b" and "a == b" on ranges.
                BinOp::Lt => bool_of(less(a, b, false)),
                BinOp::Le => bool_of(less(a, b, true)),
                BinOp::Gt => bool_of(less(b, a, false)),
                BinOp::Ge => bool_of(less(b, a, true)),
                BinOp::Eq => bool_of(equal(a, b)),
                BinOp::Ne => bool_of(equal(a, b).map(|e| !e)),
                BinOp::And => bool_of(match (truth(a), truth(b)) {
                    (Some(false), _) | (_, Some(false)) => Some(false),
                    (Some(true), Some(true)) => Some(true),
                    _ => None,
                }),
                BinOp::Or => bool_of(match (truth(a), truth(b)) {
                    (Some(true), _) | (_, Some(true)) => Some(true),
                    (Some(false), Some(false)) => Some(false),
                    _ => None,
                }),
                BinOp::Mul | BinOp::Div | BinOp::Rem => ANY,
            }
        }
    }
}

/// Whether every value of range `a` is below (or, with `or_equal`, at most)
/// every value of `b` (`Some(true)`), none is (`Some(false)`), or it depends.
fn less(a: (i64, i64), b: (i64, i64), or_equal: bool) -> Option<bool> {
    let holds = |x: i64, y: i64| if or_equal { x <= y } else { x < y };
    if holds(a.1, b.0) {
        Some(true)
    } else if !holds(a.0, b.1) {
        Some(false)
    } else {
        None
    }
}

/// Whether two ranges are always equal (one and the same value), never equal
/// (disjoint), or it depends.
fn equal(a: (i64, i64), b: (i64, i64)) -> Option<bool> {
    if a.1 < b.0 || b.1 < a.0 {
        Some(false)
    } else if a.0 == a.1 && a == b {
        Some(true)
    } else {
        None
    }
}
