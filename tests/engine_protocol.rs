//! The engine protocol end to end: `rulebook engine` spawned with pipes,
//! driven through whole games, bad lines, `stop`, a closed output, and as
//! the external engine of `rulebook match`.

mod common;

use std::io::{BufRead, Write};
use std::process::Command;

use common::Piped;

const BIN: &str = env!("CARGO_BIN_EXE_rulebook");

/// A running engine.
struct Engine(Piped);

impl Engine {
    fn start(args: &[&str]) -> Engine {
        Engine(Piped::start(&[&["engine"], args].concat()))
    }

    fn send(&mut self, line: &str) {
        self.0.send(line);
    }

    fn read(&mut self) -> String {
        self.0.read()
    }

    /// Sends a command that answers one line.
    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.read()
    }

    /// Sends a `go`: its `info` lines, then its `bestmove` line.
    fn go(&mut self, line: &str) -> (Vec<String>, String) {
        self.send(line);
        let mut infos = Vec::new();
        loop {
            let answer = self.read();
            if answer.starts_with("info ") {
                infos.push(answer);
            } else {
                return (infos, answer);
            }
        }
    }

    /// Says `quit` and expects a quiet, successful end.
    fn quit(mut self) {
        self.send("quit");
        let out = self.0.child.wait_with_output().expect("the engine ends");
        assert!(out.status.success(), "{}", out.status);
        assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    }
}

/// The standard error of a one-game match of tic-tac-toe between `players`,
/// which must fail.
fn failed_match(players: &str) -> String {
    let out = Command::new(BIN)
        .args([
            "match",
            "games/tic-tac-toe.rules",
            "--games",
            "1",
            "--players",
            players,
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("match runs");
    assert!(!out.status.success());
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The code of an `error CODE message` line.
fn code(line: &str) -> &str {
    assert!(line.starts_with("error "), "not an error: {line}");
    line.split(' ').nth(1).expect("a code")
}

#[test]
fn a_whole_game_is_played_over_the_protocol() {
    let mut e = Engine::start(&["games/connect-four.rules"]);
    assert_eq!(e.ask("protocol"), "protocol rulebook 1");
    assert_eq!(e.ask("isready"), "readyok");
    assert_eq!(e.ask("players"), "players Red Yellow");
    assert_eq!(e.ask("setoption agent mcts:200"), "ok");
    assert_eq!(e.ask("setoption seed 5"), "ok");
    assert_eq!(e.ask("position start"), "ok");
    let mut plies = 0;
    while e.ask("status") == "status ongoing" {
        let mover = e.ask("mover");
        assert!(mover == "mover Red" || mover == "mover Yellow", "{mover}");
        let legal = e.ask("legal");
        let moves: Vec<&str> = legal.strip_prefix("legal ").expect("moves").split(' ').collect();
        // Red thinks with its agent's budget, Yellow with `go playouts`.
        let go = if plies % 2 == 0 { "go" } else { "go playouts 50" };
        let (infos, best) = e.go(go);
        let words: Vec<&str> = best.split(' ').collect();
        assert_eq!(words[0], "bestmove", "{best}");
        assert!(moves.contains(&words[1]), "{best} is not among {legal}");
        assert!(words.contains(&"playouts") && words.contains(&"time"), "{best}");
        for info in &infos {
            assert!(info.starts_with("info playouts "), "{info}");
        }
        assert_eq!(
            e.ask(&format!("play {}", words[1])),
            format!("played {}", words[1])
        );
        plies += 1;
    }
    let status = e.ask("status");
    assert!(
        status == "status win Red returns 1 -1"
            || status == "status win Yellow returns -1 1"
            || status == "status draw returns 0 0",
        "{status}"
    );
    assert!(
        plies >= 7,
        "a game of connect four lasts 7 moves at least, not {plies}"
    );
    assert_eq!(e.ask("mover"), "mover none");
    assert_eq!(e.ask("legal"), "legal");
    assert_eq!(code(&e.ask("go")), "rules::engine::game_over");
    // The position reads back as it is written, and the game goes back a move.
    let shown = e.ask("show");
    assert!(shown.starts_with("position text "), "{shown}");
    assert_eq!(e.ask(&shown), "ok");
    assert_eq!(e.ask("show"), shown);
    assert_eq!(code(&e.ask("undo")), "rules::engine::nothing_to_undo");
    e.quit();
}

#[test]
fn the_first_lines_of_a_harness_are_answered() {
    let mut e = Engine::start(&["games/tic-tac-toe.rules", "--agent", "mcts:100"]);
    assert_eq!(e.ask("position start moves b2 a1"), "ok");
    let (_, best) = e.go("go playouts 300");
    assert!(best.starts_with("bestmove ") && best.contains(" win "), "{best}");
    let (_, best) = e.go("go time 50");
    assert!(best.starts_with("bestmove "), "{best}");
    assert_eq!(e.ask("undo"), "undone O@a1");
    assert_eq!(e.ask("setoption threads 2"), "ok");
    let options = e.ask("options");
    assert_eq!(options, "option agent mcts:100");
    assert_eq!(e.read(), "option seed 1");
    assert_eq!(e.read(), "option threads 2");
    assert_eq!(e.read(), "optionsok");
    e.quit();
}

#[test]
fn bad_lines_are_answered_with_an_error_and_the_engine_reads_on() {
    let mut e = Engine::start(&["games/hex.rules", "--set", "size=5"]);
    for (line, expected) in [
        ("fly", "rules::engine::unknown_command"),
        ("legal please", "rules::engine::arguments"),
        ("go playouts -3", "rules::engine::arguments"),
        ("go time 0", "rules::engine::arguments"),
        ("position", "rules::engine::arguments"),
        ("position text not a position", "rules::engine::bad_position"),
        ("position start moves a1 a1", "rules::engine::illegal_move"),
        ("play zz", "rules::engine::illegal_move"),
        ("setoption colour blue", "rules::engine::unknown_option"),
        ("setoption agent alphazero", "rules::engine::bad_option"),
        ("setoption threads 0", "rules::engine::bad_option"),
        ("setoption game.size 40", "rules::engine::bad_option"),
        ("undo", "rules::engine::nothing_to_undo"),
    ] {
        let answer = e.ask(line);
        assert_eq!(code(&answer), expected, "`{line}` → {answer}");
    }
    // A line that is not UTF-8 is a line like any other.
    e.0.input.write_all(b"pl\xffy\n").expect("the engine reads");
    assert_eq!(code(&e.read()), "rules::engine::unknown_command");
    // A failed `position` left the game where it was; a game option restarts it.
    assert_eq!(e.ask("play a1"), "played S@a1");
    assert_eq!(e.ask("setoption game.size 3"), "ok");
    assert_eq!(e.ask("legal").split(' ').count(), 1 + 9);
    e.quit();
}

#[test]
fn stop_ends_the_thinking_with_the_best_move_so_far() {
    let mut e = Engine::start(&["games/hex.rules"]);
    assert_eq!(e.ask("position start moves f6"), "ok");
    // A minute's budget: the test would hang for it if `stop` were not heard.
    e.send("go time 60000");
    let info = e.read();
    assert!(info.starts_with("info playouts "), "{info}");
    e.send("stop");
    e.send("isready");
    // `isready` is answered at once, before or after the `bestmove`.
    let mut best = String::new();
    let mut ready = false;
    while best.is_empty() || !ready {
        let line = e.read();
        if line == "readyok" {
            ready = true;
        } else if line.starts_with("bestmove ") {
            best = line;
        } else {
            assert!(line.starts_with("info "), "{line}");
        }
    }
    assert!(best.starts_with("bestmove S@"), "{best}");
    let legal = e.ask("legal");
    let mv = best.split(' ').nth(1).expect("a move");
    assert!(legal.split(' ').any(|m| m == mv), "{mv}");
    e.quit();
}

#[test]
fn the_end_of_the_input_waits_for_the_answer_and_a_closed_output_ends_quietly() {
    let mut e = Engine::start(&["games/tic-tac-toe.rules"]);
    e.send("position start");
    e.send("go playouts 100");
    let Piped { child, input, output } = e.0;
    drop(input);
    let answers: Vec<String> = output.lines().map(|l| l.expect("a line")).collect();
    assert_eq!(answers.first().map(String::as_str), Some("ok"));
    assert!(
        answers.last().is_some_and(|l| l.starts_with("bestmove ")),
        "{answers:?}"
    );
    let out = child.wait_with_output().expect("the engine ends");
    assert!(out.status.success());

    let mut e = Engine::start(&["games/tic-tac-toe.rules"]);
    let Piped {
        child,
        mut input,
        output,
    } = e.0;
    drop(output);
    // The answers go nowhere; the engine ends at its first answer, quietly.
    for _ in 0..3 {
        if writeln!(input, "legal").is_err() {
            break;
        }
    }
    drop(input);
    let out = child.wait_with_output().expect("the engine ends");
    assert!(out.status.success(), "{}", out.status);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    e = Engine::start(&["-"]);
    let out = e.0.child.wait_with_output().expect("refused");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("rules_from_stdin"));
}

#[test]
fn match_plays_the_engine_as_an_external_player() {
    let engine = format!("engine:\"{BIN} engine games/tic-tac-toe.rules --agent mcts:200\"");
    let players = format!("{engine},random");
    let report = common::match_report(&[
        "games/tic-tac-toe.rules",
        "--players",
        &players,
        "--games",
        "3",
        "--swap",
        "--jobs",
        "2",
    ]);
    let first = &report["agents"][0];
    assert_eq!(first["agent"], engine.as_str());
    assert_eq!(first["total"]["games"], 6);
    // Two hundred playouts a move do not lose tic-tac-toe to random moves.
    assert_eq!(first["total"]["losses"], 0, "{first}");

    let stderr = failed_match("engine:\"/nonexistent/engine\",random");
    assert!(
        stderr.contains("external_engine") && stderr.contains("cannot be started"),
        "{stderr}"
    );
}

#[test]
fn match_gives_up_on_a_silent_engine_at_its_timeout() {
    // `sleep` reads nothing and says nothing: the handshake times out, the
    // process is killed, and the match fails with the engine's error.
    let started = std::time::Instant::now();
    let stderr = failed_match("engine:\"sleep 60\",timeout=0.5,random");
    assert!(
        stderr.contains("external_engine") && stderr.contains("answered nothing for 0.5 s"),
        "{stderr}"
    );
    assert!(started.elapsed().as_secs() < 30, "the engine was not killed");

    let stderr = failed_match("engine:\"sleep 60\",timeout=soon,random");
    assert!(stderr.contains("timeout=SECONDS"), "{stderr}");
}
