//! Moves ↔ the notation of the rules: `c3-d4`, `g8xf6`, `c3-e5-c7`, `N@b8`, `g8-f6,b8xb7`, `pass`.

use crate::engine::{Engine, Move, MoveBuf, MoveRef, Position, Token};

/// Writes a move in notation.
pub fn format(engine: &Engine, mv: MoveRef) -> String {
    let game = engine.game();
    let mut out = String::new();
    for token in mv.tokens() {
        match token {
            Token::From(c) => {
                if !out.is_empty() {
                    out.push(',');
                }
                out.push_str(&game.topology.cell_names[c.index()]);
            }
            Token::To(c) => {
                out.push('-');
                out.push_str(&game.topology.cell_names[c.index()]);
            }
            Token::Capture(c) => {
                out.push('x');
                out.push_str(&game.topology.cell_names[c.index()]);
            }
            Token::Remove(_) => {}
            Token::Drop(k) | Token::Promote(k) => {
                if !out.is_empty() {
                    out.push(',');
                }
                out.push_str(&game.kinds[k.index()].letter);
                out.push('@');
            }
            Token::Place(c) => out.push_str(&game.topology.cell_names[c.index()]),
            Token::Pass => out.push_str("pass"),
        }
    }
    out
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
}

/// Whether `text` has the shape of a move: actions joined by `,`, each `pass`,
/// `Letter@cell`, or a cell followed by `-cell` / `xcell` steps.
pub fn is_well_formed(text: &str) -> bool {
    if text == "pass" {
        return true;
    }
    let cell = |s: &str| {
        let letters = s.chars().take_while(|c| c.is_ascii_alphabetic()).count();
        letters > 0 && letters < s.len() && s[letters..].chars().all(|c| c.is_ascii_digit())
    };
    text.split(',').all(|action| {
        if let Some((letter, at)) = action.split_once('@') {
            return !letter.is_empty() && letter.chars().all(|c| c.is_ascii_alphanumeric()) && cell(at);
        }
        let parts: Vec<&str> = action.split(['-', 'x']).collect();
        parts.len() >= 2 && parts.iter().all(|p| cell(p))
    })
}

/// Finds the legal move written `text` in `pos`.
pub fn parse(engine: &Engine, pos: &Position, text: &str, buf: &mut MoveBuf) -> Result<Move, ParseMoveError> {
    engine.legal_moves(pos, buf);
    if let Some(mv) = buf.moves.iter().find(|m| format(engine, *m) == text) {
        return Ok(mv.to_move());
    }
    if is_well_formed(text) {
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
