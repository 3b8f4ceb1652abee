//! `rulebook match`: agents against each other, with wins, draws, scores,
//! their Wilson intervals and the Elo difference.

use serde_json::json;

use super::load::Loaded;
use super::output::Out;
use super::progress;
use rulebook::analysis::{Estimate, MatchPlan, MatchReport, Tally, game_count, play_match};

/// How `match` prints its report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MatchFormat {
    /// A table for people.
    Table,
    /// JSON, for programs.
    Json,
}

/// Plays the match of `plan` on `jobs` threads and prints its report.
pub fn run(loaded: &Loaded, plan: &MatchPlan, jobs: usize, format: MatchFormat) -> miette::Result<()> {
    let swap = plan.rotate;
    let bar = progress::games(game_count(plan));
    let tick = || bar.inc(1);
    let report = play_match(loaded.engine(), plan, jobs, &tick);
    bar.finish_and_clear();
    let report = report?;
    super::load::budget(loaded.engine())?;
    let game = loaded.engine().game();
    let mut out = Out::stdout();
    match format {
        MatchFormat::Json => {
            let value = json!({
                "game": game.title,
                "players": game.players,
                "swap": swap,
                "report": report,
            });
            out.line(format!("{value:#}"))?;
        }
        MatchFormat::Table => {
            for line in table(&report, &game.title, &game.players, swap) {
                out.line(line)?;
            }
        }
    }
    Ok(out.finish()?)
}

/// The report as lines of text.
fn table(report: &MatchReport, title: &str, players: &[String], swap: bool) -> Vec<String> {
    let names: Vec<&str> = report.agents.iter().map(|a| a.agent.as_str()).collect();
    let mut lines = vec![format!(
        "{title}: {}; {} games{}, seed {}",
        names.join(" against "),
        report.games,
        if swap {
            " (each game with the sides exchanged)"
        } else {
            ""
        },
        report.seed
    )];
    lines.push(format!(
        "{:<24} {:>6} {:>6} {:>6} {:>6} {:>7}  {}",
        "agent", "games", "wins", "draws", "losses", "score", "95% interval"
    ));
    for (i, a) in report.agents.iter().enumerate() {
        lines.push(row(&format!("{} {}", i + 1, a.agent), &a.total));
        for (p, seat) in a.by_seat.iter().enumerate() {
            if seat.games > 0 && (swap || players.len() > 1) {
                lines.push(row(&format!("    as {}", players[p]), seat));
            }
        }
    }
    if let Some(elo) = report.elo {
        lines.push(format!(
            "Elo difference, {} − {}: {} (95% interval {} … {})",
            names[0],
            names[1],
            elo_text(elo.value),
            elo_text(elo.low),
            elo_text(elo.high)
        ));
    }
    lines.push(format!("mean length: {:.1} moves", report.mean_length));
    lines.extend(super::cap::note(report.capped, report.max_moves));
    lines
}

fn row(label: &str, t: &Tally) -> String {
    format!(
        "{label:<24} {:>6} {:>6} {:>6} {:>6} {:>7}  {}",
        t.games,
        t.wins,
        t.draws,
        t.losses,
        pct(t.score.value),
        interval(&t.score)
    )
}

/// A share as a percentage with one decimal.
pub fn pct(p: f64) -> String {
    format!("{:.1}%", 100.0 * p)
}

/// "[41.2%, 58.8%]".
pub fn interval(e: &Estimate) -> String {
    format!("[{}, {}]", pct(e.low), pct(e.high))
}

/// An Elo difference: "+191", "−35", "+∞".
fn elo_text(d: f64) -> String {
    if d == f64::INFINITY {
        "+∞".to_string()
    } else if d == f64::NEG_INFINITY {
        "−∞".to_string()
    } else if d < -0.5 {
        format!("−{:.0}", -d)
    } else {
        format!("+{:.0}", d.abs())
    }
}
