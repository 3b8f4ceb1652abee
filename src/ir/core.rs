//! The move core: the small instruction set that every movement rule, drop
//! and effect lowers to, run by the engine's interpreter where no fast form
//! applies (see `docs/LANGUAGE.md`, "The move core").
//!
//! A [`Program`] is a flat list of [`Op`]s read from index 0. Branching ops
//! ([`Op::Go`], [`Op::Fork`], [`Op::Anywhere`]) explore every outcome in
//! depth-first order; a way that reaches [`Op::Accept`] at the top level is one
//! action. Bodies of [`Op::Can`] and [`Op::Each`] are the ops between the op
//! and its `end`, ending with their own `Accept`.

use super::CondId;
use super::expr::Expr;
use super::ids::{DirId, PieceKind};

/// A compiled rule body.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Program {
    /// The instructions, read from index 0.
    pub ops: Vec<Op>,
}

/// Directions per player (`dirs[player]`).
pub type PlayerDirs = Vec<Vec<DirId>>;

/// One core instruction.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// Step the cursor to the neighbour in each of the player's directions (a
    /// branch per direction with a neighbour; a branch per continuation where
    /// the line branches).
    Go(PlayerDirs),
    /// Step on along the current line.
    GoSame,
    /// Step at right angles to the current direction.
    GoPerpendicular,
    /// Step in the opposite of the current direction (the direction that
    /// leads back along its links), which becomes the current one.
    GoBack,
    /// Move the cursor to every board cell (a branch per cell).
    Anywhere,
    /// Move the cursor to every board cell meeting the condition: `Anywhere`
    /// followed by `If`, fused.
    AnywhereIf(CondId),
    /// The cursor's cell meets the condition.
    If(CondId),
    /// The expression is true now.
    When(Expr),
    /// The pieces of a block of cells turn: a branch per transform
    /// ([`super::Game::transforms`] indices, per player). Ends the current
    /// action first, and is an action of its own.
    Turn(Vec<Vec<u16>>),
    /// The cursor goes a computed number of steps along a line ([`Walk`]):
    /// a branch per direction (and distance, for `up to`).
    Walk(Box<Walk>),
    /// A block of cells moves as one ([`Shift`]): a branch per distance.
    /// Ends the current action first, and is an action of its own.
    Shift(Box<Shift>),
    /// Lookahead: the body (up to `end`) has a way to its `Accept` (`negate`: none).
    Can {
        /// Index of the first op after the body.
        end: u32,
        /// `cannot` instead of `can`.
        negate: bool,
    },
    /// Lift the piece on the cursor's cell into the hand (writes the action's
    /// start in the notation). The first action of a move rule is lifted at its
    /// first step.
    Lift,
    /// The piece in hand lands on the cursor's cell (a hop of the notation).
    Land,
    /// The piece on the cursor's cell is captured now.
    Capture,
    /// The piece on the cursor's cell is captured when the action ends; until
    /// then it stays, `taken`.
    CaptureAtEnd,
    /// The piece on the cursor's cell and its whole group are captured now.
    CaptureGroup,
    /// A new piece of the kind is put on the cursor's empty cell.
    Place(PieceKind),
    /// The piece on the cursor's cell leaves the board, as an action of its own.
    Remove,
    /// The piece on the cursor's cell changes owner to the mover.
    Flip,
    /// The piece in hand becomes a piece of the kind.
    Become {
        /// The new kind.
        kind: PieceKind,
        /// Written `=L` in the notation.
        shown: bool,
    },
    /// The in-place promotions of the piece in hand that apply where its action
    /// ends (a branch per choice).
    Promote,
    /// A promotion on capture (`promote Kind capturing …`) after a landing that
    /// captured: the capturer leaves and a new piece is placed (a branch per cell).
    PromoteOnCapture,
    /// The cursor's cell joins a mark set, read by the next move.
    Mark(u8),
    /// Remember the cursor's cell in a register of the rule.
    Save(u8),
    /// Move the cursor back to a register's cell.
    BackTo(u8),
    /// Move the piece on the cursor's cell to a register's cell; written in
    /// the notation (as `,from-to`) when the flag is set.
    CarryTo(u8, bool),
    /// The line the cursor last went along (from the cell it left to its
    /// cell) is drawn; fails when it is drawn already or there is none.
    Draw,
    /// The cursor's cell joins the chain's jumped set (`each piece jumped once`).
    Jumped,
    /// The cursor's cell is not in the chain's jumped set.
    NotJumped,
    /// The last landing did not stop the piece (not on a piece, not on an exit
    /// cell, not where a trigger fires or a promotion on entering applies).
    NotStopped,
    /// The action ends here and a new one starts on the cursor's cell.
    Then,
    /// Every way through the body (up to `end`) is followed; the changes of all
    /// of them are made together; the cursor stays. With `must`, fails when no
    /// way through exists or nothing changed.
    Each {
        /// Index of the first op after the body.
        end: u32,
        /// At least one change is required.
        must: bool,
    },
    /// Continue at the next op, and also at `target` (the next op first).
    Fork(u32),
    /// Continue at `target`.
    Jump(u32),
    /// The end of the program or of a body.
    Accept,
}

/// `shift BLOCK TRAVEL [up to N] onto C`: the cursor's cell and its
/// neighbours in the `block` directions move as one block along a direction,
/// one cell at a time, while the cells it comes to cover beyond its own are
/// empty; each distance where its new centre meets `onto` is a way. What
/// stands under the block where it stops is captured; a piece whose new cell
/// would be off the board leaves it.
#[derive(Debug, Clone, PartialEq)]
pub struct Shift {
    /// The directions of the block's cells from its centre, per player.
    pub block: PlayerDirs,
    /// The direction it moves in.
    pub travel: Travel,
    /// The most cells it moves (`up to N`); any number without.
    pub limit: Option<Expr>,
    /// What the new centre must meet.
    pub onto: CondId,
}

/// `go DIRS exactly N over C` / `go DIRS up to N over C`: for each direction,
/// `count` is evaluated with the cursor where it is and that direction
/// current; the cursor then steps that many times along the line (`exact`),
/// or any number of times from 1 to it, every cell it passes (all but the
/// last) meeting `over` and none an exit cell. Where the line branches, each
/// branch is followed.
#[derive(Debug, Clone, PartialEq)]
pub struct Walk {
    /// The directions it may start in.
    pub travel: Travel,
    /// Only the full distance (`exactly`), or every distance up to it (`up to`).
    pub exact: bool,
    /// The number of steps.
    pub count: Expr,
    /// What a passed cell must meet.
    pub over: CondId,
    /// The action's piece is lifted here, after `count` is evaluated (the
    /// walk is the first clause of its action to move the cursor): the
    /// distance sees the piece on its cell.
    pub lift: bool,
}

/// The direction a [`Shift`] or a [`Walk`] moves in, as `go` names one.
#[derive(Debug, Clone, PartialEq)]
pub enum Travel {
    /// One of the player's directions (a branch per direction).
    Dirs(PlayerDirs),
    /// The current direction.
    Same,
    /// The opposite of the current direction.
    Back,
    /// At right angles to the current direction (a branch per direction).
    Perpendicular,
}

impl Op {
    /// Whether the op moves the cursor to another cell.
    pub fn moves_cursor(&self) -> bool {
        matches!(
            self,
            Op::Go(_)
                | Op::GoSame
                | Op::GoPerpendicular
                | Op::GoBack
                | Op::Walk(_)
                | Op::Anywhere
                | Op::AnywhereIf(_)
                | Op::BackTo(_)
        )
    }
}

impl Program {
    /// Whether the program starts by choosing a board cell ([`Op::Anywhere`]
    /// or [`Op::AnywhereIf`]) and then has at most one way to its `Accept`
    /// from each cell: no branching op follows at the top level (the bodies
    /// of `can` and `each` are tests and effects, never branches of the
    /// action). Such a rule gives at most one action per cell, so drawing
    /// cells at random draws its actions uniformly.
    pub fn one_way_per_cell(&self) -> bool {
        if !matches!(self.ops.first(), Some(Op::Anywhere | Op::AnywhereIf(_))) {
            return false;
        }
        let mut pc = 1;
        while let Some(op) = self.ops.get(pc) {
            pc = match op {
                // `back to` restores a saved cell: one way, no branch.
                _ if op.moves_cursor() && !matches!(op, Op::BackTo(_)) => return false,
                Op::Fork(_)
                | Op::Jump(_)
                | Op::Promote
                | Op::PromoteOnCapture
                | Op::Turn(_)
                | Op::Shift(_)
                | Op::Then => return false,
                Op::Can { end, .. } | Op::Each { end, .. } => *end as usize,
                Op::Accept => return true,
                _ => pc + 1,
            };
        }
        false
    }

    /// Whether the program needs the interpreter's view of the board to be
    /// changed while it runs (it writes something a later clause could see).
    pub fn writes(&self) -> bool {
        self.ops.iter().any(|op| {
            matches!(
                op,
                Op::Capture
                    | Op::CaptureAtEnd
                    | Op::CaptureGroup
                    | Op::Place(_)
                    | Op::Remove
                    | Op::Flip
                    | Op::CarryTo(..)
                    | Op::Turn(_)
                    | Op::Shift(_)
                    | Op::Then
                    | Op::Each { .. }
                    | Op::Draw
            )
        })
    }
}
