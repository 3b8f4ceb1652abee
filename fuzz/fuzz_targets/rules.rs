//! Fuzz target: any bytes as a rules file — parse, check, compile, and if it
//! compiles, play a few moves chosen by the input. Nothing may panic, hang or
//! blow the stack; every diagnostic must point inside the text.

#![no_main]

use libfuzzer_sys::fuzz_target;
use rulebook::diag::SourceFile;
use rulebook::engine::{Engine, MoveBuf};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let source = SourceFile::new("fuzz.rules", text);
    let (game, problems) = rulebook::check(&source);
    for p in &problems {
        assert!(p.span.start <= p.span.end && p.span.end <= text.len(), "span outside the text");
    }
    let Some(game) = game else { return };
    let Ok(engine) = Engine::new(game, &[]) else { return };
    let mut pos = engine.start();
    let mut buf = MoveBuf::new();
    // Choose moves from the input's bytes, so the fuzzer steers the game too.
    for &b in data.iter().rev().take(16) {
        engine.legal_moves(&pos, &mut buf);
        if buf.moves.is_empty() {
            break;
        }
        let mv = buf.moves.get(b as usize % buf.moves.len()).to_move();
        let _ = rulebook::notation::format(&engine, mv.as_ref());
        engine.play_unchecked(&mut pos, mv.as_ref());
        let _ = engine.perft(&pos, 1);
    }
});
