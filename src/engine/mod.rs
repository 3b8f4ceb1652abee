//! Stage 3: the engine. Runs an [`ir::Game`] on flat tables: positions, move
//! generation into caller-owned buffers, applying moves, outcomes, perft and
//! random playouts. No names, spans or strings on the hot path.

mod apply;
mod attack;
mod eval;
mod explain;
mod movegen;
mod moves;
mod position;
mod search;

pub use explain::Obstacle;
pub use moves::{MAX_CHAIN, Move, MoveBuf, MoveList, MoveRef, Token};
pub use position::Position;
pub use search::PlayoutStats;

use crate::ir::{self, CellId, Outcome, PieceKind, PlayerId};

/// The status of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The game is over.
    Over(Outcome),
}

/// A problem with option values given to [`Engine::new`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No option of that name.
    #[error("unknown option `{name}`; the options are: {known}")]
    Unknown { name: String, known: String },
    /// A value of the wrong type.
    #[error("option `{name}` takes {expected}, not `{value}`")]
    WrongType {
        name: String,
        expected: String,
        value: String,
    },
    /// A value outside the declared range.
    #[error("option `{name}` must be {allowed}, not {value}")]
    OutOfRange {
        name: String,
        allowed: String,
        value: i64,
    },
}

/// A compiled game with its option values: everything needed to play.
#[derive(Debug, Clone)]
pub struct Engine {
    game: ir::Game,
    options: Vec<i64>,
    players: usize,
    kinds: usize,
    /// `owner_of[code]`, `kind_of[code]` for piece codes.
    owner_of: Vec<u8>,
    kind_of: Vec<u8>,
    /// One table per condition of the game.
    cond_tables: Vec<eval::CondTable>,
    /// The end results read only the numbers of a position (not who moves), so
    /// a change that leaves the numbers alone leaves them as they were.
    results_follow_numbers: bool,
    /// Some kind is royal: moves into check are dropped.
    has_royals: bool,
    /// Copies of [`ir::Game::dedupe_targets`] and "some promotion exists",
    /// kept at hand for move generation.
    dedupe_targets: bool,
    has_promotions: bool,
}

impl Engine {
    /// An engine for `game` with the given `name=value` option overrides.
    pub fn new(game: ir::Game, overrides: &[(String, String)]) -> Result<Engine, OptionError> {
        let mut options: Vec<i64> = game.options.iter().map(|o| o.default).collect();
        for (name, value) in overrides {
            let Some(i) = game.options.iter().position(|o| o.name == *name) else {
                let known: Vec<String> = game
                    .options
                    .iter()
                    .map(|o| format!("{} ({})", o.name, if o.is_bool { "bool" } else { "int" }))
                    .collect();
                return Err(OptionError::Unknown {
                    name: name.clone(),
                    known: if known.is_empty() {
                        "none".into()
                    } else {
                        known.join(", ")
                    },
                });
            };
            let info = &game.options[i];
            let parsed = if info.is_bool {
                match value.as_str() {
                    "true" => Some(1),
                    "false" => Some(0),
                    _ => None,
                }
            } else {
                value.parse::<i64>().ok()
            };
            let Some(v) = parsed else {
                return Err(OptionError::WrongType {
                    name: name.clone(),
                    expected: if info.is_bool {
                        "`true` or `false`".into()
                    } else {
                        "a whole number".into()
                    },
                    value: value.clone(),
                });
            };
            if info.min.is_some_and(|m| v < m) || info.max.is_some_and(|m| v > m) {
                let allowed = match (info.min, info.max) {
                    (Some(lo), Some(hi)) => format!("between {lo} and {hi}"),
                    (Some(lo), None) => format!("at least {lo}"),
                    (_, Some(hi)) => format!("at most {hi}"),
                    _ => String::new(),
                };
                return Err(OptionError::OutOfRange {
                    name: name.clone(),
                    allowed,
                    value: v,
                });
            }
            options[i] = v;
        }
        let players = game.players.len();
        let kinds = game.kinds.len();
        let mut owner_of = vec![u8::MAX; 1 + players * kinds];
        let mut kind_of = vec![u8::MAX; 1 + players * kinds];
        for k in 0..kinds {
            for p in 0..players {
                let code = 1 + k * players + p;
                owner_of[code] = p as u8;
                kind_of[code] = k as u8;
            }
        }
        let mut engine = Engine {
            game,
            options,
            players,
            kinds,
            owner_of,
            kind_of,
            cond_tables: Vec::new(),
            results_follow_numbers: false,
            has_royals: false,
            dedupe_targets: false,
            has_promotions: false,
        };
        engine.dedupe_targets = engine.game.dedupe_targets;
        engine.has_promotions = !engine.game.promotions.is_empty();
        engine.has_royals = engine.game.kinds.iter().any(|k| k.royal);
        engine.results_follow_numbers = !engine.game.end.results.iter().any(|(e, _)| e.mentions_mover())
            && !engine.game.flags.iter().any(|f| f.when.mentions_mover());
        engine.build_cond_tables();
        Ok(engine)
    }

    /// The compiled game.
    pub fn game(&self) -> &ir::Game {
        &self.game
    }

    /// The value of each option, in declaration order.
    pub fn option_values(&self) -> &[i64] {
        &self.options
    }

    /// The starting position.
    pub fn start(&self) -> Position {
        let cells = self.game.topology.cells();
        let words = cells.div_ceil(64);
        let mut pos = Position {
            board: vec![0; cells],
            occupied: vec![0; words * self.codes()],
            words,
            numbers: vec![0; self.flag_index(self.game.flags.len())],
            ply: 0,
            result: None,
        };
        for &(cell, owner, kind) in &self.game.setup.pieces {
            pos.set(cell, self.code(kind, owner), &mut position::NoJournal);
            pos.numbers[self.slot(owner, kind)] += 1;
        }
        for &(kind, n) in &self.game.pool {
            pos.numbers[self.pool_index(kind)] = n as i64;
        }
        for &(owner, kind, n) in &self.game.setup.reserves {
            let slot = self.reserve_index(self.slot(owner, kind));
            pos.numbers[slot] += n as i64;
        }
        let mover = self.mover(&pos);
        self.latch_flags(&mut pos, mover);
        pos.result = self.decided(&pos, self.mover(&pos), true);
        pos
    }

    /// The player to move.
    #[inline]
    pub fn mover(&self, pos: &Position) -> PlayerId {
        self.game.order.at(pos.ply).0
    }

    /// The player and piece kind of a piece code (`None` for an empty cell).
    #[inline]
    pub fn piece_at(&self, pos: &Position, cell: CellId) -> Option<(PlayerId, PieceKind)> {
        let code = pos.board[cell.index()];
        (code != 0).then(|| {
            (
                PlayerId(self.owner_of[code as usize]),
                PieceKind(self.kind_of[code as usize]),
            )
        })
    }

    /// Pieces of `kind` in `player`'s reserve.
    pub fn reserve(&self, pos: &Position, player: PlayerId, kind: PieceKind) -> i64 {
        pos.numbers[self.reserve_index(self.slot(player, kind))]
    }

    /// Pieces of `kind` in the shared pool.
    pub fn pool(&self, pos: &Position, kind: PieceKind) -> i64 {
        pos.numbers[self.pool_index(kind)]
    }

    /// The value of a counter of a player.
    pub fn counter(&self, pos: &Position, counter: usize, player: PlayerId) -> i64 {
        pos.numbers[self.counter_index(counter, player)]
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
        match rule {
            ir::NoMove::LosesIfInCheck => unreachable!("resolved just above"),
            ir::NoMove::Draw => {
                // End rules speak of `mover` as the player who made the last move.
                let last = if pos.ply > 0 {
                    self.game.order.at(pos.ply - 1).0
                } else {
                    self.mover(pos)
                };
                self.settle(Outcome::Draw, pos, last)
            }
            ir::NoMove::Loses => {
                let mover = self.mover(pos).index();
                Outcome::Win(PlayerId(((mover + 1) % self.players) as u8))
            }
        }
    }

    #[inline]
    fn code(&self, kind: PieceKind, owner: PlayerId) -> u8 {
        (1 + kind.index() * self.players + owner.index()) as u8
    }

    /// Index in `Position::numbers` of the count of (player, kind) on the board.
    #[inline]
    fn slot(&self, player: PlayerId, kind: PieceKind) -> usize {
        player.index() * self.kinds + kind.index()
    }

    /// Index of the reserve of the (player, kind) whose board slot is `slot`.
    #[inline]
    fn reserve_index(&self, slot: usize) -> usize {
        self.players * self.kinds + slot
    }

    /// Index of a counter of a player.
    #[inline]
    fn counter_index(&self, counter: usize, player: PlayerId) -> usize {
        2 * self.players * self.kinds + counter * self.players + player.index()
    }

    /// Index of the pool's count of a kind.
    #[inline]
    fn pool_index(&self, kind: PieceKind) -> usize {
        self.counter_index(self.game.counters.len(), PlayerId(0)) + kind.index()
    }

    /// Index of a flag (0 or 1); one past the last flag is the length of `numbers`.
    #[inline]
    fn flag_index(&self, flag: usize) -> usize {
        self.pool_index(PieceKind(self.kinds as u8)) + flag
    }

    /// Whether flag `flag` is set.
    #[inline]
    pub fn flag(&self, pos: &Position, flag: usize) -> bool {
        pos.numbers[self.flag_index(flag)] != 0
    }
}
