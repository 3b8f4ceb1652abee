//! Attacks on cells and royal pieces: "could an opponent's piece capture
//! here?", derived from the opponents' own movement rules.
//!
//! For every (attacking player, target cell) the engine keeps a tree of the
//! ways back from the target to the cells an attacker could stand on: the
//! reverse of the step, leap, slide and jump tables. A node is a cell; a piece
//! of a kind listed at the node attacks the target when every node above it is
//! empty; an occupied node hides its subtree. Rules written in the core that
//! could capture a royal piece are run from each attacker instead.

mod trie;

use super::moves::{MoveBuf, MoveList};
use super::position::UndoLog;
use super::{Engine, Position};
use crate::ir::{CellId, JumpCapture, Op, Pattern, PieceKind, PlayerId};

/// A node of an attack tree.
#[derive(Debug, Clone, Copy)]
struct Node {
    cell: CellId,
    /// One past the last node of its subtree.
    end: u32,
    /// Its attackers: `entries[first..first + count]`.
    first: u32,
    count: u16,
}

/// An attacker listed at a node: a kind, its rule, and (for a jump) the
/// landing cell that must be free.
#[derive(Debug, Clone, Copy)]
struct Entry {
    kind: PieceKind,
    rule: u32,
    land: CellId,
}

/// The attack trees of a game, and the rules they cannot express.
#[derive(Debug, Clone, Default)]
pub(super) struct AttackTables {
    /// `start[player * cells + cell] .. start[+ 1]` indexes `nodes`.
    start: Vec<u32>,
    nodes: Vec<Node>,
    entries: Vec<Entry>,
    /// Rules written in the core that could capture a royal piece, each with
    /// how far from its piece it can capture (`None`: anywhere).
    fallback: Vec<(usize, Option<u8>)>,
    /// Per rule, the condition a piece attacked by the tables' entries of the
    /// rule meets: its landing condition, or its opening's ([`crate::ir::MoveRule::opening`]).
    targets: Vec<crate::ir::CondId>,
    /// `distance[from * cells + to]`: the fewest steps between two cells in
    /// any directions, capped at 255; filled only when some fallback rule has
    /// a reach.
    distance: Vec<u8>,
}

/// The most cursor steps a core program can take before a capture, when it
/// has no loop and cannot jump anywhere (nor capture a whole group).
fn core_reach(ops: &[Op]) -> Option<u8> {
    let mut steps = 0u32;
    for (i, op) in ops.iter().enumerate() {
        match op {
            Op::Go(_) | Op::GoSame | Op::GoPerpendicular | Op::GoBack => steps += 1,
            Op::Anywhere | Op::AnywhereIf(_) | Op::CaptureGroup | Op::Walk(_) => return None,
            Op::Fork(t) | Op::Jump(t) if (*t as usize) <= i => return None,
            _ => {}
        }
    }
    u8::try_from(steps).ok().filter(|s| *s < u8::MAX)
}

/// The largest board for which the distance table is kept (cells² bytes).
const MAX_DISTANCE_CELLS: usize = 2048;

/// The fewest steps between every two cells (any direction), capped at 255.
fn distances(topo: &crate::ir::Topology) -> Vec<u8> {
    let cells = topo.cells();
    let dirs = topo.dir_names.len();
    let mut out = vec![u8::MAX; cells * cells];
    let mut queue = std::collections::VecDeque::new();
    for from in 0..cells {
        let row = &mut out[from * cells..(from + 1) * cells];
        row[from] = 0;
        queue.clear();
        queue.push_back(from);
        while let Some(c) = queue.pop_front() {
            let d = row[c];
            if d == u8::MAX - 1 {
                continue;
            }
            for dir in 0..dirs {
                let n = topo.neighbour[c * dirs + dir];
                if n.is_some() && row[n.index()] == u8::MAX {
                    row[n.index()] = d + 1;
                    queue.push_back(n.index());
                }
            }
        }
    }
    out
}

impl AttackTables {
    /// Builds the trees from the fast forms of every rule that can capture.
    pub(super) fn build(engine: &Engine) -> AttackTables {
        let game = &engine.game;
        let topo = &game.topology;
        let cells = topo.cells();
        let players = engine.players;
        let mut tries = trie::Tries::new(players * cells);
        let mut fallback = Vec::new();
        let mut targets = Vec::with_capacity(game.rules.len());
        for (r, rule) in game.rules.iter().enumerate() {
            targets.push(rule.target);
            if rule.drop {
                continue;
            }
            let entry = |land: CellId| Entry {
                kind: rule.kind,
                rule: r as u32,
                land,
            };
            match &rule.pattern {
                Pattern::Hop { .. } | Pattern::Slide { .. } => {
                    tries.add_plain(&rule.pattern, topo, players, entry(CellId::NONE));
                }
                Pattern::Jump {
                    hops,
                    capturing,
                    long,
                    repeat,
                    ..
                } => {
                    // Every capture of a jump is an attack: the jumped piece,
                    // a piece on a landing, at any hop of a chain. The tables
                    // hold the first jumped piece of a short jump; the rest is
                    // found by running the rule.
                    let lands_on_pieces = engine.may_hold_piece(rule.target);
                    if *capturing == JumpCapture::No && !lands_on_pieces {
                        continue;
                    }
                    if *long || *repeat || lands_on_pieces {
                        fallback.push((r, None));
                        continue;
                    }
                    for p in 0..players {
                        for s in 0..topo.board_cells {
                            let s = CellId(s as u16);
                            for pair in hops.get(PlayerId(p as u8), s, cells).chunks_exact(2) {
                                tries.add(p * cells + pair[0].index(), &[s], entry(pair[1]));
                            }
                        }
                    }
                }
                Pattern::Drop => {}
                Pattern::Core => {
                    // The opening step, leap or slide attacks whatever the
                    // clauses after it; the rest is found by running the rule.
                    if let Some(opening) = &rule.opening {
                        tries.add_plain(&opening.0, topo, players, entry(CellId::NONE));
                        targets[r] = opening.1;
                    }
                    if core_may_capture_royal(engine, &rule.program.ops) {
                        fallback.push((r, core_reach(&rule.program.ops)));
                    }
                }
            }
        }
        let reaching = fallback.iter().any(|(_, reach)| reach.is_some());
        let mut tables = AttackTables {
            distance: if reaching && cells <= MAX_DISTANCE_CELLS {
                distances(topo)
            } else {
                Vec::new()
            },
            fallback,
            targets,
            ..AttackTables::default()
        };
        for root in 0..players * cells {
            tables.start.push(tables.nodes.len() as u32);
            tries.flatten(root, &mut tables.nodes, &mut tables.entries);
        }
        tables.start.push(tables.nodes.len() as u32);
        tables
    }
}

/// Whether a core program has a capture that could take a royal piece: one not
/// preceded by a test that rules out every royal piece.
fn core_may_capture_royal(engine: &Engine, ops: &[Op]) -> bool {
    ops.iter().enumerate().any(|(i, op)| {
        let captures = matches!(
            op,
            Op::Land | Op::Capture | Op::CaptureAtEnd | Op::CaptureGroup | Op::Remove
        );
        captures
            && !match i.checked_sub(1).map(|j| &ops[j]) {
                Some(Op::If(c)) => engine.excludes_royals(*c),
                _ => false,
            }
    })
}

impl Engine {
    /// Whether condition `cond` holds on some cell holding some piece, for
    /// some player (a jump whose landing it guards may capture there).
    fn may_hold_piece(&self, cond: crate::ir::CondId) -> bool {
        // A tree condition (not tabulated) cannot be judged: assume it may.
        if !matches!(
            self.cond_tables[cond.0 as usize],
            super::eval::CondTable::Table { .. }
        ) {
            return true;
        }
        let cells = self.game.topology.cells();
        (1..self.codes.len() as u8).any(|code| {
            (0..self.players)
                .any(|p| (0..cells).any(|c| self.test(cond, PlayerId(p as u8), CellId(c as u16), code)))
        })
    }

    /// Whether condition `cond` is false on every cell holding a royal piece
    /// (so a capture it guards never takes one).
    fn excludes_royals(&self, cond: crate::ir::CondId) -> bool {
        let cells = self.game.topology.cells();
        for code in 1..self.codes.len() as u8 {
            let kind = self.codes.kind[code as usize] as usize;
            if !self.game.kinds[kind].royal {
                continue;
            }
            for p in 0..self.players {
                for c in 0..cells {
                    if self.test(cond, PlayerId(p as u8), CellId(c as u16), code) {
                        return false;
                    }
                }
            }
        }
        // A tree condition (not tabulated) cannot be judged: assume the worst.
        matches!(
            self.cond_tables[cond.0 as usize],
            super::eval::CondTable::Table { .. }
        )
    }

    /// Whether any piece of `by` could capture a piece with code `victim` on
    /// `cell` by one of its movement rules (turn priorities aside).
    fn attacked_by(&self, pos: &Position, cell: CellId, by: PlayerId, victim: u8) -> bool {
        let cells = self.game.topology.cells();
        let t = &self.attack;
        let i0 = by.index() * cells + cell.index();
        let (mut i, end) = (t.start[i0] as usize, t.start[i0 + 1] as usize);
        while i < end {
            let node = t.nodes[i];
            let code = pos.board[node.cell.index()];
            if code == 0 {
                i += 1;
                continue;
            }
            if node.count > 0 && self.codes.owner[code as usize] == by.0 {
                let kind = self.codes.kind[code as usize];
                for e in &t.entries[node.first as usize..node.first as usize + node.count as usize] {
                    if e.kind.0 != kind {
                        continue;
                    }
                    let rule = &self.game.rules[e.rule as usize];
                    let hit = if e.land.is_some() {
                        let Pattern::Jump { over, .. } = &rule.pattern else {
                            continue;
                        };
                        self.test(*over, by, cell, victim)
                            && self.test(rule.target, by, e.land, pos.board[e.land.index()])
                    } else {
                        self.test(t.targets[e.rule as usize], by, cell, victim)
                    };
                    if hit {
                        return true;
                    }
                }
            }
            i = node.end as usize;
        }
        !t.fallback.is_empty() && self.attacked_by_core(pos, cell, by, victim)
    }

    /// The attack test for rules without tables: run them from each piece
    /// that is near enough and look for a capture on `cell`.
    fn attacked_by_core(&self, pos: &Position, cell: CellId, by: PlayerId, victim: u8) -> bool {
        let cells = self.game.topology.cells();
        let distance = &self.attack.distance;
        let in_reach = |from: CellId, reach: Option<u8>| match reach {
            Some(k) if !distance.is_empty() => distance[from.index() * cells + cell.index()] <= k,
            _ => true,
        };
        // The position with the victim on `cell`, made when a piece is near enough.
        let mut scratch: Option<Position> = None;
        let mut out = MoveList::default();
        let mut core = super::core::CoreScratch::default();
        for &(r, reach) in &self.attack.fallback {
            let rule = &self.game.rules[r];
            for &code in self.codes.of(rule.kind, by.index()) {
                for from in pos.cells_with(code) {
                    if !in_reach(from, reach) {
                        continue;
                    }
                    let scratch = scratch.get_or_insert_with(|| {
                        let mut with_victim = pos.clone();
                        if with_victim.board[cell.index()] == 0 {
                            with_victim.set(cell, victim, &mut UndoLog::default());
                        }
                        with_victim
                    });
                    out.clear();
                    if matches!(rule.pattern, Pattern::Core) || self.force_core {
                        self.core_actions(scratch, by, rule, from, &mut out, &mut core, None);
                    } else {
                        let mut tables = super::movegen::GenScratch::default();
                        tables.make_room(self.landing_keys);
                        self.fast_actions(scratch, by, rule.kind, from, rule, &mut out, &mut tables);
                    }
                    let captures_here = |t: super::Token| matches!(t, super::Token::Capture(c) | super::Token::Remove(c) | super::Token::Take(c) if c == cell);
                    if out.iter().any(|m| m.tokens().any(captures_here)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether some opponent could capture on `cell` a piece of `player`: the
    /// one there, or (on an empty cell) one of the kind in hand, or a royal one.
    pub(super) fn cell_attacked(
        &self,
        pos: &Position,
        cell: CellId,
        player: PlayerId,
        hand: Option<PieceKind>,
    ) -> bool {
        let code = pos.board[cell.index()];
        let victim = if code != 0 {
            code
        } else {
            let kind = hand
                .or_else(|| {
                    self.game
                        .kinds
                        .iter()
                        .position(|k| k.royal)
                        .map(|k| PieceKind(k as u8))
                })
                .unwrap_or(PieceKind(0));
            self.codes.code(kind, player.index(), true)
        };
        (0..self.players)
            .filter(|&o| o != player.index())
            .any(|o| self.attacked_by(pos, cell, PlayerId(o as u8), victim))
    }

    /// Whether any piece of `by` could move onto `cell` by one of its movement
    /// rules, capturing the piece there (turn priorities aside). On an empty
    /// cell, moves that can only capture do not count.
    pub fn attacked(&self, pos: &Position, cell: CellId, by: PlayerId) -> bool {
        self.attacked_by(pos, cell, by, pos.board[cell.index()])
    }

    /// Whether a royal piece of `player` stands attacked by another player.
    pub fn in_check(&self, pos: &Position, player: PlayerId) -> bool {
        let mut found = false;
        self.each_checked_royal(pos, player, |_| {
            found = true;
            false
        });
        found
    }

    /// The cells of `player`'s royal pieces that another player attacks (to
    /// announce and mark a check).
    pub fn checked_royals(&self, pos: &Position, player: PlayerId) -> Vec<CellId> {
        let mut cells = Vec::new();
        self.each_checked_royal(pos, player, |c| {
            cells.push(c);
            true
        });
        cells
    }

    /// Calls `found` with each royal piece of `player` that another player
    /// attacks, while it returns `true`.
    #[inline]
    fn each_checked_royal(&self, pos: &Position, player: PlayerId, mut found: impl FnMut(CellId) -> bool) {
        for (k, kind) in self.game.kinds.iter().enumerate() {
            if !kind.royal {
                continue;
            }
            for &code in self.codes.of(PieceKind(k as u8), player.index()) {
                for cell in pos.cells_with(code) {
                    let attacked = (0..self.players)
                        .any(|o| o != player.index() && self.attacked_by(pos, cell, PlayerId(o as u8), code));
                    if attacked && !found(cell) {
                        return;
                    }
                }
            }
        }
    }

    /// Whether `player`, in check, would have no legal move.
    pub(super) fn checkmated(&self, pos: &Position, player: PlayerId) -> bool {
        if !self.in_check(pos, player) {
            return false;
        }
        let mut turn = pos.clone();
        turn.result = None;
        if self.mover(&turn) != player {
            turn.count_move(self.ply_after_last());
        }
        let mut buf = MoveBuf::new();
        self.legal_moves(&turn, &mut buf);
        buf.moves.is_empty()
    }

    /// Whether `mv` leaves the mover's royal pieces safe and recreates no banned
    /// board; `scratch` must equal the position the move is made in (it is left so).
    pub(super) fn is_legal_candidate(
        &self,
        scratch: &mut Position,
        player: PlayerId,
        mv: super::MoveRef,
        log: &mut UndoLog,
    ) -> bool {
        self.apply_tokens(scratch, player, mv, log);
        let in_check = self.has_royals && self.in_check(scratch, player);
        let repeats_forbidden = !in_check
            && !self.forbid.is_empty()
            && !mv.tokens().any(|t| t == super::Token::Pass)
            && self.forbidden(scratch, scratch.hash);
        let ok = !in_check && !repeats_forbidden;
        scratch.undo(log);
        ok
    }

    /// Removes from `buf.moves` every move that is not legal (a royal piece
    /// left attacked, a banned repetition).
    pub(super) fn keep_legal(&self, pos: &Position, buf: &mut MoveBuf) {
        let player = self.mover(pos);
        let mut scratch = std::mem::take(&mut buf.check_position);
        let mut log = std::mem::take(&mut buf.check_undo);
        scratch.clone_for_trial(pos, self.trial_history);
        // Usually every move is legal: the list is copied only from the first
        // one that is not.
        let first_illegal = buf
            .moves
            .iter()
            .position(|mv| !self.is_legal_candidate(&mut scratch, player, mv, &mut log));
        if let Some(first) = first_illegal {
            let mut kept = std::mem::take(&mut buf.check_moves);
            kept.clear();
            for (i, mv) in buf.moves.iter().enumerate() {
                let legal = match i.cmp(&first) {
                    std::cmp::Ordering::Less => true,
                    std::cmp::Ordering::Equal => false,
                    std::cmp::Ordering::Greater => {
                        self.is_legal_candidate(&mut scratch, player, mv, &mut log)
                    }
                };
                if legal {
                    kept.push_raw(mv.raw(), buf.moves.weight(i));
                }
            }
            std::mem::swap(&mut buf.moves, &mut kept);
            buf.check_moves = kept;
        }
        buf.check_undo = log;
        buf.check_position = scratch;
    }

    /// Whether `kind` could ever move from `cell` by one of its rules, on an
    /// empty board (rules written in the core are assumed to).
    pub(super) fn could_move(&self, player: PlayerId, kind: PieceKind, cell: CellId) -> bool {
        let cells = self.game.topology.cells();
        self.game.kinds[kind.index()]
            .rules
            .iter()
            .any(|&r| match &self.game.rules[r].pattern {
                Pattern::Hop { targets } => !targets.get(player, cell, cells).is_empty(),
                Pattern::Slide { lines } => !lines.range(player, cell, cells).is_empty(),
                Pattern::Jump {
                    hops, lines, long, ..
                } => {
                    if *long {
                        !lines.range(player, cell, cells).is_empty()
                    } else {
                        !hops.get(player, cell, cells).is_empty()
                    }
                }
                Pattern::Drop | Pattern::Core => true,
            })
    }
}
