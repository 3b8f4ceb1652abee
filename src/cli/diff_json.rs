//! The report of `diff` as one JSON object (its fields are listed in
//! docs/CLI.md).

use serde_json::{Value, json};

use super::commands::status_words;
use super::diff::{Games, Report};
use rulebook::analysis::{Difference, Estimate, MAX_LISTED, MAX_PERFT_NODES};
use rulebook::engine::Engine;

/// The report as JSON.
pub fn value(report: &Report) -> Value {
    let version = |i: usize| json!({ "file": report.files[i], "game": report.engines[i].game().title });
    let moves = &report.moves;
    json!({
        "old": version(0),
        "new": version(1),
        "players": report.engines[0].game().players,
        "depth": report.depth,
        "moves": {
            "compared": moves.compared,
            "listed": moves.listed,
            "max_listed": MAX_LISTED,
            "complete": moves.complete,
            "first_difference": moves.first.as_ref().map(|d| difference(report, d)),
        },
        "perft": perft(report),
        "max_perft_nodes": MAX_PERFT_NODES,
        "balance": report.games.as_ref().map(|g| balance(report, g)),
    })
}

/// The first position that differs.
fn difference(report: &Report, d: &Difference) -> Value {
    let side = |i: usize| {
        let engine: &Engine = report.engines[i];
        let (word, winner) = status_words(engine, d.status[i]);
        let to_move = d.to_move[i].map(|p| engine.game().players[p.index()].clone());
        json!({ "status": word, "winner": winner, "to_move": to_move })
    };
    json!({
        "line": d.line,
        "old": side(0),
        "new": side(1),
        "common": d.common,
        "only_old": d.only_old,
        "only_new": d.only_new,
    })
}

/// Perft of both versions, depth by depth.
fn perft(report: &Report) -> Value {
    let [old, new] = &report.perft;
    old.iter()
        .zip(new)
        .enumerate()
        .map(|(d, (a, b))| {
            let change = a
                .zip(*b)
                .and_then(|(a, b)| i64::try_from(i128::from(b) - i128::from(a)).ok());
            json!({ "depth": d + 1, "old": a, "new": b, "difference": change })
        })
        .collect()
}

/// The games of both versions and the change.
fn balance(report: &Report, games: &Games) -> Value {
    let plan = &games.plan;
    let players = &report.engines[0].game().players;
    let results = |i: usize| {
        let r = &games.results[i];
        let mut value = serde_json::to_value(&r.report).unwrap_or(Value::Null);
        if let Value::Object(fields) = &mut value {
            fields.insert("capped".to_string(), json!(r.capped));
        }
        value
    };
    let estimate = |e: &Estimate| json!({ "value": e.value, "low": e.low, "high": e.high });
    json!({
        "games": plan.games,
        "seed": plan.seed,
        "agents": plan.agents.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "max_moves": plan.max_moves,
        "old": results(0),
        "new": results(1),
        "change": {
            "wins": players.iter().zip(&games.change.wins).map(|(p, e)| {
                json!({ "player": p, "value": e.value, "low": e.low, "high": e.high })
            }).collect::<Vec<_>>(),
            "draws": estimate(&games.change.draws),
        },
    })
}
