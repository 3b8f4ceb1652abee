//! `count` of a set of kinds: every piece but some (`not King`), several
//! (`Rook or Queen`, a kind named twice counted once) or all (`any`), with or
//! without a player — the sum of the kinds' counts — and of the pieces
//! standing in a region or on one cell (`count(Pawn in far, P)`), checked on
//! chess through end rules that fire on exact numbers.

mod common;

/// The text of chess with one more end rule, before the others.
fn chess_text_with(rule: &str) -> String {
    let text = std::fs::read_to_string(format!("{}/games/chess.rules", env!("CARGO_MANIFEST_DIR")))
        .expect("the game");
    let anchor = "  no move: mover loses if in check";
    assert!(text.contains(anchor));
    text.replacen(anchor, &format!("  {rule}\n{anchor}"), 1)
}

/// Chess with one more end rule, before the others.
fn chess_with(rule: &str) -> rulebook::engine::Engine {
    common::engine_of(&chess_text_with(rule))
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
    let broken = chess_text_with("draw when count(not Kng, White) == 0");
    assert_eq!(common::refused(&broken), ["rules::compile::unknown_piece"]);
}

#[test]
fn pieces_in_a_region_or_on_a_cell() {
    // Chess declares `region second = White: rank 2; Black: rank 7` and
    // `region last = White: rank 8; Black: rank 1`.
    assert_eq!(at_start("draw when count(any in second, White) == 8"), "draw");
    assert_eq!(at_start("draw when count(Pawn in second) == 16"), "draw");
    let advanced = "draw when count(Pawn in second, White) == 7";
    assert_eq!(at_start(advanced), "ongoing");
    assert_eq!(after(advanced, "e2-e4"), "draw");
    // Each piece on its owner's cells of a per-player region: rank 8 is
    // White's `last` but holds only black pieces, and rank 1 the reverse.
    assert_eq!(at_start("draw when count(any in last) == 0"), "draw");
    assert_eq!(at_start("draw when count(Rook in last, Black) == 0"), "draw");
    // One cell.
    assert_eq!(at_start("draw when count(King in e1, White) == 1"), "draw");
    assert_eq!(at_start("draw when count(King in e1, Black) == 0"), "draw");
    assert_eq!(at_start("draw when count(any in e4) == 0"), "draw");
    let centre = "draw when count(Pawn in e4, White) == 1";
    assert_eq!(at_start(centre), "ongoing");
    assert_eq!(after(centre, "e2-e4"), "draw");
}

#[test]
fn in_a_region_belongs_inside_count() {
    let misplaced = chess_text_with("draw when opponent(King in last) == White");
    assert_eq!(common::refused(&misplaced), ["rules::compile::misplaced_in"]);
    let unknown = chess_text_with("draw when count(King in nowhere) == 1");
    assert_eq!(common::refused(&unknown), ["rules::compile::unknown_region"]);
}
