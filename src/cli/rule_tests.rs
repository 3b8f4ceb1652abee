//! `test`: runs the tests written in rules files (`test "name" { … }`) and
//! closes with `N passed, N failed`.

use std::path::PathBuf;

use serde_json::json;

use super::Format;
use super::commands::{json_problems, json_unreadable};
use super::load::{self, CliError};
use super::output::{Out, to_stderr};
use rulebook::diag::{Report, SourceFile};
use rulebook::rule_tests::{self, TestResult};

/// The tests of one file, or why they could not run.
struct FileRun {
    name: String,
    /// The file and the results; `Err` with the problems (rendered, and as
    /// JSON) if it cannot be read or does not compile.
    results: Result<(SourceFile, Vec<TestResult>), (String, serde_json::Value)>,
}

/// `test`: every test of every file (those whose name contains `filter`);
/// an error if one failed or a file does not compile.
pub fn run(files: &[PathBuf], filter: Option<&str>, format: Format) -> miette::Result<()> {
    let mut out = Out::stdout();
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut json_files = Vec::new();
    for path in files {
        let run = run_file(path, filter);
        let (source, results) = match &run.results {
            Ok((source, results)) => (source, results),
            Err((rendered, problems)) => {
                failed += 1;
                match format {
                    Format::Human => {
                        to_stderr(rendered);
                        out.line(format!("{}: FAILED (the rules do not compile)", run.name))?;
                    }
                    Format::Json => json_files.push(json!({
                        "file": run.name, "compiles": false, "problems": problems, "tests": [],
                    })),
                }
                continue;
            }
        };
        passed += results.iter().filter(|r| r.passed()).count();
        failed += results.iter().filter(|r| !r.passed()).count();
        match format {
            Format::Human => human(&mut out, &run.name, source, results)?,
            Format::Json => json_files.push(json_file(&run.name, source, results)),
        }
    }
    match format {
        Format::Human => out.line(format!("{passed} passed, {failed} failed"))?,
        Format::Json => out.line(format!(
            "{:#}",
            json!({ "files": json_files, "passed": passed, "failed": failed })
        ))?,
    }
    out.finish()?;
    if failed > 0 {
        return Err(CliError::Invalid(format!("{failed} failed")).into());
    }
    Ok(())
}

/// Reads, compiles and runs the tests of one file.
fn run_file(path: &std::path::Path, filter: Option<&str>) -> FileRun {
    let source = match load::read_source(path) {
        Ok(s) => s,
        Err(e) => {
            let rendered = load::render_one(&e);
            let problem = json_unreadable(&e, path);
            return FileRun {
                name: path.display().to_string(),
                results: Err((rendered, problem)),
            };
        }
    };
    let (game, problems) = rulebook::check(&source);
    let name = source.name.clone();
    let results = match game {
        Some(game) => {
            let results = rule_tests::run(&source, &game, filter);
            Ok((source, results))
        }
        None => {
            let report = Report::new(&source, problems);
            Err((load::render(&report), json_problems(&source, &report)))
        }
    };
    FileRun { name, results }
}

/// One line per test; a failure's diagnostic on standard error.
fn human(out: &mut Out, name: &str, source: &SourceFile, results: &[TestResult]) -> Result<(), CliError> {
    if results.is_empty() {
        return out.line(format!("{name}: no tests"));
    }
    for r in results {
        match &r.failure {
            None => out.line(format!("{name}: ok     {}", r.name))?,
            Some(problem) => {
                out.line(format!("{name}: FAILED {}", r.name))?;
                to_stderr(&load::render(&Report::new(source, vec![problem.clone()])));
            }
        }
    }
    Ok(())
}

/// One file's results as JSON: each test with its name, line and failure.
fn json_file(name: &str, source: &SourceFile, results: &[TestResult]) -> serde_json::Value {
    let tests: Vec<serde_json::Value> = results
        .iter()
        .map(|r| {
            let (line, column) = source.line_col(r.span.start);
            let failure = match &r.failure {
                Some(p) => json_problems(source, &Report::new(source, vec![p.clone()]))
                    .as_array()
                    .and_then(|a| a.first().cloned())
                    .unwrap_or_default(),
                None => serde_json::Value::Null,
            };
            json!({ "name": r.name, "passed": r.passed(), "line": line, "column": column, "failure": failure })
        })
        .collect();
    json!({ "file": name, "compiles": true, "problems": [], "tests": tests })
}
