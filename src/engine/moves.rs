//! Moves as short token strings, and the caller-owned buffers they are generated into.

use crate::ir::{CellId, PieceKind};

/// Tokens a move may hold. The top 3 bits are the tag, the low 13 bits a cell or kind.
const TAG_SHIFT: u16 = 13;
const VALUE_MASK: u16 = (1 << TAG_SHIFT) - 1;

/// The most tokens one move may hold. A jump chain costs one token per landing
/// (two when it captures), so 47 tokens hold a chain of 23 capturing jumps or
/// 46 plain ones: more than every piece on an 8×8 board can be jumped once.
/// Generation stops extending a chain that would not fit.
pub const MOVE_TOKENS: usize = 47;

/// One token of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    /// An action starts: the piece on this cell is picked up.
    From(CellId),
    /// It moves to (lands on) this cell without capturing (`-cell`).
    To(CellId),
    /// It moves to this cell, capturing (`xcell`): the piece there, or the one
    /// jumped just before (see [`Token::Remove`]).
    Capture(CellId),
    /// The piece on this cell is captured (a jumped piece); not shown in notation.
    Remove(CellId),
    /// An action starts: a piece of this kind is taken from the mover's reserve…
    Drop(PieceKind),
    /// …and placed on this cell (`Letter@cell`).
    Place(CellId),
    /// The player passes.
    Pass,
}

impl Token {
    #[inline]
    fn encode(self) -> u16 {
        let (tag, value) = match self {
            Token::From(c) => (0, c.0),
            Token::To(c) => (1, c.0),
            Token::Capture(c) => (2, c.0),
            Token::Remove(c) => (3, c.0),
            Token::Drop(k) => (4, k.0 as u16),
            Token::Place(c) => (5, c.0),
            Token::Pass => (6, 0),
        };
        (tag << TAG_SHIFT) | (value & VALUE_MASK)
    }

    #[inline]
    fn decode(raw: u16) -> Token {
        let value = raw & VALUE_MASK;
        match raw >> TAG_SHIFT {
            0 => Token::From(CellId(value)),
            1 => Token::To(CellId(value)),
            2 => Token::Capture(CellId(value)),
            3 => Token::Remove(CellId(value)),
            4 => Token::Drop(PieceKind(value as u8)),
            5 => Token::Place(CellId(value)),
            _ => Token::Pass,
        }
    }
}

/// A whole move: everything one player does in one turn, as tokens.
/// `Copy`, fixed size, no allocation; ordered by its tokens.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    len: u8,
    tokens: [u16; MOVE_TOKENS],
}

impl Move {
    /// The move with no tokens, from which others are built.
    pub const EMPTY: Move = Move {
        len: 0,
        tokens: [0; MOVE_TOKENS],
    };

    /// The `pass` move.
    pub fn pass() -> Move {
        let mut m = Move::EMPTY;
        m.push(Token::Pass);
        m
    }

    /// Appends a token; returns false (and changes nothing) when the move is full.
    #[inline]
    pub fn push(&mut self, token: Token) -> bool {
        if (self.len as usize) < MOVE_TOKENS {
            self.tokens[self.len as usize] = token.encode();
            self.len += 1;
            true
        } else {
            false
        }
    }

    /// Whether `extra` more tokens fit.
    #[inline]
    pub fn has_room(&self, extra: usize) -> bool {
        self.len as usize + extra <= MOVE_TOKENS
    }

    /// Removes the last `n` tokens.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = len.min(self.len as usize) as u8;
    }

    /// Number of tokens.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the move has no tokens.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends every token of `other`; false when they do not fit.
    #[inline]
    pub fn extend(&mut self, other: &Move) -> bool {
        if !self.has_room(other.len()) {
            return false;
        }
        let (a, b) = (self.len as usize, other.len as usize);
        self.tokens[a..a + b].copy_from_slice(&other.tokens[..b]);
        self.len += other.len;
        true
    }

    /// The tokens in order.
    #[inline]
    pub fn tokens(&self) -> impl Iterator<Item = Token> + '_ {
        self.tokens[..self.len as usize].iter().map(|t| Token::decode(*t))
    }

    /// The cell where the last action's piece ended (its final landing or drop).
    pub fn last_landing(&self) -> Option<CellId> {
        self.tokens().fold(None, |acc, t| match t {
            Token::To(c) | Token::Capture(c) | Token::Place(c) => Some(c),
            Token::From(_) | Token::Drop(_) => None,
            _ => acc,
        })
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.tokens()).finish()
    }
}

/// A caller-owned buffer of moves, plus scratch space for generating moves of
/// several actions. Reuse one per search depth: `clear` keeps the memory.
#[derive(Debug, Default)]
pub struct MoveBuf {
    /// The generated moves.
    pub moves: Vec<Move>,
    /// Scratch lists of single actions, one per action level.
    pub(super) actions: Vec<Vec<Move>>,
    /// Scratch positions, one per action level.
    pub(super) positions: Vec<super::Position>,
}

impl MoveBuf {
    /// An empty buffer.
    pub fn new() -> Self {
        MoveBuf::default()
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_stays_small() {
        assert!(std::mem::size_of::<Move>() <= 96);
        assert!(std::mem::size_of::<Token>() <= 4);
    }

    #[test]
    fn tokens_round_trip() {
        let mut m = Move::EMPTY;
        let tokens = [
            Token::From(CellId(7)),
            Token::To(CellId(4095)),
            Token::Remove(CellId(12)),
            Token::Capture(CellId(0)),
            Token::Drop(PieceKind(29)),
            Token::Place(CellId(63)),
            Token::Pass,
        ];
        for t in tokens {
            assert!(m.push(t));
        }
        assert_eq!(m.tokens().collect::<Vec<_>>(), tokens);
        assert_eq!(m.last_landing(), Some(CellId(63)));
    }

    #[test]
    fn a_full_move_refuses_more_tokens() {
        let mut m = Move::EMPTY;
        for _ in 0..MOVE_TOKENS {
            assert!(m.push(Token::Pass));
        }
        assert!(!m.push(Token::Pass));
        assert_eq!(m.len(), MOVE_TOKENS);
    }
}
