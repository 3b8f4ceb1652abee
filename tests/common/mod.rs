//! Shared helpers of the integration tests: loading games and reading the vector files.

#![allow(dead_code)]

use rulebook::diag::SourceFile;
use rulebook::engine::{Engine, MoveBuf, Position, Status};
use rulebook::ir::Outcome;

/// Loads `games/<name>.rules` with `k=v` options separated by spaces.
pub fn engine(name: &str, options: &str) -> Engine {
    let path = format!("{}/games/{name}.rules", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let game = rulebook::load(&SourceFile::new(path.clone(), text))
        .unwrap_or_else(|report| panic!("{path} does not compile: {:?}", report.problems));
    let overrides: Vec<(String, String)> = options
        .split_whitespace()
        .map(|kv| {
            let (k, v) = kv.split_once('=').expect("options are k=v");
            (k.to_string(), v.to_string())
        })
        .collect();
    Engine::new(game, &overrides).unwrap_or_else(|e| panic!("options `{options}`: {e}"))
}

/// The rows of `tests/data/<file>`, header skipped, split at tabs.
pub fn rows(file: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(String::from).collect())
        .collect()
}

/// Plays `moves` from the start.
pub fn position(engine: &Engine, moves: &str) -> Position {
    rulebook::notation::play_sequence(engine, moves).unwrap_or_else(|e| panic!("`{moves}`: {e}"))
}

/// `ongoing`, `win <Player>` or `draw`, as in the status files.
pub fn status(engine: &Engine, pos: &Position) -> String {
    match engine.status(pos, &mut MoveBuf::new()) {
        Status::Ongoing => "ongoing".to_string(),
        Status::Over(Outcome::Draw) => "draw".to_string(),
        Status::Over(Outcome::Win(p)) => format!("win {}", engine.game().players[p.index()]),
    }
}

/// Checks every perft row of a vector file; returns the failures.
pub fn check_perft_file(game: &str, file: &str) {
    let mut failures = Vec::new();
    let rows = rows(file);
    assert!(!rows.is_empty(), "{file} has no rows");
    for row in &rows {
        let [options, moves, depth, count] = &row[..] else {
            panic!("{file}: a row needs 4 columns: {row:?}");
        };
        let engine = engine(game, options);
        let pos = position(&engine, moves);
        let depth: u32 = depth.parse().expect("depth is a number");
        let expected: u64 = count.parse().expect("count is a number");
        let got = engine.perft(&pos, depth);
        if got != expected {
            failures.push(format!(
                "[{options}] `{moves}` depth {depth}: expected {expected}, got {got}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows differ:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}

/// Checks every status row of a vector file.
pub fn check_status_file(game: &str, file: &str) {
    let mut failures = Vec::new();
    let rows = rows(file);
    assert!(!rows.is_empty(), "{file} has no rows");
    for row in &rows {
        let [options, moves, expected] = &row[..] else {
            panic!("{file}: a row needs 3 columns: {row:?}");
        };
        let engine = engine(game, options);
        let pos = position(&engine, moves);
        let got = status(&engine, &pos);
        if got != *expected {
            failures.push(format!("[{options}] `{moves}`: expected {expected}, got {got}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows differ:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}
