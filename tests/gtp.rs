//! GTP end to end: `rulebook engine FILE --gtp` driven through a whole game
//! as a controller drives it, and `rulebook match` playing GTP engines
//! (ours, one that resigns, and GNU Go when it is installed).

mod common;

use std::process::{Command, Stdio};

use common::Piped;

const BIN: &str = env!("CARGO_BIN_EXE_rulebook");

/// Our engine speaking GTP.
struct Gtp(Piped);

impl Gtp {
    fn start(args: &[&str]) -> Gtp {
        Gtp(Piped::start(&[&["engine"], args, &["--gtp"]].concat()))
    }

    /// Sends `command`; its reply's first line (the marker and text), after
    /// checking that an empty line ends it.
    fn ask(&mut self, command: &str) -> String {
        self.0.send(command);
        let first = self.0.read();
        while !self.0.read().is_empty() {}
        first
    }
}

/// The first agent's `total` of a match of `file` with `sets` (each
/// `NAME=VALUE`), `games` games each way, between `players`.
fn first_agent_total(file: &str, sets: &[&str], games: u32, players: &str) -> serde_json::Value {
    let games = games.to_string();
    let mut args = vec![file, "--games", &games, "--swap", "--players", players];
    for set in sets {
        args.extend(["--set", set]);
    }
    common::match_report(&args)["agents"][0]["total"].clone()
}

#[test]
fn a_whole_game_is_played_over_gtp() {
    let mut gtp = Gtp::start(&["games/tic-tac-toe.rules", "--agent", "mcts:200"]);
    assert_eq!(gtp.ask("protocol_version"), "= 2");
    assert_eq!(gtp.ask("7 known_command genmove"), "=7 true");
    assert_eq!(gtp.ask("boardsize 3"), "=");
    assert_eq!(gtp.ask("boardsize 19"), "? unacceptable size");
    assert_eq!(gtp.ask("komi 6.5"), "=");
    assert!(gtp.ask("genmove w").starts_with("? illegal move"));
    let mut used: Vec<String> = Vec::new();
    let points = ["B2", "A1", "C3", "A3", "C1", "A2", "B1", "B3", "C2"];
    while gtp.ask("final_score").starts_with('?') {
        let mine = points
            .iter()
            .find(|p| !used.contains(&p.to_string()))
            .expect("a free point");
        assert_eq!(gtp.ask(&format!("play b {mine}")), "=");
        used.push(mine.to_string());
        if gtp.ask("final_score").starts_with('=') {
            break;
        }
        let reply = gtp.ask("genmove w");
        let theirs = reply.strip_prefix("= ").expect("a move").to_string();
        assert!(
            points.contains(&theirs.as_str()) && !used.contains(&theirs),
            "{reply}"
        );
        assert!(gtp.ask(&format!("play b {theirs}")).starts_with("? illegal move"));
        used.push(theirs);
    }
    // Two hundred playouts do not lose tic-tac-toe to these moves.
    let score = gtp.ask("final_score");
    assert!(score == "= W+" || score == "= 0", "{score}");
    assert_eq!(gtp.ask("undo"), "=");
    assert_eq!(gtp.ask("clear_board"), "=");
    assert_eq!(gtp.ask("final_score"), "? the game is not over");
    assert_eq!(gtp.ask("frobnicate"), "? unknown command");
    assert_eq!(gtp.ask("quit"), "=");
    assert!(gtp.0.child.wait().expect("it ends").success());
}

#[test]
fn a_game_gtp_cannot_speak_of_is_refused() {
    let out = Command::new(BIN)
        .args(["engine", "games/chess.rules", "--gtp"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("it runs");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("rules::cli::not_gtp"), "{stderr}");
}

#[test]
fn match_plays_gtp_engines_and_takes_resignations() {
    let ours = format!("gtp:\"{BIN} engine games/go.rules --set size=5 --gtp --agent mcts:200\"");
    let total = first_agent_total("games/go.rules", &["size=5"], 1, &format!("{ours},random"));
    assert_eq!(total["games"], 2, "{total}");

    // An engine that resigns every game loses every game.
    let quitter = "gtp:\"sh tests/fixtures/gtp-resigner.sh\",timeout=10";
    let total = first_agent_total("games/tic-tac-toe.rules", &[], 2, &format!("{quitter},random"));
    assert_eq!(total["games"], 4, "{total}");
    assert_eq!(total["losses"], 4, "{total}");
}

/// GNU Go (`gnugo`, a Debian package `.ci/run` installs) against our
/// default agent on 9×9 go, two games: every move each side makes is legal
/// for the other, and the games end.
#[test]
#[ignore = "needs GNU Go (gnugo); run by .ci/run"]
fn gnu_go_plays_our_go_through_gtp() {
    let gnugo = ["/usr/games/gnugo", "/usr/bin/gnugo"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .expect("GNU Go is installed");
    let players = format!("gtp:\"{gnugo} --mode gtp --level 1\",mcts:300");
    let total = first_agent_total("games/go.rules", &["size=9"], 1, &players);
    assert_eq!(total["games"], 2, "{total}");
}
