//! Groups without liberties. Where every rule that brings a piece to a cell
//! then captures the enemy groups next to it that have no liberty and asks
//! its own group to have one (`capture enemy groups without liberties, if
//! free`), and nothing else changes the board but taking pieces off it, no
//! group ever stands without a liberty (an empty neighbour): a move takes
//! liberties only from the groups next to the cell it comes to, and those are
//! captured or asked to be free. A text with such a group is refused (go).

use super::{PositionError, err};
use crate::engine::{Engine, Position};
use crate::ir::{CellId, Cond, Game, MoveRule, Op};

/// Refuses a group without a liberty, when the rules never leave one.
pub(super) fn check(engine: &Engine, pos: &Position) -> Result<(), PositionError> {
    let game = engine.game();
    if !always_free(game) || !every_group_free(engine, &engine.start()) {
        return Ok(());
    }
    for c in 0..game.topology.board_cells {
        let cell = CellId(c as u16);
        if engine.piece(pos, cell).is_some() && !engine.group_has_liberty(pos, cell) {
            return err(format!(
                "the group on {} has no liberty, but every move captures such groups or is refused",
                game.topology.cell_names[c]
            ));
        }
    }
    Ok(())
}

/// Whether every group of `pos` has a liberty.
fn every_group_free(engine: &Engine, pos: &Position) -> bool {
    (0..engine.game().topology.board_cells)
        .map(|c| CellId(c as u16))
        .all(|cell| engine.piece(pos, cell).is_none() || engine.group_has_liberty(pos, cell))
}

/// Whether the rules never leave a group without a liberty (from a start
/// that has none).
fn always_free(game: &Game) -> bool {
    let plain = game.triggers.is_empty()
        && game.promotions.is_empty()
        && game
            .turns
            .iter()
            .all(|t| t.after_each.is_none() && t.follow_up.is_none())
        && !game.kinds.iter().any(|k| k.neutral);
    plain && !game.rules.is_empty() && game.rules.iter().all(|r| keeps_liberties(game, r))
}

/// Whether a rule, after each piece it brings to a cell, captures the enemy
/// groups next to it without a liberty and then asks that piece's group to
/// have one, changing the board otherwise only by taking pieces off.
fn keeps_liberties(game: &Game, rule: &MoveRule) -> bool {
    let ops = &rule.program.ops;
    // A piece has arrived on the cursor's cell (and the enemy groups next to
    // it were captured) and its own group is not yet asked to be free.
    let (mut arrived, mut captured) = (false, false);
    let mut i = 0;
    while let Some(op) = ops.get(i) {
        match op {
            Op::Place(_) | Op::Land if !arrived => (arrived, captured) = (true, false),
            Op::Each { end, .. }
                if arrived && !captured && captures_enemy_groups(game, &ops[i + 1..*end as usize]) =>
            {
                captured = true;
                i = *end as usize;
                continue;
            }
            Op::If(c) if arrived && captured && asks_free(&game.conds[c.0 as usize]) => arrived = false,
            Op::Accept => break,
            Op::Capture
            | Op::CaptureAtEnd
            | Op::CaptureGroup
            | Op::Remove
            | Op::Lift
            | Op::Mark(_)
            | Op::Save(_) => {}
            Op::If(_)
            | Op::When(_)
            | Op::Become { .. }
            | Op::Promote
            | Op::Jumped
            | Op::NotJumped
            | Op::NotStopped => {}
            _ if op.moves_cursor() && !arrived => {}
            // Anything else: a second arrival, the cursor leaving the
            // arrived piece, loops, pieces carried, flipped, turned.
            _ => return false,
        }
        i += 1;
    }
    !arrived
}

/// Whether the body of an `each` is `go ADJACENCY, if enemy and not free,
/// capture group`.
fn captures_enemy_groups(game: &Game, body: &[Op]) -> bool {
    let [Op::Go(_), Op::If(c), Op::CaptureGroup, Op::Accept] = body else {
        return false;
    };
    match &game.conds[c.0 as usize] {
        Cond::And(a, b) => {
            matches!(**a, Cond::Enemy) && matches!(&**b, Cond::Not(x) if matches!(**x, Cond::Free))
        }
        _ => false,
    }
}

/// Whether a condition holds only where the group has a liberty.
fn asks_free(cond: &Cond) -> bool {
    match cond {
        Cond::Free => true,
        Cond::And(a, b) => asks_free(a) || asks_free(b),
        _ => false,
    }
}
