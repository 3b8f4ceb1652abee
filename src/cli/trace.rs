//! `playout --trace FILE`: random games written move by move with the legal
//! moves at every position, for independent implementations of the rules to
//! check (one JSON object per game and line: `moves`, `legal`, `detail`,
//! `status`).
//!
//! `legal[i]` is the sorted list of the names of the legal moves before move
//! `i` (and, last, after the last move). `detail[i]` is parallel to it: for
//! each name, `[from, to, captured]` — the cell where the move's first action
//! picks its piece up (`null` for a drop or `pass`), the cell where the last
//! action's piece ends (`null` for `pass`), and the sorted cells whose pieces
//! the move captures. It lets a checker compare moves without reading the
//! notation (e.g. draughts moves as sets of (start, end, captured pieces)).

use std::io::Write;
use std::path::Path;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::Value;

use rulebook::engine::{Engine, MoveBuf, MoveRef, Position, Token};
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
        let mut detail = Vec::new();
        loop {
            let (names, details): (Vec<String>, Vec<Value>) =
                legal_with_detail(engine, &pos, &mut buf).into_iter().unzip();
            if names.is_empty() {
                legal.push(names);
                detail.push(details);
                break;
            }
            let pick = names[(rng.next_u64() % names.len() as u64) as usize].clone();
            let mv = notation::parse(engine, &pos, &pick, &mut buf).expect("a listed move parses");
            engine.play_unchecked(&mut pos, mv.as_ref());
            legal.push(names);
            detail.push(details);
            moves.push(pick);
        }
        let status = super::commands::status_text(engine, engine.status(&pos, &mut buf));
        let line = serde_json::json!({ "moves": moves, "legal": legal, "detail": detail, "status": status });
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The legal moves of `pos` by name, sorted and without repeats, each with its
/// detail `[from, to, captured]` (see the module's documentation). Moves that
/// share a name share its first move's detail.
fn legal_with_detail(engine: &Engine, pos: &Position, buf: &mut MoveBuf) -> Vec<(String, Value)> {
    engine.legal_moves(pos, buf);
    let mut moves: Vec<(String, Value)> = buf
        .moves
        .iter()
        .map(|m| (notation::format(engine, m), move_detail(engine, pos, m)))
        .collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    moves.dedup_by(|a, b| a.0 == b.0);
    moves
}

/// `[from, to, captured]` of one move, read from its tokens: the first
/// [`Token::From`], the last landing ([`MoveRef::last_landing`]), and the cells
/// of every [`Token::Remove`] (a jumped piece), [`Token::Take`], and
/// [`Token::Capture`] that lands on a piece other than the mover's own (a
/// capturing hop onto an empty cell captures the piece it jumped, which a
/// `Remove` names).
fn move_detail(engine: &Engine, pos: &Position, mv: MoveRef) -> Value {
    let names = &engine.game().topology.cell_names;
    let mut from = None;
    let mut captured = Vec::new();
    for token in mv.tokens() {
        match token {
            Token::From(c) => from = from.or(Some(c)),
            Token::Remove(c) | Token::Take(c) => captured.push(c),
            Token::Capture(c) if Some(c) != from && engine.piece(pos, c).is_some() => captured.push(c),
            _ => {}
        }
    }
    let mut captured: Vec<&str> = captured.iter().map(|c| names[c.index()].as_str()).collect();
    captured.sort_unstable();
    captured.dedup();
    let name = |c: Option<rulebook::ir::CellId>| c.map(|c| names[c.index()].as_str());
    serde_json::json!([name(from), name(mv.last_landing()), captured])
}

#[cfg(test)]
mod tests {
    use super::*;
    use rulebook::diag::SourceFile;

    fn draughts() -> Engine {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/international-draughts.rules");
        let text = std::fs::read_to_string(path).expect("the shipped game");
        let game = rulebook::load_with(&SourceFile::new(path, text), &[]).expect("it compiles");
        Engine::new(game, &[]).expect("no options")
    }

    /// The names and details of the legal moves of a position given as text.
    fn moves(engine: &Engine, text: &str) -> Vec<(String, Value)> {
        let pos = rulebook::position_text::read(engine, text).expect("a position");
        legal_with_detail(engine, &pos, &mut MoveBuf::new())
    }

    #[test]
    fn the_detail_of_a_king_capture_names_its_ends_and_the_captured_men() {
        // A white king on a1, black men on c3 and f6: each of the four
        // landings beyond f6 is reached by two routes (landing on d4 or on e5
        // after c3), both taking c3 and f6.
        let engine = draughts();
        let listed = moves(&engine, "10/10/10/10/5m4/10/10/2m7/10/K9 w ply:0");
        let names: Vec<&str> = listed.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "a1xd4xg7",
                "a1xd4xh8",
                "a1xd4xi9",
                "a1xd4xj10",
                "a1xe5xg7",
                "a1xe5xh8",
                "a1xe5xi9",
                "a1xe5xj10"
            ]
        );
        for (name, detail) in &listed {
            let to = name.rsplit('x').next().unwrap();
            assert_eq!(*detail, serde_json::json!(["a1", to, ["c3", "f6"]]), "{name}");
        }
    }

    #[test]
    fn the_detail_of_a_step_and_of_a_man_capture() {
        let engine = draughts();
        // White men on a1 and c3, a black man on d4: c3 must take it.
        let listed = moves(&engine, "10/10/10/10/10/10/3m6/2M7/10/M9 w ply:0");
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].0, "c3xe5");
        assert_eq!(listed[0].1, serde_json::json!(["c3", "e5", ["d4"]]));
        // Without the black man: steps capture nothing.
        let listed = moves(&engine, "10/10/10/10/10/10/10/2M7/10/M9 w ply:0");
        let details: Vec<&Value> = listed.iter().map(|(_, d)| d).collect();
        assert_eq!(
            details,
            [
                &serde_json::json!(["a1", "b2", []]),
                &serde_json::json!(["c3", "b4", []]),
                &serde_json::json!(["c3", "d4", []]),
            ]
        );
    }

    #[test]
    fn a_trace_line_has_one_detail_per_legal_name() {
        let engine = draughts();
        let mut out = Vec::new();
        write(&engine, 1, 1, &mut out).unwrap();
        let line: Value = serde_json::from_slice(&out).unwrap();
        let legal = line["legal"].as_array().unwrap();
        let detail = line["detail"].as_array().unwrap();
        assert_eq!(legal.len(), detail.len());
        for (names, details) in legal.iter().zip(detail) {
            assert_eq!(names.as_array().unwrap().len(), details.as_array().unwrap().len());
        }
        assert_eq!(detail[0].as_array().unwrap().len(), 9, "the 9 opening moves");
    }
}
