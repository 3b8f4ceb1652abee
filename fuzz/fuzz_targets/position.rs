//! Fuzz target: a position text (`--position`) for the shipped game the
//! first byte picks. Whatever reads (checked or not) must write back to a
//! text that reads to the same position; from a position that passed the
//! checks, every legal move must lead to one that passes them too. Nothing
//! may panic, hang or blow the stack.

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&game, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    common::position(common::game(game), text, rest);
});
