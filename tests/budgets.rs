//! Turn budgets: `actions exactly N` spends the whole budget, `actions up to N` up to
//! it, and `costs N` makes an alternative's actions spend more than one —
//! checked on `tests/fixtures/fast_forms/budgets.rules` (White: exactly 2, a
//! hop costing 2; Black: up to 3, a side step or a hop costing 2).

mod common;

use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::notation;

fn budgets() -> Engine {
    let path = format!(
        "{}/tests/fixtures/fast_forms/budgets.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    common::engine_of(&std::fs::read_to_string(path).expect("the fixture"))
}

fn moves(engine: &Engine, pos: &Position) -> Vec<String> {
    notation::legal_move_names(engine, pos, &mut MoveBuf::new())
}

fn at(engine: &Engine, text: &str) -> Position {
    rulebook::position_text::read(engine, text).expect("a position")
}

/// What an action spends in the fixture: a side step (along a rank) or a
/// hop (two ranks) 2, a walk 1.
fn cost(action: &str) -> usize {
    let rank = |s: &str| s[1..].parse::<i32>().expect("a rank");
    let (from, to) = (&action[..2], &action[3..]);
    match (rank(from) - rank(to)).abs() {
        1 => 1,
        _ => 2,
    }
}

#[test]
fn an_exact_budget_is_spent_in_full() {
    let engine = budgets();
    let listed = moves(&engine, &engine.start());
    // Four runners can walk; each walk is followed by a second one.
    assert_eq!(listed.len(), 16, "{listed:?}");
    assert!(listed.iter().all(|m| m.split(',').count() == 2), "{listed:?}");
}

#[test]
fn an_action_that_decides_the_game_ends_the_move() {
    let engine = budgets();
    // White's walk home wins: the move stops there, its budget not spent.
    assert_eq!(
        moves(&engine, &at(&engine, "5/R1r2/2r2/2R2/5 w ply:0")),
        ["a4-a5"]
    );
    // Black's hop costs 2 of 3 and wins; the hop's tier comes first.
    assert_eq!(
        moves(&engine, &at(&engine, "5/R1r2/2r2/2R2/5 b ply:1")),
        ["c3xc1"]
    );
}

#[test]
fn an_open_budget_stops_anywhere_and_never_overspends() {
    let engine = budgets();
    let pos = common::position(&engine, "b2-b3,b3-b4");
    let listed = moves(&engine, &pos);
    let spent = |m: &String| m.split(',').map(cost).sum::<usize>();
    assert!(listed.iter().all(|m| spent(m) <= 3), "{listed:?}");
    for n in 1..=3 {
        assert!(
            listed.iter().any(|m| spent(m) == n),
            "nothing spends {n}: {listed:?}"
        );
    }
    // A side step and a walk, in either order; never two side steps.
    assert!(
        listed
            .iter()
            .any(|m| m.split(',').map(cost).collect::<Vec<_>>() == [2, 1])
    );
    assert!(
        listed
            .iter()
            .any(|m| m.split(',').map(cost).collect::<Vec<_>>() == [1, 2])
    );
    assert_eq!(engine.perft(&pos, 1), listed.len() as u64);
}

#[test]
fn a_cost_beyond_the_budget_is_refused() {
    let text = std::fs::read_to_string(format!(
        "{}/tests/fixtures/fast_forms/budgets.rules",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the fixture");
    for cost in ["costs 3", "costs 0"] {
        let anchor = "choose move Runner.walk, move Runner.hop costs 2\n";
        assert!(text.contains(anchor));
        let broken = text.replacen(anchor, &anchor.replace("costs 2", cost), 1);
        assert_eq!(
            common::refused(&broken),
            ["rules::compile::out_of_range"],
            "{cost}"
        );
    }
}
