//! Moves ↔ the notation of the rules: `c3-d4`, `g8xf6`, `c3-e5-c7`, `N@b8`, `g8-f6,b8xb7`, `pass`.

use crate::engine::{Engine, Move, MoveBuf, MoveRef, Position, Token};
use crate::ir::NotationMode;

mod short;
pub use short::{Reading, looks_short, read, read_among};

/// Writes a move in notation: every landing, or each action's ends under
/// `notation ends`; a move written in full ([`Token::Explicit`]) gets its
/// landings, and from level 2 a suffix in braces of what else it does.
pub fn format(engine: &Engine, mv: MoveRef) -> String {
    let game = engine.game();
    let level = mv.explicit();
    let mut out = String::new();
    let cell = |c: crate::ir::CellId| game.topology.cell_names[c.index()].as_str();
    let written: Vec<Token> = if level == 0 && game.notation == NotationMode::Ends {
        let mut raw = Vec::new();
        mv.identity_into(NotationMode::Ends, &mut raw);
        raw.into_iter().map(Token::decode).collect()
    } else {
        mv.written_order().into_iter().filter(|t| t.shown()).collect()
    };
    for token in written {
        match token {
            Token::From(c) => {
                if !out.is_empty() {
                    out.push(',');
                }
                out.push_str(cell(c));
            }
            Token::To(c) => {
                out.push('-');
                out.push_str(cell(c));
            }
            Token::Capture(c) => {
                out.push('x');
                out.push_str(cell(c));
            }
            Token::Take(c) => {
                if !out.is_empty() {
                    out.push(',');
                }
                out.push('x');
                out.push_str(cell(c));
            }
            Token::Drop(k) | Token::Promote(k) => {
                if !out.is_empty() {
                    out.push(',');
                }
                out.push_str(&game.kinds[k.index()].letter);
                out.push('@');
            }
            Token::Place(c) => out.push_str(cell(c)),
            Token::Become(k) => {
                out.push('=');
                out.push_str(&game.kinds[k.index()].letter);
            }
            Token::Turn(t) => {
                if !out.is_empty() {
                    out.push(',');
                }
                out.push_str(&game.transforms[t as usize].name);
            }
            Token::Pass => out.push_str("pass"),
            _ => {}
        }
    }
    if level >= 2 {
        out.push_str(&effects(engine, mv, level));
    }
    out
}

/// What a move does beyond its landings, in braces: the pieces it removes
/// (`xc3`), and at level 3 also flips (`~c3`), carries (`h1>f1`), marks
/// (`*e3`, with the set's name when there are several) and silent
/// promotions (`=K`), separated by `;`.
fn effects(engine: &Engine, mv: MoveRef, level: u8) -> String {
    let game = engine.game();
    let cell = |c: crate::ir::CellId| game.topology.cell_names[c.index()].as_str();
    let mut items = Vec::new();
    let mut set = 0;
    for token in mv.tokens() {
        let item = match token {
            Token::Remove(c) => format!("x{}", cell(c)),
            _ if level < 3 => continue,
            Token::Flip(c) => format!("~{}", cell(c)),
            Token::Lift(c) => format!("{}>", cell(c)),
            Token::Put(c) => {
                if let Some(last) = items.last_mut() {
                    let last: &mut String = last;
                    last.push_str(cell(c));
                }
                continue;
            }
            Token::MarkSet(m) => {
                set = m as usize;
                continue;
            }
            Token::Mark(c) if game.marks.len() > 1 => format!("*{}.{}", game.marks[set], cell(c)),
            Token::Mark(c) => format!("*{}", cell(c)),
            Token::BecomeSilently(k) => format!("={}", game.kinds[k.index()].letter),
            _ => continue,
        };
        items.push(item);
    }
    format!("{{{}}}", items.join(";"))
}

/// Why a move given in notation cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// The text is not in move notation at all.
    #[error("`{0}` is not written as a move (expected e.g. `c3-d4`, `g8xf6`, `N@b8`, `pass`)")]
    Malformed(String),
    /// Well formed, but not a legal move here.
    #[error("`{0}` is not a legal move here")]
    NotLegal(String),
    /// A short form that several legal moves fit (their notation, sorted).
    #[error("`{0}` could be any of {all}", all = .1.join(", "))]
    Ambiguous(String, Vec<String>),
}

/// Whether `text` has the shape of a move: actions joined by `,`, each `pass`,
/// `Letter@cell`, `xcell`, a cell followed by `-cell` / `xcell` steps, and
/// maybe `=Letter`, or a block turned (`q1+90`, `q1-90`, `q1+180`, `q1|n`).
pub fn is_well_formed(text: &str) -> bool {
    if text == "pass" {
        return true;
    }
    // A move written in full ends with what else it does, in braces.
    let text = match text.split_once('{') {
        Some((head, tail)) => match tail.strip_suffix('}') {
            Some(items) if !head.is_empty() && items.split(';').all(effect_item) => head,
            _ => return false,
        },
        None => text,
    };
    let cell = |s: &str| {
        let letters = s.chars().take_while(|c| c.is_ascii_alphabetic()).count();
        letters > 0 && letters < s.len() && s[letters..].chars().all(|c| c.is_ascii_digit())
    };
    let letter = |s: &str| {
        let s = s.strip_prefix('+').unwrap_or(s);
        !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric())
    };
    let name = |s: &str| {
        s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let turned = |action: &str| match action.split_once(['+', '-', '|']) {
        Some((region, how)) if name(region) => {
            matches!(&action[region.len()..], "+90" | "-90" | "+180") || (action.contains('|') && name(how))
        }
        _ => false,
    };
    text.split(',').all(|action| {
        if turned(action) {
            return true;
        }
        let (action, promoted) = match action.split_once('=') {
            Some((a, l)) => (a, Some(l)),
            None => (action, None),
        };
        if promoted.is_some_and(|l| !letter(l)) {
            return false;
        }
        if let Some((l, at)) = action.split_once('@') {
            return letter(l) && cell(at) && promoted.is_none();
        }
        if let Some(at) = action.strip_prefix('x') {
            return cell(at) && promoted.is_none();
        }
        let parts: Vec<&str> = action.split(['-', 'x']).collect();
        parts.len() >= 2 && parts.iter().all(|p| cell(p))
    })
}

/// Whether `item` is one effect of a move written in full: `xc3`, `~c3`,
/// `h1>f1`, `*e3`, `*passed.e3` or `=K`.
fn effect_item(item: &str) -> bool {
    let cellish = |s: &str| {
        let letters = s.chars().take_while(|c| c.is_ascii_alphabetic()).count();
        letters > 0 && letters < s.len() && s[letters..].chars().all(|c| c.is_ascii_digit())
    };
    if let Some(c) = item.strip_prefix('x').or_else(|| item.strip_prefix('~')) {
        return cellish(c);
    }
    if let Some((a, b)) = item.split_once('>') {
        return cellish(a) && cellish(b);
    }
    if let Some(m) = item.strip_prefix('*') {
        return cellish(m.rsplit('.').next().unwrap_or(m));
    }
    item.strip_prefix('=').is_some_and(|l| !l.is_empty())
}

/// Finds the legal move written `text` in `pos`, in full or in a short form
/// that only it fits (see [`read`]).
pub fn parse(engine: &Engine, pos: &Position, text: &str, buf: &mut MoveBuf) -> Result<Move, ParseMoveError> {
    match read(engine, pos, text, buf) {
        Reading::Exact(mv) | Reading::Short { mv, .. } => return Ok(mv),
        Reading::Ambiguous(all) => return Err(ParseMoveError::Ambiguous(text.to_string(), all)),
        Reading::Unknown => {}
    }
    if is_well_formed(text) || looks_short(text) {
        Err(ParseMoveError::NotLegal(text.to_string()))
    } else {
        Err(ParseMoveError::Malformed(text.to_string()))
    }
}

/// The legal moves of `pos` in notation, sorted by byte order.
pub fn legal_move_names(engine: &Engine, pos: &Position, buf: &mut MoveBuf) -> Vec<String> {
    engine.legal_moves(pos, buf);
    let mut names: Vec<String> = buf.moves.iter().map(|m| format(engine, m)).collect();
    names.sort();
    names.dedup();
    names
}

#[cfg(test)]
mod tests {
    use super::is_well_formed;

    #[test]
    fn recognises_move_shapes() {
        for ok in [
            "c3-d4",
            "g8xf6",
            "c3-e5-c7",
            "c3xe5xg7",
            "N@b8",
            "g8-f6,b8xb7",
            "pass",
            "c5xb6,N@d3",
            "a10-b16",
            "e7-e8=Q",
            "b4-b5=+S",
            "P@c3",
            "+P@c3",
            "a1-a4,xd7",
            "a4-d4,X@d7",
            "M@d4,q1+90",
            "q2-90",
            "M@a1,top+180",
            "M@a1,q1|ne",
        ] {
            assert!(is_well_formed(ok), "{ok}");
        }
        for bad in [
            "",
            "c3",
            "c3-",
            "hello",
            "c3--d4",
            "@d4",
            "N@",
            "3c-d4",
            "pass,pass",
            "M@d4,q1+45",
            "q1|",
            "+90",
        ] {
            assert!(!is_well_formed(bad), "{bad}");
        }
    }
}

/// A move of a sequence that could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {index} {error}")]
pub struct SequenceError {
    /// 1-based position of the move in the sequence.
    pub index: usize,
    /// Why it cannot be played.
    pub error: ParseMoveError,
    /// The legal moves at that point, sorted.
    pub legal: Vec<String>,
}

/// Plays space-separated moves from the start position.
pub fn play_sequence(engine: &Engine, moves: &str) -> Result<Position, SequenceError> {
    let mut pos = engine.start();
    let mut buf = MoveBuf::new();
    for (i, text) in moves.split_whitespace().enumerate() {
        match parse(engine, &pos, text, &mut buf) {
            Ok(mv) => engine.play_unchecked(&mut pos, mv.as_ref()),
            Err(error) => {
                return Err(SequenceError {
                    index: i + 1,
                    error,
                    legal: legal_move_names(engine, &pos, &mut buf),
                });
            }
        }
    }
    Ok(pos)
}
