//! Which pieces attack a cell, and by which rule: the pieces behind "the
//! cell is attacked", found by running each piece's movement rules (outside
//! the hot path, where the attack tables only say yes or no).

use crate::engine::core::CoreScratch;
use crate::engine::{Engine, MoveList, Position, Token};
use crate::ir::{CellId, PlayerId};

/// A piece that could capture on a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attacker {
    /// Where it stands.
    pub cell: CellId,
    /// The movement rule that would capture (an index into [`crate::ir::Game::rules`]).
    pub rule: usize,
}

impl Engine {
    /// The pieces of `by` that could capture the piece on `cell` of `pos` by
    /// one of their movement rules (turn priorities aside), each once, with
    /// the first rule that would: what [`Engine::attacked`] answers, piece
    /// by piece.
    pub fn attackers(&self, pos: &Position, cell: CellId, by: PlayerId) -> Vec<Attacker> {
        let mut found: Vec<Attacker> = Vec::new();
        let mut scratch = pos.clone();
        let mut core = CoreScratch::default();
        let mut out = MoveList::default();
        let was_exhausted = self.exhaustion.is_set();
        for (r, rule) in self.game.rules.iter().enumerate() {
            if rule.drop {
                continue;
            }
            for &code in self.codes.of(rule.kind, self.owner_index(rule.kind, by)) {
                let froms: Vec<CellId> = pos.cells_with(code).collect();
                for from in froms {
                    if from == cell || found.iter().any(|a| a.cell == from) {
                        continue;
                    }
                    out.clear();
                    core.work = 0;
                    self.core_actions(&mut scratch, by, rule, from, &mut out, &mut core, None);
                    let hits = |t: Token| matches!(t, Token::Capture(c) | Token::Remove(c) | Token::Take(c) if c == cell);
                    if out.iter().any(|m| m.tokens().any(hits)) {
                        found.push(Attacker { cell: from, rule: r });
                    }
                }
            }
        }
        if !was_exhausted {
            self.exhaustion.take();
        }
        found.sort_by_key(|a| a.cell);
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceFile;

    const RULES: &str = r#"
        game "Test"
        players White, Black
        board grid files a..d ranks 1..4
        directions orthogonal = n, e, s, w
        piece Tower letter R { move slide: slide orthogonal onto empty or enemy }
        piece Chief letter K { move step: step orthogonal onto empty or enemy }
        royal Chief
        setup { White: Chief at a1  Black: Tower at a4 d1  Black: Chief at d4 }
        end { no move: mover loses if in check }
    "#;

    #[test]
    fn both_towers_that_reach_the_chief_are_named() {
        let game = crate::load(&SourceFile::new("test.rules", RULES)).expect("valid rules");
        let e = Engine::new(game, &[]).expect("no options");
        let pos = e.start();
        let names = &e.game().topology.cell_names;
        let at = |n: &str| CellId(names.iter().position(|x| x == n).expect("a cell") as u16);
        let found = e.attackers(&pos, at("a1"), PlayerId(1));
        let cells: Vec<&str> = found.iter().map(|a| names[a.cell.index()].as_str()).collect();
        assert_eq!(cells, ["d1", "a4"]);
        assert!(found.iter().all(|a| e.game().rules[a.rule].name == "slide"));
        assert!(e.attackers(&pos, at("a1"), PlayerId(0)).is_empty());
    }
}
