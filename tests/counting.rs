//! `count` of a set of kinds: every piece but some (`not King`), or several
//! (`Rook or Queen`, a kind named twice counted once), with or without a
//! player — the sum of the kinds' counts, checked on chess through end rules
//! that fire on exact numbers.

mod common;

/// Chess with one more end rule, before the others.
fn chess_with(rule: &str) -> rulebook::engine::Engine {
    let text = std::fs::read_to_string(format!("{}/games/chess.rules", env!("CARGO_MANIFEST_DIR")))
        .expect("the game");
    let anchor = "  no move: mover loses if in check";
    assert!(text.contains(anchor));
    common::engine_of(&text.replacen(anchor, &format!("  {rule}\n{anchor}"), 1))
}

/// The status of chess with `rule` at the start.
fn at_start(rule: &str) -> String {
    let engine = chess_with(rule);
    common::status(&engine, &engine.start())
}

/// The status of chess with `rule` after `moves`.
fn after(rule: &str, moves: &str) -> String {
    let engine = chess_with(rule);
    common::status(&engine, &common::position(&engine, moves))
}

#[test]
fn every_piece_but_the_king() {
    // 15 black pieces besides the king at the start; 14 after a capture.
    assert_eq!(at_start("draw when count(not King, Black) == 15"), "draw");
    let fourteen = "draw when count(not King, Black) == 14";
    assert_eq!(at_start(fourteen), "ongoing");
    assert_eq!(after(fourteen, "e2-e4 d7-d5 e4xd5"), "draw");
    // Without a player: both sides, 30.
    assert_eq!(at_start("draw when count(not King) == 30"), "draw");
    assert_eq!(at_start("draw when count(not (King or Pawn)) == 14"), "draw");
}

#[test]
fn several_kinds_at_once() {
    assert_eq!(at_start("draw when count(Rook or Queen, White) == 3"), "draw");
    assert_eq!(at_start("draw when count(Rook or Queen or Rook) == 6"), "draw");
    assert_eq!(at_start("draw when count(Rook or Queen, White) == 4"), "ongoing");
}

#[test]
fn a_set_of_unknown_kinds_is_an_unknown_piece() {
    let text = std::fs::read_to_string(format!("{}/games/chess.rules", env!("CARGO_MANIFEST_DIR")))
        .expect("the game");
    let broken = text.replacen(
        "  no move: mover loses if in check",
        "  draw when count(not Kng, White) == 0\n  no move: mover loses if in check",
        1,
    );
    assert_eq!(common::refused(&broken), ["rules::compile::unknown_piece"]);
}
