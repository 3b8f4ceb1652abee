//! How many pieces the moves made so far could have brought into a game: a
//! bound for the material check of kinds that a supply makes without limit
//! (marks, stones, arrows dropped one a move). After three moves of a game
//! of one drop a move, the first player has made two, so has at most two.

use crate::ir::ids::MAX_ACTIONS;
use crate::ir::{Expr, Game, MoveRule, Op, PlayerId};

/// The most pieces one move can bring into the game, when the rules bound
/// it: each action puts down at most the pieces its rule drops or places
/// (and those of the turn's `after each action`), and a move makes at most
/// its turn's actions and a follow-up. `None` when some rule could place
/// pieces without a bound known here (a placing in a loop or in `each`), or
/// a promotion on capture brings a piece in.
pub(super) fn most_new_per_move(game: &Game) -> Option<u64> {
    if !game.promotions.is_empty() {
        return None;
    }
    let after_each: Vec<usize> = game.turns.iter().filter_map(|t| t.after_each).collect();
    let mut per_action = 0;
    let mut per_after = 0;
    for (r, rule) in game.rules.iter().enumerate() {
        let made = new_pieces(rule)?;
        if after_each.contains(&r) {
            per_after = per_after.max(made);
        } else {
            per_action = per_action.max(made);
        }
    }
    let mut most = 0u64;
    for turn in &game.turns {
        if turn.costs.iter().flatten().any(|c| *c == 0) {
            return None;
        }
        let actions = match turn.max_actions {
            Expr::Const(n) => n.clamp(0, MAX_ACTIONS as i64) as u64,
            _ => MAX_ACTIONS as u64,
        } + turn.follow_up.is_some() as u64;
        most = most.max(actions * (per_action + per_after));
    }
    Some(most)
}

/// The pieces one run of a rule can put down: one per placing (a drop is
/// one). `None` when a placing could run again (in a loop or in `each`).
fn new_pieces(rule: &MoveRule) -> Option<u64> {
    let ops = &rule.program.ops;
    let place_in = |from: usize, to: usize| {
        ops[from..to.min(ops.len())]
            .iter()
            .any(|op| matches!(op, Op::Place(_)))
    };
    for (i, op) in ops.iter().enumerate() {
        let repeated = match *op {
            // A jump back repeats the ops from its target to itself.
            Op::Fork(t) | Op::Jump(t) if t as usize <= i => place_in(t as usize, i + 1),
            Op::Each { end, .. } => place_in(i, end as usize),
            _ => false,
        };
        if repeated {
            return None;
        }
    }
    let places = ops.iter().filter(|op| matches!(op, Op::Place(_))).count() as u64;
    // A drop puts its piece down with a placing.
    Some(places.max(rule.drop as u64))
}

/// The moves `player` made among the first `ply` of the game.
pub(super) fn moves_of(game: &Game, ply: u32, player: PlayerId) -> u64 {
    let order = &game.order;
    let ply = ply as usize;
    let head = ply.min(order.prefix.len());
    let mut n = order.prefix[..head].iter().filter(|(p, _)| *p == player).count() as u64;
    let rest = ply - head;
    if rest > 0 && !order.cycle.is_empty() {
        let per_cycle = order.cycle.iter().filter(|(p, _)| *p == player).count() as u64;
        let (cycles, part) = (rest / order.cycle.len(), rest % order.cycle.len());
        n += cycles as u64 * per_cycle
            + order.cycle[..part].iter().filter(|(p, _)| *p == player).count() as u64;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::engine_of;

    /// One mark a move: after three moves the first player has
    /// made two and the second one.
    #[test]
    fn one_mark_a_move() {
        let engine = engine_of(
            "game \"t\"\nplayers A, B\nboard grid files a..c ranks 1..3\n\
             piece M letter M { drop: onto empty }\nsupply M\nend { no move: draw }\n",
        );
        let game = engine.game();
        assert_eq!(most_new_per_move(game), Some(1));
        assert_eq!(moves_of(game, 3, PlayerId(0)), 2);
        assert_eq!(moves_of(game, 3, PlayerId(1)), 1);
        assert_eq!(moves_of(game, 0, PlayerId(0)), 0);
        assert_eq!(moves_of(game, u32::MAX, PlayerId(1)), u32::MAX as u64 / 2);
    }

    /// A placing in a repeated clause has no bound known here.
    #[test]
    fn a_repeated_placing_is_unbounded() {
        let engine = engine_of(
            "game \"t\"\nplayers A, B\nboard grid files a..c ranks 1..3\ndirections east = e\n\
             piece M letter M { drop: onto empty, (go east, if empty, place M)* }\nsupply M\nend { no move: draw }\n",
        );
        assert_eq!(most_new_per_move(engine.game()), None);
    }
}
