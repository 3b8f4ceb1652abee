//! `last(…)` and `before(…)`: what expressions read of the last move, as
//! facts of [`ir::Game::history`] that the engine keeps in the position.

use super::Ctx;
use super::error::{self, NameKind};
use super::exprs::{Ty, kind_set, region_arg, region_cells};
use crate::diag::Span;
use crate::ir;
use crate::syntax::ast::{Expr, ExprKind, Ident};

/// The words `last(…)` takes first.
const FACTS: [&str; 7] = ["pass", "player", "move", "capture", "drop", "from", "to"];

/// The expression reading a fact: the fact's index, the same for the same
/// fact however often the rules read it.
pub(super) fn fact(cx: &mut Ctx, fact: ir::Fact) -> ir::Expr {
    let index = match cx.history.iter().position(|f| *f == fact) {
        Some(i) => i,
        None => {
            cx.history.push(fact);
            cx.history.len() - 1
        }
    };
    ir::Expr::History(index)
}

/// `last(pass)`, `last(player)`, `last(move, KINDS)`, `last(capture,
/// KINDS)`, `last(drop, KINDS)`, `last(from, REGION)`, `last(to, REGION)`.
pub(super) fn last(cx: &mut Ctx, f: &Ident, args: &[Expr]) -> Option<(ir::Expr, Ty)> {
    let word = match args.first().map(|a| &a.kind) {
        Some(ExprKind::Name(w)) if FACTS.contains(&w.text.as_str()) => w,
        Some(ExprKind::Name(w)) => {
            let p = error::unknown(NameKind::Fact, &w.text, w.span, FACTS);
            cx.report(p);
            return None;
        }
        _ => {
            let span = args.first().map_or(f.span, |a| a.span);
            cx.report(arity(f.span, span, args.len()));
            return None;
        }
    };
    let second = matches!(word.text.as_str(), "move" | "capture" | "drop" | "from" | "to");
    if args.len() != 1 + second as usize {
        cx.report(arity(f.span, word.span, args.len()));
        return None;
    }
    let kinds = |cx: &mut Ctx| -> Option<u64> {
        let kinds = kind_set(cx, &args[1])?;
        Some(kinds.iter().fold(0, |m, k| m | 1 << k.index()))
    };
    let fact = match word.text.as_str() {
        "pass" => ir::Fact::Pass,
        "player" => return Some((ir::Expr::LastMover, Ty::Player)),
        "move" => ir::Fact::Moved(kinds(cx)?),
        "capture" => ir::Fact::Captured(kinds(cx)?),
        "drop" => ir::Fact::Dropped(kinds(cx)?),
        _ => {
            let region = region_arg(cx, &args[1])?;
            let cells = region_cells(cx, region);
            if word.text == "from" {
                ir::Fact::From { region, cells }
            } else {
                ir::Fact::To { region, cells }
            }
        }
    };
    Some((self::fact(cx, fact), Ty::Bool))
}

fn arity(f: Span, at: Span, given: usize) -> crate::diag::Problem {
    error::invalid(
        "rules::compile::arity",
        "`last` takes what to ask of the last move: `last(pass)`, `last(player)`, `last(move, Piece)`, `last(capture, Piece)`, `last(drop, Piece)`, `last(from, region)`, `last(to, region)`",
        f.join(at),
        format!("called with {given} argument(s)"),
    )
}

/// Refuses history in an expression read once, when the game starts (the
/// guards and numbers of the quiet rule, the repetition draw and `forbid`):
/// no move has been made then.
pub(super) fn read_once(cx: &mut Ctx, e: &ir::Expr, span: Span, what: &str) {
    if e.reads_history() {
        cx.report(
            error::invalid(
                "rules::compile::history_at_start",
                format!("{what} is read once, when the game starts: it cannot ask about the last move"),
                span,
                "reads `last(…)` or `before(…)`",
            )
            .with_help(
                "write the rule that depends on the last move as a `win … when` or `draw when` condition",
            ),
        );
    }
}
