//! Refusals by the turn itself: passing, the number of actions, a piece
//! acting twice, a rule the turn does not offer, and a later `else` tier
//! while an earlier one has actions.

use super::words;
use super::{Refusal, RefusalKind, RuleAt};
use crate::diag::Span;
use crate::engine::{Engine, MoveList, MoveRef, Position, Token};
use crate::ir::{ActionSource, Pass};
use crate::notation;

/// The most moves given as examples.
const MAX_EXAMPLES: usize = 6;

/// The turn of `pos`: its index.
fn turn_index(engine: &Engine, pos: &Position) -> usize {
    engine.game().order.at(pos.ply()).1
}

/// A refusal of kind [`RefusalKind::Turn`] by turn `t`, at `clause` (its name when `None`).
fn by_turn(
    engine: &Engine,
    t: usize,
    what: &str,
    clause: Option<Span>,
    label: String,
    reason: String,
) -> Refusal {
    let game = engine.game();
    let source = game.sources.turns.get(t).cloned().unwrap_or_default();
    let name = game.turns.get(t).map_or("", |t| t.name.as_str());
    Refusal {
        kind: RefusalKind::Turn,
        rule: RuleAt {
            name: if what.is_empty() {
                format!("turn {name}")
            } else {
                format!("turn {name}: {what}")
            },
            span: source.name,
        },
        clause: clause.or(source.name),
        label,
        reason,
        notes: Vec::new(),
    }
}

/// Why `pass` is not legal in `pos`, where `moves` other moves are.
pub fn pass(engine: &Engine, pos: &Position, moves: usize) -> Result<Refusal, String> {
    let t = turn_index(engine, pos);
    let game = engine.game();
    let turn = &game.turns[t];
    let source = game.sources.turns.get(t).cloned().unwrap_or_default();
    match turn.pass {
        Pass::No => Ok(by_turn(
            engine,
            t,
            "",
            None,
            "no `pass` in this turn".to_string(),
            format!("the turn `{}` does not allow passing", turn.name),
        )),
        Pass::IfStuck => Ok(by_turn(
            engine,
            t,
            "pass if stuck",
            source.pass,
            "only when no other move is possible".to_string(),
            format!(
                "passing is allowed only when no other move is possible (or when the next player could not move either), and {moves} move{} possible",
                if moves == 1 { " is" } else { "s are" }
            ),
        )),
        Pass::Allowed => Err("the turn allows passing, but not here".to_string()),
    }
}

/// A move of more actions than turn `t` allows (`max`).
pub fn too_many(engine: &Engine, t: usize, max: usize, typed: usize) -> Refusal {
    let source = engine.game().sources.turns.get(t).cloned().unwrap_or_default();
    by_turn(
        engine,
        t,
        "actions",
        source.actions,
        format!("at most {max} action{} a move", if max == 1 { "" } else { "s" }),
        format!(
            "a move here has at most {max} action{}, and this one has {typed}",
            if max == 1 { "" } else { "s" }
        ),
    )
}

/// A piece acting twice in one move of turn `t` (`distinct pieces`).
pub fn distinct(engine: &Engine, t: usize, cell: &str) -> Refusal {
    let source = engine.game().sources.turns.get(t).cloned().unwrap_or_default();
    by_turn(
        engine,
        t,
        "distinct pieces",
        source.actions,
        "each piece acts at most once a move".to_string(),
        format!(
            "the piece on {cell} has already acted in this move, and each piece acts at most once a move"
        ),
    )
}

/// Rule `rule` makes the action `action`, but turn `t` does not offer it.
pub fn not_offered(engine: &Engine, t: usize, rule: usize, action: &str) -> Refusal {
    let game = engine.game();
    let name = words::rule(engine, rule);
    let offers: Vec<String> = game.turns[t]
        .tiers
        .iter()
        .flatten()
        .map(|s| source_words(engine, s))
        .collect();
    let mut refusal = by_turn(
        engine,
        t,
        "",
        None,
        format!("offers {}", words::either(&offers)),
        format!(
            "{action} is made by `{name}`, which the turn `{}` does not offer (it offers {})",
            game.turns[t].name,
            words::either(&offers)
        ),
    );
    if let Some(source) = game.sources.rules.get(rule) {
        refusal
            .notes
            .push((source.span, format!("`{name}` makes {action}")));
    }
    refusal
}

/// The action `action` (made as `found`) of tier `wanted` of turn `t`, while
/// the earlier tier `used` has actions (`offered`).
pub fn priority(
    engine: &Engine,
    pos: &Position,
    t: usize,
    (used, wanted): (usize, usize),
    found: MoveRef,
    action: &str,
    offered: &MoveList,
) -> Refusal {
    let game = engine.game();
    let turn = &game.turns[t];
    let source = game.sources.turns.get(t).cloned().unwrap_or_default();
    let first =
        |tier: usize| -> Vec<String> { turn.tiers[tier].iter().map(|s| source_words(engine, s)).collect() };
    let earlier = words::either(&first(used));
    let span_of = |tier: usize| -> Option<Span> {
        let spans = source.tiers.get(tier)?;
        Some(spans.iter().skip(1).fold(*spans.first()?, |a, b| a.join(*b)))
    };
    // The source of the later tier that makes the action.
    let made_by = turn.tiers[wanted]
        .iter()
        .position(|s| matches_source(engine, pos, s, found));
    let wanted_words = made_by.map_or_else(
        || words::either(&first(wanted)),
        |s| source_words(engine, &turn.tiers[wanted][s]),
    );
    let mut examples: Vec<String> = offered.iter().map(|m| notation::format(engine, m)).collect();
    examples.sort();
    examples.dedup();
    let more = examples.len().saturating_sub(MAX_EXAMPLES);
    examples.truncate(MAX_EXAMPLES);
    let tail = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    let written: Vec<String> = turn.tiers[used].iter().map(|s| source_name(engine, s)).collect();
    let mut refusal = Refusal {
        kind: RefusalKind::Priority,
        rule: RuleAt {
            name: format!("turn {}: choose {}", turn.name, written.join(", ")),
            span: source.name,
        },
        clause: span_of(used),
        label: "comes first: used whenever it can be".to_string(),
        reason: format!(
            "{action} would {wanted_words}, which the turn allows only when it cannot {earlier}; and it can now: {}{tail}",
            examples.join(" ")
        ),
        notes: Vec::new(),
    };
    if let Some(span) = made_by.and_then(|s| source.tiers.get(wanted)?.get(s).copied()) {
        refusal
            .notes
            .push((span, format!("only when no `{earlier}` is possible")));
    }
    refusal
}

/// A source of actions as the rules write it: `move Piece`, `drop Piece`, `remove`.
fn source_name(engine: &Engine, s: &ActionSource) -> String {
    match s {
        ActionSource::Move { kind, .. } => format!("move {}", words::kind(engine, *kind)),
        ActionSource::Drop { kind, .. } => format!("drop {}", words::kind(engine, *kind)),
        ActionSource::Remove { .. } => "remove".to_string(),
    }
}

/// A source of actions in words: "move a Piece", "drop a Piece", "remove a piece".
fn source_words(engine: &Engine, s: &ActionSource) -> String {
    match s {
        ActionSource::Move { kind, .. } => format!("move a {}", words::kind(engine, *kind)),
        ActionSource::Drop { kind, .. } => format!("drop a {}", words::kind(engine, *kind)),
        ActionSource::Remove { .. } => "remove a piece".to_string(),
    }
}

/// Whether the action `found` in `pos` comes from source `s`.
fn matches_source(engine: &Engine, pos: &Position, s: &ActionSource, found: MoveRef) -> bool {
    let first = found.tokens().find(|t| t.starts_action());
    match (s, first) {
        (ActionSource::Move { kind, .. }, Some(Token::From(c))) => {
            engine.piece(pos, c).is_some_and(|p| p.kind == *kind)
        }
        (ActionSource::Drop { kind, .. }, Some(Token::Drop(k))) => k == *kind,
        (ActionSource::Remove { .. }, Some(Token::Take(_))) => true,
        _ => false,
    }
}
