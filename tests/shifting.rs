//! Blocks of cells moved as one (`shift`): which distances a block reaches,
//! what it takes where it stops, and how Gess's pieces and rings work
//! (`count(cells …)`).

mod common;

use rulebook::engine::{Engine, MoveBuf};
use rulebook::{notation, position_text};

/// The fixture of moved blocks (`tests/fixtures/fast_forms/shifts.rules`).
fn shifts() -> Engine {
    let path = format!(
        "{}/tests/fixtures/fast_forms/shifts.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    common::engine_of(&std::fs::read_to_string(path).expect("the fixture"))
}

fn moves(engine: &Engine, after: &str) -> Vec<String> {
    notation::legal_move_names(engine, &common::position(engine, after), &mut MoveBuf::new())
}

#[test]
fn a_block_goes_on_until_it_covers_a_piece_and_takes_it() {
    let engine = shifts();
    let start = moves(&engine, "");
    // b3's block (b3, b2, b4, a3, c3) goes north one cell, then two onto Black's b6.
    assert!(start.contains(&"b3-b4".to_string()) && start.contains(&"b3xb5".to_string()));
    // It stops there: three cells would pass over the piece it took.
    assert!(!start.iter().any(|m| m.starts_with("b3") && m.ends_with("b6")));
    // `up to 2`: never three cells.
    assert!(!start.contains(&"f2-f5".to_string()) && start.contains(&"f2xf4".to_string()));
    // A new centre on the mover's own stone is refused (`onto not friend`), the walk goes on.
    assert!(!start.contains(&"b2-c2".to_string()) && start.contains(&"b2-d2".to_string()));
}

#[test]
fn every_piece_of_the_block_moves_by_the_same_cells() {
    let engine = shifts();
    let one = common::position(&engine, "c2-d2");
    assert_eq!(common::at(&engine, &one, "d2"), "White S");
    assert_eq!(common::at(&engine, &one, "c2"), "White S");
    assert_eq!(common::at(&engine, &one, "b2"), "");
    assert_eq!(common::at(&engine, &one, "b3"), "White S");
    // Two cells: the block covers White's own f2, which is taken.
    let two = common::position(&engine, "c2xe2");
    assert_eq!(common::at(&engine, &two, "e2"), "White S");
    assert_eq!(common::at(&engine, &two, "d2"), "White S");
    assert_eq!(common::at(&engine, &two, "f2"), "");
    assert_eq!(common::at(&engine, &two, "c2"), "");
}

#[test]
fn a_block_runs_in_the_core() {
    assert!(shifts().forms().iter().all(|f| *f == "core"));
}

#[test]
fn a_gess_piece_reaches_three_cells_without_a_centre_stone_and_any_with_one() {
    let engine = common::engine("gess", "");
    let start = moves(&engine, "");
    // The block around l6 (empty centre, a stone on l7) goes north up to 3 cells.
    assert!(start.contains(&"l6-l9".to_string()) && !start.contains(&"l6-l10".to_string()));
    // With a centre stone, any distance, up to the last rank of the board:
    // the stone carried onto the edge (e20) is lost.
    let rings =
        "20/10sss7/10s1s7/10sss7/20/20/20/20/20/20/20/20/20/20/4S15/4S15/10SSS7/10S1S7/10SSS7/20 b ply:0";
    let pos = position_text::read(&engine, rings).expect("a position");
    let far = notation::legal_move_names(&engine, &pos, &mut MoveBuf::new());
    assert!(far.contains(&"e5-e19".to_string()) && !far.iter().any(|m| m.ends_with("e20")));
    let mut after = pos.clone();
    let mut buf = MoveBuf::new();
    let mv = notation::parse(&engine, &after, "e5-e19", &mut buf).expect("legal");
    engine.play_unchecked(&mut after, mv.as_ref());
    assert_eq!(common::at(&engine, &after, "e19"), "Black S");
    assert_eq!(common::at(&engine, &after, "e20"), "");
}

#[test]
fn a_player_left_without_a_ring_loses() {
    let engine = common::engine("gess", "");
    // Black's ring around l3 moved south: its stones on rank 1 fall off the board.
    assert_eq!(
        common::status(&engine, &common::position(&engine, "l3-l2")),
        "win White"
    );
    assert_eq!(
        common::status(&engine, &common::position(&engine, "l3-l4")),
        "ongoing"
    );
}
