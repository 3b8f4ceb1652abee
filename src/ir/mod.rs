//! The compiled game: dense, span-free tables that the engine runs on.
//!
//! Everything here is indexed by small ids ([`ids`]); names survive only for
//! output (notation, status lines, board drawings), and spans only in the side
//! table [`Game::sources`], for messages.

pub mod cond;
pub mod core;
pub mod expr;
pub mod files;
pub mod history;
pub mod ids;
pub mod layout;
pub mod rule_tests;
pub mod sources;

pub use cond::{Cond, CondId};
pub use core::{Op, PlayerDirs, Program, Shift, Travel, Walk};
pub use expr::{BinOp, CountIn, Expr};
pub use history::Fact;
pub use ids::{CellId, DirId, PieceKind, PlayerId};
pub use layout::{Appearance, BoardStyle, Layout, LayoutShape};
pub use sources::{RuleSource, Sources, TurnSource};

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
    /// What a move's notation writes (`notation landings|ends`).
    pub notation: NotationMode,
    /// The shared pool: its kinds, lowest rank first, and how many of each at the start.
    pub pool: Vec<(PieceKind, u16)>,
    /// Flags, by index.
    pub flags: Vec<Flag>,
    /// Promotions on capture, tried in order.
    pub promotions: Vec<Promotion>,
    /// Promotions in place (`promote Kind in zone: …`), by kind.
    pub in_place: Vec<InPlace>,
    /// Mark set names (`mark passed`).
    pub marks: Vec<String>,
    /// The neighbours of groups, connections, liberties and areas (`adjacency`).
    pub adjacency: Vec<DirId>,
    /// Repetition bans (`forbid repetition …`).
    pub forbid: Vec<Forbid>,
    /// Options whose value shaped the board when the game was compiled, with that value.
    pub shaping: Vec<(usize, i64)>,
    /// How positions are written as text, when the rules say (`position { … }`).
    pub position: Option<PositionFormat>,
    /// How the board is drawn (`layout`, or the default for its kind of board).
    pub layout: Layout,
    /// How pictures draw the game (`appearance`, or the defaults).
    pub appearance: Appearance,
    /// The turns of blocks of cells that rules make (`rotate`, `reflect`),
    /// by the index [`Op::Turn`] and the move's token name.
    pub transforms: Vec<Transform>,
    /// The facts about the last move that expressions read (`last(…)`,
    /// `before(…)`), by the index of [`Expr::History`].
    pub history: Vec<Fact>,
    /// The tests written in the rules file (`test "name" { … }`).
    pub tests: Vec<rule_tests::RuleTest>,
    /// Where the rules, turns and legality rules are written (for messages;
    /// the engine never reads it).
    pub sources: Sources,
}

impl Game {
    /// Whether the game draws lines between cells (`draw`, `touched` or
    /// lines drawn in `setup`): its positions then hold the drawn lines.
    pub fn draws_lines(&self) -> bool {
        !self.setup.lines.is_empty()
            || self.conds.iter().any(Cond::reads_lines)
            || (self.rules.iter()).any(|r| r.program.ops.contains(&Op::Draw))
    }
}

/// One way to turn or mirror the pieces of a block of cells (`rotate q1 by
/// 90`): a permutation of the cells, as cycles.
#[derive(Debug, Clone, PartialEq)]
pub struct Transform {
    /// How it is written in a move: the region's name and the turn (`q1+90`, `q1|n`).
    pub name: String,
    /// Each cycle `[c0, c1, …, ck]`: the piece on `c0` goes to `c1`, …, the
    /// piece on `ck` to `c0`. Cells that stay are left out.
    pub cycles: Vec<Vec<CellId>>,
}

/// What a move's notation writes of each action, and so which ways through
/// the rules are one move: two ways written alike that leave the same
/// position are one move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NotationMode {
    /// Every landing (`c3xe5xg7`): the default.
    #[default]
    Landings,
    /// Where each action starts and where it ends (`c3xg7`), with `x` when
    /// the action captured.
    Ends,
}

/// The fields of a position's text after the board, in order.
#[derive(Debug, Clone, Default)]
pub struct PositionFormat {
    /// The fields.
    pub fields: Vec<PositionField>,
}

/// One field of a position's text.
#[derive(Debug, Clone)]
pub enum PositionField {
    /// The player to move, written with these texts (by player).
    Mover(Vec<String>),
    /// Letters, each present when every one of its cells holds a piece that
    /// has not moved; `-` when none is.
    Rights(Vec<(String, Vec<CellId>)>),
    /// The cells of a mark set, or `-`.
    Marks(usize),
    /// The reserves, as counts and letters (`2Pp`), or `-`.
    Reserves,
    /// Moves since the quiet rule's last reset.
    Quiet,
    /// The move number: each player's moves counted once, from 1.
    Number,
    /// Moves made so far.
    Ply,
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
    /// `opposite[dir]`: the direction that leads back along each of its links, if any.
    pub opposite: Vec<Option<DirId>>,
    /// Named regions: `regions[r][player]` is the membership of each cell.
    pub regions: Vec<Region>,
}

impl Topology {
    /// The cell named `name` (exactly as the board names it).
    pub fn cell_named(&self, name: &str) -> Option<CellId> {
        self.cell_names
            .iter()
            .position(|n| n == name)
            .map(|i| CellId(i as u16))
    }

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
    /// The piece belongs to no player.
    pub neutral: bool,
    /// Pieces of this kind come from an unlimited supply (`supply`).
    pub supply: bool,
    /// Pieces of this kind remember whether they have moved (some rule reads it).
    pub tracks_moved: bool,
    /// Its drop rules (how it enters the board), indices into [`Game::rules`].
    pub drops: Vec<usize>,
    /// Captured pieces of this kind change into this kind (`captured … as …`).
    pub captured_as: Option<PieceKind>,
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
    /// The capturing player's reserve.
    Captor,
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

/// A compiled movement or drop rule of one kind.
#[derive(Debug, Clone)]
pub struct MoveRule {
    /// The rule's name (`step`, `leapfrog`, …).
    pub name: String,
    /// The kind it belongs to.
    pub kind: PieceKind,
    /// A drop rule: the piece enters the board (no piece in hand at the start).
    pub drop: bool,
    /// The fast form the compiler chose, or [`Pattern::Core`].
    pub pattern: Pattern,
    /// Condition on the landing cell (of fast forms; the core program tests it itself).
    pub target: CondId,
    /// The rule in the move core: what every form means.
    pub program: Program,
    /// A fast form of a rule written in the core that no plain pattern
    /// covers (its `pattern` stays [`Pattern::Core`] for every other reader).
    pub fast_core: Option<Box<FastCore>>,
    /// The plain step, leap or slide that opens a rule written in the core
    /// (clauses follow it), with its landing condition: where the rule
    /// attacks, whether or not its later clauses hold (`docs/LANGUAGE.md`
    /// 4.19). Read only by the attack tables.
    pub opening: Option<Box<(Pattern, CondId)>>,
}

/// Fast forms of rules beyond one plain pattern.
#[derive(Debug, Clone)]
pub enum FastCore {
    /// A move, then a placement from its landing.
    MoveThenPlace(MoveThenPlace),
    /// A drop that turns over runs of pieces closed by another.
    DropFlipping(DropFlipping),
    /// A drop, then a turn of a block of cells (`rotate`, `reflect`).
    DropTurning(DropTurning),
    /// A slide whose distance counts cells of its line.
    DistanceSlide(DistanceSlide),
}

/// `slide DIRS exactly|up to count(cells COUNT along line) over OVER onto
/// ONTO` on lines that never branch: per (player, cell), one [`DistanceLine`]
/// per direction.
#[derive(Debug, Clone)]
pub struct DistanceSlide {
    /// The cells counted (besides the start cell, those of `count`).
    pub count: CondId,
    /// What a passed cell must meet.
    pub over: CondId,
    /// What the landing cell must meet.
    pub onto: CondId,
    /// Only the full distance (`exactly`), or every distance up to it.
    pub exact: bool,
    /// `start[player * cells + cell] .. start[… + 1]` indexes `lines`.
    pub start: Vec<u32>,
    pub lines: Vec<DistanceLine>,
    /// The cells of every line, indexed by the lines' ranges.
    pub cells: Vec<CellId>,
}

/// One direction of a [`DistanceSlide`] from one cell: `walk` (indices
/// into [`DistanceSlide::cells`]) are the cells ahead, in order, up to the
/// first exit cell, the edge or the start cell again; `count` the other
/// cells of the line (ahead and behind) whose pieces the distance counts.
#[derive(Debug, Clone)]
pub struct DistanceLine {
    pub walk: std::ops::Range<u32>,
    pub count: std::ops::Range<u32>,
}

/// A drop onto a cell meeting the rule's `target`, then one of the turns of
/// blocks `turns[player]` ([`Op::Turn`]). With `stops`, the turn follows a
/// `then`: a placing after which an end rule decides the game is the move.
#[derive(Debug, Clone)]
pub struct DropTurning {
    pub turns: Vec<Vec<u16>>,
    pub stops: bool,
}

/// A drop onto a cell meeting the rule's `target`, then `[must] flip WHAT
/// along DIRS closed by CLOSER`: along each direction, the unbroken run of
/// pieces meeting `what` that a piece meeting `closer` ends changes owner.
#[derive(Debug, Clone)]
pub struct DropFlipping {
    pub what: CondId,
    pub closer: CondId,
    pub dirs: PlayerDirs,
    /// No move unless something is turned over.
    pub must: bool,
}

/// A rule of two actions: the piece moves by a plain pattern, then a new
/// piece is placed where the cursor goes from its landing by a second plain
/// pattern (a slide, then a shot along a line from where it landed).
#[derive(Debug, Clone)]
pub struct MoveThenPlace {
    /// The move ([`Pattern::Hop`] or [`Pattern::Slide`]); its landing meets
    /// the rule's `target`.
    pub first: Pattern,
    /// The cursor's way from the landing ([`Pattern::Hop`] or
    /// [`Pattern::Slide`]), onto a cell meeting `second_target`.
    pub second: Pattern,
    pub second_target: CondId,
    /// The kind placed there.
    pub place: PieceKind,
}

/// The fast form of a movement rule, with its per-cell tables precomputed.
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
    /// Jumps over a piece, possibly chained.
    Jump {
        /// `(over, land)` pairs from each cell, per player, flattened as
        /// `over, land, over, land, …` in a [`CellTable`] (short jumps).
        hops: CellTable,
        /// The lines from each cell (long jumps: any distance before and after).
        lines: SlideTable,
        /// Condition on the jumped cell.
        over: CondId,
        /// How jumped pieces are treated.
        capturing: JumpCapture,
        /// Over any number of empty cells before and after the jumped piece.
        long: bool,
        /// The piece may go on jumping.
        repeat: bool,
        /// No piece may be jumped twice in one chain.
        each_once: bool,
        /// The chain may not end where it began.
        not_ending_at_start: bool,
        /// The chain ends only where no further jump exists.
        must_continue: bool,
    },
    /// A drop onto any cell meeting the target condition (no further clauses).
    Drop,
    /// No fast form: the core program is interpreted.
    Core,
}

/// What a jump does to the piece it jumps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JumpCapture {
    /// Nothing.
    No,
    /// Captured at once; its cell counts as empty for the rest of the chain.
    Now,
    /// Captured when the chain ends; until then it stays and blocks.
    AtEnd,
}

/// A promotion in place: a piece of `kind` whose action starts or ends in a
/// zone becomes one of the `into` kinds.
#[derive(Debug, Clone)]
pub struct InPlace {
    /// The promoting kind.
    pub kind: PieceKind,
    /// Region indices tested on the landing cell (`in`).
    pub to: Vec<usize>,
    /// Region indices tested on the start cell (`from`).
    pub from: Vec<usize>,
    /// The kinds it may become; several make a choice.
    pub into: Vec<PieceKind>,
    /// Not promoting is also a move (except where the piece could never move again).
    pub optional: bool,
    /// Applies as soon as the piece lands in the zone, ending its action there.
    pub on_entering: bool,
}

/// A ban on repeating positions: no move may recreate the board of `back` moves
/// ago, or of any earlier position when `back` is `None`.
#[derive(Debug, Clone)]
pub struct Forbid {
    /// Kept only when this expression of options is true.
    pub guard: Option<Expr>,
    /// How far back, in moves.
    pub back: Option<u32>,
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
    /// Lines drawn at the start: each the link from a cell in a direction.
    pub lines: Vec<(CellId, DirId)>,
}

/// A kind of turn: what one move consists of.
#[derive(Debug, Clone)]
pub struct Turn {
    /// Its name.
    pub name: String,
    /// The budget of one move: the most actions (at least one is made unless
    /// passing), or with [`Turn::costs`], the most their costs may add up to.
    pub max_actions: Expr,
    /// Every move makes exactly `max_actions` actions (`actions exactly`),
    /// fewer only when an end rule decides the game after one of them; a way
    /// that runs out of actions before is not a move.
    pub exact_actions: bool,
    /// What one action of each source of [`Turn::tiers`] costs, tier by tier
    /// (`costs N`); empty when every action costs 1.
    pub costs: Vec<Vec<u8>>,
    /// Each piece acts at most once per move.
    pub distinct_pieces: bool,
    /// When `pass` is a move.
    pub pass: Pass,
    /// Priority tiers: the first tier that offers any action is the only one used.
    pub tiers: Vec<Vec<ActionSource>>,
    /// Only capturing moves, when there are any (`must capture`).
    pub must_capture: bool,
    /// Only the moves that capture the most pieces (`most captures`).
    pub most_captures: bool,
    /// A further action after the move's action when its landing meets a condition.
    pub follow_up: Option<FollowUp>,
    /// The effect run after every action of the turn (`after each action:
    /// …`): an index into [`Game::rules`] of a rule that starts on no cell;
    /// what it captures, flips and marks is appended to each action.
    pub after_each: Option<usize>,
}

impl Turn {
    /// What one action of source `source` of tier `tier` spends of the budget.
    #[inline]
    pub fn cost(&self, tier: usize, source: usize) -> u8 {
        self.costs.get(tier).map_or(1, |t| t[source])
    }
}

/// When a player may pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Pass {
    /// Never.
    #[default]
    No,
    /// Always (`pass allowed`).
    Allowed,
    /// Only when no other move exists, and not when the next player could not
    /// move either (`pass if stuck`).
    IfStuck,
}

/// `then if COND: choose …`: one more action of these tiers, when the landing
/// cell of the move's action meets the condition.
#[derive(Debug, Clone)]
pub struct FollowUp {
    /// Condition on the landing cell.
    pub when: CondId,
    /// The tiers of the follow-up action.
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
    /// Drop rules of a kind, from the mover's reserve or the supply.
    Drop {
        /// The kind dropped.
        kind: PieceKind,
        /// The drop rules.
        rules: Vec<usize>,
    },
    /// A piece taken off the board (`remove COND`): a rule with no piece.
    Remove {
        /// The rule.
        rule: usize,
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

/// The end rules, checked after every move in this order: results, then the
/// turn limit; then, when the player to move has a move, the quiet and
/// repetition draws.
#[derive(Debug, Clone, Default)]
pub struct EndRules {
    /// Conditions checked after a move; the first that holds decides.
    pub results: Vec<EndResult>,
    /// The game ends after this many moves (`draw after N moves`, `after N moves: …`).
    pub turn_limit: Option<(Expr, EndOutcome)>,
    /// What happens to a player to move with no legal move.
    pub no_move: NoMove,
    /// `on draw`: a game that would end drawn (for any reason) is won by the
    /// first player whose condition holds.
    pub draw_winners: Vec<(Expr, PlayerId)>,
    /// Each player's score (`score P = …`), for `best score`.
    pub scores: Vec<Expr>,
    /// The game ends after this many passes in a row.
    pub passes: Option<(u32, EndOutcome)>,
    /// The quiet-move draw (`draw after N moves without …`).
    pub quiet: Option<Quiet>,
    /// The repetition draw: a position occurring for this many times.
    pub repetition: Option<(Option<Expr>, Expr)>,
    /// What each rule of `results` says of itself, in the same order (for
    /// front ends; the engine does not read it).
    pub result_texts: Vec<RuleText>,
    /// The same for `draw_winners`.
    pub draw_winner_texts: Vec<RuleText>,
}

/// One result rule.
#[derive(Debug, Clone)]
pub struct EndResult {
    /// The condition.
    pub when: Expr,
    /// What it gives.
    pub outcome: Outcome,
    /// The condition can only have become true on a cell the last move changed
    /// (a line or a connection), so it is evaluated there only.
    pub local: bool,
    /// The condition reads the last move (`last(…)`, `before(…)`), which is
    /// known only once a move is whole: it does not stop a move of several
    /// actions between them.
    pub whole_move: bool,
}

/// How a rule that ends the game decides it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndOutcome {
    /// A draw.
    Draw,
    /// The highest score wins; equal scores draw.
    BestScore,
}

/// `draw after N moves without capture or Kind move or drop`.
#[derive(Debug, Clone)]
pub struct Quiet {
    /// Kept only when this expression of options is true.
    pub guard: Option<Expr>,
    /// The number of quiet moves that draws.
    pub limit: Expr,
    /// A capture resets the count.
    pub capture: bool,
    /// A move of one of these kinds resets the count.
    pub kinds: Vec<PieceKind>,
    /// A drop resets the count.
    pub drop: bool,
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

impl Outcome {
    /// Each of `players` players' return: 1 to the winner, −1 shared by
    /// the others (so that the returns add up to 0), 0 to all in a draw.
    pub fn returns(self, players: usize) -> Vec<f64> {
        match self {
            Outcome::Win(w) => (0..players)
                .map(|p| {
                    if p == w.index() {
                        1.0
                    } else {
                        -1.0 / (players.max(2) - 1) as f64
                    }
                })
                .collect(),
            Outcome::Draw => vec![0.0; players],
        }
    }
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
    /// The highest score wins; equal scores draw.
    BestScore,
}
