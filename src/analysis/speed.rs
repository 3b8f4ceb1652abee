//! Speed measurements of one rules file, for `rulebook bench` and `cargo
//! bench`: loading, perft (counting the last ply in bulk, and making every
//! move), random playouts and the tree search's iterations, each from the
//! start on one thread.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::ai::{Budget, Mcts, MctsConfig};
use crate::diag::SourceFile;
use crate::engine::Engine;

/// What to measure, and for how long.
#[derive(Debug, Clone)]
pub struct SpeedPlan {
    /// Random playouts to play; `None`: as many as fit in `time`.
    pub playouts: Option<u64>,
    /// Perft depth; `None`: the deepest whose bulk count takes under `time`
    /// (at least 1, at most [`MAX_AUTO_DEPTH`]).
    pub depth: Option<u32>,
    /// The time given to each measurement left to choose its own size.
    pub time: Duration,
    /// The most moves of one playout (see [`crate::analysis::random_games`]).
    pub max_moves: u32,
}

/// The deepest perft [`SpeedPlan::depth`] picks by itself.
pub const MAX_AUTO_DEPTH: u32 = 12;

impl Default for SpeedPlan {
    fn default() -> Self {
        SpeedPlan {
            playouts: None,
            depth: None,
            time: Duration::from_secs(1),
            max_moves: crate::analysis::DEFAULT_MAX_MOVES,
        }
    }
}

/// The speed of one game from its start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpeedReport {
    /// The game's name, as its rules file gives it.
    pub game: String,
    /// Reading, checking and compiling the rules file into an engine: the
    /// median of several loads, in milliseconds.
    pub load_ms: f64,
    /// The perft depth measured and its count.
    pub perft_depth: u32,
    pub perft_nodes: u64,
    /// Perft nodes per second, the last ply counted in bulk (moves listed,
    /// not made).
    pub perft_bulk_per_s: f64,
    /// Perft nodes per second with every move made, the last ply's too.
    pub perft_made_per_s: f64,
    /// Random playouts played, per second, and moves per second in them.
    pub playouts: u64,
    pub playouts_per_s: f64,
    pub moves_per_s: f64,
    /// Iterations per second of the default tree search from the start.
    pub search_per_s: f64,
}

/// Why a game could not be measured.
#[derive(Debug, thiserror::Error)]
pub enum SpeedError {
    /// The two perft runs disagree: a defect of the engine.
    #[error("perft {depth} counted {bulk} in bulk but {made} with every move made")]
    PerftDisagrees { depth: u32, bulk: u64, made: u64 },
    /// The game is over at its start: nothing to measure.
    #[error("the game is over at its start")]
    OverAtStart,
}

/// Measures `engine` (compiled from `source` with `options`).
pub fn measure(
    source: &SourceFile,
    options: &[(String, String)],
    engine: &Engine,
    plan: &SpeedPlan,
) -> Result<SpeedReport, SpeedError> {
    let load_ms = load_time(source, options, plan.time / 4) * 1e3;
    let start = engine.start();
    let depth = plan.depth.unwrap_or_else(|| auto_depth(engine, plan.time));
    let (bulk, bulk_s) = timed(|| engine.perft(&start, depth));
    let (made, made_s) = timed(|| engine.perft_made(&start, depth));
    if bulk != made {
        return Err(SpeedError::PerftDisagrees { depth, bulk, made });
    }
    let (playouts, moves, playout_s) = playouts(engine, plan);
    let search_per_s = search_rate(engine, plan.time)?;
    Ok(SpeedReport {
        game: engine.game().title.clone(),
        load_ms,
        perft_depth: depth,
        perft_nodes: bulk,
        perft_bulk_per_s: bulk as f64 / bulk_s,
        perft_made_per_s: made as f64 / made_s,
        playouts,
        playouts_per_s: playouts as f64 / playout_s,
        moves_per_s: moves as f64 / playout_s,
        search_per_s,
    })
}

/// The result of `f` and the seconds it took (never zero).
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let t = Instant::now();
    let value = f();
    (value, t.elapsed().as_secs_f64().max(1e-9))
}

/// The median time of loading the rules, over as many loads as fit in
/// `budget` (3 at least, 101 at most).
fn load_time(source: &SourceFile, options: &[(String, String)], budget: Duration) -> f64 {
    let began = Instant::now();
    let mut times = Vec::new();
    while times.len() < 3 || (times.len() < 101 && began.elapsed() < budget) {
        let ((), secs) = timed(|| {
            if let Ok(game) = crate::load_with(source, options) {
                let _ = Engine::new(game, options);
            }
        });
        times.push(secs);
    }
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// The deepest perft whose bulk count finishes within `time`, judged by
/// the growth from one depth to the next.
fn auto_depth(engine: &Engine, time: Duration) -> u32 {
    let start = engine.start();
    let budget = time.as_secs_f64();
    let mut depth = 1;
    let (mut nodes, mut secs) = timed(|| engine.perft(&start, 1));
    while depth < MAX_AUTO_DEPTH && nodes > 0 {
        // The next depth costs about the branching factor times this one.
        let branching = (nodes as f64).powf(1.0 / depth as f64).max(1.0);
        if secs * branching > budget {
            break;
        }
        let (deeper, deeper_secs) = timed(|| engine.perft(&start, depth + 1));
        if deeper == 0 {
            // Every game is over before that depth: nothing more to count.
            break;
        }
        depth += 1;
        (nodes, secs) = (deeper, deeper_secs);
    }
    depth
}

/// Random playouts: the games and moves played and the seconds taken.
fn playouts(engine: &Engine, plan: &SpeedPlan) -> (u64, u64, f64) {
    let began = Instant::now();
    let (mut games, mut moves, mut seed) = (0, 0, 0);
    loop {
        let batch = match plan.playouts {
            Some(n) if games >= n => break,
            Some(n) => (n - games).min(16),
            None if games > 0 && began.elapsed() >= plan.time => break,
            None => 16,
        };
        let played = crate::analysis::random_games(engine, batch, seed, plan.max_moves, 1);
        seed += 1;
        games += played.stats.games;
        moves += played.stats.moves;
    }
    (games, moves, began.elapsed().as_secs_f64().max(1e-9))
}

/// Iterations per second of the default tree search thinking about the
/// start for `time` on one thread.
fn search_rate(engine: &Engine, time: Duration) -> Result<f64, SpeedError> {
    let thought = Mcts::new(MctsConfig::new(Budget::Time(time)), 1)
        .think(engine, &engine.start(), &[], &|_| {})
        .ok_or(SpeedError::OverAtStart)?;
    Ok(thought.playouts as f64 / thought.elapsed.as_secs_f64().max(1e-9))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_depth_chosen_never_passes_the_end_of_every_game() {
        let text = "game \"t\"\nplayers A, B\nboard grid files a..b ranks 1..1\npiece S letter S { drop: onto empty }\nsupply S\nend { no move: draw }\n";
        assert_eq!(
            auto_depth(&crate::engine::engine_of(text), Duration::from_secs(1)),
            2
        );
    }

    #[test]
    fn a_small_game_is_measured_with_both_perft_counts_equal() {
        let text = "game \"t\"\nplayers A, B\nboard grid files a..c ranks 1..3\npiece S letter S { drop: onto empty }\nsupply S\nend { for P in players: win P when line(3, P)  no move: draw }\n";
        let source = SourceFile::new("t.rules".to_string(), text.to_string());
        let engine = Engine::new(crate::load(&source).expect("compiles"), &[]).expect("engine");
        let plan = SpeedPlan {
            playouts: Some(20),
            depth: Some(3),
            time: Duration::from_millis(20),
            ..SpeedPlan::default()
        };
        let report = measure(&source, &[], &engine, &plan).expect("measured");
        assert_eq!(report.perft_depth, 3);
        assert_eq!(report.perft_nodes, 9 * 8 * 7);
        assert_eq!(report.playouts, 20);
        assert!(report.playouts_per_s > 0.0 && report.search_per_s > 0.0 && report.load_ms > 0.0);
    }
}
