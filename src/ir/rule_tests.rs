//! The tests written in a rules file (`test "name" { … }`), checked and
//! compiled. They are run by [`crate::rule_tests`], never by the engine's
//! move path, so they keep their spans for the reports of failures.

use super::{Expr, Outcome};
use crate::diag::Span;

/// One test of the rules.
#[derive(Debug, Clone)]
pub struct RuleTest {
    /// Its name.
    pub name: String,
    /// Where its name stands.
    pub span: Span,
    /// The options it sets (`set NAME = VALUE`), as `--set` takes them.
    pub sets: Vec<(String, String)>,
    /// Its statements, in order.
    pub steps: Vec<TestStep>,
}

/// A move as written in a test, with where it stands.
#[derive(Debug, Clone)]
pub struct WrittenMove {
    /// The move in notation.
    pub text: String,
    /// Where it stands.
    pub span: Span,
}

/// One statement of a test, run in order.
#[derive(Debug, Clone)]
pub enum TestStep {
    /// Go to a position given as text.
    From { text: String, span: Span },
    /// Play these moves, each of which must be legal.
    Play(Vec<WrittenMove>),
    /// Each of these moves must be legal here.
    Legal(Vec<WrittenMove>),
    /// None of these moves may be legal here.
    Illegal(Vec<WrittenMove>),
    /// The game's status here; `None` for a game that goes on.
    Status { expected: Option<Outcome>, span: Span },
    /// This expression must hold here (read as the end rules read it).
    Expect { when: Expr, span: Span },
    /// The number of move sequences of `depth` moves from here.
    Perft { depth: u32, count: u64, span: Span },
}
