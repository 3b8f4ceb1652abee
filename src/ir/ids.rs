//! Small `Copy` ids that replace names once the rules are compiled.

/// A cell of the board (exit cells included), an index into the cell tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct CellId(pub u16);

/// A kind of piece, an index into [`super::Game::kinds`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct PieceKind(pub u8);

/// A player, an index into [`super::Game::players`] (turn order of declaration).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct PlayerId(pub u8);

/// A direction of the board, an index into [`super::Topology::dir_names`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct DirId(pub u8);

impl CellId {
    /// "No cell": the neighbour beyond an edge.
    pub const NONE: CellId = CellId(u16::MAX);

    /// The index into per-cell tables.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is a real cell id (not [`CellId::NONE`]).
    #[inline]
    pub fn is_some(self) -> bool {
        self != CellId::NONE
    }
}

impl PieceKind {
    /// The index into per-kind tables.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl PlayerId {
    /// The index into per-player tables.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The largest number of cells a board may have, exit cells included. Cell ids are
/// `u16` and notation tokens keep 13 bits for a cell, so 8,191 would fit; 4,096
/// leaves room and covers 19×19 and far larger variants.
pub const MAX_CELLS: usize = 4096;
/// The largest number of players: piece codes are bytes shared by kinds × players.
pub const MAX_PLAYERS: usize = 8;
/// The largest number of piece kinds (see [`MAX_PLAYERS`]).
pub const MAX_KINDS: usize = 30;
/// The most actions one move may hold (`actions up to N`); each level of a move
/// needs its own scratch position while moves are generated.
pub const MAX_ACTIONS: usize = 8;
/// The largest number of directions a board may declare.
pub const MAX_DIRS: usize = 32;
