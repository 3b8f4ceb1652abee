//! Every limit of `docs/LANGUAGE.md` §8 and `docs/CLI.md`, and each class of
//! hostile input, ends in a clear error within a bounded budget of work and
//! memory. The tests check the error (its code and what it says) or count the
//! work done; none of them measures time.

mod common;

use std::process::{Command, Output};

use rulebook::diag::{Problem, SourceFile};

/// Checks a rules text: its problems, sorted by position.
fn problems(text: &str) -> Vec<Problem> {
    let (_, mut problems) = rulebook::check(&SourceFile::new("limits.rules", text));
    problems.sort_by_key(|p| p.span.start);
    problems
}

/// The codes of a rules text's problems.
fn codes(text: &str) -> Vec<&'static str> {
    problems(text).iter().map(|p| p.code).collect()
}

/// A small valid game whose `players` line is `PLAYERS`.
const GAME: &str = "players PLAYERS
board grid files a..c ranks 1..3
piece Stone letter S { drop: onto empty }
supply Stone
end { no move: draw }
";

/// Runs the binary in the crate directory.
fn rulebook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("the binary runs")
}

/// Runs the binary, expects it to fail with `code`; returns its report.
fn refused(args: &[&str], code: &str) -> String {
    let out = rulebook(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "`{}`:\n{stderr}", args.join(" "));
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stderr.contains(code),
        "`{}` should say {code}:\n{stderr}",
        args.join(" ")
    );
    stderr
}

#[test]
fn ten_thousand_players_are_one_error_and_nothing_more() {
    let names: Vec<String> = (0..10_000).map(|i| format!("P{i}")).collect();
    let text = GAME.replace("PLAYERS", &names.join(", "));
    // Only the limit: no table with a row per player was built after it.
    let found = problems(&text);
    assert_eq!(
        found.iter().map(|p| p.code).collect::<Vec<_>>(),
        ["rules::compile::out_of_range"]
    );
    assert_eq!(found[0].label, "must be at most 8");
    assert_eq!(codes(&GAME.replace("PLAYERS", "A, B")), Vec::<&str>::new());
}

#[test]
fn perft_refuses_a_depth_beyond_its_limit_before_loading() {
    let report = refused(
        &["perft", "games/tic-tac-toe.rules", "--depth", "10000000"],
        "rules::cli::bad_depth",
    );
    assert!(report.contains("at most 1000"), "{report}");
}

#[test]
fn perft_makes_the_buffers_of_a_depth_only_when_it_gets_there() {
    // Before, every depth's buffers were made up front: 2^32 of them.
    let engine = common::engine("tic-tac-toe", "");
    assert_eq!(
        engine.perft(&engine.start(), u32::MAX),
        0,
        "every game ends by move 9"
    );
    assert_eq!(engine.perft(&engine.start(), 9), 127_872);
}

/// A share of a two-game study of tic-tac-toe, as `analyze --shard 1/1` writes it.
const SHARE: &str = r#"{"format":"rulebook analyze shard 1","study":{"rules":"games/tic-tac-toe.rules","rules_hash":"fnv1a64 d21f1ceb3a746843","title":"Tic-tac-toe","players":["X","O"],"agents":["random","random"],"sets":[],"variants":[[]],"first_movers":[0],"games":2,"seed":1},"index":1,"count":1,"results":[{"variant":0,"game":0,"winner":0,"length":7,"cut":false},{"variant":0,"game":1,"winner":1,"length":8,"cut":false}]}"#;

/// `analyze merge` of one share file holding `text`.
fn merge(name: &str, text: &str) -> Output {
    let dir = std::env::temp_dir().join(format!("rulebook-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("the share is written");
    rulebook(&["analyze", "merge", path.to_str().expect("UTF-8 path")])
}

#[test]
fn analyze_merge_checks_every_part_of_a_share() {
    assert!(merge("good.json", SHARE).status.success());
    for (name, from, to, says) in [
        (
            "no-players.json",
            r#""players":["X","O"]"#,
            r#""players":[]"#,
            "it names 0 players",
        ),
        (
            "huge-games.json",
            r#""games":2"#,
            r#""games":9223372036854775807"#,
            "it holds 2 results for the 9223372036854775807 games",
        ),
        (
            "winner.json",
            r#""winner":1"#,
            r#""winner":2"#,
            "its result 2 names player 2 as the winner",
        ),
        (
            "count.json",
            r#""count":1"#,
            r#""count":18446744073709551615"#,
            "the study was split in 18446744073709551615",
        ),
    ] {
        let out = merge(name, &SHARE.replace(from, to));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        assert!(stderr.contains(says), "{name} should say `{says}`:\n{stderr}");
    }
}

#[test]
fn option_values_beyond_their_range_or_64_bits_are_refused() {
    let report = refused(
        &["moves", "games/go.rules", "--set", "komi=9223372036854775807"],
        "rules::cli::bad_option",
    );
    assert!(
        report.contains("must be between 0 and 361, not 9223372036854775807"),
        "{report}"
    );
    let report = refused(
        &[
            "moves",
            "games/chivalry.rules",
            "--set",
            "turn_limit=99999999999999999999",
        ],
        "rules::cli::bad_option",
    );
    assert!(
        report.contains("must be at least 1, not 99999999999999999999"),
        "{report}"
    );
}

#[test]
fn arithmetic_on_a_counter_saturates_instead_of_wrapping() {
    let text = "players A, B
board grid files a..b ranks 1..1
counter hits
piece Stone letter S { drop: onto empty }
supply Stone
end {
  for P in players: score P = hits[P] + 1
  after 1 moves: best score
}
";
    let game = rulebook::load(&SourceFile::new("saturate.rules", text)).expect("valid");
    let engine = rulebook::engine::Engine::new(game, &[]).expect("no options");
    // A's score is 2⁶³ − 1 + 1: the largest number, not the smallest.
    let pos = rulebook::position_text::read(&engine, "2 a ply:0 hits:9223372036854775807,0").expect("reads");
    let mut buf = rulebook::engine::MoveBuf::new();
    let mv = rulebook::notation::parse(&engine, &pos, "S@a1", &mut buf).expect("legal");
    let mut after = pos.clone();
    engine.play_unchecked(&mut after, mv.as_ref());
    assert_eq!(common::status(&engine, &after), "win A");
}

#[test]
fn a_counter_at_the_end_of_the_numbers_saturates_when_a_trigger_adds_to_it() {
    // Before, adding 1 to a counter of 2⁶³ − 1 overflowed (a panic, or a
    // wrap to the smallest number that made B win).
    let text = "players A, B
board grid files a..b ranks 1..1
counter hits
region goal = b1
piece Man letter M { move step: step e onto empty }
when Man enters goal: add 1 to hits
setup { A: Man at a1 }
end {
  for P in players: score P = hits[P]
  after 1 moves: best score
}
";
    let game = rulebook::load(&SourceFile::new("trigger.rules", text)).expect("valid");
    let engine = rulebook::engine::Engine::new(game, &[]).expect("no options");
    let pos = rulebook::position_text::read(&engine, "M1 a ply:0 hits:9223372036854775807,0").expect("reads");
    let mut buf = rulebook::engine::MoveBuf::new();
    let mv = rulebook::notation::parse(&engine, &pos, "a1-b1", &mut buf).expect("legal");
    let mut after = pos.clone();
    engine.play_unchecked(&mut after, mv.as_ref());
    assert_eq!(engine.counter(&after, 0, rulebook::ir::PlayerId(0)), i64::MAX);
    assert_eq!(common::status(&engine, &after), "win A");
}

/// `tests/ui/base/tiny.rules` (a valid game) with `from` replaced by `to`.
fn tiny_with(from: &str, to: &str) -> String {
    let base = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ui/base/tiny.rules"))
        .expect("the base");
    assert!(base.contains(from), "{from}");
    base.replace(from, to)
}

/// `tests/ui/base/ring.rules` (a valid graph-board game) with `from` replaced by `to`.
fn ring_with(from: &str, to: &str) -> String {
    let base = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ui/base/ring.rules"))
        .expect("the base");
    assert!(base.contains(from), "{from}");
    base.replace(from, to)
}

#[test]
fn every_limit_of_the_language_is_one_error_before_anything_is_built() {
    let board = "board grid files a..c ranks 1..3";
    let cells = "cells r in a..b, s in 1..8";
    let many = |n: usize, line: &dyn Fn(usize) -> String| (0..n).map(line).collect::<String>();
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "cells",
            tiny_with(board, "board grid files a..z ranks 1..100000"),
            "rules::compile::out_of_range",
        ),
        (
            "ranks beyond 64 bits",
            tiny_with(board, "board grid files a..c ranks 1..9223372036854775807"),
            "rules::compile::bad_board",
        ),
        (
            "coordinate values",
            ring_with(cells, "cells r in a..b, s in 1..5000"),
            "rules::compile::out_of_range",
        ),
        (
            "cells of a graph",
            ring_with(cells, "cells r in 1..4000, s in 1..4000, t in 1..4000"),
            "rules::compile::out_of_range",
        ),
        (
            "piece kinds",
            tiny_with(
                "piece Man letter M {",
                &(many(10_000, &|i| format!("piece K{i} letter A{i} {{ }}\n")) + "piece Man letter M {"),
            ),
            "rules::compile::out_of_range",
        ),
        (
            "actions",
            tiny_with("turn main {", "turn main {\n  actions up to 1000000"),
            "rules::compile::out_of_range",
        ),
        (
            "reserve",
            tiny_with(
                "White: Man at a1 b1 c1",
                "White: Man at a1 b1 c1 reserve 99999 Man",
            ),
            "rules::compile::out_of_range",
        ),
        (
            "line length",
            tiny_with("win P when arrived[P] >= 1", "win P when line(1000000, P)"),
            "rules::compile::out_of_range",
        ),
        (
            "a number",
            tiny_with("in 1..", "in 1..99999999999999999999"),
            "rules::syntax::unexpected",
        ),
    ];
    for (what, text, code) in cases {
        assert_eq!(codes(&text), [code], "{what}");
    }
    // Declarations the language does not limit stay cheap to check: the
    // parse and the checks are linear in their number.
    // (Each one, never used, gets its warning, and only that.)
    for (what, text, unused) in [
        (
            "mark sets",
            tiny_with(
                "counter arrived",
                &(many(20_000, &|i| format!("mark m{i}\n")) + "counter arrived"),
            ),
            "rules::warn::unused_mark",
        ),
        (
            "counters",
            tiny_with(
                "counter arrived",
                &(many(20_000, &|i| format!("counter c{i}\n")) + "counter arrived"),
            ),
            "rules::warn::unused_counter",
        ),
    ] {
        let found = codes(&text);
        let others: Vec<&&str> = found.iter().filter(|c| **c != unused).collect();
        assert!(others.is_empty(), "{what}: {others:?}");
        assert_eq!(found.len(), 20_000, "{what}");
    }
}

#[test]
fn a_test_may_replay_thousands_of_moves_which_are_no_expression() {
    let moves = "a1-a2 b1-b2 a2-a1 b2-b1 ".repeat(25);
    let moves = moves.trim_end();
    let lines = format!("  play {moves}\n").repeat(30);
    let text = format!(
        "players A, B
board grid files a..b ranks 1..2
directions ns = n, s
piece Rook letter R {{ move step: step ns onto empty }}
setup {{ A: Rook at a1  B: Rook at b1 }}
end {{ no move: draw }}
test \"a long replay\" {{
{lines}  expect count(Rook, A) == 1
  legal a1-a2
}}
"
    );
    assert_eq!(codes(&text), Vec::<&str>::new(), "3,000 moves in a test");
    let dir = std::env::temp_dir().join(format!("rulebook-long-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("long-replay.rules");
    std::fs::write(&file, &text).expect("written");
    let out = rulebook(&["test", file.to_str().expect("a UTF-8 path")]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // An expression of as many operators is still refused.
    let sum = "1 + ".repeat(1_001);
    let text = GAME.replace("PLAYERS", "A, B") + &format!("test \"sum\" {{\n  expect {sum}1 == 1002\n}}\n");
    let refused = problems(&text);
    assert!(
        refused.iter().any(|p| p.message.contains("too large to parse")),
        "{refused:?}"
    );
}
