//! The `rulebook` command line: check, moves, perft, playout, play.

mod board_text;
mod load;
mod output;
mod play;

use std::path::PathBuf;
use std::time::Instant;

use clap::{Parser, Subcommand};

use rulebook::diag::{Report, Severity, SourceFile};
use rulebook::engine::{Engine, MoveBuf, Position, Status};
use rulebook::ir::Outcome;
use rulebook::notation;

use output::Out;

/// Check, run and play board games written in the rules language.
#[derive(Debug, Parser)]
#[command(name = "rulebook", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// How `check` prints its diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// Reports with the source lines, for people.
    Human,
    /// A JSON array, for programs.
    Json,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check a rules file: print every problem; exit 1 if there is an error.
    Check {
        /// The rules file.
        file: PathBuf,
        /// Output format: `human` (miette reports) or `json` (one array of
        /// diagnostics, for editors and CI).
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Treat warnings as errors (exit 1 if there is any).
        #[arg(long)]
        deny_warnings: bool,
    },
    /// List the legal moves after a sequence of moves, then the status.
    Moves {
        /// The rules file.
        file: PathBuf,
        /// Moves to play first, separated by spaces.
        #[arg(long)]
        moves: Option<String>,
        /// Set an option: name=value (repeatable).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        sets: Vec<String>,
    },
    /// Count the move sequences of a given length (perft).
    Perft {
        /// The rules file.
        file: PathBuf,
        /// Length of the sequences.
        #[arg(long)]
        depth: u32,
        /// Moves to play first, separated by spaces.
        #[arg(long)]
        moves: Option<String>,
        /// Set an option: name=value (repeatable).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        sets: Vec<String>,
        /// Also print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Play uniform random games from the start and report results and speed.
    Playout {
        /// The rules file.
        file: PathBuf,
        /// Number of games.
        #[arg(long)]
        n: u64,
        /// Seed of the random generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Set an option: name=value (repeatable).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        sets: Vec<String>,
    },
    /// Play a game in the terminal.
    Play {
        /// The rules file.
        file: PathBuf,
        /// Set an option: name=value (repeatable).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        sets: Vec<String>,
        /// Let the program play this side (repeatable; a random mover for now).
        #[arg(long = "ai", value_name = "SIDE")]
        ai: Vec<String>,
        /// Seed of the program's random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// Whether the error was already shown to the user (a rules file's report).
pub fn already_reported(error: &miette::Report) -> bool {
    matches!(
        error.downcast_ref::<load::CliError>(),
        Some(load::CliError::Invalid(_))
    )
}

/// Whether the command only stopped because its reader closed standard
/// output: then it ends quietly, with success.
pub use output::reader_gone;

/// Writes to standard error, ignoring failure (there is nowhere else to say it).
pub use output::to_stderr;

/// Runs the command line; the process exits 1 on any error.
pub fn run() -> miette::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Check {
            file,
            format,
            deny_warnings,
        } => check(&file, format, deny_warnings),
        Command::Moves { file, moves, sets } => {
            let engine = load::load_engine(&file, &sets)?;
            let pos = load::replay(&engine, moves.as_deref())?;
            let mut buf = MoveBuf::new();
            let mut out = Out::stdout();
            for name in notation::legal_move_names(&engine, &pos, &mut buf) {
                out.line(name)?;
            }
            out.line(format!("status: {}", status_text(&engine, &pos, &mut buf)))?;
            Ok(out.finish()?)
        }
        Command::Perft {
            file,
            depth,
            moves,
            sets,
            divide,
        } => {
            let engine = load::load_engine(&file, &sets)?;
            let pos = load::replay(&engine, moves.as_deref())?;
            let mut out = Out::stdout();
            let total = if divide {
                let mut rows: Vec<(String, u64)> = engine
                    .divide(&pos, depth)
                    .into_iter()
                    .map(|(m, n)| (notation::format(&engine, m.as_ref()), n))
                    .collect();
                rows.sort();
                for (name, n) in &rows {
                    out.line(format!("{name} {n}"))?;
                }
                if depth == 0 {
                    1
                } else {
                    rows.iter().map(|(_, n)| n).sum()
                }
            } else {
                engine.perft(&pos, depth)
            };
            out.line(format!("perft {depth} = {total}"))?;
            Ok(out.finish()?)
        }
        Command::Playout { file, n, seed, sets } => {
            let engine = load::load_engine(&file, &sets)?;
            let started = Instant::now();
            let stats = engine.playouts(n, seed);
            let secs = started.elapsed().as_secs_f64().max(1e-9);
            let game = engine.game();
            let mut out = Out::stdout();
            out.line(format!("games: {}", stats.games))?;
            for (p, wins) in stats.wins.iter().enumerate() {
                out.line(format!("win {}: {}", game.players[p], wins))?;
            }
            out.line(format!("draw: {}", stats.draws))?;
            let mean = stats.moves as f64 / stats.games.max(1) as f64;
            out.line(format!("mean length: {mean:.1} moves"))?;
            out.line(format!("playouts/s: {:.0}", stats.games as f64 / secs))?;
            out.line(format!("moves/s: {:.0}", stats.moves as f64 / secs))?;
            Ok(out.finish()?)
        }
        Command::Play { file, sets, ai, seed } => {
            let engine = load::load_engine(&file, &sets)?;
            play::run(&engine, &ai, seed)
        }
    }
}

fn check(file: &std::path::Path, format: Format, deny_warnings: bool) -> miette::Result<()> {
    let source = match load::read_source(file) {
        Ok(s) => s,
        Err(e) if format == Format::Json => {
            let problem = serde_json::json!([{
                "code": miette::Diagnostic::code(&e).map(|c| c.to_string()),
                "severity": "error",
                "message": e.to_string(),
                "file": file.display().to_string(),
            }]);
            let mut out = Out::stdout();
            out.line(format!("{problem:#}"))?;
            out.finish()?;
            return Err(e.into());
        }
        Err(e) => return Err(e.into()),
    };
    let (game, problems) = rulebook::check(&source);
    let report = Report::new(&source, problems);
    let warnings = report.problems.len()
        - report
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .count();
    let failed = game.is_none() || (deny_warnings && warnings > 0);
    let mut out = Out::stdout();
    match format {
        Format::Json => out.line(format!("{:#}", json_problems(&source, &report)))?,
        Format::Human => {
            if !report.problems.is_empty() {
                to_stderr(&load::render(&report));
            }
            if !failed {
                out.line(format!("{}: ok ({})", source.name, report.summary))?;
            }
        }
    }
    out.finish()?;
    if failed {
        if game.is_some() && format == Format::Human {
            to_stderr("warnings are denied (--deny-warnings)\n");
        }
        return Err(load::CliError::Invalid(report.summary).into());
    }
    Ok(())
}

/// The problems as JSON: code, severity, message, file, line, column, span, labels, help.
fn json_problems(source: &SourceFile, report: &Report) -> serde_json::Value {
    let position = |offset: usize| {
        let (line, column) = source.line_col(offset);
        serde_json::json!({ "offset": offset, "line": line, "column": column })
    };
    serde_json::Value::Array(
        report
            .problems
            .iter()
            .map(|p| {
                let (line, column) = source.line_col(p.span.start);
                serde_json::json!({
                    "code": p.code,
                    "severity": match p.severity { Severity::Error => "error", Severity::Warning => "warning" },
                    "message": p.message,
                    "file": source.name,
                    "line": line,
                    "column": column,
                    "span": { "start": position(p.span.start), "end": position(p.span.end) },
                    "label": p.label,
                    "labels": p.secondary.iter().map(|(span, label)| serde_json::json!({
                        "start": position(span.start), "end": position(span.end), "label": label,
                    })).collect::<Vec<_>>(),
                    "help": p.help,
                })
            })
            .collect(),
    )
}

/// `ongoing`, `win <Player>` or `draw`.
pub fn status_text(engine: &Engine, pos: &Position, buf: &mut MoveBuf) -> String {
    match engine.status(pos, buf) {
        Status::Ongoing => "ongoing".to_string(),
        Status::Over(Outcome::Draw) => "draw".to_string(),
        Status::Over(Outcome::Win(p)) => format!("win {}", engine.game().players[p.index()]),
    }
}
