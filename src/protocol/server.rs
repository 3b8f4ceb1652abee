//! The engine's side of the protocol: a game session, the agent's options,
//! and the thinking thread, driven by lines read from the input.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use super::command::{Command, parse};
use super::error::ProtocolError;
use super::reply::status_line;
use super::sink::Sink;
use super::think::{Kept, Request, think};
use super::{NAME, VERSION};
use crate::ai::{AgentSpec, Budget, MctsConfig, derive_seed};
use crate::engine::Status;
use crate::lines::{LineRead, MAX_LINE, read_line};
use crate::position_text;
use crate::session::Session;

/// The agent of `go` until `setoption agent` names another: a thousand
/// playouts, the same on every machine.
pub const DEFAULT_AGENT: AgentSpec = AgentSpec::Mcts(MctsConfig::new(Budget::Playouts(1000)));

/// The most threads `setoption threads` takes.
pub const MAX_THREADS: usize = 256;

/// The prefix of a game option's name among the options (`game.size`).
const GAME_PREFIX: &str = "game.";

/// An engine speaking the protocol about one game.
pub struct Server {
    session: Session,
    agent: AgentSpec,
    seed: u64,
    threads: usize,
    out: Sink,
    thinking: Option<Thinking>,
    /// The search of the last `go`, for the next to go on with.
    kept: Option<Kept>,
}

/// A `go` being thought about on its own thread, which gives its search back.
struct Thinking {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Option<Kept>>,
}

impl Server {
    /// An engine at the start of `session`'s game, answering into `out`.
    pub fn new(session: Session, out: Sink) -> Server {
        Server {
            session,
            agent: DEFAULT_AGENT,
            seed: 1,
            threads: 1,
            out,
            thinking: None,
            kept: None,
        }
    }

    /// Sets the agent of `go` (before the first command: `rulebook engine --agent`).
    pub fn set_agent(&mut self, agent: AgentSpec) {
        self.agent = agent;
    }

    /// Answers the lines of `input` until `quit`, its end (after the
    /// thinking under way ends), or the reader of the answers going away.
    pub fn run(mut self, mut input: impl BufRead) {
        let mut bytes = Vec::new();
        loop {
            let read = read_line(&mut input, &mut bytes, MAX_LINE);
            if self.out.is_gone() {
                break;
            }
            let parsed = match read {
                Err(_) => break,
                Ok(LineRead::End) => {
                    self.wait();
                    return;
                }
                Ok(LineRead::TooLong) => Err(ProtocolError::LineTooLong(MAX_LINE)),
                Ok(LineRead::Line) => parse(&String::from_utf8_lossy(&bytes)),
            };
            let keep_going = match parsed {
                Ok(Some(command)) => self.answer(command),
                Ok(None) => true,
                Err(e) => self.out.send(&e.line()),
            };
            if !keep_going || self.out.is_gone() {
                break;
            }
        }
        if let Some(t) = &self.thinking {
            t.stop.store(true, Ordering::Relaxed);
        }
        self.wait();
    }

    /// Waits for the thinking under way to end, and keeps its search.
    fn wait(&mut self) {
        if let Some(t) = self.thinking.take() {
            self.kept = t.handle.join().ok().flatten();
        }
    }

    /// Does one command; `false` to end.
    fn answer(&mut self, command: Command) -> bool {
        match command {
            Command::Quit => return false,
            Command::Protocol => return self.out.send(&format!("protocol {NAME} {VERSION}")),
            Command::IsReady => return self.out.send("readyok"),
            Command::Stop => {
                if let Some(t) = &self.thinking {
                    t.stop.store(true, Ordering::Relaxed);
                }
                return true;
            }
            _ => {}
        }
        // Every other command waits for the thinking under way: its answer
        // follows the `bestmove`, in the order the commands came.
        self.wait();
        // A `go` reports the budget's exhaustion itself, in place of its `bestmove`.
        let thinks = matches!(command, Command::Go(_));
        let answer = self.act(command).and_then(|line| {
            if !thinks {
                self.exhausted()?;
            }
            Ok(line)
        });
        match answer {
            Ok(Some(line)) => self.out.send(&line),
            Ok(None) => true,
            Err(e) => self.out.send(&e.line()),
        }
    }

    /// Does a command that needs the engine idle; its answer, if it has one
    /// to give now.
    fn act(&mut self, command: Command) -> Result<Option<String>, ProtocolError> {
        let answer = match command {
            Command::Options => {
                for line in self.option_lines() {
                    self.out.send(&line);
                }
                "optionsok".to_string()
            }
            Command::SetOption { name, value } => {
                self.set_option(&name, &value)?;
                "ok".to_string()
            }
            Command::Position { text, moves } => {
                self.set_position(text.as_deref(), &moves)?;
                "ok".to_string()
            }
            Command::Legal => {
                let moves: Vec<String> = self.session.legal().into_iter().map(|(t, _)| t).collect();
                if moves.is_empty() {
                    "legal".to_string()
                } else {
                    format!("legal {}", moves.join(" "))
                }
            }
            Command::Play(text) => {
                self.ongoing()?;
                let full = self.session.play(&text).map_err(|e| ProtocolError::IllegalMove {
                    reason: e.to_string(),
                })?;
                format!("played {full}")
            }
            Command::Undo => {
                let (text, _) = self.session.undo().ok_or(ProtocolError::NothingToUndo)?;
                format!("undone {text}")
            }
            Command::Status => status_line(self.session.engine(), self.session.status()),
            Command::Mover => match self.session.status() {
                Status::Ongoing => format!("mover {}", self.player(self.session.mover().index())),
                Status::Over(_) => "mover none".to_string(),
            },
            Command::Players => format!("players {}", self.session.engine().game().players.join(" ")),
            Command::Show => format!(
                "position text {}",
                position_text::write_readable(self.session.engine(), self.session.position())
            ),
            Command::Go(budget) => {
                self.ongoing()?;
                let request = Request {
                    engine: self.session.engine_arc(),
                    pos: self.session.position().clone(),
                    line: self.session.line(),
                    agent: self.agent,
                    budget,
                    seed: derive_seed(self.seed, self.session.position().ply() as u64),
                    threads: self.threads,
                };
                self.start_thinking(request);
                return Ok(None);
            }
            Command::Quit | Command::Protocol | Command::IsReady | Command::Stop => return Ok(None),
        };
        Ok(Some(answer))
    }

    /// Starts a thread thinking about `request`, which writes its progress
    /// and its `bestmove`.
    fn start_thinking(&mut self, request: Request) {
        let stop = Arc::new(AtomicBool::new(false));
        let (out, thread_stop) = (self.out.clone(), stop.clone());
        let mut kept = self.kept.take();
        let work = move || {
            let progress = think(&request, &mut kept, &thread_stop, &|p| out.send(&p.info_line()));
            let line = match request.engine.take_exhausted() {
                Some(e) => ProtocolError::MoveBudget(e.limit.to_string()).line(),
                None => progress.bestmove_line(),
            };
            out.send(&line);
            kept
        };
        match std::thread::Builder::new().name("thinking".into()).spawn(work) {
            Ok(handle) => self.thinking = Some(Thinking { stop, handle }),
            Err(e) => {
                self.out.send(&ProtocolError::NoThread(e.to_string()).line());
            }
        }
    }

    /// `option NAME VALUE` for each option, the game's last.
    fn option_lines(&self) -> Vec<String> {
        let mut lines = vec![
            format!("option agent {}", self.agent),
            format!("option seed {}", self.seed),
            format!("option threads {}", self.threads),
        ];
        let engine = self.session.engine();
        for (info, value) in engine.game().options.iter().zip(engine.option_values()) {
            let value = match (info.is_bool, value) {
                (true, 0) => "false".to_string(),
                (true, _) => "true".to_string(),
                (false, v) => v.to_string(),
            };
            lines.push(format!("option {GAME_PREFIX}{} {value}", info.name));
        }
        lines
    }

    /// `setoption NAME VALUE`; a game option loads the rules again and
    /// starts from their start.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), ProtocolError> {
        // Any option starts the next search afresh.
        self.kept = None;
        let bad = |reason: String| ProtocolError::BadOption {
            name: name.to_string(),
            reason,
        };
        match name {
            "agent" => {
                self.agent = value
                    .parse()
                    .map_err(|e: crate::ai::SpecError| bad(e.to_string()))?
            }
            "seed" => {
                self.seed = value
                    .parse()
                    .map_err(|_| bad(format!("expected a whole number from 0, not `{value}`")))?
            }
            "threads" => {
                self.threads = match value.parse::<usize>() {
                    Ok(n) if (1..=MAX_THREADS).contains(&n) => n,
                    _ => return Err(bad(format!("expected 1 to {MAX_THREADS} threads, not `{value}`"))),
                }
            }
            _ => {
                let Some(option) = name.strip_prefix(GAME_PREFIX) else {
                    return Err(self.unknown_option(name));
                };
                if !self
                    .session
                    .engine()
                    .game()
                    .options
                    .iter()
                    .any(|o| o.name == option)
                {
                    return Err(self.unknown_option(name));
                }
                let mut sets: Vec<(String, String)> = self
                    .session
                    .sets()
                    .iter()
                    .filter(|(n, _)| n != option)
                    .cloned()
                    .collect();
                sets.push((option.to_string(), value.to_string()));
                let source = self.session.source().clone();
                self.session = Session::load(source, sets).map_err(|e| bad(e.to_string()))?;
            }
        }
        Ok(())
    }

    fn unknown_option(&self, name: &str) -> ProtocolError {
        let mut known = vec!["agent".to_string(), "seed".into(), "threads".into()];
        known.extend(
            self.session
                .engine()
                .game()
                .options
                .iter()
                .map(|o| format!("{GAME_PREFIX}{}", o.name)),
        );
        ProtocolError::UnknownOption {
            name: name.to_string(),
            known: known.join(", "),
        }
    }

    /// `position`: all or nothing (a bad move leaves the game as it was).
    fn set_position(&mut self, text: Option<&str>, moves: &[String]) -> Result<(), ProtocolError> {
        let mut next = self.session.clone();
        match text {
            Some(text) => next
                .set_start(text)
                .map_err(|e| ProtocolError::BadPosition(e.to_string()))?,
            None => next.restart(),
        }
        for (i, mv) in moves.iter().enumerate() {
            next.play(mv).map_err(|e| ProtocolError::IllegalMove {
                reason: format!("move {} of the position: {e}", i + 1),
            })?;
        }
        self.session = next;
        Ok(())
    }

    /// An error when the game is over.
    fn ongoing(&self) -> Result<(), ProtocolError> {
        match self.session.status() {
            Status::Ongoing => Ok(()),
            Status::Over(_) => Err(ProtocolError::GameOver),
        }
    }

    /// An error when a position's moves ran out of the engine's budget since last asked.
    fn exhausted(&self) -> Result<(), ProtocolError> {
        match self.session.engine().take_exhausted() {
            Some(e) => Err(ProtocolError::MoveBudget(e.limit.to_string())),
            None => Ok(()),
        }
    }

    fn player(&self, index: usize) -> &str {
        &self.session.engine().game().players[index]
    }
}
