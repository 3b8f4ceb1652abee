//! How a game ends, in words: the end rules as sentences (the author's own
//! wording where a rule has `because "…"`, else one derived from the rule),
//! and why a finished game ended, with the rule's line in the rules file.

use rulebook::diag::SourceFile;
use rulebook::engine::{Engine, MoveBuf, Position, Status};
use rulebook::ir::{Expr, NoMove, Outcome, RuleText};

use super::describe::{At, eval, expr_text, player_name};

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

/// How the game ends, one sentence per end rule, with option values filled in.
pub fn end_rules_text(engine: &Engine) -> Vec<String> {
    let game = engine.game();
    let end = &game.end;
    let mut out = Vec::new();
    let never = |e: &Expr| eval(engine, e, At::NOWHERE) == Some(0);
    for (i, (cond, outcome)) in end.results.iter().enumerate() {
        if never(cond) {
            continue;
        }
        let what = outcome_text(engine, *outcome);
        let when = condition(engine, cond, end.result_texts.get(i), At::NOWHERE);
        out.push(format!("{what} when {when}."));
    }
    out.push(match end.no_move {
        NoMove::Loses => "A player who cannot move loses.".to_string(),
        NoMove::LosesIfInCheck => {
            "A player who cannot move loses if their royal piece is attacked (checkmate), else a draw."
                .to_string()
        }
        NoMove::Draw => "A player who cannot move: a draw.".to_string(),
    });
    if let Some(limit) = &end.turn_limit {
        out.push(format!(
            "A draw after {} moves (counting both sides).",
            expr_text(engine, limit, At::NOWHERE)
        ));
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
    let (base, reason) = if pos.result().is_some() {
        let fired = end
            .results
            .iter()
            .position(|(cond, _)| eval(engine, cond, at).is_some_and(|v| v != 0));
        match fired {
            Some(i) => {
                let (cond, o) = &end.results[i];
                let text = end.result_texts.get(i);
                (
                    *o,
                    format!(
                        "{}{}",
                        condition(engine, cond, text, at),
                        rule_place(source, text)
                    ),
                )
            }
            None => {
                let limit = end
                    .turn_limit
                    .as_ref()
                    .map(|l| expr_text(engine, l, At::NOWHERE))
                    .unwrap_or_default();
                (Outcome::Draw, format!("the limit of {limit} moves was reached"))
            }
        }
    } else {
        let mover = engine.mover(pos);
        let name = player_name(engine, mover);
        match end.no_move {
            NoMove::Loses => (
                outcome,
                format!("{name} cannot move, and a player who cannot move loses"),
            ),
            NoMove::LosesIfInCheck if engine.in_check(pos, mover) => {
                (outcome, format!("{name} cannot move and is in check: checkmate"))
            }
            NoMove::LosesIfInCheck | NoMove::Draw => (Outcome::Draw, format!("{name} cannot move")),
        }
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
