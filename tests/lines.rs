//! Lines drawn between cells (`draw`, `touched`, `drawn` in `setup`) and a
//! neutral piece moved by both players, on Paper Soccer and on a small pen
//! that walks a grid: a line is never drawn twice, a point touched before
//! makes the ball bounce, the drawn lines are part of the position's text,
//! and the game ends in a goal or when the mover cannot kick.

mod common;

use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::{notation, position_text};

/// A pen on a 4×4 grid walks along lines not drawn yet; the border is drawn.
const PEN: &str = r#"
game "Pen walk"
players White, Black
board grid files a..d ranks 1..4
directions orth = n, e, s, w
piece Pen letter P neutral {
  move walk: go orth, draw, land
}
setup {
  drawn a1 a4 d4 d1 a1
  White: Pen at b2
}
end {
  no move: mover loses
}
"#;

fn moves(engine: &Engine, pos: &Position) -> Vec<String> {
    let mut names = notation::legal_move_names(engine, pos, &mut MoveBuf::new());
    names.sort();
    names
}

fn moves_after(engine: &Engine, played: &str) -> Vec<String> {
    moves(engine, &common::position(engine, played))
}

#[test]
fn both_players_move_the_neutral_piece() {
    let pen = common::engine_of(PEN);
    assert_eq!(moves_after(&pen, ""), ["b2-a2", "b2-b1", "b2-b3", "b2-c2"]);
    // Black moves the same pen on from where White left it.
    assert_eq!(moves_after(&pen, "b2-b3"), ["b3-a3", "b3-b4", "b3-c3"]);
}

#[test]
fn a_drawn_line_is_never_drawn_again() {
    let pen = common::engine_of(PEN);
    // b2-b3 was drawn: b3-b2 is not offered, though b2 is empty.
    let after = moves_after(&pen, "b2-b3 b3-c3 c3-c2");
    assert_eq!(after, ["c2-b2", "c2-c1", "c2-d2"]);
    // After c2-b2 every line from b2 but two on the border is drawn.
    assert_eq!(moves_after(&pen, "b2-b3 b3-c3 c3-c2 c2-b2"), ["b2-a2", "b2-b1"]);
}

#[test]
fn the_border_lines_are_drawn_at_the_start() {
    let pen = common::engine_of(PEN);
    // From a2 the border leaves nothing but the way back, drawn by the move.
    assert!(moves_after(&pen, "b2-a2").is_empty());
    let text = position_text::write_generic(&pen, &pen.start());
    assert!(text.contains(" drawn:a1-a2,a1-b1,"), "{text}");
    assert_eq!(
        text.matches('-').count(),
        12,
        "the twelve lines round a 4×4 board: {text}"
    );
}

#[test]
fn a_walk_into_a_corner_of_drawn_lines_loses() {
    let pen = common::engine_of(PEN);
    let pos = common::position(&pen, "b2-a2");
    // a2's lines: the border, and a2-b2 just drawn: Black cannot move.
    assert!(moves(&pen, &pos).is_empty());
    assert_eq!(common::status(&pen, &pos), "win White");
}

#[test]
fn drawn_lines_are_read_back_from_the_text() {
    let pen = common::engine_of(PEN);
    let pos = common::position(&pen, "b2-b3 b3-c3");
    let text = position_text::write_generic(&pen, &pos);
    assert!(text.contains("b2-b3") && text.contains("b3-c3"), "{text}");
    let read = position_text::read(&pen, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(position_text::write_generic(&pen, &read), text);
    assert_eq!(moves(&pen, &read), moves(&pen, &pos));
    // The same board without the lines is another position, with other moves.
    let bare = text.split(" drawn:").next().expect("a board");
    let without = position_text::read(&pen, bare).unwrap_or_else(|e| panic!("{bare}: {e}"));
    assert_ne!(moves(&pen, &without), moves(&pen, &pos));
    let twice = format!("{text},b3-c3");
    assert!(position_text::read(&pen, &twice).is_err(), "a line given twice");
}

#[test]
fn the_ball_bounces_on_a_point_touched_before() {
    let soccer = common::engine("paper-soccer", "");
    // f8 is fresh, so the kick stops there; f7 (the start) and g8 were touched.
    let after = moves_after(&soccer, "f7-g8 g8-g9 g9-f8");
    for m in ["f8-e7", "f8-f9", "f8-f7-e6", "f8-g8-f9", "f8-g8-h9"] {
        assert!(after.contains(&m.to_string()), "{m} in {after:?}");
    }
    // No kick stops on a touched point, and none goes back along a drawn line.
    assert!(!after.contains(&"f8-f7".to_string()) && !after.contains(&"f8-g9".to_string()));
    assert_eq!(after.len(), 16, "{after:?}");
}

#[test]
fn a_goal_wins_for_the_attacker_even_when_the_defender_kicks_it() {
    let soccer = common::engine("paper-soccer", "");
    // Up file f, then one step from f12 into the goal point f13.
    let path = "f7-f8 f8-f9 f9-f10 f10-f11 f11-f12";
    let pos = common::position(&soccer, path);
    let kicks = moves(&soccer, &pos);
    assert!(kicks.contains(&"f12-f13".to_string()), "{kicks:?}");
    // e12 and g12 lie on the end line: the ball bounces on along the goal mouth.
    assert!(kicks.iter().any(|k| k.starts_with("f12-e12-")), "{kicks:?}");
    // Black kicks it into f13, the goal White attacks: White wins.
    let goal = common::position(&soccer, &format!("{path} f12-f13"));
    assert_eq!(common::status(&soccer, &goal), "win White");
}
