//! Driving an engine that speaks the protocol in another process: started
//! with a command line, checked by its handshake, seeded, then asked for
//! its move in each position (`position start moves …`, `go`).

use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use miette::Diagnostic;
use thiserror::Error;

use super::reply::bestmove_of;
use super::{NAME, VERSION};
use crate::engine::{Engine, Move, MoveBuf, Position};
use crate::notation;

/// How long an engine is given to end after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_secs(2);

/// How long an engine may take to answer a line, unless its player says
/// otherwise (`timeout=SECONDS`).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// An engine's command line: `engine:"PROGRAM ARGS…"` in a list of players
/// (an argument with spaces in single quotes), then its options after
/// commas: `engine:"PROGRAM ARGS",timeout=SECONDS`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program and its arguments.
    pub words: Vec<String>,
    /// How long it may take to answer any line ([`DEFAULT_TIMEOUT`]
    /// unless said): an engine silent for longer has failed.
    pub timeout: Duration,
}

impl EngineCommand {
    /// The engine `words`, with the default timeout.
    pub fn new(words: Vec<String>) -> EngineCommand {
        EngineCommand {
            words,
            timeout: DEFAULT_TIMEOUT,
        }
    }
}

/// A command line that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CommandError {
    /// Not `engine:…`.
    #[error("an engine is written `engine:\"PROGRAM ARGS\"`")]
    NotAnEngine,
    /// No program, or a quote left open.
    #[error("`{0}` is no command line (a program, then its arguments; quotes closed)")]
    Malformed(String),
    /// An option after the command line that is not `timeout=SECONDS`.
    #[error("`{0}` is no option of an engine: expected `timeout=SECONDS` (a number above 0)")]
    BadOption(String),
}

impl FromStr for EngineCommand {
    type Err = CommandError;

    fn from_str(text: &str) -> Result<EngineCommand, CommandError> {
        let rest = text
            .trim()
            .strip_prefix("engine:")
            .ok_or(CommandError::NotAnEngine)?;
        // `"PROGRAM ARGS",OPTIONS` (the options after the closing quote),
        // or a bare `PROGRAM`.
        let (inner, options) = match rest.strip_prefix('"') {
            Some(quoted) => match quoted.rfind('"') {
                Some(end) => (&quoted[..end], quoted[end + 1..].trim()),
                None => return Err(CommandError::Malformed(rest.to_string())),
            },
            None => (rest, ""),
        };
        let words = split_words(inner).ok_or_else(|| CommandError::Malformed(rest.to_string()))?;
        if words.is_empty() {
            return Err(CommandError::Malformed(rest.to_string()));
        }
        let mut command = EngineCommand::new(words);
        let options = match options.strip_prefix(',') {
            Some(list) => list.split(',').map(str::trim).collect(),
            None if options.is_empty() => Vec::new(),
            None => return Err(CommandError::Malformed(rest.to_string())),
        };
        for option in options {
            let seconds = option
                .strip_prefix("timeout=")
                .and_then(|s| s.parse::<f64>().ok())
                .filter(|s| s.is_finite() && *s > 0.0 && *s <= 1e9)
                .ok_or_else(|| CommandError::BadOption(option.to_string()))?;
            command.timeout = Duration::from_secs_f64(seconds);
        }
        Ok(command)
    }
}

impl fmt::Display for EngineCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self
            .words
            .iter()
            .map(|w| {
                if w.is_empty() || w.contains(char::is_whitespace) {
                    format!("'{w}'")
                } else {
                    w.clone()
                }
            })
            .collect();
        write!(f, "engine:\"{}\"", words.join(" "))?;
        if self.timeout != DEFAULT_TIMEOUT {
            write!(f, ",timeout={}", self.timeout.as_secs_f64())?;
        }
        Ok(())
    }
}

/// Words separated by spaces, a quoted part (`'…'` or `"…"`) kept whole;
/// `None` when a quote is left open.
fn split_words(text: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.get_or_insert_default().push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                word.get_or_insert_default();
            }
            None if c.is_whitespace() => words.extend(word.take()),
            None => word.get_or_insert_default().push(c),
        }
    }
    words.extend(word);
    quote.is_none().then_some(words)
}

/// An external engine that failed: it could not start, broke the protocol,
/// refused a command, ended, or answered a move that is not legal.
#[derive(Debug, Clone, PartialEq, Eq, Error, Diagnostic)]
#[error("the engine {command} {reason}")]
#[diagnostic(
    code(rules::cli::external_engine),
    help("run the engine by hand and type `protocol`, `position start`, `go` to see what it answers")
)]
pub struct EngineFailure {
    /// The engine, as named among the players.
    pub command: String,
    /// What went wrong.
    pub reason: String,
}

/// An engine running in another process.
pub struct EngineProcess {
    name: String,
    child: Child,
    input: Option<ChildStdin>,
    /// The engine's lines, read on a thread of their own (so that a silent
    /// engine can be given up on).
    output: Receiver<io::Result<String>>,
    timeout: Duration,
}

/// Reads `output` line by line on a thread, until it ends or the receiver
/// is gone.
fn read_lines(output: ChildStdout) -> Receiver<io::Result<String>> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut output = BufReader::new(output);
        loop {
            let mut line = String::new();
            let read = output.read_line(&mut line);
            let end = !matches!(read, Ok(n) if n > 0);
            if send.send(read.map(|_| line)).is_err() || end {
                return;
            }
        }
    });
    receive
}

impl EngineProcess {
    /// Starts the engine, checks that it speaks this protocol's version,
    /// and gives it `seed`.
    pub fn start(command: &EngineCommand, seed: u64) -> Result<EngineProcess, EngineFailure> {
        let name = command.to_string();
        let fail = |reason: String| EngineFailure {
            command: name.clone(),
            reason,
        };
        let (program, args) = command
            .words
            .split_first()
            .ok_or_else(|| fail("names no program".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| fail(format!("cannot be started: {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(fail("gave no standard input or output".into()));
        };
        let mut engine = EngineProcess {
            name,
            child,
            input: Some(input),
            output: read_lines(output),
            timeout: command.timeout,
        };
        let hello = engine.ask("protocol")?;
        if hello != format!("protocol {NAME} {VERSION}") {
            return Err(engine.fail(format!(
                "answered `{hello}` to `protocol`, not `protocol {NAME} {VERSION}`"
            )));
        }
        engine.expect_ok(&format!("setoption seed {seed}"))?;
        Ok(engine)
    }

    /// The engine's move at `pos`, reached from the start by `line`.
    pub fn choose(&mut self, engine: &Engine, pos: &Position, line: &[Move]) -> Result<Move, EngineFailure> {
        let mut command = "position start".to_string();
        if !line.is_empty() {
            command.push_str(" moves");
            for mv in line {
                command.push(' ');
                command.push_str(&notation::format(engine, mv.as_ref()));
            }
        }
        self.expect_ok(&command)?;
        self.send("go")?;
        loop {
            let answer = self.read()?;
            if answer.starts_with("info") {
                continue;
            }
            if answer.starts_with("error") {
                return Err(self.fail(format!("answered `{answer}` to `go`")));
            }
            let Some(text) = bestmove_of(&answer) else {
                return Err(self.fail(format!("answered `{answer}` to `go`, not `bestmove MOVE`")));
            };
            return notation::parse(engine, pos, text, &mut MoveBuf::new())
                .map_err(|e| self.fail(format!("chose a move that cannot be played: {e}")));
        }
    }

    /// Sends `command` and expects `ok`.
    fn expect_ok(&mut self, command: &str) -> Result<(), EngineFailure> {
        let answer = self.ask(command)?;
        if answer == "ok" {
            Ok(())
        } else {
            Err(self.fail(format!("answered `{answer}` to `{command}`")))
        }
    }

    /// Sends `command` and reads the line it answers.
    fn ask(&mut self, command: &str) -> Result<String, EngineFailure> {
        self.send(command)?;
        self.read()
    }

    fn send(&mut self, command: &str) -> Result<(), EngineFailure> {
        let sent = match self.input.as_mut() {
            Some(input) => writeln!(input, "{command}").and_then(|()| input.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        sent.map_err(|e| self.fail(format!("did not take `{command}`: {e}")))
    }

    fn read(&mut self) -> Result<String, EngineFailure> {
        match self.output.recv_timeout(self.timeout) {
            Ok(Ok(line)) if line.is_empty() => Err(self.fail("ended".into())),
            Ok(Ok(line)) => Ok(line.trim_end().to_string()),
            Ok(Err(e)) => Err(self.fail(format!("could not be read: {e}"))),
            Err(RecvTimeoutError::Timeout) => Err(self.fail(format!(
                "answered nothing for {} s (its timeout; `timeout=SECONDS` after its command line gives it longer)",
                self.timeout.as_secs_f64()
            ))),
            Err(RecvTimeoutError::Disconnected) => Err(self.fail("ended".into())),
        }
    }

    fn fail(&self, reason: String) -> EngineFailure {
        EngineFailure {
            command: self.name.clone(),
            reason,
        }
    }
}

impl Drop for EngineProcess {
    /// Says `quit`, closes the engine's input, and kills it if it has not
    /// ended after a grace period.
    fn drop(&mut self) {
        if let Some(mut input) = self.input.take() {
            let _ = writeln!(input, "quit").and_then(|()| input.flush());
        }
        let start = Instant::now();
        while start.elapsed() < QUIT_GRACE {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(text: &str) -> Vec<String> {
        text.parse::<EngineCommand>().expect("a command").words
    }

    #[test]
    fn command_lines_read_with_their_quotes_and_write_back() {
        assert_eq!(
            command("engine:\"rulebook engine games/x.rules --set size=7\""),
            ["rulebook", "engine", "games/x.rules", "--set", "size=7"]
        );
        assert_eq!(command("engine:prog"), ["prog"]);
        assert_eq!(command("engine:\"prog 'a b' c\""), ["prog", "a b", "c"]);
        let written = "engine:\"prog 'a b' c\""
            .parse::<EngineCommand>()
            .unwrap()
            .to_string();
        assert_eq!(written, "engine:\"prog 'a b' c\"");
        assert_eq!(command(&written), ["prog", "a b", "c"]);
        assert_eq!(
            "mcts:100".parse::<EngineCommand>(),
            Err(CommandError::NotAnEngine)
        );
        assert!(matches!(
            "engine:\"\"".parse::<EngineCommand>(),
            Err(CommandError::Malformed(_))
        ));
        assert!(matches!(
            "engine:\"a 'b\"".parse::<EngineCommand>(),
            Err(CommandError::Malformed(_))
        ));
    }

    #[test]
    fn a_timeout_follows_the_command_line_and_writes_back() {
        let cmd: EngineCommand = "engine:\"prog a,b\",timeout=2.5".parse().unwrap();
        assert_eq!(cmd.words, ["prog", "a,b"]);
        assert_eq!(cmd.timeout, Duration::from_millis(2500));
        assert_eq!(cmd.to_string(), "engine:\"prog a,b\",timeout=2.5");
        assert_eq!(cmd.to_string().parse::<EngineCommand>(), Ok(cmd));
        let plain: EngineCommand = "engine:\"prog\"".parse().unwrap();
        assert_eq!(plain.timeout, DEFAULT_TIMEOUT);
        for bad in ["timeout=0", "timeout=-1", "timeout=x", "speed=2", "timeout=inf"] {
            assert_eq!(
                format!("engine:\"prog\",{bad}").parse::<EngineCommand>(),
                Err(CommandError::BadOption(bad.into())),
                "{bad}"
            );
        }
        assert!(matches!(
            "engine:\"prog\"x".parse::<EngineCommand>(),
            Err(CommandError::Malformed(_))
        ));
    }

    #[test]
    fn a_silent_engine_fails_at_its_timeout() {
        let cmd: EngineCommand = "engine:\"sleep 30\",timeout=0.2".parse().unwrap();
        let e = EngineProcess::start(&cmd, 1).err().expect("a silent engine");
        assert!(e.reason.contains("answered nothing for 0.2 s"), "{e}");
    }

    #[test]
    fn a_program_that_cannot_start_fails_with_its_name() {
        let cmd = EngineCommand::new(vec!["/nonexistent/engine".into()]);
        let e = EngineProcess::start(&cmd, 1).err().expect("no such program");
        assert!(e.to_string().contains("cannot be started"), "{e}");
        assert!(e.command.contains("/nonexistent/engine"));
    }
}
