//! Fast forms of rules written in the core ([`crate::ir::FastCore`]): a move
//! then a placement from its landing, a drop that turns over runs of
//! pieces, and a drop then a turn of a block. Each is generated from tables without the core interpreter, where
//! the engine proves it gives exactly the core's moves.

use super::eval::CellRows;
use super::moves::{MoveList, Token};
use super::position::NoJournal;
use super::{Engine, Position};
use crate::ir::{
    CellId, DropFlipping, DropTurning, FastCore, MoveRule, MoveThenPlace, Pattern, PieceKind, PlayerId,
};

impl Engine {
    /// Keeps the fast form of each core rule only where the engine proves it
    /// writes what the core writes (see [`Engine::chain_is_exact`] and
    /// [`Engine::flipping_is_exact`]). Where one is dropped, the core runs
    /// the rule and its moves are deduplicated.
    pub(super) fn keep_provable_fast_forms(&mut self) {
        for r in 0..self.game.rules.len() {
            let rule = &self.game.rules[r];
            let exact = match rule.fast_core.as_deref() {
                None => continue,
                Some(FastCore::MoveThenPlace(chain)) => self.chain_is_exact(rule, chain),
                Some(FastCore::DropFlipping(flipping)) => self.flipping_is_exact(rule, flipping),
                Some(FastCore::DropTurning(_)) => {
                    (0..self.players).all(|p| self.rows(rule.target, PlayerId(p as u8)).is_some())
                        && self.never_triggers(rule.kind)
                }
                // Its passed and landing cells are read through tables.
                Some(FastCore::DistanceSlide(slide)) => (0..self.players).all(|p| {
                    let p = PlayerId(p as u8);
                    self.rows(slide.over, p).is_some() && self.rows(slide.onto, p).is_some()
                }),
            };
            if !exact {
                self.game.rules[r].fast_core = None;
                self.game.may_duplicate = true;
            }
        }
    }

    /// Whether the fast form of a drop that turns pieces over writes what
    /// the core writes: its three conditions tabulated, no trigger for the
    /// kind, and every line along its directions going straight on (one way
    /// on from each cell) without coming back to a cell.
    fn flipping_is_exact(&self, rule: &MoveRule, flipping: &DropFlipping) -> bool {
        let topo = &self.game.topology;
        let cells = topo.cells();
        let tabulated = |cond| (0..self.players).all(|p| self.rows(cond, PlayerId(p as u8)).is_some());
        let mut stamp = vec![usize::MAX; cells];
        let straight = flipping.dirs[..self.players].iter().flatten().all(|&d| {
            (0..topo.board_cells).all(|c| {
                let (mut at, mut dir) = (CellId(c as u16), d);
                let walk = c * 256 + d.0 as usize;
                stamp[c] = walk;
                loop {
                    let mut on = topo.continue_dirs(at, dir);
                    let (next, second) = (on.next(), on.next());
                    let n = topo.step(at, dir);
                    match next {
                        None => return true,
                        Some(_) if second.is_some() || stamp[n.index()] == walk => return false,
                        Some(d2) => {
                            stamp[n.index()] = walk;
                            (at, dir) = (n, d2);
                        }
                    }
                }
            })
        });
        tabulated(rule.target)
            && tabulated(flipping.what)
            && tabulated(flipping.closer)
            && self.never_triggers(rule.kind)
            && straight
    }

    /// The drops of a rule that turns pieces over, by its fast form: each
    /// cell meeting the target, with the runs it closes in sorted order.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn flipping_drops(
        &self,
        pos: &Position,
        player: PlayerId,
        kind: PieceKind,
        rule: &MoveRule,
        flipping: &DropFlipping,
        out: &mut MoveList,
        turned: &mut Vec<u16>,
    ) {
        let Some(rows) = self.flipping_rows(rule, flipping, player) else {
            return;
        };
        for c in 0..self.game.topology.board_cells {
            self.flipping_drop_at(pos, player, kind, flipping, &rows, CellId(c as u16), out, turned);
        }
    }

    /// The tables of a flipping drop's target, of the pieces it turns and of
    /// the pieces that close a run, for `player` (`None` where one has none).
    pub(super) fn flipping_rows(
        &self,
        rule: &MoveRule,
        flipping: &DropFlipping,
        player: PlayerId,
    ) -> Option<[CellRows<'_>; 3]> {
        let rows = |cond| self.rows(cond, player);
        Some([rows(rule.target)?, rows(flipping.what)?, rows(flipping.closer)?])
    }

    /// The flipping drop at `cell`, if the cell gives one: written to `out`
    /// with the runs it closes in sorted order; whether it was.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn flipping_drop_at(
        &self,
        pos: &Position,
        player: PlayerId,
        kind: PieceKind,
        flipping: &DropFlipping,
        [target, what, closer]: &[CellRows<'_>; 3],
        cell: CellId,
        out: &mut MoveList,
        turned: &mut Vec<u16>,
    ) -> bool {
        let topo = &self.game.topology;
        if !target.holds(cell, pos.board[cell.index()]) || !self.can_place(pos, player, kind, cell) {
            return false;
        }
        turned.clear();
        turned.push(Token::Drop(kind).encode());
        turned.push(Token::Place(cell).encode());
        for &d in &flipping.dirs[player.index()] {
            let start = turned.len();
            // The longest run of turnable pieces that a closer ends.
            let mut closed = start;
            let (mut at, mut dir) = (cell, d);
            while let Some(on) = topo.continue_dirs(at, dir).next() {
                let n = topo.step(at, dir);
                let code = pos.board[n.index()];
                if turned.len() > start && closer.holds(n, code) {
                    closed = turned.len();
                }
                if !(what.holds(n, code) && self.can_flip(code, player)) {
                    break;
                }
                turned.push(Token::Flip(n).encode());
                (at, dir) = (n, on);
            }
            turned.truncate(closed);
        }
        if flipping.must && turned.len() == 2 {
            return false;
        }
        turned[2..].sort_unstable();
        turned.dedup();
        out.push_raw(turned, 0);
        true
    }

    /// The drops of a rule that turns a block after the placing, by its fast
    /// form: each cell meeting the target, then each turn of the mover (none
    /// where, after `then`, the placing decides the game). Out of line, so
    /// that it adds nothing to the move listing it is called from.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn turning_drops(
        &self,
        pos: &Position,
        player: PlayerId,
        kind: PieceKind,
        rule: &MoveRule,
        turning: &DropTurning,
        out: &mut MoveList,
        trial: &mut Position,
    ) {
        let Some(target) = self.rows(rule.target, player) else {
            return;
        };
        let checks = turning.stops && !self.game.end.results.is_empty();
        let mut placed = checks.then(|| {
            trial.clone_from(pos);
            trial
        });
        for c in 0..self.game.topology.board_cells {
            let cell = CellId(c as u16);
            if !target.holds(cell, pos.board[c]) || !self.can_place(pos, player, kind, cell) {
                continue;
            }
            if let Some(after) = placed.as_mut() {
                // The placing as the core makes it, then the end rules it meets.
                let reserve = self.reserve_index(player, kind);
                let held = after.numbers[reserve];
                self.place_new(after, player, kind, cell, &mut NoJournal);
                let decided = self.decided(after, player, false, None).is_some();
                after.set(cell, 0, &mut NoJournal);
                after.numbers[reserve] = held;
                if decided {
                    out.push2(Token::Drop(kind), Token::Place(cell));
                    continue;
                }
            }
            for &t in &turning.turns[player.index()] {
                out.push_raw(
                    &[
                        Token::Drop(kind).encode(),
                        Token::Place(cell).encode(),
                        Token::Turn(t).encode(),
                    ],
                    0,
                );
            }
        }
    }

    /// Whether no `when … enters` trigger concerns pieces of `kind`, on any cell.
    fn never_triggers(&self, kind: PieceKind) -> bool {
        let cells = self.game.topology.cells();
        (0..self.players).all(|p| (0..cells).all(|c| self.trigger_at(p, kind, CellId(c as u16)).is_none()))
    }

    /// Whether the fast form of a move then a placement writes what the core
    /// writes: both landing conditions tabulated and holding on empty board
    /// cells only (the move never captures or leaves the board), no
    /// promotion or trigger for the two kinds, a piece that keeps its code
    /// when it moves, and no end result that could stop the move between its
    /// actions.
    fn chain_is_exact(&self, rule: &MoveRule, chain: &MoveThenPlace) -> bool {
        let topo = &self.game.topology;
        let cells = topo.cells();
        let players = (0..self.players).map(|p| PlayerId(p as u8));
        let only_on_empty = |cond| {
            players.clone().all(|p| {
                self.rows(cond, p).is_some_and(|rows| {
                    (0..cells).all(|c| {
                        let cell = CellId(c as u16);
                        (0..self.codes.len() as u8)
                            .all(|code| !rows.holds(cell, code) || (code == 0 && !topo.is_exit(cell)))
                    })
                })
            })
        };
        only_on_empty(rule.target)
            && only_on_empty(chain.second_target)
            && self.promotions_of[rule.kind.index()].is_empty()
            && !self.game.promotions.iter().any(|p| p.kind == rule.kind)
            && self.never_triggers(rule.kind)
            && self.never_triggers(chain.place)
            && (0..self.players).all(|p| self.codes.of(rule.kind, p).len() <= 1)
            && self.game.end.results.is_empty()
    }

    /// The moves of a two-action rule from `from`, by its fast form.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn chain_actions(
        &self,
        pos: &Position,
        player: PlayerId,
        from: CellId,
        rule: &MoveRule,
        chain: &MoveThenPlace,
        out: &mut MoveList,
    ) {
        let (Some(first), Some(second)) = (
            self.rows(rule.target, player),
            self.rows(chain.second_target, player),
        ) else {
            return;
        };
        let mover = pos.board[from.index()];
        let lifted = |c: CellId| if c == from { 0 } else { pos.board[c.index()] };
        self.each_landing(&chain.first, player, from, first, lifted, |to| {
            let moved = |c: CellId| {
                if c == to { mover } else { lifted(c) }
            };
            self.each_landing(&chain.second, player, to, second, moved, |at| {
                if moved(at) == 0 && self.can_place(pos, player, chain.place, at) {
                    out.push_raw(
                        &[
                            Token::From(from).encode(),
                            Token::To(to).encode(),
                            Token::Drop(chain.place).encode(),
                            Token::Place(at).encode(),
                        ],
                        0,
                    );
                }
            });
        });
    }

    /// Calls `found` with every cell a plain pattern (a hop or a slide)
    /// reaches from `at` onto a cell meeting `target`, the board read
    /// through `code`.
    #[inline(always)]
    fn each_landing(
        &self,
        pattern: &Pattern,
        player: PlayerId,
        at: CellId,
        target: CellRows,
        code: impl Fn(CellId) -> u8,
        mut found: impl FnMut(CellId),
    ) {
        let topo = &self.game.topology;
        let cells = topo.cells();
        match pattern {
            Pattern::Hop { targets } => {
                for &to in targets.get(player, at, cells) {
                    if target.holds(to, code(to)) {
                        found(to);
                    }
                }
            }
            Pattern::Slide { lines } => {
                let range = lines.range(player, at, cells);
                let mut i = range.start;
                while i < range.end {
                    let (to, end) = lines.nodes[i];
                    let c = code(to);
                    if target.holds(to, c) {
                        found(to);
                    }
                    // A piece (or an exit) ends the line: skip what lies beyond it.
                    i = if c != 0 || topo.is_exit(to) {
                        end as usize
                    } else {
                        i + 1
                    };
                }
            }
            // Other patterns never make a chain (see `clauses::move_then_place`).
            _ => {}
        }
    }
}

impl Engine {
    /// How each rule of the game is generated, in the order of
    /// [`crate::ir::Game::rules`]: `hop`, `slide`, `jump`, `drop`, `drop by
    /// neighbour tables`, `move then place`, `drop flipping`, `drop turning`, `distance slide` (fast forms) or `core` (the
    /// interpreter) — for tests and for authors curious about speed.
    pub fn forms(&self) -> Vec<&'static str> {
        self.game
            .rules
            .iter()
            .map(|rule| match (&rule.pattern, rule.fast_core.as_deref()) {
                (Pattern::Hop { .. }, _) => "hop",
                (Pattern::Slide { .. }, _) => "slide",
                (Pattern::Jump { .. }, _) => "jump",
                (Pattern::Drop, _) if self.neighbour_table(rule.target).is_some() => {
                    "drop by neighbour tables"
                }
                (Pattern::Drop, _) => "drop",
                (Pattern::Core, Some(FastCore::MoveThenPlace(_))) => "move then place",
                (Pattern::Core, Some(FastCore::DropFlipping(_))) => "drop flipping",
                (Pattern::Core, Some(FastCore::DropTurning(_))) => "drop turning",
                (Pattern::Core, Some(FastCore::DistanceSlide(_))) => "distance slide",
                (Pattern::Core, None) => "core",
            })
            .chain(self.arrivals.iter().flatten().map(|_| "arrival in a region"))
            .collect()
    }
}
