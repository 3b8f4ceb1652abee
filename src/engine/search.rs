//! Perft and uniform random playouts.

use rand_core::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::sample::Draw;
use super::sample_actions;
use super::{Engine, MoveBuf, Position};
use crate::ir::Outcome;

/// One reused move buffer and child position per depth, and which of the
/// buffer's moves is searched next.
#[derive(Default)]
struct Frame {
    buf: MoveBuf,
    child: Position,
    next: usize,
}

/// The deepest perft the command line runs: far beyond any count that could
/// finish. The search keeps its levels on the heap, not the stack, so any
/// depth is safe on any thread.
pub const MAX_PERFT_DEPTH: u32 = 1_000;

impl Engine {
    /// The number of distinct move sequences of length `depth` from `pos`
    /// (a finished game has no moves; depth 0 is 1). The buffers of each
    /// depth are made when the search first gets there, so a depth far
    /// beyond the end of every game costs nothing, and the levels are kept
    /// in a list rather than on the stack, so no depth can overflow it.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        self.perft_in(pos, depth, true)
    }

    /// [`Engine::perft`] with every move of the last ply made too, as an
    /// engine without bulk counting runs it (for speed comparisons): the
    /// same count, a make-move at every node.
    pub fn perft_made(&self, pos: &Position, depth: u32) -> u64 {
        self.perft_in(pos, depth, false)
    }

    /// Perft below `pos`, the last ply counted without making its moves
    /// when `bulk`: a depth-first walk with one [`Frame`] per level.
    fn perft_in(&self, pos: &Position, depth: u32, bulk: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut frames = vec![Frame::default()];
        if depth == 1 && bulk {
            return self.count_moves(pos, &mut frames[0].buf);
        }
        self.legal_moves(pos, &mut frames[0].buf);
        let mut total = 0;
        let mut level = 0;
        loop {
            let (above, rest) = frames.split_at_mut(level);
            let frame = &mut rest[0];
            if frame.next == frame.buf.moves.len() {
                if level == 0 {
                    return total;
                }
                level -= 1;
                continue;
            }
            let i = frame.next;
            frame.next += 1;
            frame
                .child
                .clone_from(above.last().map_or(pos, |parent| &parent.child));
            self.play_unchecked(&mut frame.child, frame.buf.moves.get(i));
            // Moves still to make below the child.
            let left = depth - level as u32 - 1;
            if left == 0 {
                total += 1;
                continue;
            }
            if frames.len() == level + 1 {
                frames.push(Frame::default());
            }
            let (above, rest) = frames.split_at_mut(level + 1);
            let (child, below) = (&above[level].child, &mut rest[0]);
            if left == 1 && bulk {
                total += self.count_moves(child, &mut below.buf);
                continue;
            }
            self.legal_moves(child, &mut below.buf);
            below.next = 0;
            level += 1;
        }
    }

    /// Perft split by first move: (move, count) for each legal move, in generation order.
    pub fn divide(&self, pos: &Position, depth: u32) -> Vec<(super::Move, u64)> {
        self.children(pos)
            .into_iter()
            .map(|(mv, child)| (mv, self.perft(&child, depth.saturating_sub(1))))
            .collect()
    }

    /// Each legal move with the position it leads to, in generation order
    /// (the first level of [`Engine::divide`], for counting the subtrees
    /// apart, on several threads).
    pub fn children(&self, pos: &Position) -> Vec<(super::Move, Position)> {
        let mut buf = MoveBuf::new();
        self.legal_moves(pos, &mut buf);
        (0..buf.moves.len())
            .map(|i| {
                let mut child = pos.clone();
                self.play_chosen(&mut child, &buf, i);
                (buf.moves.get(i).to_move(), child)
            })
            .collect()
    }
}

impl Engine {
    /// A random legal move at `pos`, for random playouts: uniform among the
    /// legal moves where a turn is one action, drawn action by action where
    /// it is several (see `sample_actions.rs`). Its index in `buf.moves`, or
    /// `None` when the player to move has none (the game is over: see
    /// [`Engine::final_outcome`]). Under the royal rule `buf.moves` may then
    /// hold moves that are not legal; play only the one returned.
    pub fn random_move(
        &self,
        pos: &Position,
        buf: &mut MoveBuf,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<usize> {
        if pos.result.is_some() {
            buf.moves.clear();
            return None;
        }
        let (player, turn, max) = self.turn_now(pos);
        if max == 1 {
            match self.draw_by_cells(pos, player, turn, buf, rng) {
                Draw::Move => return Some(0),
                Draw::NoMove => return None,
                Draw::Undecided => {}
            }
        }
        if self.draws_by_actions(turn, max)
            && let sample_actions::Drawn::Move = self.draw_by_actions(pos, buf, rng)
        {
            return Some(0);
        }
        if self.sample_by_rejection(turn) {
            // Pick uniformly among the moves the royal rule allows by trying
            // candidates in random order: the first legal one is uniform among
            // the legal moves, and most are never checked.
            return self.random_legal_move(pos, buf, rng);
        }
        self.legal_moves(pos, buf);
        (!buf.moves.is_empty()).then(|| uniform(rng, buf.moves.len() as u64) as usize)
    }

    /// A move of the player to move that wins the game at once by an end rule,
    /// if there is one: its index in `buf.moves`, which [`Engine::legal_moves`]
    /// filled at `pos`. The first such move in the list is taken; `scratch`
    /// is overwritten.
    pub fn winning_move(&self, pos: &Position, buf: &MoveBuf, scratch: &mut Position) -> Option<usize> {
        let mover = self.mover(pos);
        let only_passes = self.only_passes_can_end(pos);
        (0..buf.moves.len()).find(|&i| {
            if only_passes && !buf.moves.get(i).tokens().any(|t| t == super::Token::Pass) {
                return false;
            }
            scratch.clone_from(pos);
            self.apply(scratch, buf.moves.get(i));
            scratch.result == Some(Outcome::Win(mover))
        })
    }

    /// Whether no move but a pass can end the game from `pos` by a result:
    /// the game has no end rule that reads the position, and its turn limit
    /// and quiet-move draw (if any) are more than one move away, and it has
    /// no repetition rule. Only the passes rule is left, which a pass moves on.
    fn only_passes_can_end(&self, pos: &Position) -> bool {
        let end = &self.game.end;
        let limit_far = match &end.turn_limit {
            None => true,
            Some((limit, _)) => {
                !limit.reads_board() && !limit.mentions_mover() && {
                    let limit = self.eval(limit, pos, self.mover(pos));
                    limit <= 0 || (pos.ply as i64) + 1 < limit
                }
            }
        };
        end.results.is_empty()
            && limit_far
            && self.repetition.is_none_or(|n| n == 0)
            && self
                .quiet
                .as_ref()
                .is_none_or(|q| q.limit <= 0 || pos.numbers[self.quiet_index()] + 1 < q.limit)
    }

    /// The result of a finished game: the end rule's, or the no-move rule's.
    pub fn final_outcome(&self, pos: &Position) -> Outcome {
        pos.result.unwrap_or_else(|| self.no_move_outcome(pos))
    }

    /// Plays move `i` of `buf.moves` as returned by [`Engine::random_move`]
    /// or [`Engine::winning_move`] (legal, so unchecked even in debug builds).
    pub fn play_chosen(&self, pos: &mut Position, buf: &MoveBuf, i: usize) {
        self.apply(pos, buf.moves.get(i));
    }

    /// The index in `buf.moves` (filled with the pseudo-legal moves) of a move
    /// chosen uniformly among the legal ones; `None` when there is none.
    fn random_legal_move(
        &self,
        pos: &Position,
        buf: &mut MoveBuf,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Option<usize> {
        self.pseudo_legal_moves(pos, buf);
        let player = self.mover(pos);
        let mut candidates = std::mem::take(&mut buf.candidates);
        candidates.clear();
        candidates.extend(0..buf.moves.len() as u32);
        let mut scratch = std::mem::take(&mut buf.check_position);
        let mut log = std::mem::take(&mut buf.check_undo);
        scratch.clone_from(pos);
        let mut chosen = None;
        while !candidates.is_empty() {
            let k = uniform(rng, candidates.len() as u64) as usize;
            let i = candidates[k] as usize;
            if self.is_legal_candidate(&mut scratch, player, buf.moves.get(i), &mut log) {
                chosen = Some(i);
                break;
            }
            candidates.swap_remove(k);
        }
        buf.candidates = candidates;
        buf.check_position = scratch;
        buf.check_undo = log;
        chosen
    }
}

/// A uniform index below `n` (Lemire's multiply-shift; the bias is below 2^-32 for any move count).
pub fn uniform(rng: &mut Xoshiro256PlusPlus, n: u64) -> u64 {
    ((rng.next_u64() as u128 * n as u128) >> 64) as u64
}

/// Results of random playouts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Games played.
    pub games: u64,
    /// Wins per player.
    pub wins: Vec<u64>,
    /// Drawn games.
    pub draws: u64,
    /// Moves played in all games.
    pub moves: u64,
}

#[cfg(test)]
mod tests {
    use crate::engine::{ENDLESS_RULES, MoveBuf, engine_of};

    #[test]
    fn where_only_passes_end_the_game_the_winning_move_is_the_pass() {
        let text = "game \"t\"\nplayers A, B\nboard grid files a..d ranks 1..1\n\
            piece S letter S { drop: onto empty }\nsupply S\nturn play { pass allowed }\n\
            end {\n  for P in players: score P = count(S, P)\n  after 2 passes: best score\n}\n";
        let engine = engine_of(text);
        let mut pos = engine.start();
        assert!(engine.only_passes_can_end(&pos));
        let (mut buf, mut scratch) = (MoveBuf::new(), engine.start());
        // A drops a stone and B passes: A's pass ends the game, won by A.
        for name in ["S@a1", "pass"] {
            let mv = crate::notation::parse(&engine, &pos, name, &mut buf).expect("a legal move");
            assert!(engine.play(&mut pos, mv.as_ref(), &mut buf));
        }
        engine.legal_moves(&pos, &mut buf);
        let win = engine
            .winning_move(&pos, &buf, &mut scratch)
            .expect("a winning move");
        assert!(
            buf.moves
                .get(win)
                .tokens()
                .any(|t| t == crate::engine::Token::Pass)
        );
        // With a rule that reads the board, every move is tried.
        let with_rule = text.replace("end {\n", "end {\n  win A when count(S, A) == 3\n");
        assert!(!engine_of(&with_rule).only_passes_can_end(&engine_of(&with_rule).start()));
    }

    #[test]
    fn perft_of_any_depth_runs_in_a_small_stack() {
        let engine = engine_of(ENDLESS_RULES);
        let counts = std::thread::Builder::new()
            .stack_size(128 * 1024)
            .spawn(move || {
                let start = engine.start();
                (
                    engine.perft(&start, 1_000),
                    engine.perft_made(&start, 1_000),
                    engine.perft(&start, 0),
                )
            })
            .expect("a thread")
            .join()
            .expect("no overflow");
        assert_eq!(counts, (1, 1, 1));
    }

    #[test]
    fn perft_counts_every_line_made_or_in_bulk() {
        let engine = engine_of(
            "game \"t\"\nplayers A, B\nboard grid files a..c ranks 1..1\n\
             piece S letter S { drop: onto empty }\nsupply S\nend { no move: draw }\n",
        );
        let start = engine.start();
        let counts: Vec<(u64, u64)> = (0..5)
            .map(|d| (engine.perft(&start, d), engine.perft_made(&start, d)))
            .collect();
        // 3 cells filled one by one: 3, 3·2, 3·2·1 lines, then none longer.
        assert_eq!(counts, [(1, 1), (3, 3), (6, 6), (6, 6), (0, 0)]);
    }
}
