//! Fuzz target: the engine protocol's and GTP's command lines, answered for
//! the shipped game the first byte picks (its low bit: GTP, for the games
//! it fits). Every line gets an answer or an error line; nothing may panic,
//! hang or grow without bound. Thinking is kept short: the agent searches
//! 16 playouts, and a `go` or `genmove` line asking for more than a small
//! budget (a number of three digits or more) is left out of the input.

#![no_main]

mod common;

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use rulebook::diag::SourceFile;
use rulebook::protocol;
use rulebook::session::Session;

fuzz_target!(|data: &[u8]| {
    let Some((&game, rest)) = data.split_first() else { return };
    if rest.split(|&b| b == b'\n').any(asks_for_long_thought) {
        return;
    }
    let pick = (game >> 1) as usize % common::TEXTS.len();
    let engine = Arc::new(common::game(pick as u8).clone());
    let source = Arc::new(SourceFile::new("game.rules", common::TEXTS[pick]));
    let session = Session::new(engine, source, Vec::new());
    // A search of 16 playouts unless a line asks for another budget.
    let agent = "mcts:16".parse().ok();
    let input = std::io::Cursor::new(rest.to_vec());
    let _ = protocol::serve(session, agent, game & 1 == 1, input, Box::new(std::io::sink()));
});

/// Whether a line asks to think for long: any line naming `go`, `genmove`,
/// `time` or `playouts` with a number of more than two digits (a hundred
/// playouts of connect6 take minutes under the sanitizer).
fn asks_for_long_thought(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line).to_ascii_lowercase();
    let thinks = ["go", "genmove", "time", "playouts", "analy"].iter().any(|w| text.contains(w));
    let mut run = 0;
    let long_number = text.chars().any(|c| {
        run = if c.is_ascii_digit() { run + 1 } else { 0 };
        run > 2
    });
    thinks && long_number
}
