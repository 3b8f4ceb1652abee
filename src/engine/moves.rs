//! Moves as short token strings, and the caller-owned buffers they are generated into.
//!
//! A [`MoveBuf`] stores every move's tokens one after another in one arena, so
//! generating a move costs only its own tokens: no per-move allocation and no
//! fixed-size padding. [`MoveRef`] borrows one move from a buffer; [`Move`] is
//! an owned copy for front ends.

use super::budget::{MAX_MOVES, MAX_TOKENS};
use crate::ir::{CellId, NotationMode, PieceKind};

/// The top 4 bits of a token are its tag, the low 12 bits a cell or a kind.
const TAG_SHIFT: u16 = 12;
const VALUE_MASK: u16 = (1 << TAG_SHIFT) - 1;

/// The most jumps in one chain. A chain is bounded by the pieces that can be
/// jumped (`each piece jumped once` or `capturing`); 64 exceeds every piece
/// that can stand on an 8×8 board, and a longer chain is not extended.
pub const MAX_CHAIN: usize = 64;

/// One token of a move. Tokens marked *hidden* are not written in the notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    /// An action starts: the piece on this cell is picked up.
    From(CellId),
    /// It moves to (lands on) this cell without capturing (`-cell`).
    To(CellId),
    /// It moves to this cell, and this hop captures (`xcell`): the piece on the
    /// cell, or pieces removed during the hop (see [`Token::Remove`]).
    Capture(CellId),
    /// The piece on this cell is captured (a jumped piece). Hidden.
    Remove(CellId),
    /// An action starts: a piece of this kind is taken from the mover's reserve
    /// or the supply…
    Drop(PieceKind),
    /// …and placed on this cell (`Letter@cell`).
    Place(CellId),
    /// The player passes.
    Pass,
    /// The piece that just captured leaves the board, and a new piece of this
    /// kind (from the pool if it is a pool kind) is placed for the mover by
    /// the next [`Token::Place`] (`,Letter@cell`).
    Promote(PieceKind),
    /// The piece in hand becomes this kind (`=Letter`).
    Become(PieceKind),
    /// The piece in hand becomes this kind. Hidden (a compulsory crowning).
    BecomeSilently(PieceKind),
    /// The piece on this cell changes owner to the mover. Hidden.
    Flip(CellId),
    /// The piece on this cell is picked up to be carried. Hidden.
    Lift(CellId),
    /// The carried piece is put on this cell. Hidden.
    Put(CellId),
    /// The piece on this cell leaves the board, as an action of its own (`xcell`).
    Take(CellId),
    /// This cell joins the current mark set (see [`Token::MarkSet`]). Hidden.
    Mark(CellId),
    /// The following [`Token::Mark`]s go to this mark set. Hidden.
    MarkSet(u8),
    /// The pieces of a block of cells turn: the transform of this index
    /// ([`crate::ir::Game::transforms`]), written by its name (`q1+90`).
    Turn(u16),
    /// The next [`Token::From`] and its landing are only written: a block of
    /// cells moves (`shift`), by the hidden tokens between them. Hidden.
    Block,
    /// This line of the board is drawn (see `lines.rs`). Hidden.
    Line(u16),
    /// The next [`Token::From`] and [`Token::To`] are a piece carried by
    /// `carry to … written`: it goes from the one cell to the other, written
    /// like an action of its own (`,h1-f1`), while the piece in hand stays in
    /// hand and the action goes on. Hidden itself.
    Carry,
    /// The piece in hand is put down: the action is over, and the tokens
    /// after this one, up to the next action, are what the turn's effect
    /// after each action did (`after each action: …`). Hidden.
    After,
    /// The piece in hand is put down because `then` ended its action: the
    /// tokens after this one see it standing where it landed. Hidden.
    Down,
    /// The move is written in full, because another legal move would be
    /// written alike: its landings (level 1), and also the pieces it removes
    /// (2), and also everything else it does (3). Hidden; first in the move.
    Explicit(u8),
}

/// [`Token::Explicit`] is packed as a mark set beyond every real one.
const EXPLICIT: u16 = 0xFF0;

/// [`Token::After`] is packed as the last value of the mark sets' tag.
const AFTER: u16 = 0xFFF;

/// [`Token::Turn`] is packed as a mark set from here on (mark sets are `u8`).
const TURN: u16 = 0x100;

/// [`Token::Block`] is packed as the mark set just below [`EXPLICIT`].
const BLOCK: u16 = EXPLICIT - 1;

/// [`Token::Carry`] is packed as the mark set just below [`BLOCK`].
const CARRY: u16 = BLOCK - 1;

/// [`Token::Line`] is packed as a mark set from here on, after the turns.
const LINE: u16 = 0x400;

/// The most turns of blocks a game may hold ([`Token::Turn`]'s indices).
pub const MAX_TRANSFORMS: usize = (LINE - TURN) as usize;

/// [`Token::Down`] is packed as the mark set just below [`CARRY`].
const DOWN: u16 = CARRY - 1;

/// The most lines a board may have for rules to draw ([`Token::Line`]'s indices).
pub const MAX_LINES: usize = (DOWN - LINE) as usize;

impl Token {
    /// The packed form stored in buffers.
    #[inline]
    pub fn encode(self) -> u16 {
        let (tag, value) = match self {
            Token::From(c) => (0, c.0),
            Token::To(c) => (1, c.0),
            Token::Capture(c) => (2, c.0),
            Token::Remove(c) => (3, c.0),
            Token::Drop(k) => (4, k.0 as u16),
            Token::Place(c) => (5, c.0),
            Token::Pass => (6, 0),
            Token::Promote(k) => (7, k.0 as u16),
            Token::Become(k) => (8, k.0 as u16),
            Token::BecomeSilently(k) => (9, k.0 as u16),
            Token::Flip(c) => (10, c.0),
            Token::Lift(c) => (11, c.0),
            Token::Put(c) => (12, c.0),
            Token::Take(c) => (13, c.0),
            Token::Mark(c) => (14, c.0),
            Token::MarkSet(m) => (15, m as u16),
            Token::Turn(t) => (15, TURN + t),
            Token::Block => (15, BLOCK),
            Token::Carry => (15, CARRY),
            Token::Down => (15, DOWN),
            Token::Line(l) => (15, LINE + l),
            Token::Explicit(level) => (15, EXPLICIT | level as u16),
            Token::After => (15, AFTER),
        };
        (tag << TAG_SHIFT) | (value & VALUE_MASK)
    }

    /// Unpacks a stored token.
    #[inline]
    pub fn decode(raw: u16) -> Token {
        let value = raw & VALUE_MASK;
        let cell = CellId(value);
        let kind = PieceKind(value as u8);
        match raw >> TAG_SHIFT {
            0 => Token::From(cell),
            1 => Token::To(cell),
            2 => Token::Capture(cell),
            3 => Token::Remove(cell),
            4 => Token::Drop(kind),
            5 => Token::Place(cell),
            6 => Token::Pass,
            7 => Token::Promote(kind),
            8 => Token::Become(kind),
            9 => Token::BecomeSilently(kind),
            10 => Token::Flip(cell),
            11 => Token::Lift(cell),
            12 => Token::Put(cell),
            13 => Token::Take(cell),
            14 => Token::Mark(cell),
            _ if value == AFTER => Token::After,
            _ if value >= EXPLICIT => Token::Explicit((value - EXPLICIT) as u8),
            _ if value == BLOCK => Token::Block,
            _ if value == CARRY => Token::Carry,
            _ if value == DOWN => Token::Down,
            _ if value >= LINE => Token::Line(value - LINE),
            _ if value >= TURN => Token::Turn(value - TURN),
            _ => Token::MarkSet(value as u8),
        }
    }

    /// Whether the token is written in the notation.
    #[inline]
    pub fn shown(self) -> bool {
        !matches!(
            self,
            Token::Remove(_)
                | Token::BecomeSilently(_)
                | Token::Flip(_)
                | Token::Lift(_)
                | Token::Put(_)
                | Token::Mark(_)
                | Token::MarkSet(_)
                | Token::Block
                | Token::Carry
                | Token::Down
                | Token::Line(_)
                | Token::Explicit(_)
                | Token::After
        )
    }

    /// Whether the token starts an action of the notation (a piece picked up
    /// or dropped, a removal, a turn of a block, a promotion's placing, a pass).
    #[inline]
    pub fn starts_action(self) -> bool {
        matches!(
            self,
            Token::From(_)
                | Token::Drop(_)
                | Token::Take(_)
                | Token::Turn(_)
                | Token::Promote(_)
                | Token::Pass
        )
    }

    /// Whether the token is a capture of some piece (a capturing hop, a jumped
    /// piece or a removal).
    #[inline]
    pub fn captures(self) -> bool {
        matches!(self, Token::Capture(_) | Token::Remove(_) | Token::Take(_))
    }
}

/// One move borrowed from a buffer: everything one player does in one turn.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MoveRef<'a>(pub(super) &'a [u16]);

impl<'a> MoveRef<'a> {
    /// A move read back from tokens packed by [`MoveRef::raw`] (for stores
    /// of moves outside a [`MoveList`], such as a search tree's edges).
    #[inline]
    pub fn from_raw(raw: &'a [u16]) -> MoveRef<'a> {
        MoveRef(raw)
    }

    /// The tokens in order.
    #[inline]
    pub fn tokens(self) -> impl Iterator<Item = Token> + 'a {
        self.0.iter().map(|t| Token::decode(*t))
    }

    /// The packed tokens.
    #[inline]
    pub fn raw(self) -> &'a [u16] {
        self.0
    }

    /// An owned copy.
    pub fn to_move(self) -> Move {
        Move(self.0.to_vec())
    }

    /// The tokens without the pieces carried in writing ([`Token::Carry`] and
    /// the start and end it writes): what the move does with its own pieces.
    pub fn without_carries(self) -> impl Iterator<Item = Token> + 'a {
        let mut tokens = self.tokens();
        std::iter::from_fn(move || {
            loop {
                let t = tokens.next()?;
                if t != Token::Carry {
                    return Some(t);
                }
                tokens.nth(1); // its `From` and `To`
            }
        })
    }

    /// The cell where the last action's piece ended (its final landing or drop).
    pub fn last_landing(self) -> Option<CellId> {
        self.without_carries().fold(None, |acc, t| match t {
            Token::To(c) | Token::Capture(c) | Token::Place(c) => Some(c),
            Token::From(_) | Token::Drop(_) | Token::Promote(_) | Token::Take(_) | Token::Turn(_) => None,
            _ => acc,
        })
    }

    /// Whether any token of the move captures a piece.
    pub fn captures(self) -> bool {
        self.tokens().any(Token::captures)
    }

    /// The tokens written in the notation of landings (hidden ones left out).
    #[inline]
    pub fn shown(self) -> impl Iterator<Item = u16> + 'a {
        self.0.iter().copied().filter(|t| Token::decode(*t).shown())
    }

    /// The level of detail at which the move is written ([`Token::Explicit`];
    /// 0 for the plain notation).
    #[inline]
    pub fn explicit(self) -> u8 {
        match self.0.first().map(|t| Token::decode(*t)) {
            Some(Token::Explicit(level)) => level,
            _ => 0,
        }
    }

    /// Appends to `out` the tokens the plain notation of `mode` writes: those
    /// shown (every landing), or of each action its start and its last
    /// landing, which captures if any of its landings did (ends).
    pub fn identity_into(self, mode: NotationMode, out: &mut Vec<u16>) {
        if mode == NotationMode::Landings {
            out.extend(self.shown());
            return;
        }
        // The last landing of the current action, whether one captured, and
        // where its promotions (written after the landing) start in `out`.
        let mut landing: Option<(CellId, bool)> = None;
        let mut held = out.len();
        let flush = |out: &mut Vec<u16>, landing: &mut Option<(CellId, bool)>, held: usize| {
            if let Some((cell, captures)) = landing.take() {
                let hop = if captures {
                    Token::Capture(cell)
                } else {
                    Token::To(cell)
                };
                out.insert(held, hop.encode());
            }
        };
        // Pieces carried in writing (a `Carry`, a `From` and a `To`), written
        // after their action's landing.
        let mut carried: Vec<u16> = Vec::new();
        let mut tokens = self.tokens();
        while let Some(t) = tokens.next() {
            match t {
                Token::Carry => carried.extend(tokens.by_ref().take(2).map(Token::encode)),
                Token::To(c) => {
                    landing = Some((c, landing.is_some_and(|l| l.1)));
                    held = out.len();
                }
                Token::Capture(c) => {
                    landing = Some((c, true));
                    held = out.len();
                }
                t if t.starts_action() => {
                    flush(out, &mut landing, held);
                    if !carried.is_empty() {
                        out.append(&mut carried);
                    }
                    out.push(t.encode());
                }
                t if t.shown() => out.push(t.encode()),
                _ => {}
            }
        }
        flush(out, &mut landing, held);
        if !carried.is_empty() {
            out.append(&mut carried);
        }
    }

    /// The tokens in the order the notation writes them: each piece carried
    /// in writing ([`Token::Carry`] and its start and end) after the landings
    /// of its action, as an action of its own (`e1-g1,h1-f1`).
    pub fn written_order(self) -> Vec<Token> {
        let mut out = Vec::new();
        let mut carried = Vec::new();
        let mut tokens = self.tokens();
        while let Some(t) = tokens.next() {
            if t == Token::Carry {
                carried.push(t);
                carried.extend(tokens.by_ref().take(2));
            } else {
                if t.starts_action() {
                    out.append(&mut carried);
                }
                out.push(t);
            }
        }
        out.append(&mut carried);
        out
    }
}

impl std::fmt::Debug for MoveRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.tokens()).finish()
    }
}

/// An owned move, for front ends and tests (the hot path uses [`MoveRef`]).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(Vec<u16>);

impl Move {
    /// A move from tokens.
    pub fn from_tokens(tokens: impl IntoIterator<Item = Token>) -> Move {
        Move(tokens.into_iter().map(Token::encode).collect())
    }

    /// The `pass` move.
    pub fn pass() -> Move {
        Move::from_tokens([Token::Pass])
    }

    /// Borrows it as a [`MoveRef`].
    pub fn as_ref(&self) -> MoveRef<'_> {
        MoveRef(&self.0)
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.as_ref().fmt(f)
    }
}

/// A list of moves stored in one token arena, with — when asked for — the
/// number of pieces each move captures (its *weight*, read by `most captures`).
#[derive(Debug, Default, Clone)]
pub struct MoveList {
    tokens: Vec<u16>,
    ends: Vec<u32>,
    /// Kept only while `weighing`.
    weights: Vec<u8>,
    weighing: bool,
    /// Tokens written before every move pushed (the earlier actions of a turn),
    /// and the pieces they captured.
    prefix: Vec<u16>,
    prefix_weight: u8,
    /// Scratch of [`MoveList::keep_only`] and [`MoveList::retain`], kept so
    /// that they do not allocate.
    order: Vec<(u32, u32, u8)>,
    sorted_tokens: Vec<u16>,
    sorted_ends: Vec<u32>,
    sorted_weights: Vec<u8>,
    /// A way was written whose landing another way of the same piece had
    /// reached, and the two may differ in what they do: the list must go
    /// through [`super::Engine::dedup_moves`].
    pub(super) may_repeat: bool,
    /// A move was not written: the list reached [`MAX_MOVES`] or [`MAX_TOKENS`].
    pub(super) overflow: bool,
}

impl MoveList {
    /// Makes every move pushed from now on start with `prefix`, which captured `weight` pieces.
    #[inline]
    pub(super) fn set_prefix(&mut self, prefix: &[u16], weight: u8) {
        self.prefix.clear();
        self.prefix.extend_from_slice(prefix);
        self.prefix_weight = weight;
    }

    /// Removes every move, keeping the memory.
    #[inline]
    pub fn clear(&mut self) {
        self.tokens.clear();
        self.ends.clear();
        self.weights.clear();
        self.may_repeat = false;
        self.overflow = false;
    }

    /// Whether the list is full (see [`MAX_MOVES`]); then the move is not written.
    #[inline(always)]
    fn full(&mut self) -> bool {
        self.check_full();
        self.overflow
    }

    /// Notes whether the list has reached [`MAX_MOVES`] moves or [`MAX_TOKENS`] tokens.
    #[inline(always)]
    pub(super) fn check_full(&mut self) {
        self.overflow |= self.ends.len() >= MAX_MOVES || self.tokens.len() >= MAX_TOKENS;
    }

    /// Keeps the weight of every move pushed from now on (the list must be empty).
    #[inline]
    pub(super) fn weigh(&mut self, on: bool) {
        self.weighing = on;
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Move `i`.
    #[inline]
    pub fn get(&self, i: usize) -> MoveRef<'_> {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        MoveRef(&self.tokens[start..self.ends[i] as usize])
    }

    /// The number of pieces move `i` captures (0 unless the list was weighing).
    #[inline]
    pub fn weight(&self, i: usize) -> u8 {
        self.weights.get(i).copied().unwrap_or(0)
    }

    /// Every move in order.
    pub fn iter(&self) -> impl Iterator<Item = MoveRef<'_>> {
        (0..self.len()).map(|i| self.get(i))
    }

    /// Whether the list holds this move.
    pub fn contains(&self, mv: MoveRef) -> bool {
        self.iter().any(|m| m == mv)
    }

    /// Appends a move made of raw tokens that captures `weight` pieces.
    #[inline(always)]
    pub fn push_raw(&mut self, raw: &[u16], weight: u8) {
        if self.full() {
            return;
        }
        // Moves are a few tokens long, and `raw`'s length is usually known
        // where this is inlined: plain copies (no memcpy call, no iterator
        // left for the optimiser not to inline).
        if !self.prefix.is_empty() {
            self.copy_prefix();
        }
        self.tokens.extend_from_slice(raw);
        self.ends.push(self.tokens.len() as u32);
        if self.weighing {
            self.weights.push(self.prefix_weight.saturating_add(weight));
        }
    }

    /// Writes the earlier actions of the turn ([`MoveList::set_prefix`]) at
    /// the end of the arena, with no call to `memcpy` for each move. Out of
    /// line, as most lists have no earlier actions.
    #[inline(never)]
    fn copy_prefix(&mut self) {
        // The usual case, one earlier action of two tokens with room to
        // spare, calls nothing: no registers to save on the way in.
        if let [a, b] = *self.prefix
            && self.tokens.capacity() - self.tokens.len() >= 2
        {
            self.tokens.extend([a, b]);
            return;
        }
        self.copy_longer_prefix();
    }

    /// [`MoveList::copy_prefix`] when the list must grow or the prefix is not
    /// two tokens: short prefixes copied as arrays of their length.
    #[inline(never)]
    fn copy_longer_prefix(&mut self) {
        match *self.prefix {
            [a, b] => self.tokens.extend([a, b]),
            [a, b, c] => self.tokens.extend([a, b, c]),
            [a] => self.tokens.push(a),
            [a, b, c, d] => self.tokens.extend([a, b, c, d]),
            ref longer => self.tokens.extend_from_slice(longer),
        }
    }

    /// Appends a move made of two raw parts (a prefix and an action).
    #[inline]
    pub fn push_joined(&mut self, prefix: &[u16], action: &[u16], weight: u8) {
        if self.full() {
            return;
        }
        // Moves are a few tokens long: each part copied by an exact-size
        // extend of its own (no memcpy call, no capacity check per token,
        // and no chained iterator, whose fold the compiler may leave out of
        // line).
        self.tokens.extend(prefix.iter().copied());
        self.tokens.extend(action.iter().copied());
        self.ends.push(self.tokens.len() as u32);
        if self.weighing {
            self.weights.push(weight);
        }
    }

    /// Appends a two-token move (it captures one piece when `b` is a capture).
    #[inline(always)]
    pub fn push2(&mut self, a: Token, b: Token) {
        // (Two-token moves come at most one per piece and cell: the list is
        // looked at after each source of actions, see `check_full`.)
        if !self.prefix.is_empty() {
            self.copy_prefix();
        }
        self.tokens.extend([a.encode(), b.encode()]);
        self.ends.push(self.tokens.len() as u32);
        if self.weighing {
            self.weights
                .push(self.prefix_weight + matches!(b, Token::Capture(_)) as u8);
        }
    }

    /// Rewrites the list with the moves `keep` names, in that order, each
    /// with its level of [`Token::Explicit`] (0: none) written first.
    pub(super) fn keep_only(&mut self, keep: &[(u32, u8)]) {
        let mut tokens = std::mem::take(&mut self.sorted_tokens);
        tokens.clear();
        let mut ends = std::mem::take(&mut self.sorted_ends);
        ends.clear();
        let mut weights = std::mem::take(&mut self.sorted_weights);
        weights.clear();
        for &(i, level) in keep {
            if level > 0 {
                tokens.push(Token::Explicit(level).encode());
            }
            tokens.extend_from_slice(self.get(i as usize).raw());
            ends.push(tokens.len() as u32);
            if self.weighing {
                weights.push(self.weight(i as usize));
            }
        }
        self.sorted_tokens = std::mem::replace(&mut self.tokens, tokens);
        self.sorted_ends = std::mem::replace(&mut self.ends, ends);
        self.sorted_weights = std::mem::replace(&mut self.weights, weights);
    }

    /// Keeps the moves for which `keep(move, weight)` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(MoveRef, u8) -> bool) {
        let mut order = self.take_order();
        order.retain(|r| keep(MoveRef(&self.tokens[r.0 as usize..r.1 as usize]), r.2));
        self.rebuild(order);
    }

    /// The (start, end, weight) of every move, in the reused scratch vector.
    fn take_order(&mut self) -> Vec<(u32, u32, u8)> {
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        order.extend((0..self.len()).map(|i| {
            let start = if i == 0 { 0 } else { self.ends[i - 1] };
            (start, self.ends[i], self.weight(i))
        }));
        order
    }

    /// Rewrites the list with the moves of `order`.
    fn rebuild(&mut self, order: Vec<(u32, u32, u8)>) {
        let mut tokens = std::mem::take(&mut self.sorted_tokens);
        tokens.clear();
        self.ends.clear();
        self.weights.clear();
        for &(s, e, w) in &order {
            tokens.extend_from_slice(&self.tokens[s as usize..e as usize]);
            self.ends.push(tokens.len() as u32);
            if self.weighing {
                self.weights.push(w);
            }
        }
        self.sorted_tokens = std::mem::replace(&mut self.tokens, tokens);
        self.order = order;
    }
}

/// A caller-owned buffer of moves, plus scratch space for generating moves of
/// several actions. Reuse one per search depth: `legal_moves` clears it but
/// keeps the memory.
#[derive(Debug, Default)]
pub struct MoveBuf {
    /// The generated moves.
    pub moves: MoveList,
    /// Scratch lists of single actions, one per action level.
    pub(super) actions: Vec<MoveList>,
    /// Scratch positions, one per action level.
    pub(super) positions: Vec<super::Position>,
    /// Undo logs of the scratch positions, one per action level.
    pub(super) undo: Vec<super::position::UndoLog>,
    /// The move so far at each action level.
    pub(super) prefixes: Vec<Vec<u16>>,
    /// What the actions of each level cost (see [`super::movegen::Spend`]).
    pub(super) costs: Vec<Vec<(u32, u8)>>,
    /// Scratch for dropping moves that leave a royal piece attacked.
    pub(super) check_position: super::Position,
    pub(super) check_undo: super::position::UndoLog,
    pub(super) check_moves: MoveList,
    /// Indices of moves not yet tried (random playouts under the royal rule).
    pub(super) candidates: Vec<u32>,
    /// Cells (and the pass) in order, shuffled while a random move is drawn
    /// (see [`super::Engine::draw_by_cells`]).
    pub(super) cell_order: Vec<u32>,
    /// The swaps that shuffled `cell_order`, to take them back.
    pub(super) cell_swaps: Vec<u32>,
    /// What generating single actions needs: fast-form scratch, the core's position.
    pub(super) generator: super::movegen::Gen,
    /// Follow-up actions of one action, and a move being joined from parts.
    pub(super) follow: MoveList,
    pub(super) joined: Vec<u16>,
    /// Scratch of removing repeated moves.
    pub(super) dedup: super::identity::DedupScratch,
    /// Two moves listed share a notation: they are written apart once the
    /// legal moves are known.
    pub(super) shared_notation: bool,
}

impl MoveBuf {
    /// Makes sure there is scratch space for action level `level`.
    pub(super) fn ensure_level(&mut self, level: usize) {
        if self.actions.len() <= level {
            let weighing = self.moves.weighing;
            self.actions.resize_with(level + 1, || {
                let mut list = MoveList::default();
                list.weigh(weighing);
                list
            });
            self.positions.resize_with(level + 1, super::Position::default);
            self.undo
                .resize_with(level + 1, super::position::UndoLog::default);
            self.prefixes.resize_with(level + 1, Vec::new);
            self.costs.resize_with(level + 1, Vec::new);
        }
    }

    /// Makes every list of the buffer keep the weights of its moves, or not.
    pub(super) fn weigh(&mut self, on: bool) {
        self.moves.weigh(on);
        self.check_moves.weigh(on);
        self.follow.weigh(on);
        for a in &mut self.actions {
            a.weigh(on);
        }
    }

    /// An empty buffer.
    pub fn new() -> Self {
        MoveBuf::default()
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_stays_small() {
        assert!(std::mem::size_of::<Token>() <= 4);
        assert_eq!(std::mem::size_of::<MoveRef>(), 16);
    }

    #[test]
    fn tokens_decode_to_what_was_encoded() {
        let tokens = [
            Token::From(CellId(7)),
            Token::To(CellId(4095)),
            Token::Remove(CellId(12)),
            Token::Capture(CellId(0)),
            Token::Drop(PieceKind(29)),
            Token::Place(CellId(63)),
            Token::Pass,
        ];
        let m = Move::from_tokens(tokens);
        assert_eq!(m.as_ref().tokens().collect::<Vec<_>>(), tokens);
        assert_eq!(m.as_ref().last_landing(), Some(CellId(63)));
    }

    #[test]
    fn a_piece_carried_in_writing_is_written_after_its_action() {
        let c = CellId;
        // e1 lands on g1 after carrying h1 to f1 (the landing is written last).
        let tokens = [
            Token::From(c(4)),
            Token::Carry,
            Token::From(c(7)),
            Token::To(c(5)),
            Token::To(c(6)),
            Token::Line((MAX_LINES - 1) as u16),
        ];
        let m = Move::from_tokens(tokens);
        assert_eq!(m.as_ref().tokens().collect::<Vec<_>>(), tokens);
        assert!(!Token::Carry.shown());
        let written = [tokens[0], tokens[4], tokens[5], tokens[1], tokens[2], tokens[3]];
        assert_eq!(m.as_ref().written_order(), written);
        assert_eq!(m.as_ref().last_landing(), Some(c(6)));
        let mut ends = Vec::new();
        m.as_ref().identity_into(NotationMode::Ends, &mut ends);
        let ends: Vec<Token> = ends.into_iter().map(Token::decode).collect();
        assert_eq!(ends, [tokens[0], tokens[4], tokens[2], tokens[3]]);
    }

    #[test]
    fn the_effect_marker_is_hidden_and_apart_from_the_mark_sets() {
        let tokens = [
            Token::From(CellId(3)),
            Token::To(CellId(8)),
            Token::After,
            Token::Remove(CellId(8)),
            Token::MarkSet(255),
            Token::Explicit(3),
            Token::Turn((MAX_TRANSFORMS - 1) as u16),
        ];
        let m = Move::from_tokens(tokens);
        assert_eq!(m.as_ref().tokens().collect::<Vec<_>>(), tokens);
        assert!(!Token::After.shown());
        // The landing stays the action's, whatever the effect removed.
        assert_eq!(
            Move::from_tokens(tokens[..4].iter().copied())
                .as_ref()
                .last_landing(),
            Some(CellId(8))
        );
    }

    #[test]
    fn list_stores_moves_of_any_length_and_keeps_the_ones_asked() {
        let mut list = MoveList::default();
        let long = Move::from_tokens((0..100).map(|c| Token::To(CellId(c))));
        list.push2(Token::From(CellId(1)), Token::To(CellId(2)));
        list.push_raw(long.as_ref().raw(), 0);
        list.push2(Token::From(CellId(1)), Token::To(CellId(2)));
        assert_eq!(list.len(), 3);
        assert_eq!(list.get(1), long.as_ref());
        list.keep_only(&[(1, 0), (0, 2)]);
        assert_eq!(list.len(), 2);
        assert_eq!(list.get(0), long.as_ref());
        assert_eq!(list.get(1).explicit(), 2);
        assert_eq!(list.get(1).shown().count(), 2);
    }
}
