//! The report of `diff` as text for people.

use super::analyze::points;
use super::commands::status_text;
use super::diff::{Games, Report};
use super::matches::{interval, pct};
use rulebook::analysis::{Difference, MAX_LISTED, MAX_PERFT_NODES, MovesDiff};

/// How many moves of a list the text shows (the JSON has them all).
const SHOWN: usize = 10;

/// The report, line by line.
pub fn lines(report: &Report) -> Vec<String> {
    let mut lines = Vec::new();
    for (label, (file, engine)) in ["old", "new"]
        .into_iter()
        .zip(report.files.iter().zip(report.engines))
    {
        lines.push(format!("{label}: {file} ({})", engine.game().title));
    }
    lines.push(String::new());
    lines.extend(moves(report));
    lines.push(String::new());
    lines.extend(perft(report));
    if let Some(games) = &report.games {
        lines.push(String::new());
        lines.extend(balance(report, games));
    }
    lines
}

/// Where the moves first differ, or how far they were found the same.
fn moves(report: &Report) -> Vec<String> {
    let Some(d) = &report.moves.first else {
        return vec![same(&report.moves, report.depth)];
    };
    let place = if d.line.is_empty() {
        "at the start".to_string()
    } else {
        format!(
            "after {}: {}",
            count(d.line.len() as u64, "move"),
            d.line.join(" ")
        )
    };
    vec![
        format!("first difference {place}"),
        format!("  {}", status(report, d)),
        format!("  in both ({}): {}", d.common.len(), list(&d.common)),
        format!("  only in old ({}): {}", d.only_old.len(), list(&d.only_old)),
        format!("  only in new ({}): {}", d.only_new.len(), list(&d.only_new)),
    ]
}

/// No difference found: up to the depth, or as far as the budget went.
fn same(moves: &MovesDiff, depth: u32) -> String {
    let compared = count(moves.compared, "position");
    if moves.complete == depth {
        return format!(
            "no difference up to depth {depth}: the same legal moves and status in the {compared} {}",
            reached(depth - 1)
        );
    }
    let done = match moves.complete {
        0 => "not even the start was compared".to_string(),
        1 => "the start was compared, but not every position after 1 move".to_string(),
        c => format!(
            "every position {} was compared, but not every one after {c} moves",
            reached(c - 1)
        ),
    };
    format!(
        "no difference in the first {compared}: {done} (the search stops once it has listed {MAX_LISTED} moves)"
    )
}

/// "at the start", "reached by at most 3 moves".
fn reached(moves: u32) -> String {
    match moves {
        0 => "at the start".to_string(),
        n => format!("reached by at most {}", count(u64::from(n), "move")),
    }
}

/// The status of the position in both versions.
fn status(report: &Report, d: &Difference) -> String {
    let side = |i: usize| {
        let engine = report.engines[i];
        match d.to_move[i] {
            Some(p) => format!("ongoing ({} to move)", engine.game().players[p.index()]),
            None => status_text(engine, d.status[i]),
        }
    };
    let (old, new) = (side(0), side(1));
    if old == new {
        format!("status in both: {old}")
    } else {
        format!("status: {old} in the old, {new} in the new")
    }
}

/// The first moves of a list, and how many more there are.
fn list(moves: &[String]) -> String {
    if moves.is_empty() {
        return "none".to_string();
    }
    let shown = moves[..moves.len().min(SHOWN)].join(" ");
    match moves.len().saturating_sub(SHOWN) {
        0 => shown,
        more => format!("{shown} … and {more} more"),
    }
}

/// Perft of both versions, depth by depth.
fn perft(report: &Report) -> Vec<String> {
    let mut lines = vec![format!(
        "{:>5}  {:>14}  {:>14}  {:>14}",
        "perft", "old", "new", "new − old"
    )];
    let [old, new] = &report.perft;
    let mut skipped = false;
    for (d, (a, b)) in old.iter().zip(new).enumerate() {
        let shown = |n: &Option<u64>| n.map_or("—".to_string(), |n| n.to_string());
        let change = match (a, b) {
            (Some(a), Some(b)) if a == b => "0".to_string(),
            (Some(a), Some(b)) => format!("{:+}", i128::from(*b) - i128::from(*a)),
            _ => "—".to_string(),
        };
        skipped |= a.is_none() || b.is_none();
        lines.push(format!(
            "{:>5}  {:>14}  {:>14}  {:>14}",
            d + 1,
            shown(a),
            shown(b),
            change
        ));
    }
    if skipped {
        lines.push(format!(
            "—: not counted, as the count foreseen from the depths before is above {MAX_PERFT_NODES}"
        ));
    }
    lines
}

/// The games of both versions, player by player, and the change.
fn balance(report: &Report, games: &Games) -> Vec<String> {
    let plan = &games.plan;
    let players = &report.engines[0].game().players;
    let agents: Vec<String> = players
        .iter()
        .zip(&plan.agents)
        .map(|(p, a)| format!("{p} {a}"))
        .collect();
    let mut lines = vec![format!(
        "balance: {} of each version from the same seeds; {}; seed {}{}",
        count(plan.games, "game"),
        agents.join(", "),
        plan.seed,
        if plan.options.is_empty() {
            String::new()
        } else {
            format!("; with {}", super::variants::label(&plan.options))
        }
    )];
    let [old, new] = [&games.results[0].report, &games.results[1].report];
    let mut rows: Vec<(String, [String; 3])> = Vec::new();
    for (p, player) in players.iter().enumerate() {
        rows.push((
            format!("{player} wins"),
            [
                rate(&old.wins[p].rate),
                rate(&new.wins[p].rate),
                change(&games.change.wins[p]),
            ],
        ));
    }
    rows.push((
        "draws".to_string(),
        [
            rate(&old.draw_rate),
            rate(&new.draw_rate),
            change(&games.change.draws),
        ],
    ));
    rows.push((
        "mean length".to_string(),
        [
            format!("{:.1} moves", old.length.mean),
            format!("{:.1} moves", new.length.mean),
            format!("{:+.1} moves", new.length.mean - old.length.mean),
        ],
    ));
    let width = rows.iter().map(|(l, _)| l.chars().count()).max().unwrap_or(0);
    lines.push(format!(
        "{:<width$}  {:<22}  {:<22}  {}",
        "", "old", "new", "change (new − old)"
    ));
    for (label, [a, b, c]) in rows {
        lines.push(format!("{label:<width$}  {a:<22}  {b:<22}  {c}"));
    }
    for (label, result) in ["old", "new"].into_iter().zip(&games.results) {
        if let Some(note) = super::cap::note(result.capped, plan.max_moves) {
            lines.push(format!("{label}: {note}"));
        }
    }
    lines
}

/// "61.0% [54.1%, 67.5%]".
fn rate(e: &rulebook::analysis::Estimate) -> String {
    format!("{} {}", pct(e.value), interval(e))
}

/// "+19.5 pts [+10.6, +28.0]".
fn change(e: &rulebook::analysis::Estimate) -> String {
    format!("{:+.1} pts {}", 100.0 * e.value, points(e))
}

/// "1 move", "3 moves".
fn count(n: u64, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_are_cut() {
        let moves: Vec<String> = (0..13).map(|i| format!("m{i:02}")).collect();
        assert_eq!(list(&[]), "none");
        assert_eq!(list(&moves[..2]), "m00 m01");
        assert_eq!(
            list(&moves),
            "m00 m01 m02 m03 m04 m05 m06 m07 m08 m09 … and 3 more"
        );
        assert_eq!(reached(0), "at the start");
        assert_eq!(reached(1), "reached by at most 1 move");
        assert_eq!(count(3, "position"), "3 positions");
    }
}
