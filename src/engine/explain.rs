//! Why a move is not legal, re-derived for messages, outside the hot path:
//! what stops a piece from reaching a cell, which part of a cell condition
//! fails, and whether a move would leave a royal piece attacked; with the
//! parts in [`attackers`] (who attacks a cell), [`relax`] (rules run with a
//! test relaxed) and [`turns`] (a turn's tiers one at a time, repetition bans).

mod attackers;
mod relax;
mod turns;

pub use attackers::Attacker;
pub use relax::{MAX_RELAXED, strip_probes};

use super::eval::Seen;
use super::moves::{MoveBuf, MoveRef};
use super::{Engine, Position};
use crate::ir::{CellId, Cond, CondId, Pattern, PieceKind, PlayerId};

/// What stops a piece from going from one cell to another in one action.
#[derive(Debug, Clone, PartialEq)]
pub enum Obstacle {
    /// None of the piece's rules leads there.
    OutOfReach,
    /// A slide would get there, but a piece stands on the way, on this cell.
    Blocked(CellId),
    /// A rule leads there, but the cell does not meet the rule's target
    /// condition: the parts of the condition that fail.
    Refused(Vec<Cond>),
    /// The rules of the piece allow it: the reason lies elsewhere (the turn,
    /// the royal rule).
    Nothing,
}

impl Engine {
    /// What stops the piece of `kind` of `player` on `from` from going to
    /// `to` by one of the movement rules `rules` (steps, leaps, slides, and
    /// single jumps), in `pos`.
    pub fn obstacle(
        &self,
        pos: &Position,
        player: PlayerId,
        rules: &[usize],
        from: CellId,
        to: CellId,
    ) -> Obstacle {
        let cells = self.game.topology.cells();
        let mut found = Obstacle::OutOfReach;
        for &r in rules {
            let Some(rule) = self.game.rules.get(r) else {
                continue;
            };
            let reached = match &rule.pattern {
                Pattern::Hop { targets } => targets.get(player, from, cells).contains(&to),
                Pattern::Jump { hops, over, .. } => hops
                    .get(player, from, cells)
                    .chunks_exact(2)
                    .any(|h| h[1] == to && self.test(*over, player, h[0], pos.board[h[0].index()])),
                Pattern::Slide { lines } => {
                    let range = lines.range(player, from, cells);
                    let mut i = range.start;
                    let mut blocked_at = None;
                    let mut reached = false;
                    while i < range.end {
                        let (cell, end) = lines.nodes[i];
                        if cell == to {
                            reached = true;
                            break;
                        }
                        if pos.board[cell.index()] != 0 {
                            // Everything beyond this cell on its line is out of reach.
                            if lines.nodes[i + 1..end as usize].iter().any(|n| n.0 == to) {
                                blocked_at = Some(cell);
                            }
                            i = end as usize;
                        } else {
                            i += 1;
                        }
                    }
                    if let (false, Some(b)) = (reached, blocked_at)
                        && found == Obstacle::OutOfReach
                    {
                        found = Obstacle::Blocked(b);
                    }
                    reached
                }
                // Drops and rules of the move core: not analysed here.
                Pattern::Drop | Pattern::Core => false,
            };
            if !reached {
                continue;
            }
            if self.test_on(rule.target, player, to, pos, Seen::NONE) {
                return Obstacle::Nothing;
            }
            if !matches!(found, Obstacle::Refused(_)) {
                found = Obstacle::Refused(self.failing_parts(rule.target, player, to, pos));
            }
        }
        found
    }

    /// The parts of condition `cond` that `cell` of `pos` fails for `player`:
    /// for `empty and in dark`, the one of the two that fails; for `empty or
    /// enemy`, both.
    pub fn failing_parts(&self, cond: CondId, player: PlayerId, cell: CellId, pos: &Position) -> Vec<Cond> {
        let mut out = Vec::new();
        if let Some(c) = self.game.conds.get(cond.0 as usize) {
            self.collect_failing(c, player, cell, pos, &mut out);
        }
        out
    }

    fn collect_failing(
        &self,
        cond: &Cond,
        player: PlayerId,
        cell: CellId,
        pos: &Position,
        out: &mut Vec<Cond>,
    ) {
        if self.test_tree(cond, player, cell, pos, Seen::NONE) {
            return;
        }
        match cond {
            Cond::And(a, b) | Cond::Or(a, b) => {
                self.collect_failing(a, player, cell, pos, out);
                self.collect_failing(b, player, cell, pos, out);
            }
            leaf => out.push(leaf.clone()),
        }
    }

    /// The moves the rules allow in `pos` before the royal rule removes those
    /// that leave a royal piece of the mover attacked (all the legal moves
    /// when no kind is royal).
    pub fn moves_before_royal_rule(&self, pos: &Position, buf: &mut MoveBuf) {
        self.pseudo_legal_moves(pos, buf);
    }

    /// A royal piece of the mover that stands attacked after `mv`, a move of
    /// [`Engine::moves_before_royal_rule`]: its cell and kind.
    pub fn royal_attacked_after(&self, pos: &Position, mv: MoveRef) -> Option<(CellId, PieceKind)> {
        let player = self.mover(pos);
        let mut after = pos.clone();
        self.apply_tokens(&mut after, player, mv, &mut super::position::NoJournal);
        for (k, kind) in self.game.kinds.iter().enumerate() {
            if !kind.royal {
                continue;
            }
            let kind = PieceKind(k as u8);
            for &code in self.codes.of(kind, player.index()) {
                for cell in after.cells_with(code) {
                    let attacked = (0..self.players)
                        .filter(|&o| o != player.index())
                        .any(|o| self.attacked(&after, cell, PlayerId(o as u8)));
                    if attacked {
                        return Some((cell, kind));
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceFile;
    use crate::notation;

    const RULES: &str = r#"
        game "Test"
        players White, Black
        board grid files a..d ranks 1..4
        directions all = n, ne, e, se, s, sw, w, nw
        region dark = cells where (file + rank) % 2 == 0
        piece Tower letter R { move slide: slide all onto empty or enemy }
        piece Chief letter K { move step: step all onto empty or enemy }
        piece Stone letter S { }
        royal Chief
        setup {
          White: Chief at a1
          White: Tower at b1
          Black: Tower at d4
          Black: Tower at b3
          White: reserve 2 Stone
        }
        turn main { choose move Tower, move Chief, drop Stone onto empty and in dark }
        turns { repeat { White: main  Black: main } }
        end { no move: mover loses if in check }
    "#;

    fn engine() -> Engine {
        let game = crate::load(&SourceFile::new("test.rules", RULES)).expect("valid rules");
        Engine::new(game, &[]).expect("no options")
    }

    fn cell(engine: &Engine, name: &str) -> CellId {
        engine.game().topology.cell_named(name).expect("a cell")
    }

    #[test]
    fn obstacles_say_what_stops_a_piece() {
        let e = engine();
        let pos = e.start();
        let white = PlayerId(0);
        let tower = e.game().kinds[0].rules.clone();
        let (b1, b2, b4, c2, a1) = (
            cell(&e, "b1"),
            cell(&e, "b2"),
            cell(&e, "b4"),
            cell(&e, "c2"),
            cell(&e, "a1"),
        );
        assert_eq!(e.obstacle(&pos, white, &tower, b1, b2), Obstacle::Nothing);
        // b3 holds a black tower: b4 lies beyond it.
        assert_eq!(
            e.obstacle(&pos, white, &tower, b1, b4),
            Obstacle::Blocked(cell(&e, "b3"))
        );
        // This tower slides in all eight directions: c2 is one diagonal step.
        assert_eq!(e.obstacle(&pos, white, &tower, b1, c2), Obstacle::Nothing);
        // a1 holds the white chief: the target `empty or enemy` fails on both counts.
        assert_eq!(
            e.obstacle(&pos, white, &tower, b1, a1),
            Obstacle::Refused(vec![Cond::Empty, Cond::Enemy])
        );
        let chief = e.game().kinds[1].rules.clone();
        assert_eq!(
            e.obstacle(&pos, white, &chief, a1, cell(&e, "a3")),
            Obstacle::OutOfReach
        );
    }

    #[test]
    fn the_failing_part_of_a_drop_condition_is_named() {
        let e = engine();
        let drop = e.game().turns[0].tiers[0]
            .iter()
            .find_map(|s| match s {
                crate::ir::ActionSource::Drop { rules, .. } => {
                    rules.first().map(|&r| e.game().rules[r].target)
                }
                _ => None,
            })
            .expect("a drop");
        let pos = e.start();
        let parts = e.failing_parts(drop, PlayerId(0), cell(&e, "a2"), &pos);
        assert_eq!(parts, vec![Cond::In(0)], "a2 is light");
        assert!(
            e.failing_parts(drop, PlayerId(0), cell(&e, "c1"), &pos)
                .is_empty()
        );
    }

    #[test]
    fn a_move_into_check_is_found_among_the_moves_before_the_royal_rule() {
        let e = engine();
        let pos = e.start();
        let mut buf = MoveBuf::new();
        // The chief may not step to a2 or b2, where the black tower on b3 attacks.
        let legal = notation::legal_move_names(&e, &pos, &mut buf);
        assert!(!legal.iter().any(|m| m == "a1-a2" || m == "a1-b2"), "{legal:?}");
        e.moves_before_royal_rule(&pos, &mut buf);
        let mv = buf
            .moves
            .iter()
            .find(|m| notation::format(&e, *m) == "a1-b2")
            .expect("a1-b2 before the royal rule");
        assert_eq!(
            e.royal_attacked_after(&pos, mv),
            Some((cell(&e, "b2"), PieceKind(1)))
        );
    }
}
