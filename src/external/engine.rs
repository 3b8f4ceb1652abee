//! Driving an engine that speaks the protocol in another process: started
//! with a command line, checked by its handshake, seeded, then asked for
//! its move in each position (`position start moves …`, `go`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use miette::Diagnostic;
use thiserror::Error;

use super::process::Process;
use crate::engine::{Engine, Move, MoveBuf, Position};
use crate::notation;
use crate::protocol::{NAME, VERSION, bestmove_of};

/// How long an engine may take to answer a line, unless its player says
/// otherwise (`timeout=SECONDS`).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// An engine's command line: `engine:"PROGRAM ARGS…"` in a list of players
/// (an argument with spaces in single quotes), or `gtp:"PROGRAM ARGS…"`
/// for an engine speaking GTP, then its options after commas:
/// `engine:"PROGRAM ARGS",timeout=SECONDS`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program and its arguments.
    pub words: Vec<String>,
    /// Whether it speaks GTP rather than this protocol.
    pub gtp: bool,
    /// How long it may take to answer any line ([`DEFAULT_TIMEOUT`]
    /// unless said): an engine silent for longer has failed.
    pub timeout: Duration,
}

impl EngineCommand {
    /// The engine `words`, with the default timeout.
    pub fn new(words: Vec<String>) -> EngineCommand {
        EngineCommand {
            words,
            gtp: false,
            timeout: DEFAULT_TIMEOUT,
        }
    }
}

/// A command line that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CommandError {
    /// Neither `engine:…` nor `gtp:…`.
    #[error(
        "an engine is written `engine:\"PROGRAM ARGS\"` (or `gtp:\"PROGRAM ARGS\"` for one that speaks GTP)"
    )]
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
        let text = text.trim();
        let (rest, gtp) = match (text.strip_prefix("engine:"), text.strip_prefix("gtp:")) {
            (Some(rest), _) => (rest, false),
            (None, Some(rest)) => (rest, true),
            (None, None) => return Err(CommandError::NotAnEngine),
        };
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
        command.gtp = gtp;
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
        let prefix = if self.gtp { "gtp" } else { "engine" };
        write!(f, "{prefix}:\"{}\"", words.join(" "))?;
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
    help(
        "run the engine by hand and type `protocol`, `position start`, `go` (for GTP: `protocol_version`, `genmove b`) to see what it answers"
    )
)]
pub struct EngineFailure {
    /// The engine, as named among the players.
    pub command: String,
    /// What went wrong.
    pub reason: String,
}

/// An engine running in another process that speaks this protocol.
pub struct EngineProcess {
    process: Process,
}

impl EngineProcess {
    /// Starts the engine, checks that it speaks this protocol's version,
    /// and gives it `seed`.
    pub fn start(command: &EngineCommand, seed: u64) -> Result<EngineProcess, EngineFailure> {
        let mut engine = EngineProcess {
            process: Process::start(command)?,
        };
        let hello = engine.ask("protocol")?;
        if hello != format!("protocol {NAME} {VERSION}") {
            return Err(engine.process.fail(format!(
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
        self.process.send("go")?;
        loop {
            let answer = self.process.read()?;
            if answer.starts_with("info") {
                continue;
            }
            if answer.starts_with("error") {
                return Err(self.process.fail(format!("answered `{answer}` to `go`")));
            }
            let Some(text) = bestmove_of(&answer) else {
                return Err(self
                    .process
                    .fail(format!("answered `{answer}` to `go`, not `bestmove MOVE`")));
            };
            return notation::parse(engine, pos, text, &mut MoveBuf::new()).map_err(|e| {
                self.process
                    .fail(format!("chose a move that cannot be played: {e}"))
            });
        }
    }

    /// Sends `command` and expects `ok`.
    fn expect_ok(&mut self, command: &str) -> Result<(), EngineFailure> {
        let answer = self.ask(command)?;
        if answer == "ok" {
            Ok(())
        } else {
            Err(self.process.fail(format!("answered `{answer}` to `{command}`")))
        }
    }

    /// Sends `command` and reads the line it answers.
    fn ask(&mut self, command: &str) -> Result<String, EngineFailure> {
        self.process.send(command)?;
        self.process.read()
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
        assert!(!plain.gtp);
        let gtp: EngineCommand = "gtp:\"gnugo --mode gtp\",timeout=9".parse().unwrap();
        assert!(gtp.gtp);
        assert_eq!(gtp.to_string(), "gtp:\"gnugo --mode gtp\",timeout=9");
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
