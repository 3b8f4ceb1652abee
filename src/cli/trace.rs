//! `playout --trace FILE`: random games written move by move with the legal
//! moves at every position, for independent implementations of the rules to
//! check (one JSON object per game and line: `moves`, `legal`, `status`).

use std::io::Write;
use std::path::Path;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use rulebook::engine::{Engine, MoveBuf};
use rulebook::notation;

use super::load::CliError;

/// Writes the trace of `n` games (see [`write`]) to the file at `path`.
pub fn write_file(engine: &Engine, n: u64, seed: u64, path: &Path) -> miette::Result<()> {
    let unwritable = |e: std::io::Error| CliError::Unwritable {
        path: path.display().to_string(),
        reason: e.to_string(),
    };
    let file = std::fs::File::create(path).map_err(unwritable)?;
    let mut out = std::io::BufWriter::new(file);
    write(engine, n, seed, &mut out)
        .and_then(|()| out.flush())
        .map_err(unwritable)?;
    Ok(())
}

/// Plays `n` uniformly random games from the start (game `i` seeded by
/// `seed + i`) and writes each as a line of JSON to `out`.
pub fn write(engine: &Engine, n: u64, seed: u64, out: &mut impl Write) -> std::io::Result<()> {
    let mut buf = MoveBuf::new();
    for i in 0..n {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed.wrapping_add(i));
        let mut pos = engine.start();
        let mut moves = Vec::new();
        let mut legal = Vec::new();
        loop {
            let names = notation::legal_move_names(engine, &pos, &mut buf);
            if names.is_empty() {
                legal.push(names);
                break;
            }
            let pick = names[(rng.next_u64() % names.len() as u64) as usize].clone();
            let mv = notation::parse(engine, &pos, &pick, &mut buf).expect("a listed move parses");
            engine.play_unchecked(&mut pos, mv.as_ref());
            legal.push(names);
            moves.push(pick);
        }
        let status = super::commands::status_text(engine, engine.status(&pos, &mut buf));
        let line = serde_json::json!({ "moves": moves, "legal": legal, "status": status });
        writeln!(out, "{line}")?;
    }
    Ok(())
}
