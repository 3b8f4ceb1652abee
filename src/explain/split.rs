//! Moves taken apart: the actions of a typed move (by its text) and of a
//! move the rules make (by its tokens), and the cells a typed action names.

use crate::engine::{Engine, MoveRef, Token};
use crate::ir::CellId;

/// The actions of a typed move, as written (`g8-f6,b8xb7` → `g8-f6`, `b8xb7`).
pub fn actions(text: &str) -> Vec<&str> {
    text.split(',').map(str::trim).collect()
}

/// Where each action of `mv` starts among its tokens, and its end: `bounds[i]
/// .. bounds[i + 1]` are the tokens of action `i` (a piece carried in writing
/// belongs to the action that carries it).
pub fn bounds(mv: MoveRef) -> Vec<usize> {
    let tokens: Vec<Token> = mv.tokens().collect();
    let mut out: Vec<usize> = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let carried = i > 0 && tokens[i - 1] == Token::Carry;
        if t.starts_action() && !carried && !out.is_empty() {
            out.push(i);
        }
        if out.is_empty() && t.starts_action() {
            out.push(0);
        }
    }
    if out.is_empty() {
        out.push(0);
    }
    out.push(tokens.len());
    out
}

/// The first `n` actions of `mv`, as a move of their own.
pub fn first_actions(mv: MoveRef, n: usize) -> MoveRef {
    let b = bounds(mv);
    let end = b.get(n).copied().unwrap_or(mv.raw().len());
    MoveRef::from_raw(&mv.raw()[..end])
}

/// The board cells named in a typed action, in order (`c3xe5xg7` → c3, e5,
/// g7; `N@b8` → b8; letters of pieces and marks of captures aside).
pub fn cells(engine: &Engine, action: &str) -> Vec<CellId> {
    names(engine, action).into_iter().filter_map(|(_, c)| c).collect()
}

/// The names of cells in a typed action that are no cell of the board.
pub fn unknown_cells(engine: &Engine, action: &str) -> Vec<String> {
    names(engine, action)
        .into_iter()
        .filter(|(_, c)| c.is_none())
        .map(|(n, _)| n)
        .collect()
}

/// The words of a typed action that look like cells (letters, then
/// digits), each with the cell it names, if any.
fn names(engine: &Engine, action: &str) -> Vec<(String, Option<CellId>)> {
    let names = &engine.game().topology.cell_names;
    let mut out = Vec::new();
    let bytes = action.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        let letters = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        // A block of cells turned (`q1+90`, `q1-90`, `q1|n`) is no cell.
        let rest = &bytes[i..];
        let turned = matches!(rest.first(), Some(b'+' | b'|'))
            || (rest.first() == Some(&b'-') && rest.get(1).is_some_and(u8::is_ascii_digit));
        if i == letters || turned {
            continue;
        }
        // The longest name that ends here: `Nf3` names f3, `xe5` names e5.
        let cell = (start..letters).find_map(|s| names.iter().position(|n| *n == action[s..i]));
        // A word that names no cell: the letters a cell name may start with
        // (a piece's letter or `x` before it aside) are the last ones.
        let word = &action[letters - 1..i];
        out.push((word.to_string(), cell.map(|c| CellId(c as u16))));
    }
    out
}

/// The letter of the piece a typed drop places (`N@b8` → `N`), when the
/// action starts with a drop.
pub fn dropped_letter(action: &str) -> Option<&str> {
    let first = action.split(',').next().unwrap_or(action);
    first.split_once('@').map(|(l, _)| l.trim_start_matches('+'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_move_splits_into_its_actions() {
        assert_eq!(actions("g8-f6, b8xb7"), ["g8-f6", "b8xb7"]);
        assert_eq!(dropped_letter("N@b8"), Some("N"));
        assert_eq!(dropped_letter("+P@c3"), Some("P"));
        assert_eq!(dropped_letter("c3-d4"), None);
        assert_eq!(dropped_letter("a4-a1,X@a9"), None);
        assert_eq!(dropped_letter("M@a1,q1+90"), Some("M"));
    }

    #[test]
    fn tokens_split_where_actions_start() {
        let c = |i: u16| CellId(i);
        let mv = crate::engine::Move::from_tokens([
            Token::From(c(1)),
            Token::To(c(2)),
            Token::Carry,
            Token::From(c(5)),
            Token::To(c(6)),
            Token::From(c(3)),
            Token::Capture(c(4)),
        ]);
        assert_eq!(bounds(mv.as_ref()), [0, 5, 7]);
        assert_eq!(first_actions(mv.as_ref(), 1).raw().len(), 5);
        assert_eq!(bounds(crate::engine::Move::pass().as_ref()), [0, 1]);
    }
}
