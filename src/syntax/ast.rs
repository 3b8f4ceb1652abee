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
    /// `royal A, B`, and the whole item.
    Royal(Vec<Ident>, Span),
    /// `promote Kind capturing cond [unless flag]: piece at zone else zone…`.
    Promote(PromoteDecl),
    /// `promote Kind in zone [or from zone] [, on entering]: Kind, … [, optional]`.
    PromoteInPlace(InPlaceDecl),
    /// `mark name, …`: cell sets a move leaves for the next one.
    Marks(Vec<Ident>),
    /// `supply Kind, …`: kinds taken from an unlimited supply.
    Supply(Vec<Ident>),
    /// `adjacency dirs`: the neighbours of groups.
    Adjacency(Vec<Ident>),
    /// `notation landings|ends`: what a move's notation writes, and so which
    /// ways through the rules are one move.
    Notation(Ident),
    /// `position { … }`: how positions are written as text.
    Position(Vec<PositionField>, Span),
    /// `layout …`: how the board is drawn.
    Layout(LayoutDecl),
    /// `appearance { … }`: how pictures draw the game.
    Appearance(AppearanceDecl),
    /// `clauses name: …`: a named list of clauses.
    Clauses { name: Ident, clauses: Vec<Clause> },
    /// `condition name: …`: a named cell condition.
    Condition { name: Ident, cond: Cond },
    /// `[if expr:] forbid repetition [of N moves ago]`.
    Forbid {
        guard: Option<Expr>,
        back: Option<(i64, Span)>,
        span: Span,
    },
    /// `test "name" { … }`: a test of the rules.
    Test(TestDecl),
}

/// `appearance { … }`: colours, board style, marked points and piece
/// figures of the pictures. It has no effect on play.
#[derive(Debug, Clone)]
pub struct AppearanceDecl {
    pub looks: Vec<Look>,
    pub span: Span,
}

/// One statement of `appearance`.
#[derive(Debug, Clone)]
pub enum Look {
    /// `style checkered|plain|holes|lines`.
    Style(String),
    /// `colour NAME "#rrggbb"`.
    Colour(Ident, String, Span),
    /// `edges REGION, …`.
    Edges(Vec<Ident>),
    /// `dots CELL …`.
    Dots(Vec<Ident>),
    /// `glyph PIECE "figure" …`.
    Glyph(Ident, Vec<String>),
    /// `unlettered PIECE, …`.
    Unlettered(Vec<Ident>),
}

/// `layout …`: how the board is drawn. It has no effect on play.
#[derive(Debug, Clone)]
pub struct LayoutDecl {
    pub shape: LayoutShape,
    pub span: Span,
}

/// The forms of `layout`.
#[derive(Debug, Clone)]
pub enum LayoutShape {
    /// `squares`, `intersections` or `hexagons`, with the coordinates that
    /// go across and up (`(x, y)`) when given.
    Plane {
        style: LayoutStyle,
        style_span: Span,
        axes: Option<(Ident, Ident)>,
    },
    /// `polar ring r, sector s [clockwise] [from DEGREES]`.
    Polar {
        ring: Ident,
        sector: Ident,
        clockwise: bool,
        /// Where the first sector starts, in degrees clockwise from the top.
        from: Option<(i64, Span)>,
    },
    /// `points CELL (x, y) …`.
    Points(Vec<(Ident, i64, i64)>),
}

/// How a plane layout draws its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayoutStyle {
    /// Each cell a square.
    Squares,
    /// Each cell a point where lines cross (go).
    Intersections,
    /// Each cell a hexagon, placed by axial coordinates.
    Hexagons,
}

/// One field of a position's text, after the board.
#[derive(Debug, Clone)]
pub enum PositionField {
    /// `mover P "text", …`: who is to move.
    Mover(Vec<(Ident, String)>, Span),
    /// `rights "K" e1 h1, …`: letters standing for unmoved pieces on cells.
    Rights(Vec<(String, Vec<Ident>, Span)>, Span),
    /// `marks M`: the cells of a mark set, or `-`.
    Marks(Ident),
    /// `reserves`: the pieces in hand.
    Reserves(Span),
    /// `quiet`: the moves since the last capture (or other reset).
    Quiet(Span),
    /// `number`: the move number, counting each player's moves once.
    Number(Span),
    /// `ply`: the moves made so far, both players counted.
    Ply(Span),
}

/// `promote Kind in zone [or from zone] [, on entering]: Kind, … [, optional]`.
#[derive(Debug, Clone)]
pub struct InPlaceDecl {
    pub kinds: Vec<Ident>,
    /// Regions tested on the landing cell (`in`) and on the start cell (`from`).
    pub to: Vec<Ident>,
    pub from: Vec<Ident>,
    pub on_entering: bool,
    pub into: Vec<Ident>,
    pub optional: bool,
    pub span: Span,
}

/// `promote Kind capturing cond [unless flag]: piece at zone else zone…`.
#[derive(Debug, Clone)]
pub struct PromoteDecl {
    pub kind: Ident,
    /// Further kinds listed after the first (not allowed with `capturing`).
    pub more: Vec<Ident>,
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
        files: GridDim,
        ranks: GridDim,
        /// Sides (`n`, `s`) beyond which virtual exit cells exist.
        exits: Vec<Ident>,
    },
    /// Cells generated from coordinate ranges, linked by rules.
    Graph(GraphDecl),
}

/// The files or ranks of a grid.
#[derive(Debug, Clone)]
pub enum GridDim {
    /// `a..h`, `1..8`.
    Range(Ident, Ident),
    /// A number of them (`8`, `size`): letters from `a`, numbers from 1.
    Count(Expr),
}

/// `board graph { … }`.
#[derive(Debug, Clone, Default)]
pub struct GraphDecl {
    /// `cells v in lo..hi, … named "template"`.
    pub coords: Vec<(Ident, Ident, Ident)>,
    pub template: Option<(String, Span)>,
    /// `cells … where EXPR`: only the combinations for which it holds are cells.
    pub cells_where: Option<Expr>,
    /// `cells` statements after the first (reported; their new coordinates
    /// are added to `coords`, as the author surely meant).
    pub cells_repeated: Vec<Span>,
    pub wraps: Vec<Ident>,
    pub links: Vec<LinkDecl>,
    /// `perpendicular A to B`.
    pub perpendicular: Vec<(Vec<Ident>, Vec<Ident>)>,
    /// `line d, back: cells; cells`.
    pub lines: Vec<LineDecl>,
}

/// `line d, back: a1 d1 g1; b2 d2 f2`.
#[derive(Debug, Clone)]
pub struct LineDecl {
    pub dir: Ident,
    pub back: Ident,
    pub rows: Vec<Vec<Ident>>,
    pub span: Span,
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

/// A union of intersections of region terms.
#[derive(Debug, Clone)]
pub struct RegionExpr {
    /// `terms[i]` is a list of atoms all of which hold (`a and b`); the union of them.
    pub terms: Vec<Vec<RegionAtom>>,
    pub span: Span,
}

/// A term of a region expression, or a parenthesised expression.
#[derive(Debug, Clone)]
pub enum RegionAtom {
    Term(RegionTerm),
    Group(RegionExpr),
}

/// One term of a region union.
#[derive(Debug, Clone)]
pub enum RegionTerm {
    /// `rank 8`, `rank 1..3`.
    Rank(Ident, Option<Ident>),
    /// `file a`, `file a..c`.
    File(Ident, Option<Ident>),
    /// `first rank`, `last file`, …: (last, of the ranks).
    Edge { last: bool, rank: bool, span: Span },
    /// `cells where expr` (the expression sees `file` and `rank` as 0-based indices).
    Where(Expr),
    /// Cell names or region names.
    Names(Vec<Ident>),
}

/// `piece Name letter L [owner P] [plural Names] [neutral] [like K] { moves and drops }`.
#[derive(Debug, Clone)]
pub struct PieceDecl {
    pub name: Ident,
    pub letter: Ident,
    pub owner: Option<Ident>,
    /// `neutral`: the piece belongs to nobody.
    pub neutral: Option<Span>,
    /// `like K`: the piece has K's movement rules too.
    pub like: Option<Ident>,
    /// The name of several pieces, where English is irregular (`plural Men`).
    pub plural: Option<Ident>,
    /// `owner`, `plural`, `neutral` or `like` given again.
    pub repeated: Vec<Span>,
    pub moves: Vec<MoveDecl>,
    pub drops: Vec<DropDecl>,
}

/// `move name: clauses`.
#[derive(Debug, Clone)]
pub struct MoveDecl {
    pub name: Ident,
    pub clauses: Vec<Clause>,
    pub span: Span,
}

/// `drop [name]: onto cond, clauses`.
#[derive(Debug, Clone)]
pub struct DropDecl {
    pub name: Option<Ident>,
    pub target: Cond,
    pub clauses: Vec<Clause>,
    pub span: Span,
}

/// A direction reference: one name (a direction or a set), or a parenthesised list.
pub type DirRef = Vec<Ident>;

/// One clause of a rule: a pattern (sugar) or a clause of the move core.
#[derive(Debug, Clone)]
pub enum Clause {
    /// `step`, `slide`, `leap`, `jump`, `anywhere onto`.
    Pattern(Pattern, Span),
    /// `go dirs` / `go same` / `go perpendicular`.
    Go(Step, Span),
    /// `go dirs exactly N [over C]` / `go dirs up to N [over C]`: several
    /// steps along the line at once.
    GoFar {
        dirs: Step,
        distance: Box<Distance>,
        span: Span,
    },
    /// `anywhere`.
    Anywhere(Span),
    /// `if cond`.
    If(Cond, Span),
    /// `when expr`.
    When(Expr, Span),
    /// `can (…)` / `cannot (…)`.
    Can {
        negate: bool,
        body: Vec<Clause>,
        span: Span,
    },
    /// `land`.
    Land(Span),
    /// `capture` / `capture at end` / `capture group`.
    Capture(CaptureHow, Span),
    /// `place Kind`.
    Place(Ident, Span),
    /// `remove`.
    Remove(Span),
    /// `flip`.
    Flip(Span),
    /// `draw`.
    Draw(Span),
    /// `become Kind [silently]`.
    Become { kind: Ident, silently: bool, span: Span },
    /// `mark name`.
    Mark(Ident, Span),
    /// `save name`.
    Save(Ident, Span),
    /// `back to name`.
    BackTo(Ident, Span),
    /// `carry to name [written]`: with `written`, the carried piece's move
    /// is written in the notation.
    CarryTo { name: Ident, written: bool, span: Span },
    /// `like name` (a named clause list) or `like Piece.rule` (that rule's
    /// clauses): replaced by those clauses before compiling.
    Like {
        name: Ident,
        rule: Option<Ident>,
        span: Span,
    },
    /// `then clause`: a new action starts.
    Then(Box<Clause>, Span),
    /// `[must] each (…)`.
    Each {
        must: bool,
        body: Vec<Clause>,
        span: Span,
    },
    /// `(a | b)`, with `*`, `+` or `?`.
    Group {
        alts: Vec<Vec<Clause>>,
        repeat: Repeat,
        span: Span,
    },
    /// `[must] flip|capture [one] C along D closed by C`.
    Run {
        must: bool,
        flip: bool,
        /// Exactly one piece between the cursor and the closer (`one`),
        /// not a run of any length.
        one: bool,
        what: Cond,
        dirs: DirRef,
        closer: Cond,
        span: Span,
    },
    /// `[must] capture C groups without liberties`.
    Groups { must: bool, what: Cond, span: Span },
    /// `shift BLOCK TRAVEL [up to N] onto C`: the cursor's cell and its
    /// neighbours in the `block` directions move as one, along `travel`.
    Shift {
        block: DirRef,
        travel: Step,
        /// The most cells the block may move (`up to N`), any number without.
        limit: Option<Expr>,
        /// What the block's new centre must meet.
        onto: Cond,
        span: Span,
    },
    /// `rotate regions by angles` / `reflect regions along dirs`: the pieces of
    /// one of the regions turn or are mirrored.
    Turn {
        /// The regions, one of which turns.
        regions: Vec<Ident>,
        /// How they turn.
        how: Turning,
        span: Span,
    },
}

/// How `rotate` / `reflect` moves the pieces of a region.
#[derive(Debug, Clone)]
pub enum Turning {
    /// `rotate … by A` / `by (A, B, …)`: quarter turns in degrees, clockwise
    /// when positive, each with where it is written.
    Rotate(Vec<(i64, Span)>),
    /// `reflect … along D`: mirrored along each of the directions.
    Reflect(DirRef),
}

impl Clause {
    /// Where the clause stands.
    pub fn span(&self) -> Span {
        match self {
            Clause::Pattern(_, s)
            | Clause::Go(_, s)
            | Clause::Anywhere(s)
            | Clause::If(_, s)
            | Clause::When(_, s)
            | Clause::Land(s)
            | Clause::Capture(_, s)
            | Clause::Place(_, s)
            | Clause::Remove(s)
            | Clause::Flip(s)
            | Clause::Draw(s)
            | Clause::Mark(_, s)
            | Clause::Save(_, s)
            | Clause::BackTo(_, s)
            | Clause::Then(_, s) => *s,
            Clause::Can { span, .. }
            | Clause::CarryTo { span, .. }
            | Clause::Become { span, .. }
            | Clause::Each { span, .. }
            | Clause::Group { span, .. }
            | Clause::Run { span, .. }
            | Clause::Like { span, .. }
            | Clause::Groups { span, .. }
            | Clause::Turn { span, .. }
            | Clause::Shift { span, .. }
            | Clause::GoFar { span, .. } => *span,
        }
    }
}

/// How `capture` takes a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureHow {
    /// Now.
    Now,
    /// When the action ends.
    AtEnd,
    /// With its whole group.
    Group,
}

/// One step of the cursor.
#[derive(Debug, Clone)]
pub enum Step {
    /// In one of the directions.
    Dirs(DirRef),
    /// On along the line.
    Same(Span),
    /// At right angles.
    Perpendicular(Span),
    /// The opposite of the current direction.
    Back(Span),
}

/// How often a group of clauses runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repeat {
    Once,
    /// `*`.
    Any,
    /// `+`.
    AtLeastOnce,
    /// `?`.
    Maybe,
}

/// `exactly N [over C]` / `up to N [over C]`: how far a slide (or a `go`)
/// goes along its line, the number computed where the line starts.
#[derive(Debug, Clone)]
pub struct Distance {
    /// `exactly` (only that distance) rather than `up to` (every distance from 1).
    pub exact: bool,
    /// The number of steps.
    pub count: Expr,
    /// The cells it may pass over (empty cells without it).
    pub over: Option<Cond>,
}

/// A movement pattern.
#[derive(Debug, Clone)]
pub enum Pattern {
    /// One step in one of the directions (or on along the line, or at right angles).
    Step { dirs: Step, target: Cond },
    /// Repeated steps in one direction until blocked, or (with a distance)
    /// a distance computed from the line.
    Slide {
        dirs: Step,
        distance: Option<Box<Distance>>,
        target: Cond,
    },
    /// A fixed path of steps whose intermediate cells do not matter.
    Leap { path: Vec<PathStep>, target: Cond },
    /// A jump over an adjacent piece onto the cell beyond, possibly chained.
    Jump {
        dirs: DirRef,
        over: Cond,
        target: Cond,
        options: Vec<(JumpOption, Span)>,
    },
    /// Onto any cell.
    Anywhere { target: Cond },
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
    /// Turn back: the opposite of the current direction.
    Back(Span),
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
    /// The jumped piece is captured when the chain ends; it blocks until then.
    CapturingAtEnd,
    /// Over any number of empty cells before and after the jumped piece.
    Long,
    /// The chain goes on while a further jump exists.
    MustContinue,
}

/// A condition on a cell.
#[derive(Debug, Clone)]
pub enum Cond {
    /// A name: `empty`, `occupied`, `enemy`, `friend`, `exit`, a state word, a
    /// mark set, or a piece kind.
    Name(Ident),
    /// `in region` (or `in cell`).
    In(Ident),
    /// `next dirs is cond`.
    Next { dirs: DirRef, cond: Box<Cond> },
    /// `ray dirs has cond`.
    Ray { dirs: DirRef, cond: Box<Cond> },
    /// `in [exact] line of N [along dirs]`.
    InLine {
        n: i64,
        exact: bool,
        dirs: Option<DirRef>,
        span: Span,
    },
    /// `not c`.
    Not(Box<Cond>),
    /// `a and b`.
    And(Box<Cond>, Box<Cond>),
    /// `a or b`.
    Or(Box<Cond>, Box<Cond>),
}

impl Cond {
    /// Where the condition is written: from its first name to its last
    /// (`empty and in dark`; a leading `not` or `in` and closing brackets
    /// aside), `None` for a condition without names.
    pub fn span(&self) -> Option<Span> {
        match self {
            Cond::Name(i) | Cond::In(i) => Some(i.span),
            Cond::Next { dirs, cond } | Cond::Ray { dirs, cond } => join(dirs_span(dirs), cond.span()),
            Cond::InLine { span, .. } => Some(*span),
            Cond::Not(c) => c.span(),
            Cond::And(a, b) | Cond::Or(a, b) => join(a.span(), b.span()),
        }
    }
}

/// Where a direction reference is written: from its first name to its last.
pub fn dirs_span(dirs: &[Ident]) -> Option<Span> {
    let first = dirs.first()?.span;
    Some(dirs.iter().fold(first, |s, d| s.join(d.span)))
}

/// The span covering both, or either one.
fn join(a: Option<Span>, b: Option<Span>) -> Option<Span> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.join(b)),
        (a, b) => a.or(b),
    }
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
    pub kinds: Vec<Ident>,
    pub to: CaptureDest,
    /// `as Kind`: the kind the captured piece turns into.
    pub as_kind: Option<Ident>,
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
    /// The capturing player's reserve.
    Captor,
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
    /// `drawn a2 a12 e12; d2 e1`: paths of lines drawn at the start.
    Drawn(Vec<Vec<Ident>>),
}

/// `turn name { … }`.
#[derive(Debug, Clone)]
pub struct TurnDecl {
    pub name: Ident,
    /// `actions up to expr` or `actions exactly expr`, `[, distinct pieces]`.
    pub actions: Option<Actions>,
    /// `pass allowed` / `pass if stuck`, and where.
    pub pass: Option<(PassWhen, Span)>,
    /// `must capture`, where it is written.
    pub must_capture: Option<Span>,
    /// `most captures`, where it is written.
    pub most_captures: Option<Span>,
    /// `then if cond: choose …`.
    pub follow_up: Option<(Cond, Vec<Vec<Alt>>, Span)>,
    /// `after each action: clauses`: an effect run after every action of
    /// the turn, and the statement's span.
    pub after_each: Option<(Vec<Clause>, Span)>,
    /// Priority tiers: `choose …` then each `else …`.
    pub tiers: Vec<Vec<Alt>>,
    /// `actions up to`, `pass allowed` or `after each action` lines given again.
    pub repeated: Vec<Span>,
    pub span: Span,
}

/// How many actions a move of a turn holds: `actions up to N` or `actions
/// exactly N`, optionally `, distinct pieces`.
#[derive(Debug, Clone)]
pub struct Actions {
    /// The number `N`.
    pub count: Expr,
    /// `exactly` (every move makes `N` actions unless the game ends first)
    /// rather than `up to` (1 to `N`).
    pub exactly: bool,
    /// `, distinct pieces`: each piece acts at most once a move.
    pub distinct: bool,
    /// The whole statement.
    pub span: Span,
}

/// When a turn allows a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassWhen {
    /// `pass allowed`.
    Always,
    /// `pass if stuck`.
    IfStuck,
}

/// One alternative of a `choose`/`else` line: an action and what it costs.
#[derive(Debug, Clone)]
pub struct Alt {
    pub action: ActionAlt,
    /// `costs N`: the part of the turn's `actions` budget one such action
    /// spends (1 when not written), with the span of `N`.
    pub cost: Option<(i64, Span)>,
    /// The whole alternative (`move Tower`, `drop Stone onto empty and in dark`).
    pub span: Span,
}

/// One kind of action a turn offers.
#[derive(Debug, Clone)]
pub enum ActionAlt {
    /// `move Kind` or `move Kind.name`.
    Move { kind: Ident, name: Option<Ident> },
    /// `drop Kind onto cond`, or `drop Kind` (its drop rules).
    Drop { kind: Ident, target: Option<Cond> },
    /// `remove cond`.
    Remove { target: Cond, span: Span },
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
    /// `win P when expr [because "…"]`, optionally inside `for X in players:`;
    /// `P` is a player, the loop variable, `mover` or a player-valued call.
    Win {
        player: Expr,
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
    /// `no move: mover loses [if in check]` / `no move: draw` / `no move: best score`.
    NoMove {
        loses: bool,
        only_in_check: bool,
        best_score: bool,
        span: Span,
    },
    /// `on draw: win P when expr`: a game that would end drawn is won instead.
    OnDraw {
        player: Expr,
        when: Expr,
        each: Option<Ident>,
        wording: RuleWording,
    },
    /// `if expr: statement`.
    Guarded { guard: Expr, stmt: Box<EndStmt> },
    /// `draw after N moves without capture or Kind move or drop`.
    Quiet {
        limit: Expr,
        capture: bool,
        drop: bool,
        kinds: Vec<Ident>,
        span: Span,
    },
    /// `draw when repeated N times`.
    Repeated { times: Expr, span: Span },
    /// `score P = expr`, optionally inside `for X in players:`.
    Score {
        player: Ident,
        value: Expr,
        each: Option<Ident>,
    },
    /// `after N passes: outcome` / `after N moves: outcome`.
    After {
        count: Expr,
        passes: bool,
        best_score: bool,
        span: Span,
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
    /// `pieces in REGION`: the pieces of the first standing in a region or
    /// on a cell (an argument of `count`).
    Within(Box<Expr>, Ident),
    /// `cells C`: the board cells meeting a condition (an argument of
    /// `count`); with `along line` (`true`), only those of the line through
    /// the cursor in the current direction.
    Cells(Box<Cond>, bool),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
}

/// `test "name" { … }`: a test of the rules, its statements run in order.
#[derive(Debug, Clone)]
pub struct TestDecl {
    /// Its name, as written between the quotes.
    pub name: String,
    /// Where the name stands (quotes included).
    pub name_span: Span,
    /// The statements, in order.
    pub steps: Vec<TestStep>,
    /// The whole item.
    pub span: Span,
}

/// One statement of a test.
#[derive(Debug, Clone)]
pub enum TestStep {
    /// `set NAME = VALUE`: an option's value.
    Set { name: Ident, value: Literal, span: Span },
    /// `from position "TEXT"`.
    From { text: String, span: Span },
    /// `play M…`: moves that must be legal, played in order.
    Play(Vec<Ident>),
    /// `legal M…`: moves that must be legal here.
    Legal(Vec<Ident>),
    /// `illegal M…`: moves that must not be legal here.
    Illegal(Vec<Ident>),
    /// `status ongoing|draw|win P`; `None` for `ongoing`.
    Status { expected: TestStatus, span: Span },
    /// `expect EXPR`: a truth the position must hold.
    Expect(Expr),
    /// `perft DEPTH = COUNT`.
    Perft { depth: i64, count: i64, span: Span },
}

/// The status a test expects.
#[derive(Debug, Clone)]
pub enum TestStatus {
    /// The game goes on.
    Ongoing,
    /// The game is drawn.
    Draw,
    /// This player has won.
    Win(Ident),
}
