//! Uniform random games from the start, as `rulebook playout` plays them:
//! the games of [`Engine::playouts`], each stopped (a draw) when it reaches
//! a cap on its length, so that a game that never ends cannot keep the
//! command running for ever.

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::engine::{Engine, MoveBuf, PlayoutStats, Position};
use crate::ir::Outcome;

/// The results of random games, and how many were stopped by the cap.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RandomGames {
    /// Games, wins, draws (the stopped games among them) and moves.
    pub stats: PlayoutStats,
    /// The games stopped after `max_moves` moves.
    pub capped: u64,
}

/// Plays `n` uniform random games from the start with a generator seeded
/// with `seed`; a game still going after `max_moves` moves is stopped and
/// counts as a draw. Games that end before the cap are those of
/// [`Engine::playouts`] with the same seed.
pub fn random_games(engine: &Engine, n: u64, seed: u64, max_moves: u32) -> RandomGames {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut buf = MoveBuf::new();
    let mut pos = Position::default();
    let start = engine.start();
    let mut out = RandomGames {
        stats: PlayoutStats {
            wins: vec![0; engine.game().players.len()],
            ..PlayoutStats::default()
        },
        capped: 0,
    };
    for _ in 0..n {
        pos.clone_from(&start);
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
        out.stats.moves += u64::from(pos.ply());
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
        let games = random_games(&engine(ENDLESS), 3, 1, 50);
        assert_eq!(games.capped, 3);
        assert_eq!(games.stats.draws, 3);
        assert_eq!(games.stats.moves, 150);
    }
}
