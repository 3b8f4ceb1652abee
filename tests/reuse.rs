//! Issue 19's constructs for reuse and for captures beside the path, each
//! checked against the same rules written out by hand: `like LIST` and
//! `like Piece.rule` (clauses spliced in), `condition NAME` (a named cell
//! condition), `capture one … closed by …` (custodian capture) and `go back`
//! (the opposite of the current direction).

mod common;

use rulebook::engine::MoveBuf;
use rulebook::notation;

fn doc_example(title: &str) -> String {
    let doc = std::fs::read_to_string(format!("{}/docs/LANGUAGE.md", env!("CARGO_MANIFEST_DIR")))
        .expect("the page");
    let start = doc.find(&format!("game \"{title}\"")).expect("the example");
    let end = start + doc[start..].find("```").expect("its end");
    doc[start..end].to_string()
}

/// The legal moves after `moves`, by name.
fn moves_after(text: &str, moves: &str) -> Vec<String> {
    let engine = common::engine_of(text);
    let pos = common::position(&engine, moves);
    notation::legal_move_names(&engine, &pos, &mut MoveBuf::default())
}

/// `text` and `written_out` give the same perft counts to `depth`.
fn same_game(text: &str, written_out: &str, depth: u32) {
    let (a, b) = (common::engine_of(text), common::engine_of(written_out));
    for d in 1..=depth {
        assert_eq!(a.perft(&a.start(), d), b.perft(&b.start(), d), "perft {d}");
    }
}

#[test]
fn named_clauses_conditions_and_rules_are_spliced_in() {
    let text = doc_example("Traps");
    let written_out = text
        .replace("condition guarded: next orth is friend\n", "")
        .replace("clauses trap: (if not in traps | if in traps and guarded | if in traps and not guarded, remove)\n", "")
        .replace(", like trap", ", (if not in traps | if in traps and next orth is friend | if in traps and not next orth is friend, remove)")
        .replace("move step: like Runner.step", "move step: step orth onto empty, (if not in traps | if in traps and next orth is friend | if in traps and not next orth is friend, remove)");
    assert!(
        !written_out.contains("like") && !written_out.contains("guarded"),
        "{written_out}"
    );
    same_game(&text, &written_out, 4);
    // An unguarded trap takes the piece that steps onto it.
    let after = moves_after(&text, "c1-c2 b6-b5");
    assert!(after.contains(&"c2-c3,xc3".to_string()), "{after:?}");
}

#[test]
fn custodian_capture_takes_exactly_one_piece() {
    let text = doc_example("Corner escape");
    let written_out = text
        .replace("condition hostile: friend or in corners\n", "")
        .replace(
            "clauses custodian: capture one enemy along orth closed by hostile\n",
            "",
        )
        .replace(
            "like custodian",
            "each (go orth, if enemy, capture, go same, if friend or in corners)",
        );
    same_game(&text, &written_out, 3);
    // A soldier between a corner and a defender who slides in is taken.
    let engine = common::engine_of(&text);
    let pos = common::position(&engine, "d2-c2 c4-c3 c2-b2 c3-c2 a4-a2 d3-a3");
    assert_eq!(common::at(&engine, &pos, "a2"), "");
    assert_eq!(common::at(&engine, &pos, "a3"), "Defenders S");
    // Two enemies in a row are not a sandwich: none is taken.
    let whole_run = text.replace("capture one enemy", "capture enemy");
    assert_ne!(
        common::engine_of(&whole_run).perft(&common::engine_of(&whole_run).start(), 4),
        engine.perft(&engine.start(), 4),
        "the whole-run form differs somewhere in four moves"
    );
}

#[test]
fn go_back_turns_round() {
    let text = doc_example("Approach and withdrawal");
    let written_out = text.replace(
        "move withdraw: step around onto empty, go back, go same, if enemy, capture",
        "move withdraw: (step n onto empty, go s, go s | step ne onto empty, go sw, go sw | step e onto empty, go w, go w \
         | step se onto empty, go nw, go nw | step s onto empty, go n, go n | step sw onto empty, go ne, go ne \
         | step w onto empty, go e, go e | step nw onto empty, go se, go se), if enemy, capture",
    );
    same_game(&text, &written_out, 3);
    // c3 steps away from the black stone on b3 (to d3, where nothing lies
    // ahead) and takes it.
    let after = moves_after(&text, "c2-c3 b4-b3");
    assert!(after.contains(&"c3xd3".to_string()), "{after:?}");
    let engine = common::engine_of(&text);
    let pos = common::position(&engine, "c2-c3 b4-b3 c3xd3");
    assert_eq!(common::at(&engine, &pos, "b3"), "");
    assert_eq!(common::at(&engine, &pos, "d3"), "White S");
}
