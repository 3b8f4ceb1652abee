//! The tests written inside rules files (`test "name" { … }`): every shipped
//! game's pass, each game has at least five, and a test written wrong fails
//! at the span of its wrong statement.

use std::path::PathBuf;

use rulebook::diag::SourceFile;
use rulebook::rule_tests::{self, TestResult};

/// The fewest tests a shipped game carries.
const MIN_TESTS: usize = 5;

fn games() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("games")
        .expect("games/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    files
}

fn run(path: &std::path::Path) -> (SourceFile, Vec<TestResult>) {
    let text = std::fs::read_to_string(path).expect("readable");
    let source = SourceFile::new(path.display().to_string(), text);
    let game = rulebook::load(&source)
        .unwrap_or_else(|r| panic!("{} does not compile: {}", path.display(), r.summary));
    let results = rule_tests::run(&source, &game, None);
    (source, results)
}

#[test]
fn every_shipped_game_passes_its_tests() {
    let mut failures = Vec::new();
    let mut few = Vec::new();
    for path in games() {
        let (_, results) = run(&path);
        if results.len() < MIN_TESTS {
            few.push(format!("{}: {} tests", path.display(), results.len()));
        }
        for r in results.iter().filter(|r| !r.passed()) {
            let problem = r.failure.as_ref().expect("a failed test says why");
            failures.push(format!("{}: {}", path.display(), problem.message));
        }
    }
    assert!(failures.is_empty(), "failed:\n{}", failures.join("\n"));
    assert!(
        few.is_empty(),
        "fewer than {MIN_TESTS} tests:\n{}",
        few.join("\n")
    );
}

#[test]
fn a_test_written_wrong_fails_at_its_wrong_statement() {
    let (source, results) = run(std::path::Path::new("tests/fixtures/rule_tests/wrong.rules"));
    let text = &source.text;
    let failed_at = |name: &str| {
        let r = results.iter().find(|r| r.name == name).expect("the test exists");
        let problem = r.failure.as_ref().unwrap_or_else(|| panic!("{name} should fail"));
        assert_eq!(problem.code, "rules::test::failed");
        (
            text[problem.span.start..problem.span.end].to_string(),
            problem.message.clone(),
        )
    };
    assert!(
        results
            .iter()
            .find(|r| r.name == "right")
            .is_some_and(TestResult::passed)
    );
    let (at, message) = failed_at("a move played twice");
    assert_eq!(at, "b2");
    assert!(message.contains("not a legal move"), "{message}");
    // The second `b2` of `play b2 b2`, not the first.
    let second = text.find("play b2 b2").expect("written") + "play b2 ".len();
    let r = results
        .iter()
        .find(|r| r.name == "a move played twice")
        .expect("exists");
    assert_eq!(r.failure.as_ref().map(|p| p.span.start), Some(second));
    let (at, message) = failed_at("a wrong perft");
    assert_eq!(at, "perft 2 = 71");
    assert!(message.contains("perft 2 is 72, not 71"), "{message}");
    let (at, message) = failed_at("a wrong status");
    assert_eq!(at, "status win O");
    assert!(message.contains("the status is win X, not win O"), "{message}");
    let (at, message) = failed_at("a legal move called illegal");
    assert_eq!(at, "c3");
    assert!(message.contains("is legal here"), "{message}");
    let (at, message) = failed_at("a typo called illegal");
    assert_eq!(at, "d4");
    assert!(message.contains("no cell of the board"), "{message}");
    let (at, message) = failed_at("a wrong count");
    assert_eq!(at, "count(Cross) == 2");
    assert!(
        message.contains("the left side is 1, the right side 2"),
        "{message}"
    );
}

#[test]
fn options_of_a_test_are_set_for_it_alone() {
    let text = "players A, B\noption size: int = 3 in 2..5\nboard grid files size ranks size\n\
                piece Stone letter S { drop: onto empty }\nsupply Stone\nend { no move: draw }\n\
                test \"bigger\" {\n  set size = 4\n  perft 1 = 16\n}\ntest \"default\" {\n  perft 1 = 9\n}\n";
    let source = SourceFile::new("sized.rules", text);
    let game = rulebook::load(&source).expect("compiles");
    let results = rule_tests::run(&source, &game, None);
    assert_eq!(results.len(), 2);
    assert!(results.iter().all(TestResult::passed), "{results:?}");
    let only = rule_tests::run(&source, &game, Some("big"));
    assert_eq!(only.len(), 1);
}

#[test]
fn the_test_command_reports_each_test_and_the_total() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_rulebook"))
            .args(args)
            .env("NO_COLOR", "1")
            .output()
            .expect("the binary runs")
    };
    let out = run(&["test", "tests/fixtures/rule_tests/wrong.rules"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout.contains("wrong.rules: ok     right"), "{stdout}");
    assert!(stdout.contains("wrong.rules: FAILED a wrong perft"), "{stdout}");
    assert!(stdout.trim_end().ends_with("1 passed, 6 failed"), "{stdout}");
    assert!(
        stderr.contains("rules::test::failed") && stderr.contains("fails here"),
        "{stderr}"
    );

    let out = run(&[
        "test",
        "tests/fixtures/rule_tests/wrong.rules",
        "--filter",
        "right",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .trim_end()
            .ends_with("1 passed, 0 failed")
    );

    let out = run(&[
        "test",
        "tests/fixtures/rule_tests/wrong.rules",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["passed"], 1);
    assert_eq!(json["failed"], 6);
    let tests = json["files"][0]["tests"].as_array().expect("tests");
    let perft = tests
        .iter()
        .find(|t| t["name"] == "a wrong perft")
        .expect("listed");
    assert_eq!(perft["passed"], false);
    assert_eq!(perft["failure"]["code"], "rules::test::failed");
    assert_eq!(perft["failure"]["line"], 22);

    let out = run(&["test", "tests/ui/test_history.rules"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("FAILED (the rules do not compile)"));
}
