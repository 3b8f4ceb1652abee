//! `cargo bench`: the speed of every shipped game, on one thread — perft from
//! the start (the deepest row of the game's vector files under a node budget,
//! default options preferred, asserting its count, so a fast but wrong change
//! fails) and uniform random playouts with the default options.
//! Then the tree search's iterations (playouts) per second from the start of
//! each game, on one thread and on all threads (root parallelism), and on one
//! thread with each place to look for a move that wins at once (`wins=off`,
//! `tree`, `playouts`), and with uniform playouts (neither that check nor
//! the preference for captures).
//! `cargo bench -- NAME…` runs only the games named.

use std::path::Path;
use std::time::{Duration, Instant};

use rulebook::ai::{Budget, DEFAULT_CAPTURES, DEFAULT_WIN_CHECK, Mcts, MctsConfig, WinCheck};
use rulebook::diag::SourceFile;
use rulebook::engine::Engine;

/// The largest perft count a game's benchmark row may have.
const PERFT_BUDGET: u64 = 25_000_000;

/// How long to run random playouts of each game.
const PLAYOUT_TIME: Duration = Duration::from_secs(2);

/// How long the tree search thinks about the start of each game.
const SEARCH_TIME: Duration = Duration::from_secs(2);

/// A perft row from the start position: options (`k=v` separated by spaces),
/// depth and count.
struct Row {
    options: String,
    depth: u32,
    count: u64,
}

/// The start-position rows of every vector file of `game` under `tests/data`.
fn start_rows(root: &Path, game: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    for suffix in [".tsv", ".deep.tsv", ".perft.tsv", ".perft.deep.tsv"] {
        let Ok(text) = std::fs::read_to_string(root.join(format!("tests/data/{game}{suffix}"))) else {
            continue;
        };
        // Lines starting with `#` say where the numbers come from.
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
        let column = |name: &str| header.iter().position(|h| *h == name);
        let (Some(options), Some(moves), Some(depth), Some(count)) = (
            column("options"),
            column("moves"),
            column("depth"),
            column("count"),
        ) else {
            continue;
        };
        let position = column("position");
        for line in lines {
            let cells: Vec<&str> = line.split('\t').collect();
            let at = |i: usize| cells.get(i).copied().unwrap_or_default();
            if !at(moves).is_empty() || position.is_some_and(|p| !at(p).is_empty()) {
                continue;
            }
            if let (Ok(depth), Ok(count)) = (at(depth).parse(), at(count).parse()) {
                rows.push(Row {
                    options: at(options).replace(',', " "),
                    depth,
                    count,
                });
            }
        }
    }
    rows
}

fn engine(root: &Path, game: &str, options: &str) -> Engine {
    let path = root.join(format!("games/{game}.rules"));
    let text = std::fs::read_to_string(&path).expect("the game file exists");
    let game = rulebook::load(&SourceFile::new(path.display().to_string(), text)).expect("the game compiles");
    let overrides: Vec<(String, String)> = options
        .split_whitespace()
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Engine::new(game, &overrides).expect("the options of the vector file")
}

fn main() {
    // `cargo test` runs benches once with `--bench` absent; stay quick then.
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.iter().any(|a| a == "--bench") {
        return;
    }
    let only: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut games: Vec<String> = std::fs::read_dir(root.join("games"))
        .expect("games/ exists")
        .filter_map(|e| e.ok()?.path().file_stem()?.to_str().map(String::from))
        .filter(|g| only.is_empty() || only.contains(&g))
        .collect();
    games.sort();
    println!(
        "{:<24} {:>5} {:>10} {:>8} {:>11} {:>11} {:>10}",
        "game", "depth", "nodes", "perft s", "nodes/s", "playouts/s", "moves/s"
    );
    for game in &games {
        let mut rows = start_rows(root, game);
        if rows.iter().any(|r| r.options.is_empty()) {
            rows.retain(|r| r.options.is_empty());
        }
        let Some(row) = rows
            .iter()
            .filter(|r| r.count <= PERFT_BUDGET)
            .max_by_key(|r| r.count)
            .or_else(|| rows.iter().min_by_key(|r| r.count))
        else {
            println!("{game:<24} (no perft vector)");
            continue;
        };
        let engine = engine(root, game, &row.options);
        let start = engine.start();
        let t = Instant::now();
        let nodes = engine.perft(&start, row.depth);
        let perft_time = t.elapsed().as_secs_f64();
        assert_eq!(
            nodes, row.count,
            "{game} [{}]: perft {} changed",
            row.options, row.depth
        );
        let playout_engine = self::engine(root, game, "");
        let t = Instant::now();
        let (mut played, mut moves, mut seed) = (0u64, 0u64, 0u64);
        while t.elapsed() < PLAYOUT_TIME {
            let stats = rulebook::analysis::random_games(&playout_engine, 10, seed, u32::MAX, 1).stats;
            seed += 1;
            played += stats.games;
            moves += stats.moves;
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{:<24} {:>5} {:>10} {:>8.3} {:>11.0} {:>11.0} {:>10.0}",
            game,
            row.depth,
            nodes,
            perft_time,
            nodes as f64 / perft_time,
            played as f64 / secs,
            moves as f64 / secs
        );
    }
    search_speed(root, &games);
}

/// The tree search's iterations per second from the start of each game: the
/// default agent on one thread and on all, then on one thread with each
/// place to look for a move that wins at once (nowhere, in the tree, in the
/// tree and every playout move), and with uniform playouts (no such check
/// nor the preference for captures).
fn search_speed(root: &Path, games: &[String]) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!();
    println!(
        "{:<24} {:>14} {:>14} {:>12} {:>12} {:>14} {:>12}",
        "game",
        "mcts it/s 1t",
        format!("mcts it/s {threads}t"),
        "wins=off",
        "wins=tree",
        "wins=playouts",
        "uniform"
    );
    for game in games {
        let engine = engine(root, game, "");
        let rate = |threads: usize, wins: WinCheck, captures: f64| {
            let config = MctsConfig {
                wins,
                captures,
                threads,
                ..MctsConfig::new(Budget::Time(SEARCH_TIME))
            };
            let start = engine.start();
            let t = Mcts::new(config, 1)
                .think(&engine, &start, &[], &|_| {})
                .expect("the game goes on at the start");
            t.playouts as f64 / t.elapsed.as_secs_f64()
        };
        let (captures, wins) = (DEFAULT_CAPTURES, DEFAULT_WIN_CHECK);
        println!(
            "{:<24} {:>14.0} {:>14.0} {:>12.0} {:>12.0} {:>14.0} {:>12.0}",
            game,
            rate(1, wins, captures),
            rate(threads, wins, captures),
            rate(1, WinCheck::Off, captures),
            rate(1, WinCheck::Tree, captures),
            rate(1, WinCheck::Playouts, captures),
            rate(1, WinCheck::Off, 0.0)
        );
    }
}
