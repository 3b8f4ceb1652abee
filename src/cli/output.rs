//! Writing to standard output and standard error without panicking: a
//! reader that went away (`rulebook moves … | head -1`) ends the command
//! quietly, as Unix tools do; any other failure to write is an error.

use std::fmt::Display;
use std::io::{self, BufWriter, Stdout, Write};

use super::load::CliError;
use rulebook::diag::printable::{printable, printable_keeping_colour};

/// Buffered standard output whose write errors come back as [`CliError`]s.
pub struct Out {
    w: BufWriter<Stdout>,
}

impl Out {
    /// Standard output.
    pub fn stdout() -> Out {
        Out {
            w: BufWriter::new(io::stdout()),
        }
    }

    /// Writes `text` and a line end, its control characters escaped.
    pub fn line(&mut self, text: impl Display) -> Result<(), CliError> {
        let text = text.to_string();
        writeln!(self.w, "{}", printable(&text)).map_err(CliError::from_output)
    }

    /// Writes `text` as it is (a whole file's text, which ends its own lines).
    pub fn text(&mut self, text: &str) -> Result<(), CliError> {
        self.w.write_all(text.as_bytes()).map_err(CliError::from_output)
    }

    /// Writes a report drawn by miette and a line end: its colours kept,
    /// any other control character escaped.
    pub fn report(&mut self, text: &str) -> Result<(), CliError> {
        writeln!(self.w, "{}", printable_keeping_colour(text)).map_err(CliError::from_output)
    }

    /// Flushes what is buffered; call before the command returns.
    pub fn finish(mut self) -> Result<(), CliError> {
        self.w.flush().map_err(CliError::from_output)
    }
}

/// Writes to standard error, ignoring failure (the library's writer, which
/// the web page uses too).
pub use rulebook::diag::render::to_stderr;

/// Refuses to start when standard output was closed (`>&-`). The standard
/// library opens `/dev/null` for read and write in place of a closed
/// standard stream, so every write would be taken as done and the command
/// would end in success having said nothing; a shell's `>/dev/null` opens it
/// for writing only, and stays allowed. (Known on Linux, by `/proc`.)
pub fn check_stdout_open() -> Result<(), CliError> {
    #[cfg(target_os = "linux")]
    {
        let target = std::fs::read_link("/proc/self/fd/1").ok();
        let info = std::fs::read_to_string("/proc/self/fdinfo/1").unwrap_or_default();
        let flags = info
            .lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok());
        // The access mode's two bits: 2 is read and write.
        let read_write = flags.is_some_and(|f| f & 3 == 2);
        if read_write && target.is_some_and(|t| t == std::path::Path::new("/dev/null")) {
            return Err(CliError::Output("standard output is closed".into()));
        }
    }
    Ok(())
}

/// Whether `error` only says that standard output was closed by its reader.
pub fn reader_gone(error: &miette::Report) -> bool {
    matches!(error.downcast_ref::<CliError>(), Some(CliError::OutputClosed))
}
