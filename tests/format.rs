//! `rulebook fmt`: every shipped game is formatted, formatting is idempotent
//! on every rules file of the repository, and white space moved about
//! (wider gaps, other indentation, more blank lines) formats back to the
//! same text, with the same tokens.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use rulebook::diag::SourceFile;
use rulebook::format::format;

/// Every `.rules` file under `dir`, sorted.
fn rules_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).expect("readable") {
                stack.push(entry.expect("an entry").path());
            }
        } else if path.extension().is_some_and(|e| e == "rules") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The files of the repository that parse (those with syntax errors are not formatted).
fn parsing_files() -> Vec<(PathBuf, String)> {
    ["games", "tests", "examples"]
        .iter()
        .flat_map(|d| rules_files(Path::new(d)))
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            format(&SourceFile::new(p.display().to_string(), text.as_str())).ok()?;
            Some((p, text))
        })
        .collect()
}

fn fmt(text: &str) -> String {
    format(&SourceFile::new("t.rules", text)).expect("parses")
}

/// The text without any white space: what the layout may not change.
fn visible(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn every_shipped_game_is_formatted() {
    for path in rules_files(Path::new("games")) {
        let text = std::fs::read_to_string(&path).expect("readable");
        assert_eq!(
            fmt(&text),
            text,
            "{} is not formatted: run `rulebook fmt {}`",
            path.display(),
            path.display()
        );
    }
}

#[test]
fn formatting_is_idempotent_and_keeps_every_token() {
    let files = parsing_files();
    assert!(files.len() >= 100, "only {} files", files.len());
    for (path, text) in files {
        let once = fmt(&text);
        assert_eq!(
            fmt(&once),
            once,
            "{}: formatting twice changes it",
            path.display()
        );
        assert_eq!(
            visible(&once),
            visible(&text),
            "{}: a token changed",
            path.display()
        );
    }
}

#[test]
fn fmt_check_and_fmt_in_place() {
    let dir = std::env::temp_dir().join(format!("rulebook-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("g.rules");
    let tidy = std::fs::read_to_string("games/tic-tac-toe.rules").expect("readable");
    std::fs::write(
        &file,
        tidy.replace("players X, O", "players X ,O")
            .replace("a..c", "a .. c"),
    )
    .expect("writable");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_rulebook"))
            .args(args)
            .output()
            .expect("runs")
    };
    let path = file.to_str().expect("UTF-8 path");
    let check = run(&["fmt", "--check", path]);
    assert_eq!(check.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&check.stdout).contains("not formatted (line"));
    let fixed = run(&["fmt", path]);
    assert_eq!(fixed.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&file).expect("readable"), tidy);
    assert_eq!(run(&["fmt", "--check", path]).status.code(), Some(0));
    std::fs::write(&file, "players A B C {").expect("writable");
    let broken = run(&["fmt", path]);
    assert_eq!(broken.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&broken.stderr).contains("rules::syntax"));
    std::fs::remove_dir_all(&dir).ok();
}

/// A shipped game with its white space moved about where that cannot change
/// its meaning: gaps between tokens of a line made wider, lines indented
/// otherwise, blank lines added.
fn shaken(text: &str, seed: u64) -> String {
    let mut state = seed | 1;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut out = String::new();
    for line in text.lines() {
        if next(5) == 0 {
            out.push('\n');
        }
        let trimmed = line.trim_start();
        let is_moves = ["play ", "legal ", "illegal "]
            .iter()
            .any(|w| trimmed.starts_with(w));
        let indent = line.len() - trimmed.len();
        // Indentation inside the same block stays on the same side of the line before.
        out.push_str(&" ".repeat(indent + if indent > 0 { next(2) as usize } else { 0 }));
        let mut in_string = false;
        let mut prev = ' ';
        for c in trimmed.chars() {
            out.push(c);
            if c == '"' {
                in_string = !in_string;
            }
            if c == ' ' && prev != ' ' && !in_string && !is_moves && next(3) == 0 {
                out.push(' ');
            }
            prev = c;
        }
        out.push('\n');
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn shaken_games_format_to_the_same_tokens_and_stay_formatted(game in 0usize..24, seed in any::<u64>()) {
        let games = rules_files(Path::new("games"));
        let text = std::fs::read_to_string(&games[game % games.len()]).expect("readable");
        let shook = shaken(&text, seed);
        let laid = fmt(&shook);
        prop_assert_eq!(visible(&laid), visible(&text));
        prop_assert_eq!(fmt(&laid), laid.clone());
        let (_, errors) = rulebook::syntax::parse(&SourceFile::new("g", laid.as_str()));
        prop_assert!(errors.is_empty());
    }
}
