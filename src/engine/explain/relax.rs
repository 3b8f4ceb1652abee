//! Rules run with some of their tests relaxed: when an action appears once
//! one clause stops testing, that clause is what refused it. Each relaxed
//! rule is a copy run by the core interpreter, outside the hot path; the
//! rules the engine plays with are never changed. A relaxed cell test
//! leaves a hidden mark where it was passed ([`PROBE`]), so that the cells
//! it would have refused can be named.

use crate::engine::core::CoreScratch;
use crate::engine::{Engine, Move, MoveList, MoveRef, Position, Token};
use crate::ir::{CellId, DirId, MoveRule, Op, Pattern, PlayerId};

/// The mark set of the hidden marks a relaxed cell test leaves on the
/// cursor's cell (`PROBE - i` for the `i`-th op relaxed): beyond any mark
/// set of a game, never applied to a position (see [`strip_probes`]).
pub const PROBE: u8 = u8::MAX;

/// The most ops relaxed at once (each has its own probe).
pub const MAX_RELAXED: usize = 4;

/// The most steps of the rules one relaxed run may take: a relaxed rule may
/// explore far more than the rule itself (a slide that no longer stops at
/// pieces), and an explanation must come quickly.
const RELAXED_WORK: u64 = 1 << 20;

impl Engine {
    /// The ops of rule `rule`'s program that test something and can be
    /// relaxed, in program order: conditions (`if`, a choice of cells
    /// meeting one), expressions (`when`), lookaheads (`can`, `cannot`, as a
    /// whole), the tests of jump chains, a `must` on `each`, and the
    /// directions of a step (widened to every direction of the board). Ops
    /// inside the bodies of `can` and `each` are left alone: they are
    /// effects, or the lookahead itself.
    pub fn relaxable_ops(&self, rule: usize) -> Vec<usize> {
        let Some(rule) = self.game.rules.get(rule) else {
            return Vec::new();
        };
        let ops = &rule.program.ops;
        let mut out = Vec::new();
        let mut pc = 0;
        while let Some(op) = ops.get(pc) {
            if relaxed(op, pc, &[], PROBE).is_some() {
                out.push(pc);
            }
            pc = match op {
                Op::Can { end, .. } | Op::Each { end, .. } => (*end as usize).max(pc + 1),
                _ => pc + 1,
            };
        }
        out
    }

    /// Every action of rule `rule` for `player` in `pos` with the ops
    /// `relax` (from [`Engine::relaxable_ops`]) relaxed: from the piece on
    /// `from` (a movement rule; every piece of the rule's kind of `player`
    /// when `None`), or onto every cell (a drop rule). The rule's fast form
    /// is not used: its core program says the same.
    pub fn relaxed_actions(
        &self,
        pos: &Position,
        player: PlayerId,
        rule: usize,
        relax: &[usize],
        from: Option<CellId>,
    ) -> MoveList {
        let mut out = MoveList::default();
        let Some(original) = self.game.rules.get(rule) else {
            return out;
        };
        let all: Vec<DirId> = (0..self.game.topology.dir_names.len())
            .map(|d| DirId(d as u8))
            .collect();
        let all = vec![all; self.players];
        let mut ops = original.program.ops.clone();
        for (i, &pc) in relax.iter().take(MAX_RELAXED).enumerate() {
            let probe = PROBE.saturating_sub(i as u8);
            if let Some(op) = ops.get(pc).and_then(|op| relaxed(op, pc, &all, probe)) {
                ops[pc] = op;
            }
        }
        let copy = MoveRule {
            pattern: Pattern::Core,
            fast_core: None,
            opening: None,
            program: crate::ir::Program { ops },
            ..original.clone()
        };
        let was_exhausted = self.exhaustion.is_set();
        let mut scratch = pos.clone();
        let mut core = CoreScratch::default();
        let mut run = |from: CellId, out: &mut MoveList| {
            core.work = self.work_budget.saturating_sub(RELAXED_WORK);
            self.core_actions(&mut scratch, player, &copy, from, out, &mut core, None);
        };
        if copy.drop {
            run(CellId::NONE, &mut out);
        } else {
            let codes = self.codes.of(copy.kind, self.owner_index(copy.kind, player));
            let froms: Vec<CellId> = codes
                .iter()
                .flat_map(|&code| pos.cells_with(code))
                .filter(|c| from.is_none_or(|f| f == *c))
                .collect();
            for cell in froms {
                run(cell, &mut out);
            }
        }
        // A relaxed run that ran out of its steps says nothing about the
        // position: the engine is left as it was.
        if !was_exhausted {
            self.exhaustion.take();
        }
        out
    }
}

/// `op` (at index `pc`) with its test relaxed, with `all` the directions
/// that widen a step; a cell test leaves a mark of set `probe` on the
/// cursor's cell instead (which, like the test, needs a cell). `None` when
/// it tests nothing that can be relaxed.
fn relaxed(op: &Op, pc: usize, all: &[Vec<DirId>], probe: u8) -> Option<Op> {
    Some(match op {
        Op::If(_) | Op::NotJumped | Op::NotStopped => Op::Mark(probe),
        Op::When(_) => Op::Jump(pc as u32 + 1),
        Op::AnywhereIf(_) => Op::Anywhere,
        Op::Can { end, .. } => Op::Jump(*end),
        Op::Each { end, must: true } => Op::Each {
            end: *end,
            must: false,
        },
        Op::Go(_) => Op::Go(all.to_vec()),
        _ => return None,
    })
}

/// The cells where the `i`-th relaxed test of a relaxed action `mv` was
/// passed, in order, and the action without those marks (fit to apply).
pub fn strip_probes(mv: MoveRef, i: usize) -> (Vec<CellId>, Move) {
    let probe = PROBE.saturating_sub(i as u8);
    let mut cells = Vec::new();
    let mut kept = Vec::new();
    let mut tokens = mv.tokens().peekable();
    while let Some(t) = tokens.next() {
        if let Token::MarkSet(m) = t
            && usize::from(PROBE - m) < MAX_RELAXED
        {
            if let Some(Token::Mark(c)) = tokens.peek().copied() {
                tokens.next();
                if m == probe {
                    cells.push(c);
                }
            }
            continue;
        }
        kept.push(t);
    }
    (cells, Move::from_tokens(kept))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceFile;

    const RULES: &str = r#"
        game "Test"
        players White, Black
        board grid files a..d ranks 1..4
        directions ahead = White: n; Black: s
        piece Runner letter R { move step: step ahead onto empty }
        piece Stone letter S { drop: onto empty, if next (n, e, s, w) is enemy }
        setup { White: Runner at b2  Black: Runner at c3  White: reserve 1 Stone }
        turn main { choose move Runner, drop Stone }
        turns { repeat { White: main  Black: main } }
        end { no move: mover loses }
    "#;

    fn engine() -> Engine {
        let game = crate::load(&SourceFile::new("test.rules", RULES)).expect("valid rules");
        Engine::new(game, &[]).expect("no options")
    }

    fn cell(e: &Engine, name: &str) -> CellId {
        let names = &e.game().topology.cell_names;
        CellId(names.iter().position(|n| n == name).expect("a cell") as u16)
    }

    #[test]
    fn a_widened_step_goes_every_way() {
        let e = engine();
        let pos = e.start();
        let step = e.game().kinds[0].rules[0];
        let ops = e.relaxable_ops(step);
        let go = ops
            .iter()
            .copied()
            .find(|&pc| matches!(e.game().rules[step].program.ops[pc], Op::Go(_)))
            .expect("the step's directions");
        let b2 = cell(&e, "b2");
        let plain = e.relaxed_actions(&pos, PlayerId(0), step, &[], Some(b2));
        let wide = e.relaxed_actions(&pos, PlayerId(0), step, &[go], Some(b2));
        assert_eq!(plain.len(), 1, "b2-b3 only");
        assert_eq!(wide.len(), 7, "b2 to each of its eight neighbours but c3, taken");
    }

    #[test]
    fn a_relaxed_condition_lets_a_refused_drop_through() {
        let e = engine();
        let pos = e.start();
        let drop = e.game().kinds[1].drops[0];
        let plain = e.relaxed_actions(&pos, PlayerId(0), drop, &[], None).len();
        let ifs: Vec<usize> = e
            .relaxable_ops(drop)
            .into_iter()
            .filter(|&pc| matches!(e.game().rules[drop].program.ops[pc], Op::If(_)))
            .collect();
        assert_eq!(ifs.len(), 1, "`if next … is enemy`");
        let relaxed = e.relaxed_actions(&pos, PlayerId(0), drop, &ifs, None).len();
        assert_eq!(plain, 4, "next to the black runner on c3");
        assert_eq!(relaxed, 14, "every empty cell");
        assert!(!e.exhaustion.is_set());
    }

    #[test]
    fn a_relaxed_test_marks_where_it_was_passed() {
        let e = engine();
        let pos = e.start();
        let drop = e.game().kinds[1].drops[0];
        let relax: Vec<usize> = e
            .relaxable_ops(drop)
            .into_iter()
            .filter(|&pc| matches!(e.game().rules[drop].program.ops[pc], Op::If(_)))
            .collect();
        let made = e.relaxed_actions(&pos, PlayerId(0), drop, &relax, None);
        let a1 = cell(&e, "a1");
        let on_a1 = made
            .iter()
            .find(|m| m.tokens().any(|t| t == Token::Place(a1)))
            .expect("a drop on a1");
        let (cells, plain) = strip_probes(on_a1, 0);
        assert_eq!(cells, [a1]);
        assert_eq!(
            plain.as_ref().tokens().collect::<Vec<_>>(),
            [Token::Drop(crate::ir::PieceKind(1)), Token::Place(a1)]
        );
    }
}
