//! End rules that name their winner by turn: `win mover when …` (the player
//! who made the last move) and `win opponent(P) when …`, sugar for one rule
//! per player. Checked against the same game written with `for P in players`.

mod common;

/// Tic-tac-toe with the end rule `rule`.
fn tic_tac_toe(rule: &str) -> String {
    let text = std::fs::read_to_string(format!("{}/games/tic-tac-toe.rules", env!("CARGO_MANIFEST_DIR")))
        .expect("the game");
    let fixed = "for P in players: win P when line(3, P)";
    assert!(text.contains(fixed));
    text.replace(fixed, rule)
}

#[test]
fn win_mover_is_the_game_written_per_player() {
    let per_player = common::engine("tic-tac-toe", "");
    let by_mover = common::engine_of(&tic_tac_toe("win mover when line(3, mover)"));
    let start = per_player.start();
    for depth in 1..=6 {
        assert_eq!(
            by_mover.perft(&by_mover.start(), depth),
            per_player.perft(&start, depth),
            "depth {depth}"
        );
    }
    let line = "X@a1 O@b1 X@a2 O@b2 X@a3";
    assert_eq!(
        common::status(&by_mover, &common::position(&by_mover, line)),
        "win X"
    );
    let other = "X@a1 O@b1 X@c3 O@b2 X@a2 O@b3";
    assert_eq!(
        common::status(&by_mover, &common::position(&by_mover, other)),
        "win O"
    );
}

#[test]
fn win_opponent_makes_a_misere_game() {
    // Three in a row loses: the other player wins.
    let misere = common::engine_of(&tic_tac_toe("win opponent(mover) when line(3, mover)"));
    let line = "X@a1 O@b1 X@a2 O@b2 X@a3";
    assert_eq!(common::status(&misere, &common::position(&misere, line)), "win O");
}

#[test]
fn an_unknown_winner_is_still_an_unknown_player() {
    let codes = common::refused(&tic_tac_toe("win Mover when line(3, X)"));
    assert_eq!(codes, ["rules::compile::unknown_player"]);
}
