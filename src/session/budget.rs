//! The error of an engine that ran out of its budget for listing the moves
//! of a position, naming the rule that ran away: every front end that lists
//! moves for a person (the command line, the web page) reports it so.

use miette::Diagnostic;
use thiserror::Error;

use crate::engine::Engine;
use crate::ir::ActionSource;

/// The help for a rule whose ways multiply too fast.
const RULE_HELP: &str = "the rule's ways multiply too fast (a repetition that can double back, a chain over a full board): \
     bound it with conditions (`if empty`, `each piece jumped once`, fewer directions), see docs/LANGUAGE.md §8";

/// The help for a turn whose moves (of several actions) are too many.
const TURN_HELP: &str = "the turn's moves multiply too fast: every action of every move runs the effect again; \
     allow fewer actions (`actions up to N`) or fewer pieces to act, see docs/LANGUAGE.md §4.14";

/// A position whose moves could not be listed within the engine's budget.
#[derive(Debug, Error, Diagnostic)]
#[error("{what}: listing the moves of one position took more than {limit}")]
#[diagnostic(code(rules::cli::move_budget))]
pub struct BudgetExhausted {
    /// What ran away: "the rule `r` of `K`", "the drop rule …", "the
    /// `after each action` of the turn `t`", or "this game".
    pub what: String,
    /// The budget it ran out of, in words.
    pub limit: String,
    /// What to do about it.
    #[help]
    pub help: &'static str,
}

/// The error for an engine that ran out of its budget, if it did since it
/// was last asked (see [`Engine::take_exhausted`]).
pub fn within_budget(engine: &Engine) -> Result<(), BudgetExhausted> {
    let Some(e) = engine.take_exhausted() else {
        return Ok(());
    };
    let game = engine.game();
    // A rule of a turn (its effect after each action, its `remove`) belongs to no kind.
    let of_turn = |r: usize| {
        game.turns.iter().find(|t| {
            let removes = t
                .tiers
                .iter()
                .flatten()
                .any(|s| matches!(s, ActionSource::Remove { rule } if *rule == r));
            t.after_each == Some(r) || removes
        })
    };
    let (what, help) = match e.rule.and_then(|r| game.rules.get(r).map(|rule| (r, rule))) {
        Some((r, rule)) if let Some(turn) = of_turn(r) => (
            format!("the `{}` of the turn `{}`", rule.name, turn.name),
            TURN_HELP,
        ),
        Some((_, rule)) => {
            let kind = &game.kinds[rule.kind.index()].name;
            if rule.drop {
                (format!("the drop rule `{}` of `{kind}`", rule.name), RULE_HELP)
            } else {
                (format!("the rule `{}` of `{kind}`", rule.name), RULE_HELP)
            }
        }
        None => ("this game".to_string(), RULE_HELP),
    };
    Err(BudgetExhausted {
        what,
        limit: e.limit.to_string(),
        help,
    })
}
