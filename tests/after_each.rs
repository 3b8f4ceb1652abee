//! `after each action: …`: a turn's effect after every action, checked on
//! `tests/fixtures/fast_forms/traps.rules` (two steps a turn on 5×5, traps on
//! b3 and d3, a stone home wins) against a brute-force generator of the same
//! rules written here, at every position of seeded random games.

mod common;

use std::collections::BTreeSet;

use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::notation;

fn traps() -> Engine {
    let path = format!(
        "{}/tests/fixtures/fast_forms/traps.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    common::engine_of(&std::fs::read_to_string(path).expect("the fixture"))
}

/// A board of the brute force: 0 empty, 1 White, 2 Black; cell `rank * 5 + file`.
type Board = [u8; 25];

const TRAPS: [usize; 2] = [2 * 5 + 1, 2 * 5 + 3];

fn name(c: usize) -> String {
    format!("{}{}", (b'a' + (c % 5) as u8) as char, c / 5 + 1)
}

fn neighbours(c: usize) -> impl Iterator<Item = usize> {
    let (f, r) = ((c % 5) as i32, (c / 5) as i32);
    [(0, 1), (1, 0), (0, -1), (-1, 0)]
        .into_iter()
        .map(move |(df, dr)| (f + df, r + dr))
        .filter(|&(f, r)| (0..5).contains(&f) && (0..5).contains(&r))
        .map(|(f, r)| (r * 5 + f) as usize)
}

/// After a step: every stone on a trap with no stone of its side next to it goes.
fn spring(board: &mut Board) {
    let doomed: Vec<usize> = TRAPS
        .into_iter()
        .filter(|&t| board[t] != 0 && !neighbours(t).any(|n| board[n] == board[t]))
        .collect();
    doomed.into_iter().for_each(|t| board[t] = 0);
}

/// Whether `side` has a stone on its far rank.
fn home(board: &Board, side: u8) -> bool {
    let rank = if side == 1 { 4 } else { 0 };
    (0..5).any(|f| board[rank * 5 + f] == side)
}

/// Every move of `side`: one or two steps, each followed by the traps; a
/// step that wins ends the move. Each with the board it leaves.
fn brute_moves(board: &Board, side: u8) -> BTreeSet<(String, Board)> {
    let mut out = BTreeSet::new();
    for (first, after) in steps(board, side) {
        out.insert((first.clone(), after));
        if home(&after, 1) || home(&after, 2) {
            continue;
        }
        for (second, last) in steps(&after, side) {
            out.insert((format!("{first},{second}"), last));
        }
    }
    out
}

fn steps(board: &Board, side: u8) -> Vec<(String, Board)> {
    let mut out = Vec::new();
    for from in (0..25).filter(|&c| board[c] == side) {
        for to in neighbours(from).filter(|&n| board[n] == 0) {
            let mut next = *board;
            next[to] = side;
            next[from] = 0;
            spring(&mut next);
            out.push((format!("{}-{}", name(from), name(to)), next));
        }
    }
    out
}

fn board_of(engine: &Engine, pos: &Position) -> Board {
    let mut board = [0; 25];
    for (c, b) in board.iter_mut().enumerate() {
        *b = match common::at(engine, pos, &name(c)).as_str() {
            "" => 0,
            "White S" => 1,
            _ => 2,
        };
    }
    board
}

fn engine_moves(engine: &Engine, pos: &Position, buf: &mut MoveBuf) -> BTreeSet<(String, Board)> {
    common::moves_and_boards(engine, pos, buf, board_of)
}

#[test]
fn the_moves_are_those_of_the_brute_force_along_random_games() {
    let engine = traps();
    let mut buf = MoveBuf::new();
    let mut captured = 0;
    for seed in 0..12u64 {
        let mut pos = engine.start();
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for ply in 0..60 {
            let side = if ply % 2 == 0 { 1 } else { 2 };
            let board = board_of(&engine, &pos);
            if home(&board, 1) || home(&board, 2) {
                assert!(pos.result().is_some(), "game {seed}, ply {ply}: won, not over");
                break;
            }
            let expected = brute_moves(&board, side);
            let got = engine_moves(&engine, &pos, &mut buf);
            assert_eq!(got, expected, "game {seed}, ply {ply}");
            if expected.is_empty() {
                break;
            }
            common::next_random(&mut rng);
            engine.legal_moves(&pos, &mut buf);
            let i = (rng % buf.moves.len() as u64) as usize;
            let before = board.iter().filter(|&&b| b != 0).count();
            engine.play_chosen(&mut pos, &buf, i);
            captured += before - board_of(&engine, &pos).iter().filter(|&&b| b != 0).count();
        }
    }
    assert!(captured > 0, "no game sprang a trap");
}

#[test]
fn perft_counts_agree_with_the_brute_force() {
    let engine = traps();
    fn brute(board: &Board, side: u8, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if home(board, 1) || home(board, 2) {
            return 0;
        }
        let moves = brute_moves(board, side);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, b)| brute(b, 3 - side, depth - 1)).sum()
    }
    let start = board_of(&engine, &engine.start());
    for depth in 1..=3 {
        assert_eq!(
            engine.perft(&engine.start(), depth),
            brute(&start, 1, depth),
            "depth {depth}"
        );
    }
}

fn at(engine: &Engine, text: &str) -> Position {
    rulebook::position_text::read(engine, text).expect("a position")
}

/// `pos` after the move written `text`.
fn after(engine: &Engine, pos: &Position, text: &str) -> Position {
    let mut buf = MoveBuf::new();
    let mv = notation::parse(engine, pos, text, &mut buf).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    let mut next = pos.clone();
    assert!(engine.play(&mut next, mv.as_ref(), &mut buf));
    next
}

#[test]
fn a_guard_stepping_away_springs_the_trap_under_its_own_stone() {
    let engine = traps();
    // White's stone on b3 is guarded by b2 only; Black's on d3 by d4 only.
    let pos = at(&engine, "5/3s1/1S1s1/1S3/5 w ply:0");
    let next = after(&engine, &pos, "b2-a2");
    assert_eq!(
        common::at(&engine, &next, "b3"),
        "",
        "the unguarded stone on the trap went"
    );
    assert_eq!(common::at(&engine, &next, "d3"), "Black S");
    // The effect is written nowhere: the move is the step alone.
    let names = notation::legal_move_names(&engine, &pos, &mut MoveBuf::new());
    assert!(names.contains(&"b2-a2".to_string()), "{names:?}");
    assert!(names.iter().all(|m| !m.contains('x')), "{names:?}");
    // White's step next to Black's trap stone does not guard it: Black's
    // guard stepping away then springs Black's trap.
    let next = after(&engine, &pos, "b3-c3");
    assert_eq!(common::at(&engine, &next, "d3"), "Black S");
    let next = after(&engine, &next, "d4-e4");
    assert_eq!(common::at(&engine, &next, "d3"), "", "Black's own step sprang it");
}

#[test]
fn the_effect_follows_each_action_not_the_whole_move() {
    let engine = traps();
    let pos = at(&engine, "5/3s1/1S1s1/1S3/5 w ply:0");
    // The guard steps away and back: the stone went after the first step.
    let next = after(&engine, &pos, "b2-a2,a2-b2");
    assert_eq!(common::at(&engine, &next, "b3"), "");
    assert_eq!(common::at(&engine, &next, "b2"), "White S");
}

#[test]
fn an_end_rule_decides_after_the_effect() {
    // A stone lost to the trap loses the game at once, ending the move.
    let engine = common::engine_of(
        "game \"Last stone\"
players White, Black
board grid files a..c ranks 1..3
directions orth = n, e, s, w
region trap = b2
piece Stone letter S { move step: step orth onto empty }
setup {
  White: Stone at a2 b2
  Black: Stone at c3 c1
}
turn play {
  actions up to 2
  after each action: anywhere, if in trap and friend and not next orth is friend, capture
}
end {
  for P in players: win opponent(P) when count(Stone, P) < 2
  no move: mover loses
}",
    );
    let names = notation::legal_move_names(&engine, &engine.start(), &mut MoveBuf::new());
    // The guard's step away loses b2 and the game: nothing follows it.
    assert!(names.contains(&"a2-a1".to_string()), "{names:?}");
    assert!(!names.iter().any(|m| m.starts_with("a2-a1,")), "{names:?}");
    // Stepping off the trap is safe, and the move may go on.
    assert!(names.iter().any(|m| m.starts_with("b2-b1,")), "{names:?}");
    let next = after(&engine, &engine.start(), "a2-a1");
    assert_eq!(common::status(&engine, &next), "win Black");
}
