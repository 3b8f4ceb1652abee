//! Architecture rules, checked on the source text of `src/`:
//! - the Rust code knows no game: no game, piece or player name appears anywhere
//!   under `src/` (every rule of a game lives in its `.rules` file);
//! - the layers stay apart: the engine and the IR know nothing of parsing,
//!   graphs or diagnostics; the compiler sees the typed AST, never pest's
//!   parse tree; only the parser side of `syntax` names pest's `Rule`;
//! - the front ends are siblings: none names another's modules but a named
//!   list of entry points;
//! - functions stay short: none in `src/` runs over 120 lines but a named
//!   allow-list of at most five (dispatch tables, the engine's hot path).
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

/// Every file under `dir` (relative to the crate), with its path relative
/// to the crate and its text, sorted by path.
fn files_under(dir: &str) -> Vec<(String, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut stack = vec![root.join(dir)];
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
    files
        .into_iter()
        .map(|path| {
            let rel = relative(&root, &path);
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
            (rel, String::from_utf8_lossy(&bytes).into_owned())
        })
        .collect()
}

/// Every file under `src/`, relative to the crate, sorted.
fn source_files() -> Vec<(String, String)> {
    let files = files_under("src");
    assert!(files.len() > 10, "src/ looks empty: {files:?}");
    files
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

// ---------------------------------------------------------------------------
// Front ends as siblings.

/// The front ends, each a folder of sources: the command line, the web page,
/// the engine protocol, the editors' analysis and the Python package. None
/// names another's modules (what two of them share lives in the library),
/// except for the [`FRONT_END_ENTRY_POINTS`]. The names are those by which
/// other code reaches each one (`crate::web`, `rulebook::protocol`); the
/// Python package is reached by none.
const FRONT_ENDS: &[(&str, &str)] = &[
    ("src/cli/", "cli"),
    ("src/web/", "web"),
    ("src/protocol/", "protocol"),
    ("src/ide/", "ide"),
    ("python/src/", "python"),
];

/// What a front end may call of another, named by its whole path: the
/// command line's dispatcher starts the web server, the engine protocol and
/// the language server; the web page's editor is built on the editors'
/// analysis, as the language server is.
const FRONT_END_ENTRY_POINTS: &[(&str, &str)] = &[
    ("src/cli/", "crate::web::serve"),
    ("src/cli/", "rulebook::protocol::serve"),
    ("src/cli/", "rulebook::ide::Document"),
    ("src/web/", "rulebook::ide::Document"),
];

/// The roots a path to another front end starts from: the crate (the
/// binary's, where `cli` and `web` live, or the library's), the library
/// from outside, and `super` chains climbing out of a front end's folder.
const PATH_ROOTS: &[&str] = &["crate", "rulebook", "super"];

/// The sources of every front end (`.rs` files), relative to the crate, sorted.
fn front_end_sources() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = FRONT_ENDS
        .iter()
        .flat_map(|(dir, _)| files_under(dir))
        .filter(|(path, _)| path.ends_with(".rs"))
        .collect();
    files.sort();
    files
}

/// The statements of a source, comments left out, each with its first
/// line's number: a `use` written over several lines is one statement, any
/// other line is one of its own.
fn statements(text: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut open_use = false;
    for (i, line) in text.lines().enumerate() {
        let code = line.find("//").map_or(line, |at| &line[..at]).trim();
        if open_use {
            let last = out.last_mut().expect("a statement is open");
            last.1.push(' ');
            last.1.push_str(code);
        } else {
            out.push((i + 1, code.to_string()));
            let words: Vec<&str> = code.split_whitespace().take(2).collect();
            open_use = words.first() == Some(&"use") || words.get(1) == Some(&"use");
        }
        if code.contains(';') {
            open_use = false;
        }
    }
    out
}

/// Whether `c` may be part of an identifier.
fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// What `statement`, in a file of the front end whose folder is `folder`,
/// names of another front end: a path (`crate::cli::thought`,
/// `super::super::web`, `rulebook::protocol::Server`) or a group naming one
/// (`use rulebook::{ide, diag}`); `None` when it names none, or only an
/// entry point allowed to `folder`.
fn other_front_end_named(folder: &str, statement: &str) -> Option<String> {
    let others = FRONT_ENDS
        .iter()
        .filter(|(dir, _)| *dir != folder)
        .map(|(_, name)| *name);
    for name in others {
        for root in PATH_ROOTS {
            let path = format!("{root}::{name}");
            for (at, _) in statement.match_indices(&path) {
                let before = statement[..at].chars().next_back();
                let rest = &statement[at + path.len()..];
                if before.is_some_and(is_path_char) || rest.chars().next().is_some_and(is_path_char) {
                    continue;
                }
                let named: String = statement[at..]
                    .chars()
                    .take_while(|c| is_path_char(*c) || *c == ':')
                    .collect();
                let allowed = FRONT_END_ENTRY_POINTS.iter().any(|(dir, entry)| {
                    *dir == folder
                        && named.starts_with(entry)
                        && !named[entry.len()..].starts_with(|c: char| is_path_char(c))
                });
                if !allowed {
                    return Some(named.trim_end_matches(':').to_string());
                }
            }
            // A group under a root: `use rulebook::{ide::Document, diag};`.
            let group = format!("{root}::{{");
            if let Some(at) = statement.find(&group) {
                let inside = &statement[at + group.len()..];
                let names_it = inside.split(|c: char| !is_path_char(c)).any(|word| word == name);
                if names_it {
                    return Some(format!("{root}::{{… {name} …}}"));
                }
            }
        }
    }
    None
}

/// The folder of the front end `path` belongs to.
fn front_end_folder(path: &str) -> &'static str {
    FRONT_ENDS
        .iter()
        .find(|(dir, _)| path.starts_with(dir))
        .map(|(dir, _)| *dir)
        .unwrap_or_else(|| panic!("{path} is in no front end"))
}

#[test]
fn no_front_end_imports_another() {
    let files = front_end_sources();
    for (dir, _) in FRONT_ENDS {
        assert!(
            files.iter().any(|(p, _)| p.starts_with(dir)),
            "{dir} has no sources: is the list of front ends out of date?"
        );
    }
    let mut found = Vec::new();
    for (path, text) in &files {
        let folder = front_end_folder(path);
        for (line, statement) in statements(text) {
            if let Some(named) = other_front_end_named(folder, &statement) {
                found.push(format!("{path}:{line}: `{named}`: {statement}"));
            }
        }
    }
    assert_none(
        "a front end (src/cli, src/web, src/protocol, src/ide, python/src) must not name another's \
         modules, but for the entry points allowed (move what two share into the library)",
        found,
    );
}

/// The check above must be able to fail: its detector flags what it looks for.
#[test]
fn the_front_end_detector_flags_what_it_looks_for() {
    let flagged = |folder: &str, line: &str| other_front_end_named(folder, line);
    assert_eq!(
        flagged("src/web/", "use crate::cli::thought;").as_deref(),
        Some("crate::cli::thought")
    );
    assert_eq!(
        flagged("src/web/", "let r = super::super::cli::budget(e);").as_deref(),
        Some("super::cli::budget")
    );
    assert_eq!(
        flagged("src/cli/", "use rulebook::protocol::Server;").as_deref(),
        Some("rulebook::protocol::Server")
    );
    assert_eq!(
        flagged("python/src/", "use rulebook::ide::Document;").as_deref(),
        Some("rulebook::ide::Document")
    );
    assert_eq!(
        flagged("src/protocol/", "use crate::{ide, diag::Report};").as_deref(),
        Some("crate::{… ide …}")
    );
    // Entry points, to whom they are allowed only.
    assert_eq!(flagged("src/cli/", "crate::web::serve(files, port),"), None);
    assert_eq!(flagged("src/cli/", "rulebook::protocol::serve(session)?;"), None);
    assert_eq!(
        flagged("src/web/", "rulebook::protocol::serve(session)?;").as_deref(),
        Some("rulebook::protocol::serve")
    );
    assert_eq!(
        flagged("src/cli/", "crate::web::serve_more()").as_deref(),
        Some("crate::web::serve_more")
    );
    // A front end's own modules, and words that only look alike.
    assert_eq!(flagged("src/cli/", "use crate::cli::load;"), None);
    assert_eq!(flagged("src/web/", "code(rules::cli::no_games),"), None);
    assert_eq!(flagged("src/web/", "use rulebook::protocols_of_old;"), None);
    let multi = statements("use rulebook::{\n    diag,\n    ide, // the editor\n};\nfn f() {}\n");
    assert_eq!(multi.len(), 2);
    assert_eq!(multi[0].0, 1);
    assert_eq!(
        other_front_end_named("src/web/", &multi[0].1).as_deref(),
        Some("rulebook::{… ide …}")
    );
}

// No function in `src/` runs over [`MAX_LINES`] lines, counted from its `fn`
// line to its closing brace, except the few named in [`ALLOWED`]: a long
// function is split into named steps that read as the docs describe them.
// The allow-list is tight both ways: a function on it that has become short
// must leave it, so the count cannot drift back unseen.

/// The longest a function may be, in lines from `fn` to its closing brace.
const MAX_LINES: usize = 120;

/// The functions that may be longer, as `file: name`, each with its reason.
/// At most five: dispatch tables and the engine's hot path.
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "src/engine/core.rs",
        "run",
        "the core program's interpreter loop: the engine's hot path, one match the compiler keeps in registers",
    ),
    (
        "src/engine/movegen.rs",
        "paid_actions",
        "move listing of the engine's hot path, inlined as one loop",
    ),
    (
        "src/engine/fast.rs",
        "fast_actions",
        "the fast forms' move listing: the engine's hot path, inlined as one loop",
    ),
    (
        "src/cli/mod.rs",
        "run",
        "the command dispatch table: one arm a subcommand",
    ),
];

/// A function found in a source file: where it starts and how long it runs.
#[derive(Debug, PartialEq)]
struct Function {
    name: String,
    line: usize,
    lines: usize,
}

/// The name of the function a line declares, if it starts one (`fn`,
/// `pub fn`, `pub(crate) const fn`, …), and the line's indentation.
fn declared_function(line: &str) -> Option<(&str, usize)> {
    let indent = line.len() - line.trim_start().len();
    let mut words = line.split_whitespace();
    loop {
        let word = words.next()?;
        match word {
            "fn" => break,
            "pub" | "const" | "async" | "unsafe" | "extern" | "\"C\"" => {}
            w if w.starts_with("pub(") => {}
            _ => return None,
        }
    }
    let rest = words.next()?;
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (end > 0).then(|| (&rest[..end], indent))
}

/// Every function with a body in `text`, with its length: from the `fn` line
/// to the line that closes it at the same indentation (rustfmt's layout). A
/// function whose body closes on its own first line counts one line; a
/// declaration without a body (`fn f();` in a trait) is not listed.
fn functions(text: &str) -> Vec<Function> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let Some((name, indent)) = declared_function(line) else {
            continue;
        };
        let Some(body) = body_line(&lines[start..]) else {
            continue;
        };
        let code = code_of(lines[start + body]).trim_end();
        let lines =
            if body == 0 && code.ends_with('}') && code.matches('{').count() == code.matches('}').count() {
                Some(1)
            } else {
                lines[start + body + 1..]
                    .iter()
                    .position(|l| l.len() == indent + 1 && l.ends_with('}') && l[..indent].trim().is_empty())
                    .map(|close| body + close + 2)
            };
        if let Some(lines) = lines {
            found.push(Function {
                name: name.to_string(),
                line: start + 1,
                lines,
            });
        }
    }
    found
}

/// The line of `signature` (which starts at a `fn` line) where the body's `{`
/// is: the first `{` outside brackets, unless a `;` comes first (a
/// declaration without a body, as in a trait).
fn body_line(signature: &[&str]) -> Option<usize> {
    let mut depth = 0i32;
    for (i, line) in signature.iter().enumerate() {
        for c in code_of(line).chars() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                '{' if depth == 0 => return Some(i),
                ';' if depth == 0 => return None,
                _ => {}
            }
        }
    }
    None
}

#[test]
fn no_function_in_src_runs_over_the_limit_but_the_allowed_ones() {
    assert!(
        ALLOWED.len() <= 5,
        "the allow-list may name at most five functions"
    );
    let mut too_long = Vec::new();
    let mut allowed_and_long = Vec::new();
    for (path, text) in source_files().into_iter().filter(|(p, _)| p.ends_with(".rs")) {
        for f in functions(&text) {
            if f.lines <= MAX_LINES {
                continue;
            }
            if ALLOWED.iter().any(|(p, name, _)| *p == path && *name == f.name) {
                allowed_and_long.push((path.clone(), f.name.clone()));
            } else {
                too_long.push(format!("{path}:{}: `{}` runs {} lines", f.line, f.name, f.lines));
            }
        }
    }
    assert!(
        too_long.is_empty(),
        "{} function(s) over {MAX_LINES} lines: split each into named steps\n{}",
        too_long.len(),
        too_long.join("\n")
    );
    let stale: Vec<String> = ALLOWED
        .iter()
        .filter(|(p, name, _)| !allowed_and_long.iter().any(|(q, n)| q == p && n == name))
        .map(|(p, name, _)| format!("{p}: `{name}`"))
        .collect();
    assert!(
        stale.is_empty(),
        "allowed but no longer over {MAX_LINES} lines (or gone): take them off the list\n{}",
        stale.join("\n")
    );
}

/// The counter must be able to fail: it measures what rustfmt writes.
#[test]
fn the_counter_measures_functions_as_rustfmt_lays_them_out() {
    let text = "\
pub(crate) fn short(a: u8) -> u8 {
    a
}

impl Thing {
    /// Doc.
    pub const fn one_line(&self) -> u8 { 1 }

    fn split_signature(
        a: u8,
    ) -> u8
    where
        u8: Copy,
    {
        let inner = || {
        };
        a
    }
}

trait Declares {
    fn declared(&self);
    fn declared_over_lines(
        &self,
    ) -> u8;
    fn with_default(&self) {
        fn nested() {}
    }
}
";
    let found: Vec<(String, usize)> = functions(text).into_iter().map(|f| (f.name, f.lines)).collect();
    assert_eq!(
        found,
        [
            ("short".to_string(), 3),
            ("one_line".to_string(), 1),
            ("split_signature".to_string(), 10),
            ("with_default".to_string(), 3),
            ("nested".to_string(), 1),
        ]
    );
    assert_eq!(declared_function("let fnord = 1;"), None);
    assert_eq!(declared_function("    async fn go() {"), Some(("go", 4)));
    let long = format!("fn long() {{\n{}}}\n", "    x();\n".repeat(MAX_LINES));
    assert_eq!(functions(&long)[0].lines, MAX_LINES + 2);
}
