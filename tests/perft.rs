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
