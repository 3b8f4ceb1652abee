//! Where the compiled rules are written in the rules file: a side table from
//! rules, their core ops, turns and the legality rules back to their spans,
//! built by the compiler for messages ("why is this move not legal?"). The
//! engine never reads it: the tables it runs on stay free of spans.

use crate::diag::Span;

/// The spans of a compiled game, indexed like the game's own tables.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sources {
    /// `rules[r]`: where rule `r` of [`super::Game::rules`] is written.
    pub rules: Vec<RuleSource>,
    /// `turns[t]`: where turn `t` of [`super::Game::turns`] is written (all
    /// `None` for the turn made up when the rules declare none).
    pub turns: Vec<TurnSource>,
    /// `royal[kind]`: the `royal …` item that makes the kind royal.
    pub royal: Vec<Option<Span>>,
    /// `forbid[i]`: the item of repetition ban `i` of [`super::Game::forbid`].
    pub forbid: Vec<Span>,
}

/// Where a movement, drop or effect rule is written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleSource {
    /// The whole rule (`move step: …`, `drop: …`, or the turn's `drop Kind onto …`).
    pub span: Span,
    /// `ops[i]`: the clause that op `i` of the rule's program was lowered
    /// from (for a pattern, its part: the directions, the target, an option).
    pub ops: Vec<Span>,
}

/// Where a turn and its parts are written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TurnSource {
    /// The turn's name in `turn NAME { … }`.
    pub name: Option<Span>,
    /// `tiers[t][s]`: the alternative of `choose …` / `else …` that gave
    /// source `s` of tier `t` (as [`super::Turn::tiers`]).
    pub tiers: Vec<Vec<Span>>,
    /// `must capture`.
    pub must_capture: Option<Span>,
    /// `most captures`.
    pub most_captures: Option<Span>,
    /// `pass allowed` / `pass if stuck`.
    pub pass: Option<Span>,
    /// `actions up to …` / `actions exactly …`.
    pub actions: Option<Span>,
}

impl Sources {
    /// The span of op `op` of rule `rule`, if known.
    pub fn op(&self, rule: usize, op: usize) -> Option<Span> {
        self.rules.get(rule)?.ops.get(op).copied()
    }
}
