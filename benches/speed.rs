//! `cargo bench`: the speed of every shipped game — perft from the start
//! (asserting the node counts of the vector files, so a fast but wrong change
//! fails) and uniform random playouts, on one thread — and the tree search's
//! iterations (playouts) per second from the start of every shipped game,
//! on one thread and on all threads (root parallelism).

use std::time::{Duration, Instant};

use rulebook::ai::{Budget, DEFAULT_EXPLORATION, Mcts, MctsConfig};
use rulebook::diag::SourceFile;
use rulebook::engine::Engine;

/// (game, depth, expected perft from the start, as in tests/data).
const PERFT: &[(&str, u32, u64)] = &[
    ("knights-and-kender", 6, 24_081_158),
    ("chivalry", 5, 5_766_653),
    ("round-table", 4, 426_790),
];

/// How long to run random playouts of each game.
const PLAYOUT_TIME: Duration = Duration::from_secs(3);

/// How long the tree search thinks about the start of each game.
const SEARCH_TIME: Duration = Duration::from_secs(2);

fn engine(game: &str) -> Engine {
    let path = format!("{}/games/{game}.rules", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the game file exists");
    let game = rulebook::load(&SourceFile::new(path, text)).expect("the game compiles");
    Engine::new(game, &[]).expect("default options")
}

fn main() {
    // `cargo test` runs benches once with `--bench` absent; stay quick then.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    println!(
        "{:<20} {:>6} {:>12} {:>10} {:>12} {:>12} {:>10}",
        "game", "depth", "nodes", "perft s", "nodes/s", "playouts/s", "moves/s"
    );
    for &(game, depth, expected) in PERFT {
        let engine = engine(game);
        let start = engine.start();
        let t = Instant::now();
        let nodes = engine.perft(&start, depth);
        let perft_time = t.elapsed().as_secs_f64();
        assert_eq!(nodes, expected, "{game}: perft {depth} changed");
        let t = Instant::now();
        let (mut games, mut moves, mut seed) = (0u64, 0u64, 0u64);
        while t.elapsed() < PLAYOUT_TIME {
            let stats = engine.playouts(100, seed);
            seed += 1;
            games += stats.games;
            moves += stats.moves;
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{:<20} {:>6} {:>12} {:>10.3} {:>12.0} {:>12.0} {:>10.0}",
            game,
            depth,
            nodes,
            perft_time,
            nodes as f64 / perft_time,
            games as f64 / secs,
            moves as f64 / secs
        );
    }
    search_speed();
}

/// The tree search's iterations per second from the start of each shipped
/// game, with and without the check for a move that wins at once.
fn search_speed() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!();
    println!(
        "{:<24} {:>14} {:>14} {:>22}",
        "game",
        "mcts it/s 1t",
        format!("mcts it/s {threads}t"),
        "1t, no win check"
    );
    let mut names: Vec<String> = std::fs::read_dir(format!("{}/games", env!("CARGO_MANIFEST_DIR")))
        .expect("games/")
        .filter_map(|e| {
            Some(
                e.ok()?
                    .file_name()
                    .to_string_lossy()
                    .strip_suffix(".rules")?
                    .to_string(),
            )
        })
        .collect();
    names.sort();
    for game in names {
        let engine = engine(&game);
        let rate = |threads: usize, take_wins: bool| {
            let config = MctsConfig {
                budget: Budget::Time(SEARCH_TIME),
                exploration: DEFAULT_EXPLORATION,
                take_wins,
            };
            let start = engine.start();
            let t = Mcts::new(config, 1, threads)
                .think(&engine, &start, &[], &|_| {})
                .expect("the game goes on at the start");
            t.playouts as f64 / t.elapsed.as_secs_f64()
        };
        println!(
            "{:<24} {:>14.0} {:>14.0} {:>22.0}",
            game,
            rate(1, true),
            rate(threads, true),
            rate(1, false)
        );
    }
}
