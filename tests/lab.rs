//! The balance laboratory on the command line: `match`, `analyze` (the
//! same results whatever `--jobs`), its shares and their merge (the single
//! run's report; mismatched shares refused), the picture, and the errors of
//! agents, variants and shares.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const KK: &str = "games/knights-and-kender.rules";

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(args)
        .current_dir(crate_dir())
        .env("NO_COLOR", "1")
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked"),
        "`rulebook {}` panicked:\n{stderr}",
        args.join(" ")
    );
    out
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "`rulebook {}` failed:\n{}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The standard error of a command that must fail.
fn fails(args: &[&str]) -> String {
    let out = run(args);
    assert!(!out.status.success(), "`rulebook {}` succeeded", args.join(" "));
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh scratch folder under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// A small study: two variants of Knights & Kender, random against a small search.
const STUDY: &[&str] = &[
    "analyze",
    KK,
    "--vary",
    "kender_to_win=1..2",
    "--players",
    "random,mcts:8",
    "--games",
    "6",
    "--seed",
    "5",
];

fn study(extra: &[&str]) -> String {
    let mut args = STUDY.to_vec();
    args.extend_from_slice(extra);
    ok(&args)
}

#[test]
fn analyze_gives_the_same_results_whatever_the_jobs() {
    for format in ["table", "json", "csv"] {
        let one = study(&["--jobs", "1", "--format", format]);
        let two = study(&["--jobs", "2", "--format", format]);
        assert_eq!(one, two, "--format {format}");
    }
    let table = study(&["--jobs", "2"]);
    assert!(
        table.contains("kender_to_win=1") && table.contains("kender_to_win=2"),
        "{table}"
    );
    assert!(
        table.contains("Kender wins") && table.contains("first mover"),
        "{table}"
    );
    let json: serde_json::Value = serde_json::from_str(&study(&["--format", "json"])).expect("JSON");
    let variants = json["variants"].as_array().expect("variants");
    assert_eq!(variants.len(), 2);
    assert_eq!(variants[0]["games"], 6);
    assert_eq!(variants[0]["first_mover"], "Knights");
    let csv = study(&["--format", "csv"]);
    assert_eq!(csv.lines().count(), 3, "{csv}");
    assert!(csv.starts_with("variant,games,kender_wins,"), "{csv}");
}

#[test]
fn shares_merge_into_the_report_of_a_single_run() {
    let dir = scratch("shares");
    let mut files = Vec::new();
    for i in 1..=3 {
        let share = study(&["--shard", &format!("{i}/3")]);
        let file = dir.join(format!("share-{i}.json"));
        std::fs::write(&file, share).expect("written");
        files.push(file.display().to_string());
    }
    for format in ["table", "json", "csv"] {
        let single = study(&["--format", format]);
        let mut args = vec!["analyze", "merge", "--format", format];
        // In any order.
        args.extend([&files[2], &files[0], &files[1]].map(String::as_str));
        assert_eq!(ok(&args), single, "--format {format}");
    }
    // A share missing, given twice, or of another study.
    let err = fails(&["analyze", "merge", &files[0], &files[1]]);
    assert!(
        err.contains("rules::cli::shard_mismatch") && err.contains("shares 3 of 3 are missing"),
        "{err}"
    );
    let err = fails(&["analyze", "merge", &files[0], &files[0], &files[1]]);
    assert!(err.contains("given twice"), "{err}");
    let other = dir.join("other.json");
    let mut args: Vec<&str> = STUDY.iter().map(|a| if *a == "5" { "6" } else { a }).collect();
    args.extend(["--shard", "3/3"]);
    std::fs::write(&other, ok(&args)).expect("written");
    let err = fails(&[
        "analyze",
        "merge",
        &files[0],
        &files[1],
        &other.display().to_string(),
    ]);
    assert!(
        err.contains("belongs to another study") && err.contains("seeds differ"),
        "{err}"
    );
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"format\": 3}").expect("written");
    let err = fails(&["analyze", "merge", &junk.display().to_string()]);
    assert!(err.contains("rules::cli::shard_format"), "{err}");
}

#[test]
fn analyze_draws_its_picture() {
    let dir = scratch("plot");
    let svg = dir.join("rates.svg");
    study(&["--plot", &svg.display().to_string()]);
    let text = std::fs::read_to_string(&svg).expect("the picture");
    assert!(text.starts_with("<svg") || text.contains("<svg"), "{text}");
    assert!(
        text.contains("Kender") && text.contains("Knights"),
        "the legend names the players"
    );
    // The key stands right of every point drawn (never over the data).
    let doc = roxmltree::Document::parse(&text).expect("SVG is XML");
    let number = |n: roxmltree::Node, a: &str| n.attribute(a).and_then(|v| v.parse::<f64>().ok());
    let key_x = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && n.text().map(str::trim) == Some("Kender"))
        .filter_map(|n| number(n, "x"))
        .fold(f64::INFINITY, f64::min);
    let points_x = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle"))
        .filter_map(|n| number(n, "cx"))
        .filter(|&x| x < key_x - 20.0)
        .count();
    let all_points = doc.descendants().filter(|n| n.has_tag_name("circle")).count();
    // Every circle but the key's own dots (one per player) lies left of the key.
    assert_eq!(points_x + 2, all_points, "key at x={key_x}");
    // A PNG by the ending of the name; a name with another ending is refused
    // before the games are played.
    let png = dir.join("rates.PNG");
    study(&["--plot", &png.display().to_string()]);
    let bytes = std::fs::read(&png).expect("the picture");
    assert!(bytes.starts_with(b"\x89PNG"), "a PNG file");
    let err = fails(&["analyze", KK, "--games", "2", "--plot", "rates.txt"]);
    assert!(err.contains("rules::cli::bad_output"), "{err}");
    assert!(!Path::new("rates.txt").exists());
}

#[test]
fn match_reports_scores_intervals_and_elo() {
    let args = [
        "match",
        "games/tic-tac-toe.rules",
        "--players",
        "mcts:200,random",
        "--swap",
        "--games",
        "5",
    ];
    let table = ok(&args);
    assert!(table.contains("mcts:200 against random; 10 games"), "{table}");
    assert!(table.contains("as X") && table.contains("as O"), "{table}");
    assert!(table.contains("Elo difference, mcts:200 − random: +"), "{table}");
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json", "--jobs", "1"]);
    let json: serde_json::Value = serde_json::from_str(&ok(&json_args)).expect("JSON");
    let agents = json["report"]["agents"].as_array().expect("agents");
    assert_eq!(agents[0]["agent"], "mcts:200");
    assert_eq!(agents[0]["total"]["games"], 10);
    // The search does not lose a game of tic-tac-toe to a random player.
    assert_eq!(agents[0]["total"]["losses"], 0, "{json:#}");
    let score = &agents[0]["total"]["score"];
    assert!(score["low"].as_f64() < score["value"].as_f64(), "{score}");
    let mut two = json_args.clone();
    *two.last_mut().expect("jobs") = "2";
    assert_eq!(ok(&json_args), ok(&two), "--jobs changes nothing");
}

#[test]
fn mistakes_of_agents_variants_and_shares_are_reported() {
    for (args, code, words) in [
        (
            vec!["match", KK, "--players", "random,alphazero"],
            "rules::cli::bad_agent",
            "`alphazero` is no agent",
        ),
        (
            vec!["match", KK, "--players", "mcts:0,random"],
            "rules::cli::bad_agent",
            "zero",
        ),
        (
            vec!["match", KK, "--players", "random"],
            "rules::cli::players_count",
            "names 1 agents",
        ),
        (
            vec!["analyze", KK, "--vary", "kender_to_win=3..1"],
            "rules::cli::bad_variants",
            "a ≤ b",
        ),
        (
            vec![
                "analyze",
                KK,
                "--vary",
                "kender_to_win=1,2",
                "--set",
                "kender_to_win=3",
            ],
            "rules::cli::bad_variants",
            "varied too",
        ),
        (
            vec!["analyze", KK, "--shard", "4/3"],
            "rules::cli::bad_shard",
            "4/3",
        ),
        (
            vec!["analyze", KK, "--vary", "nonsense=1,2"],
            "rules::cli::bad_option",
            "nonsense",
        ),
        (
            vec!["play", KK, "--ai", "Knights=mcts:fast"],
            "rules::cli::bad_agent",
            "no budget",
        ),
        (
            vec!["play", KK, "--players", "human,robot"],
            "rules::cli::bad_agent",
            "`human` is a person",
        ),
        (
            vec!["play", KK, "--ai", "Dragons=random"],
            "rules::cli::unknown_side",
            "`--ai Dragons=random`",
        ),
    ] {
        let err = fails(&args);
        assert!(err.contains(code) && err.contains(words), "{args:?}:\n{err}");
    }
}

#[test]
fn play_shows_what_the_search_thought() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args(["play", "games/tic-tac-toe.rules", "--players", "human,mcts:300"])
        .current_dir(crate_dir())
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), b"X@b2\nquit\n").expect("written");
    let out = child.wait_with_output().expect("it ends");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("the program plays O (tree search, 300 playouts a move)"),
        "{stdout}"
    );
    assert!(stdout.contains("O (program) played O@"), "{stdout}");
    // (The line is wrapped to 80 columns.)
    assert!(
        stdout.contains("estimate: O ") && stdout.contains("best moves:") && stdout.contains(" playouts, "),
        "{stdout}"
    );
}

/// The README's recipe for one machine, with GNU parallel: four shares at
/// once, merged, give the single run's report.
#[test]
#[ignore = "needs GNU parallel (Debian's `parallel`); .ci/run installs it and runs this"]
fn the_gnu_parallel_recipe_gives_the_single_run() {
    let dir = scratch("gnu-parallel");
    let bin = env!("CARGO_BIN_EXE_rulebook");
    let study = STUDY[2..].join(" ");
    let script = format!(
        "parallel --halt now,fail=1 '{bin} analyze {KK} {study} --shard {{}}/4 > {dir}/share-{{}}.json' ::: 1 2 3 4 \
         && {bin} analyze merge {dir}/share-*.json",
        dir = dir.display(),
    );
    let out = Command::new("bash")
        .args(["-c", &script])
        .current_dir(crate_dir())
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "{script}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let merged = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(merged, ok(STUDY));
}
