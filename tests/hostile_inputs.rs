//! Inputs that once crashed or starved the program, run against the binary:
//! each must end with an answer or a clear error, never an abort.

mod common;

use common::run;

/// A game in which each side always has exactly one move (perft 1 at any depth).
const ENDLESS: &str = "tests/fixtures/endless.rules";

#[test]
fn perft_and_diff_at_the_deepest_depth_they_take_answer() {
    // Counted on worker threads, whose stacks are smaller than the main one's.
    let perft = run(&["perft", ENDLESS, "--depth", "1000", "--jobs", "2"]);
    assert!(perft.status.success(), "{perft:?}");
    assert_eq!(String::from_utf8_lossy(&perft.stdout), "perft 1000 = 1\n");
    let diff = run(&[
        "diff", ENDLESS, ENDLESS, "--depth", "1000", "--games", "0", "--jobs", "1",
    ]);
    assert!(diff.status.success(), "{diff:?}");
    let out = String::from_utf8_lossy(&diff.stdout);
    assert!(out.contains("no difference up to depth 1000"), "{out}");
}
