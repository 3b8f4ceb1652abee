//! Piece codes: one byte per cell naming the piece standing there — its kind,
//! its owner (or none, for neutral pieces) and whether it has moved — numbered
//! densely at engine creation, so that per-code tables stay small.

use crate::ir::{Game, PieceKind, PlayerId};

/// The owner index of neutral pieces in per-owner tables (one past the players).
#[inline]
pub(super) fn neutral(players: usize) -> usize {
    players
}

/// `out[player]`: the piece codes `player` owns, with `owner[code]` the
/// owner of each code (code 0, nothing, owns nothing).
pub(super) fn codes_by_owner(owner: &[u8], players: usize) -> Vec<Vec<u8>> {
    (0..players)
        .map(|p| {
            (1..owner.len())
                .filter(|&c| owner[c] as usize == p)
                .map(|c| c as u8)
                .collect()
        })
        .collect()
}

/// The tables between piece codes and what they mean. Code 0 is an empty cell.
#[derive(Debug, Clone)]
pub(super) struct Codes {
    /// `owner[code]`: the owner index (`players` for neutral pieces).
    pub owner: Vec<u8>,
    /// `kind[code]`.
    pub kind: Vec<u8>,
    /// `moved[code]`: the piece has made an action (kept only for kinds that read it).
    pub moved: Vec<bool>,
    /// `by[(kind * owners + owner) * 2 + moved]`: the code, or 0 where none exists.
    by: Vec<u8>,
    /// `of[kind * owners + owner]`: the codes of (kind, owner), unmoved first.
    of: Vec<Vec<u8>>,
    /// `after_move[code]`: the code once the piece has moved.
    after_move: Vec<u8>,
    owners: usize,
}

impl Codes {
    /// Numbers the pieces a game can have: every kind for every player that may
    /// own it (only the neutral owner for neutral kinds), twice for kinds that
    /// remember whether they moved.
    pub fn new(game: &Game) -> Codes {
        let players = game.players.len();
        let owners = players + 1;
        let kinds = game.kinds.len();
        let mut codes = Codes {
            owner: vec![u8::MAX],
            kind: vec![u8::MAX],
            moved: vec![false],
            by: vec![0; kinds * owners * 2],
            of: vec![Vec::new(); kinds * owners],
            after_move: Vec::new(),
            owners,
        };
        for (k, info) in game.kinds.iter().enumerate() {
            let owner_list: Vec<usize> = if info.neutral {
                vec![neutral(players)]
            } else {
                (0..players).collect()
            };
            for owner in owner_list {
                let states: &[bool] = if info.tracks_moved {
                    &[false, true]
                } else {
                    &[false]
                };
                for &moved in states {
                    let code = codes.owner.len() as u8;
                    codes.owner.push(owner as u8);
                    codes.kind.push(k as u8);
                    codes.moved.push(moved);
                    codes.by[(k * owners + owner) * 2 + moved as usize] = code;
                    codes.of[k * owners + owner].push(code);
                }
            }
        }
        codes.after_move = (0..codes.len())
            .map(|c| {
                let c = c as u8;
                if c == 0 {
                    0
                } else {
                    codes.code(
                        PieceKind(codes.kind[c as usize]),
                        codes.owner[c as usize] as usize,
                        true,
                    )
                }
            })
            .collect();
        codes
    }

    /// Number of codes, empty included.
    #[inline]
    pub fn len(&self) -> usize {
        self.owner.len()
    }

    /// The code of a piece (0 when the game has no such piece).
    #[inline]
    pub fn code(&self, kind: PieceKind, owner: usize, moved: bool) -> u8 {
        let i = (kind.index() * self.owners + owner) * 2;
        let c = self.by[i + moved as usize];
        if c == 0 { self.by[i] } else { c }
    }

    /// Every code of (kind, owner): unmoved first.
    #[inline]
    pub fn of(&self, kind: PieceKind, owner: usize) -> &[u8] {
        &self.of[kind.index() * self.owners + owner]
    }

    /// The same piece with another owner.
    #[inline]
    pub fn with_owner(&self, code: u8, owner: usize) -> u8 {
        let c = code as usize;
        self.code(PieceKind(self.kind[c]), owner, self.moved[c])
    }

    /// The same piece as another kind (its moved state kept where the kind has one).
    #[inline]
    pub fn with_kind(&self, code: u8, kind: PieceKind) -> u8 {
        let c = code as usize;
        self.code(kind, self.owner[c] as usize, self.moved[c])
    }

    /// The same piece, marked as having moved.
    #[inline(always)]
    pub fn as_moved(&self, code: u8) -> u8 {
        self.after_move[code as usize]
    }

    /// The owner of a code as a player (`None` for neutral pieces and empty cells).
    #[inline]
    pub fn player(&self, code: u8, players: usize) -> Option<PlayerId> {
        let o = self.owner[code as usize] as usize;
        (o < players).then_some(PlayerId(o as u8))
    }
}
