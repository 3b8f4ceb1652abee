//! `rulebook analyze`: a balance study of a game's variants, whole or in
//! shares (`--shard I/N`), and `analyze merge` of the shares.

use std::path::{Path, PathBuf};

use serde_json::json;

use super::load::{self, CliError};
use super::matches::{interval, pct};
use super::output::Out;
use super::variants::{self, Variants};
use super::{agents, plot, progress};
use rulebook::ai::AgentSpec;
use rulebook::analysis::{self, FORMAT, GameRecord, MergeError, Shard, Study, VariantReport};
use rulebook::engine::Engine;
use rulebook::record;

/// How `analyze` prints its report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    /// A table for people.
    Table,
    /// JSON, for programs.
    Json,
    /// One line per variant, comma-separated.
    Csv,
}

/// What `analyze FILE` was asked.
pub struct Request<'a> {
    pub file: &'a Path,
    pub sets: &'a [String],
    pub vary: &'a [String],
    pub variants: Option<&'a str>,
    pub players: Option<&'a str>,
    pub games: u64,
    pub jobs: usize,
    pub seed: u64,
    /// Games still going after this many moves are stopped: draws.
    pub max_moves: u32,
    pub shard: Option<&'a str>,
}

/// Runs the study (or one share of it) and prints the report (or the share's raw results).
pub fn run(request: &Request, format: ReportFormat, plot_to: Option<&PathBuf>) -> miette::Result<()> {
    if let Some(path) = plot_to {
        super::render::check_picture_name(path)?;
    }
    let source = load::read_source(request.file)?;
    let fixed = load::sets(request.sets)?;
    let variants: Variants = variants::parse(request.vary, request.variants, &fixed)?;
    let shard = request.shard.map(parse_shard).transpose()?;
    let engines = variants
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let mut sets = fixed.clone();
            sets.extend(v.iter().cloned());
            load::compile(&source, &sets, i == 0)
        })
        .collect::<Result<Vec<Engine>, CliError>>()?;
    let game = engines[0].game();
    let agents: Vec<AgentSpec> = match request.players {
        Some(list) => agents::players(list, game)?,
        None => vec![AgentSpec::Random; game.players.len()],
    };
    let study = Study {
        rules: source.name.clone(),
        rules_hash: record::hash(&source.text),
        title: game.title.clone(),
        players: game.players.clone(),
        agents: agents.iter().map(|a| a.to_string()).collect(),
        sets: fixed,
        variants,
        first_movers: engines.iter().map(|e| e.mover(&e.start()).index()).collect(),
        games: request.games,
        seed: request.seed,
    };
    let (index, count) = shard.unwrap_or((1, 1));
    let share_size = (study.variants.len() as u64)
        .checked_mul(request.games)
        .map(|total| total.saturating_sub(index - 1).div_ceil(count));
    let what = match shard {
        Some((i, n)) => format!("share {i}/{n} of the study"),
        None => "the study".to_string(),
    };
    load::within_games_limit(&what, share_size)?;
    let which = analysis::share(&study, index - 1, count);
    let bar = progress::games(which.len() as u64);
    let tick = || bar.inc(1);
    let results = analysis::play_study(
        &study,
        &engines,
        &agents,
        &which,
        request.max_moves,
        request.jobs,
        &tick,
    );
    bar.finish_and_clear();
    for engine in &engines {
        load::budget(engine)?;
    }
    if shard.is_some() {
        let shard = Shard {
            format: FORMAT.to_string(),
            study,
            index,
            count,
            results,
        };
        let mut out = Out::stdout();
        out.line(serde_json::to_string(&shard).map_err(|e| CliError::Output(e.to_string()))?)?;
        return Ok(out.finish()?);
    }
    print(&study, &results, Some(request.max_moves), format, plot_to)
}

/// `analyze merge FILES…`: the report of the whole study from its shares.
pub fn merge(files: &[PathBuf], format: ReportFormat, plot_to: Option<&PathBuf>) -> miette::Result<()> {
    if let Some(path) = plot_to {
        super::render::check_picture_name(path)?;
    }
    let mut shards = Vec::new();
    for path in files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| CliError::Unreadable {
            path: name.clone(),
            reason: e.to_string(),
        })?;
        let shard = Shard::from_json(&text).map_err(|reason| CliError::ShardFormat {
            file: name.clone(),
            reason,
        })?;
        shards.push((name, shard));
    }
    let (study, results) = analysis::merge(&shards).map_err(|e| match e {
        MergeError::Format { file, format } => CliError::ShardFormat {
            file,
            reason: format!("its format is `{format}`, not `{FORMAT}`"),
        },
        MergeError::Invalid { file, what } => CliError::ShardFormat { file, reason: what },
        other => CliError::ShardMismatch(other.to_string()),
    })?;
    print(&study, &results, None, format, plot_to)
}

/// `I/N` with I from 1 to N.
fn parse_shard(text: &str) -> Result<(u64, u64), CliError> {
    let bad = || CliError::BadShard(text.to_string());
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n): (u64, u64) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

/// Prints the report of a study and draws its picture; the table ends with
/// how many games the cap on a game's length stopped when the cap is known
/// (shares do not record it: their games stopped by it are among the cut).
fn print(
    study: &Study,
    results: &[GameRecord],
    max_moves: Option<u32>,
    format: ReportFormat,
    plot_to: Option<&PathBuf>,
) -> miette::Result<()> {
    let reports = analysis::report(study, results);
    let capped = max_moves.map(|cap| results.iter().filter(|r| r.result.capped(cap)).count() as u64);
    if let Some(path) = plot_to {
        plot::win_rates(path, study, &reports)?;
    }
    let mut out = Out::stdout();
    match format {
        ReportFormat::Json => {
            let value = json!({ "study": study, "variants": reports });
            out.line(format!("{value:#}"))?;
        }
        ReportFormat::Csv => {
            for line in csv(study, &reports) {
                out.line(line)?;
            }
        }
        ReportFormat::Table => {
            for line in table(study, &reports) {
                out.line(line)?;
            }
            if let (Some(capped), Some(cap)) = (capped, max_moves)
                && let Some(note) = super::cap::note(capped, cap)
            {
                out.line(format!("{note}; they are among the games cut"))?;
            }
        }
    }
    Ok(out.finish()?)
}

/// The report as a table.
fn table(study: &Study, reports: &[VariantReport]) -> Vec<String> {
    let mut lines = vec![format!(
        "{}: {} games a variant, agents {}, seed {}{}",
        study.title,
        study.games,
        study
            .players
            .iter()
            .zip(&study.agents)
            .map(|(p, a)| format!("{p} {a}"))
            .collect::<Vec<_>>()
            .join(", "),
        study.seed,
        if study.sets.is_empty() {
            String::new()
        } else {
            format!(", with {}", variants::label(&study.sets))
        }
    )];
    let width = reports
        .iter()
        .map(|r| variants::label(&r.options).chars().count())
        .max()
        .unwrap_or(0)
        .max("variant".len());
    let mut head = format!("{:<width$}", "variant");
    for p in &study.players {
        head.push_str(&format!("  {:<22}", format!("{p} wins")));
    }
    head.push_str(&format!(
        "  {:>6}  {:>17}  {:>6}  {}",
        "draws", "length mean/med/sd", "cut", "first mover's advantage"
    ));
    lines.push(head);
    for r in reports {
        let mut line = format!("{:<width$}", variants::label(&r.options));
        for w in &r.wins {
            line.push_str(&format!(
                "  {:<22}",
                format!("{} {}", pct(w.rate.value), interval(&w.rate))
            ));
        }
        line.push_str(&format!(
            "  {:>6}  {:>17}  {:>6}  {} {:+.1} pts {}",
            pct(r.draw_rate.value),
            format!("{:.1}/{:.0}/{:.1}", r.length.mean, r.length.median, r.length.sd),
            pct(r.cut_rate.value),
            r.first_mover,
            100.0 * r.first_mover_advantage.value,
            points(&r.first_mover_advantage)
        ));
        lines.push(line);
    }
    lines
}

/// "[−3.1, +9.8]" in points of score.
pub(super) fn points(e: &analysis::Estimate) -> String {
    format!("[{:+.1}, {:+.1}]", 100.0 * e.low, 100.0 * e.high)
}

/// The report as CSV: a header, then a line per variant.
fn csv(study: &Study, reports: &[VariantReport]) -> Vec<String> {
    let mut head = vec!["variant".to_string(), "games".to_string()];
    for p in &study.players {
        for what in ["wins", "win_rate", "win_low", "win_high"] {
            head.push(format!("{}_{what}", field(p)));
        }
    }
    head.extend(
        [
            "draws",
            "draw_rate",
            "length_mean",
            "length_median",
            "length_sd",
            "cut",
            "cut_rate",
            "first_mover",
            "first_mover_advantage",
            "advantage_low",
            "advantage_high",
        ]
        .map(String::from),
    );
    let mut lines = vec![head.join(",")];
    for r in reports {
        let mut row = vec![quote(&variants::label(&r.options)), r.games.to_string()];
        for w in &r.wins {
            row.extend([
                w.wins.to_string(),
                num(w.rate.value),
                num(w.rate.low),
                num(w.rate.high),
            ]);
        }
        row.extend([
            r.draws.to_string(),
            num(r.draw_rate.value),
            num(r.length.mean),
            num(r.length.median),
            num(r.length.sd),
            r.cut.to_string(),
            num(r.cut_rate.value),
            quote(&r.first_mover),
            num(r.first_mover_advantage.value),
            num(r.first_mover_advantage.low),
            num(r.first_mover_advantage.high),
        ]);
        lines.push(row.join(","));
    }
    lines
}

fn num(x: f64) -> String {
    format!("{x:.4}")
}

/// A CSV field, quoted when it holds a comma or a quote.
fn quote(text: &str) -> String {
    if text.contains([',', '"']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// A player's name as part of a column name.
fn field(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_read() {
        assert_eq!(parse_shard("2/8").ok(), Some((2, 8)));
        for bad in ["0/3", "4/3", "1", "a/b", "1/0", ""] {
            assert!(matches!(parse_shard(bad), Err(CliError::BadShard(_))), "{bad}");
        }
    }

    #[test]
    fn csv_fields() {
        assert_eq!(quote("k=1 b=2"), "k=1 b=2");
        assert_eq!(quote("a,\"b\""), "\"a,\"\"b\"\"\"");
        assert_eq!(field("Red Team"), "red_team");
    }
}
