//! Playouts from a position to the end of the game: a move that wins at once
//! when there is one (unless switched off), else, with a given chance, a
//! capture when there is one, else a uniformly random move.

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::engine::{Engine, MoveBuf, Position, Status, uniform};
use crate::ir::Outcome;

/// The scale of [`Playouts::captures`]: a chance of 1 is this many.
const CHANCE_SCALE: u64 = 1 << 32;

/// The longest playout: one still going after this many moves is stopped
/// and counts as a draw, so that a game without an end cannot stall the
/// search (as `match` and `analyze` cap whole games).
const MAX_PLAYOUT_MOVES: u32 = 10_000;

/// Reused buffers and the policy of playouts.
#[derive(Debug, Default)]
pub(super) struct Playouts {
    buf: MoveBuf,
    scratch: Position,
    /// Take a move that wins at once when there is one.
    take_wins: bool,
    /// The chance, out of [`CHANCE_SCALE`], that a move is a capture when
    /// the mover can capture.
    captures: u64,
}

impl Playouts {
    /// Buffers for playouts that take immediate wins or not, and capture
    /// with the chance `captures` (in [0, 1]) when they can.
    pub fn new(take_wins: bool, captures: f64) -> Playouts {
        Playouts {
            take_wins,
            captures: (captures.clamp(0.0, 1.0) * CHANCE_SCALE as f64) as u64,
            ..Playouts::default()
        }
    }

    /// Plays `pos` to the end, or [`MAX_PLAYOUT_MOVES`] moves on (a draw);
    /// returns the result.
    pub fn run(&mut self, engine: &Engine, pos: &mut Position, rng: &mut Xoshiro256PlusPlus) -> Outcome {
        for _ in 0..MAX_PLAYOUT_MOVES {
            let chosen = if self.take_wins || self.captures > 0 {
                self.choose(engine, pos, rng)
            } else {
                engine.random_move(pos, &mut self.buf, rng)
            };
            match chosen {
                Some(i) => engine.play_chosen(pos, &self.buf, i),
                None => return engine.final_outcome(pos),
            }
        }
        match engine.status(pos, &mut self.buf) {
            Status::Over(outcome) => outcome,
            Status::Ongoing => Outcome::Draw,
        }
    }

    /// The policy's move among all legal moves of `pos`, by its index in
    /// the buffer; `None` at the end of the game.
    fn choose(&mut self, engine: &Engine, pos: &Position, rng: &mut Xoshiro256PlusPlus) -> Option<usize> {
        if pos.result().is_some() {
            return None;
        }
        engine.legal_moves(pos, &mut self.buf);
        let moves = &self.buf.moves;
        let n = moves.len() as u64;
        if n == 0 {
            return None;
        }
        if self.take_wins
            && let Some(i) = engine.winning_move(pos, &self.buf, &mut self.scratch)
        {
            return Some(i);
        }
        let capture = self.captures == CHANCE_SCALE
            || (self.captures > 0 && uniform(rng, CHANCE_SCALE) < self.captures);
        if capture {
            let count = moves.iter().filter(|m| m.captures()).count() as u64;
            if count > 0 {
                let k = uniform(rng, count) as usize;
                return moves
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| m.captures())
                    .nth(k)
                    .map(|(i, _)| i);
            }
        }
        Some(uniform(rng, n) as usize)
    }
}

#[cfg(test)]
mod tests {
    use rand_core::SeedableRng;

    use super::*;
    use crate::diag::SourceFile;

    /// White's king has eight moves at the start, one of them a capture.
    const RULES: &str = r#"
        game "Test"
        players White, Black
        board grid files a..e ranks 1..5
        directions all = n, ne, e, se, s, sw, w, nw
        piece King letter K { move step: step all onto empty or enemy }
        setup {
          White: King at c3
          Black: King at c4
          Black: King at a1
        }
        turn main { choose move King }
        turns { repeat { White: main  Black: main } }
        end { win White when count(King, Black) == 0 }
    "#;

    /// How many of `n` first moves of playouts with `captures` capture.
    fn captures_of(captures: f64, n: u32) -> u32 {
        let game = crate::load(&SourceFile::new("test.rules", RULES)).expect("valid rules");
        let engine = Engine::new(game, &[]).expect("no options");
        let start = engine.start();
        let mut playouts = Playouts::new(false, captures);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        (0..n)
            .filter(|_| {
                let i = playouts.choose(&engine, &start, &mut rng).expect("a move");
                playouts.buf.moves.get(i).captures()
            })
            .count() as u32
    }

    #[test]
    fn a_playout_of_a_game_without_end_stops_at_the_cap() {
        let text = include_str!("../../tests/fixtures/endless.rules");
        let game = crate::load(&SourceFile::new("endless.rules", text)).expect("valid rules");
        let engine = Engine::new(game, &[]).expect("no options");
        let mut pos = engine.start();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let outcome = Playouts::new(true, 0.5).run(&engine, &mut pos, &mut rng);
        assert_eq!((outcome, pos.ply()), (Outcome::Draw, MAX_PLAYOUT_MOVES));
    }

    #[test]
    fn playouts_capture_as_often_as_asked() {
        assert_eq!(captures_of(1.0, 200), 200);
        // Uniform: one move in eight captures.
        let uniform = captures_of(0.0, 4000);
        assert!((400..600).contains(&uniform), "{uniform}");
        // Half the time a capture, else one in eight: 9/16.
        let half = captures_of(0.5, 4000);
        assert!((2100..2400).contains(&half), "{half}");
    }
}
