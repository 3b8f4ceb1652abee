//! Inputs that once crashed or starved the program, run against the binary:
//! each must end with an answer or a clear error, never an abort.

mod common;

use common::run;

/// A game in which each side always has exactly one move (perft 1 at any depth).
const ENDLESS: &str = "tests/fixtures/endless.rules";

#[test]
fn perft_and_diff_at_the_deepest_depth_they_take_answer() {
    // Counted on worker threads, whose stacks are smaller than the main one's.
    let perft = run(&["perft", ENDLESS, "--depth", "1000", "--jobs", "2"]);
    assert!(perft.status.success(), "{perft:?}");
    assert_eq!(String::from_utf8_lossy(&perft.stdout), "perft 1000 = 1\n");
    let diff = run(&[
        "diff", ENDLESS, ENDLESS, "--depth", "1000", "--games", "0", "--jobs", "1",
    ]);
    assert!(diff.status.success(), "{diff:?}");
    let out = String::from_utf8_lossy(&diff.stdout);
    assert!(out.contains("no difference up to depth 1000"), "{out}");
}

/// The cap on memory, in KiB of address space (2 GB).
const TWO_GB: u32 = 2_000_000;

/// `rulebook ARGS…` (from the crate's folder) under a cap of `kib` KiB of
/// address space.
fn capped(kib: u32, args: &[&str]) -> std::process::Command {
    let script = format!(
        "ulimit -v {kib}; exec \"{}\" \"$@\"",
        env!("CARGO_BIN_EXE_rulebook")
    );
    let mut command = std::process::Command::new("sh");
    command
        .args(["-c", &script, "rulebook"])
        .args(args)
        .current_dir(common::crate_dir())
        .env("RUST_BACKTRACE", "0");
    command
}

/// A folder of this test run holding `files` (name and text), removed when
/// dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str, files: &[(&str, &str)]) -> Scratch {
        let dir = std::env::temp_dir().join(format!("rulebook-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        for (file, text) in files {
            std::fs::write(dir.join(file), text).expect("written");
        }
        Scratch(dir)
    }

    /// The path of its file `file`.
    fn path(&self, file: &str) -> String {
        self.0.join(file).to_str().expect("a UTF-8 path").to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `rulebook ARGS…` under a 2 GB cap on its memory: whether it was still
/// running, neither finished nor aborted, after `seconds` (it is stopped
/// then), with what it wrote to standard error.
fn still_running_under_the_memory_cap(args: &[&str], seconds: u64) -> (bool, String) {
    let mut child = capped(TWO_GB, args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("sh starts");
    std::thread::sleep(std::time::Duration::from_secs(seconds));
    let running = child.try_wait().expect("a status").is_none();
    let _ = child.kill();
    let out = child.wait_with_output().expect("it ends");
    (running, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn huge_game_counts_are_played_in_bounded_memory() {
    let most = u64::MAX.to_string();
    for args in [
        vec!["playout", "games/tic-tac-toe.rules", "--n", &most],
        vec![
            "match",
            "games/tic-tac-toe.rules",
            "--players",
            "random,random",
            "--games",
            &most,
            "--swap",
        ],
    ] {
        let (running, stderr) = still_running_under_the_memory_cap(&args, 2);
        assert!(running, "`rulebook {}` ended early:\n{stderr}", args.join(" "));
    }
}

/// Sends a line of `len` bytes with no command in it, in pieces, then `tail`.
fn send_long_line(piped: &mut common::Piped, len: usize, tail: &str) {
    use std::io::Write;
    let piece = vec![b'x'; 1 << 16];
    for _ in 0..len / piece.len() {
        piped.input.write_all(&piece).expect("the program reads");
    }
    piped.send("");
    piped.send(tail);
}

#[test]
fn a_line_longer_than_a_peer_may_send_is_dropped_whole_with_an_error() {
    // 16 MiB: kept whole, it would read as one unknown command.
    let mut engine = common::Piped::start(&["engine", "games/tic-tac-toe.rules"]);
    send_long_line(&mut engine, 16 << 20, "isready");
    let error = engine.read();
    assert!(error.starts_with("error rules::engine::line_too_long"), "{error}");
    assert_eq!(engine.read(), "readyok");
    let mut gtp = common::Piped::start(&["engine", "games/go.rules", "--gtp"]);
    send_long_line(&mut gtp, 16 << 20, "name");
    assert!(gtp.read().starts_with("? a line of more than"));
    assert_eq!(gtp.read(), "");
    assert_eq!(gtp.read(), "= rulebook");
}

#[test]
fn gtp_stops_thinking_when_its_controller_quits_or_goes_away() {
    for end in ["quit", "(the end of its input)"] {
        // A search of a billion playouts: only the controller's going ends it.
        let mut gtp =
            common::Piped::start(&["engine", "games/go.rules", "--gtp", "--agent", "mcts:1000000000"]);
        gtp.send("genmove b");
        if end == "quit" {
            gtp.send("quit");
        }
        let common::Piped { mut child, input, .. } = gtp;
        drop(input);
        let mut waited = 0;
        while child.try_wait().expect("a status").is_none() {
            // A guard against a hang, not a measure of speed.
            assert!(waited < 600, "still thinking a minute after {end}");
            std::thread::sleep(std::time::Duration::from_millis(100));
            waited += 1;
        }
    }
}

#[test]
fn protocol_errors_show_control_characters_escaped() {
    let mut engine = common::Piped::start(&["engine", "games/tic-tac-toe.rules"]);
    engine.send("\u{1b}]0;title\u{7}\u{1b}[2J");
    let error = engine.read();
    assert!(
        error.starts_with("error rules::engine::unknown_command"),
        "{error}"
    );
    assert!(!error.chars().any(|c| c.is_control()), "{error:?}");
}

#[test]
fn an_engine_that_writes_a_line_without_end_loses_its_game_in_bounded_memory() {
    // The program answers anything with `x` for ever, on one line.
    let endless = "engine:\"sh tests/fixtures/endless-line.sh\",timeout=30";
    let players = format!("{endless},random");
    let out = capped(
        TWO_GB,
        &[
            "match",
            "games/tic-tac-toe.rules",
            "--games",
            "1",
            "--players",
            &players,
        ],
    )
    .output()
    .expect("sh starts");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("memory allocation"), "{stderr}");
    assert!(stderr.contains("wrote a line of more than"), "{stderr}");
}

#[test]
fn a_byte_order_mark_is_named_not_shown() {
    let text = std::fs::read_to_string(common::crate_dir().join("games/tic-tac-toe.rules")).expect("a game");
    let dir = Scratch::new("bom", &[("bom.rules", &format!("\u{feff}{text}"))]);
    let out = run(&["check", &dir.path("bom.rules")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("mark (U+FEFF)"), "{stderr}");
    assert!(stderr.contains("without a byte-order mark"), "{stderr}");
}

#[test]
fn a_closed_standard_output_is_an_error_and_a_reader_gone_is_quiet() {
    let bin = env!("CARGO_BIN_EXE_rulebook");
    let closed = std::process::Command::new("sh")
        .args(["-c", &format!("\"{bin}\" moves games/tic-tac-toe.rules >&-")])
        .current_dir(common::crate_dir())
        .output()
        .expect("sh runs");
    assert!(!closed.status.success());
    assert!(String::from_utf8_lossy(&closed.stderr).contains("standard output is closed"));
    let gone = std::process::Command::new("sh")
        .args([
            "-c",
            &format!(
                "\"{bin}\" playout games/chess.rules --n 50 --trace /dev/stdout | head -c 10 >/dev/null"
            ),
        ])
        .current_dir(common::crate_dir())
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&gone.stderr);
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn render_draws_moves_played_from_a_given_position_as_cli_md_says() {
    let start = run(&["position", "games/tic-tac-toe.rules", "--moves", "X@b2"]);
    let text = String::from_utf8_lossy(&start.stdout).trim().to_string();
    let out = run(&[
        "render",
        "games/tic-tac-toe.rules",
        "--position",
        &text,
        "--moves",
        "O@a1",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("<svg"));
}

#[test]
fn serving_a_path_that_does_not_exist_is_an_error() {
    // It offered "1 game" and served a page that could not open it.
    let out = run(&["serve", "/nonexistent", "--port", "0"]);
    assert!(!out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("rules::cli::unreadable_file") && stderr.contains("cannot read `/nonexistent`"),
        "{stderr}"
    );
}

#[test]
fn studies_that_keep_every_game_refuse_counts_beyond_their_limit() {
    let most = u64::MAX.to_string();
    for args in [
        vec!["analyze", "games/tic-tac-toe.rules", "--games", &most],
        vec![
            "analyze",
            "games/tic-tac-toe.rules",
            "--games",
            "1000000000000",
            "--shard",
            "1/1000",
        ],
        vec![
            "diff",
            "games/tic-tac-toe.rules",
            "games/tic-tac-toe.rules",
            "--games",
            &most,
        ],
    ] {
        let out = run(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            stderr.contains("rules::cli::too_many_games"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn one_slide_line_of_thousands_of_cells_compiles_in_bounded_memory() {
    // Each cell's lines were tabulated whole: memory grew with the square
    // of the line (4,096 cells: more than 2 GB).
    let dir = Scratch::new(
        "slide-line",
        &[(
            "slide-line.rules",
            "players A, B
board grid files a..a ranks 1..4096
directions orthogonal = n, s
piece Rook letter R { move slide: slide orthogonal onto empty or enemy }
setup { A: Rook at a1  B: Rook at a4096 }
end { no move: draw }
",
        )],
    );
    let path = dir.path("slide-line.rules");
    for args in [vec!["perft", &path, "--depth", "2"], vec!["render", &path]] {
        let out = capped(TWO_GB, &args).output().expect("sh runs");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        if args[0] == "perft" {
            // A to a(k), k = 2..4096; then B has 4,096 − k moves (none
            // after the capture on a4096): 4,094 + … + 1.
            let expected = 4094 * 4095 / 2;
            assert_eq!(
                String::from_utf8_lossy(&out.stdout).trim(),
                format!("perft 2 = {expected}")
            );
        }
    }
}

#[test]
fn a_record_of_a_million_moves_replays_in_bounded_memory() {
    // A session kept every position (about 500 bytes a move: 4 million moves
    // aborted at 2 GB); it keeps one per 64 moves now (about 200 bytes a
    // move with the record's own text). A million moves under a 500 MB cap.
    let rules = "players A, B
board grid files a..b ranks 1..2
directions ns = n, s
piece Rook letter R { move step: step ns onto empty }
setup { A: Rook at a1  B: Rook at b1 }
end { no move: draw }
";
    let dir = Scratch::new("long-record", &[("shuttle.rules", rules)]);
    let moves = "a1-a2 b1-b2 a2-a1 b2-b1\n".repeat(250_000);
    let record = format!(
        "rulebook record 1\nrules: {}\nmoves:\n{moves}",
        dir.path("shuttle.rules")
    );
    std::fs::write(dir.path("long.record"), record).expect("written");
    let out = capped(
        500_000,
        &[
            "moves",
            &dir.path("shuttle.rules"),
            "--record",
            &dir.path("long.record"),
        ],
    )
    .output()
    .expect("sh runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "a1-a2\nstatus: ongoing\n");
}

#[test]
fn explain_reads_a_text_of_thousands_of_actions_once() {
    // No move holds more actions than a turn may (8): longer runs of the
    // text are not tried one by one (which was quadratic in its length).
    let text = vec!["a1-a2"; 20_000].join(",");
    let out = run(&["explain", "games/tic-tac-toe.rules", &text]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    assert!(!out.stdout.is_empty() || !out.stderr.is_empty());
}
