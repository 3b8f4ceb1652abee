//! Hostile rules end in a clear error within a bounded budget of work and
//! memory (issue 16): listing the moves of one position stops at the
//! budget of `docs/LANGUAGE.md` §8, and the engine says which rule ran out,
//! instead of hanging, overflowing its stack or asking for gigabytes.

mod common;

use common::{engine_of as engine, refused};
use rulebook::engine::{Engine, Exhausted, Limit, MAX_MOVES, MoveBuf};

/// The number of moves listed at the start, and the exhaustion met.
fn list_start(engine: &Engine) -> (usize, Option<Exhausted>) {
    let mut buf = MoveBuf::new();
    engine.legal_moves(&engine.start(), &mut buf);
    (buf.moves.len(), engine.take_exhausted())
}

/// The name of the rule an exhaustion names.
fn rule_name(engine: &Engine, e: Exhausted) -> String {
    e.rule.map_or("-".into(), |r| engine.game().rules[r].name.clone())
}

#[test]
fn ways_that_double_at_every_step_run_out_of_steps() {
    // Two ways per step, for up to 4,096 steps: 2^4096 ways.
    let game = engine(
        "players X, O
         board grid files a..a ranks 1..3
         piece Man letter M { move wander: (go (n, s))*, land }
         setup { X: Man at a2  O: Man at a1 }
         end { no move: draw }",
    );
    let (_, exhausted) = list_start(&game);
    let e = exhausted.expect("the budget runs out");
    assert_eq!(e.limit, Limit::Work);
    assert_eq!(rule_name(&game, e), "wander");
    // An exhausted engine lists nothing more until asked.
    assert_eq!(list_start(&game).1.map(|e| e.limit), Some(Limit::Work));
}

#[test]
fn a_leapfrog_over_a_lattice_runs_out_of_moves() {
    // Empty cells every other cell, pieces between them: every trail of the
    // lattice is a chain (10,748,902 on 9×9).
    let game = engine(
        "players X, O
         board grid files a..i ranks 1..9
         directions orthogonal = n, e, s, w
         region between = cells where (file + rank) % 2 == 1
         piece Frog letter F { move hop: jump orthogonal over occupied onto empty, repeat, each piece jumped once }
         setup { X: Frog at between + a1 }
         end { no move: draw }",
    );
    let (listed, exhausted) = list_start(&game);
    assert_eq!(exhausted.map(|e| e.limit), Some(Limit::Moves));
    assert!(listed <= MAX_MOVES, "{listed} moves listed");
    // Perft does not count the list cut short: it fails.
    assert!(game.take_exhausted().is_none());
    game.perft(&game.start(), 1);
    assert!(game.take_exhausted().is_some());
}

#[test]
fn a_line_across_a_large_board_runs_on_a_small_stack() {
    // Ways of up to 3,999 steps (the last onto the piece on a4000), each step
    // a level of the search, on a thread with a 256 KiB stack.
    let game = engine(
        "players X, O
         board grid files a..a ranks 1..4000
         piece Man letter M { move go: go n, (go n)*, land }
         setup { X: Man at a1  O: Man at a4000 }
         end { no move: draw }",
    );
    let listed = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || list_start(&game))
        .expect("a thread")
        .join()
        .expect("no overflow");
    assert_eq!(listed, (3999, None));
}

#[test]
fn repetitions_that_can_stay_put_are_refused() {
    for rule in ["((go n)?)*, land", "((go n)*)*, land", "(go n | if empty)+, land"] {
        let text = format!(
            "players X, O
             board grid files a..a ranks 1..3
             piece Man letter M {{ move go: {rule} }}
             setup {{ X: Man at a1 }}
             end {{ no move: draw }}"
        );
        let codes = refused(&text);
        assert_eq!(codes, ["rules::compile::repetition_never_moves"], "{rule}");
    }
}

#[test]
fn the_budget_is_spent_anew_for_every_position() {
    // About 20,000 steps of the rules per count: under a budget of 40,000 the
    // same position, counted 100 times, never runs out; under 5,000 it does.
    let line = |budget: u64| {
        engine(
            "players X, O
             board grid files a..a ranks 1..4000
             piece Man letter M { move go: go n, (go n)*, land }
             setup { X: Man at a1  O: Man at a4000 }
             end { no move: draw }",
        )
        .with_work_budget(budget)
    };
    let game = line(40_000);
    let (start, mut buf) = (game.start(), MoveBuf::new());
    for _ in 0..100 {
        assert_eq!(game.count_moves(&start, &mut buf), 3999);
        game.legal_moves(&start, &mut buf);
        assert_eq!(buf.len(), 3999);
    }
    assert_eq!(game.take_exhausted(), None);
    let small = line(5_000);
    small.count_moves(&small.start(), &mut buf);
    assert_eq!(small.take_exhausted().map(|e| e.limit), Some(Limit::Work));
}

#[test]
fn an_effect_after_each_action_is_named_as_its_turn_s() {
    // Four actions a move, and the effect after each one looks at every cell:
    // under a small budget the effect runs out, and the error names the turn
    // it belongs to, not a drop rule of the first kind.
    let game = engine(
        "players X, O
         board grid files a..f ranks 1..6
         directions orth = n, e, s, w
         region pit = c3 d4
         piece Man letter M { move step: step orth onto empty }
         setup { X: Man at a1 c1 e1 b2 d2 f2  O: Man at a6 c6 }
         turn march {
           actions up to 4
           after each action: anywhere, if in pit, if friend and not next orth is friend, capture
         }
         end { no move: mover loses }",
    )
    .with_work_budget(2_000);
    game.legal_moves(&game.start(), &mut MoveBuf::new());
    let err = rulebook::session::within_budget(&game).expect_err("the budget runs out");
    assert_eq!(err.what, "the `after each action` of the turn `march`");
    assert!(err.help.contains("actions up to"), "{}", err.help);
}
