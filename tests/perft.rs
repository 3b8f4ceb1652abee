//! The independent perft and status vectors of `tests/data/` (copied verbatim
//! from the shared vectors), checked against the shipped `.rules` files.

mod common;

#[test]
fn knights_and_kender_perft() {
    common::check_perft_file("knights-and-kender", "knights-and-kender.tsv");
}

#[test]
fn knights_and_kender_status() {
    common::check_status_file("knights-and-kender", "knights-and-kender.status.tsv");
}

/// Large counts: run with `cargo test --release -- --ignored`.
#[test]
#[ignore = "deep perft: run in release mode with --ignored"]
fn knights_and_kender_deep_perft() {
    common::check_perft_file("knights-and-kender", "knights-and-kender.deep.tsv");
}

#[test]
fn chivalry_perft() {
    common::check_perft_file("chivalry", "chivalry.tsv");
}

#[test]
fn chivalry_status() {
    common::check_status_file("chivalry", "chivalry.status.tsv");
}

/// Large counts: run with `cargo test --release -- --ignored`.
#[test]
#[ignore = "deep perft: run in release mode with --ignored"]
fn chivalry_deep_perft() {
    common::check_perft_file("chivalry", "chivalry.deep.tsv");
}

#[test]
fn round_table_perft() {
    common::check_perft_file("round-table", "round-table.tsv");
}

#[test]
fn round_table_status() {
    common::check_status_file("round-table", "round-table.status.tsv");
}

/// Large counts: run with `cargo test --release -- --ignored`.
#[test]
#[ignore = "deep perft: run in release mode with --ignored"]
fn round_table_deep_perft() {
    common::check_perft_file("round-table", "round-table.deep.tsv");
}

/// A shallow perft test of a game (its `.perft.tsv`) and, ignored, its deep rows.
macro_rules! perft_files {
    ($($shallow:ident, $deep:ident: $game:literal;)*) => {$(
        #[test]
        fn $shallow() {
            common::check_perft_rows($game, concat!($game, ".perft.tsv"));
        }

        /// Large counts: run with `cargo test --release -- --ignored`.
        #[test]
        #[ignore = "deep perft: run in release mode with --ignored"]
        fn $deep() {
            common::check_perft_rows($game, concat!($game, ".perft.deep.tsv"));
        }
    )*};
}

perft_files! {
    chess_perft, chess_deep_perft: "chess";
    english_checkers_perft, english_checkers_deep_perft: "english-checkers";
    international_draughts_perft, international_draughts_deep_perft: "international-draughts";
    minishogi_perft, minishogi_deep_perft: "minishogi";
    connect_four_perft, connect_four_deep_perft: "connect-four";
    reversi_perft, reversi_deep_perft: "reversi";
    hex_perft, hex_deep_perft: "hex";
    amazons_perft, amazons_deep_perft: "amazons";
    nine_mens_morris_perft, nine_mens_morris_deep_perft: "nine-mens-morris";
    go_perft, go_deep_perft: "go";
    breakthrough_perft, breakthrough_deep_perft: "breakthrough";
    connect6_perft, connect6_deep_perft: "connect6";
    yavalath_perft, yavalath_deep_perft: "yavalath";
    pentago_perft, pentago_deep_perft: "pentago";
    breakthru_perft, breakthru_deep_perft: "breakthru";
    knightthrough_perft, knightthrough_deep_perft: "knightthrough";
    fox_and_hounds_perft, fox_and_hounds_deep_perft: "fox-and-hounds";
    gess_perft, gess_deep_perft: "gess";
    paper_soccer_perft, paper_soccer_deep_perft: "paper-soccer";
    lines_of_action_perft, lines_of_action_deep_perft: "lines-of-action";
}

#[test]
fn tic_tac_toe_perft() {
    common::check_perft_rows("tic-tac-toe", "tic-tac-toe.perft.tsv");
}
