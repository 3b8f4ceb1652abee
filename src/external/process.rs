//! A program in another process spoken to by lines: started from an
//! [`EngineCommand`], its answers read on a thread of their own so that a
//! silent program is given up on at its timeout, told `quit` and killed if
//! it lingers when dropped.

use std::io::{self, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::engine::{EngineCommand, EngineFailure};
use crate::lines::{LineRead, MAX_LINE, read_line_capped};

/// How long a program is given to end after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_secs(2);

/// A program running in another process.
pub(super) struct Process {
    name: String,
    child: Child,
    input: Option<ChildStdin>,
    /// The program's lines, read on a thread of their own.
    output: Receiver<io::Result<String>>,
    timeout: Duration,
}

impl Process {
    /// Starts `command`'s program with its arguments.
    pub(super) fn start(command: &EngineCommand) -> Result<Process, EngineFailure> {
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
        Ok(Process {
            name,
            child,
            input: Some(input),
            output: read_lines(output),
            timeout: command.timeout,
        })
    }

    /// Sends one line.
    pub(super) fn send(&mut self, command: &str) -> Result<(), EngineFailure> {
        let sent = match self.input.as_mut() {
            Some(input) => writeln!(input, "{command}").and_then(|()| input.flush()),
            None => Err(io::ErrorKind::BrokenPipe.into()),
        };
        sent.map_err(|e| self.fail(format!("did not take `{command}`: {e}")))
    }

    /// The next line the program writes (without its line end), waiting
    /// at most its timeout.
    pub(super) fn read(&mut self) -> Result<String, EngineFailure> {
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

    /// A failure of this program.
    pub(super) fn fail(&self, reason: String) -> EngineFailure {
        EngineFailure {
            command: self.name.clone(),
            reason,
        }
    }
}

/// Reads `output` line by line on a thread, until it ends or the receiver
/// is gone.
fn read_lines(output: ChildStdout) -> Receiver<io::Result<String>> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut output = BufReader::new(output);
        let mut bytes = Vec::new();
        loop {
            let read = match read_line_capped(&mut output, &mut bytes, MAX_LINE) {
                Ok(LineRead::Line) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
                Ok(LineRead::End) => Ok(String::new()),
                Ok(LineRead::TooLong) => Err(io::Error::other(format!(
                    "wrote a line of more than {MAX_LINE} bytes"
                ))),
                Err(e) => Err(e),
            };
            let end = !matches!(&read, Ok(line) if !line.is_empty());
            if send.send(read).is_err() || end {
                return;
            }
        }
    });
    receive
}

impl Drop for Process {
    /// Says `quit`, closes the program's input, and kills it if it has not
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
