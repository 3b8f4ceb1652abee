//! End-to-end tests of `rulebook diff`: Knights & Kender against a copy in
//! which at most one knight moves a turn (its option `one_knight_move`
//! defaulting to `true`, made by replacing the option's line), the same file
//! against itself, and files that cannot be compared or do not compile.
//!
//! Every run sets `NO_COLOR=1` and runs in the crate directory; the depth
//! and the number of games stay small, so the file runs in seconds in debug.

mod common;
use common::run;
use std::path::PathBuf;

use serde_json::Value;

const KK: &str = "games/knights-and-kender.rules";

/// The line of the option in the game, and the copy's.
const TWO_MOVES: &str = "option one_knight_move: bool = false";
const ONE_MOVE: &str = "option one_knight_move: bool = true";

/// The first line (in breadth-first order, moves sorted by their bytes)
/// after which the knights move: both placed, then the first kender move.
const FIRST_LINE: [&str; 3] = ["N@a8", "N@b8", "a3-b4"];

/// Runs the binary, expects success and nothing on stderr; returns stdout.
fn ok(args: &[&str]) -> String {
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "`rulebook {}` failed:\n{stderr}",
        args.join(" ")
    );
    assert_eq!(stderr, "", "`rulebook {}` wrote to stderr", args.join(" "));
    String::from_utf8(out.stdout).expect("stdout is UTF-8")
}

/// Runs the binary, expects exit status 1 and nothing on stdout; returns stderr.
fn fails(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(
        out.status.code(),
        Some(1),
        "`rulebook {}` should fail",
        args.join(" ")
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    String::from_utf8(out.stderr).expect("stderr is UTF-8")
}

/// Writes `text` to a file of this test run's own directory.
fn scratch(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("rulebook-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).expect("the file is written");
    path.to_str().expect("a UTF-8 path").to_string()
}

/// The game with one knight move a turn.
fn one_move_copy() -> String {
    let text = std::fs::read_to_string(format!("{}/{KK}", env!("CARGO_MANIFEST_DIR"))).expect("the game");
    assert!(text.contains(TWO_MOVES), "the game's option line changed");
    scratch("one-knight-move.rules", &text.replace(TWO_MOVES, ONE_MOVE))
}

#[test]
fn the_knights_double_moves_disappear() {
    let copy = one_move_copy();
    let out = ok(&["diff", KK, &copy, "--depth", "4", "--games", "12", "--jobs", "2"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("old: {KK} (Knights & Kender)"));
    assert_eq!(lines[1], format!("new: {copy} (Knights & Kender)"));
    assert!(
        out.contains(&format!(
            "first difference after 3 moves: {}\n",
            FIRST_LINE.join(" ")
        )),
        "{out}"
    );
    assert!(
        out.contains("  status in both: ongoing (Knights to move)\n"),
        "{out}"
    );
    assert!(out.contains("  only in new (0): none\n"), "{out}");
    // A knight moves alone, or the knights pass, in both versions.
    assert!(
        out.contains("  in both (6): a8-b6 a8-c7 b8-a6 b8-c6 b8-d7 pass\n"),
        "{out}"
    );
    let only_old = lines
        .iter()
        .find_map(|l| l.strip_prefix("  only in old ("))
        .expect("the moves only in the old version");
    let shown = only_old.split_once("): ").expect("a count").1;
    assert!(shown.contains(" … and ") && shown.ends_with(" more"), "{shown}");
    let moves: Vec<&str> = shown.split(" … ").next().unwrap_or("").split(' ').collect();
    assert_eq!(moves.len(), 10);
    assert!(
        moves.iter().all(|m| m.contains(',')),
        "not all double moves: {moves:?}"
    );
    // Perft: the same up to 3 moves, then the double moves are gone.
    let perft: Vec<Vec<&str>> = lines
        .iter()
        .skip_while(|l| !l.trim_start().starts_with("perft"))
        .skip(1)
        .take(4)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(perft[0], ["1", "8", "8", "0"]);
    assert_eq!(perft[2], ["3", "728", "728", "0"]);
    assert_eq!(perft[3], ["4", "20176", "5460", "-14716"]);
    // The balance of both, with intervals and the change.
    assert!(
        out.contains(
            "balance: 12 games of each version from the same seeds; Kender random, Knights random; seed 1"
        ),
        "{out}"
    );
    for player in ["Kender", "Knights"] {
        let row = lines
            .iter()
            .find(|l| l.starts_with(&format!("{player} wins")))
            .unwrap_or_else(|| panic!("no row for {player}:\n{out}"));
        assert_eq!(row.matches('%').count(), 6, "{row}");
        assert!(row.contains(" pts ["), "{row}");
    }
}

#[test]
fn json_has_every_part() {
    let copy = one_move_copy();
    let out = ok(&[
        "diff", KK, &copy, "--depth", "4", "--games", "10", "--format", "json",
    ]);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    for key in ["old", "new", "players", "depth", "moves", "perft", "balance"] {
        assert!(v.get(key).is_some(), "no `{key}` in {v:#}");
    }
    assert_eq!(v["players"], serde_json::json!(["Kender", "Knights"]));
    assert_eq!(v["new"]["file"], copy.as_str());
    let first = &v["moves"]["first_difference"];
    assert_eq!(first["line"], serde_json::json!(FIRST_LINE));
    assert_eq!(first["old"]["status"], "ongoing");
    assert_eq!(first["new"]["to_move"], "Knights");
    let list = |key: &str| -> Vec<String> {
        first[key]
            .as_array()
            .unwrap_or_else(|| panic!("`{key}` is a list"))
            .iter()
            .map(|m| m.as_str().expect("a move").to_string())
            .collect()
    };
    let (only_old, only_new, common) = (list("only_old"), list("only_new"), list("common"));
    assert!(only_new.is_empty());
    // Every double move, and only they, are in the old version alone.
    assert!(only_old.len() > 10 && only_old.iter().all(|m| m.contains(',')));
    assert!(common.contains(&"pass".to_string()) && common.iter().all(|m| !m.contains(',')));
    let perft = v["perft"].as_array().expect("a list");
    assert_eq!(perft.len(), 4);
    assert_eq!(
        perft[3],
        serde_json::json!({ "depth": 4, "old": 20176, "new": 5460, "difference": -14716 })
    );
    let balance = &v["balance"];
    assert_eq!(balance["games"], 10);
    for version in ["old", "new"] {
        assert_eq!(balance[version]["games"], 10);
        assert_eq!(balance[version]["wins"].as_array().map(Vec::len), Some(2));
        assert!(balance[version]["wins"][0]["rate"]["high"].is_number());
    }
    let change = &balance["change"]["wins"][0];
    assert_eq!(change["player"], "Kender");
    assert!(change["low"].as_f64() <= change["value"].as_f64());
}

#[test]
fn a_file_against_itself_differs_nowhere() {
    let out = ok(&["diff", KK, KK, "--depth", "3", "--games", "0"]);
    assert!(
        out.contains(
            "no difference up to depth 3: the same legal moves and status in the 65 positions reached by at most 2 moves\n"
        ),
        "{out}"
    );
    assert!(!out.contains("balance"), "{out}");
    let v: Value = serde_json::from_str(&ok(&[
        "diff", KK, KK, "--depth", "2", "--games", "4", "--format", "json",
    ]))
    .expect("JSON");
    assert_eq!(v["moves"]["first_difference"], Value::Null);
    assert_eq!(v["moves"]["complete"], 2);
    assert!(
        v["perft"]
            .as_array()
            .expect("a list")
            .iter()
            .all(|p| p["difference"] == 0)
    );
    // The same seeds give the same games in both.
    assert_eq!(v["balance"]["old"], v["balance"]["new"]);
    assert_eq!(v["balance"]["change"]["draws"]["value"], 0.0);
}

#[test]
fn files_that_cannot_be_compared_are_refused() {
    let err = fails(&["diff", KK, "games/chivalry.rules", "--games", "0"]);
    assert!(err.contains("rules::cli::incomparable"), "{err}");
    assert!(
        err.contains("the players differ: Kender, Knights in the old version"),
        "{err}"
    );
    let broken = scratch(
        "broken.rules",
        "game \"broken\"\nplayers A, B\nboard grid files a..c ranks 1..3\nturns {",
    );
    let err = fails(&["diff", KK, &broken]);
    assert!(err.contains("rules::syntax::"), "{err}");
    // A usage error, as clap reports them: status 2.
    let out = run(&["diff", KK, KK, "--depth", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("expected a depth from 1 to 1000"), "{err}");
}
