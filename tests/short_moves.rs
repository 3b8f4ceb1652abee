//! Moves written for short, as players write them: a bare cell, a piece
//! letter and a destination, hints of the start, captures by file, chains by
//! their ends, promotions — read against the legal moves of shipped games.

mod common;

use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::notation::{self, Reading};

/// The position after `moves` (full notation) from the start.
fn after(engine: &Engine, moves: &str) -> Position {
    notation::play_sequence(engine, moves).expect("legal moves")
}

/// What `typed` reads as at `pos`, in words: the full move, "ambiguous: …" or "unknown".
fn reading(engine: &Engine, pos: &Position, typed: &str) -> String {
    match notation::read(engine, pos, typed, &mut MoveBuf::new()) {
        Reading::Exact(mv) => format!("exact {}", notation::format(engine, mv.as_ref())),
        Reading::Short { full, .. } => full,
        Reading::Ambiguous(all) => format!("ambiguous: {}", all.join(" ")),
        Reading::Unknown => "unknown".to_string(),
    }
}

#[test]
fn chess_moves_by_destination_letter_hint_and_capture() {
    let e = common::engine("chess", "");
    let start = e.start();
    assert_eq!(reading(&e, &start, "e4"), "e2-e4");
    assert_eq!(reading(&e, &start, "Nf3"), "g1-f3");
    assert_eq!(
        reading(&e, &start, "nf3"),
        "g1-f3",
        "case is forgiven when nothing else fits"
    );
    assert_eq!(reading(&e, &start, "e2-e4"), "exact e2-e4");
    assert_eq!(
        reading(&e, &start, "Nxf3"),
        "unknown",
        "a capture mark where nothing is taken"
    );
    assert_eq!(reading(&e, &start, "e5"), "unknown");
    let pos = after(&e, "e2-e4 d7-d5");
    assert_eq!(reading(&e, &pos, "exd5"), "e4xd5");
    assert_eq!(reading(&e, &pos, "d5"), "e4xd5", "the capture mark is optional");
    // Two knights can reach d2: the start's file or rank tells them apart.
    let pos = after(&e, "g1-f3 g8-f6 d2-d3 d7-d6");
    assert_eq!(reading(&e, &pos, "Nd2"), "ambiguous: b1-d2 f3-d2");
    assert_eq!(reading(&e, &pos, "Nbd2"), "b1-d2");
    assert_eq!(reading(&e, &pos, "N3d2"), "f3-d2");
    assert_eq!(reading(&e, &pos, "Nf3d2"), "f3-d2");
}

#[test]
fn promotions_need_their_letter_only_when_there_is_a_choice() {
    let e = common::engine("chess", "");
    let pos = rulebook::position_text::read(&e, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").expect("a position");
    let all = reading(&e, &pos, "b8");
    assert!(all.starts_with("ambiguous: b7-b8=B"), "{all}");
    assert_eq!(reading(&e, &pos, "b8=Q"), "b7-b8=Q");
    assert_eq!(reading(&e, &pos, "b8=X"), "unknown");
}

#[test]
fn a_bare_cell_is_the_only_drop_there() {
    let e = common::engine("connect-four", "");
    let start = e.start();
    assert_eq!(reading(&e, &start, "d1"), "D@d1");
    assert_eq!(reading(&e, &start, "Dd1"), "D@d1");
    assert_eq!(reading(&e, &start, "d2"), "unknown");
    let k = common::engine("knights-and-kender", "");
    // The Knights place a knight: the bare cell of the far rank.
    assert_eq!(reading(&k, &k.start(), "b8"), "N@b8");
}

#[test]
fn a_chain_is_written_by_its_ends() {
    let e = common::engine("english-checkers", "");
    // Plays a fixed line of legal moves until a capture of two pieces is legal.
    let mut pos = e.start();
    let mut buf = MoveBuf::new();
    let chain = (0..400).find_map(|ply| {
        let names = notation::legal_move_names(&e, &pos, &mut buf);
        if let Some(chain) = names.iter().find(|n| n.matches('x').count() >= 2) {
            return Some(chain.clone());
        }
        let pick = names.get(ply * 7 % names.len().max(1))?;
        pos = after_from(&e, &pos, pick);
        None
    });
    let chain = chain.expect("a chain of captures comes up");
    let cells: Vec<&str> = chain.split('x').collect();
    let ends = format!("{}x{}", cells[0], cells[cells.len() - 1]);
    assert!(reading(&e, &pos, &ends).contains(&chain), "{ends} for {chain}");
}

/// The position after one move from `pos`.
fn after_from(engine: &Engine, pos: &Position, mv: &str) -> Position {
    let mv = notation::parse(engine, pos, mv, &mut MoveBuf::new()).expect("a legal move");
    let mut next = pos.clone();
    engine.play_unchecked(&mut next, mv.as_ref());
    next
}

#[test]
fn moves_of_several_actions_take_short_forms_per_action() {
    let k = common::engine("knights-and-kender", "");
    let pos = after(&k, "N@b8 N@f8 a3-b4");
    let names = notation::legal_move_names(&k, &pos, &mut MoveBuf::new());
    let double = names
        .iter()
        .find(|n| n.starts_with("b8-a6,f8-"))
        .expect("a double knight move");
    let second = double.split_once(',').expect("two actions").1;
    let to = second.split_once('-').expect("a leap").1;
    assert_eq!(reading(&k, &pos, &format!("Na6,f8-{to}")), *double);
}

#[test]
fn parse_accepts_a_short_form_only_when_one_move_fits() {
    let e = common::engine("chess", "");
    let pos = after(&e, "g1-f3 g8-f6 d2-d3 d7-d6");
    let mut buf = MoveBuf::new();
    assert!(notation::parse(&e, &pos, "Nbd2", &mut buf).is_ok());
    let err = notation::parse(&e, &pos, "Nd2", &mut buf).expect_err("two knights");
    assert!(matches!(err, notation::ParseMoveError::Ambiguous(..)), "{err}");
    let err = notation::parse(&e, &pos, "Nb5", &mut buf).expect_err("no knight reaches b5");
    assert!(matches!(err, notation::ParseMoveError::NotLegal(..)), "{err}");
}

#[test]
fn text_that_names_a_start_cell_is_only_the_move_from_there() {
    let e = common::engine("chess", "");
    let pos = after(&e, "e2-e4 e7-e5");
    // The file letter `b` is no bishop's `B`, even when case is forgiven.
    assert_eq!(reading(&e, &pos, "b1-b5"), "unknown");
    assert_eq!(reading(&e, &pos, "b1xb5"), "unknown");
    assert_eq!(reading(&e, &pos, "b1b5"), "unknown");
    assert!(notation::play_sequence(&e, "e2-e4 e7-e5 b1-b5").is_err());
    // Written from its real start, the move is read, with or without a sign.
    assert_eq!(reading(&e, &pos, "f1-b5"), "exact f1-b5");
    assert_eq!(reading(&e, &pos, "f1b5"), "f1-b5");
    assert_eq!(reading(&e, &pos, "b1c3"), "b1-c3");
    assert_eq!(reading(&e, &pos, "Bb5"), "f1-b5");
    assert_eq!(
        reading(&e, &pos, "bb5"),
        "f1-b5",
        "a lone letter is still forgiven its case"
    );
}
