//! The interpreter of the move core ([`crate::ir::core`]): runs a rule's
//! program from a cell, exploring every way through it depth first, changing a
//! scratch position as the clauses say (every change journaled and undone on
//! the way back), and writing one action (or one move of several actions) for
//! every way that reaches the end.

use std::ops::ControlFlow;

use super::budget::Limit;
use super::eval::Seen;
use super::movegen::Reached;
use super::moves::{MoveList, Token};
use super::position::{Checkpoint, Journal, UndoLog};
use super::{Engine, Position};
use crate::ir::{CellId, DirId, MoveRule, Op, PieceKind, PlayerId, Shift, Topology, Travel, Walk};

/// A way through a program is cut after this many cursor steps: repetition
/// always moves the cursor (the compiler checks it), so this bounds every rule
/// on any board the language allows.
pub(super) const MAX_STEPS: u16 = 4096;

/// How often (in levels of recursion) the search checks the room left on
/// its stack, the room it wants left, and the size of a new segment.
const GROW_EVERY: u32 = 16;
const STACK_RED_ZONE: usize = 256 * 1024;
const STACK_SEGMENT: usize = 4 * 1024 * 1024;

/// The registers a rule may name (`save NAME`).
pub const MAX_REGISTERS: usize = 8;

/// The state of one way through a program; copied at every branch.
#[derive(Debug, Clone, Copy)]
struct Way {
    pc: usize,
    cursor: CellId,
    /// The current direction (after the line's continuation), if any step was made.
    dir: Option<DirId>,
    /// The piece in hand (0: none).
    hand: u8,
    /// The start cell of the current action.
    origin: CellId,
    /// The last landing of the current action, not yet written: its cell and
    /// whether its hop captured.
    hop: CellId,
    hop_captures: bool,
    /// A promotion chosen where the action ends, written after its landing.
    becomes: Option<Token>,
    /// Pieces captured since the last landing (they belong to the next one, or
    /// to the last one when none follows).
    since_hop: u8,
    /// The last landing stopped the piece (a piece, an exit, a trigger, a promotion on entering).
    stopped: bool,
    /// The code of the piece the last landing captured (0: none).
    landed: u8,
    /// Pieces captured by the move so far.
    weight: u8,
    /// Cursor steps so far (at most [`MAX_STEPS`]).
    steps: u16,
    /// The cell the cursor's last step left (what `draw` draws is the line
    /// from there to the cursor); `CellId::NONE` when the cursor did not step
    /// there. (The way stays within 64 bytes: it is copied at every branch.)
    came_from: CellId,
    /// Lengths of the scratch stacks when this way was copied.
    tokens: u32,
    jumped: u32,
    taken: u32,
    /// Where this action's taken pieces start in the taken stack.
    taken_from: u32,
    regs: [CellId; MAX_REGISTERS],
}

/// How the end of a body is read.
enum Frame<'a> {
    /// The rule itself: every way is an action.
    Top,
    /// `can`/`cannot`: one way is enough.
    Look,
    /// `each`: every way's changes are collected (tokens since `start`).
    Each {
        start: usize,
        collected: &'a mut Vec<u16>,
    },
}

/// Reused stacks of the interpreter.
#[derive(Debug, Default)]
pub(super) struct CoreScratch {
    /// Steps of the rules run since the list being written was started.
    pub work: u64,
    tokens: Vec<u16>,
    jumped: Vec<CellId>,
    taken: Vec<CellId>,
    log: UndoLog,
}

/// One run of a rule's program.
struct Run<'a> {
    engine: &'a Engine,
    rule: &'a MoveRule,
    player: PlayerId,
    pos: &'a mut Position,
    log: UndoLog,
    tokens: Vec<u16>,
    jumped: Vec<CellId>,
    taken: Vec<CellId>,
    out: &'a mut MoveList,
    /// Stamps of single-hop actions already written for this piece.
    stamps: Option<&'a mut super::movegen::GenScratch>,
    /// Steps of the rules run so far (see [`super::budget`]).
    work: u64,
    /// Levels of recursion of the search.
    depth: u32,
}

impl Engine {
    /// Writes into `out` every action of `rule` for `player` from `from`. For a
    /// drop rule, `from` is [`CellId::NONE`] (every cell) or, when the
    /// program starts by choosing a cell, the only cell to try. `pos` is a
    /// scratch copy of the position: it is changed while the rule runs and
    /// left as it was.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn core_actions(
        &self,
        pos: &mut Position,
        player: PlayerId,
        rule: &MoveRule,
        from: CellId,
        out: &mut MoveList,
        scratch: &mut CoreScratch,
        stamps: Option<&mut super::movegen::GenScratch>,
    ) {
        let entered = rule.drop && from.is_some();
        if entered {
            let open = match rule.program.ops.first() {
                Some(Op::Anywhere) => true,
                Some(Op::AnywhereIf(cond)) => self.test_on(*cond, player, from, pos, Seen::NONE),
                _ => false,
            };
            if !open {
                return;
            }
        }
        let mut run = Run {
            engine: self,
            rule,
            player,
            pos,
            log: std::mem::take(&mut scratch.log),
            tokens: std::mem::take(&mut scratch.tokens),
            jumped: std::mem::take(&mut scratch.jumped),
            taken: std::mem::take(&mut scratch.taken),
            out,
            stamps,
            work: scratch.work,
            depth: 0,
        };
        run.tokens.clear();
        run.jumped.clear();
        run.taken.clear();
        let mut start = Way {
            pc: 0,
            cursor: if rule.drop { CellId::NONE } else { from },
            dir: None,
            hand: 0,
            origin: if rule.drop { CellId::NONE } else { from },
            hop: CellId::NONE,
            hop_captures: false,
            becomes: None,
            since_hop: 0,
            stopped: false,
            landed: 0,
            weight: 0,
            steps: 0,
            came_from: CellId::NONE,
            tokens: 0,
            jumped: 0,
            taken: 0,
            taken_from: 0,
            regs: [CellId::NONE; MAX_REGISTERS],
        };
        if entered {
            // One cell of the program's first choice, as that op would branch to it.
            start.pc = 1;
            start.cursor = from;
            start.steps = 1;
        }
        let cp = run.log.checkpoint();
        run.run(start, &mut Frame::Top);
        run.pos.undo_to(&mut run.log, cp);
        scratch.work = run.work;
        scratch.log = run.log;
        scratch.tokens = run.tokens;
        scratch.jumped = run.jumped;
        scratch.taken = run.taken;
    }
}

impl Run<'_> {
    /// Follows a copy of `w` and comes back with every change undone.
    /// Returns whether the caller should stop exploring (a lookahead found its way).
    fn branch(&mut self, w: Way, frame: &mut Frame) -> bool {
        let cp = self.log.checkpoint();
        let stop = self.deeper(|run| run.run(w, frame));
        self.rewind(&w, cp);
        stop
    }

    /// Follows a copy of `w` changed by `change` first, and comes back with
    /// every change undone (the ones `change` made included).
    fn branch_with(&mut self, w: Way, frame: &mut Frame, change: impl FnOnce(&mut Self, &mut Way)) -> bool {
        let cp = self.log.checkpoint();
        let mut next = w;
        change(self, &mut next);
        let stop = self.deeper(|run| run.run(next, frame));
        self.rewind(&w, cp);
        stop
    }

    /// Runs `f` one level deeper in the search. A way may take thousands of
    /// steps (a line across a large board), each a level of recursion: every
    /// [`GROW_EVERY`] levels the stack is checked and, when little is left,
    /// `f` runs on a new segment, so that the search never overflows the
    /// stack of whatever thread it runs on.
    #[inline]
    fn deeper(&mut self, f: impl FnOnce(&mut Self) -> bool) -> bool {
        self.depth += 1;
        let stop = if self.depth.is_multiple_of(GROW_EVERY) {
            stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || f(self))
        } else {
            f(self)
        };
        self.depth -= 1;
        stop
    }

    /// Undoes everything done since `w` was copied at checkpoint `cp`.
    fn rewind(&mut self, w: &Way, cp: Checkpoint) {
        self.pos.undo_to(&mut self.log, cp);
        self.tokens.truncate(w.tokens as usize);
        self.jumped.truncate(w.jumped as usize);
        self.taken.truncate(w.taken as usize);
    }

    fn seen<'s>(&self, w: &Way, taken: &'s [CellId]) -> Seen<'s> {
        Seen {
            origin: w.origin,
            taken,
            hand: (w.hand != 0).then(|| PieceKind(self.engine.codes.kind[w.hand as usize])),
        }
    }

    #[inline]
    fn push(&mut self, w: &mut Way, t: Token) {
        self.tokens.push(t.encode());
        w.tokens = self.tokens.len() as u32;
    }

    /// The piece on the cursor's cell is picked up: it is in hand, and the
    /// cell is the action's origin. `false` on an empty cell.
    #[inline(always)]
    fn lift(&mut self, w: &mut Way) -> bool {
        let from = w.cursor;
        let code = self.pos.board[from.index()];
        if code == 0 {
            return false;
        }
        w.hand = code;
        w.origin = from;
        self.pos.set(from, 0, &mut self.log);
        self.push(w, Token::From(from));
        true
    }

    /// Runs from `w.pc` until the way ends; `true` when exploring should stop.
    fn run(&mut self, mut w: Way, frame: &mut Frame) -> bool {
        let engine = self.engine;
        let topo = &engine.game.topology;
        let ops = &self.rule.program.ops;
        loop {
            self.work += 1;
            if self.work > engine.work_budget {
                // Out of budget: stop exploring; the engine remembers why.
                engine.exhaust(Limit::Work, Some(self.rule));
                return true;
            }
            match &ops[w.pc] {
                Op::Go(dirs) => {
                    if w.steps >= MAX_STEPS || !w.cursor.is_some() {
                        return false;
                    }
                    for &d in &dirs[self.player.index()] {
                        if self.step(w, d, frame) {
                            return true;
                        }
                    }
                    return false;
                }
                Op::GoSame => {
                    let Some(d) = w.dir else { return false };
                    if w.steps >= MAX_STEPS {
                        return false;
                    }
                    return self.step(w, d, frame);
                }
                Op::GoPerpendicular => {
                    let Some(d) = w.dir else { return false };
                    if w.steps >= MAX_STEPS {
                        return false;
                    }
                    for &p in &topo.perpendicular[d.0 as usize] {
                        if self.step(w, p, frame) {
                            return true;
                        }
                    }
                    return false;
                }
                Op::Anywhere | Op::AnywhereIf(_) => {
                    let cond = match &ops[w.pc] {
                        Op::AnywhereIf(c) => Some(*c),
                        _ => None,
                    };
                    for c in 0..topo.board_cells {
                        let cell = CellId(c as u16);
                        if let Some(cond) = cond {
                            let taken = std::mem::take(&mut self.taken);
                            let ok = engine.test_on(cond, self.player, cell, self.pos, self.seen(&w, &taken));
                            self.taken = taken;
                            if !ok {
                                continue;
                            }
                        }
                        let mut next = w;
                        next.pc += 1;
                        next.cursor = cell;
                        next.dir = None;
                        next.came_from = CellId::NONE;
                        next.steps += 1;
                        if self.branch(next, frame) {
                            return true;
                        }
                    }
                    return false;
                }
                Op::If(cond) => {
                    if !w.cursor.is_some() {
                        return false;
                    }
                    let taken = std::mem::take(&mut self.taken);
                    let ok = engine.test_on(*cond, self.player, w.cursor, self.pos, self.seen(&w, &taken));
                    self.taken = taken;
                    if !ok {
                        return false;
                    }
                    w.pc += 1;
                }
                Op::When(expr) => {
                    if engine.eval(expr, self.pos, self.player) == 0 {
                        return false;
                    }
                    w.pc += 1;
                }
                Op::Can { end, negate } => {
                    let mut body = w;
                    body.pc += 1;
                    let found = self.branch(body, &mut Frame::Look);
                    if found == *negate {
                        return false;
                    }
                    w.pc = *end as usize;
                }
                Op::Lift => {
                    if !self.lift(&mut w) {
                        return false;
                    }
                    w.pc += 1;
                }
                Op::Land => {
                    if w.hand == 0 {
                        return false;
                    }
                    self.flush_hop(&mut w);
                    let cell = w.cursor;
                    let code = self.pos.board[cell.index()];
                    let mut captures = w.since_hop > 0;
                    w.since_hop = 0;
                    w.stopped = false;
                    w.landed = code;
                    if code != 0 {
                        engine.capture(self.pos, cell, self.player, &mut self.log);
                        w.weight = w.weight.saturating_add(1);
                        captures = true;
                        w.stopped = true;
                    }
                    let owner = engine.codes.owner[w.hand as usize] as usize;
                    let kind = PieceKind(engine.codes.kind[w.hand as usize]);
                    if topo.is_exit(cell) || engine.trigger_at(owner, kind, cell).is_some() {
                        w.stopped = true;
                    }
                    w.hop = cell;
                    w.hop_captures = captures;
                    w.pc += 1;
                    if let Some(choices) = engine.promotion_on_entering(self.player, kind, cell) {
                        w.stopped = true;
                        for &k in choices.0 {
                            let t = if choices.1 {
                                Token::Become(k)
                            } else {
                                Token::BecomeSilently(k)
                            };
                            if self.branch_with(w, frame, |run, next| {
                                next.hand = engine.codes.with_kind(next.hand, k);
                                run.push(next, t);
                            }) {
                                return true;
                            }
                        }
                        return false;
                    }
                }
                Op::Capture | Op::CaptureAtEnd => {
                    let cell = w.cursor;
                    if !cell.is_some() || self.pos.board[cell.index()] == 0 {
                        return false;
                    }
                    if matches!(ops[w.pc], Op::Capture) {
                        engine.capture(self.pos, cell, self.player, &mut self.log);
                    } else {
                        self.taken.push(cell);
                        w.taken = self.taken.len() as u32;
                    }
                    self.push(&mut w, Token::Remove(cell));
                    w.since_hop = w.since_hop.saturating_add(1);
                    w.weight = w.weight.saturating_add(1);
                    w.pc += 1;
                }
                Op::CaptureGroup => {
                    let cell = w.cursor;
                    if !cell.is_some() || self.pos.board[cell.index()] == 0 {
                        return false;
                    }
                    for c in engine.group_of(self.pos, cell) {
                        engine.capture(self.pos, c, self.player, &mut self.log);
                        self.push(&mut w, Token::Remove(c));
                        w.since_hop = w.since_hop.saturating_add(1);
                        w.weight = w.weight.saturating_add(1);
                    }
                    w.pc += 1;
                }
                Op::Place(kind) => {
                    // The action before ends first (its piece is put down), so
                    // the cell is seen as that leaves it.
                    let cell = w.cursor;
                    self.end_action(&mut w);
                    w.cursor = cell;
                    if !cell.is_some() || self.pos.board[cell.index()] != 0 || topo.is_exit(cell) {
                        return false;
                    }
                    if !engine.can_place(self.pos, self.player, *kind, cell) {
                        return false;
                    }
                    engine.place_new(self.pos, self.player, *kind, cell, &mut self.log);
                    self.push(&mut w, Token::Drop(*kind));
                    self.push(&mut w, Token::Place(cell));
                    w.origin = cell;
                    w.pc += 1;
                }
                Op::Remove => {
                    // The action before ends first: a piece that has just
                    // landed on the cursor's cell stands there to be removed.
                    let cell = w.cursor;
                    self.end_action(&mut w);
                    w.cursor = cell;
                    if !cell.is_some() || self.pos.board[cell.index()] == 0 {
                        return false;
                    }
                    engine.capture(self.pos, cell, self.player, &mut self.log);
                    self.push(&mut w, Token::Take(cell));
                    w.weight = w.weight.saturating_add(1);
                    w.pc += 1;
                }
                Op::Flip => {
                    let cell = w.cursor;
                    if !cell.is_some() || !engine.flip(self.pos, cell, self.player, &mut self.log) {
                        return false;
                    }
                    self.push(&mut w, Token::Flip(cell));
                    w.pc += 1;
                }
                Op::Promote => {
                    w.pc += 1;
                    if w.hand == 0 || !w.hop.is_some() {
                        continue;
                    }
                    let kind = PieceKind(engine.codes.kind[w.hand as usize]);
                    let Some(choice) = engine.promotion_at_end(self.player, kind, w.origin, w.hop) else {
                        continue;
                    };
                    if choice.keep && self.branch(w, frame) {
                        return true;
                    }
                    for &k in choice.into {
                        let t = if choice.shown {
                            Token::Become(k)
                        } else {
                            Token::BecomeSilently(k)
                        };
                        if self.branch_with(w, frame, |_, next| {
                            next.hand = engine.codes.with_kind(next.hand, k);
                            next.becomes = Some(t);
                        }) {
                            return true;
                        }
                    }
                    return false;
                }
                Op::PromoteOnCapture => {
                    w.pc += 1;
                    if w.landed == 0 || !engine.has_promotions || w.hand == 0 {
                        continue;
                    }
                    let kind = PieceKind(engine.codes.kind[w.hand as usize]);
                    let Some((into, cells)) =
                        engine.capture_promotion(self.pos, self.player, kind, w.origin, w.hop, w.landed)
                    else {
                        continue;
                    };
                    for c in cells {
                        let player = self.player;
                        if self.branch_with(w, frame, |run, next| {
                            run.flush_hop(next);
                            // The capturer lands (its trigger fires) and leaves the
                            // board; the new piece comes for the mover.
                            engine.land_and_leave(run.pos, next.hand, w.hop, &mut run.log);
                            next.hand = 0;
                            engine.place_promoted(run.pos, player, into, c, &mut run.log);
                            run.push(next, Token::Promote(into));
                            run.push(next, Token::Place(c));
                        }) {
                            return true;
                        }
                    }
                    return false;
                }
                Op::Mark(m) => {
                    if !w.cursor.is_some() {
                        return false;
                    }
                    self.push(&mut w, Token::MarkSet(*m));
                    let cell = w.cursor;
                    self.push(&mut w, Token::Mark(cell));
                    w.pc += 1;
                }
                Op::Save(r) => {
                    w.regs[*r as usize] = w.cursor;
                    w.pc += 1;
                }
                Op::NotStopped => {
                    if w.stopped {
                        return false;
                    }
                    w.pc += 1;
                }
                Op::Then => {
                    // The piece in hand is put down where it landed, in the
                    // applied move too, so the action after `then` sees it.
                    let held = w.hand != 0;
                    self.end_action(&mut w);
                    if held {
                        self.push(&mut w, Token::Down);
                    }
                    // A move of several actions stops where an end rule
                    // decides the game: this way is a move as it stands.
                    if !engine.game.end.results.is_empty()
                        && engine.decided(self.pos, self.player, false, None).is_some()
                    {
                        return self.accept(w, frame);
                    }
                    w.origin = w.cursor;
                    w.pc += 1;
                }
                Op::Each { end, must } => {
                    let mut collected = Vec::new();
                    let start = self.tokens.len();
                    let mut body = w;
                    body.pc += 1;
                    self.branch(
                        body,
                        &mut Frame::Each {
                            start,
                            collected: &mut collected,
                        },
                    );
                    collected.sort_unstable();
                    collected.dedup();
                    let mut changed = false;
                    for raw in collected {
                        let t = Token::decode(raw);
                        let done = match t {
                            Token::Flip(c) => engine.flip(self.pos, c, self.player, &mut self.log),
                            Token::Remove(c) if self.pos.board[c.index()] != 0 => {
                                engine.capture(self.pos, c, self.player, &mut self.log);
                                w.weight = w.weight.saturating_add(1);
                                w.since_hop = w.since_hop.saturating_add(1);
                                true
                            }
                            Token::Mark(_) | Token::MarkSet(_) => true,
                            _ => false,
                        };
                        if done {
                            changed |= !matches!(t, Token::Mark(_) | Token::MarkSet(_));
                            self.push(&mut w, t);
                        }
                    }
                    if *must && !changed {
                        return false;
                    }
                    w.pc = *end as usize;
                }
                Op::Fork(target) => {
                    let mut first = w;
                    first.pc += 1;
                    if self.branch(first, frame) {
                        return true;
                    }
                    w.pc = *target as usize;
                }
                Op::Jump(target) => w.pc = *target as usize,
                Op::Accept => return self.accept(w, frame),
                Op::GoBack
                | Op::Walk(_)
                | Op::Turn(_)
                | Op::Shift(_)
                | Op::Become { .. }
                | Op::BackTo(_)
                | Op::CarryTo(..)
                | Op::Draw
                | Op::Jumped
                | Op::NotJumped => {
                    if let ControlFlow::Break(stop) = self.run_rare(&mut w, frame) {
                        return stop;
                    }
                }
            }
        }
    }

    /// Runs one of the ops that most games never use (`go back`, walks,
    /// turns and shifts of blocks, `become`, registers' cells, drawn lines,
    /// jumped sets), out of [`Run::run`] so that its loop stays as small as
    /// the common ops need. `Break` ends the way (with whether exploring
    /// should stop); `Continue` goes on at `w.pc`.
    #[cold]
    #[inline(never)]
    fn run_rare(&mut self, w: &mut Way, frame: &mut Frame) -> ControlFlow<bool> {
        match &self.rule.program.ops[w.pc] {
            Op::GoBack => return ControlFlow::Break(self.go_back(*w, frame)),
            Op::Walk(walk) => return ControlFlow::Break(self.walk(*w, walk, frame)),
            Op::Turn(ids) => return ControlFlow::Break(self.turn(*w, ids, frame)),
            Op::Shift(shift) => return ControlFlow::Break(self.shift(*w, shift, frame)),
            Op::Become { kind, shown } => {
                if w.hand == 0 {
                    return ControlFlow::Break(false);
                }
                w.hand = self.engine.codes.with_kind(w.hand, *kind);
                let t = if *shown {
                    Token::Become(*kind)
                } else {
                    Token::BecomeSilently(*kind)
                };
                if w.hop.is_some() {
                    // Written after the landing it follows (`a5-a6=G`), as a
                    // promotion is, once the landing itself is written.
                    w.becomes = Some(t);
                } else {
                    self.push(w, t);
                }
                w.pc += 1;
            }
            Op::BackTo(r) => {
                let c = w.regs[*r as usize];
                if !c.is_some() || w.steps >= MAX_STEPS {
                    return ControlFlow::Break(false);
                }
                w.cursor = c;
                w.dir = None;
                w.came_from = CellId::NONE;
                w.steps += 1;
                w.pc += 1;
            }
            Op::CarryTo(r, written) => {
                let to = w.regs[*r as usize];
                let from = w.cursor;
                if !to.is_some() || !from.is_some() || to == from {
                    return ControlFlow::Break(false);
                }
                let code = self.pos.board[from.index()];
                if code == 0 || self.pos.board[to.index()] != 0 {
                    return ControlFlow::Break(false);
                }
                self.pos.set(from, 0, &mut self.log);
                self.pos.set(to, self.engine.moved_code(code), &mut self.log);
                if *written {
                    self.push(w, Token::Carry);
                    self.push(w, Token::From(from));
                    self.push(w, Token::To(to));
                } else {
                    self.push(w, Token::Lift(from));
                    self.push(w, Token::Put(to));
                }
                w.pc += 1;
            }
            Op::Draw => {
                if !self.draw(w) {
                    return ControlFlow::Break(false);
                }
                w.pc += 1;
            }
            Op::Jumped => {
                self.jumped.push(w.cursor);
                w.jumped = self.jumped.len() as u32;
                w.pc += 1;
            }
            Op::NotJumped => {
                if self.jumped[..w.jumped as usize].contains(&w.cursor) {
                    return ControlFlow::Break(false);
                }
                w.pc += 1;
            }
            op => unreachable!("{op:?} is run by Run::run"),
        }
        ControlFlow::Continue(())
    }

    /// One step from the cursor in `d`, then a branch per continuation of the line.
    fn step(&mut self, w: Way, d: DirId, frame: &mut Frame) -> bool {
        let topo = &self.engine.game.topology;
        let next = topo.step(w.cursor, d);
        if !next.is_some() {
            return false;
        }
        for d2 in topo.continue_dirs(w.cursor, d) {
            let mut n = w;
            n.pc += 1;
            n.cursor = next;
            n.dir = Some(d2);
            n.came_from = w.cursor;
            n.steps += 1;
            if self.branch(n, frame) {
                return true;
            }
        }
        false
    }

    /// `go back`: one step in the opposite of the current direction (out of
    /// [`Run::run`], whose frame stays small).
    #[inline(never)]
    fn go_back(&mut self, w: Way, frame: &mut Frame) -> bool {
        let opposite = &self.engine.game.topology.opposite;
        match w.dir.and_then(|d| opposite[d.0 as usize]) {
            Some(d) if w.steps < MAX_STEPS => self.step(w, d, frame),
            _ => false,
        }
    }

    /// `draw`: draws the line the cursor last went along; `false` when it
    /// did not step there or the line is drawn already.
    #[inline(never)]
    fn draw(&mut self, w: &mut Way) -> bool {
        if !w.came_from.is_some() {
            return false;
        }
        let line = self.engine.lines.between(w.came_from, w.cursor);
        if line == super::lines::NO_LINE || !self.pos.draw(line, &mut self.log) {
            return false;
        }
        self.push(w, Token::Line(line as u16));
        true
    }

    /// `rotate`/`reflect`: the ways that turn a block of cells, one per
    /// transform of `ids` (out of [`Run::run`], whose frame stays small).
    #[inline(never)]
    fn turn(&mut self, mut w: Way, ids: &[Vec<u16>], frame: &mut Frame) -> bool {
        let engine = self.engine;
        // The action before ends first: a piece just landed or placed in the
        // block turns with it.
        let cell = w.cursor;
        self.end_action(&mut w);
        w.cursor = cell;
        w.pc += 1;
        for &t in &ids[self.player.index()] {
            if self.branch_with(w, frame, |run, next| {
                engine.turn_block(run.pos, t, &mut run.log);
                run.push(next, Token::Turn(t));
            }) {
                return true;
            }
        }
        false
    }

    /// `shift`: the ways that move a block of cells, per direction of travel
    /// (out of [`Run::run`], whose frame stays small).
    #[inline(never)]
    fn shift(&mut self, mut w: Way, shift: &Shift, frame: &mut Frame) -> bool {
        let engine = self.engine;
        // The action before ends first (its piece is put down).
        let (cell, dir) = (w.cursor, w.dir);
        self.end_action(&mut w);
        w.cursor = cell;
        w.pc += 1;
        if !cell.is_some() {
            return false;
        }
        let (dirs, one) = travels(&shift.travel, &engine.game.topology, self.player, dir);
        for t in dirs.iter().copied().chain(one) {
            if self.shift_along(w, shift, t, frame) {
                return true;
            }
        }
        false
    }

    /// The ways of a [`Walk`] from the cursor: for each direction, its
    /// distance (measured before the piece is lifted, when the walk lifts it:
    /// the piece counts itself), then the steps along the line.
    fn walk(&mut self, w: Way, walk: &Walk, frame: &mut Frame) -> bool {
        let engine = self.engine;
        if !w.cursor.is_some() || w.steps >= MAX_STEPS {
            return false;
        }
        let (dirs, one) = travels(&walk.travel, &engine.game.topology, self.player, w.dir);
        for d in dirs.iter().copied().chain(one) {
            let n = engine.eval_at(&walk.count, self.pos, self.player, (w.cursor, d));
            if n <= 0 {
                continue;
            }
            let n = n.min(i64::from(MAX_STEPS)) as u32;
            let stop = if walk.lift {
                let cp = self.log.checkpoint();
                let mut lifted = w;
                if !self.lift(&mut lifted) {
                    return false;
                }
                let stop = self.walk_on(lifted, d, n, walk, frame);
                self.rewind(&w, cp);
                stop
            } else {
                self.walk_on(w, d, n, walk, frame)
            };
            if stop {
                return true;
            }
        }
        false
    }

    /// One step of a walk from the cursor along `d`, `left` steps to go: a
    /// way out where the walk may end there, and on over a cell `over`
    /// accepts (never an exit cell); a branch per continuation of the line.
    fn walk_on(&mut self, w: Way, d: DirId, left: u32, walk: &Walk, frame: &mut Frame) -> bool {
        let engine = self.engine;
        let topo = &engine.game.topology;
        let next = topo.step(w.cursor, d);
        if !next.is_some() || w.steps >= MAX_STEPS {
            return false;
        }
        for d2 in topo.continue_dirs(w.cursor, d) {
            let mut n = w;
            n.cursor = next;
            n.dir = Some(d2);
            n.came_from = w.cursor;
            n.steps += 1;
            if left == 1 || !walk.exact {
                let mut out = n;
                out.pc += 1;
                if self.branch(out, frame) {
                    return true;
                }
            }
            if left > 1 && !topo.is_exit(next) {
                let taken = std::mem::take(&mut self.taken);
                let passes = engine.test_on(walk.over, self.player, next, self.pos, self.seen(&n, &taken));
                self.taken = taken;
                if passes && self.deeper(|run| run.walk_on(n, d2, left - 1, walk, frame)) {
                    return true;
                }
            }
        }
        false
    }

    /// The ways of a [`Shift`] of the block centred on the cursor along `t`: one
    /// per distance where the new centre meets the condition, going on while
    /// the cells the block comes to cover beyond its own are empty.
    fn shift_along(&mut self, w: Way, shift: &Shift, t: DirId, frame: &mut Frame) -> bool {
        let engine = self.engine;
        let topo = &engine.game.topology;
        let block = &shift.block[self.player.index()];
        let from = w.cursor;
        let own: Vec<CellId> = std::iter::once(from)
            .chain(block.iter().map(|&e| topo.step(from, e)).filter(|c| c.is_some()))
            .collect();
        let limit = match &shift.limit {
            Some(e) => engine.eval(e, self.pos, self.player).clamp(0, MAX_STEPS as i64) as u32,
            None => u32::from(MAX_STEPS),
        };
        let mut centre = from;
        for _ in 0..limit {
            centre = topo.step(centre, t);
            if !centre.is_some() || topo.is_exit(centre) {
                return false;
            }
            let taken = std::mem::take(&mut self.taken);
            let ok = engine.test_on(shift.onto, self.player, centre, self.pos, self.seen(&w, &taken));
            self.taken = taken;
            if ok && self.branch_with(w, frame, |run, next| run.shift_block(next, block, from, centre)) {
                return true;
            }
            let covers = |c: CellId| c.is_some() && !topo.is_exit(c) && !own.contains(&c);
            let clear = std::iter::once(centre)
                .chain(block.iter().map(|&e| topo.step(centre, e)))
                .all(|c| !covers(c) || self.pos.board[c.index()] == 0);
            if !clear {
                return false;
            }
        }
        false
    }

    /// Moves the block centred on `from` onto the same cells about `to`: what
    /// stands under it there is captured, a piece with no cell to go to
    /// leaves the board; written as a move of `from` to `to`.
    fn shift_block(&mut self, w: &mut Way, block: &[DirId], from: CellId, to: CellId) {
        let engine = self.engine;
        let topo = &engine.game.topology;
        let cells = |c: CellId| {
            std::iter::once(Some(c)).chain(block.iter().map(move |&e| {
                let n = topo.step(c, e);
                (n.is_some() && !topo.is_exit(n)).then_some(n)
            }))
        };
        let own: Vec<CellId> = cells(from).flatten().collect();
        let mut moves: Vec<(CellId, CellId)> = Vec::new();
        let mut captured = false;
        self.push(w, Token::Block);
        self.push(w, Token::From(from));
        for (src, dst) in cells(from).zip(cells(to)) {
            let Some(src) = src else { continue };
            if let Some(dst) = dst
                && !own.contains(&dst)
                && self.pos.board[dst.index()] != 0
            {
                engine.capture(self.pos, dst, self.player, &mut self.log);
                self.push(w, Token::Remove(dst));
                captured = true;
            }
            if self.pos.board[src.index()] == 0 {
                continue;
            }
            match dst {
                Some(dst) => moves.push((src, dst)),
                None => {
                    engine.capture(self.pos, src, self.player, &mut self.log);
                    self.push(w, Token::Remove(src));
                    captured = true;
                }
            }
        }
        // Each piece moves once the cell it goes to is empty: the pieces
        // ahead first (a block only moves forward, so one always can).
        while let Some(i) = moves
            .iter()
            .position(|&(_, dst)| self.pos.board[dst.index()] == 0)
        {
            let (src, dst) = moves.swap_remove(i);
            let code = self.pos.board[src.index()];
            self.pos.set(src, 0, &mut self.log);
            self.pos.set(dst, engine.moved_code(code), &mut self.log);
            self.push(w, Token::Lift(src));
            self.push(w, Token::Put(dst));
        }
        w.weight = w.weight.saturating_add(captured as u8);
        self.push(
            w,
            if captured {
                Token::Capture(to)
            } else {
                Token::To(to)
            },
        );
        w.cursor = to;
        w.origin = to;
    }

    /// Writes the pending landing of the current action.
    fn flush_hop(&mut self, w: &mut Way) {
        if w.hop.is_some() {
            let t = if w.hop_captures {
                Token::Capture(w.hop)
            } else {
                Token::To(w.hop)
            };
            self.push(w, t);
            w.hop = CellId::NONE;
            if let Some(t) = w.becomes.take() {
                self.push(w, t);
            }
        }
    }

    /// Ends the current action: its last landing is written (with `x` when a
    /// capture came after it), the piece in hand is put down there, and the
    /// pieces taken during the action are captured.
    fn end_action(&mut self, w: &mut Way) {
        let engine = self.engine;
        if w.hop.is_some() && w.since_hop > 0 {
            w.hop_captures = true;
        }
        w.since_hop = 0;
        let landing = w.hop;
        self.flush_hop(w);
        if w.hand != 0 {
            let at = if landing.is_some() { landing } else { w.origin };
            engine.put_down(self.pos, w.hand, at, &mut self.log);
            w.hand = 0;
        }
        for i in w.taken_from as usize..w.taken as usize {
            let c = self.taken[i];
            engine.capture(self.pos, c, self.player, &mut self.log);
        }
        w.taken_from = w.taken;
        w.stopped = false;
        w.dir = None;
        w.came_from = CellId::NONE;
        w.cursor = if landing.is_some() { landing } else { w.cursor };
    }

    /// A way reached the end of a body.
    fn accept(&mut self, mut w: Way, frame: &mut Frame) -> bool {
        match frame {
            Frame::Look => true,
            Frame::Each { start, collected } => {
                collected.extend_from_slice(&self.tokens[*start..]);
                false
            }
            Frame::Top => {
                let cp = self.log.checkpoint();
                self.end_action(&mut w);
                self.pos.undo_to(&mut self.log, cp);
                if let Some(stamps) = self.stamps.as_deref_mut()
                    && let Some((key, effects)) = single_hop_key(&self.tokens, self.engine.kinds)
                {
                    match stamps.seen_way(key, effects) {
                        Reached::New => {}
                        Reached::Same => {
                            self.tokens.truncate(w.tokens as usize);
                            return false;
                        }
                        // Two ways to one landing, one of which does more than
                        // it writes: the list is sorted out afterwards.
                        Reached::Unsure => self.out.may_repeat = true,
                    }
                }
                self.out.push_raw(&self.tokens, w.weight);
                self.tokens.truncate(w.tokens as usize);
                false
            }
        }
    }
}

/// The directions a `shift` or a walk sets out in, as a list and one more:
/// the player's (`Dirs`), or those the current direction `dir` gives (none
/// when there is no current direction).
fn travels<'t>(
    travel: &'t Travel,
    topo: &'t Topology,
    player: PlayerId,
    dir: Option<DirId>,
) -> (&'t [DirId], Option<DirId>) {
    match travel {
        Travel::Dirs(dirs) => (&dirs[player.index()], None),
        Travel::Same => (&[], dir),
        Travel::Back => (&[], dir.and_then(|d| topo.opposite[d.0 as usize])),
        Travel::Perpendicular => (dir.map_or(&[][..], |d| &topo.perpendicular[d.0 as usize]), None),
    }
}

/// For a move of one action with one landing (`From`, hidden tokens, the
/// landing, maybe a kind it becomes), a key of (landing, new kind) for the
/// per-piece stamps that drop moves reached twice, and whether the move does
/// something it does not write (a hidden capture, flip, carry or mark).
fn single_hop_key(tokens: &[u16], kinds: usize) -> Option<(usize, bool)> {
    let mut landing = None;
    let mut became = 0;
    let mut effects = false;
    for (i, raw) in tokens.iter().enumerate() {
        match Token::decode(*raw) {
            Token::From(_) if i == 0 => {}
            Token::To(c) | Token::Capture(c) if landing.is_none() => landing = Some(c),
            Token::Become(k) | Token::BecomeSilently(k) => became = k.index() + 1,
            t if !t.shown() => effects = true,
            _ => return None,
        }
    }
    landing.map(|c| (c.index() * (kinds + 1) + became, effects))
}

impl Engine {
    /// The code of a piece after it has made an action.
    #[inline]
    pub(super) fn moved_code(&self, code: u8) -> u8 {
        self.codes.as_moved(code)
    }

    /// Whether `player` has a piece of `kind` to place on `cell` (in reserve,
    /// or from the supply) and the kind could move from there.
    pub(super) fn can_place(&self, pos: &Position, player: PlayerId, kind: PieceKind, cell: CellId) -> bool {
        let info = &self.game.kinds[kind.index()];
        if info.owner.is_some_and(|o| o != player) {
            return false;
        }
        (info.supply || pos.numbers[self.reserve_index(player, kind)] > 0)
            && !self.is_stuck(player, kind, cell)
    }

    /// Puts a new piece of `kind` for `player` on `cell`, taken from the
    /// reserve or the supply; the cell's trigger fires for it.
    pub(super) fn place_new(
        &self,
        pos: &mut Position,
        player: PlayerId,
        kind: PieceKind,
        cell: CellId,
        j: &mut impl Journal,
    ) {
        if !self.game.kinds[kind.index()].supply {
            pos.add(self.reserve_index(player, kind), -1, j);
        }
        let owner = self.owner_index(kind, player);
        self.arrive(pos, self.codes.code(kind, owner, false), cell, j);
    }

    /// Whether a piece with `code` could be given to `player` (see [`Engine::flip`]).
    #[inline]
    pub(super) fn can_flip(&self, code: u8, player: PlayerId) -> bool {
        if code == 0 {
            return false;
        }
        let owner = self.codes.owner[code as usize] as usize;
        let kind = self.codes.kind[code as usize] as usize;
        owner != player.index() && owner < self.players && self.game.kinds[kind].owner.is_none()
    }

    /// Gives the piece on `cell` to `player`; `false` when there is none to flip
    /// (empty, neutral, already the player's, or of a kind with a fixed owner).
    pub(super) fn flip(
        &self,
        pos: &mut Position,
        cell: CellId,
        player: PlayerId,
        j: &mut impl Journal,
    ) -> bool {
        let code = pos.board[cell.index()];
        if !self.can_flip(code, player) {
            return false;
        }
        pos.set(cell, self.codes.with_owner(code, player.index()), j);
        true
    }
}
