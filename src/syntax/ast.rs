//! The typed syntax tree of a `.rules` file. Every node carries its span; no pest types.

use crate::diag::Span;

/// A name as written, with where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ident {
    /// The text of the name.
    pub text: String,
    /// Where it stands in the source.
    pub span: Span,
}

/// A whole rules file: its top-level items in source order.
#[derive(Debug, Clone, Default)]
pub struct RulesFile {
    /// The items, in source order.
    pub items: Vec<Item>,
    /// Names that items which failed to parse would have declared.
    pub broken_names: Vec<String>,
    /// The first words of the items that failed to parse (`players`, `end`, …).
    pub broken_items: Vec<String>,
    /// A comment never closed hides the rest of the file: any item may be missing.
    pub truncated: bool,
    /// The items kept although a statement of their block failed to parse:
    /// they may look emptier than they are.
    pub broken_blocks: Vec<Span>,
}

impl RulesFile {
    /// Whether `span` lies in an item that lost a broken statement.
    pub fn in_broken_block(&self, span: Span) -> bool {
        self.broken_blocks
            .iter()
            .any(|b| b.start <= span.start && span.start < b.end)
    }
}

/// One top-level item.
#[derive(Debug, Clone)]
pub enum Item {
    /// `game "Title"`.
    Game { title: String, span: Span },
    /// `players A, B`.
    Players(Vec<Ident>),
    /// `option name: type = default in lo..hi`.
    Option(OptionDecl),
    /// `board grid files a..h ranks 1..8 { … }`.
    Board(BoardDecl),
    /// `directions name = …`.
    Directions(DirectionsDecl),
    /// `region name = …`.
    Region(RegionDecl),
    /// `counter name`.
    Counter(Ident),
    /// `piece Name letter L { … }`.
    Piece(PieceDecl),
    /// `when Kind enters region: effects`.
    Trigger(TriggerDecl),
    /// `captured Kind to reserve|out`.
    Captured(CapturedDecl),
    /// `setup { … }`.
    Setup(Vec<SetupStmt>),
    /// `turn name { … }`.
    Turn(TurnDecl),
    /// `turns { … }`.
    Turns { stmts: Vec<OrderStmt>, span: Span },
    /// `end { … }`.
    End(Vec<EndStmt>),
    /// `pool A, B, …`: a shared stock, lowest rank first.
    Pool(Vec<Ident>),
    /// `flag name when expr`.
    Flag { name: Ident, when: Expr },
    /// `royal A, B`.
    Royal(Vec<Ident>),
    /// `promote Kind capturing cond [unless flag]: piece at zone else zone…`.
    Promote(PromoteDecl),
}

/// `promote Kind capturing cond [unless flag]: piece at zone else zone…`.
#[derive(Debug, Clone)]
pub struct PromoteDecl {
    pub kind: Ident,
    pub captured: Cond,
    pub unless: Option<Ident>,
    /// `None`: the lowest-ranked piece of the pool.
    pub into: Option<Ident>,
    /// Placement zones in order; `None` is `anywhere`.
    pub zones: Vec<Option<Ident>>,
    pub span: Span,
}

/// The type of an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionType {
    /// Whole numbers.
    Int,
    /// `true` / `false`.
    Bool,
}

/// A literal value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Literal {
    /// A whole number.
    Int(i64),
    /// A truth value.
    Bool(bool),
}

/// `option name: type = default in lo..hi`.
#[derive(Debug, Clone)]
pub struct OptionDecl {
    pub name: Ident,
    pub ty: OptionType,
    pub ty_span: Span,
    pub default: Literal,
    pub default_span: Span,
    /// Inclusive bounds for int options (`in 1..` leaves the top open).
    pub range: Option<(i64, Option<i64>, Span)>,
}

/// A board declaration.
#[derive(Debug, Clone)]
pub struct BoardDecl {
    pub shape: BoardShape,
    pub span: Span,
}

/// The kinds of board.
#[derive(Debug, Clone)]
pub enum BoardShape {
    /// A rectangular board with named files and ranks.
    Grid {
        files: (Ident, Ident),
        ranks: (Ident, Ident),
        /// Sides (`n`, `s`) beyond which virtual exit cells exist.
        exits: Vec<Ident>,
    },
    /// Cells generated from coordinate ranges, linked by rules.
    Graph(GraphDecl),
}

/// `board graph { … }`.
#[derive(Debug, Clone, Default)]
pub struct GraphDecl {
    /// `cells v in lo..hi, … named "template"`.
    pub coords: Vec<(Ident, Ident, Ident)>,
    pub template: Option<(String, Span)>,
    /// `cells` statements after the first (reported; their new coordinates
    /// are added to `coords`, as the author surely meant).
    pub cells_repeated: Vec<Span>,
    pub wraps: Vec<Ident>,
    pub links: Vec<LinkDecl>,
    /// `perpendicular A to B`.
    pub perpendicular: Vec<(Vec<Ident>, Vec<Ident>)>,
}

/// `link dir: (pattern) -> (exprs) when expr then dirs`.
#[derive(Debug, Clone)]
pub struct LinkDecl {
    pub dir: Ident,
    pub from: Vec<Ident>,
    pub to: Vec<Expr>,
    pub when: Option<Expr>,
    pub then: Vec<Ident>,
    pub span: Span,
}

/// `directions name = a, b` or per player `P: a, b; Q: c, d`.
#[derive(Debug, Clone)]
pub struct DirectionsDecl {
    pub name: Ident,
    pub value: PerPlayer<Vec<Ident>>,
}

/// A value that is the same for everyone, or given per player.
#[derive(Debug, Clone)]
pub enum PerPlayer<T> {
    /// One value for every player.
    All(T),
    /// One value per named player.
    Each(Vec<(Ident, T)>),
}

/// `region name = …`.
#[derive(Debug, Clone)]
pub struct RegionDecl {
    pub name: Ident,
    pub value: PerPlayer<RegionExpr>,
}

/// A union of region terms.
#[derive(Debug, Clone)]
pub struct RegionExpr {
    pub terms: Vec<RegionTerm>,
    pub span: Span,
}

/// One term of a region union.
#[derive(Debug, Clone)]
pub enum RegionTerm {
    /// `rank 8`.
    Rank(Ident),
    /// `file a`.
    File(Ident),
    /// `cells where expr` (the expression sees `file` and `rank` as 0-based indices).
    Where(Expr),
    /// Cell names or region names.
    Names(Vec<Ident>),
}

/// `piece Name letter L [owner P] [plural Names] { moves }`.
#[derive(Debug, Clone)]
pub struct PieceDecl {
    pub name: Ident,
    pub letter: Ident,
    pub owner: Option<Ident>,
    /// The name of several pieces, where English is irregular (`plural Men`).
    pub plural: Option<Ident>,
    /// `owner` or `plural` given again.
    pub repeated: Vec<Span>,
    pub moves: Vec<MoveDecl>,
}

/// `move name: pattern`.
#[derive(Debug, Clone)]
pub struct MoveDecl {
    pub name: Ident,
    pub pattern: Pattern,
    pub span: Span,
}

/// A direction reference: one name (a direction or a set), or a parenthesised list.
pub type DirRef = Vec<Ident>;

/// A movement pattern.
#[derive(Debug, Clone)]
pub enum Pattern {
    /// One step in one of the directions.
    Step { dirs: DirRef, target: Cond },
    /// Repeated steps in one direction until blocked.
    Slide { dirs: DirRef, target: Cond },
    /// A fixed path of steps whose intermediate cells do not matter.
    Leap { path: Vec<PathStep>, target: Cond },
    /// A jump over an adjacent piece onto the cell beyond, possibly chained.
    Jump {
        dirs: DirRef,
        over: Cond,
        target: Cond,
        options: Vec<(JumpOption, Span)>,
    },
}

/// One element of a leap path.
#[derive(Debug, Clone)]
pub enum PathStep {
    /// Pick a direction from this set.
    Dirs(DirRef),
    /// Continue in the current direction.
    Same(Span),
    /// Turn to a direction perpendicular to the current one.
    Perpendicular(Span),
}

/// A modifier of a jump.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JumpOption {
    /// The jumped piece is captured at once.
    Capturing,
    /// The piece may go on jumping from where it landed.
    Repeat,
    /// No piece may be jumped twice in one chain.
    EachPieceOnce,
    /// The chain may not end on its starting cell.
    NotEndingAtStart,
}

/// A condition on a cell.
#[derive(Debug, Clone)]
pub enum Cond {
    /// A name: `empty`, `occupied`, `enemy`, `friend`, `exit`, or a piece kind.
    Name(Ident),
    /// `in region`.
    In(Ident),
    /// `not c`.
    Not(Box<Cond>),
    /// `a and b`.
    And(Box<Cond>, Box<Cond>),
    /// `a or b`.
    Or(Box<Cond>, Box<Cond>),
}

/// `when Kind enters region: effects`.
#[derive(Debug, Clone)]
pub struct TriggerDecl {
    pub kind: Ident,
    pub region: Ident,
    pub effects: Vec<Effect>,
    pub span: Span,
}

/// An effect of a trigger.
#[derive(Debug, Clone)]
pub enum Effect {
    /// The piece leaves the board.
    Remove(Span),
    /// `add n to counter` (the counter of the piece's owner).
    Add { amount: i64, counter: Ident, span: Span },
}

/// Where captured pieces of a kind go.
#[derive(Debug, Clone)]
pub struct CapturedDecl {
    pub kind: Ident,
    pub to: CaptureDest,
    /// `unless flag`: once the flag is set, captured pieces are out of the game.
    pub unless: Option<Ident>,
    pub span: Span,
}

/// Where a captured piece goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureDest {
    /// Out of the game.
    Out,
    /// Its owner's reserve.
    Reserve,
    /// The shared pool.
    Pool,
}

/// One statement of `setup`.
#[derive(Debug, Clone)]
pub enum SetupStmt {
    /// `Player: Kind at region`.
    Place {
        player: Ident,
        kind: Ident,
        cells: RegionExpr,
    },
    /// `Player: reserve n Kind`.
    Reserve {
        player: Ident,
        count: i64,
        count_span: Span,
        kind: Ident,
    },
}

/// `turn name { … }`.
#[derive(Debug, Clone)]
pub struct TurnDecl {
    pub name: Ident,
    /// `actions up to expr[, distinct pieces]`.
    pub actions: Option<(Expr, bool)>,
    /// `pass allowed`.
    pub pass: bool,
    /// Priority tiers: `choose …` then each `else …`.
    pub tiers: Vec<Vec<ActionAlt>>,
    /// `actions up to` or `pass allowed` lines given again.
    pub repeated: Vec<Span>,
    pub span: Span,
}

/// One kind of action a turn offers.
#[derive(Debug, Clone)]
pub enum ActionAlt {
    /// `move Kind` or `move Kind.name`.
    Move { kind: Ident, name: Option<Ident> },
    /// `drop Kind onto cond`.
    Drop { kind: Ident, target: Cond },
}

/// One statement of `turns`.
#[derive(Debug, Clone)]
pub enum OrderStmt {
    /// `Player: turn`.
    Turn { player: Ident, turn: Ident },
    /// `repeat { … }`.
    Repeat { turns: Vec<(Ident, Ident)>, span: Span },
}

/// What an end rule says of itself: the author's wording (`because "…"`)
/// and where the rule is.
#[derive(Debug, Clone)]
pub struct RuleWording {
    /// The text of `because "…"`, if given.
    pub because: Option<String>,
    /// The whole rule.
    pub span: Span,
}

/// One statement of `end`.
#[derive(Debug, Clone)]
pub enum EndStmt {
    /// `win P when expr [because "…"]`, optionally inside `for X in players:`.
    Win {
        player: Ident,
        when: Expr,
        each: Option<Ident>,
        wording: RuleWording,
    },
    /// `draw when expr [because "…"]`, optionally inside `for X in players:`.
    Draw {
        when: Expr,
        each: Option<Ident>,
        wording: RuleWording,
    },
    /// `draw after expr moves`.
    Limit(Expr),
    /// `no move: mover loses [if in check]` / `no move: draw`.
    NoMove {
        loses: bool,
        only_in_check: bool,
        span: Span,
    },
    /// `on draw: win P when expr`: a game that would end drawn is won instead.
    OnDraw {
        player: Ident,
        when: Expr,
        each: Option<Ident>,
        wording: RuleWording,
    },
}

/// A binary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// An expression.
#[derive(Debug, Clone)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// The forms of an expression.
#[derive(Debug, Clone)]
pub enum ExprKind {
    Int(i64),
    Bool(bool),
    /// An option, player, loop variable or coordinate.
    Name(Ident),
    /// `counter[player]`.
    Index(Ident, Box<Expr>),
    /// `f(args)`.
    Call(Ident, Vec<Expr>),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
}
