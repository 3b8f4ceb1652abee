//! `test "name" { … }` blocks: their names checked against the rules (options,
//! players, the names their expressions read) and compiled to
//! [`ir::rule_tests::RuleTest`]s, which `rulebook test` runs.

use super::Ctx;
use super::error::{self, NameKind};
use super::exprs::{self, Ty};
use crate::diag::{Problem, Span};
use crate::engine::OptionError;
use crate::ir::rule_tests::{RuleTest, TestStep as Step, WrittenMove};
use crate::ir::{Outcome, PlayerId};
use crate::syntax::ast::{Ident, Item, Literal, RulesFile, TestDecl, TestStatus, TestStep};

/// The deepest perft a test may ask for: deeper counts take minutes.
pub(super) const MAX_TEST_PERFT: i64 = 10;

/// Compiles every test of the file, reporting each problem.
pub(super) fn build(cx: &mut Ctx, file: &RulesFile) -> Vec<RuleTest> {
    let mut tests: Vec<RuleTest> = Vec::new();
    let mut seen: Vec<(&str, Span)> = Vec::new();
    for item in &file.items {
        let Item::Test(decl) = item else { continue };
        if let Some((_, first)) = seen.iter().find(|(n, _)| *n == decl.name) {
            cx.report(
                error::invalid(
                    "rules::compile::duplicate",
                    format!("test \"{}\" is declared twice", decl.name),
                    decl.name_span,
                    "declared again here",
                )
                .with_label(*first, "first declared here")
                .with_help("give each test its own name"),
            );
            continue;
        }
        seen.push((&decl.name, decl.name_span));
        if let Some(test) = test(cx, decl) {
            tests.push(test);
        }
    }
    tests
}

/// One test; `None` if a statement of it has a problem (reported).
fn test(cx: &mut Ctx, decl: &TestDecl) -> Option<RuleTest> {
    let mut sets: Vec<(String, String, Span)> = Vec::new();
    let mut steps = Vec::new();
    let mut ok = true;
    for step in &decl.steps {
        let compiled = match step {
            TestStep::Set { name, value, span } => {
                match set(cx, name, value, *span, &sets) {
                    Some(s) => sets.push(s),
                    None => ok = false,
                }
                continue;
            }
            TestStep::From { text, span } => Some(Step::From {
                text: text.clone(),
                span: *span,
            }),
            TestStep::Play(moves) => Some(Step::Play(written(moves))),
            TestStep::Legal(moves) => Some(Step::Legal(written(moves))),
            TestStep::Illegal(moves) => Some(Step::Illegal(written(moves))),
            TestStep::Status { expected, span } => status(cx, expected).map(|expected| Step::Status {
                expected,
                span: *span,
            }),
            TestStep::Expect(expr) => expect(cx, expr),
            TestStep::Perft { depth, count, span } => perft(cx, *depth, *count, *span),
        };
        match compiled {
            Some(s) => steps.push(s),
            None => ok = false,
        }
    }
    ok.then(|| RuleTest {
        name: decl.name.clone(),
        span: decl.name_span,
        sets: sets.into_iter().map(|(n, v, _)| (n, v)).collect(),
        steps,
    })
}

/// `set NAME = VALUE`: a known option, given a value of its type and range, once.
fn set(
    cx: &mut Ctx,
    name: &Ident,
    value: &Literal,
    span: Span,
    earlier: &[(String, String, Span)],
) -> Option<(String, String, Span)> {
    let Some(info) = cx.options.iter().find(|o| o.name == name.text).cloned() else {
        let known: Vec<&str> = cx.options.iter().map(|o| o.name.as_str()).collect();
        cx.report(error::unknown(NameKind::Option, &name.text, name.span, known));
        return None;
    };
    if let Some((_, _, first)) = earlier.iter().find(|(n, _, _)| *n == name.text) {
        cx.report(
            error::invalid(
                "rules::compile::duplicate",
                format!("option `{}` is set twice in this test", name.text),
                span,
                "set again here",
            )
            .with_label(*first, "first set here")
            .with_help("set each option once"),
        );
        return None;
    }
    let text = match value {
        Literal::Bool(b) => b.to_string(),
        Literal::Int(v) => v.to_string(),
    };
    // Read as `--set` reads it, so a test and the command line agree.
    if let Err(e) = crate::engine::option_value(&info, &text) {
        let (code, label) = match e {
            OptionError::OutOfRange { .. } => ("rules::compile::out_of_range", "out of the option's range"),
            _ => ("rules::compile::type_mismatch", "not of the option's type"),
        };
        cx.report(error::invalid(code, e.to_string(), span, label));
        return None;
    }
    Some((name.text.clone(), text, span))
}

fn written(moves: &[Ident]) -> Vec<WrittenMove> {
    moves
        .iter()
        .map(|m| WrittenMove {
            text: m.text.clone(),
            span: m.span,
        })
        .collect()
}

/// The outcome a `status` expects; `Some(None)` for `ongoing`.
fn status(cx: &mut Ctx, expected: &TestStatus) -> Option<Option<Outcome>> {
    Some(match expected {
        TestStatus::Ongoing => None,
        TestStatus::Draw => Some(Outcome::Draw),
        TestStatus::Win(player) => match cx.players.resolve(NameKind::Player, player) {
            Ok(p) => Some(Outcome::Win(PlayerId(p as u8))),
            Err(problem) => {
                cx.report(problem);
                return None;
            }
        },
    })
}

/// `expect EXPR`: a truth value; facts of the last move only if the rules read them too.
fn expect(cx: &mut Ctx, expr: &crate::syntax::ast::Expr) -> Option<Step> {
    let facts = cx.history.len();
    let when = exprs::lower_as(cx, expr, Ty::Bool, None)?;
    if cx.history.len() > facts {
        cx.history.truncate(facts);
        cx.report(history_unread(expr.span));
        return None;
    }
    Some(Step::Expect {
        when,
        span: expr.span,
    })
}

/// A test reads a fact of the last move that no rule reads: the engine does not keep it.
fn history_unread(span: Span) -> Problem {
    error::invalid(
        "rules::compile::test_history",
        "a test reads a fact of the last move that the rules never read",
        span,
        "not kept by the engine for these rules",
    )
    .with_help("the engine keeps only the facts the rules read; test what the rules decide (`status`, `legal`) instead")
}

fn perft(cx: &mut Ctx, depth: i64, count: i64, span: Span) -> Option<Step> {
    if !(1..=MAX_TEST_PERFT).contains(&depth) {
        cx.report(error::out_of_range(
            "the depth of a test's perft",
            span,
            &format!("from 1 to {MAX_TEST_PERFT}"),
        ));
        return None;
    }
    if count < 0 {
        cx.report(error::out_of_range("a perft count", span, "at least 0"));
        return None;
    }
    Some(Step::Perft {
        depth: depth as u32,
        count: count as u64,
        span,
    })
}

#[cfg(test)]
mod tests {
    use crate::diag::SourceFile;

    const GAME: &str = "players A, B\noption size: int = 3 in 2..5\nboard grid files size ranks size\npiece Stone letter S { drop: onto empty }\nsupply Stone\nend { win mover when count(Stone) == 3\n no move: draw }\n";

    fn problems(tests: &str) -> Vec<String> {
        let source = SourceFile::new("t.rules", format!("{GAME}{tests}"));
        let (_, problems) = crate::check(&source);
        problems.into_iter().map(|p| p.code.to_string()).collect()
    }

    #[test]
    fn a_well_formed_test_compiles() {
        let source = SourceFile::new(
            "t.rules",
            format!(
                "{GAME}test \"three\" {{\n  set size = 4\n  play a1 b2\n  legal c3\n  illegal a1\n  status ongoing\n  expect count(Stone) == 2\n  perft 1 = 14\n}}\n"
            ),
        );
        let (game, problems) = crate::check(&source);
        assert!(problems.is_empty(), "{problems:?}");
        let game = game.expect("compiles");
        assert_eq!(game.tests.len(), 1);
        assert_eq!(game.tests[0].sets, vec![("size".to_string(), "4".to_string())]);
        assert_eq!(game.tests[0].steps.len(), 6);
    }

    #[test]
    fn names_values_and_depths_are_checked() {
        assert_eq!(
            problems("test \"x\" { set sise = 3 }\n"),
            ["rules::compile::unknown_option"]
        );
        assert_eq!(
            problems("test \"x\" { set size = 9 }\n"),
            ["rules::compile::out_of_range"]
        );
        assert_eq!(
            problems("test \"x\" { set size = true }\n"),
            ["rules::compile::type_mismatch"]
        );
        assert_eq!(
            problems("test \"x\" { set size = 3 set size = 4 }\n"),
            ["rules::compile::duplicate"]
        );
        assert_eq!(
            problems("test \"x\" { status win C }\n"),
            ["rules::compile::unknown_player"]
        );
        assert_eq!(
            problems("test \"x\" { perft 0 = 1 }\n"),
            ["rules::compile::out_of_range"]
        );
        assert_eq!(
            problems("test \"x\" { expect count(Stone) }\n"),
            ["rules::compile::type_mismatch"]
        );
        assert_eq!(
            problems("test \"x\" { }\ntest \"x\" { }\n"),
            ["rules::compile::duplicate"]
        );
    }

    #[test]
    fn a_test_may_not_read_what_the_rules_do_not_keep() {
        assert_eq!(
            problems("test \"x\" { expect last(pass) }\n"),
            ["rules::compile::test_history"]
        );
    }
}
