//! Fuzz target: the first byte chooses what the rest of the input is.
//!
//! - a rules file: parse, check, compile and, if it compiles, play a few
//!   moves chosen by the input; every diagnostic must point inside the text;
//! - a position text (`--position`) for a shipped game chosen by the second
//!   byte: whatever it reads to writes back to a text that reads to the same
//!   position; from a position that passed the checks, every legal move
//!   leads to one that passes them too;
//! - a game record: if it reads, its text reads back to the same record,
//!   and its moves replay (or stop at the first that is not legal) on a
//!   shipped game;
//! - a share of `analyze --shard`: if the shares merge, the report counts
//!   every game once.
//!
//! Nothing may panic, hang or blow the stack.

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use rulebook::diag::SourceFile;
use rulebook::engine::{Engine, MoveBuf};
use rulebook::{analysis, notation, position_text, record};

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    match mode % 4 {
        0 => rules_file(rest),
        1 => {
            let Some((&game, rest)) = rest.split_first() else { return };
            let Ok(text) = std::str::from_utf8(rest) else { return };
            common::position(common::game(game), text, rest);
        }
        2 => {
            let Some((&game, rest)) = rest.split_first() else { return };
            let Ok(text) = std::str::from_utf8(rest) else { return };
            game_record(common::game(game), text);
        }
        _ => {
            let Ok(text) = std::str::from_utf8(rest) else { return };
            share(text);
        }
    }
});

/// Any text as a rules file.
fn rules_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let source = SourceFile::new("fuzz.rules", text);
    let (game, problems) = rulebook::check(&source);
    for p in &problems {
        assert!(p.span.start <= p.span.end && p.span.end <= text.len(), "span outside the text");
    }
    let Some(game) = game else { return };
    let Ok(engine) = Engine::new(game, &[]) else { return };
    common::play_checking(&engine, &mut engine.start(), data, false);
}

/// Any text as a game record, replayed on `engine`'s game.
fn game_record(engine: &Engine, text: &str) {
    let Ok(rec) = record::Record::parse(&SourceFile::new("fuzz.record", text)) else { return };
    let again = rec.to_text(&[]);
    let back = record::Record::parse(&SourceFile::new("again.record", again.as_str()))
        .unwrap_or_else(|e| panic!("`{again}` does not read back: {e}"));
    let words = |r: &record::Record| r.moves.iter().map(|(m, _)| m.clone()).collect::<Vec<_>>();
    assert_eq!(words(&rec), words(&back));
    assert_eq!((&rec.rules, &rec.rules_hash, &rec.sets), (&back.rules, &back.rules_hash, &back.sets));
    let start = match &rec.position {
        Some((p, _)) => match position_text::read(engine, p) {
            Ok(pos) => pos,
            Err(_) => return,
        },
        None => engine.start(),
    };
    let mut pos = start;
    let mut buf = MoveBuf::new();
    for (m, _) in rec.moves.iter().take(64) {
        let Ok(mv) = notation::parse(engine, &pos, m, &mut buf) else { return };
        engine.play_unchecked(&mut pos, mv.as_ref());
    }
}

/// Any text as a share of a study.
fn share(text: &str) {
    let Ok(shard) = analysis::Shard::from_json(text) else { return };
    let Ok((study, results)) = analysis::merge(&[("fuzz.json".to_string(), shard)]) else { return };
    for (v, report) in analysis::report(&study, &results).iter().enumerate() {
        let wins: u64 = report.wins.iter().map(|w| w.wins).sum();
        let played = results.iter().filter(|r| r.variant == v).count() as u64;
        assert_eq!(wins + report.draws, played, "every game is a win or a draw");
        assert_eq!(report.games, played);
    }
}
