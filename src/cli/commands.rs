//! The commands that print results: `check`, `moves`, `perft`, `playout`,
//! `completions`, each as text or (`--format json`) as JSON.

use std::path::Path;
use std::time::Instant;

use serde_json::json;

use super::load::{self, CliError, Loaded};
use super::output::{Out, to_stderr};
use super::{Cli, Format};
use rulebook::diag::{Report, Severity, SourceFile};
use rulebook::engine::{Engine, MAX_PERFT_DEPTH, MoveBuf, Position, Status};
use rulebook::ir::Outcome;
use rulebook::{notation, position_text};

/// `check`: every problem of a rules file; an error if it has errors (or
/// warnings, with `deny_warnings`).
pub fn check(file: &Path, format: Format, deny_warnings: bool) -> miette::Result<()> {
    let source = match load::read_source(file) {
        Ok(s) => s,
        Err(e) if format == Format::Json => {
            let problem = json_unreadable(&e, file);
            let mut out = Out::stdout();
            out.line(format!("{problem:#}"))?;
            out.finish()?;
            return Err(e.into());
        }
        Err(e) => return Err(e.into()),
    };
    let (game, problems) = rulebook::check(&source);
    let report = Report::new(&source, problems);
    let warnings = report
        .problems
        .iter()
        .filter(|p| p.severity == Severity::Warning)
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
        return Err(CliError::Invalid(report.summary).into());
    }
    Ok(())
}

/// A file that could not be read, as the one problem of a JSON list.
pub fn json_unreadable(e: &CliError, file: &Path) -> serde_json::Value {
    json!([{
        "code": miette::Diagnostic::code(e).map(|c| c.to_string()),
        "severity": "error",
        "message": e.to_string(),
        "file": file.display().to_string(),
    }])
}

/// The problems as JSON: code, severity, message, file, line, column, span, labels, help.
pub fn json_problems(source: &SourceFile, report: &Report) -> serde_json::Value {
    let position = |offset: usize| {
        let (line, column) = source.line_col(offset);
        json!({ "offset": offset, "line": line, "column": column })
    };
    serde_json::Value::Array(
        report
            .problems
            .iter()
            .map(|p| {
                let (line, column) = source.line_col(p.span.start);
                json!({
                    "code": p.code,
                    "severity": match p.severity { Severity::Error => "error", Severity::Warning => "warning" },
                    "message": p.message,
                    "file": source.name,
                    "line": line,
                    "column": column,
                    "span": { "start": position(p.span.start), "end": position(p.span.end) },
                    "label": p.label,
                    "labels": p.secondary.iter().map(|(span, label)| json!({
                        "start": position(span.start), "end": position(span.end), "label": label,
                    })).collect::<Vec<_>>(),
                    "help": p.help,
                    // rustc's form: the edit the help proposes, sure to be meant.
                    "suggestions": p.fix.iter().map(|(span, replacement)| json!({
                        "span": { "start": position(span.start), "end": position(span.end) },
                        "replacement": replacement,
                        "applicability": "MachineApplicable",
                    })).collect::<Vec<_>>(),
                })
            })
            .collect(),
    )
}

/// `moves`: the legal moves where the game stands, then its status.
pub fn moves(loaded: &Loaded, format: Format) -> miette::Result<()> {
    let engine = loaded.engine();
    let pos = loaded.position();
    let mut buf = MoveBuf::new();
    let legal = notation::legal_move_names(engine, pos, &mut buf);
    let status = engine.status(pos, &mut buf);
    load::budget(engine)?;
    let mut out = Out::stdout();
    match format {
        Format::Human => {
            for name in &legal {
                out.line(name)?;
            }
            out.line(format!("status: {}", status_text(engine, status)))?;
        }
        Format::Json => {
            let (word, winner) = status_words(engine, status);
            let to_move = (status == Status::Ongoing).then(|| player(engine, engine.mover(pos)));
            let value = json!({
                "moves_played": loaded.played().len(),
                "to_move": to_move,
                "legal_moves": legal,
                "status": word,
                "winner": winner,
                "position": position_text::write_readable(engine, pos),
            });
            out.line(format!("{value:#}"))?;
        }
    }
    Ok(out.finish()?)
}

/// `position`: the position where the game stands, as text (what
/// `--position` and a record's `position:` line take).
pub fn position(loaded: &Loaded) -> miette::Result<()> {
    let mut out = Out::stdout();
    out.line(position_text::write_readable(loaded.engine(), loaded.position()))?;
    Ok(out.finish()?)
}

/// Refuses a perft deeper than [`MAX_PERFT_DEPTH`], before the game is loaded.
pub fn check_depth(depth: u32) -> Result<(), CliError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(CliError::DepthTooLarge {
            depth,
            max: MAX_PERFT_DEPTH,
        });
    }
    Ok(())
}

/// `perft`: the number of move sequences of `depth` moves, with `divide`
/// the number below each first move.
pub fn perft(loaded: &Loaded, depth: u32, divide: bool, jobs: usize, format: Format) -> miette::Result<()> {
    let engine = loaded.engine();
    let pos = loaded.position();
    let rows = divide.then(|| divide_rows(engine, pos, depth, jobs));
    let total = match &rows {
        Some(_) if depth == 0 => 1,
        Some(rows) => rows.iter().map(|(_, n)| n).sum(),
        None if depth < 2 || jobs == 1 => engine.perft(pos, depth),
        None => rulebook::analysis::divide_on(engine, pos, depth, jobs)
            .iter()
            .map(|(_, n)| n)
            .sum(),
    };
    load::budget(engine)?;
    let mut out = Out::stdout();
    match format {
        Format::Human => {
            for (name, n) in rows.iter().flatten() {
                out.line(format!("{name} {n}"))?;
            }
            out.line(format!("perft {depth} = {total}"))?;
        }
        Format::Json => {
            let divide = rows.map(|rows| {
                rows.iter()
                    .map(|(name, n)| json!({ "move": name, "nodes": n }))
                    .collect::<Vec<_>>()
            });
            let value = json!({ "depth": depth, "nodes": total, "divide": divide });
            out.line(format!("{value:#}"))?;
        }
    }
    Ok(out.finish()?)
}

/// The count below each first move, sorted by the move's notation.
fn divide_rows(engine: &Engine, pos: &Position, depth: u32, jobs: usize) -> Vec<(String, u64)> {
    let mut rows: Vec<(String, u64)> = rulebook::analysis::divide_on(engine, pos, depth, jobs)
        .into_iter()
        .map(|(m, n)| (notation::format(engine, m.as_ref()), n))
        .collect();
    rows.sort();
    rows
}

/// `playout`: `n` uniform random games on `jobs` threads, each stopped
/// after `max_moves` moves: results, mean length and speed.
pub fn playout(
    loaded: &Loaded,
    n: u64,
    seed: u64,
    max_moves: u32,
    jobs: usize,
    format: Format,
) -> miette::Result<()> {
    let engine = loaded.engine();
    let started = Instant::now();
    let games = rulebook::analysis::random_games(engine, n, seed, max_moves, jobs);
    load::budget(engine)?;
    let stats = &games.stats;
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let game = engine.game();
    let mean = stats.moves as f64 / stats.games.max(1) as f64;
    let mut out = Out::stdout();
    match format {
        Format::Human => {
            out.line(format!("games: {}", stats.games))?;
            for (p, wins) in stats.wins.iter().enumerate() {
                out.line(format!("win {}: {}", game.players[p], wins))?;
            }
            out.line(format!("draw: {}", stats.draws))?;
            out.line(format!("mean length: {mean:.1} moves"))?;
            out.line(format!("playouts/s: {:.0}", stats.games as f64 / secs))?;
            out.line(format!("moves/s: {:.0}", stats.moves as f64 / secs))?;
            if let Some(note) = super::cap::note(games.capped, max_moves) {
                out.line(note)?;
            }
        }
        Format::Json => {
            let wins: Vec<_> = stats
                .wins
                .iter()
                .enumerate()
                .map(|(p, w)| json!({ "player": game.players[p], "wins": w }))
                .collect();
            let value = json!({
                "games": stats.games,
                "seed": seed,
                "wins": wins,
                "draws": stats.draws,
                "max_moves": max_moves,
                "capped": games.capped,
                "mean_length": mean,
                "seconds": secs,
                "playouts_per_second": stats.games as f64 / secs,
                "moves_per_second": stats.moves as f64 / secs,
            });
            out.line(format!("{value:#}"))?;
        }
    }
    Ok(out.finish()?)
}

/// `completions`: the completion script of a shell.
pub fn completions(shell: clap_complete::Shell) -> miette::Result<()> {
    let mut script = Vec::new();
    let mut command = <Cli as clap::CommandFactory>::command();
    clap_complete::generate(shell, &mut command, "rulebook", &mut script);
    let mut out = Out::stdout();
    out.line(String::from_utf8_lossy(&script).trim_end())?;
    Ok(out.finish()?)
}

/// A player's name.
fn player(engine: &Engine, p: rulebook::ir::PlayerId) -> String {
    engine.game().players[p.index()].clone()
}

/// `ongoing`, `win <Player>` or `draw`.
pub(super) fn status_text(engine: &Engine, status: Status) -> String {
    match status_words(engine, status) {
        (word, Some(winner)) => format!("{word} {winner}"),
        (word, None) => word.to_string(),
    }
}

/// `ongoing`, `win` or `draw`, and the winner.
pub(super) fn status_words(engine: &Engine, status: Status) -> (&'static str, Option<String>) {
    match status {
        Status::Ongoing => ("ongoing", None),
        Status::Over(Outcome::Draw) => ("draw", None),
        Status::Over(Outcome::Win(p)) => ("win", Some(player(engine, p))),
    }
}
