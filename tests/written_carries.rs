//! `carry to NAME written`: the carried piece's move is written after the
//! carrier's (`c3-c4,b3-c3`), so moves that differ only in the piece carried
//! are told apart by their notation. Checked on
//! `tests/fixtures/fast_forms/pullers.rules` (a stone steps and may pull a
//! stone next to its start onto it) against a brute force written here from
//! the rules, at every position of seeded random games.

mod common;

use std::collections::BTreeSet;

use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::notation;

fn pullers_text() -> String {
    let path = format!(
        "{}/tests/fixtures/fast_forms/pullers.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).expect("the fixture")
}

/// A board of the brute force: 0 empty, 1 White, 2 Black; cell `rank * 5 + file`.
type Board = [u8; 25];

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

/// Whether a side has more than two stones on rank 5.
fn won(board: &Board) -> bool {
    [1, 2]
        .iter()
        .any(|&side| (20..25).filter(|&c| board[c] == side).count() > 2)
}

/// Every move of `side`: a step onto an empty neighbour, alone or pulling a
/// stone (of either side) from another neighbour of its start onto the start.
fn brute_moves(board: &Board, side: u8) -> BTreeSet<(String, Board)> {
    let mut out = BTreeSet::new();
    if won(board) {
        return out;
    }
    for from in (0..25).filter(|&c| board[c] == side) {
        for to in neighbours(from).filter(|&n| board[n] == 0) {
            let mut next = *board;
            next[to] = side;
            next[from] = 0;
            out.insert((format!("{}-{}", name(from), name(to)), next));
            for pulled in neighbours(from).filter(|&n| n != to && board[n] != 0) {
                let mut pulling = next;
                pulling[from] = board[pulled];
                pulling[pulled] = 0;
                let text = format!("{}-{},{}-{}", name(from), name(to), name(pulled), name(from));
                out.insert((text, pulling));
            }
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

fn brute_perft(board: &Board, side: u8, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    brute_moves(board, side)
        .iter()
        .map(|(_, next)| brute_perft(next, 3 - side, depth - 1))
        .sum()
}

#[test]
fn the_moves_are_those_of_the_brute_force_along_random_games() {
    let engine = common::engine_of(&pullers_text());
    let mut buf = MoveBuf::new();
    let mut pulls = 0;
    for seed in 0..12u64 {
        let mut pos = engine.start();
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for ply in 0..40 {
            let side = if ply % 2 == 0 { 1 } else { 2 };
            let board = board_of(&engine, &pos);
            let expected = brute_moves(&board, side);
            let got = engine_moves(&engine, &pos, &mut buf);
            assert_eq!(got, expected, "game {seed}, ply {ply}");
            if expected.is_empty() {
                break;
            }
            // Every name reads back as its move, as a player would type it.
            for (text, after) in &expected {
                let mv = notation::parse(&engine, &pos, text, &mut buf).expect("its own name");
                let mut next = pos.clone();
                engine.play_unchecked(&mut next, mv.as_ref());
                assert_eq!(board_of(&engine, &next), *after, "{text}");
            }
            common::next_random(&mut rng);
            engine.legal_moves(&pos, &mut buf);
            let i = (rng % buf.moves.len() as u64) as usize;
            pulls += notation::format(&engine, buf.moves.get(i)).contains(',') as usize;
            engine.play_chosen(&mut pos, &buf, i);
        }
    }
    assert!(pulls > 10, "only {pulls} pulls played");
}

#[test]
fn perft_is_that_of_the_brute_force_and_of_the_unwritten_carry() {
    let engine = common::engine_of(&pullers_text());
    let unwritten = common::engine_of(&pullers_text().replace("carry to start written", "carry to start"));
    let board = board_of(&engine, &engine.start());
    for depth in 1..=3 {
        let n = brute_perft(&board, 1, depth);
        assert_eq!(engine.perft(&engine.start(), depth), n, "depth {depth}");
        assert_eq!(
            unwritten.perft(&engine.start(), depth),
            n,
            "depth {depth}, unwritten"
        );
    }
}

#[test]
fn pulls_of_different_stones_are_different_moves_in_plain_notation() {
    let engine = common::engine_of(&pullers_text());
    let mut buf = MoveBuf::new();
    let names = notation::legal_move_names(&engine, &engine.start(), &mut buf);
    // c2 steps to c3 alone, or pulls b2, d2 or c1 onto c2.
    for name in ["c2-c3", "c2-c3,b2-c2", "c2-c3,c1-c2", "c2-c3,d2-c2"] {
        assert!(names.contains(&name.to_string()), "{name} missing from {names:?}");
    }
    assert!(!names.iter().any(|n| n.contains('{')), "{names:?}");
    // Unwritten, the same moves share `c2-c3` and are written in full.
    let unwritten = common::engine_of(&pullers_text().replace("carry to start written", "carry to start"));
    let names = notation::legal_move_names(&unwritten, &unwritten.start(), &mut buf);
    assert!(names.contains(&"c2-c3{b2>c2}".to_string()), "{names:?}");
    // A pull is typed in full, or by its short forms, action by action.
    let pos = common::position(&engine, "c2-c3,d2-c2");
    assert_eq!(common::at(&engine, &pos, "c2"), "White S");
    assert_eq!(common::at(&engine, &pos, "d2"), "");
    let pos = common::position(&engine, "c3,d2c2 b4-a4,c4-b4");
    assert_eq!(common::at(&engine, &pos, "d2"), "");
    assert_eq!(common::at(&engine, &pos, "b4"), "Black S");
    assert_eq!(common::at(&engine, &pos, "c4"), "");
    // A short form of the carrier alone fits the step without a pull only;
    // one that leaves the pulled stone's start out fits all three pulls.
    match notation::read(&engine, &engine.start(), "c3", &mut buf) {
        notation::Reading::Short { full, .. } => assert_eq!(full, "c2-c3"),
        other => panic!("{other:?}"),
    }
    match notation::read(&engine, &engine.start(), "Sc3,Sc2", &mut buf) {
        notation::Reading::Ambiguous(all) => assert_eq!(all.len(), 3, "{all:?}"),
        other => panic!("{other:?}"),
    }
}
