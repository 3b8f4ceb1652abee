//! A clause of a rule that refuses an action: which test of the rule's
//! program, where it is written, and what fails, in words.

use super::words::{self, either};
use super::{Refusal, RefusalKind, RuleAt};
use crate::engine::{Engine, Move, MoveRef, Position, Token, strip_probes};
use crate::ir::{CellId, Op};

/// The refusal by the tests `ops` of rule `rule` (each failing), with which
/// relaxed the rule makes `found` in `pos` (a position of the mover's
/// turn); `say` puts the reason in its context.
pub fn refusal(
    engine: &Engine,
    pos: &Position,
    rule: usize,
    ops: &[usize],
    found: MoveRef,
    say: &dyn Fn(String) -> String,
) -> Refusal {
    let game = engine.game();
    let name = words::rule(engine, rule);
    let mut parts = ops.iter().enumerate().map(|(i, &op)| {
        let (label, detail) = what_fails(engine, pos, rule, op, i, found);
        (game.sources.op(rule, op), label, detail)
    });
    let (clause, label, detail) = parts.next().unwrap_or_default();
    let mut details = vec![detail];
    let mut notes = Vec::new();
    for (span, label, detail) in parts {
        details.push(detail);
        notes.extend(span.map(|s| (s, label)));
    }
    Refusal {
        kind: RefusalKind::Clause,
        rule: RuleAt {
            name: name.clone(),
            span: game.sources.rules.get(rule).map(|s| s.span),
        },
        clause,
        label,
        reason: say(format!("`{name}` refuses it: {}", details.join("; and "))),
        notes,
    }
}

/// What op `op` of rule `rule` (the `i`-th relaxed) refuses of `found` (the
/// action it makes once relaxed): a short label for its span, and a clause
/// for the reason.
fn what_fails(
    engine: &Engine,
    pos: &Position,
    rule: usize,
    op: usize,
    i: usize,
    found: MoveRef,
) -> (String, String) {
    let game = engine.game();
    let mover = engine.mover(pos);
    let program = &game.rules[rule].program.ops;
    let (probed, _) = strip_probes(found, i);
    let plain = (0..crate::engine::MAX_RELAXED).fold(found.to_move(), |mv, i| strip_probes(mv.as_ref(), i).1);
    let (from, to) = ends(plain.as_ref());
    let name = |c: Option<CellId>| c.map(|c| words::cell(engine, c)).unwrap_or_default();
    match &program[op] {
        Op::Go(dirs) => {
            let topo = &game.topology;
            let names: Vec<String> = dirs
                .get(mover.index())
                .map(|d| d.iter().map(|d| topo.dir_names[d.0 as usize].clone()).collect())
                .unwrap_or_default();
            let lies = from
                .zip(to)
                .and_then(|(f, t)| {
                    let d =
                        (0..topo.dir_names.len()).find(|&d| topo.step(f, crate::ir::DirId(d as u8)) == t)?;
                    Some(format!(
                        ", and {} lies {} of {}",
                        name(Some(t)),
                        topo.dir_names[d],
                        name(Some(f))
                    ))
                })
                .unwrap_or_default();
            (
                format!("only {} for {}", names.join(", "), words::player(engine, mover)),
                format!("it goes only {} from {}{lies}", either(&names), name(from)),
            )
        }
        Op::If(cond) | Op::AnywhereIf(cond) => {
            // The cells where the test was passed once relaxed (the landing
            // for a choice of cells), as the board was when it was made:
            // before the action (the moving piece in hand, off its cell) or,
            // after a placing or a capture, as the action left it.
            let cells = if probed.is_empty() {
                to.into_iter().collect()
            } else {
                probed
            };
            let before = &program[..op];
            let seen = if before.iter().any(writes) {
                engine.after_tokens(pos, plain.as_ref())
            } else if let Some(from) = from.filter(|_| before.contains(&Op::Lift)) {
                engine.after_tokens(pos, Move::from_tokens([Token::Lift(from)]).as_ref())
            } else {
                pos.clone()
            };
            let failing = cells.iter().find_map(|&c| {
                let parts = engine.failing_parts(*cond, mover, c, &seen);
                (!parts.is_empty()).then(|| (c, words::failing(engine, &seen, &parts, c, mover)))
            });
            let Some((cell, said)) = failing else {
                return (
                    "does not hold".to_string(),
                    "its condition does not hold".to_string(),
                );
            };
            let at = name(Some(cell));
            let on_the_way = if Some(cell) != to && Some(cell) != from {
                format!("on its way to {}, ", name(to))
            } else {
                String::new()
            };
            let said = said.unwrap_or_else(|| format!("its condition does not hold on {at}"));
            (format!("fails on {at}"), format!("{on_the_way}{said}"))
        }
        Op::When(_) => (
            "false here".to_string(),
            "its condition (`when …`) is false here".to_string(),
        ),
        Op::Can { negate: true, .. } => (
            format!("the way can go on from {}", name(to)),
            format!("it stops on {}, where its way can go on, and must", name(to)),
        ),
        Op::Can { negate: false, .. } => (
            "finds no way here".to_string(),
            "its lookahead (`can …`) finds no way".to_string(),
        ),
        Op::NotJumped => {
            let twice = probed
                .iter()
                .enumerate()
                .find(|(i, c)| probed[..*i].contains(c))
                .map(|(_, c)| *c);
            (
                "a piece may be jumped only once".to_string(),
                format!("it would jump the piece on {} twice", name(twice.or(to))),
            )
        }
        Op::NotStopped => (
            "the piece has stopped".to_string(),
            "it would go on after the piece was stopped (by a capture, an exit or a promotion)".to_string(),
        ),
        Op::Each { .. } => (
            "nothing would change".to_string(),
            "it would change nothing, and the rule asks for a change (`must`)".to_string(),
        ),
        _ => ("refuses it".to_string(), "it does not allow it".to_string()),
    }
}

/// Whether an op changes the board (what a later test sees).
fn writes(op: &Op) -> bool {
    matches!(
        op,
        Op::Place(_)
            | Op::Capture
            | Op::CaptureAtEnd
            | Op::CaptureGroup
            | Op::Remove
            | Op::Flip
            | Op::Each { .. }
            | Op::Then
    )
}

/// Where an action starts (its piece, or the cell it is dropped on) and its last landing.
fn ends(mv: MoveRef) -> (Option<CellId>, Option<CellId>) {
    let from = mv.tokens().find_map(|t| match t {
        Token::From(c) | Token::Place(c) | Token::Take(c) => Some(c),
        _ => None,
    });
    (from, mv.last_landing())
}
