//! Loading a rules file for the CLI, applying `--set` options and replaying `--moves`.

use std::path::Path;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};
use thiserror::Error;

use rulebook::diag::{Report, SourceFile};
use rulebook::engine::{Engine, Position};
use rulebook::notation;

/// A problem on the command line or with its inputs, shown as a miette report.
#[derive(Debug, Error, Diagnostic)]
pub enum CliError {
    /// The rules file cannot be read.
    #[error("cannot read `{path}`: {reason}")]
    #[diagnostic(
        code(rules::cli::unreadable_file),
        help("check the path; rules files usually live in games/")
    )]
    Unreadable { path: String, reason: String },
    /// The rules file is not UTF-8.
    #[error("`{path}` is not UTF-8 text (invalid byte at offset {offset})")]
    #[diagnostic(code(rules::cli::not_utf8), help("save the rules file as UTF-8"))]
    NotUtf8 { path: String, offset: usize },
    /// The rules file is empty.
    #[error("`{path}` is empty")]
    #[diagnostic(
        code(rules::cli::empty_file),
        help("a rules file needs at least players, a board, turns and end rules; see docs/LANGUAGE.md")
    )]
    Empty { path: String },
    /// The rules file has errors (already printed).
    /// The rules file has errors, already printed as a report: the process
    /// just exits with status 1.
    #[error("{0}")]
    #[diagnostic(code(rules::cli::invalid_rules))]
    Invalid(String),
    /// A `--set` that is not `name=value`.
    #[error("`--set {0}` is not of the form name=value")]
    #[diagnostic(code(rules::cli::bad_set), help("write e.g. `--set turn_limit=100`"))]
    BadSet(String),
    /// An option value the game refuses.
    #[error("{0}")]
    #[diagnostic(code(rules::cli::bad_option))]
    Option(String),
    /// Standard output was closed by its reader: the command ends quietly
    /// (never shown).
    #[error("standard output is closed")]
    #[diagnostic(code(rules::cli::io))]
    OutputClosed,
    /// Writing the output failed for another reason.
    #[error("cannot write the output: {0}")]
    #[diagnostic(code(rules::cli::io))]
    Output(String),
    /// A move in `--moves` that cannot be played.
    #[error("move {index} `{text}` {reason}")]
    #[diagnostic(code(rules::cli::illegal_move))]
    Move {
        index: usize,
        text: String,
        reason: String,
        #[help]
        legal: Option<String>,
    },
}

impl CliError {
    /// The error of a failed write to standard output.
    pub fn from_output(error: std::io::Error) -> CliError {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            CliError::OutputClosed
        } else {
            CliError::Output(error.to_string())
        }
    }
}

/// Reads and compiles a rules file; prints warnings; errors come back as a report.
pub fn load_engine(path: &Path, sets: &[String]) -> Result<Engine, miette::Report> {
    let source = read_source(path)?;
    let (game, problems) = rulebook::check(&source);
    let report = Report::new(&source, problems);
    if !report.problems.is_empty() {
        super::output::to_stderr(&render(&report));
    }
    let Some(game) = game else {
        return Err(CliError::Invalid(report.summary).into());
    };
    let overrides = parse_sets(sets)?;
    Engine::new(game, &overrides).map_err(|e| CliError::Option(e.to_string()).into())
}

/// Reads a rules file as UTF-8 text.
pub fn read_source(path: &Path) -> Result<SourceFile, CliError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| CliError::Unreadable {
        path: name.clone(),
        reason: e.to_string(),
    })?;
    let text = String::from_utf8(bytes).map_err(|e| CliError::NotUtf8 {
        path: name.clone(),
        offset: e.utf8_error().valid_up_to(),
    })?;
    if text.trim().is_empty() {
        return Err(CliError::Empty { path: name });
    }
    Ok(SourceFile::new(name, text))
}

/// Renders a report as text, without colour when not on a terminal or with `NO_COLOR`.
pub fn render(report: &Report) -> String {
    let colour =
        std::env::var_os("NO_COLOR").is_none() && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let theme = if colour {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    // Writing into a String cannot fail.
    let _ = handler.render_report(&mut out, report);
    out
}

fn parse_sets(sets: &[String]) -> Result<Vec<(String, String)>, CliError> {
    sets.iter()
        .map(|s| {
            s.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .filter(|(k, _)| !k.is_empty())
                .ok_or_else(|| CliError::BadSet(s.clone()))
        })
        .collect()
}

/// Plays the space-separated moves from the start; an illegal or malformed move
/// is an error naming it, its position and the legal moves there.
pub fn replay(engine: &Engine, moves: Option<&str>) -> Result<Position, CliError> {
    notation::play_sequence(engine, moves.unwrap_or("")).map_err(|e| {
        let (text, reason) = match &e.error {
            notation::ParseMoveError::Malformed(t) => (t.clone(), "is not written as a move".to_string()),
            notation::ParseMoveError::NotLegal(t) if e.legal.is_empty() => {
                (t.clone(), "cannot be played: the game is over".to_string())
            }
            notation::ParseMoveError::NotLegal(t) => (t.clone(), "is not legal in this position".to_string()),
        };
        CliError::Move {
            index: e.index,
            text,
            reason,
            legal: (!e.legal.is_empty()).then(|| format!("legal moves here: {}", e.legal.join(" "))),
        }
    })
}
