//! Stage 3: the engine. Runs an [`ir::Game`] on flat tables: positions, move
//! generation into caller-owned buffers, applying moves, outcomes, perft and
//! random playouts. No names, spans or strings on the hot path.
//!
//! Movement rules run either as a *fast form* (tables the compiler proved
//! equivalent) or through the *core* interpreter (`core.rs`); with
//! [`Engine::force_core`] every rule runs through the core, which tests use to
//! check the fast forms.

mod apply;
mod arrival;
mod attack;
mod bitgroups;
mod budget;
mod cause;
mod cell_sets;
mod chain;
mod codes;
mod core;
mod earlier;
mod eval;
mod explain;
mod fast;
mod groups;
mod history;
mod identity;
mod lines;
mod movegen;
mod moves;
mod options;
mod position;
mod promote;
mod repetition;
mod sample;
mod sample_actions;
mod search;
mod setup;
mod verify;
mod windows;
mod winning;

pub use budget::{Exhausted, Limit, MAX_MOVES, MAX_TOKENS, MAX_WORK};
pub use cause::EndCause;
pub use core::MAX_REGISTERS;
pub use explain::{Attacker, MAX_RELAXED, Obstacle, strip_probes};
pub use moves::{MAX_CHAIN, MAX_LINES, MAX_TRANSFORMS, Move, MoveBuf, MoveList, MoveRef, Token};
pub use options::OptionError;
pub(crate) use options::value_of as option_value;
pub use position::{MAX_PLY, Position};
pub use search::{MAX_PERFT_DEPTH, PlayoutStats, uniform};

use crate::ir::{self, CellId, EndOutcome, Outcome, PieceKind, PlayerId};
use codes::Codes;

/// The status of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The game is over.
    Over(Outcome),
}

/// A piece on the board, as front ends see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Its kind.
    pub kind: PieceKind,
    /// Its owner; `None` for a neutral piece.
    pub owner: Option<PlayerId>,
    /// Whether it has made an action (kept only for kinds whose rules read it).
    pub moved: bool,
}

/// The quiet-move draw with the options applied.
#[derive(Debug, Clone)]
struct QuietRule {
    limit: i64,
    capture: bool,
    /// `kinds[k]`: a move of this kind resets the count.
    kinds: Vec<bool>,
    drop: bool,
}

/// A compiled game with its option values: everything needed to play.
#[derive(Debug, Clone)]
pub struct Engine {
    game: ir::Game,
    options: Vec<i64>,
    players: usize,
    kinds: usize,
    /// The keys of a piece's landings (cells × (kinds + 1): a landing and
    /// the kind the piece becomes there, if any), for the stamps of
    /// [`movegen::GenScratch`]; 0 when targets are not deduplicated
    /// (`dedupe_targets`), which needs no stamps.
    landing_keys: usize,
    codes: Codes,
    /// `count_slots[code]`: where in a position's numbers the pieces of the
    /// code's (owner, kind) are counted (see [`Position::set`]).
    count_slots: std::sync::Arc<[u32]>,
    /// One table per condition of the game.
    cond_tables: Vec<eval::CondTable>,
    /// `cond_masks[cond]`: a tabulated condition's bit sets (see [`eval::CellMasks`]).
    cond_masks: Vec<Option<eval::CellMasks>>,
    /// `neighbour_masks[cond]`: a neighbour condition as shifts of bit sets
    /// (see `cell_sets.rs`).
    neighbour_masks: Vec<Option<cell_sets::NeighbourMasks>>,
    /// The end results read only the numbers of a position (not who moves, not
    /// the board), or are arrival tests with a compiled form (`arrivals`), so
    /// a change that leaves the numbers alone leaves the others as they were,
    /// and only the arrivals need a look, on the cells it changed.
    results_follow_numbers: bool,
    /// Some turn's moves are never drawn cell by cell ([`Engine::not_drawn`]).
    may_not_draw: bool,
    /// No end result has a compiled arrival test or reads the last move
    /// (`whole_move`): [`Engine::decided`] need not look for either.
    plain_results: bool,
    /// Some kind is royal: moves into check are dropped.
    has_royals: bool,
    /// Copies of [`ir::Game::dedupe_targets`] and "some promotion on capture
    /// exists", kept at hand for move generation.
    dedupe_targets: bool,
    has_promotions: bool,
    /// Every rule runs through the core interpreter.
    force_core: bool,
    /// The rules that apply with these options.
    quiet: Option<QuietRule>,
    repetition: Option<i64>,
    forbid: Vec<Option<u32>>,
    /// The rules with a condition that reads a mark set (the only ones whose
    /// moves the marks of the last move can change).
    mark_readers: Vec<usize>,
    /// `one_per_cell[rule]`: the drop rule gives at most one action per cell
    /// (a plain drop, or a core program proved so), so random moves may
    /// draw its cells (see `sample.rs`).
    one_per_cell: Vec<bool>,
    /// Positions keep the keys of the earlier positions of the game.
    keeps_history: bool,
    /// How many earlier boards positions keep for their text (see `earlier.rs`).
    earlier_boards: usize,
    /// How many of the last history entries the repetition rules read: all
    /// for a repetition draw or a ban of any earlier board, else one more than
    /// the farthest bounded ban looks back.
    trial_history: usize,
    /// `promotions_of[kind]`: the in-place promotions of a kind.
    promotions_of: Vec<Vec<usize>>,
    /// Where actions may promote in place (see [`promote::promotion_cells`]).
    promotion_cells: Vec<u8>,
    /// Reverse tables of the rules that can capture, for `royal` and `attacked`.
    attack: attack::AttackTables,
    /// `stuck[(player * kinds + kind) * cells + cell]`: the kind could never move from the cell.
    stuck: Vec<bool>,
    /// `sticks[player * kinds + kind]`: some cell is stuck for the kind.
    sticks: Vec<bool>,
    /// The directions of groups, liberties, connections and areas.
    adjacency: Vec<ir::DirId>,
    /// The board's links read backward, for rows.
    links_into: groups::LinksInto,
    /// Rows as windows of bit sets, where they are exact (see `windows.rs`).
    row_windows: windows::RowTables,
    /// `local[rule]`: the end result is evaluated on the cells a move
    /// changed only: [`ir::EndResult::local`], and an exact row that
    /// windows answer (which look next to the changed cells too).
    local: Vec<bool>,
    /// The adjacency and regions as bit sets, for connections.
    bits: bitgroups::BitTables,
    /// Some end result is evaluated on the cells a move changed only.
    local_results: bool,
    /// `arrivals[rule]`: the compiled form of an end result that a piece's
    /// arrival in a region decides (see `arrival.rs`).
    arrivals: Vec<Option<arrival::Arrival>>,
    /// The union of `arrivals` (`None`: no end result has a compiled arrival
    /// test): a move that changed no cell it hits decides none of them.
    any_arrival: Option<arrival::Arrival>,
    /// Moves leave marks, or the quiet, pass or repetition rules count them.
    move_bookkeeping: bool,
    /// The first position whose moves could not be listed within the budget.
    exhaustion: budget::Exhaustion,
    /// The steps of the rules one position's moves may take ([`MAX_WORK`] unless lowered).
    work_budget: u64,
    /// The board's lines, when the game draws them (empty otherwise).
    lines: lines::Lines,
}

impl Engine {
    /// An engine for `game` with the given `name=value` option overrides.
    pub fn new(game: ir::Game, overrides: &[(String, String)]) -> Result<Engine, OptionError> {
        let options = options::values(&game, overrides)?;
        let players = game.players.len();
        let kinds = game.kinds.len();
        let codes = Codes::new(&game);
        let mut engine = Engine {
            game,
            options,
            players,
            kinds,
            landing_keys: 0,
            count_slots: std::sync::Arc::from([]),
            codes,
            cond_tables: Vec::new(),
            cond_masks: Vec::new(),
            neighbour_masks: Vec::new(),
            results_follow_numbers: false,
            may_not_draw: true,
            plain_results: true,
            has_royals: false,
            dedupe_targets: false,
            has_promotions: false,
            force_core: false,
            quiet: None,
            repetition: None,
            forbid: Vec::new(),
            mark_readers: Vec::new(),
            one_per_cell: Vec::new(),
            keeps_history: false,
            earlier_boards: 0,
            trial_history: usize::MAX,
            promotions_of: Vec::new(),
            promotion_cells: Vec::new(),
            attack: attack::AttackTables::default(),
            stuck: Vec::new(),
            sticks: Vec::new(),
            adjacency: Vec::new(),
            links_into: groups::LinksInto::default(),
            row_windows: windows::RowTables::default(),
            local: Vec::new(),
            bits: bitgroups::BitTables::default(),
            local_results: false,
            arrivals: Vec::new(),
            any_arrival: None,
            move_bookkeeping: false,
            exhaustion: budget::Exhaustion::default(),
            work_budget: MAX_WORK,
            lines: lines::Lines::default(),
        };
        engine.count_slots = (0..engine.codes.len())
            .map(|c| match c {
                0 => 0,
                c => engine.slot(engine.codes.owner[c] as usize, PieceKind(engine.codes.kind[c])) as u32,
            })
            .collect();
        engine.set_dedupe_targets(engine.game.dedupe_targets);
        engine.has_promotions = !engine.game.promotions.is_empty();
        engine.has_royals = engine.game.kinds.iter().any(|k| k.royal);
        engine.promotions_of = (0..kinds)
            .map(|k| {
                (0..engine.game.in_place.len())
                    .filter(|&i| engine.game.in_place[i].kind.index() == k)
                    .collect()
            })
            .collect();
        engine.promotion_cells = promote::promotion_cells(&engine.game, players);
        engine.adjacency = if engine.game.adjacency.is_empty() {
            (0..engine.game.topology.dir_names.len())
                .map(|d| ir::DirId(d as u8))
                .collect()
        } else {
            engine.game.adjacency.clone()
        };
        engine.links_into = groups::LinksInto::of(&engine.game.topology);
        engine.bits = bitgroups::BitTables::of(
            &engine.game.topology,
            &engine.adjacency,
            &engine.codes.owner,
            players,
        );
        if engine.game.draws_lines() {
            engine.lines = lines::Lines::of(&engine.game.topology);
        }
        engine.apply_option_rules();
        engine.row_windows = windows::RowTables::of(
            &engine.game.topology,
            &engine.links_into.reverse,
            &windows::rows_asked(&engine.game),
            &engine.codes.owner,
            players,
        );
        engine.set_local_results();
        let cells = engine.game.topology.cells();
        engine.arrivals = (engine.game.end.results.iter())
            .map(|r| {
                r.local
                    .then(|| arrival::Arrival::of(&r.when, &engine.codes, players, cells))
                    .flatten()
            })
            .collect();
        engine.follow_numbers();
        engine.move_bookkeeping = !engine.game.marks.is_empty()
            || engine.quiet.is_some()
            || engine.keeps_history
            || engine.game.end.passes.is_some();
        engine.build_cond_tables();
        engine.keep_provable_fast_forms();
        engine.mark_readers = engine.mark_readers();
        engine.one_per_cell = engine.game.rules.iter().map(sample::one_per_cell).collect();
        engine.stuck = engine.stuck_cells();
        let cells = engine.game.topology.cells();
        engine.sticks = (0..players * kinds)
            .map(|i| engine.stuck[i * cells..(i + 1) * cells].iter().any(|s| *s))
            .collect();
        engine.attack = attack::AttackTables::build(&engine);
        engine.may_not_draw = engine.game.turns.iter().any(|t| engine.not_drawn(t));
        Ok(engine)
    }

    /// The same engine, running every rule through the core interpreter instead
    /// of its fast form (slower; used to check that both agree).
    pub fn force_core(mut self) -> Engine {
        self.force_core = true;
        self.set_dedupe_targets(true);
        self.arrivals.iter_mut().for_each(|a| *a = None);
        self.row_windows = windows::RowTables::default();
        self.set_local_results();
        self.follow_numbers();
        self.may_not_draw = true;
        self
    }

    /// Sets [`Engine::local`] and [`Engine::local_results`]: the results
    /// the compiler made local, and exact rows of a plain rule that windows answer.
    fn set_local_results(&mut self) {
        let rows = &self.row_windows;
        let placing = !self.force_core && self.places_only();
        self.local = (self.game.end.results.iter())
            .map(|r| {
                r.local
                    || matches!(&r.when, ir::Expr::Line { n, exact: true, dirs, .. }
                        if dirs.iter().all(|d| rows.covers(*n, d)))
                    || (placing && guarded_mover_row(&r.when))
            })
            .collect();
        self.local_results = self.local.iter().any(|l| *l);
    }

    /// Whether every move is a pass or plain drops: a move then only puts
    /// the mover's pieces (or neutral ones) on empty cells, so a row of a
    /// player's pieces can only appear on that player's move, through a
    /// cell it changed.
    fn places_only(&self) -> bool {
        self.game.turns.iter().all(|turn| {
            turn.follow_up.is_none()
                && turn.after_each.is_none()
                && turn.tiers.iter().flatten().all(|source| match source {
                    ir::ActionSource::Drop { rules, .. } => rules
                        .iter()
                        .all(|&r| matches!(self.game.rules[r].pattern, ir::Pattern::Drop)),
                    ir::ActionSource::Move { .. } | ir::ActionSource::Remove { .. } => false,
                })
        })
    }

    /// Sets [`Engine::dedupe_targets`], and [`Engine::landing_keys`] with it.
    fn set_dedupe_targets(&mut self, dedupe: bool) {
        self.dedupe_targets = dedupe;
        self.landing_keys = if dedupe {
            self.game.topology.cells() * (self.kinds + 1)
        } else {
            0
        };
    }

    /// Sets [`Engine::results_follow_numbers`], [`Engine::any_arrival`] and
    /// [`Engine::plain_results`] from the end results, flags and compiled
    /// arrival tests.
    fn follow_numbers(&mut self) {
        let game = &self.game;
        let reads_more = |e: &ir::Expr| e.mentions_mover() || e.reads_board();
        self.results_follow_numbers = (game.end.results.iter().zip(&self.arrivals))
            .all(|(r, arrival)| arrival.is_some() || !reads_more(&r.when))
            && !game.flags.iter().any(|f| reads_more(&f.when));
        self.any_arrival = arrival::Arrival::union(self.arrivals.iter().flatten());
        self.plain_results = self.any_arrival.is_none() && !game.end.results.iter().any(|r| r.whole_move);
    }

    /// The first position, since this was last asked, whose moves could not
    /// be listed within the budget (see [`MAX_WORK`], [`MAX_MOVES`]): its move
    /// list was cut short, so what was computed from it must not be used.
    pub fn take_exhausted(&self) -> Option<Exhausted> {
        self.exhaustion.take()
    }

    /// Whether a position ran out of the budget since [`Engine::take_exhausted`]
    /// was last asked (which this leaves to be asked): a move chosen from a
    /// list listed since must not be played.
    pub fn is_exhausted(&self) -> bool {
        self.exhaustion.is_set()
    }

    /// The same engine with a smaller budget of steps of the rules per
    /// position (at most [`MAX_WORK`]): for a server that answers many
    /// requests, or a test.
    pub fn with_work_budget(mut self, steps: u64) -> Engine {
        self.work_budget = steps.min(MAX_WORK);
        self
    }

    /// Remembers that a rule (`None`: the position as a whole) ran out of the budget.
    pub(super) fn exhaust(&self, limit: Limit, rule: Option<&ir::MoveRule>) {
        let rule = rule.and_then(|r| self.game.rules.iter().position(|x| std::ptr::eq(x, r)));
        self.exhaustion.set(Exhausted { limit, rule });
    }

    /// The compiled game.
    pub fn game(&self) -> &ir::Game {
        &self.game
    }

    /// The value of each option, in declaration order.
    pub fn option_values(&self) -> &[i64] {
        &self.options
    }

    /// Evaluates the guards and limits that depend on options only.
    fn apply_option_rules(&mut self) {
        let start = Position::default();
        let p0 = PlayerId(0);
        let guard =
            |e: &Option<ir::Expr>, this: &Engine| e.as_ref().is_none_or(|g| this.eval(g, &start, p0) != 0);
        self.quiet = self.game.end.quiet.as_ref().and_then(|q| {
            guard(&q.guard, self).then(|| QuietRule {
                limit: self.eval(&q.limit, &start, p0),
                capture: q.capture,
                kinds: (0..self.kinds)
                    .map(|k| q.kinds.iter().any(|x| x.index() == k))
                    .collect(),
                drop: q.drop,
            })
        });
        self.repetition = self
            .game
            .end
            .repetition
            .as_ref()
            .and_then(|(g, n)| guard(g, self).then(|| self.eval(n, &start, p0)));
        self.forbid = self
            .game
            .forbid
            .iter()
            .filter(|f| guard(&f.guard, self))
            .map(|f| f.back)
            .collect();
        self.keeps_history = self.repetition.is_some() || !self.forbid.is_empty();
        self.earlier_boards = self.earlier_boards_read();
        self.trial_history = match self.forbid.iter().map(|b| b.map(|n| n as usize + 1)).max() {
            _ if self.repetition.is_some() || self.forbid.contains(&None) => usize::MAX,
            Some(Some(n)) => n,
            _ => 1,
        };
    }

    /// The starting position.
    pub fn start(&self) -> Position {
        let mut pos = self.empty_position();
        for &(cell, owner, kind) in &self.game.setup.pieces {
            let owner = self.owner_index(kind, owner);
            pos.set(
                cell,
                self.codes.code(kind, owner, false),
                &mut position::NoJournal,
            );
        }
        for &(cell, dir) in &self.game.setup.lines {
            pos.draw(self.lines.from(cell, dir), &mut position::NoJournal);
        }
        for &(kind, n) in &self.game.pool {
            pos.numbers[self.pool_index(kind)] = n as i64;
        }
        for &(owner, kind, n) in &self.game.setup.reserves {
            pos.numbers[self.reserve_index(owner, kind)] += n as i64;
        }
        self.start_facts(&mut pos);
        self.settle_start(&mut pos);
        pos
    }

    /// A position with nothing on the board and every number zero.
    fn empty_position(&self) -> Position {
        let cells = self.game.topology.cells();
        let words = cells.div_ceil(64);
        Position {
            board: vec![0; cells],
            occupied: vec![0; words * self.codes.len()],
            words,
            numbers: vec![0; self.numbers_len()],
            count_slot: self.count_slots.clone(),
            marks: vec![0; words * self.game.marks.len()],
            lines: vec![0; self.lines.ends.len().div_ceil(64)],
            hash: 0,
            hashing: self.keeps_history,
            history: Vec::new(),
            earlier: earlier::Earlier::default(),
            ply: 0,
            result: None,
        }
    }

    /// Sets the flags and the result of a position built from scratch.
    fn settle_start(&self, pos: &mut Position) {
        let mover = self.mover(pos);
        self.latch_flags(pos, mover);
        pos.history.clear();
        if self.keeps_history {
            // Earlier boards read from a text are known by their board alone
            // (a key that no position's is): bans see them, repetition draws do not.
            let earlier = self.earlier_hashes(pos);
            pos.history
                .extend(earlier.into_iter().map(|h| (h, repetition::EARLIER_KEY)));
            let key = self.repetition_key(pos);
            pos.history.push((pos.hash, key));
        }
        pos.result = self.result_from_scratch(pos);
    }

    /// The move count after [`MAX_PLY`] moves: one cycle of the turn order
    /// below it, where the same player is to move as one more move would give.
    #[inline]
    fn ply_after_last(&self) -> u32 {
        MAX_PLY - self.game.order.cycle.len().max(1) as u32 + 1
    }

    /// The player to move.
    #[inline]
    pub fn mover(&self, pos: &Position) -> PlayerId {
        self.game.order.at(pos.ply).0
    }

    /// The player who made the last move (the player to move at the start).
    #[inline]
    pub(crate) fn last_mover(&self, pos: &Position) -> PlayerId {
        if pos.ply > 0 {
            self.game.order.at(pos.ply - 1).0
        } else {
            self.mover(pos)
        }
    }

    /// The player and piece kind on a cell (`None` for an empty cell or a
    /// neutral piece; see [`Engine::piece`]).
    #[inline]
    pub fn piece_at(&self, pos: &Position, cell: CellId) -> Option<(PlayerId, PieceKind)> {
        let p = self.piece(pos, cell)?;
        Some((p.owner?, p.kind))
    }

    /// The piece on a cell.
    #[inline]
    pub fn piece(&self, pos: &Position, cell: CellId) -> Option<Piece> {
        let code = pos.board[cell.index()];
        (code != 0).then(|| Piece {
            kind: PieceKind(self.codes.kind[code as usize]),
            owner: self.codes.player(code, self.players),
            moved: self.codes.moved[code as usize],
        })
    }

    /// Pieces of `kind` in `player`'s reserve.
    pub fn reserve(&self, pos: &Position, player: PlayerId, kind: PieceKind) -> i64 {
        pos.numbers[self.reserve_index(player, kind)]
    }

    /// Pieces of `kind` in the shared pool.
    pub fn pool(&self, pos: &Position, kind: PieceKind) -> i64 {
        pos.numbers[self.pool_index(kind)]
    }

    /// The value of a counter of a player.
    pub fn counter(&self, pos: &Position, counter: usize, player: PlayerId) -> i64 {
        pos.numbers[self.counter_index(counter, player)]
    }

    /// Whether some trigger adds to `player`'s counter `counter` (for a piece
    /// that player can own): whether the counter is worth showing them while
    /// it is 0.
    pub fn counter_can_change(&self, counter: usize, player: PlayerId) -> bool {
        let game = &self.game;
        let cells = game.topology.cells();
        let kinds = game.kinds.len();
        (0..kinds).any(|k| {
            if game.kinds[k].owner.is_some_and(|o| o != player) {
                return false;
            }
            let base = (player.index() * kinds + k) * cells;
            game.trigger_at.get(base..base + cells).is_some_and(|slice| {
                slice.iter().any(|&t| {
                    t != 0
                        && game
                            .triggers
                            .get(t as usize - 1)
                            .is_some_and(|tr| tr.add.iter().any(|&(c, _)| c == counter))
                })
            })
        })
    }

    /// The status: decided by an end rule, by the no-move rule, or ongoing.
    /// Uses `buf` to look for a legal move.
    pub fn status(&self, pos: &Position, buf: &mut MoveBuf) -> Status {
        if let Some(r) = pos.result {
            return Status::Over(r);
        }
        self.legal_moves(pos, buf);
        if buf.moves.is_empty() {
            Status::Over(self.no_move_outcome(pos))
        } else {
            Status::Ongoing
        }
    }

    /// What the no-move rule gives for the player to move.
    pub fn no_move_outcome(&self, pos: &Position) -> Outcome {
        let rule = match self.game.end.no_move {
            ir::NoMove::LosesIfInCheck if !self.in_check(pos, self.mover(pos)) => ir::NoMove::Draw,
            ir::NoMove::LosesIfInCheck => ir::NoMove::Loses,
            other => other,
        };
        let last = self.last_mover(pos);
        match rule {
            ir::NoMove::LosesIfInCheck => unreachable!("resolved just above"),
            ir::NoMove::Draw => self.settle(Outcome::Draw, pos, last),
            ir::NoMove::BestScore => self.end_by(EndOutcome::BestScore, pos, last),
            ir::NoMove::Loses => {
                let mover = self.mover(pos).index();
                Outcome::Win(PlayerId(((mover + 1) % self.players) as u8))
            }
        }
    }

    /// The owner index of a new piece of `kind` given to `player` (the neutral
    /// index for neutral kinds).
    #[inline]
    fn owner_index(&self, kind: PieceKind, player: PlayerId) -> usize {
        if self.game.kinds[kind.index()].neutral {
            codes::neutral(self.players)
        } else {
            player.index()
        }
    }

    /// Number of piece owners: the players and the neutral owner.
    #[inline]
    fn owners(&self) -> usize {
        self.players + 1
    }

    /// Index in `Position::numbers` of the count of (owner, kind) on the board.
    #[inline]
    fn slot(&self, owner: usize, kind: PieceKind) -> usize {
        owner * self.kinds + kind.index()
    }

    /// Index of the reserve of (player, kind).
    #[inline]
    fn reserve_index(&self, player: PlayerId, kind: PieceKind) -> usize {
        self.owners() * self.kinds + player.index() * self.kinds + kind.index()
    }

    /// Index of a counter of a player.
    #[inline]
    fn counter_index(&self, counter: usize, player: PlayerId) -> usize {
        (self.owners() + self.players) * self.kinds + counter * self.players + player.index()
    }

    /// Index of the pool's count of a kind.
    #[inline]
    fn pool_index(&self, kind: PieceKind) -> usize {
        self.counter_index(self.game.counters.len(), PlayerId(0)) + kind.index()
    }

    /// Index of a flag (0 or 1).
    #[inline]
    fn flag_index(&self, flag: usize) -> usize {
        self.pool_index(PieceKind(self.kinds as u8)) + flag
    }

    /// Index of the number of moves in a row without a capture (or another
    /// reset of the quiet rule).
    #[inline]
    fn quiet_index(&self) -> usize {
        self.history_index(self.game.history.len())
    }

    /// Index of a fact about the last move ([`ir::Game::history`]).
    #[inline]
    fn history_index(&self, fact: usize) -> usize {
        self.flag_index(self.game.flags.len()) + fact
    }

    /// Index of the number of passes in a row.
    #[inline]
    fn passes_index(&self) -> usize {
        self.quiet_index() + 1
    }

    /// Length of `Position::numbers`.
    #[inline]
    fn numbers_len(&self) -> usize {
        self.passes_index() + 1
    }

    /// The value of a fact about the last move ([`ir::Game::history`]).
    pub fn fact(&self, pos: &Position, fact: usize) -> i64 {
        pos.numbers[self.history_index(fact)]
    }

    /// Whether flag `flag` is set.
    #[inline]
    pub fn flag(&self, pos: &Position, flag: usize) -> bool {
        pos.numbers[self.flag_index(flag)] != 0
    }

    /// Moves in a row without a capture or another reset of the quiet rule.
    pub fn quiet_moves(&self, pos: &Position) -> i64 {
        pos.numbers[self.quiet_index()]
    }

    /// The cells in mark set `mark` left by the last move.
    pub fn marked_cells(&self, pos: &Position, mark: usize) -> Vec<CellId> {
        position::bits(&pos.marks[mark * pos.words..(mark + 1) * pos.words]).collect()
    }

    /// Which cells each (player, kind) could never move from on an empty board.
    fn stuck_cells(&self) -> Vec<bool> {
        let cells = self.game.topology.cells();
        let mut stuck = vec![false; self.players * self.kinds * cells];
        for p in 0..self.players {
            for k in 0..self.kinds {
                let info = &self.game.kinds[k];
                if info.rules.is_empty() {
                    continue;
                }
                for c in 0..self.game.topology.board_cells {
                    stuck[(p * self.kinds + k) * cells + c] =
                        !self.could_move(PlayerId(p as u8), PieceKind(k as u8), CellId(c as u16));
                }
            }
        }
        stuck
    }

    /// Whether `kind` could never move from some cell (so drops must look).
    #[inline]
    pub(crate) fn may_stick(&self, player: PlayerId, kind: PieceKind) -> bool {
        self.sticks[player.index() * self.kinds + kind.index()]
    }

    /// Whether `kind` could never move from `cell` (for drops and promotions).
    #[inline]
    pub(crate) fn is_stuck(&self, player: PlayerId, kind: PieceKind, cell: CellId) -> bool {
        let cells = self.game.topology.cells();
        self.stuck[(player.index() * self.kinds + kind.index()) * cells + cell.index()]
    }
}

/// Whether `when` is `W == P and line(N, mover)` (not exact): one rule of
/// those the compiler makes of `win W when line(N, mover)`, one per player P.
/// After every move exactly one of them looks for the mover's row, so where
/// rows only appear on their owner's move (see [`Engine::places_only`]), a
/// row that was there before this move would have ended the game: only rows
/// through the cells the move changed need a look.
fn guarded_mover_row(when: &ir::Expr) -> bool {
    use ir::{BinOp, Expr};
    let Expr::Binary(BinOp::And, guard, row) = when else {
        return false;
    };
    matches!(&**guard, Expr::Binary(BinOp::Eq, _, p) if matches!(**p, Expr::Player(_)))
        && matches!(&**row, Expr::Line { exact: false, player, .. } if matches!(**player, Expr::Mover))
}

/// An engine for rules given as text, with default options (for unit tests).
#[cfg(test)]
pub(crate) fn engine_of(text: &str) -> Engine {
    let source = crate::diag::SourceFile::new("test.rules".to_string(), text.to_string());
    Engine::new(crate::load(&source).expect("the rules compile"), &[]).expect("no options")
}

/// Rules in which each side has exactly one move in every position, for
/// ever: every perft count is 1, at any depth (for unit tests of deep walks).
#[cfg(test)]
pub(crate) const ENDLESS_RULES: &str = "game \"t\"\nplayers A, B\nboard grid files a..b ranks 1..2\n\
    directions ns = n, s\npiece Runner letter R { move step: step ns onto empty }\n\
    setup { A: Runner at a1  B: Runner at b1 }\nend { no move: draw }\n";

/// The next value of the xorshift state `rng` (for unit tests).
#[cfg(test)]
pub(crate) fn xorshift(rng: &mut u64) -> u64 {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    *rng
}

/// Puts a random piece code (or nothing) on every board cell of `pos`, from
/// the xorshift state `rng`, keeping its bit sets and counts in step.
#[cfg(test)]
pub(crate) fn random_board(engine: &Engine, pos: &mut Position, rng: &mut u64) {
    for c in 0..engine.game.topology.board_cells {
        let code = (xorshift(rng) % engine.codes.len() as u64) as u8;
        pos.set(CellId(c as u16), code, &mut position::NoJournal);
    }
}

#[cfg(test)]
mod tests {
    /// A row of the mover's (`win mover when line(…, mover)`) is looked for
    /// only through the changed cells where moves only place pieces, and on
    /// the whole board where a move can shift pieces about; both end games
    /// as the core does.
    #[test]
    fn a_row_of_the_movers_is_local_only_where_moves_only_place() {
        let placing = "game \"t\"\nplayers A, B\nboard grid files a..e ranks 1..5\n\
            piece S letter S { drop: onto empty }\nsupply S\n\
            end {\n  win mover when line(3, mover)\n  no move: draw\n}\n";
        let moving = placing.replace(
            "piece S letter S { drop: onto empty }",
            "directions king = n, ne, e, se, s, sw, w, nw\n\
             piece S letter S {\n  drop: onto empty\n  move step: step king onto empty\n}",
        );
        let e = super::engine_of(placing);
        assert!(e.local.iter().all(|l| *l), "{:?}", e.local);
        let m = super::engine_of(&moving);
        assert!(m.local.iter().all(|l| !l), "{:?}", m.local);
        for e in [e, m] {
            let core = e.clone().force_core();
            let mut rng = 0x9E37_79B9_7F4A_7C15u64;
            for _ in 0..200 {
                let (mut a, mut b) = (e.start(), core.start());
                let mut buf = super::MoveBuf::new();
                while a.result.is_none() && a.ply < 40 {
                    e.legal_moves(&a, &mut buf);
                    if buf.moves.is_empty() {
                        break;
                    }
                    let mv = buf
                        .moves
                        .get((super::xorshift(&mut rng) % buf.moves.len() as u64) as usize);
                    e.apply(&mut a, mv);
                    core.apply(&mut b, mv);
                    assert_eq!(a.result, b.result);
                }
            }
        }
    }
}
