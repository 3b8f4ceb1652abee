//! Random playouts from a position to the end of the game, taking a move
//! that wins at once when one exists (unless switched off).

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::engine::{Engine, MoveBuf, Position, uniform};
use crate::ir::Outcome;

/// Reused buffers of playouts.
#[derive(Debug, Default)]
pub(super) struct Playouts {
    buf: MoveBuf,
    scratch: Position,
    /// Take a move that wins at once when there is one.
    pub take_wins: bool,
}

impl Playouts {
    /// Buffers for playouts that take immediate wins or not.
    pub fn new(take_wins: bool) -> Playouts {
        Playouts {
            take_wins,
            ..Playouts::default()
        }
    }

    /// Plays `pos` to the end; returns the result.
    pub fn run(&mut self, engine: &Engine, pos: &mut Position, rng: &mut Xoshiro256PlusPlus) -> Outcome {
        loop {
            let chosen = if self.take_wins {
                if pos.result().is_some() {
                    None
                } else {
                    engine.legal_moves(pos, &mut self.buf);
                    let n = self.buf.moves.len() as u64;
                    (n > 0).then(|| {
                        engine
                            .winning_move(pos, &self.buf, &mut self.scratch)
                            .unwrap_or_else(|| uniform(rng, n) as usize)
                    })
                }
            } else {
                engine.random_move(pos, &mut self.buf, rng)
            };
            match chosen {
                Some(i) => engine.play_chosen(pos, &self.buf, i),
                None => return engine.final_outcome(pos),
            }
        }
    }
}
