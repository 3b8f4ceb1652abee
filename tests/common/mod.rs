//! Shared helpers of the integration tests: loading games and reading the vector files.

#![allow(dead_code)]

use rulebook::diag::SourceFile;
use rulebook::engine::{Engine, MoveBuf, Position, Status};
use rulebook::ir::{CellId, Outcome, PieceKind, PlayerId};

/// Loads `games/<name>.rules` with `k=v` options separated by spaces.
pub fn engine(name: &str, options: &str) -> Engine {
    let path = format!("{}/games/{name}.rules", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let overrides: Vec<(String, String)> = options
        .split_whitespace()
        .map(|kv| {
            let (k, v) = kv.split_once('=').expect("options are k=v");
            (k.to_string(), v.to_string())
        })
        .collect();
    let game = rulebook::load_with(&SourceFile::new(path.clone(), text), &overrides)
        .unwrap_or_else(|report| panic!("{path} does not compile: {:?}", report.problems));
    Engine::new(game, &overrides).unwrap_or_else(|e| panic!("options `{options}`: {e}"))
}

/// An engine for a rules file given as text, with default options.
pub fn engine_of(text: &str) -> Engine {
    let game = rulebook::load(&SourceFile::new("test.rules", text))
        .unwrap_or_else(|r| panic!("does not compile: {:?}", r.problems));
    Engine::new(game, &[]).expect("no options")
}

/// The codes of the problems of a rules file given as text, which must not compile.
pub fn refused(text: &str) -> Vec<String> {
    match rulebook::load(&SourceFile::new("test.rules", text)) {
        Ok(_) => panic!("compiles"),
        Err(r) => r.problems.iter().map(|p| p.code.to_string()).collect(),
    }
}

/// The rows of `tests/data/<file>`, header skipped, split at tabs.
pub fn rows(file: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    // Lines starting with `#` say where the numbers come from.
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(String::from).collect())
        .collect()
}

/// Plays `moves` from the start.
pub fn position(engine: &Engine, moves: &str) -> Position {
    rulebook::notation::play_sequence(engine, moves).unwrap_or_else(|e| panic!("`{moves}`: {e}"))
}

/// `ongoing`, `win <Player>` or `draw`, as in the status files.
pub fn status(engine: &Engine, pos: &Position) -> String {
    match engine.status(pos, &mut MoveBuf::new()) {
        Status::Ongoing => "ongoing".to_string(),
        Status::Over(Outcome::Draw) => "draw".to_string(),
        Status::Over(Outcome::Win(p)) => format!("win {}", engine.game().players[p.index()]),
    }
}

/// Checks every perft row of a vector file; returns the failures.
pub fn check_perft_file(game: &str, file: &str) {
    let mut failures = Vec::new();
    let rows = rows(file);
    assert!(!rows.is_empty(), "{file} has no rows");
    for row in &rows {
        let [options, moves, depth, count] = &row[..] else {
            panic!("{file}: a row needs 4 columns: {row:?}");
        };
        let engine = engine(game, options);
        let pos = position(&engine, moves);
        let depth: u32 = depth.parse().expect("depth is a number");
        let expected: u64 = count.parse().expect("count is a number");
        let got = engine.perft(&pos, depth);
        if got != expected {
            failures.push(format!(
                "[{options}] `{moves}` depth {depth}: expected {expected}, got {got}"
            ));
        }
    }
    assert_all_rows_agree(&failures, rows.len());
}

/// Checks every row of a perft file of the form `options position moves depth
/// count` (an empty position is the start).
pub fn check_perft_rows(game: &str, file: &str) {
    let mut failures = Vec::new();
    let rows = rows(file);
    assert!(!rows.is_empty(), "{file} has no rows");
    for row in &rows {
        let [options, position, moves, depth, count] = &row[..] else {
            panic!("{file}: a row needs 5 columns: {row:?}");
        };
        let engine = engine(game, options);
        let mut pos = if position.is_empty() {
            engine.start()
        } else {
            rulebook::position_text::read(&engine, position)
                .unwrap_or_else(|e| panic!("{file}: `{position}`: {e}"))
        };
        let mut buf = MoveBuf::new();
        for m in moves.split_whitespace() {
            let mv = rulebook::notation::parse(&engine, &pos, m, &mut buf)
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            engine.play_unchecked(&mut pos, mv.as_ref());
        }
        let depth: u32 = depth.parse().expect("depth is a number");
        let expected: u64 = count.parse().expect("count is a number");
        let got = engine.perft(&pos, depth);
        if got != expected {
            failures.push(format!(
                "[{options}] `{position}` `{moves}` depth {depth}: expected {expected}, got {got}"
            ));
        }
    }
    assert_all_rows_agree(&failures, rows.len());
}

/// Fails with every differing row listed.
fn assert_all_rows_agree(failures: &[String], rows: usize) {
    assert!(
        failures.is_empty(),
        "{} of {rows} rows differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Checks every status row of a vector file.
pub fn check_status_file(game: &str, file: &str) {
    let mut failures = Vec::new();
    let rows = rows(file);
    assert!(!rows.is_empty(), "{file} has no rows");
    for row in &rows {
        let [options, moves, expected] = &row[..] else {
            panic!("{file}: a row needs 3 columns: {row:?}");
        };
        let engine = engine(game, options);
        let pos = position(&engine, moves);
        let got = status(&engine, &pos);
        if got != *expected {
            failures.push(format!("[{options}] `{moves}`: expected {expected}, got {got}"));
        }
    }
    assert_all_rows_agree(&failures, rows.len());
}

/// The cell of a name.
pub fn cell(engine: &Engine, name: &str) -> CellId {
    let names = &engine.game().topology.cell_names;
    let i = names
        .iter()
        .position(|n| n == name)
        .unwrap_or_else(|| panic!("no cell `{name}`"));
    CellId(i as u16)
}

/// The player of a name.
pub fn player(engine: &Engine, name: &str) -> PlayerId {
    let i = engine
        .game()
        .players
        .iter()
        .position(|p| p == name)
        .expect("a player");
    PlayerId(i as u8)
}

/// The piece kind of a letter.
pub fn kind(engine: &Engine, letter: &str) -> PieceKind {
    let i = engine
        .game()
        .kinds
        .iter()
        .position(|k| k.letter == letter)
        .expect("a piece letter");
    PieceKind(i as u8)
}

/// `"White Q"`, `"Black P"`, or `""` for an empty cell.
pub fn at(engine: &Engine, pos: &Position, name: &str) -> String {
    match engine.piece_at(pos, cell(engine, name)) {
        None => String::new(),
        Some((p, k)) => format!(
            "{} {}",
            engine.game().players[p.index()],
            engine.game().kinds[k.index()].letter
        ),
    }
}

/// Each legal move of `pos`, as written, with what `board_of` reads of the
/// position it leads to: the engine's side of a comparison with a brute force.
pub fn moves_and_boards<B: Ord>(
    engine: &Engine,
    pos: &Position,
    buf: &mut MoveBuf,
    board_of: impl Fn(&Engine, &Position) -> B,
) -> std::collections::BTreeSet<(String, B)> {
    engine.legal_moves(pos, buf);
    (0..buf.moves.len())
        .map(|i| {
            let mut next = pos.clone();
            engine.play_chosen(&mut next, buf, i);
            (
                rulebook::notation::format(engine, buf.moves.get(i)),
                board_of(engine, &next),
            )
        })
        .collect()
}

/// The next number of a xorshift sequence (`rng` must not be 0): the
/// random choices of the tests' seeded games.
pub fn next_random(rng: &mut u64) -> u64 {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    *rng
}

/// The crate's folder, where the tests run the binary.
pub fn crate_dir() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `rulebook` binary with `args`, run in the crate's folder, without
/// colours or backtraces.
pub fn command(args: &[&str]) -> std::process::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_rulebook"));
    cmd.args(args)
        .current_dir(crate_dir())
        .env("NO_COLOR", "1")
        .env("RUST_BACKTRACE", "0");
    cmd
}

/// Runs the binary; checks it did not panic.
pub fn run(args: &[&str]) -> std::process::Output {
    let out = command(args).output().expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked"),
        "`rulebook {}` panicked:\n{stderr}",
        args.join(" ")
    );
    out
}

/// The program started with `args` (from the crate's folder) and pipes to
/// its standard input, output and error: an engine that a test speaks to.
pub struct Piped {
    pub child: std::process::Child,
    pub input: std::process::ChildStdin,
    pub output: std::io::BufReader<std::process::ChildStdout>,
}

impl Piped {
    /// Starts `rulebook ARGS…`.
    pub fn start(args: &[&str]) -> Piped {
        use std::process::{Command, Stdio};
        let mut child = Command::new(env!("CARGO_BIN_EXE_rulebook"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let input = child.stdin.take().expect("stdin");
        let output = std::io::BufReader::new(child.stdout.take().expect("stdout"));
        Piped { child, input, output }
    }

    /// Writes `line` and a line end.
    pub fn send(&mut self, line: &str) {
        use std::io::Write;
        writeln!(self.input, "{line}").expect("the program reads");
        self.input.flush().expect("the program reads");
    }

    /// The next line it writes, without its line end (it must not end first).
    pub fn read(&mut self) -> String {
        use std::io::BufRead;
        let mut line = String::new();
        let n = self.output.read_line(&mut line).expect("the program writes");
        assert!(n > 0, "the program ended early");
        line.trim_end().to_string()
    }
}

/// The `report` of `rulebook match ARGS… --format json`, which must succeed.
pub fn match_report(args: &[&str]) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .arg("match")
        .args(args)
        .args(["--format", "json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("match runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    report["report"].clone()
}
