//! Running the tests written in a rules file (`test "name" { … }`): each
//! from the rules' start with its options, its statements in order, the
//! first that fails reported as a diagnostic at its span.

mod steps;

use crate::diag::{Problem, SourceFile, Span};
use crate::engine::Engine;
use crate::ir::{self, rule_tests::RuleTest};

/// The result of one test.
#[derive(Debug, Clone)]
pub struct TestResult {
    /// The test's name.
    pub name: String,
    /// Where its name stands.
    pub span: Span,
    /// Why it failed: the statement that did not hold, at its span; `None` if it passed.
    pub failure: Option<Problem>,
}

impl TestResult {
    /// Whether the test passed.
    pub fn passed(&self) -> bool {
        self.failure.is_none()
    }
}

/// Runs every test of `game` (compiled from `source` with no options set),
/// those whose name contains `filter` if one is given.
pub fn run(source: &SourceFile, game: &ir::Game, filter: Option<&str>) -> Vec<TestResult> {
    let mut default: Option<Engine> = None;
    game.tests
        .iter()
        .enumerate()
        .filter(|(_, t)| filter.is_none_or(|f| t.name.contains(f)))
        .map(|(i, test)| {
            let failure = if test.sets.is_empty() {
                let engine = default.get_or_insert_with(|| {
                    Engine::new(game.clone(), &[]).expect("no options set: every default is valid")
                });
                steps::run(engine, test).err()
            } else {
                with_options(source, test, i)
            };
            TestResult {
                name: test.name.clone(),
                span: test.span,
                failure,
            }
        })
        .collect()
}

/// Runs test `index`, whose options shape the game: the rules are compiled
/// again with them (an option may change the board).
fn with_options(source: &SourceFile, test: &RuleTest, index: usize) -> Option<Problem> {
    let compiled = crate::load_with(source, &test.sets)
        .map_err(|report| format!("the rules do not compile with these options: {}", report.summary))
        .and_then(|game| Engine::new(game, &test.sets).map_err(|e| e.to_string()));
    match compiled {
        Ok(engine) => {
            let again = engine.game().tests.get(index).cloned();
            match again {
                Some(same) => steps::run(&engine, &same).err(),
                None => Some(steps::failure(
                    test,
                    test.span,
                    "its options change the file's tests".into(),
                    None,
                )),
            }
        }
        Err(reason) => Some(steps::failure(test, test.span, reason, None)),
    }
}
