//! Architecture rules, checked on the source text of `src/`:
//! - the Rust code knows no game: no game, piece or player name appears anywhere
//!   under `src/` (every rule of a game lives in its `.rules` file);
//! - the layers stay apart: the engine and the IR know nothing of parsing,
//!   graphs or diagnostics; the compiler sees the typed AST, never pest's
//!   parse tree; only the parser side of `syntax` names pest's `Rule`.
//!
//! Each failure lists every offending `file:line`.

use std::path::{Path, PathBuf};

/// Names of the shipped games, their pieces and players (case-insensitive,
/// anywhere in a line, as the issues' `grep -riE` does).
const GAME_WORDS: &[&str] = &[
    "kender",
    "knight",
    "chivalry",
    "queen",
    "pawn",
    "pyramid",
    "stash",
    "merlin",
    "camelot",
    "guinevere",
    "arthur",
    "wedge",
    // The issues' grep has plain `round` (which also covers `round.?table`).
    "round",
    // The other shipped games and what only they have.
    "chess",
    "checkers",
    "draughts",
    "shogi",
    "reversi",
    "othello",
    "amazon",
    "morris",
    "tic-tac-toe",
    "tictactoe",
    "tic_tac_toe",
    "connect-four",
    "connect four",
    "connect_four",
    "gomoku",
    "rook",
    "bishop",
    "castl",
    "passant",
    "komi",
    "gess",
];

/// Every file under `src/`, relative to the crate, sorted.
fn source_files() -> Vec<(String, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut stack = vec![root.join("src")];
    let mut files = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() > 10, "src/ looks empty: {files:?}");
    files
        .into_iter()
        .map(|path| {
            let rel = relative(&root, &path);
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
            (rel, String::from_utf8_lossy(&bytes).into_owned())
        })
        .collect()
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .expect("under the crate")
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The game word in `line`, if any: a case-insensitive match of one of
/// [`GAME_WORDS`] anywhere in the line.
fn game_word(line: &str) -> Option<String> {
    let lower = line.to_lowercase();
    // Words of Rust and CSS that merely contain a game word.
    let lower = ["spawn", "background"]
        .iter()
        .fold(lower, |l, w| l.replace(w, " "));
    if let Some(w) = GAME_WORDS.iter().find(|w| lower.contains(*w)) {
        return Some(w.to_string());
    }
    None
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Whether `word` occurs in `line` as a whole identifier (not inside a longer one).
fn has_word(line: &str, word: &str) -> bool {
    line.match_indices(word).any(|(i, _)| {
        let before = line[..i].chars().next_back();
        let after = line[i + word.len()..].chars().next();
        !before.is_some_and(is_ident_char) && !after.is_some_and(is_ident_char)
    })
}

/// Whether `word` starts an identifier in `line` (`pest`, `pest_derive`, `pest::`
/// all count; `tempest` does not).
fn starts_word(line: &str, word: &str) -> bool {
    line.match_indices(word)
        .any(|(i, _)| !line[..i].chars().next_back().is_some_and(is_ident_char))
}

/// The code of a line, without a `//` comment (naive about `//` in strings,
/// which is enough for these checks).
fn code_of(line: &str) -> &str {
    line.find("//").map_or(line, |i| &line[..i])
}

/// `file:line: what: text` for each line of the selected files where
/// `find` reports something.
fn hits(
    files: &[(String, String)],
    select: impl Fn(&str) -> bool,
    find: impl Fn(&str) -> Option<String>,
) -> Vec<String> {
    let mut out = Vec::new();
    for (path, text) in files.iter().filter(|(p, _)| select(p)) {
        for (i, line) in text.lines().enumerate() {
            if let Some(what) = find(line) {
                out.push(format!("{path}:{}: `{what}`: {}", i + 1, line.trim()));
            }
        }
    }
    out
}

fn assert_none(rule: &str, hits: Vec<String>) {
    assert!(
        hits.is_empty(),
        "{rule}: {} hit(s):\n{}",
        hits.len(),
        hits.join("\n")
    );
}

#[test]
fn src_names_no_game_piece_or_player() {
    let files = source_files();
    let mut found = hits(&files, |_| true, game_word);
    // GTP has a command of that name, which its server takes and leaves
    // aside: the protocol's word, not a game's rule.
    found.retain(|h| !(h.starts_with("src/protocol/gtp/server.rs:") && h.contains(": `komi`: ")));
    assert_none(
        "src/ must not mention a game, piece or player (write it in a .rules file)",
        found,
    );
}

/// What the engine and the IR must not mention.
fn front_end_mention(line: &str) -> Option<String> {
    ["pest", "petgraph", "miette"]
        .into_iter()
        .find(|w| starts_word(line, w))
        .or_else(|| {
            ["crate::syntax", "crate::compile"]
                .into_iter()
                .find(|w| line.contains(w))
        })
        .map(String::from)
}

#[test]
fn engine_and_ir_know_nothing_of_the_front_end() {
    let files = source_files();
    assert_none(
        "src/engine and src/ir must not use pest, petgraph, miette, crate::syntax or crate::compile",
        hits(
            &files,
            |p| p.starts_with("src/engine/") || p.starts_with("src/ir/"),
            front_end_mention,
        ),
    );
}

/// What the compiler must not mention: pest's parse tree.
fn parse_tree_mention(line: &str) -> Option<String> {
    ["pest::", "Pair<", "Rule::"]
        .into_iter()
        .find(|w| {
            line.match_indices(w)
                .any(|(i, _)| !line[..i].chars().next_back().is_some_and(is_ident_char))
        })
        .map(String::from)
}

#[test]
fn compile_sees_the_ast_not_the_parse_tree() {
    let files = source_files();
    assert_none(
        "src/compile must work on the typed AST, not pest types (pest::, Pair<, Rule::)",
        hits(&files, |p| p.starts_with("src/compile/"), parse_tree_mention),
    );
}

/// The files that may name pest's `Rule`.
const RULE_ALLOWED: &[&str] = &[
    "src/syntax/lower.rs",
    "src/syntax/lower/test_blocks.rs",
    "src/syntax/parser.rs",
    "src/syntax/names.rs",
    "src/syntax/mod.rs",
    "src/syntax/recover.rs",
];

#[test]
fn only_the_parser_side_of_syntax_names_rule() {
    let files = source_files();
    assert_none(
        "only src/syntax/{lower,lower/test_blocks,parser,names,mod,recover}.rs may name pest's `Rule`",
        hits(
            &files,
            |p| !RULE_ALLOWED.contains(&p),
            |line| has_word(code_of(line), "Rule").then(|| "Rule".to_string()),
        ),
    );
}

/// The checks above must be able to fail: their matchers find what they look for.
#[test]
fn the_matchers_find_what_they_look_for() {
    for line in [
        "let kender = 1;",
        "// Knights move",
        "QUEEN",
        "\"Round Table\"",
        "round_table",
        "roundtable",
        "wedges",
        "the stash",
        "let around = table;",
        "// FEN for chess",
        "castling rights",
        "minishogi",
        "en passant",
        "Tic-Tac-Toe",
    ] {
        assert!(game_word(line).is_some(), "{line}");
    }
    for line in [
        "let table = 1;",
        "player",
        "piece",
        "MoveRule",
        "tokio::task::spawn_blocking",
    ] {
        assert_eq!(game_word(line), None, "{line}");
    }
    assert_eq!(front_end_mention("use pest::Parser;").as_deref(), Some("pest"));
    assert_eq!(
        front_end_mention("use pest_derive::Parser;").as_deref(),
        Some("pest")
    );
    assert_eq!(
        front_end_mention("use miette::Diagnostic;").as_deref(),
        Some("miette")
    );
    assert_eq!(front_end_mention("petgraph::Graph").as_deref(), Some("petgraph"));
    assert_eq!(
        front_end_mention("use crate::syntax::ast;").as_deref(),
        Some("crate::syntax")
    );
    assert_eq!(
        front_end_mention("use crate::compile::error;").as_deref(),
        Some("crate::compile")
    );
    assert_eq!(front_end_mention("a tempest in a teapot"), None);
    assert_eq!(
        parse_tree_mention("fn f(p: Pair<Rule>)").as_deref(),
        Some("Pair<")
    );
    assert_eq!(parse_tree_mention("Rule::item =>").as_deref(), Some("Rule::"));
    assert_eq!(
        parse_tree_mention("use pest::iterators;").as_deref(),
        Some("pest::")
    );
    assert_eq!(parse_tree_mention("MoveRule::new()"), None);
    assert!(has_word(code_of("use parser::{Rule, RulesParser};"), "Rule"));
    assert!(!has_word(code_of("struct MoveRule; enum Rules"), "Rule"));
    assert!(!has_word(code_of("x // Rule of thumb"), "Rule"));
}

/// Every text file of the repository (sources, docs, games, tests), relative
/// to the crate; build output and version control left out.
fn repository_files() -> Vec<(String, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut stack = vec![root.clone()];
    let mut files = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if path.is_dir() {
                if !matches!(name.as_str(), "target" | ".git") {
                    stack.push(path);
                }
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                files.push((relative(&root, &path), text));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn the_repository_sends_no_reader_to_a_file_outside_it() {
    // The shared rules page the games were first made exact in is not part of
    // the repository: the rules are in docs/games/. (The name is built here so
    // that a plain grep for it finds nothing.)
    let outside = ["GAMES", ".md"].concat();
    let files = repository_files();
    assert!(
        files.iter().any(|(p, _)| p == "docs/games/chivalry.md"),
        "docs/games/ is missing"
    );
    assert_none(
        "no file may refer to the shared rules page outside the repository",
        hits(
            &files,
            |_| true,
            |line| line.contains(&outside).then(|| outside.clone()),
        ),
    );
}

#[test]
fn the_language_reference_reproduces_the_shipped_games_verbatim() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/LANGUAGE.md")).expect("docs/LANGUAGE.md");
    for game in ["knights-and-kender", "chivalry", "round-table"] {
        let file = std::fs::read_to_string(root.join(format!("games/{game}.rules"))).expect("a game");
        let marker = format!("`games/{game}.rules`:\n\n```rules\n");
        let at = doc
            .find(&marker)
            .unwrap_or_else(|| panic!("docs/LANGUAGE.md does not show games/{game}.rules"))
            + marker.len();
        let shown = &doc[at..at + doc[at..].find("```\n").expect("the block ends")];
        assert!(
            shown == file,
            "docs/LANGUAGE.md shows another games/{game}.rules than the file"
        );
    }
}
