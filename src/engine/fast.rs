//! Fast forms: movement rules the compiler compiled to tables (steps, leaps,
//! slides, jumps, plain drops), generated without the core interpreter. Each
//! gives exactly the moves of the rule's core program (a test checks it).

use super::movegen::GenScratch;
use super::moves::{MAX_CHAIN, MoveList, Token};
use super::{Engine, Position};
use crate::ir::{CellId, JumpCapture, MoveRule, Pattern, PieceKind, PlayerId};

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
            Pattern::Hop { targets } => {
                for &to in targets.get(player, from, cells) {
                    let code = pos.board[to.index()];
                    if self.test(rule.target, player, to, code) {
                        self.push_step(pos, player, kind, from, to, promotes, out, scratch);
                    }
                }
            }
            Pattern::Slide { lines } => {
                let range = lines.range(player, from, cells);
                let mut i = range.start;
                while i < range.end {
                    let (to, end) = lines.nodes[i];
                    let code = pos.board[to.index()];
                    if self.test(rule.target, player, to, code) {
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
                capturing, each_once, ..
            } => {
                let chain = &mut scratch.chain;
                chain.clear();
                chain.push(Token::From(from).encode());
                // Only `jumped[..depth]` is ever read: no need to clear it.
                let jumped = &mut scratch.jumped;
                let mut walk = ChainWalk {
                    pos,
                    player,
                    kind,
                    from,
                    rule,
                    capturing: *capturing,
                    each_once: *each_once,
                    promotes,
                    chain,
                    jumped,
                    out,
                };
                self.jumps(&mut walk, from, 0);
            }
            Pattern::Drop => {
                let may_stick = self.may_stick(player, kind);
                for c in 0..self.game.topology.board_cells {
                    let cell = CellId(c as u16);
                    if self.test_on(rule.target, player, cell, pos, super::eval::Seen::NONE)
                        && !(may_stick && self.is_stuck(player, kind, cell))
                    {
                        out.push2(Token::Drop(kind), Token::Place(cell));
                    }
                }
            }
            Pattern::Core => return false,
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
        let hop = if code == 0 {
            Token::To(to)
        } else {
            Token::Capture(to)
        };
        if promotes && let Some(choice) = self.promotion_at_end(player, kind, from, to) {
            let cells = self.game.topology.cells() * (self.kinds + 1);
            if choice.keep && !(self.dedupe_targets && scratch.seen_key(to.index() * (self.kinds + 1), cells))
            {
                out.push2(Token::From(from), hop);
            }
            for &k in choice.into {
                if self.dedupe_targets
                    && scratch.seen_key(to.index() * (self.kinds + 1) + k.index() + 1, cells)
                {
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
            return;
        }
        if self.dedupe_targets
            && scratch.seen_key(
                to.index() * (self.kinds + 1),
                self.game.topology.cells() * (self.kinds + 1),
            )
        {
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
        let board_cells = self.game.topology.board_cells;
        for zone in &promotion.zones {
            let cells: Vec<CellId> = (0..board_cells)
                .map(|c| CellId(c as u16))
                .filter(|&cell| {
                    (pos.board[cell.index()] == 0 || cell == from || cell == to)
                        && zone.is_none_or(|r| {
                            self.game.topology.regions[r].member[player.index()][cell.index()]
                        })
                })
                .collect();
            if !cells.is_empty() {
                return Some((into, cells));
            }
        }
        None
    }

    /// Depth-first jump chains from `at`; `walk.jumped[..depth]` are the cells
    /// jumped so far. Returns whether any jump was possible from `at`.
    fn jumps(&self, walk: &mut ChainWalk, at: CellId, depth: usize) -> bool {
        let Pattern::Jump {
            hops,
            lines,
            over,
            capturing,
            long,
            ..
        } = &walk.rule.pattern
        else {
            return false;
        };
        if depth >= MAX_CHAIN {
            return false;
        }
        let cells = self.game.topology.cells();
        let mut any = false;
        if *long {
            // Along each line: empty cells, then the jumped piece, then every
            // empty cell beyond it up to the next piece is a landing.
            let range = lines.range(walk.player, at, cells);
            let mut i = range.start;
            while i < range.end {
                let (mid, end) = lines.nodes[i];
                if self.seen(walk, mid, depth) == 0 && !self.game.topology.is_exit(mid) {
                    i += 1;
                    continue;
                }
                if self.can_jump(walk, mid, *over, depth) {
                    let mut j = i + 1;
                    while j < end as usize {
                        let (land, land_end) = lines.nodes[j];
                        if self.test(walk.rule.target, walk.player, land, self.seen(walk, land, depth)) {
                            any = true;
                            self.land(walk, mid, land, depth);
                        }
                        j = if self.seen(walk, land, depth) != 0 || self.game.topology.is_exit(land) {
                            land_end as usize
                        } else {
                            j + 1
                        };
                    }
                }
                i = end as usize;
            }
        } else {
            let pairs = hops.get(walk.player, at, cells);
            for pair in pairs.chunks_exact(2) {
                let (mid, land) = (pair[0], pair[1]);
                if !self.can_jump(walk, mid, *over, depth)
                    || !self.test(walk.rule.target, walk.player, land, self.seen(walk, land, depth))
                {
                    continue;
                }
                any = true;
                self.land(walk, mid, land, depth);
            }
        }
        let _ = capturing;
        any
    }

    /// The piece code on `cell` as the chain sees it: the mover has left its
    /// start cell, and pieces captured at once by earlier jumps are gone.
    #[inline(always)]
    fn seen(&self, walk: &ChainWalk, cell: CellId, depth: usize) -> u8 {
        if cell == walk.from || (walk.capturing == JumpCapture::Now && walk.jumped[..depth].contains(&cell)) {
            0
        } else {
            walk.pos.board[cell.index()]
        }
    }

    /// Whether the piece on `mid` may be jumped now.
    #[inline(always)]
    fn can_jump(&self, walk: &ChainWalk, mid: CellId, over: crate::ir::CondId, depth: usize) -> bool {
        if self.game.topology.is_exit(mid) {
            return false;
        }
        if (walk.each_once || walk.capturing == JumpCapture::AtEnd) && walk.jumped[..depth].contains(&mid) {
            return false;
        }
        self.test(over, walk.player, mid, self.seen(walk, mid, depth))
    }

    /// One hop over `mid` onto `land`: written, then the chain goes on (or stops).
    #[inline]
    fn land(&self, walk: &mut ChainWalk, mid: CellId, land: CellId, depth: usize) {
        let Pattern::Jump {
            capturing,
            repeat,
            not_ending_at_start,
            must_continue,
            ..
        } = &walk.rule.pattern
        else {
            return;
        };
        let landed_on_piece = self.seen(walk, land, depth) != 0;
        let len = walk.chain.len();
        let captures = *capturing != JumpCapture::No;
        if captures {
            walk.chain.push(Token::Remove(mid).encode());
            walk.chain.push(Token::Capture(land).encode());
        } else if landed_on_piece {
            // Landing on a piece captures it and ends the chain (see `stops`).
            walk.chain.push(Token::Capture(land).encode());
        } else {
            walk.chain.push(Token::To(land).encode());
        }
        walk.jumped[depth] = mid;
        let owner = walk.player.index();
        let entering = if walk.promotes {
            self.promotion_on_entering(walk.player, walk.kind, land)
        } else {
            None
        };
        let stops = self.game.topology.is_exit(land)
            || self.trigger_at(owner, walk.kind, land).is_some()
            || landed_on_piece
            || entering.is_some();
        let went_on = *repeat && !stops && self.jumps(walk, land, depth + 1);
        if !((*must_continue && went_on) || (*not_ending_at_start && land == walk.from)) {
            let weight = (depth + 1) as u8 * captures as u8 + landed_on_piece as u8;
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

/// The state of one jump-chain search.
struct ChainWalk<'a> {
    pos: &'a Position,
    player: PlayerId,
    kind: PieceKind,
    from: CellId,
    rule: &'a MoveRule,
    /// The rule's options, read once.
    capturing: JumpCapture,
    each_once: bool,
    /// The kind has promotions in place.
    promotes: bool,
    chain: &'a mut Vec<u16>,
    jumped: &'a mut [CellId; MAX_CHAIN],
    out: &'a mut MoveList,
}
