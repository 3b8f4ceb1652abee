//! Diagnostic snapshots: each `tests/ui/*.rules` is a small file with one kind
//! of mistake. Its problems, rendered as the CLI renders them (without colour,
//! 100 columns), are compared with `tests/snapshots/ui__diagnostics@<file>.snap`.
//!
//! Each file also names the codes it must produce in `// expect: <code>` lines
//! (one line per problem): the codes of its problems must be exactly those, no
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
//! Update the snapshots with `INSTA_UPDATE=always cargo test --test ui`, then
//! read every changed `.snap` file.

use std::path::Path;

use miette::{GraphicalReportHandler, GraphicalTheme};
use rulebook::diag::{Report, Severity, SourceFile};

/// The `// expect: <code>` lines of a file, sorted.
fn expected_codes(text: &str) -> Vec<String> {
    let mut codes: Vec<String> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("// expect:"))
        .map(|c| c.trim().to_string())
        .collect();
    codes.sort();
    codes
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
        if expected.is_empty() {
            fail("no `// expect: <code>` line".into());
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
    let stages = ["syntax", "compile", "warn", "cli"];
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
