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

/// `rulebook ARGS…` under a 2 GB cap on its memory: whether it was still
/// running, neither finished nor aborted, after `seconds` (it is stopped
/// then), with what it wrote to standard error.
fn still_running_under_the_memory_cap(args: &[&str], seconds: u64) -> (bool, String) {
    let script = format!(
        "ulimit -v 2000000; exec \"{}\" \"$@\"",
        env!("CARGO_BIN_EXE_rulebook")
    );
    let mut child = std::process::Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg("rulebook")
        .args(args)
        .current_dir(common::crate_dir())
        .env("RUST_BACKTRACE", "0")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("sh starts");
    std::thread::sleep(std::time::Duration::from_secs(seconds));
    let running = child.try_wait().expect("a status").is_none();
    let _ = child.kill();
    let out = child.wait_with_output().expect("it ends");
    (running, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn huge_game_counts_are_played_in_bounded_memory() {
    let most = u64::MAX.to_string();
    for args in [
        vec!["playout", "games/tic-tac-toe.rules", "--n", &most],
        vec![
            "match",
            "games/tic-tac-toe.rules",
            "--players",
            "random,random",
            "--games",
            &most,
            "--swap",
        ],
    ] {
        let (running, stderr) = still_running_under_the_memory_cap(&args, 2);
        assert!(running, "`rulebook {}` ended early:\n{stderr}", args.join(" "));
    }
}

#[test]
fn serving_a_path_that_does_not_exist_is_an_error() {
    // It offered "1 game" and served a page that could not open it.
    let out = run(&["serve", "/nonexistent", "--port", "0"]);
    assert!(!out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("rules::cli::unreadable_file") && stderr.contains("cannot read `/nonexistent`"),
        "{stderr}"
    );
}
