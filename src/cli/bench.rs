//! `bench`: the speed of rules files from their start — load time, perft
//! (bulk and with every move made), random playouts and tree-search
//! iterations — as a table or JSON, optionally beside a baseline written
//! earlier by `bench --format json`.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::load::{self, CliError};
use super::output::Out;
use super::{Format, GameArgs};
use rulebook::analysis::{SpeedPlan, SpeedReport, measure};

/// One game's measurement, with the file it came from.
#[derive(Debug, Serialize, Deserialize)]
struct Row {
    file: String,
    #[serde(flatten)]
    report: SpeedReport,
}

/// Measures every file, then prints the table (or JSON).
pub fn run(
    files: &[PathBuf],
    sets: &[String],
    plan: &SpeedPlan,
    baseline: Option<&Path>,
    format: Format,
) -> miette::Result<()> {
    let baseline = match baseline {
        Some(path) => read_baseline(path)?,
        None => Vec::new(),
    };
    let mut rows = Vec::new();
    for file in files {
        let loaded = load::game(&GameArgs::from_start(file.clone(), sets.to_vec()))?;
        let report = measure(loaded.source(), loaded.sets(), loaded.engine(), plan);
        // A move list past the engine's budget is the reason, whatever the
        // measurement then concluded (two perft counts cut short disagree).
        load::budget(loaded.engine())?;
        let report = report.map_err(|e| CliError::Bench {
            file: file.display().to_string(),
            reason: e.to_string(),
        })?;
        rows.push(Row {
            file: file.display().to_string(),
            report,
        });
    }
    let mut out = Out::stdout();
    match format {
        Format::Json => {
            let text = serde_json::to_string_pretty(&rows).map_err(|e| CliError::Output(e.to_string()))?;
            out.line(text)?;
        }
        Format::Human => {
            out.line(format!(
                "{:<28} {:>8} {:>5} {:>12} {:>12} {:>12} {:>11} {:>11} {:>11}",
                "game", "load ms", "depth", "nodes", "perft/s", "made/s", "playouts/s", "moves/s", "search/s"
            ))?;
            for row in &rows {
                let r = &row.report;
                out.line(format!(
                    "{:<28} {:>8.2} {:>5} {:>12} {:>12.0} {:>12.0} {:>11.0} {:>11.0} {:>11.0}",
                    clip(&r.game, 28),
                    r.load_ms,
                    r.perft_depth,
                    r.perft_nodes,
                    r.perft_bulk_per_s,
                    r.perft_made_per_s,
                    r.playouts_per_s,
                    r.moves_per_s,
                    r.search_per_s
                ))?;
                if let Some(base) = baseline
                    .iter()
                    .find(|b| b.file == row.file || b.report.game == r.game)
                {
                    let b = &base.report;
                    // Load time is better lower: its ratio is base over new,
                    // so that above 1 means faster everywhere.
                    out.line(format!(
                        "{:<28} {:>8} {:>5} {:>12} {:>12} {:>12} {:>11} {:>11} {:>11}",
                        "  × baseline",
                        ratio(b.load_ms, r.load_ms),
                        "",
                        "",
                        ratio(r.perft_bulk_per_s, b.perft_bulk_per_s),
                        ratio(r.perft_made_per_s, b.perft_made_per_s),
                        ratio(r.playouts_per_s, b.playouts_per_s),
                        ratio(r.moves_per_s, b.moves_per_s),
                        ratio(r.search_per_s, b.search_per_s)
                    ))?;
                }
            }
            out.line("one thread; perft/s counts the last ply in bulk, made/s makes every move; × baseline: above 1 is faster")?;
        }
    }
    Ok(out.finish()?)
}

/// The rows of a baseline file.
fn read_baseline(path: &Path) -> Result<Vec<Row>, CliError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| CliError::Unreadable {
        path: file.clone(),
        reason: e.to_string(),
    })?;
    serde_json::from_str(&text).map_err(|e| CliError::BaselineFormat {
        file,
        reason: e.to_string(),
    })
}

/// `new / old` as `1.23×`, or `–` when the old figure is zero.
fn ratio(new: f64, old: f64) -> String {
    if old > 0.0 {
        format!("{:.2}×", new / old)
    } else {
        "–".to_string()
    }
}

/// `text` cut to `width` characters.
fn clip(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}
