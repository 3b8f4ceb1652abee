//! `after each action: CLAUSES`: a turn's effect, run after every action of
//! the turn like `each (CLAUSES)` with the cursor on no cell. It may test,
//! capture, flip and mark, but never move or place a piece: it is forced and
//! written nowhere in the notation.

use super::error;
use super::{Ctx, clauses};
use crate::diag::Span;
use crate::ir::{MoveRule, RuleSource};
use crate::syntax::ast::{Clause, Repeat};

/// The rule that runs a turn's effect, and where it is written; `None`
/// after reporting.
pub(super) fn effect_rule(cx: &mut Ctx, body: &[Clause], span: Span) -> Option<(MoveRule, RuleSource)> {
    let before = cx.problems.len();
    for clause in body {
        refuse_actions(cx, clause);
    }
    if !body.first().is_some_and(chooses_cell) {
        cx.report(
            error::invalid(
                "rules::compile::effect_needs_cell",
                "an effect after each action starts on no cell",
                body.first().map_or(span, Clause::span),
                "the cursor is on no cell here",
            )
            .with_help(
                "begin with `anywhere` (every board cell), e.g. \
                 `after each action: anywhere, if in trap and friend, capture`",
            ),
        );
    }
    if cx.problems.len() > before {
        return None;
    }
    clauses::effect_rule(cx, body, span)
}

/// Reports the clauses an effect cannot hold: those that move, place or
/// remove a piece as an action, or start a new action.
fn refuse_actions(cx: &mut Ctx, clause: &Clause) {
    let what = match clause {
        Clause::Pattern(..) => Some("a pattern moves a piece"),
        Clause::Land(_) => Some("`land` moves a piece"),
        Clause::Place(..) => Some("`place` puts a new piece"),
        Clause::Remove(_) => Some("`remove` is an action of its own"),
        Clause::Then(..) => Some("`then` starts a new action"),
        Clause::Turn { .. } => Some("turning a block is an action of its own"),
        Clause::CarryTo { .. } => Some("`carry to` moves a piece"),
        Clause::Become { .. } => Some("`become` changes the piece in hand, and there is none"),
        Clause::Group { alts, .. } => {
            alts.iter().flatten().for_each(|c| refuse_actions(cx, c));
            None
        }
        Clause::Can { body, .. } | Clause::Each { body, .. } => {
            body.iter().for_each(|c| refuse_actions(cx, c));
            None
        }
        _ => None,
    };
    if let Some(what) = what {
        cx.report(
            error::invalid(
                "rules::compile::not_an_effect",
                "an effect after each action cannot make an action",
                clause.span(),
                what,
            )
            .with_help(
                "an effect only tests, captures (`capture`), flips (`flip`) and marks (`mark`); \
                 write moves in the turn's `choose` lines",
            ),
        );
    }
}

/// Whether every way through the clause starts by choosing a cell (`anywhere`).
fn chooses_cell(clause: &Clause) -> bool {
    match clause {
        Clause::Anywhere(_) => true,
        Clause::Group {
            alts,
            repeat: Repeat::Once | Repeat::AtLeastOnce,
            ..
        } => alts.iter().all(|alt| alt.first().is_some_and(chooses_cell)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(alts: Vec<Vec<Clause>>, repeat: Repeat) -> Clause {
        Clause::Group {
            alts,
            repeat,
            span: Span::default(),
        }
    }

    fn anywhere() -> Clause {
        Clause::Anywhere(Span::default())
    }

    fn capture() -> Clause {
        Clause::Capture(crate::syntax::ast::CaptureHow::Now, Span::default())
    }

    #[test]
    fn an_effect_must_choose_a_cell_on_every_way_first() {
        assert!(chooses_cell(&anywhere()));
        assert!(!chooses_cell(&capture()));
        let both = group(vec![vec![anywhere(), capture()], vec![anywhere()]], Repeat::Once);
        assert!(chooses_cell(&both));
        let one = group(vec![vec![anywhere()], vec![capture()]], Repeat::Once);
        assert!(!chooses_cell(&one));
        // An optional group may be skipped: the way after it has no cell.
        assert!(!chooses_cell(&group(vec![vec![anywhere()]], Repeat::Maybe)));
    }

    #[test]
    fn actions_are_refused_inside_groups_and_lookaheads() {
        let mut cx = Ctx::default();
        let inner = Clause::Can {
            negate: false,
            body: vec![Clause::Land(Span::default())],
            span: Span::default(),
        };
        refuse_actions(&mut cx, &group(vec![vec![inner], vec![capture()]], Repeat::Once));
        let codes: Vec<_> = cx.problems.iter().map(|p| p.code).collect();
        assert_eq!(codes, ["rules::compile::not_an_effect"]);
        let mut cx = Ctx::default();
        refuse_actions(&mut cx, &capture());
        assert!(cx.problems.is_empty());
    }
}
