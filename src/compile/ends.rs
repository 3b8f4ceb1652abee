//! Pass 6: the end rules: results in order, the turn limit, the no-move rule,
//! scores, passes, the quiet-move and repetition draws.

use super::error::{self, NameKind};
use super::exprs::{self, Ty};
use super::{Ctx, ranges, warnings};
use crate::diag::Span;
use crate::ir::{
    BinOp, EndOutcome, EndResult, EndRules, Expr, NoMove, Outcome, PieceKind, PlayerId, Quiet, RuleText,
};
use crate::syntax::ast::{EndStmt, ExprKind, Ident, Item, RuleWording, RulesFile};

pub(super) fn build(cx: &mut Ctx, file: &RulesFile) -> EndRules {
    let mut end = EndRules::default();
    let mut seen = Seen::default();
    for item in &file.items {
        let Item::End(stmts) = item else { continue };
        for stmt in stmts {
            statement(cx, stmt, None, &mut end, &mut seen);
        }
    }
    if end.scores.is_empty() && seen.best_score.is_some() {
        cx.report(
            error::missing(
                "scores",
                seen.best_score.unwrap_or_default(),
                "say how each player scores, e.g. `for P in players: score P = count(Disc, P)`",
            )
            .with_label(seen.best_score.unwrap_or_default(), "the best score decides here"),
        );
    }
    end.scores.resize(cx.players.len(), Expr::Const(0));
    end
}

/// Statements given once, with where.
#[derive(Default)]
struct Seen {
    no_move: bool,
    limit: bool,
    best_score: Option<Span>,
    scores: Vec<bool>,
}

/// One statement of the `end` block, under `guard` when it sits inside `if …:`.
fn statement(cx: &mut Ctx, stmt: &EndStmt, guard: Option<&Expr>, end: &mut EndRules, seen: &mut Seen) {
    match stmt {
        EndStmt::Win {
            player,
            when,
            each,
            wording,
        }
        | EndStmt::OnDraw {
            player,
            when,
            each,
            wording,
        } => {
            let on_draw = matches!(stmt, EndStmt::OnDraw { .. });
            for (c, w) in win_conditions(cx, player, when, each) {
                if on_draw {
                    end.draw_winners.push((guarded(guard, c), w));
                    end.draw_winner_texts.push(text(wording));
                } else {
                    end.results
                        .push(result(guarded(guard, c), Outcome::Win(w), guard.is_none()));
                    end.result_texts.push(text(wording));
                }
            }
        }
        EndStmt::Draw { when, each, wording } => add_draws(cx, end, guard, when, each, wording),
        EndStmt::Limit(e) => set_limit(cx, end, seen, e, EndOutcome::Draw, guard),
        EndStmt::After {
            count,
            passes,
            best_score,
            span,
        } => {
            let how = if *best_score {
                seen.best_score.get_or_insert(*span);
                EndOutcome::BestScore
            } else {
                EndOutcome::Draw
            };
            if *passes {
                set_passes(cx, end, count, how, *span);
            } else {
                set_limit(cx, end, seen, count, how, guard);
            }
        }
        EndStmt::NoMove {
            loses,
            only_in_check,
            best_score,
            span,
        } => set_no_move(cx, end, seen, (*loses, *only_in_check, *best_score), *span),
        EndStmt::Score { player, value, each } => set_scores(cx, end, seen, player, value, each),
        EndStmt::Quiet {
            limit,
            capture,
            drop,
            kinds,
            span,
        } => {
            let limit = quiet_limit(cx, limit, guard);
            let kinds = piece_kinds(cx, kinds);
            let quiet = limit.map(|limit| Quiet {
                guard: guard.cloned(),
                limit,
                capture: *capture,
                kinds,
                drop: *drop,
            });
            set_quiet(cx, end, quiet, *span);
        }
        EndStmt::Repeated { times, span } => set_repetition(cx, end, times, *span, guard),
        EndStmt::Guarded { guard: g, stmt } => guarded_statement(cx, g, stmt, guard, end, seen),
    }
}

/// `e` under the guard of the `if …:` it sits in, if any.
fn guarded(guard: Option<&Expr>, e: Expr) -> Expr {
    match guard {
        Some(g) => Expr::Binary(crate::ir::BinOp::And, Box::new(g.clone()), Box::new(e)),
        None => e,
    }
}

/// The conditions of `win WINNER when …`, for each binding of `for X in
/// players:` (or the one unbound pass), each with the player it makes win;
/// a binding with a mistake (reported) gives none.
fn win_conditions(
    cx: &mut Ctx,
    player: &crate::syntax::ast::Expr,
    when: &crate::syntax::ast::Expr,
    each: &Option<Ident>,
) -> Vec<(Expr, PlayerId)> {
    let mut conditions = Vec::new();
    for binding in bindings(cx, each) {
        let winner = winner(cx, player, binding);
        let cond = exprs::lower_as(cx, when, Ty::Bool, binding);
        if let Some(c) = &cond {
            warnings::never_true(cx, c, when.span);
        }
        let (Some(winner), Some(c)) = (winner, cond) else {
            continue;
        };
        // A winner known only in play (`mover`, `opponent(P)`) is one
        // rule per player: that the winner is them (asked first: it is
        // cheap, and false for all players but one), and the condition.
        match winner {
            Winner::Player(w) => conditions.push((c, w)),
            Winner::Expr(w) => conditions.extend((0..cx.players.len()).map(|p| {
                let p = PlayerId(p as u8);
                let is_p = Expr::Binary(BinOp::Eq, Box::new(w.clone()), Box::new(Expr::Player(p)));
                (Expr::Binary(BinOp::And, Box::new(is_p), Box::new(c.clone())), p)
            })),
        }
    }
    conditions
}

/// `draw when …`, for each binding of `for X in players:` (or the one unbound pass).
fn add_draws(
    cx: &mut Ctx,
    end: &mut EndRules,
    guard: Option<&Expr>,
    when: &crate::syntax::ast::Expr,
    each: &Option<Ident>,
    wording: &RuleWording,
) {
    for binding in bindings(cx, each) {
        if let Some(c) = exprs::lower_as(cx, when, Ty::Bool, binding) {
            warnings::never_true(cx, &c, when.span);
            end.results
                .push(result(guarded(guard, c), Outcome::Draw, guard.is_none()));
            end.result_texts.push(text(wording));
        }
    }
}

/// `after N passes: …`: the game ends after N passes in a row, as `how` says.
fn set_passes(
    cx: &mut Ctx,
    end: &mut EndRules,
    count: &crate::syntax::ast::Expr,
    how: EndOutcome,
    span: Span,
) {
    let n = match exprs::lower_as(cx, count, Ty::Int, None) {
        Some(Expr::Const(n)) if (1..=1000).contains(&n) => n as u32,
        Some(_) => {
            cx.report(error::out_of_range(
                "the number of passes",
                count.span,
                "a number from 1 to 1000",
            ));
            return;
        }
        None => return,
    };
    if end.passes.is_some() {
        cx.report(error::invalid(
            "rules::compile::duplicate",
            "the passes that end the game are given twice",
            span,
            "given again here",
        ));
    }
    end.passes = Some((n, how));
}

/// `no move: …`: what happens to a player who cannot move, from the
/// statement's `(loses, only_in_check, best_score)`.
fn set_no_move(
    cx: &mut Ctx,
    end: &mut EndRules,
    seen: &mut Seen,
    (loses, only_in_check, best_score): (bool, bool, bool),
    span: Span,
) {
    if seen.no_move {
        cx.report(error::invalid(
            "rules::compile::duplicate",
            "the no-move rule is given twice",
            span,
            "given again here",
        ));
    }
    seen.no_move = true;
    if best_score {
        seen.best_score.get_or_insert(span);
    }
    end.no_move = match (loses, only_in_check, best_score) {
        (_, _, true) => NoMove::BestScore,
        (true, true, _) => NoMove::LosesIfInCheck,
        (true, false, _) => NoMove::Loses,
        _ => NoMove::Draw,
    };
}

/// `score P = …`, for one player or for each (`for P in players:`).
fn set_scores(
    cx: &mut Ctx,
    end: &mut EndRules,
    seen: &mut Seen,
    player: &Ident,
    value: &crate::syntax::ast::Expr,
    each: &Option<Ident>,
) {
    for binding in bindings(cx, each) {
        let who = match binding {
            Some((var, p)) if var == player.text => Some(p),
            _ => {
                let p = cx.players.resolve(NameKind::Player, player);
                cx.ok(p)
            }
        };
        let value = exprs::lower_as(cx, value, Ty::Int, binding);
        let (Some(p), Some(v)) = (who, value) else {
            continue;
        };
        if end.scores.len() <= p {
            end.scores.resize(p + 1, Expr::Const(0));
            seen.scores.resize(p + 1, false);
        }
        if seen.scores[p] {
            cx.report(error::invalid(
                "rules::compile::duplicate",
                format!(
                    "the score of `{}` is given twice",
                    cx.players.names().nth(p).unwrap_or_default()
                ),
                player.span,
                "given again here",
            ));
        }
        seen.scores[p] = true;
        end.scores[p] = v;
    }
}

/// The number of moves of the quiet-move draw, checked to be read once and
/// to be at least 1 where the rule applies.
fn quiet_limit(cx: &mut Ctx, limit: &crate::syntax::ast::Expr, guard: Option<&Expr>) -> Option<Expr> {
    let limit_span = limit.span;
    let limit = exprs::lower_as(cx, limit, Ty::Int, None);
    if let Some(l) = &limit {
        super::history::read_once(cx, l, limit_span, "the number of moves of the quiet-move draw");
        at_least_one(
            cx,
            l,
            guard,
            limit_span,
            "the number of moves of the quiet-move draw",
        );
    }
    limit
}

/// The piece kinds named by the quiet-move draw (`without … Kind move`); an
/// unknown one is reported and left out.
fn piece_kinds(cx: &mut Ctx, kinds: &[Ident]) -> Vec<PieceKind> {
    kinds
        .iter()
        .filter_map(|k| {
            let k = cx.kinds.resolve(NameKind::Piece, k);
            cx.ok(k).map(|k| PieceKind(k as u8))
        })
        .collect()
}

/// Sets the quiet-move draw (`None` after a mistake in it, reported), telling
/// of one given twice.
fn set_quiet(cx: &mut Ctx, end: &mut EndRules, quiet: Option<Quiet>, span: Span) {
    if end.quiet.is_some() {
        cx.report(error::invalid(
            "rules::compile::duplicate",
            "the quiet-move draw is given twice",
            span,
            "given again here",
        ));
    }
    if quiet.is_some() {
        end.quiet = quiet;
    }
}

/// `draw when repeated N times`: the repetition draw.
fn set_repetition(
    cx: &mut Ctx,
    end: &mut EndRules,
    times: &crate::syntax::ast::Expr,
    span: Span,
    guard: Option<&Expr>,
) {
    if end.repetition.is_some() {
        cx.report(error::invalid(
            "rules::compile::duplicate",
            "the repetition draw is given twice",
            span,
            "given again here",
        ));
    }
    if let Some(n) = exprs::lower_as(cx, times, Ty::Int, None) {
        super::history::read_once(cx, &n, times.span, "the number of times of the repetition draw");
        at_least_one(
            cx,
            &n,
            guard,
            times.span,
            "the number of times of the repetition draw",
        );
        end.repetition = Some((guard.cloned(), n));
    }
}

/// `if GUARD: statement`: the statement under its own guard and the outer one.
fn guarded_statement(
    cx: &mut Ctx,
    g: &crate::syntax::ast::Expr,
    stmt: &EndStmt,
    guard: Option<&Expr>,
    end: &mut EndRules,
    seen: &mut Seen,
) {
    let g_span = g.span;
    let Some(g) = exprs::lower_as(cx, g, Ty::Bool, None) else {
        return;
    };
    if matches!(*stmt, EndStmt::Quiet { .. } | EndStmt::Repeated { .. }) {
        super::history::read_once(cx, &g, g_span, "this guard");
    }
    let both = guarded(guard, g);
    statement(cx, stmt, Some(&both), end, seen);
}

/// `draw after N moves` or `after N moves: …`: the game ends when N moves have been made.
fn set_limit(
    cx: &mut Ctx,
    end: &mut EndRules,
    seen: &mut Seen,
    e: &crate::syntax::ast::Expr,
    how: EndOutcome,
    guard: Option<&Expr>,
) {
    if std::mem::replace(&mut seen.limit, true) {
        cx.report(error::invalid(
            "rules::compile::duplicate",
            "the turn limit is given twice",
            e.span,
            "given again here",
        ));
    }
    end.turn_limit = exprs::lower_as(cx, e, Ty::Int, None).map(|limit| {
        at_least_one(cx, &limit, guard, e.span, "the number of moves of the turn limit");
        // A guard that is false disables the limit (a limit of 0 is none).
        let limit = match guard {
            Some(g) => Expr::If(Box::new(g.clone()), Box::new(limit), Box::new(Expr::Const(0))),
            None => limit,
        };
        (limit, how)
    });
}

/// Refuses a count (`what`) that could be 0 or less where its rule applies
/// (`guard` holds): such a rule would never apply, silently.
fn at_least_one(cx: &mut Ctx, count: &Expr, guard: Option<&Expr>, span: Span, what: &str) {
    let mut narrowed = Vec::new();
    if let Some(g) = guard {
        ranges::narrow(cx, g, &mut narrowed);
    }
    let least = ranges::values(cx, count, &narrowed).min();
    if least >= 1 {
        return;
    }
    let can_be = if least >= i64::MIN as i128 {
        format!("can be {least}")
    } else {
        "can be 0 or less".to_string()
    };
    cx.report(
        error::invalid(
            "rules::compile::out_of_range",
            format!("{what} {can_be}: the rule would then never apply"),
            span,
            "must be at least 1",
        )
        .with_help(
            "give the option it reads a range from 1 (`in 1..`), or apply the rule only when it is positive \
             (`if n > 0: draw after n moves`)",
        ),
    );
}

/// A result rule; a line, a connection or a piece's arrival in a region
/// alone is evaluated only where the last move changed the board (one that
/// was already there would have ended the game before). An exact line is looked for everywhere: a move can make
/// one without touching it, by taking a piece from the end of a longer row.
fn result(when: Expr, outcome: Outcome, plain: bool) -> EndResult {
    let local = plain
        && (matches!(when, Expr::Line { exact: false, .. } | Expr::Connected { .. })
            || when.arrival().is_some());
    let whole_move = when.reads_history();
    EndResult {
        when,
        outcome,
        local,
        whole_move,
    }
}

/// An end rule's wording as the front ends see it.
fn text(wording: &RuleWording) -> RuleText {
    RuleText {
        because: wording.because.clone(),
        offset: wording.span.start,
    }
}

/// Who a `win` rule names.
enum Winner {
    /// A player, by name or by the `for` variable.
    Player(PlayerId),
    /// A player known only in play: `mover` (who made the last move), `opponent(P)`, ….
    Expr(Expr),
}

/// The winner of `win WINNER when …`: a player, the `for` variable, or a
/// player-valued expression (`mover`, `opponent(mover)`). `None` after reporting.
fn winner(cx: &mut Ctx, player: &crate::syntax::ast::Expr, binding: Option<(&str, usize)>) -> Option<Winner> {
    if let ExprKind::Name(name) = &player.kind {
        if let Some((_, p)) = binding.filter(|(var, _)| *var == name.text) {
            return Some(Winner::Player(PlayerId(p as u8)));
        }
        if name.text != "mover" {
            let p = cx.players.resolve(NameKind::Player, name);
            return cx.ok(p).map(|p| Winner::Player(PlayerId(p as u8)));
        }
    }
    exprs::lower_as(cx, player, Ty::Player, binding).map(Winner::Expr)
}

/// The player bindings of `for X in players:` (one per player), or a single unbound pass.
fn bindings<'a>(cx: &Ctx, each: &'a Option<Ident>) -> Vec<Option<(&'a str, usize)>> {
    match each {
        Some(var) => (0..cx.players.len())
            .map(|p| Some((var.text.as_str(), p)))
            .collect(),
        None => vec![None],
    }
}
