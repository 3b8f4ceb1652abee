//! Cell conditions: what a rule tests on the cell under its cursor.

use super::core::PlayerDirs;
use super::ids::PieceKind;

/// An index into [`super::Game::conds`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CondId(pub u16);

/// A condition on a cell, seen from the moving player.
#[derive(Debug, Clone, PartialEq)]
pub enum Cond {
    /// Always true (a placeholder after an error, or a default).
    True,
    /// A board cell with no piece.
    Empty,
    /// A board cell with a piece.
    Occupied,
    /// A cell with another player's piece (not a neutral one).
    Enemy,
    /// A cell with the mover's piece.
    Friend,
    /// A cell with a piece that belongs to nobody.
    Neutral,
    /// An exit cell beyond an edge.
    Exit,
    /// A cell with a piece of this kind (anyone's).
    Kind(PieceKind),
    /// A cell in this region (as seen by the mover).
    In(usize),
    /// A cell with a piece that has made an action.
    Moved,
    /// A cell with a piece that has not made an action.
    Unmoved,
    /// A cell in this mark set, left by the last move.
    Marked(usize),
    /// A cell where some opponent's piece could capture a piece of the mover.
    Attacked,
    /// The start cell of the current action.
    Origin,
    /// A cell whose piece is taken, to be captured when the action ends.
    Taken,
    /// A drawn line ends on the cell.
    Touched,
    /// The neighbour in one of the directions meets the condition.
    Next {
        /// The directions.
        dirs: PlayerDirs,
        /// The condition on the neighbour.
        cond: Box<Cond>,
    },
    /// Some cell along a line from here in one of the directions meets the condition.
    Ray {
        /// The directions.
        dirs: PlayerDirs,
        /// The condition on the cells along the line.
        cond: Box<Cond>,
    },
    /// The piece here is one of `n` or more (`exact`: exactly `n`) pieces of
    /// its owner in a row along one of the directions.
    InLine {
        /// The length of the row.
        n: u32,
        /// Exactly `n`, not more.
        exact: bool,
        /// The directions (each with the way back).
        dirs: PlayerDirs,
    },
    /// The group of the piece here has an empty neighbour.
    Free,
    /// Negation.
    Not(Box<Cond>),
    /// Both.
    And(Box<Cond>, Box<Cond>),
    /// Either.
    Or(Box<Cond>, Box<Cond>),
}

impl Cond {
    /// Whether the condition depends only on the mover, the cell and its piece
    /// (so it can be tabulated per player, cell and piece code).
    pub fn is_local(&self) -> bool {
        match self {
            Cond::True
            | Cond::Empty
            | Cond::Occupied
            | Cond::Enemy
            | Cond::Friend
            | Cond::Neutral
            | Cond::Exit
            | Cond::Kind(_)
            | Cond::In(_)
            | Cond::Moved
            | Cond::Unmoved => true,
            Cond::Marked(_)
            | Cond::Attacked
            | Cond::Origin
            | Cond::Taken
            | Cond::Touched
            | Cond::Next { .. }
            | Cond::Ray { .. }
            | Cond::InLine { .. }
            | Cond::Free => false,
            Cond::Not(c) => c.is_local(),
            Cond::And(a, b) | Cond::Or(a, b) => a.is_local() && b.is_local(),
        }
    }

    /// Whether the condition reads a mark set.
    pub fn reads_marks(&self) -> bool {
        match self {
            Cond::Marked(_) => true,
            Cond::Next { cond, .. } | Cond::Ray { cond, .. } | Cond::Not(cond) => cond.reads_marks(),
            Cond::And(a, b) | Cond::Or(a, b) => a.reads_marks() || b.reads_marks(),
            _ => false,
        }
    }

    /// Whether the condition reads the drawn lines (`touched`).
    pub fn reads_lines(&self) -> bool {
        match self {
            Cond::Touched => true,
            Cond::Next { cond, .. } | Cond::Ray { cond, .. } | Cond::Not(cond) => cond.reads_lines(),
            Cond::And(a, b) | Cond::Or(a, b) => a.reads_lines() || b.reads_lines(),
            _ => false,
        }
    }

    /// Whether the condition reads the `moved` state of pieces.
    pub fn reads_moved(&self) -> bool {
        match self {
            Cond::Moved | Cond::Unmoved => true,
            Cond::Next { cond, .. } | Cond::Ray { cond, .. } | Cond::Not(cond) => cond.reads_moved(),
            Cond::And(a, b) | Cond::Or(a, b) => a.reads_moved() || b.reads_moved(),
            _ => false,
        }
    }

    /// The kinds the condition requires the piece to be, when it is a conjunction
    /// with kind atoms (`friend Tower unmoved`); `None` when any kind may do.
    pub fn required_kinds(&self) -> Option<Vec<PieceKind>> {
        match self {
            Cond::Kind(k) => Some(vec![*k]),
            Cond::And(a, b) => match (a.required_kinds(), b.required_kinds()) {
                (Some(x), Some(y)) => Some(x.into_iter().filter(|k| y.contains(k)).collect()),
                (Some(x), None) | (None, Some(x)) => Some(x),
                (None, None) => None,
            },
            Cond::Or(a, b) => match (a.required_kinds(), b.required_kinds()) {
                (Some(mut x), Some(y)) => {
                    x.extend(y);
                    Some(x)
                }
                _ => None,
            },
            _ => None,
        }
    }
}
