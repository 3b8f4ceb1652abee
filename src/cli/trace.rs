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
//! notation (e.g. jump chains as sets of (start, end, captured pieces)).

use std::io::Write;
use std::path::Path;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::Value;

use rulebook::engine::{Engine, MoveBuf, MoveRef, Position, Token};
use rulebook::notation;

use super::load::CliError;

/// Writes the trace of `n` games (see [`write`]) to the file at `path`.
pub fn write_file(engine: &Engine, n: u64, seed: u64, max_moves: u32, path: &Path) -> miette::Result<()> {
    let unwritable = |e: std::io::Error| match e.kind() {
        // A pipe whose reader went away (`--trace /dev/stdout | head`).
        std::io::ErrorKind::BrokenPipe => CliError::OutputClosed,
        _ => CliError::Unwritable {
            path: path.display().to_string(),
            reason: e.to_string(),
        },
    };
    let file = std::fs::File::create(path).map_err(unwritable)?;
    let mut out = std::io::BufWriter::new(file);
    write(engine, n, seed, max_moves, &mut out)
        .and_then(|()| out.flush())
        .map_err(unwritable)?;
    Ok(())
}

/// Plays `n` uniformly random games from the start (game `i` seeded by
/// `seed + i`), each stopped after `max_moves` moves (its status is then
/// `ongoing`), and writes each as a line of JSON to `out`.
pub fn write(
    engine: &Engine,
    n: u64,
    seed: u64,
    max_moves: u32,
    out: &mut impl Write,
) -> std::io::Result<()> {
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
            if names.is_empty() || moves.len() >= max_moves as usize {
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

    /// A flying piece that captures when its chain ends, and a stepper that
    /// also captures by landing on an enemy.
    const RULES: &str = r#"
players A, B
board grid files a..g ranks 1..7
directions diagonal = ne, se, sw, nw
piece Flyer letter F {
  move slide: slide diagonal onto empty
  move jump: jump diagonal over enemy onto empty, long, capturing at end, repeat, must continue
}
piece Man letter M {
  move step: step diagonal onto empty or enemy
  move jump: jump diagonal over enemy onto empty, capturing at end, repeat, must continue
}
setup { A: Man at a1  A: Flyer at c1  B: Man at g7 }
turn play { most captures }
end { no move: mover loses }
"#;

    fn engine() -> Engine {
        let game = rulebook::load(&SourceFile::new("test.rules", RULES)).expect("valid rules");
        Engine::new(game, &[]).expect("no options")
    }

    /// The names and details of the legal moves of a position given as text.
    fn moves(engine: &Engine, text: &str) -> Vec<(String, Value)> {
        // Positions made for the test, not reachable from this setup: unchecked.
        let pos = rulebook::position_text::read_unchecked(engine, text).expect("a position");
        legal_with_detail(engine, &pos, &mut MoveBuf::new())
    }

    fn names(listed: &[(String, Value)]) -> Vec<&str> {
        listed.iter().map(|(n, _)| n.as_str()).collect()
    }

    #[test]
    fn two_routes_of_a_flying_capture_have_one_detail() {
        // The flyer on a1 takes b2 and e5, landing on c3 or d4 in between:
        // two routes to each of f6 and g7.
        let engine = engine();
        let listed = moves(&engine, "7/7/4m2/7/7/1m5/F6 a ply:0");
        assert_eq!(names(&listed), ["a1xc3xf6", "a1xc3xg7", "a1xd4xf6", "a1xd4xg7"]);
        for (name, detail) in &listed {
            let to = &name[name.len() - 2..];
            assert_eq!(*detail, serde_json::json!(["a1", to, ["b2", "e5"]]), "{name}");
        }
    }

    #[test]
    fn a_capture_by_landing_on_the_piece_and_a_step() {
        let engine = engine();
        let listed = moves(&engine, "7/7/7/7/7/1m5/M6 a ply:0");
        assert_eq!(names(&listed), ["a1xb2", "a1xc3"]);
        assert_eq!(listed[0].1, serde_json::json!(["a1", "b2", ["b2"]]));
        assert_eq!(listed[1].1, serde_json::json!(["a1", "c3", ["b2"]]));
        let listed = moves(&engine, "m6/7/7/7/7/7/M6 a ply:0");
        assert_eq!(
            listed,
            [("a1-b2".to_string(), serde_json::json!(["a1", "b2", []]))]
        );
    }

    #[test]
    fn a_chain_back_to_its_start_does_not_capture_the_mover() {
        let engine = engine();
        let listed = moves(&engine, "7/1m1m3/7/1m1m3/2M4/7/7 a ply:0");
        assert_eq!(names(&listed), ["c3xa5xc7xe5xc3", "c3xe5xc7xa5xc3"]);
        for (name, detail) in &listed {
            assert_eq!(
                *detail,
                serde_json::json!(["c3", "c3", ["b4", "b6", "d4", "d6"]]),
                "{name}"
            );
        }
    }

    #[test]
    fn a_trace_line_has_one_detail_per_legal_name() {
        let engine = engine();
        let mut out = Vec::new();
        write(&engine, 1, 1, super::super::cap::DEFAULT_MAX_MOVES, &mut out).unwrap();
        let line: Value = serde_json::from_slice(&out).unwrap();
        let legal = line["legal"].as_array().unwrap();
        let detail = line["detail"].as_array().unwrap();
        assert_eq!(legal.len(), detail.len());
        for (names, details) in legal.iter().zip(detail) {
            assert_eq!(names.as_array().unwrap().len(), details.as_array().unwrap().len());
        }
        // At the start: the man on a1 steps to b2, the flyer on c1 slides.
        assert_eq!(
            detail[0],
            serde_json::json!([
                ["a1", "b2", []],
                ["c1", "a3", []],
                ["c1", "b2", []],
                ["c1", "d2", []],
                ["c1", "e3", []],
                ["c1", "f4", []],
                ["c1", "g5", []]
            ])
        );
    }
}
