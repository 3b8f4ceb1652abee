//! Blocks of cells turned (`rotate`) and mirrored (`reflect`): where the
//! pieces go, that the choice is written in the move, and how a turn meets
//! the end rules (Pentago: a five made by the placing wins before the turn;
//! five for both after the turn is a draw).

mod common;

use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::{notation, position_text};

/// The position after `moves` played from the position written `from`.
fn after(engine: &Engine, from: &str, moves: &str) -> Position {
    let mut pos = position_text::read(engine, from).unwrap_or_else(|e| panic!("`{from}`: {e}"));
    let mut buf = MoveBuf::new();
    for m in moves.split_whitespace() {
        let mv = notation::parse(engine, &pos, m, &mut buf).unwrap_or_else(|e| panic!("{e}"));
        engine.play_unchecked(&mut pos, mv.as_ref());
    }
    pos
}

/// The fixture of turned blocks (`tests/fixtures/fast_forms/turns.rules`).
fn turns() -> Engine {
    let path = format!(
        "{}/tests/fixtures/fast_forms/turns.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    common::engine_of(&std::fs::read_to_string(path).expect("the fixture"))
}

#[test]
fn a_quarter_turn_moves_each_piece_round_the_centre() {
    let engine = common::engine("pentago", "");
    let write = |moves: &str| position_text::write_generic(&engine, &common::position(&engine, moves));
    // a6, the top left corner of the top left quarter: clockwise to c6, anticlockwise to a4.
    assert_eq!(write("M@a6,q1+90"), "2M3/6/6/6/6/6 b ply:1");
    assert_eq!(write("M@a6,q1-90"), "6/6/M5/6/6/6 b ply:1");
    // The centre of a quarter stays; b6 goes to c5, then to b4.
    assert_eq!(write("M@b5,q1+90"), "6/1M4/6/6/6/6 b ply:1");
    assert_eq!(write("M@b6,q1+90 M@e1,q1+90"), "6/6/1M4/6/6/4m1 w ply:2");
}

#[test]
fn a_drop_then_a_turn_runs_by_its_fast_form() {
    assert_eq!(common::engine("pentago", "").forms(), ["drop turning"]);
    assert!(turns().forms().contains(&"drop turning"));
}

#[test]
fn every_quarter_and_way_is_a_move_of_its_own() {
    let engine = common::engine("pentago", "");
    let names = notation::legal_move_names(&engine, &engine.start(), &mut MoveBuf::new());
    let on_a1: Vec<&str> = names
        .iter()
        .map(String::as_str)
        .filter(|m| m.starts_with("M@a1,"))
        .collect();
    assert_eq!(
        on_a1,
        [
            "M@a1,q1+90",
            "M@a1,q1-90",
            "M@a1,q2+90",
            "M@a1,q2-90",
            "M@a1,q3+90",
            "M@a1,q3-90",
            "M@a1,q4+90",
            "M@a1,q4-90"
        ]
    );
}

#[test]
fn a_five_made_by_the_placing_wins_without_the_turn() {
    let engine = common::engine("pentago", "");
    let pos = position_text::read(&engine, "MMMM2/mmmm2/6/6/6/6 w ply:8").expect("a position");
    let names = notation::legal_move_names(&engine, &pos, &mut MoveBuf::new());
    let on_e6: Vec<&str> = names
        .iter()
        .map(String::as_str)
        .filter(|m| m.starts_with("M@e6"))
        .collect();
    assert_eq!(on_e6, ["M@e6"]);
    assert_eq!(
        common::status(&engine, &after(&engine, "MMMM2/mmmm2/6/6/6/6 w ply:8", "M@e6")),
        "win White"
    );
}

#[test]
fn five_for_both_after_the_turn_is_a_draw_and_five_for_one_a_win() {
    let engine = common::engine("pentago", "");
    let both = "MMMm1M/3m1M/mmm3/6/6/6 w ply:10";
    // Anticlockwise, the top right quarter completes White's row 6 and Black's row 4.
    assert_eq!(
        common::status(&engine, &after(&engine, both, "M@a1,q2-90")),
        "draw"
    );
    assert_eq!(
        common::status(&engine, &after(&engine, both, "M@a1,q2+90")),
        "ongoing"
    );
    let white = "MMM2M/5M/6/3m2/1m4/m1m1m1 w ply:10";
    assert_eq!(
        common::status(&engine, &after(&engine, white, "M@b1,q2-90")),
        "win White"
    );
}

#[test]
fn a_mirror_reverses_the_block_along_its_direction_for_the_mover() {
    let engine = turns();
    let write = |moves: &str| position_text::write_generic(&engine, &common::position(&engine, moves));
    // White's home is rank 1, mirrored along e (a1 to e1); then the corner
    // a1..b2 is mirrored in its other diagonal (b2 to a1).
    assert_eq!(
        write("c1-c2,home|e,corner|ne"),
        "m1m1m/3m1/2M2/M3M b ply:1 hand:3M3m"
    );
    // Black's home is rank 4: a4 and e4 swap, d4 goes to b4, c4 stays; the
    // corner is Black's to mirror too (b2 to a1, a2 on the diagonal stays).
    assert_eq!(
        write("a1-a2 d3-d4,home|e,corner|ne"),
        "mmm1m/5/M4/M1M2 w ply:2 hand:3M3m"
    );
}

#[test]
fn a_block_that_would_not_turn_onto_itself_is_refused() {
    let game = |board: &str, region: &str, clause: &str| {
        format!(
            "players A, B\n{board}\nregion r = {region}\npiece S letter S {{ drop: onto empty, then {clause} }}\nsupply S\nend {{ no move: draw }}\n"
        )
    };
    let grid = "board grid files a..d ranks 1..4 { exits n }";
    let turns = |region: &str, clause: &str| common::engine_of(&game(grid, region, clause));
    let refused = |region: &str, clause: &str| common::refused(&game(grid, region, clause));
    assert_eq!(
        refused("file a..b", "rotate r by 90"),
        ["rules::compile::bad_turn"]
    );
    assert_eq!(
        refused("file a..b", "reflect r along ne"),
        ["rules::compile::bad_turn"]
    );
    assert_eq!(
        refused("a1 b1 a2", "rotate r by 180"),
        ["rules::compile::bad_turn"]
    );
    assert_eq!(
        refused("file a", "reflect r along e"),
        ["rules::compile::bad_turn"],
        "rank 5 is an exit row"
    );
    assert_eq!(
        refused("a1 b1 a2 b2", "rotate r by 45"),
        ["rules::compile::out_of_range"]
    );
    // A rectangle turns by half a turn and is mirrored along its sides; an
    // L of three cells is mirrored in its diagonal; a ring of a square turns.
    turns(
        "file a..b and rank 1..4",
        "rotate r by 180, reflect r along (n, e)",
    );
    turns("a1 b1 a2", "reflect r along nw");
    turns("a1 b1 c1 a2 c2 a3 b3 c3", "rotate r by (90, -90)");
    let graph = "board graph { cells x in 1..3 named \"c{x}\" link e: (x) -> (x + 1) }";
    assert_eq!(
        common::refused(&game(graph, "c1 c2", "rotate r by 180")),
        ["rules::compile::bad_turn"]
    );
}
