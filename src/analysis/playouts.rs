//! Uniform random games from the start, as `rulebook playout` plays them:
//! the games of [`Engine::playouts`], each stopped (a draw) when it reaches
//! a cap on its length, so that a game that never ends cannot keep the
//! command running for ever.

use std::ops::ControlFlow;

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::engine::{Engine, MoveBuf, PlayoutStats, Position};
use crate::ir::Outcome;

/// Random games are played in blocks of this many, block `k` with a
/// generator seeded with `seed + k`, so that the results do not depend on
/// how many threads play the blocks.
pub const PLAYOUT_BLOCK: u64 = 256;

/// The results of random games, and how many were stopped by the cap.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RandomGames {
    /// Games, wins, draws (the stopped games among them) and moves.
    pub stats: PlayoutStats,
    /// The games stopped after `max_moves` moves.
    pub capped: u64,
}

/// Plays `n` uniform random games from the start on `jobs` threads, in
/// blocks of [`PLAYOUT_BLOCK`] games (block `k` seeded with `seed + k`); a
/// game still going after `max_moves` moves is stopped and counts as a
/// draw (`u32::MAX`: no cap). The results do not depend on `jobs`.
pub fn random_games(engine: &Engine, n: u64, seed: u64, max_moves: u32, jobs: usize) -> RandomGames {
    random_games_from(engine, &engine.start(), n, seed, max_moves, jobs)
}

/// [`random_games`] from `start` instead of the rules' start (`max_moves`
/// counts the moves played from there).
pub fn random_games_from(
    engine: &Engine,
    start: &Position,
    n: u64,
    seed: u64,
    max_moves: u32,
    jobs: usize,
) -> RandomGames {
    let blocks = n.div_ceil(PLAYOUT_BLOCK);
    let play = |k: u64| {
        let count = PLAYOUT_BLOCK.min(n - k * PLAYOUT_BLOCK);
        block(engine, start, count, seed.wrapping_add(k), max_moves)
    };
    let mut out = empty(engine);
    let add = |part: RandomGames| {
        out.stats.games += part.stats.games;
        out.stats.moves += part.stats.moves;
        out.stats.draws += part.stats.draws;
        for (total, wins) in out.stats.wins.iter_mut().zip(&part.stats.wins) {
            *total += wins;
        }
        out.capped += part.capped;
        ControlFlow::Continue(())
    };
    super::runner::fold_indexed(blocks, jobs, play, &|| {}, add);
    out
}

/// No games yet.
fn empty(engine: &Engine) -> RandomGames {
    RandomGames {
        stats: PlayoutStats {
            wins: vec![0; engine.game().players.len()],
            ..PlayoutStats::default()
        },
        capped: 0,
    }
}

/// `n` games from `start` with one generator seeded with `seed`.
fn block(engine: &Engine, start: &Position, n: u64, seed: u64, max_moves: u32) -> RandomGames {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut buf = MoveBuf::new();
    let mut pos = Position::default();
    let mut out = empty(engine);
    for _ in 0..n {
        pos.clone_from(start);
        let mut moves = 0u32;
        let outcome = loop {
            match engine.random_move(&pos, &mut buf, &mut rng) {
                None => break engine.final_outcome(&pos),
                Some(_) if moves >= max_moves => {
                    out.capped += 1;
                    break Outcome::Draw;
                }
                Some(i) => engine.play_chosen(&mut pos, &buf, i),
            }
            moves += 1;
        };
        out.stats.games += 1;
        out.stats.moves += u64::from(moves);
        match outcome {
            Outcome::Win(p) => out.stats.wins[p.index()] += 1,
            Outcome::Draw => out.stats.draws += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceFile;

    /// Two stones that step along a line for ever: the game never ends.
    const ENDLESS: &str = include_str!("../../tests/fixtures/endless.rules");

    fn engine(text: &str) -> Engine {
        let game = crate::load(&SourceFile::new("test.rules", text)).expect("valid rules");
        Engine::new(game, &[]).expect("no options")
    }

    #[test]
    fn a_game_that_never_ends_is_stopped_at_the_cap() {
        let games = random_games(&engine(ENDLESS), 3, 1, 50, 1);
        assert_eq!(games.capped, 3);
        assert_eq!(games.stats.draws, 3);
        assert_eq!(games.stats.moves, 150);
    }

    /// Blocks of seeds: the same games on any number of threads, and the
    /// first block's games whatever the number of games.
    #[test]
    fn the_games_do_not_depend_on_the_threads() {
        let e = engine(
            "game \"t\"\nplayers A, B\nboard grid files a..c ranks 1..3\n\
             piece S letter S { drop: onto empty }\nsupply S\n\
             end { for P in players: win P when line(3, P)\n no move: draw }\n",
        );
        let one = random_games(&e, 700, 9, 100, 1);
        assert_eq!(one, random_games(&e, 700, 9, 100, 3));
        let first = random_games(&e, PLAYOUT_BLOCK, 9, 100, 1);
        let first_two = random_games(&e, 2 * PLAYOUT_BLOCK, 9, 100, 2);
        let second = block(&e, &e.start(), PLAYOUT_BLOCK, 10, 100);
        assert_eq!(first_two.stats.moves, first.stats.moves + second.stats.moves);
        assert_eq!(first_two.stats.draws, first.stats.draws + second.stats.draws);
    }

    #[test]
    fn games_from_a_position_count_the_moves_played_from_there() {
        let e = engine(
            "game \"t\"\nplayers A, B\nboard grid files a..c ranks 1..3\n\
             piece S letter S { drop: onto empty }\nsupply S\n\
             end { no move: draw }\n",
        );
        let start = crate::notation::play_sequence(&e, "S@a1 S@a2 S@a3").expect("legal");
        let games = random_games_from(&e, &start, 10, 1, 100, 1);
        assert_eq!(games.stats.moves, 60);
        assert_eq!(games.stats.draws, 10);
        assert_eq!(random_games(&e, 10, 1, 100, 1).stats.moves, 90);
    }
}
