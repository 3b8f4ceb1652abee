//! How a game ends, in words: the end rules as sentences (the author's own
//! wording where a rule has `because "…"`, else one derived from the rule),
//! and why a finished game ended, with the rule's line in the rules file.

use crate::diag::SourceFile;
use crate::engine::{EndCause, Engine, MoveBuf, Position, Status};
use crate::ir::{BinOp, EndOutcome, Expr, NoMove, Outcome, RuleText};

use super::{At, eval, expr_text, player_name};

/// "A win for Red" / "A draw".
fn outcome_text(engine: &Engine, o: Outcome) -> String {
    match o {
        Outcome::Win(p) => format!("A win for {}", player_name(engine, p)),
        Outcome::Draw => "A draw".into(),
    }
}

/// A rule's condition in words: its wording, or a sentence made from it.
fn condition(engine: &Engine, cond: &Expr, text: Option<&RuleText>, at: At) -> String {
    match text.and_then(|t| t.because.as_ref()) {
        Some(because) => because.clone(),
        None => expr_text(engine, cond, at),
    }
}

/// The condition and the winner of a rule that names its winner by turn
/// (`W == P and C`, won by `P`).
fn by_turn(when: &Expr, outcome: Outcome) -> Option<(&Expr, &Expr)> {
    let (Expr::Binary(BinOp::And, is, c), Outcome::Win(p)) = (when, outcome) else {
        return None;
    };
    match &**is {
        Expr::Binary(BinOp::Eq, w, q) if **q == Expr::Player(p) => Some((c, w)),
        _ => None,
    }
}

/// How the game ends, one sentence per end rule, with option values filled in.
pub fn end_rules_text(engine: &Engine) -> Vec<String> {
    let game = engine.game();
    let end = &game.end;
    let mut out = Vec::new();
    let never = |e: &Expr| eval(engine, e, At::NOWHERE) == Some(0);
    for (i, rule) in end.results.iter().enumerate() {
        if never(&rule.when) {
            continue;
        }
        // `win mover when C` became one rule per player (`W == P and C`):
        // said once, with the winner as written.
        let line = match by_turn(&rule.when, rule.outcome) {
            Some((c, w)) => format!(
                "A win for {} when {}.",
                expr_text(engine, w, At::NOWHERE),
                condition(engine, c, end.result_texts.get(i), At::NOWHERE)
            ),
            None => format!(
                "{} when {}.",
                outcome_text(engine, rule.outcome),
                condition(engine, &rule.when, end.result_texts.get(i), At::NOWHERE)
            ),
        };
        if out.last() != Some(&line) {
            out.push(line);
        }
    }
    out.push(match end.no_move {
        NoMove::Loses => "A player who cannot move loses.".to_string(),
        NoMove::LosesIfInCheck => {
            "A player who cannot move loses if their royal piece is attacked (checkmate), else a draw."
                .to_string()
        }
        NoMove::Draw => "A player who cannot move: a draw.".to_string(),
        NoMove::BestScore => "When the player to move cannot move, the best score wins.".to_string(),
    });
    if let Some((limit, how)) = &end.turn_limit
        && !never(limit)
    {
        out.push(format!(
            "After {} moves (counting both sides), {}.",
            expr_text(engine, limit, At::NOWHERE),
            decided_by(*how)
        ));
    }
    if let Some((n, how)) = end.passes {
        let passes = if n == 1 {
            "a pass".to_string()
        } else {
            format!("{n} passes in a row")
        };
        out.push(format!("After {passes}, the game ends: {}.", decided_by(how)));
    }
    if let Some(n) = engine.quiet_limit() {
        out.push(format!(
            "A draw after {n} moves in a row without {}.",
            quiet_resets(engine)
        ));
    }
    if let Some(n) = engine.repetition_limit() {
        out.push(format!(
            "A draw when the same position comes for the {} time.",
            ordinal(n)
        ));
    }
    if end.scores.iter().any(|e| !matches!(e, Expr::Const(0))) {
        for (p, e) in end.scores.iter().enumerate() {
            out.push(format!(
                "{}'s score: {}.",
                player_name(engine, crate::ir::PlayerId(p as u8)),
                expr_text(engine, e, At::NOWHERE)
            ));
        }
    }
    for (i, (cond, p)) in end.draw_winners.iter().enumerate() {
        if never(cond) {
            continue;
        }
        out.push(format!(
            "A game that would end in a draw is won by {} when {}.",
            player_name(engine, *p),
            condition(engine, cond, end.draw_winner_texts.get(i), At::NOWHERE)
        ));
    }
    out
}

/// "a draw" / "the best score wins".
fn decided_by(how: EndOutcome) -> &'static str {
    match how {
        EndOutcome::Draw => "a draw",
        EndOutcome::BestScore => "the best score wins (equal scores draw)",
    }
}

/// What resets the quiet-move count, in words: captures, moves of some kinds, drops.
fn quiet_resets(engine: &Engine) -> String {
    let Some(q) = &engine.game().end.quiet else {
        return String::new();
    };
    let mut parts = Vec::new();
    if q.capture {
        parts.push("a capture".to_string());
    }
    for k in &q.kinds {
        let name = engine.game().kinds.get(k.index()).map_or("", |k| k.name.as_str());
        parts.push(format!("a {name} move"));
    }
    if q.drop {
        parts.push("a piece entering the board".to_string());
    }
    parts.join(" or ")
}

/// "second", "third", "4th".
fn ordinal(n: i64) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        _ => format!("{n}th"),
    }
}

/// The scores in words: "White 40, Black 24".
fn scores_text(engine: &Engine, pos: &Position) -> String {
    engine
        .scores(pos)
        .iter()
        .enumerate()
        .map(|(p, s)| format!("{} {s}", player_name(engine, crate::ir::PlayerId(p as u8))))
        .collect::<Vec<_>>()
        .join(", ")
}

/// " (the end rule at games/x.rules:12)".
fn rule_place(source: &SourceFile, text: Option<&RuleText>) -> String {
    match text {
        Some(t) => {
            let (line, _) = source.line_col(t.offset);
            format!(" (the end rule at {}:{line})", source.name)
        }
        None => String::new(),
    }
}

/// Why the game is over at `pos`, in words, e.g. "no stone is left on the
/// board (the end rule at games/x.rules:72)", or `None` while it goes on.
pub fn end_reason(
    engine: &Engine,
    pos: &Position,
    buf: &mut MoveBuf,
    source: &SourceFile,
) -> Option<(Outcome, String)> {
    let game = engine.game();
    let end = &game.end;
    let Status::Over(outcome) = engine.status(pos, buf) else {
        return None;
    };
    let last = (pos.ply() > 0).then(|| game.order.at(pos.ply() - 1).0);
    let at = At {
        pos: Some(pos),
        mover: last,
    };
    let mover = engine.mover(pos);
    let name = player_name(engine, mover);
    let scored = |how: EndOutcome| match how {
        EndOutcome::BestScore => format!(": the scores decide ({})", scores_text(engine, pos)),
        EndOutcome::Draw => String::new(),
    };
    let (base, reason) = match engine.end_cause(pos, buf)? {
        EndCause::Result(i) => {
            let rule = &end.results[i];
            let text = end.result_texts.get(i);
            (
                rule.outcome,
                format!(
                    "{}{}",
                    condition(engine, &rule.when, text, at),
                    rule_place(source, text)
                ),
            )
        }
        EndCause::TurnLimit(how) => {
            let limit = end
                .turn_limit
                .as_ref()
                .map(|(l, _)| expr_text(engine, l, At::NOWHERE))
                .unwrap_or_default();
            (
                base_of(engine, pos, how),
                format!("the limit of {limit} moves was reached{}", scored(how)),
            )
        }
        EndCause::Passes(how) => (
            base_of(engine, pos, how),
            format!("the players passed in turn{}", scored(how)),
        ),
        EndCause::Quiet => (
            Outcome::Draw,
            format!(
                "{} moves in a row went by without {}",
                engine.quiet_limit().unwrap_or_default(),
                quiet_resets(engine)
            ),
        ),
        EndCause::Repetition => (
            Outcome::Draw,
            format!(
                "the same position came for the {} time",
                ordinal(engine.repetition_limit().unwrap_or_default())
            ),
        ),
        EndCause::NoMove => match end.no_move {
            NoMove::Loses => (
                outcome,
                format!("{name} cannot move, and a player who cannot move loses"),
            ),
            NoMove::LosesIfInCheck if engine.in_check(pos, mover) => {
                (outcome, format!("{name} cannot move and is in check: checkmate"))
            }
            NoMove::LosesIfInCheck | NoMove::Draw => (Outcome::Draw, format!("{name} cannot move")),
            NoMove::BestScore => (
                base_of(engine, pos, EndOutcome::BestScore),
                format!("{name} cannot move{}", scored(EndOutcome::BestScore)),
            ),
        },
    };
    if base == Outcome::Draw
        && let Outcome::Win(p) = outcome
    {
        let why = end
            .draw_winners
            .iter()
            .position(|(cond, w)| *w == p && eval(engine, cond, at).is_some_and(|v| v != 0))
            .map(|i| {
                let text = end.draw_winner_texts.get(i);
                format!(
                    "{}{}",
                    condition(engine, &end.draw_winners[i].0, text, at),
                    rule_place(source, text)
                )
            })
            .unwrap_or_default();
        return Some((
            outcome,
            format!(
                "{reason}: that would be a draw, but {} wins it because {why}",
                player_name(engine, p)
            ),
        ));
    }
    Some((outcome, reason))
}

/// The outcome a rule gives by itself, before an `on draw` rule: a draw, or
/// what the scores give (the single best score wins, equal ones draw).
fn base_of(engine: &Engine, pos: &Position, how: EndOutcome) -> Outcome {
    if how == EndOutcome::Draw {
        return Outcome::Draw;
    }
    let scores = engine.scores(pos);
    let best = scores.iter().copied().max().unwrap_or(0);
    let mut leaders = (0..scores.len()).filter(|&p| scores[p] == best);
    match (leaders.next(), leaders.next()) {
        (Some(p), None) => Outcome::Win(crate::ir::PlayerId(p as u8)),
        _ => Outcome::Draw,
    }
}
