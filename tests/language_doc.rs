//! `docs/LANGUAGE.md` keeps its promises about its examples:
//!
//! - every ```` ```rules ```` block that is a complete rules file (its first
//!   line that is not a comment is a `game` item, and it declares `players`)
//!   compiles without errors, and its `test` blocks pass;
//! - every ```` ```rules ```` block introduced by a line that names a shipped
//!   game (`games/NAME.rules`) is a quotation: each of its lines, but for
//!   comment-only lines and `…`, is a line of that file (or of one of the
//!   files named there), leading and trailing spaces aside;
//! - every `games/NAME.rules` file is named in the page, and every
//!   `rules::…` code the page gives is one that `docs/DIAGNOSTICS.md` lists.

use std::path::PathBuf;

use rulebook::diag::{Severity, SourceFile};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A fenced block of the page: its tag, its text, the line it starts on, and
/// the last line of text before it that is not blank.
struct Block {
    tag: String,
    text: String,
    line: usize,
    lead: String,
}

fn blocks(doc: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = doc.lines().enumerate();
    let mut lead = String::new();
    while let Some((i, line)) = lines.next() {
        let Some(tag) = line.strip_prefix("```") else {
            if !line.trim().is_empty() {
                lead = line.to_string();
            }
            continue;
        };
        let mut text = String::new();
        for (_, body) in lines.by_ref() {
            if body.starts_with("```") {
                break;
            }
            text.push_str(body);
            text.push('\n');
        }
        out.push(Block {
            tag: tag.trim().to_string(),
            text,
            line: i + 1,
            lead: std::mem::take(&mut lead),
        });
    }
    out
}

/// The lines that say something: not blank, not only a comment.
fn significant(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
}

/// Whether a block is a whole rules file.
fn is_complete(text: &str) -> bool {
    significant(text).next().is_some_and(|l| l.starts_with("game "))
        && significant(text).any(|l| l.starts_with("players "))
}

/// The shipped games named in a line (`games/chess.rules` gives `chess`).
fn games_named(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("games/") {
        let after = &rest[at + "games/".len()..];
        let name: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        if after[name.len()..].starts_with(".rules") && !name.is_empty() {
            out.push(name);
        }
        rest = after;
    }
    out
}

fn shipped_games() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("games"))
        .expect("games/")
        .filter_map(|e| {
            let name = e.expect("an entry").file_name().to_string_lossy().into_owned();
            name.strip_suffix(".rules").map(str::to_string)
        })
        .collect();
    names.sort();
    names
}

#[test]
fn complete_rules_files_in_the_page_compile() {
    let doc = read("docs/LANGUAGE.md");
    let mut checked = 0;
    for block in blocks(&doc).iter().filter(|b| b.tag == "rules") {
        if !is_complete(&block.text) {
            continue;
        }
        let name = format!("LANGUAGE.md:{}", block.line);
        let source = SourceFile::new(name.clone(), block.text.clone());
        let (game, problems) = rulebook::check_with(&source, &[]);
        let errors: Vec<String> = problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .map(|p| format!("{}: {}", p.code, p.message))
            .collect();
        assert!(
            game.is_some() && errors.is_empty(),
            "the rules file at {name} does not compile: {errors:#?}"
        );
        let game = game.expect("checked just above");
        for result in rulebook::rule_tests::run(&source, &game, None) {
            assert!(result.passed(), "{name}: {:?}", result.failure.map(|p| p.message));
        }
        checked += 1;
    }
    assert!(
        checked >= 4,
        "only {checked} complete rules files found in the page"
    );
}

#[test]
fn quoted_excerpts_are_lines_of_the_games_they_name() {
    let doc = read("docs/LANGUAGE.md");
    let mut quotes = 0;
    for block in blocks(&doc).iter().filter(|b| b.tag == "rules") {
        let games = games_named(&block.lead);
        if games.is_empty() || is_complete(&block.text) {
            continue;
        }
        let files: Vec<String> = games.iter().map(|g| read(&format!("games/{g}.rules"))).collect();
        for line in significant(&block.text).filter(|l| *l != "…") {
            assert!(
                files.iter().any(|f| f.lines().any(|fl| fl.trim() == line)),
                "LANGUAGE.md:{}: `{line}` is not a line of games/{}.rules",
                block.line,
                games.join(".rules or games/")
            );
        }
        quotes += 1;
    }
    assert!(
        quotes >= 10,
        "only {quotes} quotations of the games found in the page"
    );
}

#[test]
fn every_shipped_game_is_named_in_the_page() {
    let doc = read("docs/LANGUAGE.md");
    let games = shipped_games();
    assert!(games.len() >= 14, "games/ holds {} rules files", games.len());
    for game in games {
        assert!(
            doc.contains(&format!("games/{game}.rules")),
            "docs/LANGUAGE.md never names games/{game}.rules"
        );
    }
}

#[test]
fn every_diagnostic_code_the_page_gives_exists() {
    let doc = read("docs/LANGUAGE.md");
    let diagnostics = read("docs/DIAGNOSTICS.md");
    let mut rest = doc.as_str();
    let mut seen = 0;
    while let Some(at) = rest.find("rules::") {
        let code: String = rest[at..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        rest = &rest[at + code.len()..];
        // `rules::compile::…` lists: only whole codes are looked up.
        if code.matches("::").count() != 2 || code.ends_with(':') {
            continue;
        }
        assert!(
            diagnostics.contains(&format!("`{code}`")),
            "docs/LANGUAGE.md gives `{code}`, which docs/DIAGNOSTICS.md does not list"
        );
        seen += 1;
    }
    assert!(seen > 0, "no diagnostic code found in the page");
}

/// §1.2 lists every command of the binary (as `rulebook --help` lists them).
#[test]
fn running_rulebook_lists_every_command() {
    let doc = read("docs/LANGUAGE.md");
    let start = doc.find("### 1.2 Running rulebook").expect("§1.2");
    let end = start + doc[start..].find("### 1.3").expect("§1.3");
    let section = &doc[start..end];
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .arg("--help")
        .output()
        .expect("the binary runs");
    let help = String::from_utf8(out.stdout).expect("UTF-8");
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 10, "{help}");
    for c in commands {
        assert!(
            section.contains(&format!("`rulebook {c} ")),
            "§1.2 of LANGUAGE.md does not list `rulebook {c}`"
        );
    }
}
