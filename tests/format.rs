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

// ------------------------------------------------------------ meaning kept

/// The names and results of the tests written in `text`, or the codes of
/// its problems if it does not compile.
fn test_results(text: &str) -> Result<Vec<(String, bool)>, Vec<&'static str>> {
    let source = SourceFile::new("t.rules", text);
    let game = rulebook::load(&source).map_err(|r| r.problems.iter().map(|p| p.code).collect::<Vec<_>>())?;
    Ok(rulebook::rule_tests::run(&source, &game, None)
        .into_iter()
        .map(|r| (r.name.clone(), r.passed()))
        .collect())
}

/// A game of two-action moves whose tests name such a move in two places
/// the formatter once missed (`tests/fixtures/format/joined-actions.rules`).
fn joined() -> String {
    std::fs::read_to_string("tests/fixtures/format/joined-actions.rules").expect("readable")
}

#[test]
fn a_move_of_joined_actions_keeps_its_comma() {
    let text = joined();
    let before = test_results(&text).expect("compiles");
    assert_eq!(
        before.iter().filter(|(_, passed)| *passed).count(),
        2,
        "{before:?}"
    );
    let laid = fmt(&text);
    assert_eq!(laid.matches("legal a1-a2,b1-b2").count(), 2, "{laid}");
    assert_eq!(test_results(&laid).expect("compiles"), before);
}

#[test]
fn a_lone_carriage_return_is_white_space_to_the_parser_and_to_fmt() {
    // The move list goes on past the carriage return: four moves, then the
    // status on a line of its own.
    let text = fs_game("tic-tac-toe") + "test \"four moves\" {\n  play a1 b1\ra2 b2\n  status ongoing\n}\n";
    let passed = |text: &str| {
        test_results(text)
            .expect("compiles")
            .iter()
            .any(|(name, passed)| name == "four moves" && *passed)
    };
    assert!(passed(&text));
    let laid = fmt(&text);
    assert!(!laid.contains('\r'), "{laid}");
    assert!(laid.contains("  play a1 b1 a2 b2\n"), "{laid}");
    assert!(passed(&laid));
}

fn fs_game(name: &str) -> String {
    std::fs::read_to_string(format!("games/{name}.rules")).expect("readable")
}

#[test]
fn fmt_check_reports_line_ends_and_spaces_after_comments() {
    let tidy = fs_game("tic-tac-toe");
    assert!(tidy.contains("//"), "the game has a comment to spoil");
    let crlf = tidy.replace('\n', "\r\n");
    let comment = tidy.find("//").expect("a comment");
    let end = comment + tidy[comment..].find('\n').expect("a line end");
    let trailing = format!("{} {}", &tidy[..end], &tidy[end..]);
    assert!(tidy.contains("players X, O"));
    let lone_cr = tidy.replace("players X, O", "players X,\rO");
    for (what, text) in [
        ("CRLF", crlf),
        ("a space after a comment", trailing),
        ("a lone CR", lone_cr),
    ] {
        assert_ne!(text, tidy, "{what}");
        assert_eq!(fmt(&text), tidy, "{what}");
        let dir = std::env::temp_dir().join(format!("rulebook-fmt-ends-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let file = dir.join("g.rules");
        std::fs::write(&file, &text).expect("writable");
        let check = std::process::Command::new(env!("CARGO_BIN_EXE_rulebook"))
            .args(["fmt", "--check", file.to_str().expect("UTF-8 path")])
            .output()
            .expect("runs");
        assert_eq!(
            check.status.code(),
            Some(1),
            "{what}: {}",
            String::from_utf8_lossy(&check.stdout)
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// The syntax tree of `text` without its spans: what the parser reads,
/// which the layout may not change.
fn tree(text: &str) -> String {
    let (file, errors) = rulebook::syntax::parse(&SourceFile::new("t.rules", text));
    assert!(errors.is_empty(), "{errors:?}");
    let debug = format!("{:?}", file.items);
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug.as_str();
    while let Some(i) = rest.find("Span { start: ") {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        rest = &rest[rest.find('}').map_or(rest.len(), |e| e + 1)..];
    }
    out.push_str(rest);
    out
}

/// `text` with its white space shaken where that cannot change what it
/// says: gaps between tokens wider or holding a lone carriage return,
/// spaces after `//` comments, blank lines added, and line ends made CRLF.
fn shaken_ends(text: &str, seed: u64) -> String {
    let mut state = seed | 1;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let (mut string, mut line_comment, mut block_comment) = (false, false, false);
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let code = !string && !line_comment && !block_comment;
        match c {
            '\n' if !block_comment => {
                if line_comment && next(2) == 0 {
                    out.push_str([" ", "\t", "\r", "  "][next(4) as usize]);
                }
                line_comment = false;
                out.push_str(if next(2) == 0 { "\r\n" } else { "\n" });
                if next(6) == 0 {
                    out.push_str(if next(2) == 0 { "\r\n" } else { "\n" });
                }
                continue;
            }
            ' ' if code => {
                out.push_str(["  ", " \r ", "\r", " ", " "][next(5) as usize]);
                continue;
            }
            '"' if !line_comment && !block_comment => string = !string,
            '/' if code && chars.peek() == Some(&'/') => line_comment = true,
            '/' if code && chars.peek() == Some(&'*') => block_comment = true,
            '*' if block_comment && chars.peek() == Some(&'/') => block_comment = false,
            _ => {}
        }
        out.push(c);
    }
    out
}

/// Every rules file of the repository that parses, read once.
fn all_parsing() -> &'static [(PathBuf, String)] {
    static FILES: std::sync::OnceLock<Vec<(PathBuf, String)>> = std::sync::OnceLock::new();
    FILES.get_or_init(parsing_files)
}

/// The perft counts of depths 1 and 2 from the start, with default options;
/// `None` if the rules do not compile or need options.
fn shallow_perft(text: &str) -> Option<(u64, u64)> {
    let game = rulebook::load(&SourceFile::new("t.rules", text)).ok()?;
    let engine = rulebook::engine::Engine::new(game, &[]).ok()?;
    let start = engine.start();
    Some((engine.perft(&start, 1), engine.perft(&start, 2)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn shaken_files_keep_their_tree_tests_and_perft(file in any::<prop::sample::Index>(), seed in any::<u64>()) {
        let files = all_parsing();
        let (path, text) = &files[file.index(files.len())];
        let shook = shaken_ends(text, seed);
        let laid = format(&SourceFile::new("t.rules", shook.as_str()))
            .unwrap_or_else(|p| panic!("{}: {p:?}", path.display()));
        prop_assert!(!laid.contains('\r'), "{}", path.display());
        prop_assert_eq!(tree(&laid), tree(&shook), "{}", path.display());
        prop_assert_eq!(fmt(&laid), laid.clone(), "{}: not idempotent", path.display());
        prop_assert_eq!(test_results(&laid), test_results(&shook), "{}", path.display());
        prop_assert_eq!(shallow_perft(&laid), shallow_perft(&shook), "{}", path.display());
    }
}
