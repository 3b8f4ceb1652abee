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

/// Whether `error` only says that standard output was closed by its reader.
pub fn reader_gone(error: &miette::Report) -> bool {
    matches!(error.downcast_ref::<CliError>(), Some(CliError::OutputClosed))
}
