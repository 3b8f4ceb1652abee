//! What the fuzz targets share: the shipped games, compiled once, and a
//! walk of moves chosen by the input. Each target uses part of it.

#![allow(dead_code)]

use std::sync::OnceLock;

use rulebook::diag::SourceFile;
use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::{notation, position_text};

/// The shipped games' texts, in a fixed order (the input's game byte picks one).
pub const TEXTS: [&str; 14] = [
    include_str!("../../../games/amazons.rules"),
    include_str!("../../../games/chess.rules"),
    include_str!("../../../games/chivalry.rules"),
    include_str!("../../../games/connect-four.rules"),
    include_str!("../../../games/english-checkers.rules"),
    include_str!("../../../games/go.rules"),
    include_str!("../../../games/hex.rules"),
    include_str!("../../../games/international-draughts.rules"),
    include_str!("../../../games/knights-and-kender.rules"),
    include_str!("../../../games/minishogi.rules"),
    include_str!("../../../games/nine-mens-morris.rules"),
    include_str!("../../../games/reversi.rules"),
    include_str!("../../../games/round-table.rules"),
    include_str!("../../../games/tic-tac-toe.rules"),
];

/// The shipped games, compiled once.
pub fn games() -> &'static [Engine] {
    static GAMES: OnceLock<Vec<Engine>> = OnceLock::new();
    GAMES.get_or_init(|| {
        TEXTS
            .iter()
            .map(|text| {
                let game = rulebook::load(&SourceFile::new("game.rules", *text)).expect("a shipped game");
                Engine::new(game, &[]).expect("its default options")
            })
            .collect()
    })
}

/// The shipped game the byte `b` picks.
pub fn game(b: u8) -> &'static Engine {
    let engines = games();
    &engines[b as usize % engines.len()]
}

/// Plays moves chosen by the input's last bytes; with `checked` (a position
/// the rules could reach), each must lead to one that passes the checks too.
pub fn play_checking(engine: &Engine, pos: &mut Position, data: &[u8], checked: bool) {
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
pub fn position(engine: &Engine, text: &str, data: &[u8]) {
    let checked = position_text::read(engine, text);
    let Ok(pos) = checked.clone().or_else(|_| position_text::read_unchecked(engine, text)) else {
        return;
    };
    let unchecked = text.trim_start().starts_with(position_text::UNCHECKED);
    if checked.is_ok() && !unchecked {
        let written = position_text::write(engine, &pos);
        let again = position_text::read(engine, &written)
            .unwrap_or_else(|e| panic!("`{text}` reads and writes `{written}`, which is refused: {e}"));
        assert_eq!(position_text::write(engine, &again), written, "`{text}`");
    }
    let generic = position_text::write_generic(engine, &pos);
    let back = position_text::read_unchecked(engine, &generic)
        .unwrap_or_else(|e| panic!("`{text}` writes `{generic}`, which does not read: {e}"));
    assert_eq!(position_text::write_generic(engine, &back), generic, "`{text}`");
    let mut pos = pos;
    play_checking(engine, &mut pos, data, checked.is_ok() && !unchecked);
}
