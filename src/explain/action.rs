//! Moves the turn does not make: the first typed action that no legal move
//! starts with is looked for among the actions of each tier of the turn,
//! among the rules the turn does not offer, and among the actions of each
//! rule with one of its tests relaxed.

use super::split;
use super::words;
use super::{Refusal, RuleAt, clause, turn};
use crate::engine::{Engine, Move, MoveList, MoveRef, Position, Token};
use crate::ir::{ActionSource, CellId, Op, PieceKind, PlayerId};
use crate::notation::{self, Reading};

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

/// The one move of `list` written `text` (in full or short), if any.
fn find(engine: &Engine, pos: &Position, text: &str, list: &MoveList) -> Option<Move> {
    match notation::read_among(engine, pos, text, list) {
        Reading::Exact(mv) | Reading::Short { mv, .. } => Some(mv),
        Reading::Ambiguous(_) | Reading::Unknown => None,
    }
}

/// Where the typed move stands against the turn: the position after the
/// actions a legal move shares with it, and the action that goes wrong.
struct Place<'a> {
    /// The position after the shared actions (the mover still to move).
    here: Position,
    /// The action that goes wrong, as typed.
    action: &'a str,
    /// The shared actions, as typed (empty when the first one goes wrong).
    done: String,
    /// How many actions are shared.
    index: usize,
    /// The pieces that acted in the shared actions (under `distinct pieces`).
    moved: Vec<CellId>,
}

/// Why the move typed as `text` is not made by the turn in `pos` (with
/// `legal` its legal moves' notation): the refusal, or why no rule makes it.
pub fn refusal(engine: &Engine, pos: &Position, text: &str, legal: &[String]) -> Result<Refusal, String> {
    let game = engine.game();
    let (player, t) = game.order.at(pos.ply());
    let typed = split::actions(text);
    if typed == ["pass"] {
        return turn::pass(engine, pos, legal.len());
    }
    let place = place(engine, pos, &typed, legal)?;
    let max = engine.eval(&game.turns[t].max_actions, pos, player).max(0) as usize;
    if place.index >= max {
        return Ok(turn::too_many(engine, t, max, typed.len()));
    }
    if let Some(name) = split::unknown_cells(engine, place.action).first() {
        let topo = &game.topology;
        let last = topo
            .cell_names
            .get(topo.board_cells.saturating_sub(1))
            .cloned()
            .unwrap_or_default();
        let first = topo.cell_names.first().cloned().unwrap_or_default();
        return Err(format!(
            "there is no cell {name} on this board (its cells run from {first} to {last})"
        ));
    }
    let cells = split::cells(engine, place.action);
    if let Some(&from) = cells.first()
        && place.moved.contains(&from)
    {
        return Ok(turn::distinct(engine, t, &words::cell(engine, from)));
    }
    let here = &place.here;
    let say = |reason: String| {
        if place.done.is_empty() {
            reason
        } else {
            format!("after {}, {reason}", place.done)
        }
    };
    // An action of a tier the turn does not use now?
    let lists: Vec<MoveList> = (0..game.turns[t].tiers.len())
        .map(|i| engine.tier_actions(here, i, &place.moved))
        .collect();
    let used = lists.iter().position(|l| !l.is_empty());
    for (i, list) in lists.iter().enumerate() {
        let Some(found) = find(engine, here, place.action, list) else {
            continue;
        };
        if let Some(u) = used.filter(|&u| u < i) {
            return Ok(turn::priority(
                engine,
                here,
                t,
                u,
                i,
                found.as_ref(),
                place.action,
                &lists[u],
            ));
        }
        return Err(say(format!(
            "{} is an action of the turn, but {text} is not a whole move of it",
            place.action
        )));
    }
    // Which piece, which rules.
    let (kind, from) = piece(engine, here, player, place.action, &cells).map_err(say)?;
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
        if find(engine, here, place.action, &made).is_some() {
            return Ok(turn::not_offered(engine, t, r, place.action));
        }
    }
    // One test of a rule refuses it?
    for &r in &rules {
        for op in engine.relaxable_ops(r) {
            let made = engine.relaxed_actions(here, player, r, &[op], from);
            if let Some(found) = find(engine, here, place.action, &made) {
                return Ok(clause::refusal(engine, here, r, &[op], found.as_ref(), &say));
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
                if let Some(found) = find(engine, here, place.action, &made) {
                    return Ok(clause::refusal(engine, here, r, &[a, b], found.as_ref(), &say));
                }
            }
        }
    }
    let by = match kind {
        Some(Piece::Moving(k) | Piece::Dropped(k)) => {
            format!("no rule of the {} makes {}", words::kind(engine, k), place.action)
        }
        None => format!("no rule makes {}", place.action),
    };
    Err(say(by))
}

/// The piece a typed action is about.
#[derive(Debug, Clone, Copy)]
enum Piece {
    /// A piece of this kind on the board moves.
    Moving(PieceKind),
    /// A piece of this kind is dropped.
    Dropped(PieceKind),
}

/// The piece a typed action moves or drops, and the cell it starts on; why
/// not, when no piece of the mover can (no such piece, none there, another
/// player's, none in reserve). `None` for a short form that names no piece.
#[allow(clippy::type_complexity)]
fn piece(
    engine: &Engine,
    pos: &Position,
    player: PlayerId,
    action: &str,
    cells: &[CellId],
) -> Result<(Option<Piece>, Option<CellId>), String> {
    let game = engine.game();
    if let Some(letter) = split::dropped_letter(action) {
        let Some(k) = game
            .kinds
            .iter()
            .position(|k| k.letter.eq_ignore_ascii_case(letter))
        else {
            let letters: Vec<String> = game
                .kinds
                .iter()
                .map(|k| format!("{} ({})", k.letter, k.name))
                .collect();
            return Err(format!(
                "no piece has the letter {letter}; the letters are {}",
                letters.join(", ")
            ));
        };
        let kind = PieceKind(k as u8);
        let info = &game.kinds[k];
        if info.owner.is_some_and(|o| o != player) {
            return Err(format!(
                "a {} belongs to {} only",
                info.name,
                words::player(engine, info.owner.unwrap_or(player))
            ));
        }
        if !info.supply && engine.reserve(pos, player, kind) <= 0 {
            return Err(format!(
                "{} has no {} in reserve",
                words::player(engine, player),
                info.name
            ));
        }
        return Ok((Some(Piece::Dropped(kind)), None));
    }
    let is_path = action.contains(['-', 'x']) && cells.len() >= 2;
    let Some(&from) = cells.first().filter(|_| is_path) else {
        return Ok((None, None));
    };
    let at = words::cell(engine, from);
    if game.topology.is_exit(from) {
        return Err(format!(
            "{at} lies beyond the edge of the board: no piece stands there"
        ));
    }
    let Some(piece) = engine.piece(pos, from) else {
        return Err(format!("there is no piece on {at}"));
    };
    if let Some(owner) = piece.owner.filter(|&o| o != player) {
        return Err(format!(
            "{} is {}, and it is {} turn",
            words::piece_on(engine, pos, from),
            words::possessive(&words::player(engine, owner)),
            words::possessive(&words::player(engine, player))
        ));
    }
    Ok((Some(Piece::Moving(piece.kind)), Some(from)))
}

/// Where the typed actions `typed` part from every legal move (`legal`).
fn place<'a>(
    engine: &Engine,
    pos: &Position,
    typed: &[&'a str],
    legal: &[String],
) -> Result<Place<'a>, String> {
    let game = engine.game();
    let (_, t) = game.order.at(pos.ply());
    let shared = |m: &String| {
        split::actions(m)
            .iter()
            .zip(typed)
            .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
            .count()
    };
    let best = legal.iter().max_by_key(|m| shared(m));
    let k = best.map_or(0, shared);
    if k == typed.len() {
        let example = best.cloned().unwrap_or_default();
        return Err(format!(
            "{} is not a whole move: it goes on, as in {example}",
            typed.join(",")
        ));
    }
    let mut here = pos.clone();
    let mut moved = Vec::new();
    if k > 0
        && let Some(m) = best
        && let Ok(mv) = notation::parse(engine, pos, m, &mut crate::engine::MoveBuf::new())
    {
        let prefix = split::first_actions(mv.as_ref(), k);
        here = engine.after_tokens(pos, prefix);
        if game.turns[t].distinct_pieces {
            let b = split::bounds(mv.as_ref());
            moved = (0..k)
                .filter_map(|i| MoveRef::from_raw(&mv.as_ref().raw()[b[i]..b[i + 1]]).last_landing())
                .collect();
        }
    }
    Ok(Place {
        here,
        action: typed[k],
        done: typed[..k].join(","),
        index: k,
        moved,
    })
}
