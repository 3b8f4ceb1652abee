//! The statements of one test, run in order on one engine.

// A failure is a full diagnostic, built once per failed test, never on a
// hot path: its size does not matter.
#![allow(clippy::result_large_err)]

use crate::diag::{Problem, Span};
use crate::engine::{Engine, MoveBuf, Position, Status};
use crate::explain::split;
use crate::ir::rule_tests::{RuleTest, TestStep, WrittenMove};
use crate::ir::{BinOp, Expr, Outcome};
use crate::notation::{self, ParseMoveError};
use crate::position_text;

/// The most legal moves a failure lists.
const LISTED: usize = 24;

/// Runs `test` (compiled with `engine`'s game, whose expressions it reads)
/// statement by statement: the first statement that does not hold is the error.
pub(super) fn run(engine: &Engine, test: &RuleTest) -> Result<(), Problem> {
    let mut pos = engine.start();
    let mut buf = MoveBuf::new();
    for step in &test.steps {
        step_once(engine, test, step, &mut pos, &mut buf)?;
        if let Some(e) = engine.take_exhausted() {
            let span = step_span(step);
            let reason = format!(
                "listing the moves of a position took more than the engine's budget ({})",
                e.limit
            );
            return Err(failure(test, span, reason, None));
        }
    }
    Ok(())
}

fn step_once(
    engine: &Engine,
    test: &RuleTest,
    step: &TestStep,
    pos: &mut Position,
    buf: &mut MoveBuf,
) -> Result<(), Problem> {
    match step {
        TestStep::From { text, span } => {
            *pos = position_text::read(engine, text).map_err(|e| {
                failure(
                    test,
                    *span,
                    format!("this is not a position of the game: {}", e.0),
                    Some("write it as `rulebook position FILE` prints it".into()),
                )
            })?;
        }
        TestStep::Play(moves) => {
            for m in moves {
                let mv = notation::parse(engine, pos, &m.text, buf)
                    .map_err(|e| not_legal(engine, test, pos, m, &e, buf))?;
                engine.play_unchecked(pos, mv.as_ref());
            }
        }
        TestStep::Legal(moves) => {
            for m in moves {
                notation::parse(engine, pos, &m.text, buf)
                    .map_err(|e| not_legal(engine, test, pos, m, &e, buf))?;
            }
        }
        TestStep::Illegal(moves) => {
            for m in moves {
                match notation::parse(engine, pos, &m.text, buf) {
                    Err(ParseMoveError::NotLegal(_)) => {
                        // A move through a cell the board lacks is a typo, not a rule.
                        if let Some(cell) = unknown_cell(engine, &m.text) {
                            let reason =
                                format!("`{}` names `{cell}`, which is no cell of the board", m.text);
                            return Err(failure(test, m.span, reason, None));
                        }
                    }
                    Err(e @ (ParseMoveError::Malformed(_) | ParseMoveError::Ambiguous(..))) => {
                        return Err(failure(test, m.span, e.to_string(), None));
                    }
                    Ok(mv) => {
                        let full = notation::format(engine, mv.as_ref());
                        let reason = if full == m.text {
                            format!("`{}` is legal here", m.text)
                        } else {
                            format!("`{}` is legal here (as {full})", m.text)
                        };
                        return Err(failure(test, m.span, reason, None));
                    }
                }
            }
        }
        TestStep::Status { expected, span } => {
            let found = match engine.status(pos, buf) {
                Status::Ongoing => None,
                Status::Over(outcome) => Some(outcome),
            };
            if found != *expected {
                let reason = format!(
                    "the status is {}, not {}",
                    status_words(engine, found),
                    status_words(engine, *expected)
                );
                return Err(failure(test, *span, reason, None));
            }
        }
        TestStep::Expect { when, span } => {
            let mover = engine.last_mover(pos);
            if engine.eval(when, pos, mover) == 0 {
                let reason = match when {
                    Expr::Binary(op, a, b) if is_comparison(*op) => format!(
                        "this does not hold: the left side is {}, the right side {}",
                        engine.eval(a, pos, mover),
                        engine.eval(b, pos, mover)
                    ),
                    _ => "this does not hold".to_string(),
                };
                return Err(failure(test, *span, reason, None));
            }
        }
        TestStep::Perft { depth, count, span } => {
            let found = engine.perft(pos, *depth);
            if found != *count {
                let reason = format!("perft {depth} is {found}, not {count}");
                return Err(failure(test, *span, reason, None));
            }
        }
    }
    Ok(())
}

/// The failure of a move that should be legal, with the legal moves in the help.
fn not_legal(
    engine: &Engine,
    test: &RuleTest,
    pos: &Position,
    m: &WrittenMove,
    e: &ParseMoveError,
    buf: &mut MoveBuf,
) -> Problem {
    let legal = notation::legal_move_names(engine, pos, buf);
    let help = match legal.len() {
        0 => "no move is legal here".to_string(),
        n if n <= LISTED => format!("the legal moves here: {}", legal.join(" ")),
        n => format!("the legal moves here ({n}): {} …", legal[..LISTED].join(" ")),
    };
    failure(test, m.span, e.to_string(), Some(help))
}

/// The problem of test `test` failing at `span` for `reason`.
pub(super) fn failure(test: &RuleTest, span: Span, reason: String, help: Option<String>) -> Problem {
    let mut problem = Problem::error(
        "rules::test::failed",
        format!("test \"{}\" failed: {reason}", test.name),
        span,
        "fails here",
    );
    if span != test.span {
        problem = problem.with_label(test.span, "in this test");
    }
    match help {
        Some(h) => problem.with_help(h),
        None => problem,
    }
}

/// A cell that a move names and the board lacks (what else the move does,
/// in braces, aside), read as `explain` reads typed moves.
fn unknown_cell(engine: &Engine, text: &str) -> Option<String> {
    let written = text.split('{').next().unwrap_or(text);
    split::actions(written)
        .into_iter()
        .find_map(|action| split::unknown_cells(engine, action).into_iter().next())
}

fn is_comparison(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
    )
}

/// `ongoing`, `draw` or `win NAME`, as a test writes it.
fn status_words(engine: &Engine, outcome: Option<Outcome>) -> String {
    match outcome {
        None => "ongoing".to_string(),
        Some(Outcome::Draw) => "draw".to_string(),
        Some(Outcome::Win(p)) => format!("win {}", engine.game().players[p.index()]),
    }
}

/// Where a statement stands (its first move, for lists of moves).
fn step_span(step: &TestStep) -> Span {
    match step {
        TestStep::From { span, .. }
        | TestStep::Status { span, .. }
        | TestStep::Expect { span, .. }
        | TestStep::Perft { span, .. } => *span,
        TestStep::Play(moves) | TestStep::Legal(moves) | TestStep::Illegal(moves) => {
            moves.first().map_or(Span::default(), |m| m.span)
        }
    }
}
