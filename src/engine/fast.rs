//! Fast forms: movement rules the compiler compiled to tables (steps, leaps,
//! slides, jumps, plain drops), generated without the core interpreter. Each
//! gives exactly the moves of the rule's core program (a test checks it).

use super::budget::Limit;
use super::eval::{CellRows, Seen};
use super::movegen::GenScratch;
use super::moves::{MAX_CHAIN, MoveList, Token};
use super::{Engine, Position};
use crate::ir::{
    CellId, CellTable, DistanceSlide, FastCore, JumpCapture, MoveRule, Pattern, PieceKind, PlayerId,
    SlideTable,
};

impl Engine {
    /// The actions of one movement rule from one cell, by its fast form.
    /// Returns `false` when the rule has none (the core must run it).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn fast_actions(
        &self,
        pos: &Position,
        player: PlayerId,
        kind: PieceKind,
        from: CellId,
        rule: &MoveRule,
        out: &mut MoveList,
        scratch: &mut GenScratch,
    ) -> bool {
        let cells = self.game.topology.cells();
        let promotes = !self.promotions_of[kind.index()].is_empty();
        match &rule.pattern {
            // (The two loops below are also in `chain::each_landing`, for a
            // board read through a function; a shared walker here measured
            // 3–5% more instructions on games of steps and slides.)
            Pattern::Hop { targets } => {
                let Some(target) = self.rows(rule.target, player) else {
                    return false;
                };
                for &to in targets.get(player, from, cells) {
                    let code = pos.board[to.index()];
                    if target.holds(to, code) {
                        self.push_step(pos, player, kind, from, to, promotes, out, scratch);
                    }
                }
            }
            Pattern::Slide { lines } => {
                let Some(target) = self.rows(rule.target, player) else {
                    return false;
                };
                let range = lines.range(player, from, cells);
                let mut i = range.start;
                while i < range.end {
                    let (to, end) = lines.nodes[i];
                    let code = pos.board[to.index()];
                    if target.holds(to, code) {
                        self.push_step(pos, player, kind, from, to, promotes, out, scratch);
                    }
                    // A piece (or an exit) ends the line: skip what lies beyond it.
                    i = if code != 0 || self.game.topology.is_exit(to) {
                        end as usize
                    } else {
                        i + 1
                    };
                }
            }
            Pattern::Jump {
                hops,
                lines,
                over,
                capturing,
                long,
                repeat,
                each_once,
                not_ending_at_start,
                must_continue,
            } => {
                let (Some(over), Some(target)) = (self.rows(*over, player), self.rows(rule.target, player))
                else {
                    return false;
                };
                // A first look: the pairs before the first possible jump need no
                // chain search, and most pieces have none.
                let first = if *long {
                    0
                } else {
                    match self.first_jump(hops, over, target, player, from, pos) {
                        Some(i) => i,
                        None => return true,
                    }
                };
                let chain = &mut scratch.chain;
                chain.clear();
                // (`scratch.work` is borrowed by the walk below, with the chain.)
                chain.push(Token::From(from).encode());
                // Only `jumped[..depth]` is ever read: no need to clear it.
                let jumped = &mut scratch.jumped;
                let mut walk = ChainWalk {
                    pos,
                    player,
                    kind,
                    from,
                    hops,
                    lines,
                    over,
                    target,
                    long: *long,
                    repeat: *repeat,
                    must_continue: *must_continue,
                    not_ending_at_start: *not_ending_at_start,
                    captures: *capturing != JumpCapture::No,
                    removes_at_once: *capturing == JumpCapture::Now,
                    jumps_each_once: *each_once || *capturing == JumpCapture::AtEnd,
                    promotes,
                    chain,
                    jumped,
                    out,
                    work: &mut scratch.work,
                    rule,
                };
                self.jumps(&mut walk, from, 0, first);
            }
            Pattern::Drop => self.drop_actions(pos, player, kind, rule, out),
            Pattern::Core => match rule.fast_core.as_deref() {
                Some(FastCore::MoveThenPlace(chain)) => {
                    self.chain_actions(pos, player, from, rule, chain, out)
                }
                Some(FastCore::DropFlipping(flipping)) => {
                    self.flipping_drops(pos, player, kind, rule, flipping, out, &mut scratch.chain)
                }
                Some(FastCore::DropTurning(turning)) => {
                    self.turning_drops(pos, player, kind, rule, turning, out, &mut scratch.trial)
                }
                Some(FastCore::DistanceSlide(slide)) => {
                    return self.distance_slides(pos, player, kind, from, slide, promotes, out, scratch);
                }
                None => return false,
            },
        }
        true
    }

    /// The actions of a drop rule of the fast form: its target's bit sets
    /// (or flat tables, or condition tree) over the board. Out of line, so
    /// that the loops of steps and slides stay small.
    #[inline(never)]
    fn drop_actions(
        &self,
        pos: &Position,
        player: PlayerId,
        kind: PieceKind,
        rule: &MoveRule,
        out: &mut MoveList,
    ) {
        let may_stick = self.may_stick(player, kind);
        let board_cells = self.game.topology.board_cells;
        let mut push = |cell: CellId| {
            if !(may_stick && self.is_stuck(player, kind, cell)) {
                out.push2(Token::Drop(kind), Token::Place(cell));
            }
        };
        match self.cell_masks(rule.target) {
            Some(target) => target.each_holding(player, pos, push),
            // A target that also looks at neighbours (`onto empty and not
            // next s is empty`): its bit sets where neighbours lie at fixed
            // distances, else its flat tables.
            None if self.each_where_near(rule.target, player, pos, &mut push) => {}
            None if let Some(table) = self.neighbour_table(rule.target) => {
                table.each_holding(player, &pos.board, board_cells, push);
            }
            // Any other target looking beyond its cell: its compiled tree,
            // asked as the core asks it before anything is in hand.
            None => (0..board_cells)
                .map(|c| CellId(c as u16))
                .filter(|&cell| self.test_on(rule.target, player, cell, pos, Seen::NONE))
                .for_each(push),
        }
    }

    /// The actions of a [`DistanceSlide`] from `from`: along each line, the
    /// distance is the start cell and the line's other cells that meet the
    /// counted condition; the landing (or every cell up to it, for `up to`)
    /// meets `onto`, every cell passed before it `over`. `false` (the core
    /// runs the rule) where a condition has no table, which the engine
    /// rules out when it keeps the fast form (`keep_provable_fast_forms`).
    /// Out of line: the other fast forms are inlined into move listing,
    /// whose loops this would otherwise make heavier.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn distance_slides(
        &self,
        pos: &Position,
        player: PlayerId,
        kind: PieceKind,
        from: CellId,
        slide: &DistanceSlide,
        promotes: bool,
        out: &mut MoveList,
        scratch: &mut GenScratch,
    ) -> bool {
        let topo = &self.game.topology;
        let (Some(over), Some(onto)) = (self.rows(slide.over, player), self.rows(slide.onto, player)) else {
            return false;
        };
        let i = player.index() * topo.cells() + from.index();
        let counted = |c: CellId| self.test_on(slide.count, player, c, pos, Seen::NONE) as usize;
        let here = counted(from);
        for line in &slide.lines[slide.start[i] as usize..slide.start[i + 1] as usize] {
            let along = &slide.cells[line.count.start as usize..line.count.end as usize];
            let n = here + along.iter().map(|&c| counted(c)).sum::<usize>();
            let walk = &slide.cells[line.walk.start as usize..line.walk.end as usize];
            for (k, &to) in walk.iter().take(n).enumerate() {
                let code = pos.board[to.index()];
                let last = k + 1 == n;
                if (last || !slide.exact) && onto.holds(to, code) {
                    self.push_step(pos, player, kind, from, to, promotes, out, scratch);
                }
                if last || topo.is_exit(to) || !over.holds(to, code) {
                    break;
                }
            }
        }
        true
    }

    /// Pushes the action `from` → `to` (a capture if `to` is occupied), with
    /// its promotions where a promotion rule applies.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn push_step(
        &self,
        pos: &Position,
        player: PlayerId,
        kind: PieceKind,
        from: CellId,
        to: CellId,
        promotes: bool,
        out: &mut MoveList,
        scratch: &mut GenScratch,
    ) {
        let code = pos.board[to.index()];
        if promotes
            && self.may_promote_at_end(player, kind, from, to)
            && self.push_promoting_step(player, kind, from, to, code, out, scratch)
        {
            return;
        }
        if self.dedupe_targets && scratch.seen_key(to.index() * (self.kinds + 1)) {
            return;
        }
        if code == 0 {
            out.push2(Token::From(from), Token::To(to));
            return;
        }
        if self.has_promotions && self.push_promotions(pos, player, kind, from, to, out) {
            return;
        }
        out.push2(Token::From(from), Token::Capture(to));
    }

    /// The action `from` → `to` with its promotions in place (`code` on `to`),
    /// if one applies; returns whether one did. Called where the table says
    /// one may ([`Engine::may_promote_at_end`]). Out of line: most steps do
    /// not promote, and the loops that push steps stay lighter without it.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn push_promoting_step(
        &self,
        player: PlayerId,
        kind: PieceKind,
        from: CellId,
        to: CellId,
        code: u8,
        out: &mut MoveList,
        scratch: &mut GenScratch,
    ) -> bool {
        let Some(choice) = self.first_promotion_at_end(player, kind, from, to) else {
            return false;
        };
        let hop = if code == 0 {
            Token::To(to)
        } else {
            Token::Capture(to)
        };
        if choice.keep && !(self.dedupe_targets && scratch.seen_key(to.index() * (self.kinds + 1))) {
            out.push2(Token::From(from), hop);
        }
        for &k in choice.into {
            if self.dedupe_targets && scratch.seen_key(to.index() * (self.kinds + 1) + k.index() + 1) {
                continue;
            }
            let promoted = if choice.shown {
                Token::Become(k)
            } else {
                Token::BecomeSilently(k)
            };
            out.push_raw(
                &[Token::From(from).encode(), hop.encode(), promoted.encode()],
                (code != 0) as u8,
            );
        }
        true
    }

    /// The capture `from`x`to` with each placement of the promoted piece, if a
    /// promotion rule applies; returns whether one did.
    fn push_promotions(
        &self,
        pos: &Position,
        player: PlayerId,
        kind: PieceKind,
        from: CellId,
        to: CellId,
        out: &mut MoveList,
    ) -> bool {
        let Some((into, cells)) = self.capture_promotion(pos, player, kind, from, to, pos.board[to.index()])
        else {
            return false;
        };
        for c in cells {
            out.push_raw(
                &[
                    Token::From(from).encode(),
                    Token::Capture(to).encode(),
                    Token::Promote(into).encode(),
                    Token::Place(c).encode(),
                ],
                1,
            );
        }
        true
    }

    /// The promotion on capture of a piece of `kind` moving `from` → `to` and
    /// capturing a piece with code `captured`: the new kind and the cells of the
    /// first zone with room (the two cells of the capture count as empty).
    pub(super) fn capture_promotion(
        &self,
        pos: &Position,
        player: PlayerId,
        kind: PieceKind,
        from: CellId,
        to: CellId,
        captured: u8,
    ) -> Option<(PieceKind, Vec<CellId>)> {
        let promotion = self.game.promotions.iter().find(|p| {
            p.kind == kind
                && self.test(p.captured, player, to, captured)
                && !p.unless.is_some_and(|f| self.flag(pos, f))
        })?;
        let into = match promotion.into {
            Some(k) if self.in_pool(k) && pos.numbers[self.pool_index(k)] <= 0 => return None,
            Some(k) => k,
            // The lowest piece left in the pool; an empty pool means a plain capture.
            None => {
                self.game
                    .pool
                    .iter()
                    .find(|(k, _)| pos.numbers[self.pool_index(*k)] > 0)?
                    .0
            }
        };
        let board = &pos.board[..self.game.topology.board_cells];
        for zone in &promotion.zones {
            // (A plain loop, the zone's row read once: this runs at every
            // capture that promotes.)
            let member = zone.map(|r| &self.game.topology.regions[r].member[player.index()]);
            let mut cells = Vec::new();
            for (c, &code) in board.iter().enumerate() {
                let cell = CellId(c as u16);
                if (code == 0 || cell == from || cell == to) && member.is_none_or(|m| m[c]) {
                    cells.push(cell);
                }
            }
            if !cells.is_empty() {
                return Some((into, cells));
            }
        }
        None
    }

    /// Depth-first jump chains from `at`; `walk.jumped[..depth]` are the cells
    /// jumped so far, and the first `skip` short jumps are known impossible.
    /// Returns whether any jump was possible from `at`.
    fn jumps(&self, walk: &mut ChainWalk, at: CellId, depth: usize, skip: usize) -> bool {
        if depth >= MAX_CHAIN {
            return false;
        }
        *walk.work += 1;
        if *walk.work > self.work_budget {
            self.exhaust(Limit::Work, Some(walk.rule));
            return false;
        }
        let topology = &self.game.topology;
        let cells = topology.cells();
        let mut any = false;
        if walk.long {
            // Along each line: empty cells, then the jumped piece, then every
            // empty cell beyond it up to the next piece is a landing.
            let range = walk.lines.range(walk.player, at, cells);
            let mut i = range.start;
            while i < range.end {
                let (mid, end) = walk.lines.nodes[i];
                if self.seen(walk, mid, depth) == 0 && !topology.is_exit(mid) {
                    i += 1;
                    continue;
                }
                if self.can_jump(walk, mid, depth) {
                    let mut j = i + 1;
                    while j < end as usize {
                        let (land, land_end) = walk.lines.nodes[j];
                        let code = self.seen(walk, land, depth);
                        if walk.target.holds(land, code) {
                            any = true;
                            self.land(walk, mid, land, code, depth);
                        }
                        j = if code != 0 || topology.is_exit(land) {
                            land_end as usize
                        } else {
                            j + 1
                        };
                    }
                }
                i = end as usize;
            }
        } else {
            let pairs = walk.hops.get(walk.player, at, cells);
            for pair in pairs[2 * skip..].chunks_exact(2) {
                let (mid, land) = (pair[0], pair[1]);
                if !self.can_jump(walk, mid, depth) {
                    continue;
                }
                let code = self.seen(walk, land, depth);
                if walk.target.holds(land, code) {
                    any = true;
                    self.land(walk, mid, land, code, depth);
                }
            }
        }
        any
    }

    /// The first of the short jumps from `from` that is possible (as an
    /// index into its pairs), before setting up the chain search.
    #[inline(always)]
    fn first_jump(
        &self,
        hops: &CellTable,
        over: CellRows,
        target: CellRows,
        player: PlayerId,
        from: CellId,
        pos: &Position,
    ) -> Option<usize> {
        let topology = &self.game.topology;
        let pairs = hops.get(player, from, topology.cells());
        let mut i = 0;
        while i + 1 < pairs.len() {
            let (mid, land) = (pairs[i], pairs[i + 1]);
            // The mover has left `from` (a small ring may lead back to it).
            let code = |cell: CellId| if cell == from { 0 } else { pos.board[cell.index()] };
            if !topology.is_exit(mid) && over.holds(mid, code(mid)) && target.holds(land, code(land)) {
                return Some(i / 2);
            }
            i += 2;
        }
        None
    }

    /// The piece code on `cell` as the chain sees it: the mover has left its
    /// start cell, and pieces captured at once by earlier jumps are gone.
    #[inline(always)]
    fn seen(&self, walk: &ChainWalk, cell: CellId, depth: usize) -> u8 {
        if cell == walk.from || (walk.removes_at_once && walk.jumped[..depth].contains(&cell)) {
            0
        } else {
            walk.pos.board[cell.index()]
        }
    }

    /// Whether the piece on `mid` may be jumped now.
    #[inline(always)]
    fn can_jump(&self, walk: &ChainWalk, mid: CellId, depth: usize) -> bool {
        let jumped_before = walk.jumps_each_once && walk.jumped[..depth].contains(&mid);
        !jumped_before
            && !self.game.topology.is_exit(mid)
            && walk.over.holds(mid, self.seen(walk, mid, depth))
    }

    /// One hop over `mid` onto `land` (whose piece code, as the chain sees it,
    /// is `code`): written, then the chain goes on (or stops).
    #[inline(always)]
    fn land(&self, walk: &mut ChainWalk, mid: CellId, land: CellId, code: u8, depth: usize) {
        let landed_on_piece = code != 0;
        let len = walk.chain.len();
        if walk.captures {
            walk.chain.push(Token::Remove(mid).encode());
            walk.chain.push(Token::Capture(land).encode());
        } else if landed_on_piece {
            // Landing on a piece captures it and ends the chain (see `stops`).
            walk.chain.push(Token::Capture(land).encode());
        } else {
            walk.chain.push(Token::To(land).encode());
        }
        walk.jumped[depth] = mid;
        let entering = if walk.promotes {
            self.promotion_on_entering(walk.player, walk.kind, land)
        } else {
            None
        };
        let stops = self.game.topology.is_exit(land)
            || self.trigger_at(walk.player.index(), walk.kind, land).is_some()
            || landed_on_piece
            || entering.is_some();
        let went_on = walk.repeat && !stops && self.jumps(walk, land, depth + 1, 0);
        let keeps_going = walk.must_continue && went_on;
        let back_at_start = walk.not_ending_at_start && land == walk.from;
        if !keeps_going && !back_at_start {
            let weight = (depth + 1) as u8 * walk.captures as u8 + landed_on_piece as u8;
            match entering {
                Some((into, shown)) => {
                    for &k in into {
                        let promoted = if shown {
                            Token::Become(k)
                        } else {
                            Token::BecomeSilently(k)
                        };
                        walk.chain.push(promoted.encode());
                        walk.out.push_raw(walk.chain, weight);
                        walk.chain.pop();
                    }
                }
                None => self.push_chain(walk, land, weight),
            }
        }
        walk.chain.truncate(len);
    }

    /// Writes a finished chain, with its promotions where its action ends.
    #[inline(always)]
    fn push_chain(&self, walk: &mut ChainWalk, land: CellId, weight: u8) {
        if walk.promotes
            && let Some(choice) = self.promotion_at_end(walk.player, walk.kind, walk.from, land)
        {
            if choice.keep {
                walk.out.push_raw(walk.chain, weight);
            }
            for &k in choice.into {
                let promoted = if choice.shown {
                    Token::Become(k)
                } else {
                    Token::BecomeSilently(k)
                };
                walk.chain.push(promoted.encode());
                walk.out.push_raw(walk.chain, weight);
                walk.chain.pop();
            }
            return;
        }
        walk.out.push_raw(walk.chain, weight);
    }
}

/// The state of one jump-chain search, with the rule's options read once.
struct ChainWalk<'a> {
    pos: &'a Position,
    player: PlayerId,
    kind: PieceKind,
    from: CellId,
    /// The rule's `(over, land)` pairs (short jumps) and lines (long jumps).
    hops: &'a CellTable,
    lines: &'a SlideTable,
    /// The conditions on the jumped cell and on the landing.
    over: CellRows<'a>,
    target: CellRows<'a>,
    long: bool,
    repeat: bool,
    must_continue: bool,
    not_ending_at_start: bool,
    /// Jumped pieces are captured (now or at the end of the chain).
    captures: bool,
    /// Jumped pieces leave the board at once, so the chain sees them gone.
    removes_at_once: bool,
    /// No piece may be jumped twice in the chain.
    jumps_each_once: bool,
    /// The kind has promotions in place.
    promotes: bool,
    chain: &'a mut Vec<u16>,
    jumped: &'a mut [CellId; MAX_CHAIN],
    out: &'a mut MoveList,
    /// Jumps tried so far, and the rule (see [`super::budget`]).
    work: &'a mut u64,
    rule: &'a MoveRule,
}
