//! Golden tests of the `rulebook` binary: exact outputs, exit codes and error
//! messages of `moves`, `perft`, `check`, `playout` and `play`.
//!
//! Every run sets `NO_COLOR=1` and runs in the crate directory, so paths in the
//! output are relative (`games/…`, `tests/ui/…`). Error reports are miette
//! reports wrapped at 80 columns; [`flat`] undoes the wrapping before matching.

mod common;
use common::{command, crate_dir, run};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;

const KK: &str = "games/knights-and-kender.rules";

/// The 13 kender moves after the knights are placed on b8 and f8, in byte order.
const KENDER_FIRST_MOVES: [&str; 13] = [
    "a3-b4", "b2-d4", "c3-b4", "c3-d4", "d2-b4", "d2-f4", "e3-d4", "e3-f4", "f2-d4", "f2-h4", "g3-f4",
    "g3-h4", "h2-f4",
];

/// A game the knights win by taking the twelfth kender (found by a greedy
/// capturing search; each move checked legal by the engine when it is replayed).
const KNIGHTS_WIN: &str = "N@d8 N@h8 g3-f4 h8-g6,d8-c6 e3-d4 g6xf4,c6xd4 f2-g3 d4-c2,f4-e2 c1-e3 \
c2xd2,e2xg1 h2-f4 d2-f1,g1-e2 b2-d4 e2xc3,f1xg3 f4-g5 c3-a4,g3-e4 d4-f2 e4xg5,a4xa3 e3-d4 a3-c2,\
g5-e4 e1-d2 e4xd2,c2xd4 a1-b2 d2-e4,d4-c2 b2-a3 e4xf2,c2xa3";

/// Runs the binary, expects success and no output on stderr; returns stdout.
fn ok(args: &[&str]) -> String {
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "`rulebook {}` failed ({}):\n{stderr}",
        args.join(" "),
        out.status
    );
    assert_eq!(stderr, "", "`rulebook {}` wrote to stderr", args.join(" "));
    String::from_utf8(out.stdout).expect("stdout is UTF-8")
}

/// Runs the binary, expects exit code 1 and nothing on stdout; returns stderr
/// with miette's wrapping undone.
fn fails(args: &[&str]) -> String {
    let out = run(args);
    let stderr = String::from_utf8(out.stderr).expect("stderr is UTF-8");
    assert_eq!(
        out.status.code(),
        Some(1),
        "`rulebook {}` should exit 1:\n{stderr}",
        args.join(" ")
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "",
        "`rulebook {}` printed to stdout",
        args.join(" ")
    );
    assert!(
        !stderr.trim().is_empty(),
        "`rulebook {}` gave no message",
        args.join(" ")
    );
    flat(&stderr)
}

/// Joins the lines of a miette report into one line: drops the margin and the
/// `│` of continued lines, and joins a line that a wrap cut after a `-` (as in
/// `f2-` / `d4`) without a space.
fn flat(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let line = line.trim();
        let line = line.strip_prefix('│').unwrap_or(line).trim();
        if line.is_empty() {
            continue;
        }
        if !out.is_empty() && !out.ends_with('-') {
            out.push(' ');
        }
        out.push_str(line);
    }
    out
}

fn lines(stdout: &str) -> Vec<&str> {
    stdout.lines().collect()
}

fn expect_contains(haystack: &str, needles: &[&str]) {
    for needle in needles {
        assert!(haystack.contains(needle), "missing `{needle}` in:\n{haystack}");
    }
}

/// Rows of a tab-separated vector file, header skipped.
fn rows(file: &str) -> Vec<Vec<String>> {
    let path = crate_dir().join("tests/data").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(String::from).collect())
        .collect()
}

/// `--set k=v` arguments for the options column of a vector file.
fn set_args(options: &str) -> Vec<String> {
    options
        .split_whitespace()
        .flat_map(|kv| ["--set".to_string(), kv.to_string()])
        .collect()
}

/// Every shipped game, as `games/<name>.rules`, sorted.
fn shipped_games() -> Vec<String> {
    let mut games: Vec<String> = std::fs::read_dir(crate_dir().join("games"))
        .expect("games/ exists")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".rules"))
        .map(|n| format!("games/{n}"))
        .collect();
    games.sort();
    assert!(games.len() >= 2, "{games:?}");
    games
}

fn owned(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

// ---------------------------------------------------------------- moves

#[test]
fn moves_at_the_start_are_the_eight_knight_drops() {
    assert_eq!(
        ok(&["moves", KK]),
        "N@a8\nN@b8\nN@c8\nN@d8\nN@e8\nN@f8\nN@g8\nN@h8\nstatus: ongoing\n"
    );
}

#[test]
fn moves_after_the_knights_are_placed_are_sorted_kender_moves() {
    let out = ok(&["moves", KK, "--moves", "N@b8 N@f8"]);
    let mut expected: Vec<&str> = KENDER_FIRST_MOVES.to_vec();
    expected.push("status: ongoing");
    assert_eq!(lines(&out), expected);
    let moves = &lines(&out)[..KENDER_FIRST_MOVES.len()];
    assert!(moves.windows(2).all(|w| w[0].as_bytes() < w[1].as_bytes()));
}

#[test]
fn moves_after_a_move_of_both_knights() {
    // Extra spaces between moves are fine.
    let out = ok(&["moves", KK, "--moves", "  N@b8   N@f8 c3-d4 "]);
    let all = lines(&out);
    let (status, moves) = all.split_last().expect("a status line");
    assert_eq!(*status, "status: ongoing");
    assert!(
        moves.windows(2).all(|w| w[0].as_bytes() < w[1].as_bytes()),
        "{moves:?}"
    );
    // Pass, one knight, or both knights one after the other in either order.
    assert!(moves.contains(&"pass"), "{moves:?}");
    assert!(moves.contains(&"b8-a6"), "{moves:?}");
    assert!(moves.contains(&"b8-a6,f8-g6"), "{moves:?}");
    assert!(moves.contains(&"f8-g6,b8-a6"), "{moves:?}");
    // With one knight move a turn, no move has two actions.
    let out = ok(&[
        "moves",
        KK,
        "--set",
        "one_knight_move=true",
        "--moves",
        "N@b8 N@f8 c3-d4",
    ]);
    let single = lines(&out);
    assert!(single.iter().all(|m| !m.contains(',')), "{single:?}");
    assert!(single.contains(&"b8-a6"));
    assert!(single.len() < moves.len());
}

/// The first row of each (options, status) of every status file whose game ships.
#[test]
fn status_lines_match_the_status_vectors() {
    let mut checked = Vec::new();
    for game in shipped_games() {
        let name = game.trim_start_matches("games/").trim_end_matches(".rules");
        let file = format!("{name}.status.tsv");
        if !crate_dir().join("tests/data").join(&file).exists() {
            continue;
        }
        let mut seen: Vec<(String, String)> = Vec::new();
        for row in rows(&file) {
            let [options, moves, status] = &row[..] else {
                panic!("{file}: a row needs 3 columns: {row:?}");
            };
            if seen.contains(&(options.clone(), status.clone())) {
                continue;
            }
            seen.push((options.clone(), status.clone()));
            let mut args = vec!["moves".to_string(), game.clone(), "--moves".into(), moves.clone()];
            args.extend(set_args(options));
            let out = ok(&owned(&args));
            // The game is over: no moves, only the status.
            assert_eq!(out, format!("status: {status}\n"), "{file} [{options}] {moves}");
            checked.push(format!("{name} {status}"));
        }
    }
    for wanted in [
        "knights-and-kender win Kender",
        "chivalry win White",
        "chivalry win Black",
        "chivalry draw",
    ] {
        assert!(
            checked.iter().any(|c| c == wanted),
            "no row for {wanted}: {checked:?}"
        );
    }
}

#[test]
fn status_win_knights_when_the_last_kender_is_taken() {
    assert_eq!(
        ok(&["moves", KK, "--moves", KNIGHTS_WIN]),
        "status: win Knights\n"
    );
    // One move earlier the game goes on.
    let (before, _) = KNIGHTS_WIN.rsplit_once(' ').expect("several moves");
    let out = ok(&["moves", KK, "--moves", before]);
    assert!(out.ends_with("status: ongoing\n"), "{out}");
    assert!(lines(&out).contains(&"c2xa3"), "{out}");
}

#[test]
fn status_draw_at_the_turn_limit() {
    assert_eq!(
        ok(&["moves", KK, "--set", "turn_limit=2", "--moves", "N@a8 N@b8"]),
        "status: draw\n"
    );
    let out = ok(&["moves", KK, "--set", "turn_limit=3", "--moves", "N@a8 N@b8"]);
    assert_eq!(lines(&out).last(), Some(&"status: ongoing"));
}

// ---------------------------------------------------------------- perft

#[test]
fn perft_depth_3() {
    assert_eq!(ok(&["perft", KK, "--depth", "3"]), "perft 3 = 728\n");
    assert_eq!(ok(&["perft", KK, "--depth", "0"]), "perft 0 = 1\n");
}

/// Checks `--divide` output: sorted `MOVE COUNT` rows summing to the last line.
fn check_divide(out: &str, depth: u32) -> (Vec<(String, u64)>, u64) {
    let all = lines(out);
    let (last, rows) = all.split_last().expect("output");
    let total: u64 = last
        .strip_prefix(&format!("perft {depth} = "))
        .unwrap_or_else(|| panic!("last line `{last}`"))
        .parse()
        .expect("a count");
    let rows: Vec<(String, u64)> = rows
        .iter()
        .map(|r| {
            let (mv, n) = r.split_once(' ').unwrap_or_else(|| panic!("row `{r}`"));
            (mv.to_string(), n.parse().unwrap_or_else(|_| panic!("row `{r}`")))
        })
        .collect();
    assert!(
        rows.windows(2).all(|w| w[0].0.as_bytes() < w[1].0.as_bytes()),
        "rows not sorted by move: {rows:?}"
    );
    assert_eq!(
        rows.iter().map(|(_, n)| n).sum::<u64>(),
        total,
        "rows do not sum to the total"
    );
    (rows, total)
}

#[test]
fn perft_divide_rows_are_sorted_and_sum_to_the_total() {
    let out = ok(&["perft", KK, "--depth", "3", "--divide"]);
    let (rows, total) = check_divide(&out, 3);
    assert_eq!(total, 728);
    let expected: Vec<(String, u64)> = "abcdefgh".chars().map(|f| (format!("N@{f}8"), 91)).collect();
    assert_eq!(rows, expected);

    let out = ok(&["perft", KK, "--depth", "2", "--divide", "--moves", "N@b8 N@f8"]);
    let (rows, total) = check_divide(&out, 2);
    let moves: Vec<&str> = rows.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(moves, KENDER_FIRST_MOVES);
    // The same total as plain perft.
    assert_eq!(
        ok(&["perft", KK, "--depth", "2", "--moves", "N@b8 N@f8"]),
        format!("perft 2 = {total}\n")
    );
}

/// Rows of the vector file (depth ≤ 4) with options, and the default game, through the CLI.
#[test]
fn perft_with_options_matches_the_vectors() {
    let mut by_options: Vec<(String, usize)> = Vec::new();
    for row in rows("knights-and-kender.tsv") {
        let [options, moves, depth, count] = &row[..] else {
            panic!("a row needs 4 columns: {row:?}");
        };
        if depth.parse::<u32>().expect("a depth") > 4 {
            continue;
        }
        // A few rows per option set: the start position and two late positions.
        let n = match by_options.iter_mut().find(|(o, _)| o == options) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                by_options.push((options.clone(), 1));
                1
            }
        };
        if moves.is_empty() || n <= 6 {
            let mut args = vec![
                "perft".to_string(),
                KK.to_string(),
                "--depth".into(),
                depth.clone(),
            ];
            if !moves.is_empty() {
                args.extend(["--moves".to_string(), moves.clone()]);
            }
            args.extend(set_args(options));
            assert_eq!(
                ok(&owned(&args)),
                format!("perft {depth} = {count}\n"),
                "[{options}] `{moves}`"
            );
        }
    }
    let sets: Vec<&str> = by_options.iter().map(|(o, _)| o.as_str()).collect();
    assert!(
        sets.contains(&"one_knight_move=true") && sets.contains(&"kender_to_win=2"),
        "{sets:?}"
    );
    // One knight move a turn changes the count from depth 4 on.
    assert_eq!(ok(&["perft", KK, "--depth", "4"]), "perft 4 = 20176\n");
    assert_eq!(
        ok(&["perft", KK, "--depth", "4", "--set", "one_knight_move=true"]),
        "perft 4 = 5460\n"
    );
    // Options may be given together.
    assert_eq!(
        ok(&[
            "perft",
            KK,
            "--depth",
            "4",
            "--set",
            "kender_to_win=2",
            "--set",
            "one_knight_move=true",
        ]),
        "perft 4 = 5460\n"
    );
}

#[test]
fn an_option_set_twice_is_refused() {
    let err = fails(&[
        "perft",
        KK,
        "--depth",
        "1",
        "--set",
        "one_knight_move=false",
        "--set",
        "one_knight_move=true",
    ]);
    expect_contains(
        &err,
        &[
            "rules::cli::repeated_set",
            "option `one_knight_move` is set twice: one_knight_move=false and one_knight_move=true",
        ],
    );
    // Even with the same value twice.
    let err = fails(&["moves", KK, "--set", "turn_limit=9", "--set", "turn_limit=9"]);
    expect_contains(&err, &["`turn_limit` is set twice"]);
}

#[test]
fn playout_refuses_zero_games() {
    let out = run(&["playout", KK, "--n", "0"]);
    assert_eq!(out.status.code(), Some(2), "a usage error");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--n") && stderr.contains("0"), "{stderr}");
}

// ---------------------------------------------------------------- bad moves

#[test]
fn an_illegal_move_names_the_move_its_place_and_the_legal_moves() {
    let err = fails(&["moves", KK, "--moves", "N@b8 N@f8 a1-a2 c3-d4"]);
    expect_contains(&err, &["move 3 `a1-a2`", "not legal", "legal moves here:"]);
    // Every legal move is listed, in order (wrapping undone).
    assert!(
        err.contains(&format!("legal moves here: {}", KENDER_FIRST_MOVES.join(" "))),
        "{err}"
    );
    // The same from perft.
    let err = fails(&["perft", KK, "--depth", "1", "--moves", "N@b8 N@b8"]);
    expect_contains(
        &err,
        &["move 2 `N@b8`", "not legal", "N@a8 N@c8 N@d8 N@e8 N@f8 N@g8 N@h8"],
    );
}

#[test]
fn a_malformed_move_is_reported_as_such() {
    let err = fails(&["moves", KK, "--moves", "hello"]);
    expect_contains(&err, &["move 1 `hello`", "not written as a move"]);
    assert!(
        err.contains("legal moves here: N@a8 N@b8 N@c8 N@d8 N@e8 N@f8 N@g8 N@h8"),
        "{err}"
    );
    let err = fails(&["moves", KK, "--moves", "N@b8 N@f8 c3--d4"]);
    expect_contains(&err, &["move 3 `c3--d4`", "not written as a move", "a3-b4 b2-d4"]);
}

#[test]
fn a_move_after_the_end_says_the_game_is_over() {
    let err = fails(&["moves", KK, "--moves", &format!("{KNIGHTS_WIN} pass")]);
    expect_contains(&err, &["move 27 `pass`", "the game is over"]);
    assert!(!err.contains("legal moves here"), "{err}");
}

// ---------------------------------------------------------------- bad --set

#[test]
fn an_unknown_option_lists_the_options() {
    let err = fails(&["perft", KK, "--depth", "1", "--set", "bogus=1"]);
    expect_contains(
        &err,
        &[
            "unknown option `bogus`",
            "kender_to_win (int)",
            "one_knight_move (bool)",
            "turn_limit (int)",
        ],
    );
}

#[test]
fn an_option_of_the_wrong_type_says_the_type() {
    let err = fails(&["perft", KK, "--depth", "1", "--set", "one_knight_move=3"]);
    expect_contains(
        &err,
        &["option `one_knight_move` takes `true` or `false`, not `3`"],
    );
    let err = fails(&["moves", KK, "--set", "kender_to_win=many"]);
    expect_contains(&err, &["option `kender_to_win` takes a whole number, not `many`"]);
}

#[test]
fn an_option_out_of_range_says_the_range() {
    let err = fails(&["perft", KK, "--depth", "1", "--set", "kender_to_win=0"]);
    expect_contains(&err, &["option `kender_to_win` must be between 1 and 12, not 0"]);
    let err = fails(&["moves", KK, "--set", "kender_to_win=13"]);
    expect_contains(&err, &["between 1 and 12, not 13"]);
    let err = fails(&["moves", KK, "--set", "turn_limit=0"]);
    expect_contains(&err, &["option `turn_limit` must be at least 1, not 0"]);
}

#[test]
fn a_set_without_equals_is_refused() {
    for bad in ["kender_to_win", "=3"] {
        let err = fails(&["perft", KK, "--depth", "1", "--set", bad]);
        expect_contains(&err, &[&format!("`--set {bad}` is not of the form name=value")]);
    }
}

#[test]
fn a_missing_argument_is_a_usage_error() {
    let out = run(&["perft", KK]);
    assert_eq!(out.status.code(), Some(2));
    expect_contains(&String::from_utf8_lossy(&out.stderr), &["--depth", "Usage:"]);
}

// ---------------------------------------------------------------- check

#[test]
fn check_accepts_every_shipped_game() {
    for game in shipped_games() {
        assert_eq!(
            ok(&["check", &game]),
            format!("{game}: ok (0 errors, 0 warnings in {game})\n")
        );
    }
}

/// A fresh directory for files the tests write.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebook-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

fn path_arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

#[test]
fn check_refuses_a_missing_file() {
    let err = fails(&["check", "tests/ui/no-such-file.rules"]);
    expect_contains(
        &err,
        &["cannot read `tests/ui/no-such-file.rules`", "No such file"],
    );
}

#[test]
fn check_refuses_an_empty_file() {
    let dir = scratch_dir("empty");
    let empty = dir.join("empty.rules");
    std::fs::write(&empty, "").expect("write");
    let blank = dir.join("blank.rules");
    std::fs::write(&blank, " \n\t\n").expect("write");
    for path in [&empty, &blank] {
        let err = fails(&["check", path_arg(path)]);
        expect_contains(&err, &[&format!("`{}` is empty", path.display())]);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn check_refuses_a_file_that_is_not_utf8() {
    let dir = scratch_dir("latin1");
    let path = dir.join("latin1.rules");
    std::fs::write(&path, b"game \"Caf\xe9\"\nplayers A, B\n").expect("write");
    let err = fails(&["check", path_arg(&path)]);
    expect_contains(
        &err,
        &[&format!(
            "`{}` is not UTF-8 text (invalid byte at offset 9)",
            path.display()
        )],
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn check_reports_three_errors_in_three_items_with_their_lines() {
    let out = run(&["check", "tests/ui/three_errors.rules"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    expect_contains(
        &err,
        &[
            "3 errors, 0 warnings in tests/ui/three_errors.rules",
            "expected `:`, found `bool`",
            "[tests/ui/three_errors.rules:15:24]",
            "cell `i3` is not on the board",
            "[tests/ui/three_errors.rules:26:49]",
            "unknown piece `Kendr`",
            "[tests/ui/three_errors.rules:57:15]",
            "did you mean `Kender`?",
        ],
    );
    // In the order of the file.
    let at = |s: &str| err.find(s).expect("found above");
    assert!(
        at(":15:24]") < at(":26:49]") && at(":26:49]") < at(":57:15]"),
        "{err}"
    );
}

#[test]
fn check_reports_a_warning_but_succeeds() {
    let out = run(&["check", "tests/ui/empty_region.rules"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "tests/ui/empty_region.rules: ok (0 errors, 1 warning in tests/ui/empty_region.rules)\n"
    );
    expect_contains(
        &String::from_utf8_lossy(&out.stderr),
        &["region `nowhere` has no cells", "[tests/ui/empty_region.rules:"],
    );
}

// ---------------------------------------------------------------- playout

/// The result lines of a playout run (everything but the speeds), checked.
fn playout_results(game: &str, n: u64, seed: u64) -> Vec<String> {
    let out = ok(&[
        "playout",
        game,
        "--n",
        &n.to_string(),
        "--seed",
        &seed.to_string(),
    ]);
    let all = lines(&out);
    assert_eq!(all[0], format!("games: {n}"), "{out}");
    let value = |line: &str, key: &str| -> f64 {
        line.strip_prefix(key)
            .unwrap_or_else(|| panic!("expected `{key}…`, got `{line}`"))
            .trim_end_matches(" moves")
            .parse()
            .unwrap_or_else(|_| panic!("not a number in `{line}`"))
    };
    // One line per player, then draws: they add up to the games.
    let players = all.len() - 5;
    assert!(players >= 2, "{out}");
    let mut total = 0.0;
    for line in &all[1..1 + players] {
        assert!(line.starts_with("win "), "{out}");
        let (_, count) = line.rsplit_once(": ").expect("win <Player>: N");
        total += count.parse::<f64>().expect("a count");
    }
    total += value(all[1 + players], "draw: ");
    assert_eq!(total, n as f64, "results do not add up to the games:\n{out}");
    let mean = value(all[2 + players], "mean length: ");
    assert!(all[2 + players].ends_with(" moves"), "{out}");
    assert!(mean >= 1.0, "{out}");
    let per_s = value(all[3 + players], "playouts/s: ");
    let moves_s = value(all[4 + players], "moves/s: ");
    assert!(per_s > 0.0 && moves_s >= per_s, "{out}");
    all[..3 + players].iter().map(|s| s.to_string()).collect()
}

#[test]
fn playout_reports_results_lengths_and_speed() {
    let first = playout_results(KK, 50, 3);
    assert_eq!(first[1].split(':').next(), Some("win Kender"));
    assert_eq!(first[2].split(':').next(), Some("win Knights"));
    // The same seed, the same games.
    assert_eq!(playout_results(KK, 50, 3), first);
    // Every shipped game plays out.
    for game in shipped_games() {
        playout_results(&game, 5, 1);
    }
}

// ---------------------------------------------------------------- play

/// The rows of rank `rank` in the board drawings of `out`: lines that start and
/// end with the rank number (`4 │ … │ 4`, `4  K · …  4`).
fn board_rows<'a>(out: &'a str, rank: &str) -> Vec<&'a str> {
    out.lines()
        .map(str::trim)
        .filter(|l| l.len() > 4 && l.starts_with(&format!("{rank} ")) && l.ends_with(&format!(" {rank}")))
        .collect()
}

/// The file letters under and above a drawn 8-file board.
fn is_file_header(line: &str) -> bool {
    line.split_whitespace()
        .eq(["a", "b", "c", "d", "e", "f", "g", "h"])
}

#[test]
fn play_against_the_program() {
    let mut child = command(&["play", KK, "--ai", "Knights=random"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The program places both knights; then these kender moves are legal
    // whatever the knights do: a knight from rank 8 reaches rank 6 at best,
    // so b4 and h4 stay free and no kender can be taken before g3-h4.
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"help\nc3-b4\nboard\ng3-h4\na1-a2\nhello\nquit\n")
        .expect("write stdin");
    let out = child.wait_with_output().expect("the game ends");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert_eq!(stderr, "", "{stdout}");

    assert!(
        stdout.starts_with("Knights & Kender"),
        "the title first:\n{stdout}"
    );
    // The board is drawn: at the start, after each exchange and on `board`
    // (each drawing has the file letters above and below).
    let headers = stdout.lines().filter(|l| is_file_header(l)).count();
    assert!(headers >= 8, "{headers} file-letter lines:\n{stdout}");
    assert!(
        board_rows(&stdout, "1")
            .iter()
            .all(|r| r.matches('K').count() == 4),
        "{stdout}"
    );
    // c3-b4 was played: a kender stands on rank 4 (none did before).
    let rank4 = board_rows(&stdout, "4");
    assert!(rank4.len() >= 4, "{stdout}");
    assert!(
        !rank4[0].contains('K') && rank4.iter().any(|r| r.contains('K')),
        "{rank4:?}"
    );
    // The program places its knights, then answers each kender move.
    let program_moves = stdout
        .lines()
        .filter(|l| l.contains("Knights") && (l.contains(" plays ") || l.contains(" played ")))
        .filter(|l| {
            l.split_whitespace()
                .last()
                .is_some_and(rulebook::notation::is_well_formed)
        })
        .count();
    assert_eq!(program_moves, 4, "{stdout}");
    // The illegal move is refused with a reason and the moves that piece has.
    // (Lines that only echo the input after the prompt do not count.)
    let lines: Vec<&str> = stdout
        .lines()
        .filter(|l| {
            !["a1-a2", "hello"]
                .iter()
                .any(|i| l.trim_end().ends_with(&format!("> {i}")))
        })
        .collect();
    let refusal = lines
        .iter()
        .position(|l| l.contains("a1-a2") || (l.contains("a1") && l.contains("a2")))
        .unwrap_or_else(|| panic!("no word on a1-a2:\n{stdout}"));
    let reason = lines[refusal..(refusal + 2).min(lines.len())].join(" ");
    assert!(
        reason.contains("a1-c3"),
        "the refusal lists the moves from a1: {reason}"
    );
    // The malformed input too.
    let hello = lines
        .iter()
        .find(|l| l.contains("hello"))
        .unwrap_or_else(|| panic!("no word on `hello`:\n{stdout}"));
    assert!(hello.contains("move"), "{hello}");
}

#[test]
fn play_refuses_an_unknown_side() {
    let err = fails(&["play", KK, "--ai", "Dragons"]);
    expect_contains(&err, &["`--ai Dragons` names no side", "Kender, Knights"]);
}

// ---------------------------------------------------------------- closed streams

/// Runs the binary with its standard output a pipe whose reading end is
/// already closed (as in `rulebook … | head -0`); returns the exit status
/// and what it wrote to stderr.
fn run_with_closed_stdout(args: &[&str]) -> (std::process::ExitStatus, String) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = command(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs");
    (out.status, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Whether a process ended quietly after its reader went away: exit 0, or
/// killed by SIGPIPE as Unix tools are.
fn quiet_end(status: std::process::ExitStatus) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if status.signal() == Some(13) {
            return true;
        }
    }
    status.success()
}

#[test]
fn every_command_ends_quietly_when_its_reader_has_gone() {
    for args in [
        &["moves", KK][..],
        &["perft", "games/chivalry.rules", "--depth", "3", "--divide"],
        &["perft", KK, "--depth", "1"],
        &["playout", KK, "--n", "3"],
        &["check", KK],
        &["play", KK, "--ai", "Kender=random", "--ai", "Knights=random"],
        &["play", KK, "--ai", "Knights"],
        &["play", KK],
        &["match", KK, "--players", "random,random", "--games", "3"],
        &["analyze", KK, "--games", "3"],
        &["analyze", KK, "--games", "3", "--shard", "1/2"],
        &["--help"],
        &["completions", "bash"],
        &["moves", KK, "--format", "json"],
    ] {
        let (status, stderr) = run_with_closed_stdout(args);
        assert!(
            !stderr.contains("panicked") && stderr.is_empty(),
            "`rulebook {}` wrote to stderr:\n{stderr}",
            args.join(" ")
        );
        assert!(
            quiet_end(status),
            "`rulebook {}` ended with {status}",
            args.join(" ")
        );
    }
}

// ---------------------------------------------------------------- records, history, stdin, JSON

/// Runs the binary with `input` on standard input; checks it did not panic;
/// returns stdout, stderr and whether it succeeded.
fn run_with_input(args: &[&str], input: &str) -> (String, String, bool) {
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that stops before reading all of it closes its input: fine.
    let _ = child.stdin.take().expect("stdin").write_all(input.as_bytes());
    let out = child.wait_with_output().expect("it ends");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        !stderr.contains("panicked"),
        "`rulebook {}` panicked:\n{stderr}",
        args.join(" ")
    );
    (stdout, stderr, out.status.success())
}

#[test]
fn a_saved_game_replays_with_moves_and_perft() {
    let dir = scratch_dir("record");
    let file = dir.join("game.txt");
    let path = path_arg(&file);
    let (out, err, ok_) = run_with_input(
        &["play", KK, "--set", "one_knight_move=true"],
        &format!("N@b8\nN@f8\nc3-b4\nb8-c6\nsave {path}\nquit\n"),
    );
    assert!(ok_, "{out}\n{err}");
    expect_contains(&out, &["Saved 4 moves to", "--record"]);
    let record = std::fs::read_to_string(&file).expect("the record was written");
    assert!(record.starts_with("rulebook record 1\n"), "{record}");
    expect_contains(
        &record,
        &[
            &format!("rules: {KK}\n"),
            "rules-hash: fnv1a64 ",
            "set: one_knight_move=true\n",
            "moves:\n",
            "c3-b4",
        ],
    );
    // Replaying the record is playing its moves with its options.
    let by_moves = ok(&[
        "moves",
        KK,
        "--set",
        "one_knight_move=true",
        "--moves",
        "N@b8 N@f8 c3-b4 b8-c6",
    ]);
    assert_eq!(ok(&["moves", KK, "--record", path]), by_moves);
    assert_eq!(
        ok(&["perft", KK, "--record", path, "--depth", "2"]),
        ok(&[
            "perft",
            KK,
            "--set",
            "one_knight_move=true",
            "--moves",
            "N@b8 N@f8 c3-b4 b8-c6",
            "--depth",
            "2"
        ])
    );
    // --moves goes on from the record.
    assert_eq!(
        ok(&["moves", KK, "--record", path, "--moves", "d2-c3"]),
        ok(&[
            "moves",
            KK,
            "--set",
            "one_knight_move=true",
            "--moves",
            "N@b8 N@f8 c3-b4 b8-c6 d2-c3"
        ])
    );
    // The record's options cannot be contradicted.
    let err = fails(&["moves", KK, "--record", path, "--set", "one_knight_move=false"]);
    expect_contains(&err, &["rules::cli::record_set", "one_knight_move=true"]);
    // And play goes on from where the record stopped.
    let (out, _, _) = run_with_input(&["play", KK, "--record", path], "history\nquit\n");
    expect_contains(&out, &["N@b8 N@f8 c3-b4 b8-c6\n", "[5] Kender>"]);
}

#[test]
fn a_record_is_checked_when_read() {
    let dir = scratch_dir("bad-record");
    let write = |name: &str, text: &str| {
        let f = dir.join(name);
        std::fs::write(&f, text).expect("written");
        f
    };
    let position = write(
        "position.txt",
        "rulebook record 1\nrules: x\nposition: 8/8\nmoves:\n",
    );
    let err = fails(&["moves", KK, "--record", path_arg(&position)]);
    expect_contains(
        &err,
        &[
            "rules::cli::record_position",
            "the record's starting position is not a position of this game",
            "position.txt:3:11",
        ],
    );
    let illegal = write(
        "illegal.txt",
        "rulebook record 1\nrules: x\nmoves:\n1. N@b8\n2. N@b7\n",
    );
    let err = fails(&["moves", KK, "--record", path_arg(&illegal)]);
    expect_contains(
        &err,
        &[
            "rules::cli::record_move",
            "move 2 `N@b7` is not legal",
            "illegal.txt:5:4",
            "legal moves here: N@a8",
        ],
    );
    let newer = write("newer.txt", "rulebook record 7\nrules: x\nmoves:\n");
    expect_contains(
        &fails(&["moves", KK, "--record", path_arg(&newer)]),
        &["rules::cli::record_version"],
    );
    let moves_only = write("moves.txt", "N@b8 N@f8\n");
    expect_contains(
        &fails(&["moves", KK, "--record", path_arg(&moves_only)]),
        &["rules::cli::record_format", "not a game record"],
    );
    // A rules file that changed since the save: a warning, and the replay goes on.
    let changed = dir.join("changed.rules");
    let text = std::fs::read_to_string(crate_dir().join(KK)).expect("the game");
    std::fs::write(&changed, format!("{text}\n// a comment added\n")).expect("written");
    let record = write(
        "old.txt",
        &format!("rulebook record 1\nrules: {KK}\nrules-hash: fnv1a64 0000000000000000\nmoves:\nN@b8\n"),
    );
    let out = run(&["moves", path_arg(&changed), "--record", path_arg(&record)]);
    assert!(out.status.success());
    let stderr = flat(&String::from_utf8_lossy(&out.stderr));
    expect_contains(
        &stderr,
        &[
            "rules::cli::record_rules_changed",
            "changed since this game was saved",
        ],
    );
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("status: ongoing\n"));
    // A record of another game says so, not that the rules changed.
    let chess = write(
        "chess.txt",
        "rulebook record 1\ngame: Chess\nrules: games/chess.rules\nrules-hash: fnv1a64 0000000000000000\nmoves:\n",
    );
    let out = run(&["moves", KK, "--record", path_arg(&chess)]);
    let stderr = flat(&String::from_utf8_lossy(&out.stderr));
    expect_contains(
        &stderr,
        &[
            "rules::cli::record_other_game",
            "this record belongs to Chess (rules `games/chess.rules`), not to Knights & Kender",
        ],
    );
    assert!(!stderr.contains("changed since"), "{stderr}");
    // Its first move, not legal in this game, is not blamed on a changed file.
    let opening = write(
        "chess-opening.txt",
        "rulebook record 1\ngame: Chess\nrules: games/chess.rules\nrules-hash: fnv1a64 0000000000000000\nmoves:\n1. e2-e4\n",
    );
    let err = flat(&fails(&["moves", KK, "--record", path_arg(&opening)]));
    expect_contains(
        &err,
        &[
            "rules::cli::record_move",
            "move 1 `e2-e4`",
            "the record was saved for another game, Chess, with `games/chess.rules`",
        ],
    );
    assert!(!err.contains("changed since"), "{err}");
}

#[test]
fn history_prints_what_moves_accepts_and_play_starts_from_moves() {
    let (out, _, ok_) = run_with_input(
        &["play", KK, "--moves", "N@b8 N@f8"],
        "c3-b4\npass\nhistory\nquit\n",
    );
    assert!(ok_, "{out}");
    let history = out
        .lines()
        .skip_while(|l| !l.ends_with("> history"))
        .nth(1)
        .expect("a line after `history`");
    assert_eq!(history, "N@b8 N@f8 c3-b4 pass");
    // It is a valid --moves.
    ok(&["moves", KK, "--moves", history]);
}

#[test]
fn after_the_end_undo_history_and_save_still_work() {
    let dir = scratch_dir("over");
    let file = dir.join("over.txt");
    let (out, _, ok_) = run_with_input(
        &["play", KK, "--moves", KNIGHTS_WIN],
        &format!("c3-d4\nhistory\nsave {}\nundo\nquit\n", path_arg(&file)),
    );
    assert!(ok_, "{out}");
    expect_contains(
        &out,
        &[
            "Knights won",
            "[game over]> c3-d4",
            "The game is over",
            "[game over]> history",
            "Saved 26 moves",
            "Took back 26.",
        ],
    );
    assert_eq!(
        ok(&["moves", KK, "--record", path_arg(&file)]),
        "status: win Knights\n"
    );
}

#[test]
fn a_mistyped_command_gets_a_did_you_mean() {
    let (out, _, _) = run_with_input(&["play", KK], "mvoes\ny\nquit\n");
    expect_contains(
        &out,
        &[
            "Did you mean `moves`? Type y to run it.",
            "8 legal moves for Knights",
        ],
    );
}

#[test]
fn check_reads_standard_input() {
    let text = std::fs::read_to_string(crate_dir().join(KK)).expect("the game");
    let (out, err, ok_) = run_with_input(&["check", "-"], &text);
    assert!(ok_, "{err}");
    assert_eq!(out, "<stdin>: ok (0 errors, 0 warnings in <stdin>)\n");
    let (_, err, ok_) = run_with_input(
        &["check", "-"],
        "players A, B\nboard grid files a..c ranks 1..3\n",
    );
    assert!(!ok_);
    expect_contains(&flat(&err), &["<stdin>", "the rules have no end rules"]);
    let (_, err, ok_) = run_with_input(&["play", "-"], &text);
    assert!(!ok_);
    expect_contains(&flat(&err), &["rules::cli::rules_from_stdin"]);
}

#[test]
fn completions_are_printed_for_each_shell() {
    expect_contains(
        &ok(&["completions", "bash"]),
        &["_rulebook()", "complete -F _rulebook", "--record"],
    );
    expect_contains(&ok(&["completions", "zsh"]), &["#compdef rulebook"]);
    expect_contains(&ok(&["completions", "fish"]), &["complete -c rulebook"]);
    let out = run(&["completions", "nushell"]);
    assert_eq!(out.status.code(), Some(2), "an unknown shell is a usage error");
}

#[test]
fn results_come_as_json_too() {
    let moves = "N@b8 N@f8 a3-b4";
    let json = |args: &[&str]| -> serde_json::Value {
        serde_json::from_str(&ok(args)).unwrap_or_else(|e| panic!("`rulebook {}`: {e}", args.join(" ")))
    };
    let v = json(&["moves", KK, "--moves", moves, "--format", "json"]);
    let human: Vec<String> = ok(&["moves", KK, "--moves", moves])
        .lines()
        .filter(|l| !l.starts_with("status:"))
        .map(String::from)
        .collect();
    assert_eq!(v["legal_moves"], serde_json::json!(human));
    assert_eq!(v["status"], "ongoing");
    assert_eq!(v["to_move"], "Knights");
    assert_eq!(v["winner"], serde_json::Value::Null);
    assert_eq!(v["moves_played"], 3);
    let v = json(&["moves", KK, "--moves", KNIGHTS_WIN, "--format", "json"]);
    assert_eq!(
        (v["status"].as_str(), v["winner"].as_str()),
        (Some("win"), Some("Knights"))
    );
    assert_eq!(v["legal_moves"], serde_json::json!([]));
    let v = json(&["perft", KK, "--depth", "3", "--divide", "--format", "json"]);
    assert_eq!(v["depth"], 3);
    let rows = v["divide"].as_array().expect("divide rows");
    let sum: u64 = rows.iter().map(|r| r["nodes"].as_u64().expect("a count")).sum();
    assert_eq!(v["nodes"], sum);
    assert_eq!(ok(&["perft", KK, "--depth", "3"]), format!("perft 3 = {sum}\n"));
    let v = json(&["perft", KK, "--depth", "2", "--format", "json"]);
    assert_eq!(v["divide"], serde_json::Value::Null);
    let v = json(&["playout", KK, "--n", "5", "--seed", "3", "--format", "json"]);
    assert_eq!(v["games"], 5);
    let wins: u64 = v["wins"]
        .as_array()
        .expect("wins")
        .iter()
        .map(|w| w["wins"].as_u64().expect("a count"))
        .sum();
    assert_eq!(wins + v["draws"].as_u64().expect("draws"), 5);
    assert_eq!(v["wins"][0]["player"], "Kender");
}

// ---------------------------------------------------------------- the text game

/// The lines of `text` wider than `width` columns (characters, no colour codes here).
fn too_wide(text: &str, width: usize) -> Vec<String> {
    text.lines()
        .filter(|l| l.chars().count() > width)
        .map(|l| format!("{} columns: {l}", l.chars().count()))
        .collect()
}

#[test]
fn the_text_game_wraps_to_80_columns_or_to_columns() {
    let sessions: [(&str, &[&str], &str); 4] = [
        (KK, &["--ai", "Kender=random", "--ai", "Knights=random"], ""),
        ("games/chivalry.rules", &["--players", "random,random"], ""),
        (
            "games/round-table.rules",
            &["--ai", "White=random", "--ai", "Black=random"],
            "",
        ),
        (
            "games/round-table.rules",
            &[],
            "help\nmoves\nrules\nmoves d1\nc1-b2\nzz\nhistory\nd1xx\nundo\nquit\n",
        ),
    ];
    for width in [None, Some(60)] {
        for (game, args, input) in sessions {
            let mut cmd = command(&["play", game]);
            cmd.args(args).env_remove("COLUMNS");
            if let Some(w) = width {
                cmd.env("COLUMNS", w.to_string());
            }
            let mut child = cmd
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("the binary runs");
            let _ = child.stdin.take().expect("stdin").write_all(input.as_bytes());
            let out = child.wait_with_output().expect("it ends");
            let stdout = String::from_utf8(out.stdout).expect("UTF-8");
            let wide = too_wide(&stdout, width.unwrap_or(80));
            assert!(
                wide.is_empty(),
                "{game} {args:?} at {width:?} columns:\n{}",
                wide.join("\n")
            );
        }
    }
}

const FARMYARD: &str = "tests/fixtures/farmyard.rules";

/// The 1-based line of the first line of `file` that contains `needle`.
fn line_of(file: &str, needle: &str) -> usize {
    let text = std::fs::read_to_string(crate_dir().join(file)).expect("readable");
    text.lines()
        .position(|l| l.contains(needle))
        .expect("the line is there")
        + 1
}

/// The `✗` lines of a play session (the refusals), with wrapping undone.
fn refusals(out: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let mut open = false;
    for line in out.lines() {
        if let Some(rest) = line.strip_prefix("✗ ") {
            found.push(rest.to_string());
            open = true;
        } else if open && !line.contains("> ") && !line.is_empty() {
            let last = found.last_mut().expect("one is open");
            last.push(' ');
            last.push_str(line.trim());
        } else {
            open = false;
        }
    }
    found
}

#[test]
fn an_illegal_move_says_why_where_the_engine_knows() {
    // Leaving the royal piece attacked; a slide blocked on the way; a drop
    // outside the drop region (named).
    let (out, _, _) = run_with_input(&["play", FARMYARD], "a1-b2\nb1-b4\nS@a2\nb1-a1\nquit\n");
    let why = refusals(&out);
    assert_eq!(why.len(), 4, "{out}");
    expect_contains(&why[0], &["`a1-b2` would leave your Farmer on b2 attacked"]);
    expect_contains(
        &why[1],
        &[
            "cannot go to b4 (the way is blocked at b3)",
            "It can play: b1-a2 b1-b2",
        ],
    );
    expect_contains(
        &why[2],
        &[
            "cannot be placed on a2 (a2 is outside the “field” region)",
            "It can go:",
        ],
    );
    expect_contains(&why[3], &["cannot go to a1 (a1 holds your Farmer (R))"]);
    // A higher tier is compulsory: a queen that can capture must.
    let (out, _, _) = run_with_input(
        &["play", "games/chivalry.rules", "--moves", "P@b2 P@g7"],
        "P@d4\nquit\n",
    );
    expect_contains(
        &refusals(&out).join("\n"),
        &["You must move a Queen (capture) when you can, and you can now: a1xc3 c1xa3"],
    );
    // The piece already acted this turn; a knight placed outside rank 8.
    let (out, _, _) = run_with_input(&["play", KK], "N@b7\nN@b8\nN@f8\nc3-d4\nb8-c6,c6-d8\nquit\n");
    let why = refusals(&out).join("\n");
    expect_contains(
        &why,
        &[
            "b7 is outside the “back rank” region",
            "the Knight (n) on c6 has already moved: each piece acts at most once a move",
        ],
    );
}

#[test]
fn the_end_of_a_game_is_said_in_words_with_the_rule_line() {
    // The author's wording (`because "…"`).
    let (out, _, _) = run_with_input(&["play", KK, "--moves", KNIGHTS_WIN], "quit\n");
    let line = line_of(KK, "win Knights when");
    expect_contains(
        &flat(&out),
        &[&format!(
            "Knights won, because no kender is left on the board (the end rule at {KK}:{line})"
        )],
    );
    // A sentence made from a rule without wording, with plurals.
    let (out, _, _) = run_with_input(&["play", FARMYARD, "--moves", "b1xd3"], "quit\n");
    let line = line_of(FARMYARD, "win P when count(Goose");
    expect_contains(
        &flat(&out),
        &[
            &format!(
                "White won, because Black has no Geese left on the board (the end rule at {FARMYARD}:{line})"
            ),
            "A draw when no Foxes are left on the board.",
        ],
    );
    assert!(
        !out.contains("≥") && !out.contains("(now"),
        "no formula in the end rules:\n{out}"
    );
}

#[test]
fn rules_tells_sliders_apart_by_their_directions() {
    let (out, _, _) = run_with_input(&["play", "games/round-table.rules"], "rules\nquit\n");
    let out = flat(&out);
    let slide = |piece: &str| -> String {
        let at = out
            .find(&format!("{piece},"))
            .unwrap_or_else(|| panic!("{piece} in:\n{out}"));
        let rest = &out[at..];
        let from = rest.find("slide:").expect("its slide rule");
        rest[from..from + rest[from..].find("(capturing it)").expect("its end")].to_string()
    };
    let (bishop, rook, queen) = (slide("Bishop"), slide("Rook"), slide("Queen"));
    assert!(
        bishop != rook && rook != queen && bishop != queen,
        "{bishop}\n{rook}\n{queen}"
    );
    expect_contains(&bishop, &["out cw", "in ccw"]);
    expect_contains(&rook, &["cw, ccw, out or in"]);
    assert!(!rook.contains("out cw"), "{rook}");
}

#[test]
fn input_that_is_not_text_is_refused_without_panicking() {
    let mut bytes = vec![0xff, 0xfe, b'\n'];
    bytes.extend_from_slice(b"quit\n");
    let mut child = command(&["play", KK])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let _ = child.stdin.take().expect("stdin").write_all(&bytes);
    let out = child.wait_with_output().expect("it ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    expect_contains(&stdout, &["not UTF-8 text; ignored", "Game stopped"]);
    let mut child = command(&["check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let _ = child.stdin.take().expect("stdin").write_all(&[b'g', 0xff]);
    let out = child.wait_with_output().expect("it ends");
    assert_eq!(out.status.code(), Some(1));
    expect_contains(
        &flat(&String::from_utf8_lossy(&out.stderr)),
        &["rules::cli::not_utf8", "<stdin>"],
    );
}

/// The position text `rulebook position` prints after `moves`.
fn position_after(moves: &str) -> String {
    ok(&["position", KK, "--moves", moves]).trim().to_string()
}

#[test]
fn a_position_given_as_text_continues_the_game() {
    // The position after some moves, given back as text, is the same game.
    let after = ok(&["moves", KK, "--moves", "N@b8 N@f8 c3-b4"]);
    let text = position_after("N@b8 N@f8 c3-b4");
    assert_eq!(ok(&["moves", KK, "--position", &text]), after);
    assert_eq!(
        ok(&["perft", KK, "--position", &text, "--depth", "3"]),
        ok(&["perft", KK, "--moves", "N@b8 N@f8 c3-b4", "--depth", "3"])
    );
    // A FEN position of the chess rules (perft from a standard test position).
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(
        ok(&[
            "perft",
            "games/chess.rules",
            "--position",
            kiwipete,
            "--depth",
            "2"
        ])
        .trim(),
        "perft 2 = 2039"
    );
    let err = fails(&["moves", KK, "--position", "8/8 w"]);
    expect_contains(&err, &["rules::cli::bad_position", "not a position of this game"]);
}

#[test]
fn a_game_saved_from_a_position_keeps_it() {
    let dir = scratch_dir("record-position");
    let file = dir.join("game.txt");
    let path = path_arg(&file);
    let text = position_after("N@b8 N@f8");
    let (out, err, ok_) = run_with_input(
        &["play", KK, "--position", &text],
        &format!("c3-b4\nsave {path}\nquit\n"),
    );
    assert!(ok_, "{out}\n{err}");
    let record = std::fs::read_to_string(&file).expect("the record was written");
    expect_contains(&record, &[&format!("position: {text}\n"), "c3-b4"]);
    assert_eq!(
        ok(&["moves", KK, "--record", path]),
        ok(&["moves", KK, "--moves", "N@b8 N@f8 c3-b4"])
    );
    let err = fails(&["moves", KK, "--record", path, "--position", &text]);
    expect_contains(&err, &["rules::cli::record_position", "leave out `--position`"]);
}

#[test]
fn a_become_clause_is_written_after_its_landing() {
    let rules = "game \"B\"\nplayers White, Black\nboard grid files a..c ranks 1..6\n\
                 piece Man letter M { move up: step n onto empty, become Guard }\n\
                 piece Guard letter G { move up: step n onto empty }\n\
                 setup {\n  White: Man at a5\n  Black: Man at c1\n}\n\
                 end {\n  draw after 10 moves\n}\n";
    let (out, err, ok_) = run_with_input(&["moves", "-"], rules);
    assert!(ok_, "{err}");
    assert_eq!(out, "a5-a6=G\nstatus: ongoing\n");
}

// ---------------------------------------------------------------- hostile inputs

/// A game whose stones step to and fro for ever.
const ENDLESS: &str = "tests/fixtures/endless.rules";

/// The escape sequence that sets a terminal's window title.
const TITLE_SEQUENCE: &str = "\x1b]0;pwned\x07";

/// Asserts that `text` holds no control character but line ends and tabs.
fn no_control(text: &str) {
    let bad: Vec<char> = text
        .chars()
        .filter(|c| c.is_control() && !matches!(c, '\n' | '\t'))
        .collect();
    assert!(bad.is_empty(), "control characters {bad:?} in:\n{text}");
}

#[test]
fn jobs_are_never_more_than_the_limit() {
    for command in ["match", "analyze"] {
        let out = run(&[
            command,
            KK,
            "--players",
            "random,random",
            "--games",
            "1",
            "--jobs",
            "10000",
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        expect_contains(&err, &["at most 256 jobs can run at once, not 10000"]);
    }
}

#[test]
fn games_that_never_end_stop_at_the_cap_and_say_so() {
    let out = ok(&["playout", ENDLESS, "--n", "2"]);
    expect_contains(
        &out,
        &[
            "draw: 2\n",
            "2 games reached the cap of 10,000 moves and count as draws (see `--max-moves`)",
        ],
    );
    let out = ok(&[
        "playout",
        ENDLESS,
        "--n",
        "1",
        "--max-moves",
        "40",
        "--format",
        "json",
    ]);
    expect_contains(
        &out,
        &["\"capped\": 1", "\"max_moves\": 40", "\"mean_length\": 40.0"],
    );
    let out = ok(&[
        "match",
        ENDLESS,
        "--players",
        "random,mcts:10",
        "--games",
        "2",
        "--max-moves",
        "30",
    ]);
    expect_contains(
        &out,
        &[
            "mean length: 30.0 moves",
            "2 games reached the cap of 30 moves and count as draws",
        ],
    );
    let out = ok(&["analyze", ENDLESS, "--games", "3", "--max-moves", "20"]);
    expect_contains(
        &out,
        &[
            "100.0%",
            "3 games reached the cap of 20 moves",
            "among the games cut",
        ],
    );
    // A game that ends is not cut, and the note stays away.
    let out = ok(&["playout", KK, "--n", "2"]);
    assert!(!out.contains("cap"), "{out}");
}

#[test]
fn a_diagnostic_past_column_65535_is_drawn_around_its_label() {
    let text = format!("players A, B {} @@@\n", " ".repeat(70_000));
    let (out, err, ok_) = run_with_input(&["check", "-"], &text);
    assert!(!ok_ && out.is_empty(), "{out}");
    expect_contains(&err, &["<stdin>:1:70015", "found `@`", "…"]);
    assert!(err.lines().all(|l| l.chars().count() < 400), "{err}");
}

#[test]
fn escape_sequences_never_reach_the_terminal() {
    // In a rules file: refused, and shown escaped.
    let rules = format!("game \"{TITLE_SEQUENCE}\"\nplayers A, B\n");
    let (_, err, ok_) = run_with_input(&["check", "-"], &rules);
    assert!(!ok_);
    no_control(&err);
    expect_contains(
        &err,
        &[
            "the file holds 2 control characters; the first is U+001B",
            "game \"\\x1b]0;pwned\\x07\"",
        ],
    );
    // In `--moves`, in an argument, in a record.
    let err = fails(&["moves", KK, "--moves", &format!("N@b8 {TITLE_SEQUENCE}")]);
    no_control(&err);
    expect_contains(&err, &["move 2 `\\x1b]0;pwned\\x07` is not written as a move"]);
    let err = fails(&["play", KK, "--ai", TITLE_SEQUENCE]);
    no_control(&err);
    let dir = scratch_dir("escapes");
    let record = dir.join("pwned.txt");
    std::fs::write(
        &record,
        format!("rulebook record 1\nrules: {KK} {TITLE_SEQUENCE}\nmoves:\nN@b8 {TITLE_SEQUENCE}\n"),
    )
    .unwrap();
    let err = fails(&["moves", KK, "--record", path_arg(&record)]);
    no_control(&err);
    expect_contains(&err, &["\\x1b]0;pwned\\x07"]);
    // Typed in `play`.
    let (out, _, ok_) = run_with_input(&["play", KK], &format!("{TITLE_SEQUENCE}\nquit\n"));
    assert!(ok_);
    no_control(&out);
    expect_contains(&out, &["That line holds control characters"]);
}

#[test]
fn save_never_overwrites_the_rules_file_nor_another_file_unasked() {
    let dir = scratch_dir("save-over");
    let rules = dir.join("kk.rules");
    let text = std::fs::read_to_string(KK).unwrap();
    std::fs::write(&rules, &text).unwrap();
    let kept = dir.join("kept.txt");
    std::fs::write(&kept, "keep me").unwrap();
    let (rules_arg, kept_arg) = (path_arg(&rules), path_arg(&kept));
    let (out, _, ok_) = run_with_input(
        &["play", rules_arg],
        &format!("N@b8\nsave {rules_arg}\nsave! {rules_arg}\nsave {kept_arg}\nquit\n"),
    );
    assert!(ok_, "{out}");
    expect_contains(&out, &["is the rules file of", "already exists. Write"]);
    assert!(!out.contains("Saved"), "{out}");
    assert_eq!(std::fs::read_to_string(&rules).unwrap(), text);
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "keep me");
    let (out, _, _) = run_with_input(&["play", rules_arg], &format!("N@b8\nsave! {kept_arg}\nquit\n"));
    expect_contains(&out, &["Saved 1 move to"]);
    assert!(
        std::fs::read_to_string(&kept)
            .unwrap()
            .starts_with("rulebook record 1\n")
    );
}

#[test]
fn chess_is_drawn_when_no_side_can_checkmate() {
    let chess = "games/chess.rules";
    // White's king takes the rook: K+N, K+B or K alone against a king.
    let after_taking = |white: &str, options: &[&str]| {
        let position = format!("7k/8/8/8/8/8/r7/K{white} w - - 0 1");
        let mut args = vec!["moves", chess, "--position", &position, "--moves", "a1xa2"];
        for o in options {
            args.extend(["--set", o]);
        }
        ok(&args).lines().last().unwrap_or_default().to_string()
    };
    assert_eq!(after_taking("1N5", &[]), "status: draw");
    assert_eq!(after_taking("1B5", &[]), "status: draw");
    assert_eq!(after_taking("7", &[]), "status: draw");
    assert_eq!(after_taking("1NN4", &[]), "status: ongoing");
    assert_eq!(
        after_taking("1N5", &["insufficient_material=false"]),
        "status: ongoing"
    );
    // A pawn promoted to a knight is counted as a knight.
    let promoted = ok(&[
        "moves",
        chess,
        "--position",
        "7k/8/8/8/8/8/1p6/7K b - - 0 1",
        "--moves",
        "b2-b1=N",
    ]);
    assert!(promoted.ends_with("status: draw\n"), "{promoted}");
}

#[test]
fn matches_studies_and_play_report_rules_past_the_move_budget() {
    let runaway = "tests/fixtures/runaway.rules";
    let err = fails(&["match", runaway, "--players", "random,mcts:20", "--games", "2"]);
    expect_contains(&err, &["rules::cli::move_budget", "the rule `go` of `S`"]);
    let err = fails(&["analyze", runaway, "--games", "2"]);
    expect_contains(&err, &["rules::cli::move_budget"]);
    // And `play` stops with it, instead of calling the game drawn.
    let (out, err, ok_) = run_with_input(&["play", runaway, "--players", "random,random"], "");
    assert!(!ok_ && !out.contains("Game over"), "{out}");
    expect_contains(&err, &["rules::cli::move_budget"]);
}

#[test]
fn bench_measures_a_game_and_compares_with_its_baseline() {
    let quick = [
        "bench",
        "games/tic-tac-toe.rules",
        "--playouts",
        "20",
        "--depth",
        "3",
        "--time",
        "0.05",
    ];
    let json = ok(&[&quick[..], &["--format", "json"]].concat());
    let rows: serde_json::Value = serde_json::from_str(&json).expect("bench writes JSON");
    let row = &rows[0];
    assert_eq!(row["file"], "games/tic-tac-toe.rules");
    assert_eq!(row["perft_depth"], 3);
    assert_eq!(row["perft_nodes"], 9 * 8 * 7);
    assert_eq!(row["playouts"], 20);
    for field in [
        "load_ms",
        "perft_bulk_per_s",
        "perft_made_per_s",
        "playouts_per_s",
        "moves_per_s",
        "search_per_s",
    ] {
        assert!(
            row[field].as_f64().is_some_and(|v| v > 0.0),
            "{field}: {}",
            row[field]
        );
    }
    let dir = std::env::temp_dir().join(format!("rulebook-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let base = dir.join("base.json");
    std::fs::write(&base, &json).expect("baseline written");
    let table = ok(&[&quick[..], &["--baseline", base.to_str().expect("UTF-8 path")]].concat());
    expect_contains(&table, &["Tic-tac-toe", "× baseline", "504"]);
    std::fs::write(&base, "not json").expect("written");
    let err = fails(&[
        "bench",
        "games/tic-tac-toe.rules",
        "--baseline",
        base.to_str().expect("UTF-8 path"),
    ]);
    expect_contains(&err, &["rules::cli::baseline_format"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn perft_counts_do_not_depend_on_the_threads() {
    for args in [
        ["perft", "games/chess.rules", "--depth", "3"],
        ["perft", "games/amazons.rules", "--depth", "2"],
    ] {
        let one = ok(&[&args[..], &["--jobs", "1", "--divide"]].concat());
        let three = ok(&[&args[..], &["--jobs", "3", "--divide"]].concat());
        assert_eq!(one, three);
        let total = ok(&[&args[..], &["--jobs", "2"]].concat());
        assert_eq!(Some(total.trim()), one.lines().last());
    }
}

#[test]
fn playout_results_do_not_depend_on_the_threads() {
    // 600 games: three blocks of seeds, shared unevenly by the threads.
    let args = [
        "playout",
        "games/tic-tac-toe.rules",
        "--n",
        "600",
        "--seed",
        "7",
        "--format",
        "json",
    ];
    let results = |jobs: &str| {
        let out = ok(&[&args[..], &["--jobs", jobs]].concat());
        let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        (
            json["wins"].clone(),
            json["draws"].clone(),
            json["mean_length"].clone(),
        )
    };
    let one = results("1");
    assert_eq!(one, results("2"));
    assert_eq!(one, results("5"));
}

#[test]
fn play_names_every_command_and_its_help_does_not_offer_standard_input() {
    let (stdout, _, success) = run_with_input(&["play", "games/tic-tac-toe.rules"], "quit\n");
    assert!(success, "{stdout}");
    let at = stdout
        .find("Type a move")
        .expect("the opening names the commands");
    let opening = stdout[at..]
        .split(".\n")
        .next()
        .unwrap_or_default()
        .replace('\n', " ");
    for c in [
        "help",
        "moves",
        "board",
        "rules",
        "undo",
        "history",
        "save FILE",
        "quit",
    ] {
        assert!(opening.contains(c), "`{c}` missing from: {opening}");
    }
    let (help, _, _) = run_with_input(&["play", "games/tic-tac-toe.rules"], "help\nquit\n");
    for c in ["history", "save FILE", "quit"] {
        assert!(
            help.contains(&format!("  {c} ")),
            "`{c}` missing from help:\n{help}"
        );
    }
    let usage = ok(&["play", "--help"]);
    assert!(!usage.contains("reads it from standard input"), "{usage}");
    assert!(usage.contains("not `-`"), "{usage}");
}

#[test]
fn play_reads_short_forms_and_says_what_they_were_read_as() {
    let (stdout, _, success) =
        run_with_input(&["play", "games/connect-four.rules"], "d1\nd3\nhistory\nquit\n");
    assert!(success, "{stdout}");
    assert!(stdout.contains("played D@d1 (read as D@d1)"), "{stdout}");
    // d3 is no drop yet (d2 is empty): refused, not read as another cell.
    assert!(!stdout.contains("played D@d3"), "{stdout}");
    // The record keeps the full notation.
    let moves = command(&["moves", "games/chess.rules", "--moves", "e4 e5 Nf3"])
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&moves.stderr);
    assert!(moves.status.success(), "{stderr}");
    assert!(stderr.contains("note: move 3 `Nf3` read as g1-f3"), "{stderr}");
}

#[test]
fn play_announces_check_and_names_the_winning_line() {
    let (out, _, ok_) = run_with_input(&["play", "games/chess.rules"], "e4\nf5\nQh5\nquit\n");
    assert!(ok_, "{out}");
    assert!(out.contains("Black is in check: King on e8."), "{out}");
    let (out, _, ok_) = run_with_input(&["play", "games/tic-tac-toe.rules"], "a1\nb1\na2\nb2\na3\nquit\n");
    assert!(ok_, "{out}");
    assert!(flat(&out).contains("— on a1 a2 a3."), "{out}");
    let (out, _, _) = run_with_input(&["play", "games/round-table.rules"], "quit\n");
    assert!(out.contains("pool: "), "{out}");
}

#[test]
fn json_diagnostics_carry_fixes_that_repair_the_file() {
    let dir = scratch_dir("fixes");
    let text = std::fs::read_to_string(crate_dir().join("games/breakthrough.rules")).expect("the game");
    let broken = text
        .replace("step forward onto empty", "step forwrd onto empty")
        .replace(
            "directions slant = White: ne, nw",
            "directions slant = White: northeast, nw",
        )
        .replace(
            "win P when count(Pawn in far, P) > 0",
            "win P when count(Pawn in far, P) = 1",
        );
    assert_ne!(broken, text);
    let path = dir.join("broken.rules");
    std::fs::write(&path, &broken).expect("written");
    let out = run(&["check", path_arg(&path), "--format", "json"]);
    let problems: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let mut edits: Vec<(usize, usize, String)> = problems
        .as_array()
        .expect("a list")
        .iter()
        .flat_map(|p| p["suggestions"].as_array().cloned().unwrap_or_default())
        .map(|s| {
            assert_eq!(s["applicability"], "MachineApplicable");
            let at = |k: &str| s["span"][k]["offset"].as_u64().expect("an offset") as usize;
            (
                at("start"),
                at("end"),
                s["replacement"].as_str().expect("text").to_string(),
            )
        })
        .collect();
    assert_eq!(edits.len(), 3, "{problems:#}");
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut fixed = broken.clone();
    for (start, end, replacement) in edits {
        fixed.replace_range(start..end, &replacement);
    }
    let expected = text.replace(
        "win P when count(Pawn in far, P) > 0",
        "win P when count(Pawn in far, P) == 1",
    );
    assert_eq!(fixed, expected);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn conditions_on_a_neighbour_read_as_what_they_mean() {
    let (out, _, ok_) = run_with_input(&["play", "games/connect-four.rules"], "rules\nquit\n");
    assert!(ok_, "{out}");
    let flat_out = flat(&out);
    assert!(
        flat_out.contains("on an empty cell with no empty cell below it"),
        "{out}"
    );
    assert!(!flat_out.contains("not next to"), "{out}");
}

#[test]
fn rules_words_core_rules_promotions_and_the_pool() {
    let (out, _, ok_) = run_with_input(&["play", "games/chess.rules"], "rules\nquit\n");
    assert!(ok_, "{out}");
    let chess = flat(&out);
    assert!(!chess.contains("moves as its rule says"), "{out}");
    assert!(
        chess.contains("double: as written: if in second, go forward"),
        "{out}"
    );
    assert!(
        chess.contains("Promotions:") && chess.contains("A Pawn ending in the “last” region becomes a Queen"),
        "{out}"
    );
    let (out, _, ok_) = run_with_input(&["play", "games/round-table.rules"], "rules\nquit\n");
    assert!(ok_, "{out}");
    let round = flat(&out);
    assert!(
        round.contains("Pool, shared by every player (lowest rank first): 1 Bishop, 1 Rook, 1 Queen, 1 King"),
        "{out}"
    );
    assert!(
        round.contains("is replaced by the lowest-ranked piece of the pool"),
        "{out}"
    );
}

#[test]
fn play_says_a_turn_has_exactly_its_actions_and_asks_for_the_rest() {
    let (out, _, ok_) = run_with_input(
        &["play", "games/connect6.rules", "--set", "size=7"],
        "S@d4\nS@a1\nquit\n",
    );
    assert!(ok_, "{out}");
    let out = flat(&out);
    assert!(
        out.contains(
            "exactly (if no Stones are left on the board then 1 else 2) actions (fewer if the game \
             ends first), joined by a comma: place a Stone"
        ),
        "{out}"
    );
    assert!(out.contains("`S@a1` is not a whole move."), "{out}");
}

#[test]
fn a_turn_whose_actions_explode_is_warned_and_the_shipped_games_are_not() {
    let text = std::fs::read_to_string(crate_dir().join(KK)).expect("the game");
    let three = text
        .replace("Knights: reserve 2 Knight", "Knights: reserve 3 Knight")
        .replace("else 2), distinct pieces", "else 3), distinct pieces");
    assert_ne!(three, text);
    let dir = scratch_dir("explode");
    let path = dir.join("three-knights.rules");
    std::fs::write(&path, three).expect("written");
    let out = run(&["check", path_arg(&path)]);
    let stderr = flat(&String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "a warning, not an error: {stderr}");
    assert!(
        stderr.contains("rules::warn::many_combinations") && stderr.contains("turn `knights_move`"),
        "{stderr}"
    );
    for game in std::fs::read_dir(crate_dir().join("games")).expect("games/") {
        let game = game.expect("an entry").path();
        let out = run(&["check", path_arg(&game)]);
        assert!(
            !String::from_utf8_lossy(&out.stderr).contains("many_combinations"),
            "{}",
            game.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_terminal_board_follows_the_declared_style() {
    let (out, _, ok_) = run_with_input(&["play", "games/connect-four.rules"], "quit\n");
    assert!(ok_, "{out}");
    assert!(
        out.contains("· empty cell") && !out.contains("dark cell"),
        "{out}"
    );
    assert!(out.contains("6 │ ·  ·  ·  ·  ·  ·  · │ 6"), "{out}");
    let (out, _, _) = run_with_input(&["play", KK], "quit\n");
    assert!(out.contains("· dark cell"), "{out}");
}

#[test]
fn a_winner_by_turn_is_said_once_as_written() {
    let dir = scratch_dir("winners");
    let text = std::fs::read_to_string(crate_dir().join("games/tic-tac-toe.rules")).expect("the game");
    let misere = text.replace(
        "for P in players: win P when line(3, P)",
        "win opponent(mover) when line(3, mover)",
    );
    assert_ne!(misere, text);
    let path = dir.join("misere.rules");
    std::fs::write(&path, misere).expect("written");
    let (out, _, _) = run_with_input(&["play", path_arg(&path)], "quit\n");
    let text = out.split_whitespace().collect::<Vec<_>>().join(" ");
    let sentence = "A win for the opponent of the player who moved when the player who moved has 3 in a row.";
    assert_eq!(text.matches(sentence).count(), 1, "{text}");
}

#[test]
fn play_draws_a_board_wider_than_26_files_with_two_letter_files() {
    let (stdout, _, success) = run_with_input(&["play", "tests/fixtures/wide.rules"], "quit\n");
    assert!(success, "{stdout}");
    let files = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("a ") && l.contains(" z "))
        .unwrap_or_else(|| panic!("no line of files in:\n{stdout}"));
    let files: Vec<&str> = files.split_whitespace().collect();
    assert_eq!(files.len(), 30, "{files:?}");
    assert_eq!(files[25..], ["z", "aa", "ab", "ac", "ad"]);
}
