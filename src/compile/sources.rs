//! The side table of spans ([`ir::Sources`]), filled as the rules, turns and
//! legality rules are compiled: every rule added to the game's list gets its
//! [`RuleSource`] at the same index.

use super::Ctx;
use crate::ir::{self, MoveRule, RuleSource};

/// Appends a compiled rule and where it is written; returns its index.
pub(super) fn add_rule(
    cx: &mut Ctx,
    rules: &mut Vec<MoveRule>,
    (rule, source): (MoveRule, RuleSource),
) -> usize {
    // Rules are added here only, so both lists stay in step.
    debug_assert_eq!(cx.sources.rules.len(), rules.len());
    rules.push(rule);
    cx.sources.rules.push(source);
    rules.len() - 1
}

/// The finished table, checked against the game it describes.
pub(super) fn finish(cx: &mut Ctx, game: &ir::Game) -> ir::Sources {
    let mut sources = std::mem::take(&mut cx.sources);
    debug_assert_eq!(sources.rules.len(), game.rules.len());
    sources
        .turns
        .resize_with(game.turns.len(), ir::TurnSource::default);
    sources.royal.resize(game.kinds.len(), None);
    sources
}
