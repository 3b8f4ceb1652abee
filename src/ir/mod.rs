//! The compiled game: dense, span-free tables that the engine runs on.
//!
//! Everything here is indexed by small ids ([`ids`]); names survive only for
//! output (notation, status lines, board drawings).

pub mod expr;
pub mod ids;

pub use expr::{BinOp, Expr};
pub use ids::{CellId, DirId, PieceKind, PlayerId};

/// A whole compiled game.
#[derive(Debug, Clone)]
pub struct Game {
    /// The title from `game "…"`.
    pub title: String,
    /// Player names, in declaration order.
    pub players: Vec<String>,
    /// Options with their defaults and bounds.
    pub options: Vec<OptionInfo>,
    /// The board, flattened.
    pub topology: Topology,
    /// Piece kinds.
    pub kinds: Vec<KindInfo>,
    /// Every movement rule of every kind.
    pub rules: Vec<MoveRule>,
    /// Every cell condition used by rules and turns, by [`CondId`].
    pub conds: Vec<Cond>,
    /// Per-player counter names.
    pub counters: Vec<String>,
    /// Trigger effects, referenced from [`Game::trigger_at`].
    pub triggers: Vec<Trigger>,
    /// `trigger_at[(player * kinds + kind) * cells + cell]`: trigger index + 1, or 0.
    pub trigger_at: Vec<u16>,
    /// The starting position.
    pub setup: Setup,
    /// Turn kinds.
    pub turns: Vec<Turn>,
    /// Which player plays which turn kind, in order.
    pub order: TurnOrder,
    /// End conditions.
    pub end: EndRules,
    /// Whether one piece can reach one cell by two steps, leaps or slides (two
    /// rules, two lines): then the generator drops the repeated targets.
    pub dedupe_targets: bool,
    /// Whether two jump chains can coincide in notation (a piece with jumps
    /// that reaches a cell in two ways): then move lists are sorted and deduplicated.
    pub may_duplicate: bool,
    /// The shared pool: its kinds, lowest rank first, and how many of each at the start.
    pub pool: Vec<(PieceKind, u16)>,
    /// Flags, by index.
    pub flags: Vec<Flag>,
    /// Promotions on capture, tried in order.
    pub promotions: Vec<Promotion>,
}

/// A typed option with its default.
#[derive(Debug, Clone)]
pub struct OptionInfo {
    /// Its name, for `--set name=value`.
    pub name: String,
    /// Whether it is a bool (else an int).
    pub is_bool: bool,
    /// Its default value (bools as 0/1).
    pub default: i64,
    /// Inclusive lower bound for ints.
    pub min: Option<i64>,
    /// Inclusive upper bound for ints.
    pub max: Option<i64>,
}

/// The board as dense tables.
#[derive(Debug, Clone)]
pub struct Topology {
    /// Cell names, by [`CellId`]; exit cells come after the board cells.
    pub cell_names: Vec<String>,
    /// Number of cells on the board proper; ids from here on are exit cells.
    pub board_cells: usize,
    /// (file, rank) of each cell for drawing, 0-based; exit cells lie beyond the edge.
    pub coords: Vec<(i32, i32)>,
    /// Number of files and ranks (the drawing grid).
    pub width: i32,
    /// See [`Topology::width`].
    pub height: i32,
    /// Direction names.
    pub dir_names: Vec<String>,
    /// `neighbour[cell * dirs + dir]`: the cell one step away, or [`CellId::NONE`].
    pub neighbour: Vec<CellId>,
    /// `continues[cell * dirs + dir]`: bit set of the directions a line goes on
    /// in after the link from `cell` in `dir` (usually just `dir`; two bits
    /// where the line branches).
    pub continues: Vec<u32>,
    /// `perpendicular[dir]`: the directions at right angles to it.
    pub perpendicular: Vec<Vec<DirId>>,
    /// Named regions: `regions[r][player]` is the membership of each cell.
    pub regions: Vec<Region>,
}

impl Topology {
    /// Total cells, exit cells included.
    #[inline]
    pub fn cells(&self) -> usize {
        self.cell_names.len()
    }

    /// Whether `cell` is an exit cell (beyond an edge).
    #[inline]
    pub fn is_exit(&self, cell: CellId) -> bool {
        cell.index() >= self.board_cells
    }

    /// The neighbour of `cell` in `dir`.
    #[inline]
    pub fn step(&self, cell: CellId, dir: DirId) -> CellId {
        self.neighbour[cell.index() * self.dir_names.len() + dir.0 as usize]
    }

    /// The directions a line goes on in after stepping from `cell` in `dir`.
    pub fn continue_dirs(&self, cell: CellId, dir: DirId) -> impl Iterator<Item = DirId> + use<> {
        let mut bits = self.continues[cell.index() * self.dir_names.len() + dir.0 as usize];
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let d = bits.trailing_zeros();
                bits &= bits - 1;
                DirId(d as u8)
            })
        })
    }
}

/// A set of cells, possibly different for each player.
#[derive(Debug, Clone)]
pub struct Region {
    /// Its name.
    pub name: String,
    /// `member[player][cell]`.
    pub member: Vec<Vec<bool>>,
}

/// A kind of piece.
#[derive(Debug, Clone)]
pub struct KindInfo {
    /// Its name.
    pub name: String,
    /// The name of several of them ("Stones", or as the rules declare: "Men").
    pub plural: String,
    /// The letter used in drop notation (`N@b8`).
    pub letter: String,
    /// The only player that may own it, if declared.
    pub owner: Option<PlayerId>,
    /// Its movement rules, indices into [`Game::rules`].
    pub rules: Vec<usize>,
    /// Where captured pieces of this kind go.
    pub captured_to: CaptureTo,
    /// Once this flag is set, captured pieces of this kind are out of the game.
    pub captured_unless: Option<usize>,
    /// The mover may never leave a royal piece of theirs attacked.
    pub royal: bool,
}

/// Where a captured piece goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CaptureTo {
    /// Out of the game.
    #[default]
    Out,
    /// Its owner's reserve.
    Reserve,
    /// The shared pool.
    Pool,
}

/// A promotion: when a piece of `kind` captures a piece meeting `captured`,
/// the capturer leaves the board and a new piece is placed for the mover.
#[derive(Debug, Clone)]
pub struct Promotion {
    /// The capturing kind.
    pub kind: PieceKind,
    /// Condition on the captured piece's cell, before the capture.
    pub captured: CondId,
    /// No promotion once this flag is set.
    pub unless: Option<usize>,
    /// The new piece: a kind (from an unlimited supply, or from the pool if
    /// the kind is a pool kind), or `None` for the lowest-ranked piece of the pool.
    pub into: Option<PieceKind>,
    /// Placement zones, tried in order: the first with an empty cell is used.
    /// `None` is anywhere.
    pub zones: Vec<Option<usize>>,
}

/// A flag: false at the start, set for good after the first move after which
/// its condition holds.
#[derive(Debug, Clone)]
pub struct Flag {
    /// Its name.
    pub name: String,
    /// The condition that sets it.
    pub when: Expr,
}

/// A compiled movement rule of one kind.
#[derive(Debug, Clone)]
pub struct MoveRule {
    /// The rule's name (`step`, `leapfrog`, …).
    pub name: String,
    /// The kind it belongs to.
    pub kind: PieceKind,
    /// What the rule does.
    pub pattern: Pattern,
    /// Condition on the landing cell.
    pub target: CondId,
}

/// The geometry of a movement rule, with its per-cell tables precomputed.
#[derive(Debug, Clone)]
pub enum Pattern {
    /// One hop to a precomputed target (steps and leaps).
    Hop {
        /// Targets from each cell, per player.
        targets: CellTable,
    },
    /// Slides along lines until the first occupied cell; lines may branch.
    Slide {
        /// The lines from each cell, per player, as flattened trees.
        lines: SlideTable,
    },
    /// Jumps over an adjacent piece, possibly chained.
    Jump {
        /// `(over, land)` pairs from each cell, per player, flattened as
        /// `over, land, over, land, …` in a [`CellTable`].
        hops: CellTable,
        /// Condition on the jumped cell.
        over: CondId,
        /// The jumped piece is captured at once.
        capturing: bool,
        /// The piece may go on jumping.
        repeat: bool,
        /// No piece may be jumped twice in one chain.
        each_once: bool,
        /// The chain may not end where it began.
        not_ending_at_start: bool,
    },
}

/// For each (player, cell), the cells a slider can pass, as a tree flattened in
/// depth-first order: each node says where its subtree ends, so a blocked cell
/// skips everything beyond it.
#[derive(Debug, Clone, Default)]
pub struct SlideTable {
    /// `start[player * cells + cell] .. start[… + 1]` indexes `nodes`.
    pub start: Vec<u32>,
    /// `(cell, end of its subtree)`, the end as an index into `nodes`.
    pub nodes: Vec<(CellId, u32)>,
}

impl SlideTable {
    /// The index range of the tree of `(player, cell)` in a table built for `cells` cells.
    #[inline]
    pub fn range(&self, player: PlayerId, cell: CellId, cells: usize) -> std::ops::Range<usize> {
        let i = player.index() * cells + cell.index();
        self.start[i] as usize..self.start[i + 1] as usize
    }
}

/// For each (player, cell), a list of cells, stored flat.
#[derive(Debug, Clone, Default)]
pub struct CellTable {
    /// `start[player * cells + cell] .. start[… + 1]` indexes `data`.
    pub start: Vec<u32>,
    /// The cells of every list, one after another.
    pub data: Vec<CellId>,
}

impl CellTable {
    /// The list of `(player, cell)` in a table built for `cells` cells.
    #[inline]
    pub fn get(&self, player: PlayerId, cell: CellId, cells: usize) -> &[CellId] {
        let i = player.index() * cells + cell.index();
        &self.data[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// An index into [`Game::conds`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CondId(pub u16);

/// A condition on a cell, seen from the moving player.
#[derive(Debug, Clone, PartialEq)]
pub enum Cond {
    /// A board cell with no piece.
    Empty,
    /// A board cell with a piece.
    Occupied,
    /// A cell with an opponent's piece.
    Enemy,
    /// A cell with the mover's piece.
    Friend,
    /// An exit cell beyond an edge.
    Exit,
    /// A cell with a piece of this kind (anyone's).
    Kind(PieceKind),
    /// A cell in this region (as seen by the mover).
    In(usize),
    /// Negation.
    Not(Box<Cond>),
    /// Both.
    And(Box<Cond>, Box<Cond>),
    /// Either.
    Or(Box<Cond>, Box<Cond>),
}

/// What happens when a piece of a kind enters a region. The piece's action ends there.
#[derive(Debug, Clone)]
pub struct Trigger {
    /// The piece leaves the board.
    pub remove: bool,
    /// `(counter, amount)` added to the owner's counters.
    pub add: Vec<(usize, i64)>,
}

/// The starting position.
#[derive(Debug, Clone, Default)]
pub struct Setup {
    /// Pieces on the board: (cell, owner, kind).
    pub pieces: Vec<(CellId, PlayerId, PieceKind)>,
    /// Reserves: (owner, kind, count).
    pub reserves: Vec<(PlayerId, PieceKind, u16)>,
}

/// A kind of turn: what one move consists of.
#[derive(Debug, Clone)]
pub struct Turn {
    /// Its name.
    pub name: String,
    /// The most actions in one move (at least one is made unless passing).
    pub max_actions: Expr,
    /// Each piece acts at most once per move.
    pub distinct_pieces: bool,
    /// `pass` is a move.
    pub pass: bool,
    /// Priority tiers: the first tier that offers any action is the only one used.
    pub tiers: Vec<Vec<ActionSource>>,
}

/// One kind of action a turn offers.
#[derive(Debug, Clone)]
pub enum ActionSource {
    /// Movement rules of the mover's pieces of a kind.
    Move {
        /// The kind.
        kind: PieceKind,
        /// The rules (all of the kind's, or one named).
        rules: Vec<usize>,
    },
    /// A piece from the mover's reserve onto a cell.
    Drop {
        /// The kind dropped.
        kind: PieceKind,
        /// Where it may go.
        target: CondId,
    },
}

/// The sequence of turns: a prefix played once, then a cycle repeated.
#[derive(Debug, Clone, Default)]
pub struct TurnOrder {
    /// (player, turn index) played once, in order.
    pub prefix: Vec<(PlayerId, usize)>,
    /// (player, turn index) repeated for ever after.
    pub cycle: Vec<(PlayerId, usize)>,
}

impl TurnOrder {
    /// The (player, turn) of move number `ply` (0-based).
    #[inline]
    pub fn at(&self, ply: u32) -> (PlayerId, usize) {
        let ply = ply as usize;
        if ply < self.prefix.len() {
            self.prefix[ply]
        } else {
            self.cycle[(ply - self.prefix.len()) % self.cycle.len()]
        }
    }
}

/// The end rules, checked after every move in this order: results, then the turn limit.
#[derive(Debug, Clone, Default)]
pub struct EndRules {
    /// Conditions checked after a move; the first that holds decides.
    pub results: Vec<(Expr, Outcome)>,
    /// The game is drawn after this many moves.
    pub turn_limit: Option<Expr>,
    /// What happens to a player to move with no legal move.
    pub no_move: NoMove,
    /// `on draw`: a game that would end drawn (for any reason) is won by the
    /// first player whose condition holds.
    pub draw_winners: Vec<(Expr, PlayerId)>,
    /// What each rule of `results` says of itself, in the same order (for
    /// front ends; the engine does not read it).
    pub result_texts: Vec<RuleText>,
    /// The same for `draw_winners`.
    pub draw_winner_texts: Vec<RuleText>,
}

/// An end rule in words, for front ends: the author's wording and where the
/// rule is written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleText {
    /// The rule's own wording (`because "…"`), a clause such as "no stone
    /// is left on the board".
    pub because: Option<String>,
    /// The byte offset of the rule in the rules file's text.
    pub offset: usize,
}

/// The result of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player wins.
    Win(PlayerId),
    /// Nobody wins.
    Draw,
}

/// The rule for a player to move who has no legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NoMove {
    /// The player loses (the next player wins).
    Loses,
    /// The player loses if a royal piece of theirs is attacked; else a draw.
    LosesIfInCheck,
    /// The game is drawn.
    #[default]
    Draw,
}
