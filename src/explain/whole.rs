//! Moves the rules make that a rule on whole moves refuses: the royal rule,
//! a repetition ban, `must capture` and `most captures`.

use super::words::{self, pieces};
use super::{Refusal, RefusalKind, RuleAt};
use crate::engine::{Engine, MoveList, MoveRef, Position};
use crate::ir::PlayerId;
use crate::notation;

/// The most attackers named.
const MAX_ATTACKERS: usize = 3;

/// The most moves given as examples.
const MAX_EXAMPLES: usize = 6;

/// Why `mv` (written `full`), which the rules make in `pos` and which
/// captures `weight` pieces, is not among the legal moves `legal`; `None`
/// when no rule on whole moves says so.
pub fn refusal(
    engine: &Engine,
    pos: &Position,
    mv: MoveRef,
    full: &str,
    weight: u8,
    legal: &MoveList,
) -> Option<Refusal> {
    royal(engine, pos, mv, full)
        .or_else(|| repetition(engine, pos, mv, full))
        .or_else(|| captures(engine, pos, mv, full, weight, legal))
}

/// The move leaves a royal piece of the mover attacked.
fn royal(engine: &Engine, pos: &Position, mv: MoveRef, full: &str) -> Option<Refusal> {
    let game = engine.game();
    if !game.kinds.iter().any(|k| k.royal) {
        return None;
    }
    let (cell, kind) = engine.royal_attacked_after(pos, mv)?;
    let mover = engine.mover(pos);
    let after = engine.after_tokens(pos, mv);
    let attackers: Vec<_> = (0..game.players.len())
        .map(|p| PlayerId(p as u8))
        .filter(|&p| p != mover)
        .flat_map(|p| engine.attackers(&after, cell, p))
        .collect();
    let at = words::cell(engine, cell);
    let by: Vec<String> = attackers
        .iter()
        .take(MAX_ATTACKERS)
        .map(|a| {
            let owner = engine
                .piece_at(&after, a.cell)
                .map(|(o, _)| words::possessive(&words::player(engine, o)))
                .unwrap_or_default();
            format!(
                "{owner} {}",
                words::piece_on(engine, &after, a.cell).trim_start_matches("the ")
            )
        })
        .collect();
    let by_words = if by.is_empty() {
        String::new()
    } else {
        format!(" by {}", by.join(" and "))
    };
    let royal_name = words::kind(engine, kind);
    let reason = format!(
        "{full} would leave {} {royal_name} on {at} attacked{by_words}, and no move may leave a royal piece attacked",
        words::possessive(&words::player(engine, mover)),
    );
    let notes = attackers
        .iter()
        .take(MAX_ATTACKERS)
        .filter_map(|a| {
            let span = game.sources.rules.get(a.rule)?.span;
            let who = words::piece_on(engine, &after, a.cell);
            Some((span, format!("{who} attacks {at} by this rule")))
        })
        .collect();
    Some(Refusal {
        kind: RefusalKind::Royal,
        rule: RuleAt {
            name: format!("royal {royal_name}"),
            span: game.sources.royal.get(kind.index()).copied().flatten(),
        },
        clause: game.sources.royal.get(kind.index()).copied().flatten(),
        label: format!("the {royal_name} may never be left attacked"),
        reason,
        notes,
    })
}

/// The move recreates a board that a repetition ban forbids.
fn repetition(engine: &Engine, pos: &Position, mv: MoveRef, full: &str) -> Option<Refusal> {
    let game = engine.game();
    let ban = engine.ban_broken(pos, mv)?;
    let back = game.forbid.get(ban)?.back;
    let (name, when) = match back {
        Some(n) => (
            format!("forbid repetition of {n} moves ago"),
            format!("the board of {n} moves ago"),
        ),
        None => ("forbid repetition".to_string(), "an earlier board".to_string()),
    };
    let span = game.sources.forbid.get(ban).copied();
    Some(Refusal {
        kind: RefusalKind::Repetition,
        rule: RuleAt { name, span },
        clause: span,
        label: format!("no move may recreate {when}"),
        reason: format!("{full} would recreate {when}, which this rule forbids"),
        notes: Vec::new(),
    })
}

/// The turn's capture rules: the move takes fewer pieces than the most, or
/// none where a capture is compulsory.
fn captures(
    engine: &Engine,
    pos: &Position,
    mv: MoveRef,
    full: &str,
    weight: u8,
    legal: &MoveList,
) -> Option<Refusal> {
    let game = engine.game();
    let t = game.order.at(pos.ply()).1;
    let turn = game.turns.get(t)?;
    let source = game.sources.turns.get(t)?;
    let turn_name = &turn.name;
    let examples = |keep: &dyn Fn(usize) -> bool| -> String {
        let mut names: Vec<String> = (0..legal.len())
            .filter(|&i| keep(i))
            .map(|i| notation::format(engine, legal.get(i)))
            .collect();
        names.sort();
        let more = names.len().saturating_sub(MAX_EXAMPLES);
        names.truncate(MAX_EXAMPLES);
        let tail = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        format!("{}{tail}", names.join(" "))
    };
    if turn.most_captures {
        let best = (0..legal.len()).map(|i| legal.weight(i)).max().unwrap_or(0);
        if weight < best {
            let list = examples(&|i| legal.weight(i) == best);
            return Some(Refusal {
                kind: RefusalKind::MostCaptures,
                rule: RuleAt {
                    name: format!("turn {turn_name}: most captures"),
                    span: source.most_captures,
                },
                clause: source.most_captures,
                label: format!("only the moves that take the most pieces: {}", pieces(best)),
                reason: format!(
                    "{full} takes {}, but a move here takes {} ({list}): the turn allows only the moves that take the most",
                    pieces(weight),
                    pieces(best)
                ),
                notes: Vec::new(),
            });
        }
    }
    if turn.must_capture && !mv.captures() && legal.iter().any(|m| m.captures()) {
        let list = examples(&|i| legal.get(i).captures());
        return Some(Refusal {
            kind: RefusalKind::MustCapture,
            rule: RuleAt {
                name: format!("turn {turn_name}: must capture"),
                span: source.must_capture,
            },
            clause: source.must_capture,
            label: "a capture is compulsory when there is one".to_string(),
            reason: format!(
                "{full} captures nothing, and a capture is compulsory when there is one ({list})"
            ),
            notes: Vec::new(),
        });
    }
    None
}
