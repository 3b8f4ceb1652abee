//! Chivalry scenarios, each reached by legal moves from the start: the
//! compulsory queen capture, jumps over the far edge, captured pawns going back
//! to the stash, and `one_queen_victory` deciding a drawn game.

mod common;

use common::{at, kind, player};
use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::ir::CellId;

// ---------------------------------------------------------------------------
// Helpers: names to ids, and readable facts about a position.

/// Pieces of `letter` that `owner` has on the board.
fn count(engine: &Engine, pos: &Position, owner: &str, letter: &str) -> usize {
    let want = Some((player(engine, owner), kind(engine, letter)));
    (0..engine.game().topology.board_cells)
        .filter(|&c| engine.piece_at(pos, CellId(c as u16)) == want)
        .count()
}

fn exited(engine: &Engine, pos: &Position, owner: &str) -> i64 {
    let counter = engine
        .game()
        .counters
        .iter()
        .position(|c| c == "exited")
        .expect("counter `exited`");
    engine.counter(pos, counter, player(engine, owner))
}

fn stash(engine: &Engine, pos: &Position, owner: &str) -> i64 {
    engine.reserve(pos, player(engine, owner), kind(engine, "P"))
}

fn moves(engine: &Engine, pos: &Position) -> Vec<String> {
    rulebook::notation::legal_move_names(engine, pos, &mut MoveBuf::new())
}

fn mover(engine: &Engine, pos: &Position) -> String {
    engine.game().players[engine.mover(pos).index()].clone()
}

/// Every legal move is a queen jump: it starts on a cell holding one of the
/// mover's queens and captures (`x`); no drop, no pawn step.
fn assert_only_queen_jumps(engine: &Engine, pos: &Position, list: &[String]) {
    let queen = format!("{} Q", mover(engine, pos));
    assert!(!list.is_empty());
    for mv in list {
        let from = mv.split(['-', 'x']).next().unwrap();
        assert!(!mv.contains('@'), "{mv} is a drop");
        assert!(!mv.contains('-'), "{mv} has a step that captures nothing");
        assert!(mv.contains('x'), "{mv} captures nothing");
        assert_eq!(
            at(engine, pos, from),
            queen,
            "{mv} does not start on a queen of the mover"
        );
    }
}

// ---------------------------------------------------------------------------
// The compulsory queen capture.

#[test]
fn a_white_queen_capture_shuts_out_drops_and_pawn_steps() {
    let e = common::engine("chivalry", "");
    // White drops beside the queens a1 and c1; Black drops far from its queens.
    let pos = common::position(&e, "P@b2 P@a5");
    assert_eq!(mover(&e, &pos), "White");
    let list = moves(&e, &pos);
    assert_eq!(list, ["a1xc3", "c1xa3"]);
    assert_only_queen_jumps(&e, &pos, &list);
    // Without the capture these would be legal: White still has 4 pawns in the
    // stash and d4 is an empty dark cell; the pawn on b2 has empty cells
    // diagonally ahead of it.
    assert_eq!(stash(&e, &pos, "White"), 4);
    assert_eq!(at(&e, &pos, "d4"), "");
    assert_eq!(at(&e, &pos, "a3"), "");
    assert_eq!(at(&e, &pos, "c3"), "");
    for absent in ["P@d4", "P@h6", "b2-a3", "b2-c3"] {
        assert!(!list.contains(&absent.to_string()), "{absent} is listed");
    }
    // The same cells are fine for Black, whose queens cannot jump here.
    let black = moves(&e, &common::position(&e, "P@b2"));
    assert!(black.contains(&"P@d4".to_string()));
    assert!(black.iter().all(|m| m.starts_with("P@")), "{black:?}");
}

#[test]
fn a_black_queen_capture_shuts_out_drops_and_pawn_steps_and_may_chain() {
    let e = common::engine("chivalry", "");
    // Black pawns on e7 (beside the queens d8 and f8) and g5 (beyond f6).
    let pos = common::position(&e, "P@b4 P@g5 P@d4 P@e7 P@a3");
    assert_eq!(mover(&e, &pos), "Black");
    let list = moves(&e, &pos);
    // d8 over e7 to f6, then on over g5 to h4 (or stop at f6); f8 over e7 to d6.
    assert_eq!(list, ["d8xf6", "d8xf6xh4", "f8xd6"]);
    assert_only_queen_jumps(&e, &pos, &list);
    assert_eq!(stash(&e, &pos, "Black"), 3);
    for absent in ["P@c5", "g5-f4", "g5-h6", "e7-d6", "e7-f6"] {
        assert!(!list.contains(&absent.to_string()), "{absent} is listed");
    }
    // The chain captures both pawns, which go back to Black's stash.
    let after = common::position(&e, "P@b4 P@g5 P@d4 P@e7 P@a3 d8xf6xh4");
    assert_eq!(at(&e, &after, "h4"), "Black Q");
    for empty in ["d8", "e7", "f6", "g5"] {
        assert_eq!(at(&e, &after, empty), "", "{empty}");
    }
    assert_eq!(stash(&e, &after, "Black"), 5);
}

#[test]
fn a_jump_off_the_board_is_compulsory_too() {
    let e = common::engine("chivalry", "");
    // From a real game (tests/data/chivalry.status.tsv): Black's queen on d2
    // stands beside Black's pawn on c1, with the far edge beyond.
    let pos = common::position(
        &e,
        "P@e3 P@d6 e3-d4 d6-e5 P@a7 P@e3 P@b2 P@e7 c1xa3 f8xd6 P@d2 d6xf4 e1xc3xe5 f4xd2 P@e7 \
         P@c1 P@g5",
    );
    assert_eq!(mover(&e, &pos), "Black");
    let list = moves(&e, &pos);
    assert_eq!(list, ["d2xb0"]);
    assert_only_queen_jumps(&e, &pos, &list);
    // The pawn on c1 could otherwise step to b2 (empty), and the stash has 4.
    assert_eq!(at(&e, &pos, "b2"), "");
    assert_eq!(stash(&e, &pos, "Black"), 4);
}

#[test]
fn every_chain_is_a_move_even_one_ending_where_it_began() {
    let e = common::engine("chivalry", "");
    // Found by a seeded random playout: White's pawns b2, b4, d4, d2 stand
    // round the queen c1's square c1-a3-c5-e3.
    let pos = common::position(
        &e,
        "P@c3 P@g7 P@f2 h8xf6 e1xg3 P@h2 P@f4 P@h4 g3xe5 P@e3 P@d4 P@g3 P@d2 P@e7 P@b4 f8xd6 \
         P@b2 e3-f4",
    );
    let list = moves(&e, &pos);
    assert_eq!(
        list,
        [
            "c1xa3",
            "c1xa3xc5",
            "c1xa3xc5xe3",
            "c1xa3xc5xe3xc1",
            "c1xe3",
            "c1xe3xc5",
            "c1xe3xc5xa3",
            "c1xe3xc5xa3xc1",
        ]
    );
    assert_only_queen_jumps(&e, &pos, &list);
    // e5 could jump d4 but c3 (beyond it) is taken; a1 could jump b2, but c3 again.
    assert_eq!(at(&e, &pos, "e5"), "White Q");
    assert_eq!(at(&e, &pos, "c3"), "White P");

    let after = common::position(
        &e,
        "P@c3 P@g7 P@f2 h8xf6 e1xg3 P@h2 P@f4 P@h4 g3xe5 P@e3 P@d4 P@g3 P@d2 P@e7 P@b4 f8xd6 \
         P@b2 e3-f4 c1xa3xc5xe3xc1",
    );
    assert_eq!(at(&e, &after, "c1"), "White Q");
    for empty in ["b2", "b4", "d4", "d2", "a3", "c5", "e3"] {
        assert_eq!(at(&e, &after, empty), "", "{empty}");
    }
    assert_eq!(stash(&e, &after, "White"), 4, "the four jumped pawns are back");
    assert_eq!(count(&e, &after, "White", "P"), 1);
}

#[test]
fn no_capture_shows_drops_and_pawn_steps() {
    let e = common::engine("chivalry", "");
    // At the start: a drop on each of the 24 empty dark cells (32 less the 8
    // queens), nothing else.
    let start = moves(&e, &e.start());
    assert_eq!(start.len(), 24);
    assert!(start.iter().all(|m| m.starts_with("P@")));
    assert!(!start.contains(&"P@a1".to_string()), "a1 holds a queen");
    assert!(!start.contains(&"P@b1".to_string()), "b1 is light");

    let pos = common::position(&e, "P@b4 P@g5");
    let expected = [
        "P@a3", "P@a5", "P@a7", "P@b2", "P@b6", "P@c3", "P@c5", "P@c7", "P@d2", "P@d4", "P@d6", "P@e3",
        "P@e5", "P@e7", "P@f2", "P@f4", "P@f6", "P@g3", "P@g7", "P@h2", "P@h4", "P@h6", "b4-a3", "b4-a5",
        "b4-c3", "b4-c5",
    ];
    assert_eq!(moves(&e, &pos), expected);
}

// ---------------------------------------------------------------------------
// Exits, captures and the stash.

#[test]
fn a_black_queen_exiting_over_rank_1_is_counted_and_removed() {
    let e = common::engine("chivalry", "");
    let before = common::position(
        &e,
        "P@e3 P@d6 e3-d4 d6-e5 P@a7 P@e3 P@b2 P@e7 c1xa3 f8xd6 P@d2 d6xf4 e1xc3xe5 f4xd2 P@e7 \
         P@c1 P@g5",
    );
    assert_eq!(exited(&e, &before, "Black"), 0);
    assert_eq!(count(&e, &before, "Black", "Q"), 4);
    assert_eq!(at(&e, &before, "d2"), "Black Q");
    assert_eq!(at(&e, &before, "c1"), "Black P");

    let after = common::position(
        &e,
        "P@e3 P@d6 e3-d4 d6-e5 P@a7 P@e3 P@b2 P@e7 c1xa3 f8xd6 P@d2 d6xf4 e1xc3xe5 f4xd2 P@e7 \
         P@c1 P@g5 d2xb0",
    );
    assert_eq!(exited(&e, &after, "Black"), 1);
    assert_eq!(exited(&e, &after, "White"), 0);
    assert_eq!(count(&e, &after, "Black", "Q"), 3);
    assert_eq!(at(&e, &after, "d2"), "", "the queen has left the board");
    assert_eq!(at(&e, &after, "c1"), "", "the jumped pawn is captured");
    assert_eq!(
        stash(&e, &after, "Black"),
        5,
        "the jumped pawn is back in the stash"
    );
    assert_eq!(common::status(&e, &after), "ongoing");
    assert_eq!(mover(&e, &after), "White");
}

#[test]
fn a_white_chain_may_end_over_rank_8() {
    let e = common::engine("chivalry", "");
    let moves_before = "P@e3 P@d6 e3-d4 d6-e5 P@a7 P@e3 P@b2 P@e7 c1xa3 f8xd6 P@d2 d6xf4 \
         e1xc3xe5 f4xd2 P@e7 P@c1 P@g5 d2xb0 P@f4 P@d6 e5xg3 d6-c5 g5-h4 P@c3 e7-f8 P@b6 P@a5 \
         P@d6 f8-e7 d6-e5 P@f8 e5-d4 a5-b4 P@h2 b4-a5 d4-e3 e7-f6 c5-d4 h4-g5 e3-f4 g5-h4 b6-c7 \
         a5-b4 d8xb6 a3xc5 P@d8 h4-g5 f4-e5 f8-g7 c3-b2 g5-h6 e5-f4 P@c7 d4-e3 g7-f8 e3-d2 \
         c7-d6 f4-g5";
    let before = common::position(&e, moves_before);
    // White's queen c5 jumps d6 to e7, and may go on over f8 beyond rank 8.
    assert_eq!(moves(&e, &before), ["c5xe7", "c5xe7xg9"]);
    assert_eq!(at(&e, &before, "d6"), "White P");
    assert_eq!(at(&e, &before, "f8"), "White P");
    assert_eq!(stash(&e, &before, "White"), 0);
    assert_eq!(exited(&e, &before, "White"), 0);

    let after = common::position(&e, &format!("{moves_before} c5xe7xg9"));
    assert_eq!(exited(&e, &after, "White"), 1);
    assert_eq!(exited(&e, &after, "Black"), 1, "Black exited on d2xb0 earlier");
    assert_eq!(count(&e, &after, "White", "Q"), 3);
    for empty in ["c5", "d6", "e7", "f8"] {
        assert_eq!(at(&e, &after, empty), "", "{empty}");
    }
    assert_eq!(stash(&e, &after, "White"), 2, "both jumped pawns are back");
    assert_eq!(mover(&e, &after), "Black");
}

#[test]
fn a_captured_pawn_returns_to_its_owners_stash() {
    let e = common::engine("chivalry", "");
    let pos = common::position(&e, "P@b2 P@a5");
    assert_eq!(stash(&e, &pos, "White"), 4);
    assert_eq!(stash(&e, &pos, "Black"), 4);
    let after = common::position(&e, "P@b2 P@a5 a1xc3");
    assert_eq!(at(&e, &after, "b2"), "");
    assert_eq!(at(&e, &after, "a1"), "");
    assert_eq!(at(&e, &after, "c3"), "White Q");
    assert_eq!(stash(&e, &after, "White"), 5);
    assert_eq!(stash(&e, &after, "Black"), 4);
    assert_eq!(count(&e, &after, "White", "P"), 0);
    // The pawn can be dropped again (White moves again after Black's drop).
    let again = common::position(&e, "P@b2 P@a5 a1xc3 P@h6");
    assert!(moves(&e, &again).contains(&"P@b2".to_string()));
}

/// "A captured queen is out of the game": no sequence from the setup can
/// capture a queen. A side's queens start on one rank parity (White odd, Black
/// even), a jump moves two ranks, and a jumped piece is diagonally adjacent, so
/// on the other parity: a queen never jumps a queen of its own side. Along
/// every real game of the status vectors, a side's queens on the board plus
/// its exited queens stay four.
#[test]
fn queens_only_leave_the_board_by_exiting() {
    let e = common::engine("chivalry", "");
    let mut buf = MoveBuf::new();
    let rows = common::rows("chivalry.status.tsv");
    assert!(rows.len() >= 20);
    for row in &rows {
        let mut pos = e.start();
        for text in row[1].split_whitespace() {
            let mv = rulebook::notation::parse(&e, &pos, text, &mut buf).expect("a legal move");
            e.play_unchecked(&mut pos, mv.as_ref());
            for side in ["White", "Black"] {
                let queens = count(&e, &pos, side, "Q") as i64 + exited(&e, &pos, side);
                assert_eq!(queens, 4, "{side} after {text} in `{}`", row[1]);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The end: turn limit and one_queen_victory.

/// Black exits a queen on move 18 (`d2xb0`); White has exited none.
const BLACK_EXITS_FIRST: &str = "P@e3 P@d6 e3-d4 d6-e5 P@a7 P@e3 P@b2 P@e7 c1xa3 f8xd6 P@d2 \
     d6xf4 e1xc3xe5 f4xd2 P@e7 P@c1 P@g5 d2xb0";

#[test]
fn one_queen_victory_wins_a_game_drawn_by_the_turn_limit() {
    let with = common::engine("chivalry", "turn_limit=18 one_queen_victory=true");
    let without = common::engine("chivalry", "turn_limit=18");

    let pos = common::position(&with, BLACK_EXITS_FIRST);
    assert_eq!(exited(&with, &pos, "Black"), 1);
    assert_eq!(exited(&with, &pos, "White"), 0);
    assert_eq!(common::status(&with, &pos), "win Black");
    assert!(moves(&with, &pos).is_empty(), "a finished game has no moves");

    let pos = common::position(&without, BLACK_EXITS_FIRST);
    assert_eq!(common::status(&without, &pos), "draw");

    // One move earlier the limit is not reached yet.
    let (earlier, _) = BLACK_EXITS_FIRST.rsplit_once(' ').unwrap();
    let pos = common::position(&with, earlier);
    assert_eq!(common::status(&with, &pos), "ongoing");

    // A limit of 17 ends the game before the exit: a plain draw, option or not.
    let short = common::engine("chivalry", "turn_limit=17 one_queen_victory=true");
    let pos = common::position(&short, earlier);
    assert_eq!(common::status(&short, &pos), "draw");

    // With a longer limit the game goes on after the exit, and the win comes at the limit.
    let longer = common::engine("chivalry", "turn_limit=20 one_queen_victory=true");
    let pos = common::position(&longer, BLACK_EXITS_FIRST);
    assert_eq!(common::status(&longer, &pos), "ongoing");
    let pos = common::position(&longer, &format!("{BLACK_EXITS_FIRST} P@f4 P@d6"));
    assert_eq!(common::status(&longer, &pos), "win Black");
    let plain = common::engine("chivalry", "turn_limit=20");
    let pos = common::position(&plain, &format!("{BLACK_EXITS_FIRST} P@f4 P@d6"));
    assert_eq!(common::status(&plain, &pos), "draw");
}

/// White exits on move 161 (`e7xg9`), Black on move 166 (`h2xf0`).
const BOTH_EXIT: &str = "P@d4 P@f6 P@d2 P@h6 c1xe3xc5 P@c7 P@g7 b8xd6 P@f4 P@b2 P@b8 P@h4 \
     P@a3 h4-g3 b8-a7 g3-h2 P@c1 P@d2 a3-b4 f6-e7 c5xa3 d8xf6 P@e3 P@c7 f4-e5 d6xb8 e5-d6 P@g3 \
     e3-d4 b2-c3 d6-c5 h6-g5 c5-b6 f6xh4xf2 d4-e5 P@f6 c1-b2 P@f4 a3xc1 c3-d4 P@c7 h2-g3 e5-d6 \
     f2xh4 c7-d8 f6-g5 b6-c7 h4xf6 c7-b6 P@f2 g7-h6 f4-g5 d6-e5 f6xh4 e5-f6 P@b4 b6-a5 d4-e3 \
     f6-g5 P@c7 a5-b6 b8xd6 g5-f4 P@e5 f4-g5 d6xf4 b6-c5 P@g3 h6-g7 f4xh2 c5-b6 P@d6 d8-c7 \
     e3-d4 a7-b8 d4-e5 g5-f6 f2-e3 b8-a7 d6-e7 a7-b8 f8xd6 b8-a7 d6xf4 c7-d6 P@a5 g7-h6 d2-c3 \
     b6-c5 f4xd2 f6-e7 P@f6 c5-b6 P@g3 d6-c5 h2xf4 c5-d4 c3-b2 b6-c7 b4-c3 a7-b6 d2xb4 d4-c3 \
     P@e3 c3-d2 P@g3 e1xc3 h4xf2xd4 h6-g5 P@e1 P@f2 P@g3 g1xe3 f4xh2 P@c5 P@a7 g5-f4 b2-a3 \
     e3xg5 f6-g7 e7-f6 e1-d2 g5xe7 h8xf6 P@b8 P@d8 P@e5 a3-b2 e5-f4 d2-e3 c5-d6 d4xf2 e7xc5 \
     P@e7 f4-e3 e7-f8 e3-d2 d8-e7 c3xe1 f6xd8 c7-d6 b2-a3 c5xe7 P@d2 P@c7 f8-g7 b6-c5 a3-b2 \
     P@d6 b2-a3 c5-b6 g7-h6 e7xc5 d2-e3 c7-d6 f2xd4 c5xe7 P@f2 P@f8 h6-g5 e7xg9 g5-h4 P@f8 \
     f2-g1 b6-c7 h2xf0";

#[test]
fn one_queen_victory_needs_the_opponent_to_have_exited_none() {
    let e = common::engine("chivalry", "turn_limit=166 one_queen_victory=true");
    let pos = common::position(&e, BOTH_EXIT);
    assert_eq!(exited(&e, &pos, "White"), 1);
    assert_eq!(exited(&e, &pos, "Black"), 1);
    assert_eq!(common::status(&e, &pos), "draw");

    // With the limit at move 165, only White has exited: White wins.
    let e = common::engine("chivalry", "turn_limit=165 one_queen_victory=true");
    let (earlier, _) = BOTH_EXIT.rsplit_once(' ').unwrap();
    let pos = common::position(&e, earlier);
    assert_eq!(exited(&e, &pos, "White"), 1);
    assert_eq!(exited(&e, &pos, "Black"), 0);
    assert_eq!(common::status(&e, &pos), "win White");
}
