//! Rules, pieces, players and the failing parts of cell conditions in words.

use crate::engine::{Engine, Position};
use crate::ir::{CellId, Cond, PieceKind, PlayerId};

/// A player's name.
pub fn player(engine: &Engine, p: PlayerId) -> String {
    engine.game().players.get(p.index()).cloned().unwrap_or_default()
}

/// "White's", "Blues'".
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// A kind's name.
pub fn kind(engine: &Engine, k: PieceKind) -> String {
    engine
        .game()
        .kinds
        .get(k.index())
        .map(|k| k.name.clone())
        .unwrap_or_default()
}

/// A cell's name.
pub fn cell(engine: &Engine, c: CellId) -> String {
    engine
        .game()
        .topology
        .cell_names
        .get(c.index())
        .cloned()
        .unwrap_or_default()
}

/// "the Tower on a2", or "the piece on a2" on an empty cell.
pub fn piece_on(engine: &Engine, pos: &Position, c: CellId) -> String {
    match engine.piece(pos, c) {
        Some(p) => format!("the {} on {}", kind(engine, p.kind), cell(engine, c)),
        None => format!("the piece on {}", cell(engine, c)),
    }
}

/// The name of rule `r` as the rules would write it: `Piece.rule` for a
/// piece's own rule, `turn NAME: drop Piece` for a drop a turn defines,
/// `turn NAME: after each action` for a turn's effect.
pub fn rule(engine: &Engine, r: usize) -> String {
    let game = engine.game();
    let Some(rule) = game.rules.get(r) else {
        return String::new();
    };
    let own = game
        .kinds
        .iter()
        .any(|k| k.rules.contains(&r) || k.drops.contains(&r));
    if own {
        return format!("{}.{}", kind(engine, rule.kind), rule.name);
    }
    let turn = game.turns.iter().find(|t| {
        t.after_each == Some(r)
            || t.tiers.iter().flatten().any(|s| match s {
                crate::ir::ActionSource::Drop { rules, .. } => rules.contains(&r),
                crate::ir::ActionSource::Remove { rule } => *rule == r,
                crate::ir::ActionSource::Move { .. } => false,
            })
    });
    let what = match rule.name.as_str() {
        "drop" => format!("drop {}", kind(engine, rule.kind)),
        other => other.to_string(),
    };
    match turn {
        Some(t) => format!("turn {}: {what}", t.name),
        None => what,
    }
}

/// The failing parts of a condition on `at` in `pos` in words ("c3 is not
/// empty", "b7 is outside the region `dark`"), joined; `None` when no part
/// can be said simply.
pub fn failing(
    engine: &Engine,
    pos: &Position,
    parts: &[Cond],
    at: CellId,
    mover: PlayerId,
) -> Option<String> {
    let name = cell(engine, at);
    if engine.game().topology.is_exit(at) && parts.contains(&Cond::Empty) {
        return Some(format!("{name} lies beyond the edge of the board"));
    }
    // `empty or enemy` on one's own piece.
    if parts.contains(&Cond::Empty)
        && parts.contains(&Cond::Enemy)
        && let Some((owner, k)) = engine.piece_at(pos, at)
        && owner == mover
    {
        return Some(format!(
            "{name} holds {} own {}",
            possessive(&player(engine, mover)),
            kind(engine, k)
        ));
    }
    let cell = name.as_str();
    let words: Vec<String> = parts
        .iter()
        .filter_map(|p| part(engine, p, cell, mover))
        .collect();
    // `empty or enemy` on one's own piece fails both ways: say each once.
    let mut kept: Vec<String> = Vec::new();
    for w in words {
        if !kept.contains(&w) {
            kept.push(w);
        }
    }
    (!kept.is_empty()).then(|| kept.join(", and "))
}

/// One failing leaf of a condition, in words.
fn part(engine: &Engine, cond: &Cond, cell: &str, mover: PlayerId) -> Option<String> {
    let game = engine.game();
    let region = |r: usize| game.topology.regions.get(r).map_or("", |r| r.name.as_str());
    Some(match cond {
        Cond::Empty => format!("{cell} is not empty"),
        Cond::Occupied => format!("{cell} is empty"),
        Cond::Enemy => format!("{cell} holds no piece of an opponent"),
        Cond::Friend => format!("{cell} holds no piece of {}", possessive(&player(engine, mover))),
        Cond::Neutral => format!("{cell} holds no neutral piece"),
        Cond::Exit => format!("{cell} is not beyond the edge of the board"),
        Cond::Kind(k) => format!("{cell} holds no {}", kind(engine, *k)),
        Cond::In(r) if game.topology.cell_names.iter().any(|c| c == region(*r)) => {
            format!("only {} is allowed", region(*r))
        }
        Cond::In(r) => format!("{cell} is outside the region `{}`", region(*r)),
        Cond::Moved => format!("the piece on {cell} has not moved yet"),
        Cond::Unmoved => format!("the piece on {cell} has moved"),
        Cond::Marked(m) => format!(
            "{cell} is not marked `{}` by the last move",
            game.marks.get(*m).map_or("", String::as_str)
        ),
        Cond::Attacked => format!("{cell} is not attacked"),
        Cond::Free => format!("the group of the piece on {cell} has no liberty (no empty neighbour)"),
        Cond::Origin => format!("{cell} is not where the piece started"),
        Cond::Not(inner) => match &**inner {
            Cond::Empty => format!("{cell} is empty"),
            Cond::Occupied => format!("{cell} is not empty"),
            Cond::Enemy => format!("{cell} holds a piece of an opponent"),
            Cond::Friend => format!("{cell} holds a piece of {}", possessive(&player(engine, mover))),
            Cond::Exit => format!("{cell} is beyond the edge of the board"),
            Cond::Kind(k) => format!("{cell} holds a {}", kind(engine, *k)),
            Cond::In(r) => format!("{cell} is in the region `{}`", region(*r)),
            Cond::Attacked => format!("{cell} is attacked"),
            Cond::Free => format!("the group of the piece on {cell} has a liberty"),
            Cond::Origin => format!("{cell} is where the piece started"),
            Cond::Moved => format!("the piece on {cell} has moved"),
            Cond::Unmoved => format!("the piece on {cell} has not moved yet"),
            _ => return None,
        },
        _ => return None,
    })
}

/// A list in words: "a", "a or b", "a, b or c".
pub fn either(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// "1 piece", "3 pieces".
pub fn pieces(n: u8) -> String {
    if n == 1 {
        "1 piece".to_string()
    } else {
        format!("{n} pieces")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_counts_read_as_english() {
        assert_eq!(either(&[]), "");
        assert_eq!(either(&["ne".into()]), "ne");
        assert_eq!(either(&["ne".into(), "nw".into(), "n".into()]), "ne, nw or n");
        assert_eq!(pieces(1), "1 piece");
        assert_eq!(pieces(2), "2 pieces");
        assert_eq!(possessive("Blues"), "Blues'");
        assert_eq!(possessive("White"), "White's");
    }
}
