//! Diagnostic snapshots: each `tests/ui/*.rules` is a small file with one kind
//! of mistake. Its problems, rendered as the CLI renders them (without colour,
//! 100 columns), are compared with `tests/snapshots/ui__diagnostics@<file>.snap`.
//!
//! Each file also names the codes it must produce in `// expect: <code>` lines
//! (one line per problem; `// expect: nothing` for a file that must give no
//! problem at all): the codes of its problems must be exactly those, no
//! more and no fewer, so a snapshot accepted by mistake still cannot hide a lost
//! diagnostic or a follow-on one. These lines state what the file *should*
//! produce; a mismatch fails the test even when the snapshot is up to date.
//!
//! A `// NOTE:` line marks a file whose current report is known to be poor
//! (repeated or follow-on problems, a misleading span): its `// expect:` lines
//! then record what is reported today, and the note says what is wrong.
//!
//! Every `rules::syntax`, `rules::compile` and `rules::warn` code made in
//! `src/` must have a file here, and every code of `src/` (with the
//! `rules::cli` ones) must be listed in `docs/DIAGNOSTICS.md`.
//!
//! Most files change one valid game of `tests/ui/base/` in one place. Any two
//! such changes of one base, applied together, must give exactly the errors of
//! both (`check` reports every error in one run: the compiler goes on past a
//! mistake with a placeholder). A `// pairs: alone: why` line marks a mistake
//! that changes the meaning of every other (a comment never closed), and
//! `// pairs: not with a, b: why` one that changes the meaning of those files'
//! mistakes (a larger board holds the cell that `a` puts outside the board).
//!
//! Update the snapshots with `INSTA_UPDATE=always cargo test --test ui`, then
//! read every changed `.snap` file.

use std::path::Path;

use miette::{GraphicalReportHandler, GraphicalTheme};
use rulebook::diag::{Report, Severity, SourceFile};

/// The `// expect: <code>` lines of a file, sorted (`// expect: nothing`
/// stands for no problem at all).
fn expected_codes(text: &str) -> Vec<String> {
    let mut codes: Vec<String> = expect_lines(text)
        .filter(|c| *c != "nothing")
        .map(String::from)
        .collect();
    codes.sort();
    codes
}

/// What the `// expect:` lines of a file say.
fn expect_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("// expect:"))
        .map(str::trim)
}

/// The name a file is reported under: relative to the crate, `/`-separated,
/// so that snapshots read the same on every machine.
fn report_name(path: &Path) -> String {
    format!(
        "tests/ui/{}",
        path.file_name().expect("a file name").to_string_lossy()
    )
}

fn render(report: &Report) -> String {
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(100)
        .render_report(&mut out, report)
        .expect("rendering into a String cannot fail");
    out
}

#[test]
fn diagnostics() {
    // Problems other than snapshot differences, gathered so that every file
    // still gets its snapshot checked (or written).
    let failures = std::cell::RefCell::new(Vec::<String>::new());
    insta::glob!("ui/*.rules", |path| {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = report_name(path);
        let expected = expected_codes(&text);
        let fail = |message: String| failures.borrow_mut().push(format!("{name}: {message}"));
        if expect_lines(&text).next().is_none() {
            fail("no `// expect: <code>` (or `// expect: nothing`) line".into());
        }

        let source = SourceFile::new(name.clone(), text);
        let (game, problems) = rulebook::check(&source);
        let mut codes: Vec<String> = problems.iter().map(|p| p.code.to_string()).collect();
        codes.sort();
        if codes != expected {
            fail(format!(
                "the codes of its problems are {codes:?}, expected {expected:?}"
            ));
        }
        let has_error = problems.iter().any(|p| p.severity == Severity::Error);
        if game.is_some() == has_error {
            fail(format!(
                "a game should come back exactly when there is no error (game: {}, errors: {has_error})",
                game.is_some()
            ));
        }
        for p in &problems {
            if p.span.end > source.text.len() || p.span.start > p.span.end {
                fail(format!(
                    "span {:?} of `{}` is outside the file",
                    p.span, p.message
                ));
            }
        }

        let report = Report::new(&source, problems);
        let rendered = render(&report);
        if !rendered.contains(&report.summary) {
            fail("the rendered report lacks its summary".into());
        }
        insta::assert_snapshot!(rendered);
    });
    let failures = failures.into_inner();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_ui_file_is_small_and_aimed() {
    // At least 55 files, each one a separate mistake, each small.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui");
    let files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/ui exists")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    assert!(files.len() >= 55, "only {} files in tests/ui", files.len());
    for file in &files {
        let lines = std::fs::read_to_string(file).expect("readable").lines().count();
        assert!(
            lines <= 80,
            "{} has {lines} lines: keep ui files small",
            file.display()
        );
    }
}

/// Every `rules::<stage>::<name>` code written anywhere under `dir` (recursively,
/// in files ending with `ext`), restricted to the given stages.
fn codes_in(dir: &Path, ext: &str, stages: &[&str]) -> std::collections::BTreeSet<String> {
    let mut codes = std::collections::BTreeSet::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).expect("a readable directory") {
                stack.push(entry.expect("an entry").path());
            }
            continue;
        }
        if !path.to_string_lossy().ends_with(ext) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a readable file");
        for (at, _) in text.match_indices("rules::") {
            let rest = &text[at + "rules::".len()..];
            let Some((stage, tail)) = rest.split_once("::") else {
                continue;
            };
            if !stages.contains(&stage) {
                continue;
            }
            let name: String = tail
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                .collect();
            if !name.is_empty() {
                codes.insert(format!("rules::{stage}::{name}"));
            }
        }
    }
    codes
}

#[test]
fn every_code_a_rules_file_can_trigger_has_a_ui_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let in_src = codes_in(&root.join("src"), ".rs", &["syntax", "compile", "warn"]);
    let expected: std::collections::BTreeSet<String> = std::fs::read_dir(root.join("tests/ui"))
        .expect("tests/ui exists")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .flat_map(|p| expected_codes(&std::fs::read_to_string(p).expect("readable")))
        .collect();
    let untested: Vec<_> = in_src.difference(&expected).collect();
    assert!(untested.is_empty(), "codes without a tests/ui file: {untested:?}");
    let unknown: Vec<_> = expected.difference(&in_src).collect();
    assert!(
        unknown.is_empty(),
        "`// expect:` codes that src/ never makes: {unknown:?}"
    );
}

#[test]
fn diagnostics_reference_lists_exactly_the_codes_of_src() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let stages = ["syntax", "compile", "warn", "cli", "test"];
    let in_src = codes_in(&root.join("src"), ".rs", &stages);
    let in_doc = codes_in(&root.join("docs/DIAGNOSTICS.md"), ".md", &stages);
    let undocumented: Vec<_> = in_src.difference(&in_doc).collect();
    assert!(
        undocumented.is_empty(),
        "codes missing from docs/DIAGNOSTICS.md: {undocumented:?}"
    );
    let stale: Vec<_> = in_doc.difference(&in_src).collect();
    assert!(
        stale.is_empty(),
        "docs/DIAGNOSTICS.md lists codes that src/ never makes: {stale:?}"
    );
}

// ---------------------------------------------------------------- pairs

/// The valid games that most files of `tests/ui` change in one place.
const BASES: [&str; 4] = ["tiny", "ring", "promotion", "core"];

/// The most lines a ui file may change in its base and still count as a
/// change of it (larger ones are whole files of their own).
const MAX_CHANGED_LINES: usize = 12;

/// Lines `start..end` of a base replaced by `lines`.
#[derive(Debug, Clone)]
struct Hunk {
    start: usize,
    end: usize,
    lines: Vec<String>,
}

/// A ui file seen as a change of one base.
struct Change {
    name: String,
    base: usize,
    hunks: Vec<Hunk>,
    /// Its errors, as `code: message`, sorted.
    errors: Vec<String>,
    /// It has a syntax error in the first line of an item (so the whole item is lost).
    breaks_item: bool,
    /// The files whose mistakes its own mistake is not independent of, from a
    /// `// pairs: not with A, B: why` line; all of them for `// pairs: alone: why`.
    not_with: NotWith,
}

/// Which other files a file's mistake changes the meaning of.
enum NotWith {
    None,
    Some(Vec<String>),
    All,
}

impl NotWith {
    /// Reads the `// pairs:` line of a file, if any.
    fn of(text: &str) -> NotWith {
        let Some(line) = text.lines().find_map(|l| l.strip_prefix("// pairs:")) else {
            return NotWith::None;
        };
        let (what, why) = line.split_once(':').unwrap_or((line, ""));
        assert!(!why.trim().is_empty(), "a `// pairs:` line must say why: {line}");
        match what.trim().strip_prefix("not with ") {
            Some(list) => NotWith::Some(list.split(',').map(|f| f.trim().to_string()).collect()),
            None => {
                assert_eq!(
                    what.trim(),
                    "alone",
                    "`// pairs: alone: …` or `// pairs: not with a, b: …`"
                );
                NotWith::All
            }
        }
    }

    /// Whether the mistake of the ui file `other` (a name without `.rules`) is independent.
    fn allows(&self, other: &str) -> bool {
        match self {
            NotWith::None => true,
            NotWith::Some(list) => !list.iter().any(|f| f == other),
            NotWith::All => false,
        }
    }
}

/// `tests/ui/x.rules` → `x`.
fn stem(name: &str) -> &str {
    name.trim_start_matches("tests/ui/").trim_end_matches(".rules")
}

/// The lines of a file after its leading `//` lines (what it says of itself).
fn body(text: &str) -> Vec<String> {
    text.lines()
        .skip_while(|l| l.starts_with("//"))
        .map(String::from)
        .collect()
}

/// The hunks that turn `from` into `to` (a longest-common-subsequence diff).
fn diff(from: &[String], to: &[String]) -> Vec<Hunk> {
    let (n, m) = (from.len(), to.len());
    // lcs[i][j]: the longest common subsequence of from[i..] and to[j..].
    let mut lcs = vec![vec![0usize; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if from[i] == to[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut hunks: Vec<Hunk> = Vec::new();
    let mut open: Option<Hunk> = None;
    while i < n || j < m {
        if i < n && j < m && from[i] == to[j] {
            hunks.extend(open.take());
            i += 1;
            j += 1;
            continue;
        }
        let hunk = open.get_or_insert(Hunk {
            start: i,
            end: i,
            lines: Vec::new(),
        });
        if j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j]) {
            hunk.lines.push(to[j].clone());
            j += 1;
        } else {
            i += 1;
            hunk.end = i;
        }
    }
    hunks.extend(open);
    hunks
}

/// The errors of a text, as `code: message`, sorted.
fn errors_of(name: &str, text: &str) -> Vec<String> {
    let (_, problems) = rulebook::check(&SourceFile::new(name, text));
    let mut errors: Vec<String> = problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .map(|p| format!("{}: {}", p.code, p.message))
        .collect();
    errors.sort();
    errors
}

/// The first line of each top-level item of a base (a line that starts with
/// a word other than a comment), in order.
fn item_starts(base: &[String]) -> Vec<usize> {
    (0..base.len())
        .filter(|&i| base[i].starts_with(|c: char| c.is_ascii_alphabetic()))
        .collect()
}

/// The lines `start..end` of the item holding base line `line`.
fn item_of(starts: &[usize], len: usize, line: usize) -> (usize, usize) {
    let i = starts.partition_point(|&s| s <= line);
    let start = if i == 0 { 0 } else { starts[i - 1] };
    (start, starts.get(i).copied().unwrap_or(len))
}

/// `base` with the hunks of both changes applied.
fn apply(base: &[String], a: &[Hunk], b: &[Hunk]) -> String {
    let mut hunks: Vec<&Hunk> = a.iter().chain(b).collect();
    hunks.sort_by_key(|h| (h.start, h.end));
    let mut out: Vec<String> = Vec::new();
    let mut at = 0;
    for h in hunks {
        out.extend(base[at..h.start].iter().cloned());
        out.extend(h.lines.iter().cloned());
        at = h.end;
    }
    out.extend(base[at..].iter().cloned());
    out.join("\n") + "\n"
}

/// Whether two changes leave at least one line untouched between their
/// hunks. Neighbouring lines are mostly one construct (the two lines of a
/// duplicate, a statement and the next one it runs into), so mistakes there
/// are not independent; `duplicate_move_unknown_direction.rules` is such a
/// pair made on purpose.
fn apart(a: &[Hunk], b: &[Hunk]) -> bool {
    a.iter()
        .all(|x| b.iter().all(|y| x.end < y.start || y.end < x.start))
}

#[test]
fn every_pair_of_independent_mistakes_is_reported_in_one_run() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui");
    let bases: Vec<Vec<String>> = BASES
        .iter()
        .map(|b| {
            let path = dir.join("base").join(format!("{b}.rules"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let (game, problems) = rulebook::check(&SourceFile::new(b.to_string(), text.clone()));
            assert!(
                game.is_some() && problems.is_empty(),
                "the base {b} must be a valid game without warnings: {problems:?}"
            );
            body(&text)
        })
        .collect();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/ui exists")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    let mut changes = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let name = report_name(path);
        let errors = errors_of(&name, &text);
        if errors.is_empty() {
            continue; // warnings only: they are looked for once a file has no error
        }
        let lines = body(&text);
        let closest = bases
            .iter()
            .enumerate()
            .map(|(i, base)| {
                let hunks = diff(base, &lines);
                let size: usize = hunks.iter().map(|h| (h.end - h.start).max(h.lines.len())).sum();
                (size, i, hunks)
            })
            .min_by_key(|(size, i, _)| (*size, *i))
            .expect("the bases");
        if closest.0 <= MAX_CHANGED_LINES {
            let base = &bases[closest.1];
            let starts = item_starts(base);
            let syntax = errors.iter().any(|e| e.starts_with("rules::syntax::"));
            let breaks_item = syntax
                && closest
                    .2
                    .iter()
                    .any(|h| (h.start..h.end.max(h.start + 1)).any(|l| starts.contains(&l)));
            let not_with = NotWith::of(&text);
            changes.push(Change {
                name,
                base: closest.1,
                hunks: closest.2,
                errors,
                breaks_item,
                not_with,
            });
        }
    }
    assert!(
        changes.len() >= 80,
        "only {} ui files change a base",
        changes.len()
    );
    let mut failures = Vec::new();
    let mut pairs = 0;
    for (i, a) in changes.iter().enumerate() {
        for b in &changes[i + 1..] {
            if a.base != b.base
                || !apart(&a.hunks, &b.hunks)
                || !a.not_with.allows(stem(&b.name))
                || !b.not_with.allows(stem(&a.name))
            {
                continue;
            }
            // A syntax error in the first line of an item loses the item:
            // mistakes inside it cannot be seen.
            let base = &bases[a.base];
            let starts = item_starts(base);
            let items = |c: &Change| -> Vec<(usize, usize)> {
                c.hunks
                    .iter()
                    .map(|h| item_of(&starts, base.len(), h.start))
                    .collect()
            };
            let (ia, ib) = (items(a), items(b));
            let shared = ia.iter().any(|x| ib.contains(x));
            if shared && (a.breaks_item || b.breaks_item) {
                continue;
            }
            pairs += 1;
            let text = apply(base, &a.hunks, &b.hunks);
            let got = errors_of("pair.rules", &text);
            let mut want: Vec<String> = a.errors.iter().chain(&b.errors).cloned().collect();
            want.sort();
            if got != want {
                failures.push(format!("{} + {}: expected {want:?}, got {got:?}", a.name, b.name));
            }
        }
    }
    assert!(pairs >= 2000, "only {pairs} pairs");
    assert!(
        failures.is_empty(),
        "{} of {pairs} pairs lose or add errors:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
