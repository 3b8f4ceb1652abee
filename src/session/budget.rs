//! The error of an engine that ran out of its budget for listing the moves
//! of a position, naming the rule that ran away: every front end that lists
//! moves for a person (the command line, the web page) reports it so.

use miette::Diagnostic;
use thiserror::Error;

use crate::engine::Engine;

/// A position whose moves could not be listed within the engine's budget.
#[derive(Debug, Error, Diagnostic)]
#[error("{what}: listing the moves of one position took more than {limit}")]
#[diagnostic(
    code(rules::cli::move_budget),
    help(
        "the rule's ways multiply too fast (a repetition that can double back, a chain over a full board): \
         bound it with conditions (`if empty`, `each piece jumped once`, fewer directions), see docs/LANGUAGE.md §8"
    )
)]
pub struct BudgetExhausted {
    /// What ran away: "the rule `r` of `K`", "the drop rule …", or "this game".
    pub what: String,
    /// The budget it ran out of, in words.
    pub limit: String,
}

/// The error for an engine that ran out of its budget, if it did since it
/// was last asked (see [`Engine::take_exhausted`]).
pub fn within_budget(engine: &Engine) -> Result<(), BudgetExhausted> {
    let Some(e) = engine.take_exhausted() else {
        return Ok(());
    };
    let game = engine.game();
    let what = match e.rule.and_then(|r| game.rules.get(r)) {
        Some(rule) => {
            let kind = &game.kinds[rule.kind.index()].name;
            if rule.drop {
                format!("the drop rule `{}` of `{kind}`", rule.name)
            } else {
                format!("the rule `{}` of `{kind}`", rule.name)
            }
        }
        None => "this game".to_string(),
    };
    Err(BudgetExhausted {
        what,
        limit: e.limit.to_string(),
    })
}
