//! Moves the turn does not make: the first typed action that no legal move
//! starts with is looked for among the actions of each tier of the turn,
//! among the rules the turn does not offer, and among the actions of each
//! rule with one of its tests relaxed.

use super::piece::{Piece, piece};
use super::walk::{self, Place};
use super::{Refusal, RuleAt, clause, split, turn, words};
use crate::engine::{Engine, Move, MoveList, MoveRef, Position, Token};
use crate::ir::{ActionSource, Op};

/// Rules with more tests of cells than this are not tried with two of them relaxed.
const MAX_PAIRED: usize = 12;

/// The rule that makes the first action of the legal move `mv`.
pub fn producer(engine: &Engine, pos: &Position, mv: MoveRef) -> Option<RuleAt> {
    let game = engine.game();
    let (player, t) = game.order.at(pos.ply());
    if mv.tokens().any(|tk| tk == Token::Pass) {
        let source = game.sources.turns.get(t)?;
        let name = &game.turns.get(t)?.name;
        return Some(RuleAt {
            name: format!("turn {name}: pass"),
            span: source.pass,
        });
    }
    let first = core_tokens(split::first_actions(mv, 1));
    turn_rules(engine, t, |_| true).into_iter().find_map(|r| {
        let made = engine.relaxed_actions(pos, player, r, &[], None);
        made.iter().any(|a| core_tokens(a) == first).then(|| RuleAt {
            name: words::rule(engine, r),
            span: game.sources.rules.get(r).map(|s| s.span),
        })
    })
}

/// An action's tokens as its rule writes them (without the marks of a
/// move written in full, and without what the turn's effect did after it).
fn core_tokens(mv: MoveRef) -> Vec<Token> {
    mv.tokens()
        .take_while(|t| *t != Token::After)
        .filter(|t| !matches!(t, Token::Explicit(_)))
        .collect()
}

/// The rules of turn `t`'s sources (tiers in order) that `keep` accepts, each once.
fn turn_rules(engine: &Engine, t: usize, keep: impl Fn(&ActionSource) -> bool) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    let Some(turn) = engine.game().turns.get(t) else {
        return out;
    };
    for source in turn.tiers.iter().flatten().filter(|s| keep(s)) {
        let rules: &[usize] = match source {
            ActionSource::Move { rules, .. } | ActionSource::Drop { rules, .. } => rules,
            ActionSource::Remove { rule } => std::slice::from_ref(rule),
        };
        for &r in rules {
            if !out.contains(&r) {
                out.push(r);
            }
        }
    }
    out
}

/// Why the move typed as `text` is not made by the turn in `pos` (with
/// `legal` its legal moves' notation): the refusal, or why no rule makes it.
pub fn refusal(engine: &Engine, pos: &Position, text: &str, legal: &[String]) -> Result<Refusal, String> {
    let game = engine.game();
    let (player, t) = game.order.at(pos.ply());
    let turn = &game.turns[t];
    let typed = split::actions(text);
    if typed == ["pass"] {
        return turn::pass(engine, pos, legal.len());
    }
    let max = engine.eval(&turn.max_actions, pos, player).max(0) as usize;
    // With a follow-up (`then if …: choose …`), the second action comes
    // from other tiers: only the first is walked through.
    let steps = if turn.follow_up.is_some() { 1 } else { max };
    let place = walk::place(engine, pos, &typed, legal, steps)?;
    if place.index >= max && turn.follow_up.is_none() {
        return Ok(turn::too_many(engine, t, max, place.index + 1));
    }
    let say = |reason: String| {
        if place.done.is_empty() {
            reason
        } else {
            format!("after {}, {reason}", place.done)
        }
    };
    // The rest as one action of the turn (which may write several, as a
    // move and a placing), else its first typed action alone.
    let whole = place.rest.join(",");
    match one(engine, &place, &whole, &say) {
        Err(why) if place.rest.len() > 1 => one(engine, &place, place.rest[0], &say).map_err(|_| why),
        answer => answer,
    }
}

/// `refusal` with its reason put in its context by `say`.
fn in_context(mut refusal: Refusal, say: &dyn Fn(String) -> String) -> Refusal {
    refusal.reason = say(refusal.reason);
    refusal
}

/// Why the action typed `action` is not made by the turn where `place`
/// stands; `say` puts a reason in its context.
fn one(
    engine: &Engine,
    place: &Place,
    action: &str,
    say: &dyn Fn(String) -> String,
) -> Result<Refusal, String> {
    let game = engine.game();
    let here = &place.here;
    let (player, t) = game.order.at(here.ply());
    if let Some(name) = split::unknown_cells(engine, action).first() {
        let topo = &game.topology;
        let last = topo
            .cell_names
            .get(topo.board_cells.saturating_sub(1))
            .cloned()
            .unwrap_or_default();
        let first = topo.cell_names.first().cloned().unwrap_or_default();
        return Err(say(format!(
            "there is no cell {name} on this board (its cells run from {first} to {last})"
        )));
    }
    let cells = split::cells(engine, action);
    if let Some(&from) = cells.first()
        && place.moved.contains(&from)
    {
        return Ok(in_context(
            turn::distinct(engine, t, &words::cell(engine, from)),
            say,
        ));
    }
    // An action of a tier the turn does not use now?
    let lists: Vec<MoveList> = (0..game.turns[t].tiers.len())
        .map(|i| engine.tier_actions(here, i, &place.moved))
        .collect();
    let used = lists.iter().position(|l| !l.is_empty());
    for (i, list) in lists.iter().enumerate() {
        let Some(found) = walk::find(engine, here, action, list) else {
            continue;
        };
        if let Some(u) = used.filter(|&u| u < i) {
            let refusal = turn::priority(engine, here, t, (u, i), found.as_ref(), action, &lists[u]);
            return Ok(in_context(refusal, say));
        }
        return Err(say(format!(
            "{action} is an action of the turn, but not a whole move of it"
        )));
    }
    // Which piece, which rules.
    let (kind, from) = piece(engine, here, player, action, &cells).map_err(say)?;
    let of_kind = |s: &ActionSource| match (s, kind) {
        (ActionSource::Move { kind: k, .. }, Some(Piece::Moving(kind))) => *k == kind,
        (ActionSource::Drop { kind: k, .. }, Some(Piece::Dropped(kind))) => *k == kind,
        (_, None) => true,
        _ => false,
    };
    let rules = turn_rules(engine, t, of_kind);
    // A rule of the piece that this turn does not offer?
    let others: Vec<usize> = match kind {
        Some(Piece::Moving(k)) => game.kinds[k.index()].rules.clone(),
        Some(Piece::Dropped(k)) => game.kinds[k.index()].drops.clone(),
        None => Vec::new(),
    };
    for &r in others.iter().filter(|r| !rules.contains(r)) {
        let made = engine.relaxed_actions(here, player, r, &[], from);
        if walk::find(engine, here, action, &made).is_some() {
            return Ok(in_context(turn::not_offered(engine, t, r, action), say));
        }
    }
    // One test of a rule refuses it?
    for &r in &rules {
        for op in engine.relaxable_ops(r) {
            let made = engine.relaxed_actions(here, player, r, &[op], from);
            if let Some(found) = walk::find(engine, here, action, &made) {
                return Ok(clause::refusal(engine, here, r, &[op], found.as_ref(), say));
            }
        }
    }
    // A drop onto a cell its condition refuses, where no piece could be put
    // anyway (an occupied cell): relaxing the condition does not let it
    // through, yet it is what the rule says.
    if let (Some(Piece::Dropped(k)), Some(&cell)) = (kind, cells.last()) {
        for &r in &rules {
            if let Some(Op::AnywhereIf(c)) = game.rules[r].program.ops.first()
                && !engine.failing_parts(*c, player, cell, here).is_empty()
            {
                let found = Move::from_tokens([Token::Drop(k), Token::Place(cell)]);
                return Ok(clause::refusal(engine, here, r, &[0], found.as_ref(), say));
            }
        }
    }
    // Two tests of cells (a royal piece that may neither start from nor
    // cross an attacked cell)? Directions stay as written: a rule bent two
    // ways is another rule, and "no rule produces it" the plainer answer.
    for &r in &rules {
        let tests: Vec<usize> = engine
            .relaxable_ops(r)
            .into_iter()
            .filter(|&op| !matches!(game.rules[r].program.ops[op], Op::Go(_)))
            .collect();
        if tests.len() > MAX_PAIRED {
            continue;
        }
        for (i, &a) in tests.iter().enumerate() {
            for &b in &tests[i + 1..] {
                let made = engine.relaxed_actions(here, player, r, &[a, b], from);
                if let Some(found) = walk::find(engine, here, action, &made) {
                    return Ok(clause::refusal(engine, here, r, &[a, b], found.as_ref(), say));
                }
            }
        }
    }
    let by = match kind {
        Some(Piece::Moving(k) | Piece::Dropped(k)) => {
            format!("no rule of the {} makes {action}", words::kind(engine, k))
        }
        None => format!("no rule makes {action}"),
    };
    Err(say(by))
}
