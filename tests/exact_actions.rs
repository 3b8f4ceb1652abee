//! Turns of exactly N actions (`actions exactly N`): the moves are those of
//! `actions up to N` that make N actions, and those that an end rule cuts
//! short; a turn that cannot be completed is no move. Checked against the
//! same turns written `actions up to`, against the core's `then`, and at the
//! end of a full Connect6 board.

mod common;

use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::notation;

fn fixture(path: &str) -> String {
    let path = format!("{}/tests/fixtures/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn game(name: &str) -> String {
    let path = format!("{}/games/{name}.rules", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text with `actions exactly` written `actions up to`.
fn up_to(text: &str) -> String {
    assert!(text.contains("actions exactly"));
    text.replace("actions exactly", "actions up to")
}

/// The moves of `up` (a turn of `actions up to n`) that `actions exactly n`
/// keeps: those of `n` actions, and those after which the game is over.
fn whole_or_ending(up: &Engine, pos: &Position, n: usize, buf: &mut MoveBuf) -> Vec<String> {
    notation::legal_move_names(up, pos, buf)
        .into_iter()
        .filter(|name| {
            let mv = notation::parse(up, pos, name, &mut MoveBuf::new()).expect("a listed move");
            let mut next = pos.clone();
            up.play_unchecked(&mut next, mv.as_ref());
            name.split(',').count() == n || next.result().is_some()
        })
        .collect()
}

/// Along seeded random games of `exact`, its moves are those that
/// [`whole_or_ending`] keeps of `up`, and perft's count agrees; `n(ply)` is
/// the number of actions the turn asks for. Returns the moves of one action
/// seen, which end the game, and the positions seen.
fn compare(exact: &Engine, up: &Engine, n: impl Fn(u32) -> usize) -> (usize, usize) {
    let mut buf = MoveBuf::new();
    let (mut short, mut positions) = (0, 0);
    for seed in 1..=6u64 {
        let mut pos = exact.start();
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        loop {
            let names = notation::legal_move_names(exact, &pos, &mut buf);
            let ply = pos.ply();
            assert_eq!(
                names,
                whole_or_ending(up, &pos, n(ply), &mut buf),
                "game {seed}, ply {ply}"
            );
            assert_eq!(exact.perft(&pos, 1), names.len() as u64, "game {seed}, ply {ply}");
            positions += 1;
            short += names.iter().filter(|m| n(ply) > 1 && !m.contains(',')).count();
            if names.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let pick = &names[(rng % names.len() as u64) as usize];
            let mv = notation::parse(exact, &pos, pick, &mut buf).expect("listed moves parse");
            exact.play_unchecked(&mut pos, mv.as_ref());
        }
    }
    (short, positions)
}

#[test]
fn exactly_keeps_the_whole_moves_of_up_to_and_those_that_end_the_game() {
    let text = fixture("fast_forms/exact-actions.rules");
    let (short, positions) = compare(
        &common::engine_of(&text),
        &common::engine_of(&up_to(&text)),
        |_| 2,
    );
    assert!(
        short > 0 && positions > 20,
        "{short} short moves in {positions} positions"
    );

    let text = game("connect6");
    let options = [("size".to_string(), "6".to_string())];
    let load = |text: &str| {
        let game = rulebook::load_with(&rulebook::diag::SourceFile::new("connect6", text), &options)
            .expect("compiles");
        Engine::new(game, &options).expect("options")
    };
    let first_stone_alone = |ply: u32| if ply == 0 { 1 } else { 2 };
    let (short, positions) = compare(&load(&text), &load(&up_to(&text)), first_stone_alone);
    assert!(
        short > 0 && positions > 20,
        "{short} short moves in {positions} positions"
    );
}

#[test]
fn a_turn_that_cannot_be_completed_is_no_move() {
    // A 6×6 board filled without six in a row but for b1, e1 and f1; White
    // places two of them, and Black cannot place two stones on the last one.
    let moves = "S@a6 S@c6,S@d6 S@b6,S@e6 S@a5,S@b5 S@f6,S@c5 S@e5,S@f5 S@d5,S@a4 S@c4,S@d4 \
                 S@b4,S@e4 S@a3,S@b3 S@f4,S@c3 S@e3,S@f3 S@d3,S@a2 S@c2,S@d2 S@b2,S@e2 S@a1,S@d1 \
                 S@f2,S@c1 S@b1,S@e1";
    let exact = common::engine("connect6", "size=6");
    let pos = common::position(&exact, moves);
    let mut buf = MoveBuf::new();
    assert_eq!(
        notation::legal_move_names(&exact, &pos, &mut buf),
        Vec::<String>::new()
    );
    assert_eq!(common::status(&exact, &pos), "draw", "no move: draw");
    // Written `actions up to`, the last stone would be a move.
    let options = [("size".to_string(), "6".to_string())];
    let game = rulebook::load_with(
        &rulebook::diag::SourceFile::new("connect6", up_to(&game("connect6"))),
        &options,
    )
    .expect("compiles");
    let up = Engine::new(game, &options).expect("options");
    let pos = common::position(&up, moves);
    assert_eq!(notation::legal_move_names(&up, &pos, &mut buf), ["S@f1"]);
}

#[test]
fn two_actions_exactly_are_a_drop_then_a_placement_in_the_core() {
    let text = fixture("two-stones.rules");
    let turn = "turn play { actions exactly 2 }\n";
    let drop = "drop: onto empty }";
    assert!(text.contains(turn) && text.contains(drop));
    let core = text
        .replace(turn, "")
        .replace(drop, "drop: onto empty, then anywhere, if empty, place Stone }");
    let (exact, core) = (common::engine_of(&text), common::engine_of(&core));
    for depth in 1..=3 {
        assert_eq!(
            exact.perft(&exact.start(), depth),
            core.perft(&core.start(), depth),
            "depth {depth}"
        );
    }
    // Black's c1 makes three in a row: the move stops there in both.
    let line = "S@a1,S@b1 S@d4,S@d3";
    let mut buf = MoveBuf::new();
    let names = notation::legal_move_names(&exact, &common::position(&exact, line), &mut buf);
    assert!(names.contains(&"S@c1".to_string()) && !names.iter().any(|m| m.starts_with("S@c1,")));
    assert_eq!(
        names,
        notation::legal_move_names(&core, &common::position(&core, line), &mut buf)
    );
}
