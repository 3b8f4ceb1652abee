//! The engine's side of GTP (version 2), for go-like games: a controller
//! (GoGui, Sabaki, gogui-twogtp, a tournament script) plays the program's
//! agent through `rulebook engine FILE --gtp`.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};

use super::vertex::Vertices;
use super::{GtpUnfit, Reply, color_of, line_of};
use crate::ai::{Agent, AgentSpec, derive_seed};
use crate::engine::Status;
use crate::ir::{Outcome, PlayerId};
use crate::lines::{LineRead, MAX_LINE, read_line};
use crate::position_text;
use crate::protocol::Sink;
use crate::session::Session;

/// The commands this side knows, as `list_commands` answers them.
const COMMANDS: [&str; 14] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
];

/// A GTP engine about one game.
pub struct GtpServer {
    session: Session,
    vertices: Vertices,
    agent: Agent,
    out: Sink,
}

impl GtpServer {
    /// An engine at the start of `session`'s game playing `agent` (seeded
    /// with `seed`), answering into `out`; refused for a game GTP cannot
    /// speak of.
    pub fn new(session: Session, agent: &AgentSpec, seed: u64, out: Sink) -> Result<GtpServer, GtpUnfit> {
        let vertices = Vertices::of(session.engine()).map_err(|reason| GtpUnfit { reason })?;
        Ok(GtpServer {
            session,
            vertices,
            agent: Agent::new(agent, derive_seed(seed, 0)),
            out,
        })
    }

    /// Answers the commands of `input` until `quit`, its end, or the reader
    /// of the answers going away. The input is read on a thread of its own,
    /// so that a `genmove` under way stops as soon as `quit` or the end of
    /// the input comes (its controller has gone: nobody waits for the move).
    pub fn run(mut self, input: impl BufRead + Send + 'static) {
        let stop = Arc::new(AtomicBool::new(false));
        self.agent.stop_when(stop.clone());
        let lines = read_lines(input, stop);
        for read in lines {
            let Some(line) = (match read {
                Err(()) => {
                    let reply = Reply::fail(format!("a line of more than {MAX_LINE} bytes is not read"));
                    if !self.out.send(&reply.text(None)) {
                        return;
                    }
                    continue;
                }
                Ok(bytes) => line_of(&String::from_utf8_lossy(&bytes)),
            }) else {
                continue;
            };
            let (id, words) = line;
            let quit = words.first().is_some_and(|w| w == "quit");
            let reply = match words.split_first() {
                Some((name, args)) => self.answer(name, args),
                None => continue,
            };
            if !self.out.send(&reply.text(id.as_deref())) || quit {
                return;
            }
        }
    }

    /// The reply to command `name` with `args`.
    fn answer(&mut self, name: &str, args: &[String]) -> Reply {
        match (name, args) {
            ("protocol_version", []) => Reply::ok("2"),
            ("name", []) => Reply::ok("rulebook"),
            ("version", []) => Reply::ok(env!("CARGO_PKG_VERSION")),
            ("known_command", [command]) => Reply::ok(if COMMANDS.contains(&command.as_str()) {
                "true"
            } else {
                "false"
            }),
            ("list_commands", []) => Reply::ok(COMMANDS.join("\n")),
            ("quit", []) => Reply::ok(""),
            ("boardsize", [size]) => match size.parse::<usize>() {
                Ok(n) if n == self.vertices.size => {
                    self.session.restart();
                    Reply::ok("")
                }
                _ => Reply::fail("unacceptable size"),
            },
            ("clear_board", []) => {
                self.session.restart();
                Reply::ok("")
            }
            // The rules file's options give the komi, if its game has one.
            ("komi", [value]) if value.parse::<f64>().is_ok() => Reply::ok(""),
            ("play", [color, vertex]) => self.play(color, vertex),
            ("genmove", [color]) => self.genmove(color),
            ("undo", []) => match self.session.undo() {
                Some(_) => Reply::ok(""),
                None => Reply::fail("cannot undo"),
            },
            ("showboard", []) => Reply::ok(format!(
                "\n{}",
                position_text::write_readable(self.session.engine(), self.session.position())
            )),
            ("final_score", []) => self.final_score(),
            _ if COMMANDS.contains(&name) => Reply::fail("syntax error"),
            _ => Reply::fail("unknown command"),
        }
    }

    /// Whether `color` names the player to move, in a game not over.
    fn to_move(&self, color: &str) -> Result<(), Reply> {
        let Some(player) = color_of(color) else {
            return Err(Reply::fail("syntax error"));
        };
        if self.session.status() != Status::Ongoing {
            return Err(Reply::fail("illegal move: the game is over"));
        }
        if self.session.mover() != player {
            return Err(Reply::fail("illegal move: the other color is to move"));
        }
        Ok(())
    }

    fn play(&mut self, color: &str, vertex: &str) -> Reply {
        if let Err(reply) = self.to_move(color) {
            return reply;
        }
        let engine = self.session.engine();
        match self.vertices.read(engine, self.session.position(), vertex) {
            Ok(mv) => {
                self.session.push(mv);
                Reply::ok("")
            }
            Err(reason) => Reply::fail(format!("illegal move: {reason}")),
        }
    }

    fn genmove(&mut self, color: &str) -> Reply {
        if let Err(reply) = self.to_move(color) {
            return reply;
        }
        let engine = self.session.engine_arc();
        let pos = self.session.position().clone();
        let line = self.session.line();
        let chosen = self.agent.choose(&engine, &pos, &line, &|_| {});
        if let Some(e) = engine.take_exhausted() {
            return Reply::fail(format!("the move budget ran out: {}", e.limit));
        }
        let Some((mv, _)) = chosen else {
            return Reply::fail("no move");
        };
        match self.vertices.write(mv.as_ref()) {
            Some(vertex) => {
                self.session.push(mv);
                Reply::ok(vertex)
            }
            None => Reply::fail("the move chosen cannot be written in GTP"),
        }
    }

    /// The winner of a game over (`B+`, `W+`, `0` for a draw; the rules'
    /// margin is not GTP's, so none is given).
    fn final_score(&self) -> Reply {
        match self.session.status() {
            Status::Ongoing => Reply::fail("the game is not over"),
            Status::Over(Outcome::Draw) => Reply::ok("0"),
            Status::Over(Outcome::Win(PlayerId(0))) => Reply::ok("B+"),
            Status::Over(Outcome::Win(_)) => Reply::ok("W+"),
        }
    }
}

/// The lines of `input`, read on a thread of their own (a line too long to
/// keep is an `Err`); `stop` is set as soon as a `quit` line or the end of
/// the input is read, whatever is still waiting to be answered.
fn read_lines(
    mut input: impl BufRead + Send + 'static,
    stop: Arc<AtomicBool>,
) -> Receiver<Result<Vec<u8>, ()>> {
    let (send, receive) = mpsc::sync_channel(64);
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        loop {
            let line = match read_line(&mut input, &mut bytes, MAX_LINE) {
                Ok(LineRead::End) | Err(_) => break,
                Ok(LineRead::TooLong) => Err(()),
                Ok(LineRead::Line) => Ok(bytes.clone()),
            };
            if let Ok(text) = &line
                && line_of(&String::from_utf8_lossy(text)).is_some_and(|(_, words)| words[0] == "quit")
            {
                stop.store(true, Ordering::Relaxed);
            }
            if send.send(line).is_err() {
                return;
            }
        }
        stop.store(true, Ordering::Relaxed);
    });
    receive
}
