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

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use rulebook::diag::SourceFile;
use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::{analysis, notation, position_text, record};

/// The shipped games, compiled once.
fn games() -> &'static [Engine] {
    static GAMES: OnceLock<Vec<Engine>> = OnceLock::new();
    GAMES.get_or_init(|| {
        [
            include_str!("../../games/amazons.rules"),
            include_str!("../../games/chess.rules"),
            include_str!("../../games/chivalry.rules"),
            include_str!("../../games/connect-four.rules"),
            include_str!("../../games/english-checkers.rules"),
            include_str!("../../games/go.rules"),
            include_str!("../../games/hex.rules"),
            include_str!("../../games/international-draughts.rules"),
            include_str!("../../games/knights-and-kender.rules"),
            include_str!("../../games/minishogi.rules"),
            include_str!("../../games/nine-mens-morris.rules"),
            include_str!("../../games/reversi.rules"),
            include_str!("../../games/round-table.rules"),
            include_str!("../../games/tic-tac-toe.rules"),
        ]
        .iter()
        .map(|text| {
            let game = rulebook::load(&SourceFile::new("game.rules", *text)).expect("a shipped game");
            Engine::new(game, &[]).expect("its default options")
        })
        .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    match mode % 4 {
        0 => rules_file(rest),
        1 => {
            let Some((&game, rest)) = rest.split_first() else { return };
            let Ok(text) = std::str::from_utf8(rest) else { return };
            let engines = games();
            position(&engines[game as usize % engines.len()], text, rest);
        }
        2 => {
            let Some((&game, rest)) = rest.split_first() else { return };
            let Ok(text) = std::str::from_utf8(rest) else { return };
            let engines = games();
            game_record(&engines[game as usize % engines.len()], text);
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
    play_checking(&engine, &mut engine.start(), data, false);
}

/// Plays moves chosen by the input's last bytes; with `checked` (a position
/// the rules could reach), each must lead to one that passes the checks too.
fn play_checking(engine: &Engine, pos: &mut Position, data: &[u8], checked: bool) {
    let mut buf = MoveBuf::new();
    for &b in data.iter().rev().take(16) {
        engine.legal_moves(pos, &mut buf);
        if buf.moves.is_empty() {
            break;
        }
        let mv = buf.moves.get(b as usize % buf.moves.len()).to_move();
        let _ = notation::format(engine, mv.as_ref());
        engine.play_unchecked(pos, mv.as_ref());
        let _ = engine.perft(pos, 1);
        if checked {
            let text = position_text::write(engine, pos);
            if let Err(e) = position_text::read(engine, &text) {
                panic!("a legal move led to `{text}`, which is refused: {e}");
            }
        }
    }
}

/// Any text as a position of `engine`'s game.
fn position(engine: &Engine, text: &str, data: &[u8]) {
    let checked = position_text::read(engine, text);
    let Ok(pos) = checked.clone().or_else(|_| position_text::read_unchecked(engine, text)) else {
        return;
    };
    let generic = position_text::write_generic(engine, &pos);
    let back = position_text::read_unchecked(engine, &generic)
        .unwrap_or_else(|e| panic!("`{text}` writes `{generic}`, which does not read: {e}"));
    assert_eq!(position_text::write_generic(engine, &back), generic, "`{text}`");
    let mut pos = pos;
    let unchecked = text.trim_start().starts_with(position_text::UNCHECKED);
    play_checking(engine, &mut pos, data, checked.is_ok() && !unchecked);
}

/// Any text as a game record, replayed on `engine`'s game.
fn game_record(engine: &Engine, text: &str) {
    let Ok(rec) = record::Record::parse(&SourceFile::new("fuzz.record", text)) else { return };
    let again = rec.to_text("Fuzz", &[]);
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
