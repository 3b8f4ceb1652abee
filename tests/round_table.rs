//! Knights of the Round Table scenarios, each reached by legal moves from the
//! start: leaps and slides through the centre, promotions and the shared pool,
//! moves refused for the king's safety, checkmate and stalemate.

mod common;

use std::collections::BTreeSet;

use common::{at, cell, kind, player};
use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::ir::CellId;

// ---------------------------------------------------------------------------
// Helpers.

/// Pieces of `letter` on the board: of `owner`, or of both players with `None`.
fn count(engine: &Engine, pos: &Position, owner: Option<&str>, letter: &str) -> usize {
    let k = kind(engine, letter);
    let owner = owner.map(|o| player(engine, o));
    (0..engine.game().topology.board_cells)
        .filter(|&c| match engine.piece_at(pos, CellId(c as u16)) {
            Some((p, pk)) => pk == k && owner.is_none_or(|o| o == p),
            None => false,
        })
        .count()
}

fn moves(engine: &Engine, pos: &Position) -> Vec<String> {
    rulebook::notation::legal_move_names(engine, pos, &mut MoveBuf::new())
}

/// The legal moves of the piece on `from`.
fn moves_from(engine: &Engine, pos: &Position, from: &str) -> Vec<String> {
    moves(engine, pos)
        .into_iter()
        .filter(|m| {
            m.strip_prefix(from)
                .is_some_and(|rest| rest.starts_with(['-', 'x']))
        })
        .collect()
}

/// The letters of the promoted pieces in the moves starting `prefix` (e.g. `"a15xc14,"`).
fn promotion_letters(list: &[String], prefix: &str) -> BTreeSet<String> {
    list.iter()
        .filter_map(|m| m.strip_prefix(prefix))
        .map(|rest| rest.split_once('@').expect("a placement").0.to_string())
        .collect()
}

/// The placement cells offered after the capture `capture` (e.g. `"c7xb8"`).
fn placements(list: &[String], capture: &str) -> Vec<String> {
    list.iter()
        .filter_map(|m| m.strip_prefix(capture)?.strip_prefix(','))
        .map(|rest| rest.split_once('@').expect("a placement").1.to_string())
        .collect()
}

fn mover(engine: &Engine, pos: &Position) -> String {
    engine.game().players[engine.mover(pos).index()].clone()
}

/// Whether `text` has the shape `c5xb6,N@d3`: a capture, then a placement.
fn is_promotion_notation(text: &str) -> bool {
    let cell = |s: &str| {
        let mut chars = s.chars();
        matches!(chars.next(), Some('a'..='d'))
            && s.len() > 1
            && s[1..].chars().all(|c| c.is_ascii_digit())
            && (1..=16).contains(&s[1..].parse::<u32>().unwrap_or(0))
    };
    let Some((capture, placement)) = text.split_once(',') else {
        return false;
    };
    let Some((from, to)) = capture.split_once('x') else {
        return false;
    };
    let Some((letter, at)) = placement.split_once('@') else {
        return false;
    };
    cell(from) && cell(to) && ["N", "B", "R", "Q", "K"].contains(&letter) && cell(at)
}

fn prefix(moves: &str, n: usize) -> String {
    let list: Vec<&str> = moves.split_whitespace().collect();
    assert!(n <= list.len(), "only {} moves", list.len());
    list[..n].join(" ")
}

// ---------------------------------------------------------------------------
// Sequences (the long ones come from the games of
// tests/data/round-table.status.tsv or from seeded random playouts).

/// White's knight d2 reaches the wedge a3 (via b1); White's pawns c2 and c4 step
/// inwards, Black only moves pawns.
const KNIGHT_ON_A3: &str = "d2-b1 c14-b14 b1-a3 c13-b13 c2-b2 c9-b9 c4-b4 c11-b11";

/// A game that puts Black's bishop on the wedge a5 (move 6), gives Black a rook
/// (move 8), and then clears the spoke of sector 10 for it.
const ROOK_THROUGH_CENTRE: &str = "d6-c8 d10xc8,B@d10 d3-b2 c11-b11 c3-b3 d10-a5 c6-c7 \
     d9xc7,R@d10 c5-c6 c10-c11 c1-b1";

/// The first moves of a real game: Black's bishop goes to the wedge a5 (move 6)
/// and then to b6 (move 10).
const BISHOP_GAME: &str = "d6-c8 d10xc8,B@d10 d3-b2 c11-b11 c3-b3 d10-a5 c6-c7 d9xc7,R@d10 \
     b2-c16 a5-b6 c4-c3";

/// A random playout that promotes B, R, Q, K on moves 9, 14, 15 and 16 and ends
/// in checkmate: White's queen d4 checks along ring d when the knight d5 moves
/// away, and Black's pawn c9 is pinned by the bishop d2 through the centre
/// (d2-c1-b16-a15, across to a7, then b8-c9-d10).
const MATE_IN_19: &str = "d4-b5 d11-b12 d1-c15 b12-a3 d6-c8 d14-b15 d2-b1 d9-b10 b5xa3,B@d2 \
     d13-b12 b1-a8 b12-d11 c4-b4 b10xa8,R@d13 c8xd10,Q@d4 b15xc1,K@d10 b4-b3 c12-b12 d5-c7";

/// The first 26 moves of a real game: B (12), R (17), Q (24), K (25), then
/// Black's queen steps to d8.
const GAME_KING_D1: &str = "d2-b1 d11-b12 c6-c7 b12-a10 b1-d16 c11-d11 d3-b4 a10-a4 d1-b16 \
     c12-c11 b4-a2 a4xc3,B@c12 c5-c6 d13-b14 a2-b9 c12-a10 b16xc14,R@d3 b14-a5 c6-b6 d10-c8 \
     d16-b15 d9-b10 d3-d16 a5xc4,Q@d10 b9xc11,K@d1 d10-d8";

/// The first 76 moves of a real game. Black gets B (12) and R (22); White
/// captures the bishop (23), which goes back to the pool; Black gets B again
/// (38), White Q (45) and K (55): all four. White's queen then captures Black's
/// rook (65), and Black's knight a5 captures the pawn c4 (76).
const GAME_POOL: &str = "d2-c16 d11-b10 d3-b2 c11-d11 d6-b7 d11-c11 c16-a15 d10-c8 d4-b5 \
     c8-b6 c6-d6 b6xa15,B@d10 d5-b6 c11-d11 d6-d5 b10-a8 c2-d2 d14-b15 b6-a15 d10xc3 b7-a16 \
     b15xc1,R@d14 b5xc3 c10-d10 a16-b14 c13xb14,N@c11 c3-a4 c9-c10 a4-b6 a8-c9 d5-d4 c9-b11 \
     b2-a16 c11-b9 b6-c8 d14-d15 a15-b8 d9xb8,B@d14 d1-b16 d15-b15 c5-c6 d11-c11 a16-c1 \
     d14-a11 b16xc14,Q@d1 a11-c13 c8-a7 c13-d14 d4-d5 b15-c15 d1-c2 c10-c9 c2-a16 c15-a15 \
     a7xb9,K@d1 d13-b12 a16-a9 a15-d15 d1-c16 d15-a7 d2-d3 c11-d11 a9-b10 a7-a2 b10xa2 \
     b12-a5 a2-a1 d12-c14 a1-a4 d14-c7 a4-b3 d10-c10 d3-d4 c14-a13 b3-a10 a5xc4";

/// How `GAME_POOL` goes on, to move 135: Black's bishop takes White's queen on
/// move 128, the second red piece captured after the "all four" moment.
const GAME_POOL_LATER: &str = "a10-a12 c7-a1 a12-d15 a13-b6 d15-d16 a1-b16 d16-b14 b6-c8 \
     b14-a6 c10-d10 a6-a5 c4-b2 c16-b1 c12-c11 a5-b13 b16-d6 b13-a13 b2-c16 a13-d16 b11-c13 \
     c6-c5 c16-d2 b1-a16 c8-a7 d16-c15 c9-d9 c1-d3 d2-c16 c15-d8 d6-a1 d5-d6 c11-b11 d8-b10 \
     a7-b9 a16-b1 b9-c7 b10xb11 c13-a14 b11-b8 a14-b16 b8-b13 c16-d2 b1-a16 b16-d1 b13-b8 \
     a1-b16 b8-c9 d2-c16 d6xc7,N@d2 c16-b14 a16-b1 b16xc9 c5-c4 d11-c11 d3-c5 c11-c12 b1-a2 \
     c9-c1 c4-c3";

/// A random playout ending with Black to move, not in check, and no legal
/// move: king d9 hemmed in, knight a6 pinned by White's bishop a14 across the
/// centre (a14-a6, then b7-c8-d9).
const STALEMATE_IN_67: &str = "d5-b6 d11-b10 d1-b16 c11-b11 c2-b2 b10-a1 d2-b3 c9-c8 \
     b16xc14,B@d1 a1-b10 d6xc8,R@d5 b10-a3 d1xd9 c12-b12 b6-a8 d12-c14 b2xa3,N@d6 c10-b10 \
     d4-c2 c14-a13 d9-a6 d13-b14 b3-d4 a13-c12 a6-b7 b14-d15 b7-c16 c13-b13 a8xb10,Q@d2 \
     d15xc1,K@d11 d6-c8 b12-a12 d5-d9 b13-b14 c2-a1 b11-b10 d9-a9 b14-b15 a1xb10 d11-d12 \
     c8-d6 b15-b14 b10xc12 d12-c11 c16-b7 c11-b11 c12xd10 b11-c11 a9-a5 b14-a14 b7xa14 \
     d14-c12 d3-b2 c11-c10 d4-b5 c12-a11 c4-d4 a11-b9 a5-a8 b9-c7 c3-c4 c7-a6 d2-b6 a12-a11 \
     b2xa11 c10-d9 a8-c16";

// ---------------------------------------------------------------------------
// 1. Knights through the centre.

#[test]
fn a_knight_on_a_wedge_leaps_across_the_centre() {
    let e = common::engine("round-table", "");
    let pos = common::position(&e, KNIGHT_ON_A3);
    assert_eq!(mover(&e, &pos), "White");
    assert_eq!(at(&e, &pos, "a3"), "White N");
    // From a3: two in is a11, b11, then along the arc b10 / b12; two along to
    // a5 or a1, then in (across the centre) a13 / a9, or out b5 / b1; two out is
    // b3, c3, then along c2 / c4 (emptied by the pawns).
    assert_eq!(
        moves_from(&e, &pos, "a3"),
        [
            "a3-a13", "a3-a9", "a3-b1", "a3-b10", "a3-b12", "a3-b5", "a3-c2", "a3-c4"
        ]
    );
    // The knight leaps: b11 between a11 and b10/b12 holds a black pawn.
    assert_eq!(at(&e, &pos, "b11"), "Black P");

    // Four moves earlier c2 and c4 still held White's pawns: those two leaps go.
    let pos = common::position(&e, &prefix(KNIGHT_ON_A3, 4));
    assert_eq!(at(&e, &pos, "c2"), "White P");
    assert_eq!(
        moves_from(&e, &pos, "a3"),
        ["a3-a13", "a3-a9", "a3-b1", "a3-b10", "a3-b12", "a3-b5"]
    );
}

#[test]
fn a_knight_on_ring_b_leaps_two_in_across_the_centre() {
    let e = common::engine("round-table", "");
    let pos = common::position(&e, "d4-b3 c9-b9");
    // From b3: two in is a3, a11, then a10 / a12; two along to b5 / b1, then in
    // a5 / a1 (out: c5 and c1 hold White's pawns); two out is c3, d3, then d4
    // (d2 holds White's knight).
    assert_eq!(
        moves_from(&e, &pos, "b3"),
        ["b3-a1", "b3-a10", "b3-a12", "b3-a5", "b3-d4"]
    );
}

#[test]
fn a_pawn_on_a_wedge_steps_and_captures_across_the_centre() {
    let e = common::engine("round-table", "");
    // White's pawn c1 walks in to the wedge a1; Black's pawn c9 to b9.
    let pos = common::position(&e, "c1-b1 c9-b9 b1-a1 c10-b10");
    assert_eq!(moves_from(&e, &pos, "a1"), ["a1-a16", "a1-a2", "a1-a9", "a1-b1"]);
    // With Black's pawn on the opposite wedge a9, the step becomes a capture
    // (pawn takes pawn: a knight for White, on the empty inner cell c1).
    let pos = common::position(&e, "c1-b1 c9-b9 b1-a1 b9-a9");
    assert_eq!(
        moves_from(&e, &pos, "a1"),
        ["a1-a16", "a1-a2", "a1-b1", "a1xa9,N@c1"]
    );
}

// ---------------------------------------------------------------------------
// 2. and 3. Sliders through the centre.

#[test]
fn a_rook_slides_in_through_the_centre_and_out_the_other_side() {
    let e = common::engine("round-table", "");
    let pos = common::position(&e, ROOK_THROUGH_CENTRE);
    assert_eq!(mover(&e, &pos), "Black");
    assert_eq!(at(&e, &pos, "d10"), "Black R");
    assert_eq!(at(&e, &pos, "b2"), "White N");
    // In along spoke 10: c10, b10, a10, across to a2, then out to b2 (White's
    // knight: captured, the line stops). Along ring d: d9..d6, then d5 (White's
    // knight); d11 holds Black's own knight.
    assert_eq!(
        moves_from(&e, &pos, "d10"),
        [
            "d10-a10", "d10-a2", "d10-b10", "d10-c10", "d10-d6", "d10-d7", "d10-d8", "d10-d9", "d10xb2",
            "d10xd5",
        ]
    );
    // Taking the knight beyond the centre: the rook stands on b2, no promotion.
    let after = common::position(&e, &format!("{ROOK_THROUGH_CENTRE} d10xb2"));
    assert_eq!(at(&e, &after, "b2"), "Black R");
    assert_eq!(at(&e, &after, "d10"), "");
    assert_eq!(count(&e, &after, Some("White"), "N"), 4);
    assert_eq!(count(&e, &after, None, "Q"), 0);
}

#[test]
fn a_bishop_on_a_wedge_branches_both_ways_after_the_centre() {
    let e = common::engine("round-table", "");
    let pos = common::position(&e, &prefix(BISHOP_GAME, 7));
    assert_eq!(mover(&e, &pos), "Black");
    assert_eq!(at(&e, &pos, "a5"), "Black B");
    // Both inward diagonals cross to a13, and from there the line goes out on
    // both sides: out_cw b14, c15, d16 and out_ccw b12, c11, d10. Out from a5:
    // b6 then c7 (White's pawn), and b4, c3 then d2 (White's knight).
    assert_eq!(
        moves_from(&e, &pos, "a5"),
        [
            "a5-a13", "a5-b12", "a5-b14", "a5-b4", "a5-b6", "a5-c11", "a5-c15", "a5-c3", "a5-d10", "a5-d16",
            "a5xc7", "a5xd2",
        ]
    );
}

#[test]
fn a_bishop_on_ring_b_branches_both_ways_after_the_centre() {
    let e = common::engine("round-table", "");
    let pos = common::position(&e, BISHOP_GAME);
    assert_eq!(mover(&e, &pos), "Black");
    assert_eq!(at(&e, &pos, "b6"), "Black B");
    assert_eq!(at(&e, &pos, "d10"), "Black R");
    let list = moves_from(&e, &pos, "b6");
    // in_ccw: a5, across to a13, then out_cw b14, c15, d16 and out_ccw b12,
    // c11 (d10 is Black's rook). in_cw: a7, across to a15, then out_cw b16 and
    // c1 (White's pawn), out_ccw b14 again (c13 is Black's pawn). Outwards:
    // c7, d8, and c5 (White's pawn).
    assert_eq!(
        list,
        [
            "b6-a13", "b6-a15", "b6-a5", "b6-a7", "b6-b12", "b6-b14", "b6-b16", "b6-c11", "b6-c15", "b6-c7",
            "b6-d16", "b6-d8", "b6xc1", "b6xc5",
        ]
    );
}

// ---------------------------------------------------------------------------
// 4. Promotions and their placement.

#[test]
fn knight_captures_promote_to_b_then_r_then_q_then_k() {
    let e = common::engine("round-table", "");
    let expect = [
        (8, "B", "b5xa3,B@d2"),
        (13, "R", "b10xa8,R@d13"),
        (14, "Q", "c8xd10,Q@d4"),
        (15, "K", "b15xc1,K@d10"),
    ];
    for (n, letter, played) in expect {
        let pos = common::position(&e, &prefix(MATE_IN_19, n));
        let list = moves(&e, &pos);
        let letters: BTreeSet<String> = list
            .iter()
            .filter_map(|m| m.split_once(','))
            .map(|(_, p)| p[..1].to_string())
            .collect();
        assert_eq!(letters, BTreeSet::from([letter.to_string()]), "after {n} moves");
        assert!(list.contains(&played.to_string()), "{played}");
        assert!(is_promotion_notation(played));
    }
    // The promoted pieces stand where they were placed, for the capturing side.
    let pos = common::position(&e, &prefix(MATE_IN_19, 16));
    assert_eq!(at(&e, &pos, "d2"), "White B");
    assert_eq!(at(&e, &pos, "d13"), "Black R");
    assert_eq!(at(&e, &pos, "d4"), "White Q");
    assert_eq!(at(&e, &pos, "d10"), "Black K");
    // The capturing knight and the captured piece are gone: b5xa3 left both empty.
    let pos = common::position(&e, &prefix(MATE_IN_19, 9));
    assert_eq!(at(&e, &pos, "b5"), "");
    assert_eq!(at(&e, &pos, "a3"), "");

    // The same order in another game: B (12), R (17), Q (24), K (25).
    let pos = common::position(&e, &prefix(GAME_KING_D1, 25));
    for (cell_name, piece) in [
        ("a10", "Black B"),
        ("d16", "White R"),
        ("d10", "Black Q"),
        ("d1", "White K"),
    ] {
        assert_eq!(at(&e, &pos, cell_name), piece);
    }
}

#[test]
fn promoted_pieces_go_to_the_outer_starting_cells_first() {
    let e = common::engine("round-table", "");
    // White's pawn c7 takes Black's pawn b8 while all six White knights are
    // home: the new knight goes on an empty inner starting cell (c1 or c6).
    let pos = common::position(&e, "c6-c7 c9-b9 c1-b1 b9-b8");
    let list = moves(&e, &pos);
    assert_eq!(placements(&list, "c7xb8"), ["c1", "c6"]);
    assert!(list.contains(&"c7xb8,N@c6".to_string()));
    assert!(is_promotion_notation("c7xb8,N@c6"));
    assert!(!is_promotion_notation("c7xb8"));
    let after = common::position(&e, "c6-c7 c9-b9 c1-b1 b9-b8 c7xb8,N@c6");
    assert_eq!(at(&e, &after, "c6"), "White N");
    assert_eq!(at(&e, &after, "c7"), "", "the capturing pawn leaves");
    assert_eq!(at(&e, &after, "b8"), "", "the captured pawn leaves");
    assert_eq!(count(&e, &after, Some("White"), "N"), 7);
    assert_eq!(count(&e, &after, Some("White"), "P"), 5);

    // With d1 empty (its knight went to b16), only d1 is offered, though the
    // inner cell c6 is empty too.
    let pos = common::position(&e, "c6-c7 c9-b9 d1-b16 b9-b8");
    assert_eq!(at(&e, &pos, "c6"), "");
    assert_eq!(placements(&moves(&e, &pos), "c7xb8"), ["d1"]);

    // Knight promotions: the four empty outer cells d1, d2, d4, d6 (all inner
    // cells are full) ...
    let pos = common::position(&e, &prefix(MATE_IN_19, 8));
    assert_eq!(placements(&moves(&e, &pos), "b5xa3"), ["d1", "d2", "d4", "d6"]);
    // ... and, with Black's outer cells full (a pawn stepped to d11), the
    // bishop goes to the one empty inner cell, c12.
    let pos = common::position(&e, &prefix(GAME_KING_D1, 11));
    for outer in ["d9", "d10", "d11", "d12", "d13", "d14"] {
        assert_ne!(at(&e, &pos, outer), "", "{outer}");
    }
    assert_eq!(placements(&moves(&e, &pos), "a4xc3"), ["c12"]);
    let pos = common::position(&e, &prefix(GAME_KING_D1, 12));
    assert_eq!(at(&e, &pos, "c12"), "Black B");
}

// ---------------------------------------------------------------------------
// 5. The pool before and after the "all four" moment.

#[test]
fn a_captured_red_piece_returns_to_the_pool_until_all_four_stood_on_the_board() {
    let e = common::engine("round-table", "");

    // Black has B (c3) and R (d14): the lowest in the pool is Q.
    let pos = common::position(&e, &prefix(GAME_POOL, 22));
    assert_eq!(at(&e, &pos, "c3"), "Black B");
    assert_eq!(at(&e, &pos, "d14"), "Black R");
    let list = moves(&e, &pos);
    assert_eq!(
        promotion_letters(&list, "a15xc14,"),
        BTreeSet::from(["Q".to_string()])
    );
    // White's knight b5 takes the bishop: a red piece, no promotion.
    assert!(list.contains(&"b5xc3".to_string()));
    assert!(!list.iter().any(|m| m.starts_with("b5xc3,")));

    let pos = common::position(&e, &prefix(GAME_POOL, 23));
    assert_eq!(at(&e, &pos, "c3"), "White N");
    assert_eq!(count(&e, &pos, None, "B"), 0);
    // Back in the pool, the bishop is the lowest again: the same capture now gives B.
    let pos = common::position(&e, &prefix(GAME_POOL, 24));
    assert_eq!(
        promotion_letters(&moves(&e, &pos), "a15xc14,"),
        BTreeSet::from(["B".to_string()])
    );
    // Black's knight takes it on move 38.
    let pos = common::position(&e, &prefix(GAME_POOL, 37));
    assert_eq!(
        promotion_letters(&moves(&e, &pos), "d9xb8,"),
        BTreeSet::from(["B".to_string()])
    );
    let pos = common::position(&e, &prefix(GAME_POOL, 38));
    assert_eq!(at(&e, &pos, "d14"), "Black B");

    // Move 55 puts the king on the board: all four red pieces at once.
    let pos = common::position(&e, &prefix(GAME_POOL, 55));
    for letter in ["B", "R", "Q", "K"] {
        assert_eq!(count(&e, &pos, None, letter), 1, "{letter}");
    }

    // White's queen takes Black's rook (move 65): it is out of the game.
    let pos = common::position(&e, &prefix(GAME_POOL, 64));
    assert_eq!(at(&e, &pos, "a2"), "Black R");
    let pos = common::position(&e, &prefix(GAME_POOL, 65));
    assert_eq!(at(&e, &pos, "a2"), "White Q");
    assert_eq!(count(&e, &pos, None, "R"), 0);

    // Three red pieces are on the board now, but knights no longer promote:
    // Black's knight a5 takes White's pawns without a placement and stays.
    let pos = common::position(&e, &prefix(GAME_POOL, 75));
    assert_eq!(at(&e, &pos, "c4"), "White P");
    assert_eq!(at(&e, &pos, "c6"), "White P");
    let knight = moves_from(&e, &pos, "a5");
    let captures: Vec<&String> = knight.iter().filter(|m| m.contains('x')).collect();
    assert_eq!(captures, ["a5xc4", "a5xc6"]);
    assert!(
        !moves(&e, &pos).iter().any(|m| m.contains('@')),
        "no promotion at all"
    );
    let pos = common::position(&e, GAME_POOL);
    assert_eq!(at(&e, &pos, "c4"), "Black N");
    assert_eq!(at(&e, &pos, "a5"), "");
    assert_eq!(count(&e, &pos, None, "R"), 0);
    // Pawns still promote to knights: White's pawn d5 can take that knight.
    assert_eq!(
        placements(&moves(&e, &pos), "d5xc4"),
        ["d1", "d2", "d3", "d5", "d6"]
    );

    // After a second red piece is captured (White's queen, move 128), only two
    // stand on the board, and knights still capture without promoting: "all
    // four" was a moment, not a count, and both captured pieces are gone.
    let later = format!("{GAME_POOL} {GAME_POOL_LATER}");
    let pos = common::position(&e, &prefix(&later, 127));
    assert_eq!(count(&e, &pos, None, "Q"), 1);
    let pos = common::position(&e, &prefix(&later, 128));
    assert_eq!(count(&e, &pos, None, "Q"), 0);
    let pos = common::position(&e, &later);
    assert_eq!(mover(&e, &pos), "Black");
    for (letter, n) in [("B", 1), ("R", 0), ("Q", 0), ("K", 1)] {
        assert_eq!(count(&e, &pos, None, letter), n, "{letter}");
    }
    assert_eq!(at(&e, &pos, "d1"), "Black N");
    assert_eq!(at(&e, &pos, "c3"), "White P");
    let list = moves(&e, &pos);
    assert!(list.contains(&"d1xc3".to_string()), "{list:?}");
    assert!(!list.iter().any(|m| m.contains('@')), "{list:?}");
}

// ---------------------------------------------------------------------------
// 6. Moves refused for the king's safety.

#[test]
fn a_pinned_pawn_may_not_move() {
    let e = common::engine("round-table", "");
    // After move 15 Black's pawn c9 may move; move 16 (b15xc1) empties c1 and
    // places Black's king on d10: the bishop d2's line d2-c1-b16-a15, across to
    // a7, then b8-c9 now ends on the king behind c9.
    let before = common::position(&e, &prefix(MATE_IN_19, 15));
    let list = moves(&e, &before);
    for mv in ["c9-b9", "c9-c8", "c9-d9"] {
        assert!(list.contains(&mv.to_string()), "{mv}");
    }
    let pos = common::position(&e, &prefix(MATE_IN_19, 17));
    assert_eq!(mover(&e, &pos), "Black");
    assert_eq!(at(&e, &pos, "c9"), "Black P");
    assert_eq!(at(&e, &pos, "d10"), "Black K");
    assert_eq!(at(&e, &pos, "d2"), "White B");
    for empty in ["c1", "b16", "a15", "a7", "b8", "b9", "c8", "d9"] {
        assert_eq!(at(&e, &pos, empty), "", "{empty}");
    }
    assert!(!e.in_check(&pos, player(&e, "Black")));
    assert_eq!(moves_from(&e, &pos, "c9"), Vec::<String>::new());
    // Black's other pawns still move, and White's bishop attacks c9.
    assert!(moves(&e, &pos).contains(&"c10-b10".to_string()));
    assert!(e.attacked(&pos, cell(&e, "c9"), player(&e, "White")));
}

#[test]
fn the_king_may_not_step_onto_an_attacked_cell() {
    let e = common::engine("round-table", "");
    let pos = common::position(&e, GAME_KING_D1);
    assert_eq!(mover(&e, &pos), "White");
    assert_eq!(at(&e, &pos, "d1"), "White K");
    // c16 is empty, but Black's bishop a10 reaches it across the centre
    // (a10, a2, then b1, c16).
    assert_eq!(at(&e, &pos, "c16"), "");
    assert_eq!(at(&e, &pos, "a10"), "Black B");
    assert!(e.attacked(&pos, cell(&e, "c16"), player(&e, "Black")));
    let king = moves_from(&e, &pos, "d1");
    assert!(king.contains(&"d1-d2".to_string()), "{king:?}");
    assert!(!king.contains(&"d1-c16".to_string()), "{king:?}");
}

#[test]
fn a_king_may_not_be_placed_on_an_attacked_cell() {
    let e = common::engine("round-table", "");
    // White's knights can take, and promote to the king on an empty outer cell
    // (d1, d2, d3).
    let pos = common::position(&e, &prefix(GAME_KING_D1, 24));
    let list = moves(&e, &pos);
    assert_eq!(placements(&list, "d6xc8"), ["d1", "d2", "d3"]);
    assert!(!e.attacked(&pos, cell(&e, "d2"), player(&e, "Black")));
    // Taking the pawn c11 opens Black's queen d10 a line d10-c11-b12-a13,
    // across to a5, then b4-c3-d2: d2 is refused for that capture only.
    assert_eq!(placements(&list, "b9xc11"), ["d1", "d3"]);
    let after = common::position(&e, &prefix(GAME_KING_D1, 25));
    assert_eq!(at(&e, &after, "c11"), "");
    assert!(e.attacked(&after, cell(&e, "d2"), player(&e, "Black")));
    assert!(moves_from(&e, &after, "d10").contains(&"d10-d2".to_string()));
}

// ---------------------------------------------------------------------------
// 7. Checkmate and stalemate.

#[test]
fn checkmate_ends_the_game() {
    let e = common::engine("round-table", "");
    let black = player(&e, "Black");
    let before = common::position(&e, &prefix(MATE_IN_19, 18));
    assert_eq!(common::status(&e, &before), "ongoing");
    assert!(moves(&e, &before).contains(&"d5-c7".to_string()));

    let pos = common::position(&e, MATE_IN_19);
    assert_eq!(mover(&e, &pos), "Black");
    assert!(
        e.in_check(&pos, black),
        "White's queen d4 attacks d10 along ring d"
    );
    assert!(e.attacked(&pos, cell(&e, "d10"), player(&e, "White")));
    assert!(moves(&e, &pos).is_empty());
    assert_eq!(common::status(&e, &pos), "win White");
    // Not the knight rule: Black still has knights, White has no king.
    assert_eq!(count(&e, &pos, Some("Black"), "N"), 2);
    assert_eq!(count(&e, &pos, Some("White"), "K"), 0);
}

#[test]
fn stalemate_is_a_draw() {
    let e = common::engine("round-table", "");
    let black = player(&e, "Black");
    let (earlier, _) = STALEMATE_IN_67.rsplit_once(' ').unwrap();
    assert_eq!(common::status(&e, &common::position(&e, earlier)), "ongoing");

    let pos = common::position(&e, STALEMATE_IN_67);
    assert_eq!(mover(&e, &pos), "Black");
    assert!(!e.in_check(&pos, black));
    assert!(moves(&e, &pos).is_empty());
    assert_eq!(common::status(&e, &pos), "draw");
    // Black has a king and a knight, the knight pinned by the bishop a14.
    assert_eq!(at(&e, &pos, "d9"), "Black K");
    assert_eq!(at(&e, &pos, "a6"), "Black N");
    assert_eq!(at(&e, &pos, "a14"), "White B");
    assert_eq!(count(&e, &pos, Some("Black"), "N"), 1);
    assert!(e.attacked(&pos, cell(&e, "a6"), player(&e, "White")));
}
