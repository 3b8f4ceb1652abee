//! Playouts from a position to the end of the game: a move that wins at once
//! when one is found among the moves tried (all, some drawn at random, or
//! none), else, with a given chance, a capture when there is one, else a
//! uniformly random move (the last of those tried, when some were drawn at
//! random: it is already made). Without a check for wins or captures, the
//! move is drawn by the engine's sampled random mover, as `playout` draws
//! it, without listing the moves.

use std::time::Instant;

use rand_xoshiro::Xoshiro256PlusPlus;

use super::check_cost::CheckCost;
use crate::engine::{Engine, MoveBuf, Position, Status, uniform};
use crate::ir::Outcome;

/// The scale of [`Playouts::captures`]: a chance of 1 is this many.
const CHANCE_SCALE: u64 = 1 << 32;

/// The longest playout: one still going after this many moves is stopped
/// and counts as a draw, so that a game without an end cannot stall the
/// search (as `match` and `analyze` cap whole games).
const MAX_PLAYOUT_MOVES: u32 = 10_000;

/// A playout's move: by its index among the legal moves, or already made
/// (in the playouts' scratch position).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    Index(usize),
    Made,
}

/// Reused buffers and the policy of playouts.
#[derive(Debug, Default)]
pub(super) struct Playouts {
    buf: MoveBuf,
    scratch: Position,
    /// The moves' indices in a random order, for a sampled check.
    order: Vec<u32>,
    /// How many moves to try for a win at each move (`None`: none).
    wins: Option<u32>,
    /// The chance, out of [`CHANCE_SCALE`], that a move is a capture when
    /// the mover can capture.
    captures: u64,
    /// While the policy's levels are on trial ([`Playouts::on_trial`]): their cost.
    trial: Option<CheckCost>,
    /// The levels on trial, plain first: each a check for wins and a
    /// chance of captures.
    levels: Vec<(Option<u32>, u64)>,
}

impl Playouts {
    /// Buffers for playouts that try `wins` moves for a win at each move
    /// (`None`: none; `u32::MAX`: all), and capture with the chance
    /// `captures` (in [0, 1]) when they can.
    pub fn new(wins: Option<u32>, captures: f64) -> Playouts {
        Playouts {
            wins,
            captures: (captures.clamp(0.0, 1.0) * CHANCE_SCALE as f64) as u64,
            ..Playouts::default()
        }
    }

    /// Puts the policy's levels on trial ([`CheckCost`]): plain random moves,
    /// captures preferred, and the check for wins besides (those the policy
    /// has). The next playouts are run at each level in turn, timed, until
    /// one is kept for the playouts after. Nothing to try for a plain policy.
    pub fn on_trial(mut self) -> Playouts {
        let (wins, captures) = (self.wins, self.captures);
        self.levels = vec![(None, 0)];
        if wins.is_some() && captures > 0 {
            self.levels.push((None, captures));
        }
        if wins.is_some() || captures > 0 {
            self.levels.push((wins, captures));
            self.trial = Some(CheckCost::new(self.levels.len()));
        }
        self
    }

    /// Plays `pos` to the end, or [`MAX_PLAYOUT_MOVES`] moves on (a draw);
    /// returns the result.
    pub fn run(&mut self, engine: &Engine, pos: &mut Position, rng: &mut Xoshiro256PlusPlus) -> Outcome {
        let Some(trial) = &self.trial else {
            return self.play(engine, pos, rng);
        };
        let level = trial.next_level();
        (self.wins, self.captures) = self.levels[level];
        let start = Instant::now();
        let outcome = self.play(engine, pos, rng);
        let took = start.elapsed();
        if let Some(trial) = &mut self.trial
            && let Some(keep) = trial.record(level, took)
        {
            (self.wins, self.captures) = self.levels[keep];
            self.trial = None;
        }
        outcome
    }

    /// [`Playouts::run`] by the policy as it stands.
    fn play(&mut self, engine: &Engine, pos: &mut Position, rng: &mut Xoshiro256PlusPlus) -> Outcome {
        for _ in 0..MAX_PLAYOUT_MOVES {
            let chosen = if self.wins.is_some() || self.captures > 0 {
                self.choose(engine, pos, rng)
            } else {
                engine.random_move(pos, &mut self.buf, rng).map(Choice::Index)
            };
            match chosen {
                Some(Choice::Index(i)) => engine.play_chosen(pos, &self.buf, i),
                Some(Choice::Made) => std::mem::swap(pos, &mut self.scratch),
                None => return engine.final_outcome(pos),
            }
        }
        match engine.status(pos, &mut self.buf) {
            Status::Over(outcome) => outcome,
            Status::Ongoing => Outcome::Draw,
        }
    }

    /// The policy's move among all legal moves of `pos`; `None` at the end
    /// of the game.
    fn choose(&mut self, engine: &Engine, pos: &Position, rng: &mut Xoshiro256PlusPlus) -> Option<Choice> {
        if pos.result().is_some() {
            return None;
        }
        engine.legal_moves(pos, &mut self.buf);
        let n = self.buf.moves.len() as u64;
        if n == 0 {
            return None;
        }
        // Whether the scratch position holds a uniformly random move made.
        let mut made = false;
        match self.wins {
            Some(k) if k as u64 >= n => {
                if let Some(i) = engine.winning_move(pos, &self.buf, &mut self.scratch) {
                    return Some(Choice::Index(i));
                }
            }
            Some(k) => {
                if self.sampled_win(engine, pos, k as usize, rng) {
                    return Some(Choice::Made);
                }
                made = true;
            }
            None => {}
        }
        let moves = &self.buf.moves;
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
                    .map(|(i, _)| Choice::Index(i));
            }
        }
        if made {
            return Some(Choice::Made);
        }
        Some(Choice::Index(uniform(rng, n) as usize))
    }

    /// Whether a move that wins at once is among `k` (at least one, fewer
    /// than all) of the legal moves in the buffer, drawn at random. The
    /// scratch position is left after the last move tried: the win, or a
    /// uniformly random move.
    fn sampled_win(
        &mut self,
        engine: &Engine,
        pos: &Position,
        k: usize,
        rng: &mut Xoshiro256PlusPlus,
    ) -> bool {
        let n = self.buf.moves.len();
        let mover = engine.mover(pos);
        self.order.clear();
        self.order.extend(0..n as u32);
        for j in 0..k {
            let pick = j + uniform(rng, (n - j) as u64) as usize;
            self.order.swap(j, pick);
            let i = self.order[j] as usize;
            self.scratch.clone_from(pos);
            engine.play_chosen(&mut self.scratch, &self.buf, i);
            if self.scratch.result() == Some(Outcome::Win(mover)) {
                return true;
            }
        }
        false
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
        let mut playouts = Playouts::new(None, captures);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        (0..n)
            .filter(
                |_| match playouts.choose(&engine, &start, &mut rng).expect("a move") {
                    Choice::Index(i) => playouts.buf.moves.get(i).captures(),
                    Choice::Made => panic!("a move made without a check for wins"),
                },
            )
            .count() as u32
    }

    #[test]
    fn a_playout_of_a_game_without_end_stops_at_the_cap() {
        let text = include_str!("../../tests/fixtures/endless.rules");
        let game = crate::load(&SourceFile::new("endless.rules", text)).expect("valid rules");
        let engine = Engine::new(game, &[]).expect("no options");
        let mut pos = engine.start();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let outcome = Playouts::new(Some(u32::MAX), 0.5).run(&engine, &mut pos, &mut rng);
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

    #[test]
    fn a_sampled_check_finds_a_win_as_often_as_it_tries() {
        // With one black king, one of White's eight first moves (the
        // capture) wins at once.
        let text = RULES.replace("Black: King at a1", "");
        let game = crate::load(&SourceFile::new("test.rules", &text)).expect("valid rules");
        let engine = Engine::new(game, &[]).expect("no options");
        let start = engine.start();
        let wins_of = |k: u32, n: u32| {
            let mut playouts = Playouts::new(Some(k), 0.0);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
            (0..n)
                .filter(
                    |_| match playouts.choose(&engine, &start, &mut rng).expect("a move") {
                        Choice::Index(i) => {
                            let mut after = start.clone();
                            engine.play_chosen(&mut after, &playouts.buf, i);
                            after.result().is_some()
                        }
                        Choice::Made => playouts.scratch.result().is_some(),
                    },
                )
                .count()
        };
        assert_eq!(wins_of(8, 100), 100);
        assert_eq!(wins_of(u32::MAX, 100), 100);
        // One move tried, and played when it does not win: 1/8.
        let one = wins_of(1, 2000);
        assert!((180..320).contains(&one), "{one}");
        // Three tried: 3/8.
        let three = wins_of(3, 2000);
        assert!((660..840).contains(&three), "{three}");
    }
}
