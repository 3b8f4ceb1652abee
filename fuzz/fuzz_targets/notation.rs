//! Fuzz target: a move's text, read in a position of the shipped game the
//! first byte picks, reached by the moves the next bytes choose. A text that
//! reads names a legal move, and that move's full notation reads back to
//! it; a text written as a full move reads only as that move. Nothing may
//! panic or hang, however long or strange the text.

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use rulebook::engine::MoveBuf;
use rulebook::notation;

fuzz_target!(|data: &[u8]| {
    let [game, walk, rest @ ..] = data else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let engine = common::game(*game);
    let mut pos = engine.start();
    let steps: Vec<u8> = (0..*walk % 24).map(|i| walk.wrapping_mul(31).wrapping_add(i * 7)).collect();
    common::play_checking(engine, &mut pos, &steps, false);
    let mut buf = MoveBuf::new();
    let Ok(mv) = notation::parse(engine, &pos, text, &mut buf) else { return };
    engine.legal_moves(&pos, &mut buf);
    assert!(buf.moves.iter().any(|m| m.to_move() == mv), "`{text}` read as a move that is not legal");
    let full = notation::format(engine, mv.as_ref());
    let again = notation::parse(engine, &pos, &full, &mut buf)
        .unwrap_or_else(|e| panic!("`{text}` reads as `{full}`, which does not read back: {e}"));
    assert!(again == mv, "`{full}` reads as another move");
    if notation::legal_move_names(engine, &pos, &mut buf).iter().any(|n| n == text.trim()) {
        assert_eq!(full, text.trim(), "a full move's text read as another move");
    }
});
