//! History that rules read: `last(…)` (what the last move was) and
//! `before(…)` (a value in the position before it). Each fixture of
//! `tests/fixtures/history/` is played with its rule written with the new
//! construct and with the old workaround (a counter, a flag, piece counts),
//! and both must give the same perft at every depth; a third version without
//! the rule shows that the rule changes the game.

mod common;

use rulebook::engine::Engine;

/// The fixture with `END` replaced by `rule`.
fn fixture_with(name: &str, rule: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/history/{name}.rules",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(text.contains("  END\n"), "{path} has an END line");
    text.replacen("  END\n", &format!("  {rule}\n"), 1)
}

fn engine(name: &str, rule: &str) -> Engine {
    common::engine_of(&fixture_with(name, rule))
}

/// Perft from the start at depths 1 to `depth`.
fn perfts(engine: &Engine, depth: u32) -> Vec<u64> {
    let start = engine.start();
    (1..=depth).map(|d| engine.perft(&start, d)).collect()
}

/// The new and the old form give the same counts, and differ from the game
/// without the rule.
fn same_game(name: &str, new: &str, old: &str, depth: u32) {
    let with_new = perfts(&engine(name, new), depth);
    let with_old = perfts(&engine(name, old), depth);
    assert_eq!(with_new, with_old, "{name}: `{new}` against `{old}`");
    let without = perfts(&engine(name, ""), depth);
    assert_ne!(with_new, without, "{name}: the rule changes nothing");
}

#[test]
fn two_passes_in_a_row_as_the_pass_counter() {
    same_game(
        "two-passes",
        "draw when last(pass) and before(last(pass))",
        "after 2 passes: draw",
        6,
    );
}

#[test]
fn a_row_made_by_the_last_move_as_a_flag() {
    // A row that stands from the start is no win; one made again is.
    let rule = "win White when line(3, White) and not before(line(3, White))";
    let old = "win White when line(3, White) and broken";
    let text = fixture_with("made-line", old).replace("end {", "flag broken when not line(3, White)\nend {");
    let with_new = perfts(&engine("made-line", rule), 5);
    let with_old = perfts(&common::engine_of(&text), 5);
    assert_eq!(with_new, with_old);
    assert_ne!(with_new, perfts(&engine("made-line", ""), 5));
}

#[test]
fn the_piece_that_moved_and_where_it_went_as_a_count_in_a_region() {
    same_game(
        "race",
        "win mover when last(move, Runner) and last(to, goal)",
        "for P in players: win P when count(Runner in goal, P) > 0",
        6,
    );
}

#[test]
fn the_piece_captured_as_a_count() {
    same_game(
        "race",
        "win mover when last(capture, Runner)",
        "for P in players: win opponent(P) when count(Runner, P) < 2",
        6,
    );
}

#[test]
fn facts_of_the_last_move_read_in_end_rules() {
    let status = |rule: &str, moves: &str| {
        let engine = engine("race", rule);
        common::status(&engine, &common::position(&engine, moves))
    };
    // Where the last move started, and which kind moved.
    assert_eq!(status("win mover when last(from, b2)", "b2-b3"), "win White");
    assert_eq!(status("win mover when last(from, b2)", "a1-a2"), "ongoing");
    assert_eq!(status("draw when last(move, Blocker)", "a1-a2"), "ongoing");
    assert_eq!(status("draw when last(move, Blocker)", "b2-b3"), "draw");
    assert_eq!(status("draw when last(move, not Runner)", "b2-b3"), "draw");
    // `last(player)` is who made the last move (`mover` in an end rule), and
    // at the start, as `mover`, the player who moves first.
    let black_moved = "draw when last(player) == Black";
    assert_eq!(status(black_moved, ""), "ongoing");
    assert_eq!(status(black_moved, "a1-a2"), "ongoing");
    assert_eq!(status(black_moved, "a1-a2 a4-a3"), "draw");
    // Before the first move nothing was done.
    assert_eq!(status("draw when last(move, Runner)", ""), "ongoing");
}

#[test]
fn the_last_drop_and_a_move_condition_reading_the_last_move() {
    let text = fixture_with(
        "two-passes",
        "draw when last(drop, Stone) and before(count(Stone) == 2)",
    );
    let engine = common::engine_of(&text);
    assert_eq!(
        common::status(&engine, &common::position(&engine, "S@a1 S@b2")),
        "ongoing"
    );
    assert_eq!(
        common::status(&engine, &common::position(&engine, "S@a1 S@b2 S@c3")),
        "draw"
    );
    assert_eq!(
        common::status(&engine, &common::position(&engine, "S@a1 S@b2 pass")),
        "ongoing"
    );
    // A drop only just after a pass: `when` reads the last move.
    let text = fixture_with("two-passes", "")
        .replace(
            "drop: onto empty,",
            "drop: onto empty, when last(pass) or ply_is_first,",
        )
        .replace("supply Stone", "supply Stone\noption ply_is_first: bool = false");
    let engine = common::engine_of(&text);
    let mut buf = rulebook::engine::MoveBuf::new();
    engine.legal_moves(&engine.start(), &mut buf);
    assert_eq!(buf.len(), 1, "only the pass at the start");
    let after = common::position(&engine, "pass");
    engine.legal_moves(&after, &mut buf);
    assert_eq!(buf.len(), 10, "nine drops and the pass after a pass");
}

#[test]
fn history_is_part_of_the_position_text_and_round_trips() {
    let engine = engine("two-passes", "draw when last(pass) and before(last(pass))");
    for moves in ["", "pass", "S@a1 pass", "pass S@b2", "S@a1 S@b2"] {
        let pos = common::position(&engine, moves);
        let text = rulebook::position_text::write(&engine, &pos);
        assert!(text.contains(" last:"), "{text}");
        let back = rulebook::position_text::read(&engine, &text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert_eq!(rulebook::position_text::write(&engine, &back), text);
        assert_eq!(back, pos, "{moves}: {text}");
    }
    // A pass is written: the facts are the pass, then whether the move before was one.
    let pos = common::position(&engine, "S@a1 pass");
    assert!(rulebook::position_text::write(&engine, &pos).ends_with("last:1,0"));
}

#[test]
fn history_makes_positions_differ_for_repetition() {
    // Passing twice in a row comes back to the same board, but not to the same
    // position: the second pass is one after a pass.
    let text = fixture_with(
        "two-passes",
        "draw when repeated 2 times\n  draw when before(last(pass)) and count(Stone) > 9",
    );
    let engine = common::engine_of(&text);
    assert_eq!(
        common::status(&engine, &common::position(&engine, "pass pass")),
        "ongoing"
    );
    assert_eq!(
        common::status(&engine, &common::position(&engine, "pass pass pass pass")),
        "draw"
    );
}

#[test]
fn history_read_once_at_the_start_is_refused() {
    let text = fixture_with("two-passes", "if last(pass): draw when repeated 3 times");
    assert_eq!(common::refused(&text), ["rules::compile::history_at_start"]);
    let text = fixture_with("two-passes", "draw when last(passes)");
    assert_eq!(common::refused(&text), ["rules::compile::unknown_fact"]);
    let text = fixture_with("two-passes", "draw when last(move)");
    assert_eq!(common::refused(&text), ["rules::compile::arity"]);
}
